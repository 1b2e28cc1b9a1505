extension JSONParser.Reader {
    package mutating func parseString() throws -> String {
        index += 1  // opening quote
        let start = index
        // Fast path: no escapes.
        while index < count {
            let byte = unsafe base[index]
            if byte == UInt8(ascii: "\"") {
                let string = unsafe String(
                    decoding: UnsafeBufferPointer(start: base + start, count: index - start),
                    as: UTF8.self)
                index += 1
                return string
            }
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 { throw error("kontrolltegn i tekst") }
            index += 1
        }
        var bytes = unsafe [UInt8](
            UnsafeBufferPointer(start: base + start, count: index - start))
        while index < count {
            let byte = unsafe base[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                return String(decoding: bytes, as: UTF8.self)
            }
            if byte < 0x20 { throw error("kontrolltegn i tekst") }
            if byte != UInt8(ascii: "\\") {
                bytes.append(byte)
                index += 1
                continue
            }
            index += 1
            guard index < count else { break }
            let escaped = unsafe base[index]
            index += 1
            if escaped == UInt8(ascii: "u") {
                UTF8.encode(try parseUnicodeEscape()) { bytes.append($0) }
            } else if let byte = Self.simpleEscapes[escaped] {
                bytes.append(byte)
            } else {
                throw error("ugyldig escape-sekvens")
            }
        }
        throw error("tekst uten avsluttende anførselstegn")
    }

    /// `\"` `\\` `\/` `\b` `\f` `\n` `\r` `\t`: the escaped byte → the byte it stands for.
    package static let simpleEscapes: [UInt8: UInt8] = [
        UInt8(ascii: "\""): 0x22, UInt8(ascii: "\\"): 0x5C, UInt8(ascii: "/"): 0x2F,
        UInt8(ascii: "b"): 0x08,
        UInt8(ascii: "f"): 0x0C, UInt8(ascii: "n"): 0x0A, UInt8(ascii: "r"): 0x0D,
        UInt8(ascii: "t"): 0x09,
    ]

    /// After `\u`: one scalar, a surrogate pair counting as one. A surrogate
    /// without its other half is U+FFFD, or, when strict, an error (it
    /// cannot be written back, so the owner's text would change).
    package mutating func parseUnicodeEscape() throws -> Unicode.Scalar {
        let escapeStart = index - 2
        let first = try parseHex4()
        guard (0xD800...0xDFFF).contains(first) else {
            return Unicode.Scalar(first) ?? "\u{FFFD}"
        }
        if first <= 0xDBFF, index + 1 < count, unsafe base[index] == UInt8(ascii: "\\"),
            unsafe base[index + 1] == UInt8(ascii: "u")
        {
            let afterFirst = index
            index += 2
            let low = try parseHex4()
            if (0xDC00...0xDFFF).contains(low) {
                return Unicode.Scalar(0x10000 + ((first - 0xD800) << 10) + (low - 0xDC00))
                    ?? "\u{FFFD}"
            }
            index = afterFirst  // the second escape is a character of its own
        }
        if strict {
            index = escapeStart
            throw error("ugyldig \\u-sekvens: et surrogat uten sin andre halvdel")
        }
        return "\u{FFFD}"
    }

    package mutating func parseHex4() throws -> UInt32 {
        guard index + 4 <= count else { throw error("ugyldig \\u-sekvens") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = unsafe base[index]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"):
                digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"):
                digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw error("ugyldig \\u-sekvens")
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }
}
