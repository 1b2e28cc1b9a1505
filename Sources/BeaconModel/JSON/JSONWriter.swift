import BeaconSystem

/// Writes `JSONValue`s: pretty (two-space indent, for files people read and
/// diff) or compact (for pages). Non-ASCII is written as is (UTF-8). (JSON
/// that goes into a page passes `HTMLBuffer.scriptJSON`, which makes it safe there.)
package struct JSONWriter: Sendable {
    var pretty: Bool

    package init(pretty: Bool = true) {
        self.pretty = pretty
    }

    package func string(_ value: JSONValue) -> String {
        var bytes: [UInt8] = []
        write(value, into: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    package func write(_ value: JSONValue, into out: inout [UInt8]) {
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
        case .string(let s): JSONWriter.appendString(s, to: &out)
        case .array(let items):
            if items.isEmpty {
                out.append(contentsOf: "[]".utf8)
                return
            }
            out.append(UInt8(ascii: "["))
            for (i, item) in items.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                newline(indent + 1, &out)
                write(item, indent: indent + 1, into: &out)
            }
            newline(indent, &out)
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            if members.isEmpty {
                out.append(contentsOf: "{}".utf8)
                return
            }
            out.append(UInt8(ascii: "{"))
            for (i, member) in members.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                newline(indent + 1, &out)
                JSONWriter.appendString(member.key, to: &out)
                out.append(UInt8(ascii: ":"))
                if pretty { out.append(0x20) }
                write(member.value, indent: indent + 1, into: &out)
            }
            newline(indent, &out)
            out.append(UInt8(ascii: "}"))
        }
    }

    package static func appendNumber(_ n: Double, to out: inout [UInt8]) {
        guard n.isFinite else {
            out.append(contentsOf: "null".utf8)
            return
        }
        out.append(contentsOf: JSONValue.format(number: n).utf8)
    }

    package static func appendString(_ s: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        let utf8 = s.utf8.span
        // Copy runs of ordinary bytes in one go; escape the rest.
        var runStart = 0
        for i in utf8.indices {
            let byte = utf8[i]
            guard byte == 0x22 || byte == 0x5C || byte < 0x20 else { continue }
            if i > runStart { out.append(utf8Of: s, runStart..<i) }
            appendEscape(byte, to: &out)
            runStart = i + 1
        }
        if runStart < utf8.count { out.append(utf8Of: s, runStart..<utf8.count) }
        out.append(UInt8(ascii: "\""))
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// Writes the escape for `byte`, a quote, a backslash or a control character.
    private static func appendEscape(_ byte: UInt8, to out: inout [UInt8]) {
        switch byte {
        case 0x22: out.append(contentsOf: [0x5C, 0x22])
        case 0x5C: out.append(contentsOf: [0x5C, 0x5C])
        case 0x0A: out.append(contentsOf: [0x5C, UInt8(ascii: "n")])
        case 0x0D: out.append(contentsOf: [0x5C, UInt8(ascii: "r")])
        case 0x09: out.append(contentsOf: [0x5C, UInt8(ascii: "t")])
        default:
            out.append(contentsOf: [
                0x5C, UInt8(ascii: "u"), 0x30, 0x30, hexDigits[Int(byte >> 4)],
                hexDigits[Int(byte & 0xF)],
            ])
        }
    }
}

/// Writes one JSON object straight into a byte buffer, member by member, for
/// the hot paths (page data, exports) where building a `JSONValue` tree for
/// every place would cost more than the output itself.
package struct JSONObjectBytes {
    package private(set) var bytes: [UInt8]
    var isFirst = true

    /// Takes over `bytes` (leaving it empty, so appending never copies) and opens the object.
    package init(taking bytes: inout [UInt8]) {
        self.bytes = []
        swap(&self.bytes, &bytes)
        self.bytes.append(UInt8(ascii: "{"))
    }

    mutating func key(_ name: StaticString) {
        if !isFirst { bytes.append(UInt8(ascii: ",")) }
        isFirst = false
        bytes.append(UInt8(ascii: "\""))
        bytes.append(name)
        bytes.append(contentsOf: [UInt8(ascii: "\""), UInt8(ascii: ":")])
    }

    /// Nil values are left out.
    package mutating func string(_ name: StaticString, _ value: String?) {
        guard let value else { return }
        key(name)
        JSONWriter.appendString(value, to: &bytes)
    }

    package mutating func number(_ name: StaticString, _ value: Double?) {
        guard let value else { return }
        key(name)
        JSONWriter.appendNumber(value, to: &bytes)
    }

    package mutating func bool(_ name: StaticString, _ value: Bool) {
        key(name)
        bytes.append(contentsOf: (value ? "true" : "false").utf8)
    }

    /// A member whose value is raw JSON written by `body` (a nested object or array).
    package mutating func raw(_ name: StaticString, _ body: (inout [UInt8]) -> Void) {
        key(name)
        body(&bytes)
    }

    /// Closes the object and hands the buffer back.
    package mutating func finish(into bytes: inout [UInt8]) {
        self.bytes.append(UInt8(ascii: "}"))
        swap(&self.bytes, &bytes)
    }
}
