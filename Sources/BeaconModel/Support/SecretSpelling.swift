/// Finds a secret in bytes however a format on the way spelled its characters: each character as it
/// is, percent-encoded (`%2B`, `%2b`), as a JSON or JavaScript escape (`\u002B`, `\/`, `\x2B`), or
/// as an HTML or XML character reference (`&#43;`, `&#x2b;`, `&plus;`). An answer that echoes a key
/// in any of these is read back as the key by the decoder after it, so matching only the plain
/// bytes is not enough. Spellings may mix within one match; one layer of each is undone (what a
/// single decoder does). Letters are matched exactly: a key differs from its lower-case form.
struct SecretSpelling: Sendable {
    let secret: [UInt8]

    init(_ secret: [UInt8]) {
        self.secret = secret
    }

    /// The first range of `bytes` at or after `start` that spells the secret.
    func firstMatch(in bytes: [UInt8], from start: Int = 0) -> Range<Int>? {
        guard let first = secret.first, start < bytes.count else { return nil }
        var position = start
        while position < bytes.count {
            let byte = bytes[position]
            if byte == first || byte == UInt8(ascii: "%") || byte == UInt8(ascii: "\\")
                || byte == UInt8(ascii: "&"),
                let end = matchEnd(in: bytes, secretIndex: 0, at: position)
            {
                return position..<end
            }
            position += 1
        }
        return nil
    }

    /// Where a spelling of `secret[secretIndex...]` that starts at `position` ends, trying a
    /// character as it is before its escapes (and going back when a choice leads nowhere).
    private func matchEnd(in bytes: [UInt8], secretIndex: Int, at position: Int) -> Int? {
        if secretIndex == secret.count { return position }
        guard position < bytes.count else { return nil }
        let wanted = secret[secretIndex]
        if bytes[position] == wanted,
            let end = matchEnd(in: bytes, secretIndex: secretIndex + 1, at: position + 1)
        {
            return end
        }
        if let (value, length) = Self.escapedByte(in: bytes, at: position), value == wanted {
            return matchEnd(in: bytes, secretIndex: secretIndex + 1, at: position + length)
        }
        return nil
    }

    /// The byte an escape at `position` stands for and the escape's length, for escapes of ASCII
    /// characters (a key holds nothing else).
    static func escapedByte(in bytes: [UInt8], at position: Int) -> (UInt8, Int)? {
        switch bytes[position] {
        case UInt8(ascii: "%"):
            return hexValue(in: bytes, from: position + 1, digits: 2).map { ($0, 3) }
        case UInt8(ascii: "\\"):
            guard position + 1 < bytes.count else { return nil }
            switch bytes[position + 1] {
            case UInt8(ascii: "u"):
                return hexValue(in: bytes, from: position + 2, digits: 4).map { ($0, 6) }
            case UInt8(ascii: "x"):
                return hexValue(in: bytes, from: position + 2, digits: 2).map { ($0, 4) }
            case UInt8(ascii: "/"), UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "'"):
                return (bytes[position + 1], 2)
            default: return nil
            }
        case UInt8(ascii: "&"):
            return characterReference(in: bytes, at: position)
        default:
            return nil
        }
    }

    /// `count` hex digits from `start` as one ASCII byte (leading zeros allowed), or nil.
    private static func hexValue(in bytes: [UInt8], from start: Int, digits count: Int) -> UInt8? {
        guard start + count <= bytes.count else { return nil }
        var value = 0
        for index in start..<(start + count) {
            guard let digit = hexDigit(bytes[index]) else { return nil }
            value = value << 4 | digit
        }
        return value < 0x80 ? UInt8(value) : nil
    }

    private static func hexDigit(_ byte: UInt8) -> Int? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): Int(byte - UInt8(ascii: "a")) + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): Int(byte - UInt8(ascii: "A")) + 10
        default: nil
        }
    }

    /// `&#43;`, `&#x2B;` (any number of leading zeros; the `;` optional, as browsers read it) or a
    /// named reference to an ASCII character.
    private static func characterReference(in bytes: [UInt8], at position: Int) -> (UInt8, Int)? {
        var index = position + 1
        guard index < bytes.count else { return nil }
        if bytes[index] == UInt8(ascii: "#") {
            index += 1
            let hex = index < bytes.count && (bytes[index] | 0x20) == UInt8(ascii: "x")
            if hex { index += 1 }
            var value = 0
            let digitsStart = index
            while index < bytes.count, index - digitsStart < 12 {
                let digit: Int?
                if hex {
                    digit = hexDigit(bytes[index])
                } else {
                    digit =
                        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index])
                        ? Int(bytes[index] - UInt8(ascii: "0")) : nil
                }
                guard let digit else { break }
                value = value * (hex ? 16 : 10) + digit
                index += 1
            }
            guard index > digitsStart, value < 0x80 else { return nil }
            if index < bytes.count, bytes[index] == UInt8(ascii: ";") { index += 1 }
            return (UInt8(value), index - position)
        }
        let nameStart = index
        while index < bytes.count, index - nameStart <= 8, isASCIILetter(bytes[index]) {
            index += 1
        }
        guard index < bytes.count, bytes[index] == UInt8(ascii: ";"),
            let value = namedReferences[String(decoding: bytes[nameStart..<index], as: UTF8.self)]
        else { return nil }
        return (value, index + 1 - position)
    }

    private static func isASCIILetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
    }

    /// HTML's named references to the ASCII punctuation a key may hold (XML's five among them).
    static let namedReferences: [String: UInt8] = [
        "amp": UInt8(ascii: "&"), "quot": UInt8(ascii: "\""), "apos": UInt8(ascii: "'"),
        "lt": UInt8(ascii: "<"),
        "gt": UInt8(ascii: ">"), "plus": UInt8(ascii: "+"), "sol": UInt8(ascii: "/"),
        "bsol": UInt8(ascii: "\\"),
        "period": UInt8(ascii: "."), "equals": UInt8(ascii: "="), "colon": UInt8(ascii: ":"),
        "comma": UInt8(ascii: ","), "lowbar": UInt8(ascii: "_"), "UnderBar": UInt8(ascii: "_"),
        "num": UInt8(ascii: "#"), "excl": UInt8(ascii: "!"), "quest": UInt8(ascii: "?"),
        "percnt": UInt8(ascii: "%"), "dollar": UInt8(ascii: "$"), "ast": UInt8(ascii: "*"),
        "midast": UInt8(ascii: "*"), "lpar": UInt8(ascii: "("), "rpar": UInt8(ascii: ")"),
        "semi": UInt8(ascii: ";"), "commat": UInt8(ascii: "@"), "lsqb": UInt8(ascii: "["),
        "lbrack": UInt8(ascii: "["), "rsqb": UInt8(ascii: "]"), "rbrack": UInt8(ascii: "]"),
        "lcub": UInt8(ascii: "{"), "lbrace": UInt8(ascii: "{"), "rcub": UInt8(ascii: "}"),
        "rbrace": UInt8(ascii: "}"), "verbar": UInt8(ascii: "|"), "vert": UInt8(ascii: "|"),
        "VerticalLine": UInt8(ascii: "|"), "Hat": UInt8(ascii: "^"), "grave": UInt8(ascii: "`"),
        "DiacriticalGrave": UInt8(ascii: "`"), "Tab": 0x09, "NewLine": 0x0A,
        "AMP": UInt8(ascii: "&"), "QUOT": UInt8(ascii: "\""), "LT": UInt8(ascii: "<"),
        "GT": UInt8(ascii: ">"),
    ]
}
