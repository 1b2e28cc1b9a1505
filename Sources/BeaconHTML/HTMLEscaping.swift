import BeaconSystem

package enum HTMLEscaping {
    /// Escapes for text content (`quote: false`) or a double-quoted attribute value (`quote:
    /// true`).
    static func appendEscaped(_ text: String, quote: Bool, to out: inout [UInt8]) {
        let utf8 = text.utf8.span
        var runStart = 0
        for i in utf8.indices {
            // Every byte escaped is at most `>` (0x3E): letters pass with one comparison.
            if utf8[i] > 0x3E { continue }
            let replacement: StaticString
            switch utf8[i] {
            case UInt8(ascii: "&"): replacement = "&amp;"
            case UInt8(ascii: "<"): replacement = "&lt;"
            case UInt8(ascii: ">"): replacement = "&gt;"
            case UInt8(ascii: "\"") where quote: replacement = "&quot;"
            case UInt8(ascii: "'") where quote: replacement = "&#39;"
            case 0: replacement = "\u{FFFD}"
            default: continue
            }
            if i > runStart { out.append(utf8Of: text, runStart..<i) }
            out.append(replacement)
            runStart = i + 1
        }
        if runStart < utf8.count { out.append(utf8Of: text, runStart..<utf8.count) }
    }

    /// Whether `range` of `bytes` holds a byte that text or a quoted attribute value escapes.
    static func needsEscaping(_ bytes: [UInt8], _ range: Range<Int>) -> Bool {
        for i in range where bytes[i] <= 0x3E {
            switch bytes[i] {
            case UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\""),
                UInt8(ascii: "'"), 0:
                return true
            default: continue
            }
        }
        return false
    }

    package static func escape(_ text: String, quote: Bool = true) -> String {
        var out: [UInt8] = []
        appendEscaped(text, quote: quote, to: &out)
        return String(decoding: out, as: UTF8.self)
    }
}
