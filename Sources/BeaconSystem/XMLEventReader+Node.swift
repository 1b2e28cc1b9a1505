internal import CLibXML2
import Glibc

/// The current node's name, text and attributes, read from libxml2's node in place: a reader of a
/// large OpenStreetMap file asks for a few attributes of a million elements, and makes a `String` only
/// of what it keeps.
extension XMLEventReader {
    /// The element's name as written, with its prefix (`gx:Track`).
    package var name: String {
        guard let node = unsafe currentNode, let local = unsafe node.pointee.name else { return "" }
        let name = unsafe String(cString: local)
        guard let prefix = unsafe node.pointee.ns?.pointee.prefix else { return name }
        return unsafe String(cString: prefix) + ":" + name
    }

    /// Whether the element's name, as written, is `literal` (`"node"`, `"gx:Track"`).
    package func isName(_ literal: StaticString) -> Bool {
        guard let node = unsafe currentNode else { return false }
        return unsafe XMLEventReader.matches(literal, prefix: node.pointee.ns?.pointee.prefix, local: node.pointee.name)
    }

    /// The text of a `.text` event (entities decoded, CDATA as it stands).
    package var text: String {
        unsafe withValue { unsafe String(decoding: $0, as: UTF8.self) } ?? ""
    }

    // MARK: Attributes

    /// The attribute `name` (as written, with any prefix), references decoded; nil when absent.
    package func attribute(_ name: StaticString) -> String? {
        unsafe withAttribute(name) { unsafe String(decoding: $0, as: UTF8.self) }
    }

    package func hasAttribute(_ name: StaticString) -> Bool {
        unsafe withAttribute(name) { _ in true } ?? false
    }

    /// Whether the attribute `name` is exactly `value`.
    package func attribute(_ name: StaticString, is value: StaticString) -> Bool {
        unsafe withAttribute(name) { bytes in
            unsafe bytes.count == value.utf8CodeUnitCount
                && (bytes.isEmpty || memcmp(bytes.baseAddress!, value.utf8Start, bytes.count) == 0)
        } ?? false
    }

    /// The attribute `name` as a decimal number (`59.9143`, `-0.5`, `1e-3`); nil when absent or anything else.
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

    /// Runs `body` over the value of the current element's attribute `name`, in place when it is one
    /// text (always, unless an external DTD's undeclared entity left a reference in it, which is already
    /// an error); nil when the element has no such attribute.
    private func withAttribute<Result>(
        _ name: StaticString, _ body: (UnsafeBufferPointer<UInt8>) -> Result
    ) -> Result? {
        var attribute = unsafe currentNode?.pointee.properties
        while let found = unsafe attribute {
            if unsafe XMLEventReader.matches(name, prefix: found.pointee.ns?.pointee.prefix, local: found.pointee.name)
            {
                return unsafe XMLEventReader.withText(of: found.pointee.children, body)
            }
            unsafe attribute = unsafe found.pointee.next
        }
        return nil
    }

    private static func withText<Result>(
        of children: UnsafeMutablePointer<xmlNode>?, _ body: (UnsafeBufferPointer<UInt8>) -> Result
    ) -> Result {
        guard let first = unsafe children else { return unsafe body(UnsafeBufferPointer(start: nil, count: 0)) }
        if unsafe first.pointee.next == nil, let content = unsafe first.pointee.content {
            return unsafe body(UnsafeBufferPointer(start: content, count: strlen(content)))
        }
        var bytes: [UInt8] = []
        var child = unsafe children
        while let node = unsafe child {
            if let content = unsafe node.pointee.content {
                unsafe bytes.append(contentsOf: UnsafeBufferPointer(start: content, count: strlen(content)))
            }
            unsafe child = unsafe node.pointee.next
        }
        return unsafe bytes.withUnsafeBufferPointer { unsafe body($0) }
    }

    /// Whether `prefix:local` (or `local` without a prefix) spells `literal`.
    private static func matches(
        _ literal: StaticString, prefix: UnsafePointer<xmlChar>?, local: UnsafePointer<xmlChar>?
    ) -> Bool {
        guard let local = unsafe local else { return false }
        let wanted = unsafe UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount)
        var rest = unsafe wanted[...]
        if let prefix = unsafe prefix {
            let length = unsafe strlen(prefix)
            guard unsafe rest.count > length, unsafe rest[rest.startIndex + length] == UInt8(ascii: ":"),
                unsafe memcmp(prefix, wanted.baseAddress!, length) == 0
            else { return false }
            unsafe rest = unsafe rest.dropFirst(length + 1)
        }
        let length = unsafe strlen(local)
        return unsafe rest.count == length
            && (length == 0 || memcmp(local, wanted.baseAddress! + rest.startIndex, length) == 0)
    }

    /// The current element's start tag written out again (`<em class="x">`), its values escaped: what a
    /// description written as XHTML keeps of its markup.
    func startTag(selfClosing: Bool) -> [UInt8] {
        var tag = Array("<\(name)".utf8)
        var attribute = unsafe currentNode?.pointee.properties
        while let found = unsafe attribute {
            if let local = unsafe found.pointee.name {
                tag.append(UInt8(ascii: " "))
                if let prefix = unsafe found.pointee.ns?.pointee.prefix {
                    unsafe tag.append(contentsOf: UnsafeBufferPointer(start: prefix, count: strlen(prefix)))
                    tag.append(UInt8(ascii: ":"))
                }
                unsafe tag.append(contentsOf: UnsafeBufferPointer(start: local, count: strlen(local)))
                tag.append(contentsOf: "=\"".utf8)
                unsafe XMLEventReader.withText(of: found.pointee.children) { value in
                    for index in 0..<value.count {
                        let byte = unsafe value[index]
                        switch byte {
                        case UInt8(ascii: "&"): tag.append(contentsOf: "&amp;".utf8)
                        case UInt8(ascii: "<"): tag.append(contentsOf: "&lt;".utf8)
                        case UInt8(ascii: "\""): tag.append(contentsOf: "&quot;".utf8)
                        default: tag.append(byte)
                        }
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
