/// Writes `JSONValue`s: pretty (two-space indent, for files people read and
/// diff) or compact (for pages). Non-ASCII is written as is (UTF-8); with
/// `escapeForHTML`, `<`, `>`, `&` and U+2028/9 are escaped so the text can sit
/// inside a `<script type="application/json">` block.
public struct JSONWriter: Sendable {
    public var pretty: Bool
    public var escapeForHTML: Bool

    public init(pretty: Bool = true, escapeForHTML: Bool = false) {
        self.pretty = pretty
        self.escapeForHTML = escapeForHTML
    }

    public func string(_ value: JSONValue) -> String {
        var bytes: [UInt8] = []
        write(value, into: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    public func write(_ value: JSONValue, into out: inout [UInt8]) {
        write(value, indent: 0, into: &out)
        if pretty { out.append(0x0A) }
    }

    private func newline(_ indent: Int, _ out: inout [UInt8]) {
        guard pretty else { return }
        out.append(0x0A)
        out.append(contentsOf: repeatElement(0x20, count: indent * 2))
    }

    private func write(_ value: JSONValue, indent: Int, into out: inout [UInt8]) {
        switch value {
        case .null: out.append(contentsOf: "null".utf8)
        case .bool(let b): out.append(contentsOf: (b ? "true" : "false").utf8)
        case .number(let n): JSONWriter.appendNumber(n, to: &out)
        case .string(let s): appendString(s, to: &out)
        case .array(let items):
            if items.isEmpty { out.append(contentsOf: "[]".utf8); return }
            out.append(UInt8(ascii: "["))
            for (i, item) in items.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                newline(indent + 1, &out)
                write(item, indent: indent + 1, into: &out)
            }
            newline(indent, &out)
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            if members.isEmpty { out.append(contentsOf: "{}".utf8); return }
            out.append(UInt8(ascii: "{"))
            for (i, member) in members.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                newline(indent + 1, &out)
                appendString(member.key, to: &out)
                out.append(UInt8(ascii: ":"))
                if pretty { out.append(0x20) }
                write(member.value, indent: indent + 1, into: &out)
            }
            newline(indent, &out)
            out.append(UInt8(ascii: "}"))
        }
    }

    public static func appendNumber(_ n: Double, to out: inout [UInt8]) {
        guard n.isFinite else { out.append(contentsOf: "null".utf8); return }
        out.append(contentsOf: JSONValue.format(number: n).utf8)
    }

    public func appendString(_ s: String, to out: inout [UInt8]) {
        JSONWriter.appendString(s, escapeForHTML: escapeForHTML, to: &out)
    }

    public static func appendString(_ s: String, escapeForHTML: Bool, to out: inout [UInt8]) {
        let hex: [UInt8] = Array("0123456789abcdef".utf8)
        out.append(UInt8(ascii: "\""))
        var utf8 = s.utf8.makeIterator()
        var pending: [UInt8] = []
        while let byte = utf8.next() {
            switch byte {
            case UInt8(ascii: "\""): out.append(contentsOf: [0x5C, 0x22])
            case UInt8(ascii: "\\"): out.append(contentsOf: [0x5C, 0x5C])
            case 0x0A: out.append(contentsOf: [0x5C, UInt8(ascii: "n")])
            case 0x0D: out.append(contentsOf: [0x5C, UInt8(ascii: "r")])
            case 0x09: out.append(contentsOf: [0x5C, UInt8(ascii: "t")])
            case 0x00..<0x20:
                out.append(contentsOf: [0x5C, UInt8(ascii: "u"), 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
            case UInt8(ascii: "<") where escapeForHTML: out.append(contentsOf: "\\u003c".utf8)
            case UInt8(ascii: ">") where escapeForHTML: out.append(contentsOf: "\\u003e".utf8)
            case UInt8(ascii: "&") where escapeForHTML: out.append(contentsOf: "\\u0026".utf8)
            case 0xE2 where escapeForHTML:
                // U+2028 / U+2029 (E2 80 A8 / E2 80 A9) end a line in old JavaScript parsers.
                pending = [byte]
                if let b2 = utf8.next() { pending.append(b2) }
                if let b3 = utf8.next() { pending.append(b3) }
                if pending == [0xE2, 0x80, 0xA8] { out.append(contentsOf: "\\u2028".utf8) }
                else if pending == [0xE2, 0x80, 0xA9] { out.append(contentsOf: "\\u2029".utf8) }
                else { out.append(contentsOf: pending) }
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}

/// Writes one JSON object straight into a byte buffer, member by member, for
/// the hot paths (page data, exports) where building a `JSONValue` tree for
/// every place would cost more than the output itself.
public struct JSONObjectBytes {
    public private(set) var bytes: [UInt8]
    let escapeForHTML: Bool
    var isFirst = true

    /// Takes over `bytes` (leaving it empty, so appending never copies) and opens the object.
    public init(taking bytes: inout [UInt8], escapeForHTML: Bool = false) {
        self.bytes = []
        swap(&self.bytes, &bytes)
        self.escapeForHTML = escapeForHTML
        self.bytes.append(UInt8(ascii: "{"))
    }

    mutating func key(_ name: StaticString) {
        if !isFirst { bytes.append(UInt8(ascii: ",")) }
        isFirst = false
        bytes.append(UInt8(ascii: "\""))
        name.withUTF8Buffer { bytes.append(contentsOf: $0) }
        bytes.append(contentsOf: [UInt8(ascii: "\""), UInt8(ascii: ":")])
    }

    /// Nil values are left out.
    public mutating func string(_ name: StaticString, _ value: String?) {
        guard let value else { return }
        key(name)
        JSONWriter.appendString(value, escapeForHTML: escapeForHTML, to: &bytes)
    }

    public mutating func number(_ name: StaticString, _ value: Double?) {
        guard let value else { return }
        key(name)
        JSONWriter.appendNumber(value, to: &bytes)
    }

    public mutating func bool(_ name: StaticString, _ value: Bool) {
        key(name)
        bytes.append(contentsOf: (value ? "true" : "false").utf8)
    }

    /// A member whose value is raw JSON written by `body` (a nested object or array).
    public mutating func raw(_ name: StaticString, _ body: (inout [UInt8]) -> Void) {
        key(name)
        body(&bytes)
    }

    /// Closes the object and hands the buffer back.
    public mutating func finish(into bytes: inout [UInt8]) {
        self.bytes.append(UInt8(ascii: "}"))
        swap(&self.bytes, &bytes)
    }
}
