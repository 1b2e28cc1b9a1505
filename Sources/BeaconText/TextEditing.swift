/// The string edits the code needs that FoundationEssentials lacks. They work
/// on Unicode scalars and UTF-8 bytes, as Foundation's did on UTF-16 units, not
/// on grapheme clusters: a combining mark after `<` or `&` must not hide it
/// from an escaper, and a key glued to an accent must still be redacted.
extension StringProtocol {
    /// Without leading and trailing white space (Unicode's `Z*` categories and tab), as
    /// Foundation's `.whitespaces` trimmed.
    package func trimmingSpaces() -> String { trimmingScalars(where: TextEditing.isSpace) }

    /// Without leading and trailing white space and line breaks, as Foundation's
    /// `.whitespacesAndNewlines` trimmed.
    package func trimmingWhitespace() -> String {
        trimmingScalars(where: TextEditing.isWhitespaceOrNewline)
    }

    package func trimmingScalars(where isTrimmed: (Unicode.Scalar) -> Bool) -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !isTrimmed($0) }) else { return "" }
        let last = scalars.lastIndex(where: { !isTrimmed($0) })!
        var kept = String.UnicodeScalarView()
        kept.append(contentsOf: scalars[first...last])
        return String(kept)
    }

    /// Every occurrence of `target` replaced by `replacement`, matched byte for byte.
    package func replacingAll(_ target: String, with replacement: String) -> String {
        let haystack = Array(utf8)
        let needle = Array(target.utf8)
        guard !needle.isEmpty, haystack.count >= needle.count else { return String(self) }
        var out: [UInt8] = []
        out.reserveCapacity(haystack.count)
        var index = 0
        var copiedUpTo = 0
        let lastStart = haystack.count - needle.count
        while index <= lastStart {
            if haystack[index] == needle[0],
                haystack[index..<(index + needle.count)].elementsEqual(needle)
            {
                out.append(contentsOf: haystack[copiedUpTo..<index])
                out.append(contentsOf: replacement.utf8)
                index += needle.count
                copiedUpTo = index
            } else {
                index += 1
            }
        }
        guard copiedUpTo > 0 else { return String(self) }
        out.append(contentsOf: haystack[copiedUpTo...])
        return String(decoding: out, as: UTF8.self)
    }

    /// Whether `target` occurs, matched byte for byte.
    package func containsBytes(_ target: String) -> Bool {
        let needle = Array(target.utf8)
        guard !needle.isEmpty else { return true }
        let haystack = Array(utf8)
        guard haystack.count >= needle.count else { return false }
        for start in 0...(haystack.count - needle.count) where haystack[start] == needle[0] {
            if haystack[start..<(start + needle.count)].elementsEqual(needle) { return true }
        }
        return false
    }
}

package enum TextEditing {
    /// Foundation's `CharacterSet.whitespaces`: the space separators (`Zs`), tab, and the
    /// zero-width space (a space separator in older Unicode, and still one to Foundation).
    package static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "\t" || scalar == "\u{200B}"
            || scalar.properties.generalCategory == .spaceSeparator
    }

    /// Foundation's `CharacterSet.whitespacesAndNewlines`: `Z*`, tab, U+000A–U+000D, U+0085 and
    /// U+200B.
    package static func isWhitespaceOrNewline(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09...0x0D, 0x20, 0x85, 0x200B: return true
        case 0..<0x80: return false
        default:
            switch scalar.properties.generalCategory {
            case .spaceSeparator, .lineSeparator, .paragraphSeparator: return true
            default: return false
            }
        }
    }
}
