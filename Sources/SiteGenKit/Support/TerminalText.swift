/// Text as a terminal shows it: what must be escaped before it reaches one, and how many cells it
/// takes, after Unicode's East Asian Width (UAX #11) as terminals apply it.
enum TerminalText {
    /// `text` with every control character except line feed and tab, and
    /// every bidirectional control, written as `\u{XX}`.
    static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isUnsafe) else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count + 16)
        for scalar in text.unicodeScalars {
            if isUnsafe(scalar) {
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A, 0x09: false
        case 0x00...0x1F, 0x7F...0x9F: true
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    /// The cells `text` takes: two for a wide or fullwidth character or an emoji drawn as one, none
    /// for a combining mark or a joiner, one otherwise; a control as the escape that stands for it.
    static func columns(_ text: String) -> Int {
        // Printable ASCII, most cells of most tables: a cell a byte, without asking Unicode's
        // tables.
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text.utf8.count }
        // Scalar by scalar (cheaper than grapheme clusters): what a joiner joins is drawn in the
        // cells before it, and VS16 asks for an emoji's two cells.
        var total = 0
        var joined = false
        var previous: (scalar: Unicode.Scalar, width: Int)?
        for scalar in escaped(text).unicodeScalars {
            if joined {
                joined = false
                continue
            }
            if scalar.value == 0x200D {
                joined = true
                continue
            }
            if scalar.value == 0xFE0F, let before = previous, before.width == 1,
                before.scalar.properties.isEmoji
            {
                total += 1
                previous = nil
                continue
            }
            let width = columns(of: scalar)
            total += width
            previous = (scalar, width)
        }
        return total
    }

    /// Cuts `text` to at most `maximum` cells, the last one "…".
    static func truncate(_ text: String, toColumns maximum: Int) -> String {
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) {
            guard text.utf8.count > maximum else { return text }
            return String(text.prefix(max(0, maximum - 1))).trimmingSpaces() + "…"
        }
        if text.unicodeScalars.contains(where: isUnsafe) {
            guard columns(text) > maximum else { return text }
        }
        // One pass: where the text must be cut if it is too long, and whether it is.
        var used = 0
        var cut = text.startIndex
        for index in text.indices {
            used += columns(of: text[index])
            if used <= maximum - 1 { cut = text.index(after: index) }
            if used > maximum { return String(text[..<cut]).trimmingSpaces() + "…" }
        }
        return text
    }

    /// A character (a grapheme cluster) is as wide as its first scalar; what follows it (accents,
    /// variation selectors, joined emoji) is drawn in the same cells, except that VS16 asks for an
    /// emoji.
    private static func columns(of character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        if scalars.dropFirst().contains(where: { $0.value == 0xFE0F }) && first.properties.isEmoji {
            return 2
        }
        return columns(of: first)
    }

    private static func columns(of scalar: Unicode.Scalar) -> Int {
        // Latin letters, Latin-1 and Latin Extended (accents come after U+0300): no need to ask
        // Unicode's tables.
        if scalar.value < 0x300 { return scalar.value < 0x20 ? 0 : 1 }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format, .control: return 0
        default: break
        }
        if scalar.properties.isEmojiPresentation { return 2 }
        switch scalar.value {
        case 0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x33FF,
            0x3400...0x4DBF,
            0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF,
            0xFE10...0xFE19,
            0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1B000...0x1B2FF, 0x1F200...0x1F2FF,
            0x20000...0x2FFFD, 0x30000...0x3FFFD:
            return 2
        default:
            return 1
        }
    }
}
