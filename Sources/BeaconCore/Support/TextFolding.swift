/// Folding of text for search and for URLs. The search key is the same rule as
/// the page script's `fold` (beacon-query.js): lower case, accents removed, and
/// the letters a visitor types without: æ → ae, ø → o, å → a, ß → ss, œ → oe.
/// So "kafe" finds "Kafé", "ostbanen" finds "Østbanen", "aerfugl" finds "Ærfugl",
/// in the terminal and in the browser alike.
enum TextFolding {
    static func searchKey(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in text.lowercased().decomposedStringWithCanonicalMapping.unicodeScalars {
            switch scalar.value {
            case 0x300...0x36F: continue
            case 0xE6: scalars.append(contentsOf: "ae".unicodeScalars)
            case 0xF8: scalars.append("o")
            case 0xDF: scalars.append(contentsOf: "ss".unicodeScalars)
            case 0x153: scalars.append(contentsOf: "oe".unicodeScalars)
            default: scalars.append(scalar)
            }
        }
        return String(scalars)
    }

    /// The words of a search, folded: what every one of them must be found in.
    static func searchWords(_ text: String) -> [String] {
        searchKey(text).split(whereSeparator: { !($0.isLetter || $0.isNumber) }).map(String.init)
    }

    /// Longest slug stem before the id hash is added.
    static let maximumSlugStemLength = 60

    /// An ASCII stem for a URL: "Café & Bar Ørken" → "cafe-bar-orken". Never
    /// empty, never holds `/`, `.`, NUL or controls, at most 60 characters.
    static func slugStem(_ text: String) -> String {
        if let ascii = asciiSlugStem(text) { return ascii }
        var out: [UInt8] = []
        var lastWasDash = true
        for scalar in text.unicodeScalars {
            if out.count >= maximumSlugStemLength { break }
            let value = scalar.value
            if (0x300...0x36F).contains(value) { continue } // combining marks vanish
            let replacement: [UInt8]
            if value < 0x80 {
                let byte = UInt8(value)
                let lower = (byte >= 0x41 && byte <= 0x5A) ? byte + 32 : byte
                replacement = ((lower >= 0x61 && lower <= 0x7A) || (lower >= 0x30 && lower <= 0x39)) ? [lower] : []
            } else {
                replacement = latinFolding[scalar] ?? []
            }
            if replacement.isEmpty {
                if !lastWasDash { out.append(0x2D); lastWasDash = true }
            } else {
                out.append(contentsOf: replacement)
                lastWasDash = false
            }
        }
        if out.count > maximumSlugStemLength { out.removeSubrange(maximumSlugStemLength...) }
        while out.last == 0x2D { out.removeLast() }
        return out.isEmpty ? "sted" : String(decoding: out, as: UTF8.self)
    }

    /// ASCII for the Latin letters of U+00C0–U+024F: Norwegian ones by
    /// Norwegian convention (æ → ae, ø → o, å → a), the rest by dropping accents.
    static let latinFolding: [Unicode.Scalar: [UInt8]] = {
        var table: [Unicode.Scalar: [UInt8]] = [:]
        for value in UInt32(0xC0)...0x24F {
            guard let scalar = Unicode.Scalar(value), scalar.properties.isAlphabetic else { continue }
            let base = String(scalar).lowercased().decomposedStringWithCanonicalMapping.unicodeScalars
                .filter { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)) }
            if !base.isEmpty { table[scalar] = Array(String(String.UnicodeScalarView(base)).utf8) }
        }
        for (letters, ascii) in [("æÆ", "ae"), ("øØöÖ", "o"), ("åÅäÄ", "a"), ("ß", "ss"), ("üÜ", "u"), ("œŒ", "oe"), ("ðÐ", "d"), ("þÞ", "th"), ("łŁ", "l"), ("đĐ", "d")] {
            for letter in letters.unicodeScalars { table[letter] = Array(ascii.utf8) }
        }
        return table
    }()

    /// The same rule for pure ASCII text, on bytes; nil when any byte is not ASCII.
    static func asciiSlugStem(_ text: String) -> String? {
        var out: [UInt8] = []
        out.reserveCapacity(min(text.utf8.count, maximumSlugStemLength))
        var lastWasDash = true
        for byte in text.utf8 {
            guard byte < 0x80 else { return nil }
            if out.count >= maximumSlugStemLength { break }
            let lower = (byte >= 0x41 && byte <= 0x5A) ? byte + 32 : byte
            if (lower >= 0x61 && lower <= 0x7A) || (lower >= 0x30 && lower <= 0x39) {
                out.append(lower)
                lastWasDash = false
            } else if !lastWasDash {
                out.append(0x2D)
                lastWasDash = true
            }
        }
        while out.last == 0x2D { out.removeLast() }
        return out.isEmpty ? "sted" : String(decoding: out, as: UTF8.self)
    }
}

extension String {
    /// Whether `term` (already a search key) occurs in this string's search key.
    func matchesSearchKey(_ term: String) -> Bool {
        term.isEmpty || TextFolding.searchKey(self).contains(term)
    }
}
