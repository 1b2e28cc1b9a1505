internal import CLibXML2

/// The sanitiser's only contact with libxml2: parse a fragment, lend out the
/// tree, free it. Nothing else in BeaconCore needs to know libxml2's types.
enum LibXML2HTML {
    typealias Node = UnsafeMutablePointer<xmlNode>

    /// `xmlInitParser` must run once before threads parse concurrently (its
    /// lazy call inside the parser is not thread-safe in 2.9). A `static let`
    /// initialiser runs exactly once, guarded by the runtime.
    /// `xmlCleanupParser` is never called: other threads may still be parsing.
    private static let parserInitialized: Bool = {
        xmlInitParser()
        return true
    }()

    /// Quiet parsing of untrusted input: no network, no implied DTD, no error
    /// or warning callbacks (`HTML_PARSE_NOIMPLIED` is left out on purpose: it
    /// nests sibling paragraphs).
    private static let options = Int32(
        bitPattern:
            HTML_PARSE_NONET.rawValue | HTML_PARSE_NOERROR.rawValue | HTML_PARSE_NOWARNING.rawValue
            | HTML_PARSE_NODEFDTD.rawValue)

    /// Parses `fragment` (which must hold no NUL: libxml2 drops everything after
    /// one) and calls `body` with the document's first top-level node; the tree
    /// is freed when `body` returns, so no node may escape it.
    ///
    /// The fragment is put in a `<div>`, otherwise leading text gets an implied
    /// `<p>`. The div is left open (libxml2 closes it at the end): a closing
    /// `</div>` would end up inside an unterminated attribute value or tag of
    /// the input. The caller walks the whole document, not just that div:
    /// input such as `</div>`, `</body>` or `</html>` ends the wrapper early and
    /// libxml2 puts the rest beside it (even in a second `html` element).
    static func withParsedFragment<Result>(_ fragment: String, _ body: (Node?) -> Result) -> Result {
        _ = parserInitialized
        var source: [UInt8] = []
        source.reserveCapacity(fragment.utf8.count + 5)
        source.append(contentsOf: "<div>".utf8)
        source.append(contentsOf: fragment.utf8)

        let document = withErrorsSilenced {
            source.withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) { chars in
                    htmlReadMemory(chars.baseAddress, Int32(chars.count), nil, "UTF-8", options)
                }
            }
        }
        guard let document else { return body(nil) }
        defer { xmlFreeDoc(document) }
        return body(document.pointee.children)
    }

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
        let savedHandler = __xmlStructuredError().pointee
        let savedContext = __xmlStructuredErrorContext().pointee
        xmlSetStructuredErrorFunc(nil) { _, _ in }
        defer { xmlSetStructuredErrorFunc(savedContext, savedHandler) }
        return work()
    }

    /// libxml2 builds no tree deeper than 256 elements: at that depth it
    /// stops parsing. A tree this deep means the input was cut off there.
    static let depthLimit = 250

    /// The deepest nesting among `first` and its following siblings (1 for a flat list).
    static func depth(from first: Node?) -> Int {
        var deepest = 0
        var stack: [(Node, Int)] = []
        var sibling = first
        while let node = sibling {
            stack.append((node, 1))
            sibling = node.pointee.next
        }
        while let (node, level) = stack.popLast() {
            deepest = max(deepest, level)
            var child = node.pointee.children
            while let next = child {
                stack.append((next, level + 1))
                child = next.pointee.next
            }
        }
        return deepest
    }

    // MARK: - Reading nodes

    enum Kind {
        case element(name: String)
        case text(String)
        /// Comments, processing instructions, CDATA (libxml2 keeps script
        /// bodies as CDATA), DTD nodes and anything else: never output.
        case ignored
    }

    static func kind(of node: Node) -> Kind {
        switch node.pointee.type {
        case XML_ELEMENT_NODE:
            guard let name = node.pointee.name else { return .ignored }
            return .element(name: lowercasedASCII(name))
        case XML_TEXT_NODE:
            guard let content = node.pointee.content else { return .ignored }
            return .text(String(cString: content))
        default:
            return .ignored
        }
    }

    /// The children of `node`, first to last.
    static func children(of node: Node) -> Siblings { Siblings(first: node.pointee.children) }

    /// The value of attribute `name` (entities decoded), nil when absent.
    static func attribute(_ name: String, of node: Node) -> String? {
        guard let value = xmlGetProp(node, name) else { return nil }
        defer { clibxml2_free(value) }
        return String(cString: value)
    }

    /// libxml2 lower-cases HTML element names already; this makes sure, in
    /// ASCII only, so that no Unicode case mapping can turn a name into another.
    private static func lowercasedASCII(_ name: UnsafePointer<xmlChar>) -> String {
        var bytes: [UInt8] = []
        var cursor = name
        while cursor.pointee != 0 {
            let byte = cursor.pointee
            bytes.append(byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte)
            cursor += 1
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A node and the siblings after it, as a `Sequence`.
    struct Siblings: Sequence, IteratorProtocol {
        private var upcoming: Node?

        init(first: Node?) { upcoming = first }

        mutating func next() -> Node? {
            guard let node = upcoming else { return nil }
            upcoming = node.pointee.next
            return node
        }
    }
}
