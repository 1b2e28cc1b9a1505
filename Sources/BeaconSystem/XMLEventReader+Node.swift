internal import CLibXML2
import Glibc

/// The current node's name, text and attributes, read from libxml2's node in place: a reader of a
/// large OpenStreetMap file asks for a few attributes of a million elements, and makes a `String`
/// only of what it keeps.
extension XMLEventReader {
    /// The element's name as written, with its prefix (`gx:Track`).
    package var name: String {
        guard let node = unsafe currentNode, let local = unsafe node.pointee.name else { return "" }
        let name = unsafe String(cString: local)
        guard let prefix = unsafe node.pointee.ns?.pointee.prefix else { return name }
        return unsafe String(cString: prefix) + ":" + name
    }

    /// The element's name without its prefix, and the prefix (`gx` of `gx:Track`): libxml2's, or
    /// for a prefix never declared (which libxml2 leaves in the name), what stands before the last
    /// colon.
    package var nameParts: (prefix: String?, local: String) {
        guard let node = unsafe currentNode, let local = unsafe node.pointee.name else {
            return (nil, "")
        }
        if let prefix = unsafe node.pointee.ns?.pointee.prefix {
            return unsafe (String(cString: prefix), String(cString: local))
        }
        let bytes = unsafe UnsafeBufferPointer(start: local, count: strlen(local))
        guard let colon = unsafe bytes.lastIndex(of: UInt8(ascii: ":")) else {
            return unsafe (nil, String(decoding: bytes, as: UTF8.self))
        }
        return unsafe (
            String(decoding: bytes[..<colon], as: UTF8.self),
            String(decoding: bytes[(colon + 1)...], as: UTF8.self)
        )
    }

    /// Whether the element's name, as written, is `literal` (`"node"`, `"gx:Track"`).
    package func isName(_ literal: StaticString) -> Bool {
        guard let node = unsafe currentNode else { return false }
        return unsafe XMLEventReader.matches(
            literal, prefix: node.pointee.ns?.pointee.prefix, local: node.pointee.name)
    }

    /// The text of a `.text` event (entities decoded, CDATA as it stands).
    package var text: String {
        unsafe withValue { unsafe String(decoding: $0, as: UTF8.self) } ?? ""
    }

    // MARK: Attributes

    /// The attribute `name` (as written, with any prefix), references decoded; nil when absent.
    package func attribute(_ name: StaticString) -> String? {
        unsafe withAttribute(name) { unsafe String(cString: $0) }
    }

    package func hasAttribute(_ name: StaticString) -> Bool {
        unsafe withAttribute(name) { _ in true } ?? false
    }

    /// Whether the attribute `name` is exactly `value`.
    package func attribute(_ name: StaticString, is value: StaticString) -> Bool {
        unsafe withAttribute(name) { unsafe XMLEventReader.spells(value, $0) } ?? false
    }

    /// The attribute `name` as a decimal number (`59.9143`, `-0.5`, `1e-3`); nil when absent or
    /// anything else.
    package func double(_ name: StaticString) -> Double? {
        unsafe withAttribute(name) { unsafe XMLNumbers.double($0) } ?? nil
    }

    /// The attribute `name` as a whole number that fits in 64 bits (OSM ids; JOSM's new objects are
    /// negative); nil when absent or anything else.
    package func int64(_ name: StaticString) -> Int64? {
        unsafe withAttribute(name) { unsafe XMLNumbers.int64($0) } ?? nil
    }

    // MARK: libxml2's node

    /// Runs `body` over the current node's value (a text's), in place; nil for a node without one.
    func withValue<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result? {
        guard let content = unsafe currentNode?.pointee.content else { return nil }
        return unsafe body(UnsafeBufferPointer(start: content, count: strlen(content)))
    }

    /// Runs `body` over the value (ending in NUL) of the current element's attribute `name`, in
    /// place when it is one text (always, unless an external DTD's undeclared entity left a
    /// reference in it, which is already an error); nil when the element has no such attribute.
    private func withAttribute<Result>(
        _ name: StaticString, _ body: (UnsafePointer<UInt8>) -> Result
    ) -> Result? {
        var attribute = unsafe currentNode?.pointee.properties
        while let found = unsafe attribute {
            if unsafe XMLEventReader.matches(
                name, prefix: found.pointee.ns?.pointee.prefix, local: found.pointee.name)
            {
                return unsafe XMLEventReader.withText(of: found.pointee.children, body)
            }
            unsafe attribute = unsafe found.pointee.next
        }
        return nil
    }

    /// The text of an attribute's children, ending in NUL.
    private static func withText<Result>(
        of children: UnsafeMutablePointer<xmlNode>?, _ body: (UnsafePointer<UInt8>) -> Result
    ) -> Result {
        if let first = unsafe children, unsafe first.pointee.next == nil,
            let content = unsafe first.pointee.content
        {
            return unsafe body(content)
        }
        var bytes: [UInt8] = []
        var child = unsafe children
        while let node = unsafe child {
            if let content = unsafe node.pointee.content {
                unsafe bytes.append(
                    contentsOf: UnsafeBufferPointer(start: content, count: strlen(content)))
            }
            unsafe child = unsafe node.pointee.next
        }
        bytes.append(0)
        return unsafe bytes.withUnsafeBufferPointer { unsafe body($0.baseAddress!) }
    }

    /// Whether `prefix:local` (or `local` without a prefix) spells `literal`. Byte by byte: names
    /// are short, and this runs for every attribute looked for on every element.
    private static func matches(
        _ literal: StaticString, prefix: UnsafePointer<xmlChar>?, local: UnsafePointer<xmlChar>?
    ) -> Bool {
        guard let local = unsafe local else { return false }
        guard let prefix = unsafe prefix else { return unsafe spells(literal, local) }
        // `prefix` then `:` then `local`.
        var index = 0
        let count = literal.utf8CodeUnitCount
        while unsafe prefix[index] != 0 {
            guard index < count, unsafe literal.utf8Start[index] == prefix[index] else {
                return false
            }
            index += 1
        }
        guard index < count, unsafe literal.utf8Start[index] == UInt8(ascii: ":") else {
            return false
        }
        index += 1
        var offset = 0
        while unsafe local[offset] != 0 {
            guard index < count, unsafe literal.utf8Start[index] == local[offset] else {
                return false
            }
            index += 1
            offset += 1
        }
        return index == count
    }

    /// Whether the bytes at `text`, up to its NUL, are `literal` (which holds no NUL).
    private static func spells(_ literal: StaticString, _ text: UnsafePointer<UInt8>) -> Bool {
        let count = literal.utf8CodeUnitCount
        for index in 0..<count where unsafe text[index] != literal.utf8Start[index] {
            return false
        }
        return unsafe text[count] == 0
    }

    /// The current element's start tag written out again (`<em class="x">`), its values escaped:
    /// what a description written as XHTML keeps of its markup.
    func startTag(selfClosing: Bool) -> [UInt8] {
        var tag = Array("<\(name)".utf8)
        var attribute = unsafe currentNode?.pointee.properties
        while let found = unsafe attribute {
            if let local = unsafe found.pointee.name {
                tag.append(UInt8(ascii: " "))
                if let prefix = unsafe found.pointee.ns?.pointee.prefix {
                    unsafe tag.append(
                        contentsOf: UnsafeBufferPointer(start: prefix, count: strlen(prefix)))
                    tag.append(UInt8(ascii: ":"))
                }
                unsafe tag.append(
                    contentsOf: UnsafeBufferPointer(start: local, count: strlen(local)))
                tag.append(contentsOf: "=\"".utf8)
                unsafe XMLEventReader.withText(of: found.pointee.children) { value in
                    var index = 0
                    while unsafe value[index] != 0 {
                        switch unsafe value[index] {
                        case UInt8(ascii: "&"): tag.append(contentsOf: "&amp;".utf8)
                        case UInt8(ascii: "<"): tag.append(contentsOf: "&lt;".utf8)
                        case UInt8(ascii: "\""): tag.append(contentsOf: "&quot;".utf8)
                        case let byte: tag.append(byte)
                        }
                        index += 1
                    }
                }
                tag.append(UInt8(ascii: "\""))
            }
            unsafe attribute = unsafe found.pointee.next
        }
        tag.append(contentsOf: (selfClosing ? "/>" : ">").utf8)
        return tag
    }
}
