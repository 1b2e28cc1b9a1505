import BeaconText
import FoundationEssentials

/// Cleans text that comes from outside (the API, a places file, the store)
/// before it becomes part of a place: no control characters, no bidirectional
/// overrides that could reorder the page's text, no runaway lengths.
package enum TextHardening {
    package enum Limit {
        package static let name = 200
        package static let address = 300
        package static let openingHours = 500
        package static let phone = 60
        static let url = 2_000
        package static let comment = 5_000
        package static let title = 120
    }

    /// Collapses whitespace, drops controls and bidi overrides, trims, and
    /// truncates to `maximumLength` characters ending in "…". Nil when nothing is left.
    package static func clean(_ text: String?, maximumLength: Int) -> String? {
        guard let text else { return nil }
        if isAlreadyClean(text, maximumLength: maximumLength) { return text }
        var scalars = String.UnicodeScalarView()
        var pendingSpace = false
        for scalar in text.unicodeScalars {
            if isWhitespaceLike(scalar) {
                pendingSpace = !scalars.isEmpty
                continue
            }
            if isRemoved(scalar) { continue }
            if pendingSpace {
                scalars.append(" ")
                pendingSpace = false
            }
            scalars.append(scalar)
        }
        let cleaned = String(scalars)
        guard !cleaned.isEmpty else { return nil }
        return truncate(cleaned, to: maximumLength)
    }

    /// A byte scan that recognises the common case — text with nothing to
    /// remove, collapse or cut — without decoding a single scalar. Anything
    /// that might need work (controls, C1, odd spaces, U+2000–U+206F, U+061C,
    /// U+FDD0–U+FDEF, U+FEFF, U+FFF9–U+FFFF, surrounding or double spaces)
    /// takes the slow path.
    static func isAlreadyClean(_ text: String, maximumLength: Int) -> Bool {
        let bytes = text.utf8.span
        do {
            guard !bytes.isEmpty, bytes.count <= maximumLength,
                bytes[0] != 0x20, bytes[bytes.count - 1] != 0x20
            else { return false }
            var previous: UInt8 = 0
            var i = 0
            while i < bytes.count {
                let byte = bytes[i]
                if byte < 0x80 {
                    if byte < 0x20 || byte == 0x7F || (byte == 0x20 && previous == 0x20) {
                        return false
                    }
                } else {
                    switch byte {
                    case 0xC2: if i + 1 < bytes.count, bytes[i + 1] <= 0xA0 { return false }
                    case 0xD8: if i + 1 < bytes.count, bytes[i + 1] == 0x9C { return false }
                    case 0xE1: if i + 1 < bytes.count, bytes[i + 1] == 0x9A { return false }
                    case 0xE2:
                        if i + 1 < bytes.count, bytes[i + 1] == 0x80 || bytes[i + 1] == 0x81 {
                            return false
                        }
                    case 0xE3: if i + 1 < bytes.count, bytes[i + 1] == 0x80 { return false }
                    case 0xED: return false  // surrogates are invalid UTF-8 anyway
                    case 0xEF:
                        if i + 1 < bytes.count,
                            bytes[i + 1] == 0xB7 || bytes[i + 1] == 0xBB || bytes[i + 1] == 0xBF
                        {
                            return false
                        }
                    default: break
                    }
                }
                previous = byte
                i += 1
            }
            return true
        }
    }

    /// Cuts `text` to at most `maximumLength` characters, the last one "…".
    package static func truncate(_ text: String, to maximumLength: Int) -> String {
        // A character is at least one byte: few enough bytes need no counting of characters.
        guard text.utf8.count > maximumLength, text.count > maximumLength else { return text }
        let kept = text.prefix(max(0, maximumLength - 1))
        return kept.trimmingSpaces() + "…"
    }

    static func isWhitespaceLike(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x20, 0x85, 0xA0, 0x1680, 0x2000...0x200A, 0x2028,
            0x2029, 0x202F, 0x205F,
            0x3000:
            return true
        default:
            return false
        }
    }

    /// Controls, bidi embeddings/overrides/isolates, BOM and noncharacters.
    static func isRemoved(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: return true
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return true
        case 0xFEFF, 0xFFF9...0xFFFB, 0xFFFE, 0xFFFF: return true
        case 0xFDD0...0xFDEF: return true
        default: return scalar.properties.generalCategory == .surrogate
        }
    }
}
