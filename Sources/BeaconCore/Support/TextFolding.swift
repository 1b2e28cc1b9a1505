/// Folding of text for search and for URLs. The search key is the same rule the
/// page script uses (lower case, canonical decomposition, combining marks
/// removed), so "kafe" finds "Kafé" in the terminal and in the browser alike.
/// Æ and Ø are letters of their own in Norwegian and stay; Å folds to A as in
/// the script's `normalize('NFD')`.
public enum TextFolding {
    public static func searchKey(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in text.lowercased().decomposedStringWithCanonicalMapping.unicodeScalars
        where !(0x300...0x36F).contains(scalar.value) {
            scalars.append(scalar)
        }
        return String(scalars)
    }

    /// Longest slug stem before the id hash is added.
    public static let maximumSlugStemLength = 60

    /// An ASCII stem for a URL: "Café & Bar Ørken" → "cafe-bar-orken". Never
    /// empty, never holds `/`, `.`, NUL or controls, at most 60 characters.
    public static func slugStem(_ text: String) -> String {
        var out = ""
        var lastWasDash = true
        for character in text.lowercased() {
            let replacement: String
            switch character {
            case "æ": replacement = "ae"
            case "ø", "ö": replacement = "o"
            case "å", "ä": replacement = "a"
            case "ß": replacement = "ss"
            case "ü": replacement = "u"
            default:
                let base = String(character).decomposedStringWithCanonicalMapping.unicodeScalars.first
                if let base, base.isASCII, base.properties.isAlphabetic || ("0"..."9").contains(base) {
                    replacement = String(Character(base))
                } else {
                    replacement = "-"
                }
            }
            for piece in replacement {
                if piece == "-" {
                    if !lastWasDash { out.append("-"); lastWasDash = true }
                } else {
                    out.append(piece)
                    lastWasDash = false
                }
            }
            if out.count >= maximumSlugStemLength { break }
        }
        var stem = String(out.prefix(maximumSlugStemLength))
        while stem.hasSuffix("-") { stem.removeLast() }
        return stem.isEmpty ? "sted" : stem
    }
}

extension String {
    /// Whether `term` (already a search key) occurs in this string's search key.
    public func matchesSearchKey(_ term: String) -> Bool {
        term.isEmpty || TextFolding.searchKey(self).contains(term)
    }
}
