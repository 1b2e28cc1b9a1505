import FoundationEssentials

extension SecretRedactor {
    /// A JSON answer from outside with the key taken out of it as its reader would see it: each
    /// string that holds an escape is decoded first (`"k-ey.X\u002By/z"` is the key once decoded,
    /// and `"\u00252B"` a percent escape once decoded) and written again without the key, then
    /// every spelling left in the bytes is replaced. Bytes that are no JSON are still redacted as
    /// bytes.
    package func redactingAnswer(_ data: Data) -> Data {
        guard !isEmpty else { return data }
        let bytes = [UInt8](data)
        let decodedStrings = redactingEscapedStrings(bytes)
        guard decodedStrings != nil || isFound(in: bytes) else { return data }
        return Data(redact(decodedStrings ?? bytes))
    }

    /// `bytes` with every string literal that holds an escape and, decoded, the key, written again
    /// with the key replaced; nil when there is none.
    func redactingEscapedStrings(_ bytes: [UInt8]) -> [UInt8]? {
        var output: [UInt8]?
        var copied = 0
        var index = 0
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "\"") else {
                index += 1
                continue
            }
            let start = index
            var hasEscape = false
            index += 1
            while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
                if bytes[index] == UInt8(ascii: "\\") {
                    hasEscape = true
                    index += 1
                }
                index += 1
            }
            let end = min(index + 1, bytes.count)
            index = end
            guard hasEscape else { continue }
            let decoded = JSONStringEscapes.decode(bytes[(start + 1)..<max(start + 1, end - 1)])
            guard isFound(in: decoded) else { continue }
            var literal: [UInt8] = []
            JSONWriter.appendString(String(decoding: redact(decoded), as: UTF8.self), to: &literal)
            output = (output ?? []) + bytes[copied..<start] + literal
            copied = end
        }
        guard var output else { return nil }
        output.append(contentsOf: bytes[copied...])
        return output
    }
}

/// A JSON string's escapes undone, as a JSON reader undoes them (a lone surrogate as U+FFFD).
enum JSONStringEscapes {
    static func decode(_ body: ArraySlice<UInt8>) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(body.count)
        var index = body.startIndex
        func hex4(at position: Int) -> UInt32? {
            guard position + 4 <= body.endIndex else { return nil }
            var value: UInt32 = 0
            for byte in body[position..<(position + 4)] {
                guard let digit = Character(UnicodeScalar(byte)).hexDigitValue else { return nil }
                value = value << 4 | UInt32(digit)
            }
            return value
        }
        while index < body.endIndex {
            let byte = body[index]
            guard byte == UInt8(ascii: "\\"), index + 1 < body.endIndex else {
                out.append(byte)
                index += 1
                continue
            }
            let kind = body[index + 1]
            index += 2
            switch kind {
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "u"):
                guard var scalar = hex4(at: index) else {
                    out.append(contentsOf: [UInt8(ascii: "\\"), kind])
                    continue
                }
                index += 4
                if (0xD800..<0xDC00).contains(scalar), index + 6 <= body.endIndex,
                    body[index] == UInt8(ascii: "\\"), body[index + 1] == UInt8(ascii: "u"),
                    let low = hex4(at: index + 2), (0xDC00..<0xE000).contains(low)
                {
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    index += 6
                }
                out.append(contentsOf: String(Character(UnicodeScalar(scalar) ?? "\u{FFFD}")).utf8)
            default: out.append(kind)
            }
        }
        return out
    }
}
