internal import CLibXML2

/// One node of a parsed HTML fragment, as plain values: libxml2's tree is copied
/// out and freed before anyone reads it, so no pointer into it can outlive it.
package struct HTMLNode: Sendable {
    package enum Kind: Sendable, Equatable {
        case element(name: String)
        case text(String)
        /// Comments, processing instructions, CDATA (libxml2 keeps script
        /// bodies as CDATA), DTD nodes and anything else: never output.
        case ignored
    }

    package var kind: Kind
    /// Empty for text and ignored nodes.
    package var children: [HTMLNode]
    /// The attributes the parse was asked to keep (entities decoded).
    package var attributes: [String: String]
}

/// A fragment as libxml2's HTML parser reads it: its top-level nodes and how deep they nest.
package struct ParsedHTMLFragment: Sendable {
    package var nodes: [HTMLNode]
    /// The deepest nesting (1 for a flat list); at `HTMLFragmentParser.depthLimit` the input was
    /// cut off.
    package var depth: Int
}

/// libxml2's HTML parser: parse a fragment, copy the tree out, free it.
package enum HTMLFragmentParser {
    /// libxml2 builds no tree deeper than 256 elements: at that depth it
    /// stops parsing. A tree this deep means the input was cut off there.
    package static let depthLimit = 250

    /// Parses `fragment` (which must hold no NUL: libxml2 drops everything after one),
    /// keeping the attributes named in `attributes` of each element.
    ///
    /// The fragment is put in a `<div>`, otherwise leading text gets an implied
    /// `<p>`. The div is left open (libxml2 closes it at the end): a closing
    /// `</div>` would end up inside an unterminated attribute value or tag of
    /// the input. The caller walks the whole document, not just that div:
    /// input such as `</div>`, `</body>` or `</html>` ends the wrapper early and
    /// libxml2 puts the rest beside it (even in a second `html` element).
    package static func parse(_ fragment: String, keepingAttributes attributes: Set<String>)
        -> ParsedHTMLFragment
    {
        _ = LibXML2.initialized
        var source: [UInt8] = []
        source.reserveCapacity(fragment.utf8.count + 5)
        source.append(contentsOf: "<div>".utf8)
        source.append(contentsOf: fragment.utf8)

        let document = unsafe withErrorsSilenced {
            unsafe source.withUnsafeBufferPointer { buffer in
                unsafe buffer.withMemoryRebound(to: CChar.self) { chars in
                    unsafe htmlReadMemory(
                        chars.baseAddress, Int32(chars.count), nil, "UTF-8", options)
                }
            }
        }
        guard let document = unsafe document else { return ParsedHTMLFragment(nodes: [], depth: 0) }
        defer { unsafe xmlFreeDoc(document) }
        let first = unsafe document.pointee.children
        return unsafe ParsedHTMLFragment(
            nodes: copy(siblingsFrom: first, attributes), depth: depth(from: first))
    }

    private typealias Node = UnsafeMutablePointer<xmlNode>

    /// Quiet parsing of untrusted input: no network, no implied DTD, no error
    /// or warning callbacks (`HTML_PARSE_NOIMPLIED` is left out on purpose: it
    /// nests sibling paragraphs).
    private static let options = Int32(
        bitPattern:
            HTML_PARSE_NONET.rawValue | HTML_PARSE_NOERROR.rawValue | HTML_PARSE_NOWARNING.rawValue
            | HTML_PARSE_NODEFDTD.rawValue)

    /// Runs `work` with libxml2's structured error handler set to one that
    /// ignores everything, then puts back whatever handler was there.
    ///
    /// `HTML_PARSE_NOERROR` silences the parser's own reports, but a few
    /// errors raised without a parser context (encoding, memory) would still go
    /// to the generic handler, which prints on stderr. The handler is
    /// thread-local in libxml2 2.9 built with threads (as Debian's is), and
    /// `work` is synchronous, so concurrent sanitising on other threads, or a
    /// test collecting errors on this one, is not disturbed.
    private static func withErrorsSilenced<Result>(_ work: () -> Result) -> Result {
        let savedHandler = unsafe __xmlStructuredError().pointee
        let savedContext = unsafe __xmlStructuredErrorContext().pointee
        unsafe xmlSetStructuredErrorFunc(nil) { _, _ in }
        defer { unsafe xmlSetStructuredErrorFunc(savedContext, savedHandler) }
        return work()
    }

    /// `first` and its following siblings, copied with their subtrees (libxml2 nests at most 256
    /// deep).
    private static func copy(siblingsFrom first: Node?, _ attributes: Set<String>) -> [HTMLNode] {
        var nodes: [HTMLNode] = []
        var sibling = unsafe first
        while let node = unsafe sibling {
            let kind = unsafe kind(of: node)
            var children: [HTMLNode] = []
            var kept: [String: String] = [:]
            if case .element = kind {
                children = unsafe copy(siblingsFrom: node.pointee.children, attributes)
                for name in attributes {
                    if let value = unsafe attribute(name, of: node) { kept[name] = value }
                }
            }
            nodes.append(HTMLNode(kind: kind, children: children, attributes: kept))
            unsafe sibling = node.pointee.next
        }
        return nodes
    }

    /// The deepest nesting among `first` and its following siblings (1 for a flat list).
    private static func depth(from first: Node?) -> Int {
        var deepest = 0
        var stack: [(Node, Int)] = unsafe []
        var sibling = unsafe first
        while let node = unsafe sibling {
            unsafe stack.append((node, 1))
            unsafe sibling = node.pointee.next
        }
        while let (node, level) = unsafe stack.popLast() {
            deepest = max(deepest, level)
            var child = unsafe node.pointee.children
            while let next = unsafe child {
                unsafe stack.append((next, level + 1))
                unsafe child = next.pointee.next
            }
        }
        return deepest
    }

    private static func kind(of node: Node) -> HTMLNode.Kind {
        switch unsafe node.pointee.type {
        case XML_ELEMENT_NODE:
            guard let name = unsafe node.pointee.name else { return .ignored }
            return unsafe .element(name: lowercasedASCII(name))
        case XML_TEXT_NODE:
            guard let content = unsafe node.pointee.content else { return .ignored }
            return unsafe .text(String(cString: content))
        default:
            return .ignored
        }
    }

    /// The value of attribute `name` (entities decoded), nil when absent.
    private static func attribute(_ name: String, of node: Node) -> String? {
        guard let value = unsafe xmlGetProp(node, name) else { return nil }
        defer { unsafe clibxml2_free(value) }
        return unsafe String(cString: value)
    }

    /// libxml2 lower-cases HTML element names already; this makes sure, in
    /// ASCII only, so that no Unicode case mapping can turn a name into another.
    private static func lowercasedASCII(_ name: UnsafePointer<xmlChar>) -> String {
        var bytes: [UInt8] = []
        var cursor = unsafe name
        while unsafe cursor.pointee != 0 {
            let byte = unsafe cursor.pointee
            bytes.append(byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte)
            unsafe cursor += 1
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
