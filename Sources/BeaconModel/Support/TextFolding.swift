import BeaconText

/// Folding of text for search and for URLs. The search key is the same rule as
/// the page script's `fold` (beacon-query.js): lower case, accents removed, and
/// the letters a visitor types without: æ → ae, ø → o, å → a, ß → ss, œ → oe.
/// So "kafe" finds "Kafé", "ostbanen" finds "Østbanen", "aerfugl" finds "Ærfugl",
/// in the terminal and in the browser alike.
package enum TextFolding {
    package static func searchKey(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in UnicodeNormalization.decomposed(text.lowercased()).unicodeScalars {
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
    package static func searchWords(_ text: String) -> [String] {
        searchKey(text).split(whereSeparator: { !($0.isLetter || $0.isNumber) }).map(String.init)
    }

    /// Longest slug stem before the id hash is added.
    static let maximumSlugStemLength = 60

    /// An ASCII stem for a URL: "Café & Bar Ørken" → "cafe-bar-orken". Never empty, never holds
    /// `/`, `.`, NUL or controls, at most 60 characters. A text with no Latin letter or digit (no
    /// name, «寿司») gives `unnamed`: a page's address is in its guide's words (`PathWords`).
    /// `joiningApostrophes`: an apostrophe joins what it stands in ("Nando's" → "nandos",
    /// "O’Learys" → "olearys"), as place slugs are written elsewhere (the 404 page sends links from
    /// before that rule on: `beacon-moved.js`); a category's key and folder keep the rule they were
    /// made with.
    static func slugStem(
        _ text: String, unnamed: String = PathWords.bokmål.unnamedPlace,
        joiningApostrophes: Bool = false
    ) -> String {
        if let ascii = asciiSlugStem(text, unnamed: unnamed, joiningApostrophes: joiningApostrophes)
        {
            return ascii
        }
        var out: [UInt8] = []
        var lastWasDash = true
        for scalar in text.unicodeScalars {
            if out.count >= maximumSlugStemLength { break }
            let value = scalar.value
            if (0x300...0x36F).contains(value) { continue }  // combining marks vanish
            if joiningApostrophes && isApostrophe(value) { continue }
            let replacement: [UInt8]
            if value < 0x80 {
                let byte = UInt8(value)
                let lower = (byte >= 0x41 && byte <= 0x5A) ? byte + 32 : byte
                replacement =
                    ((lower >= 0x61 && lower <= 0x7A) || (lower >= 0x30 && lower <= 0x39))
                    ? [lower] : []
            } else {
                replacement = latinFolding(scalar)
            }
            if replacement.isEmpty {
                if !lastWasDash {
                    out.append(0x2D)
                    lastWasDash = true
                }
            } else {
                out.append(contentsOf: replacement)
                lastWasDash = false
            }
        }
        if out.count > maximumSlugStemLength { out.removeSubrange(maximumSlugStemLength...) }
        while out.last == 0x2D { out.removeLast() }
        return out.isEmpty ? unnamed : String(decoding: out, as: UTF8.self)
    }

    /// ASCII for the Latin letters of U+00C0–U+024F: Norwegian ones by
    /// Norwegian convention (æ → ae, ø → o, å → a), the rest by dropping accents
    /// (Unicode's canonical decomposition, lower-cased; `TextFoldingTests` derives
    /// it again). Written out, because slugs are addresses that must not move, and
    /// deriving it took the first slug of a non-ASCII name most of a millisecond.
    static func latinFolding(_ scalar: Unicode.Scalar) -> [UInt8] {
        let value = Int(scalar.value)
        guard value >= latinFoldingStart, value - latinFoldingStart < latinFoldingTable.count else {
            return []
        }
        return latinFoldingTable[value - latinFoldingStart]
    }

    static let latinFoldingStart = 0xC0

    /// One entry per scalar from U+00C0 on, comma-separated (empty: no ASCII letter).
    static let latinFoldingText =
        "a,a,a,a,a,a,ae,c,e,e,e,e,i,i,i,i,d,n,o,o,o,o,o,,o,u,u,u,u,y,th,ss,a,a,a,a,a,a,ae,c,e,e,e,e,i,i,i,i,d"
        + ",n,o,o,o,o,o,,o,u,u,u,u,y,th,y,a,a,a,a,a,a,c,c,c,c,c,c,c,c,d,d,d,d,e,e,e,e,e,e,e,e,e,e,g,g,g,g,g,g,g"
        + ",g,h,h,,,i,i,i,i,i,i,i,i,i,,,,j,j,k,k,,l,l,l,l,l,l,,,l,l,n,n,n,n,n,n,,,,o,o,o,o,o,o,oe,oe,r,r,r,r,r,"
        + "r,s,s,s,s,s,s,s,s,t,t,t,t,,,u,u,u,u,u,u,u,u,u,u,u,u,w,w,y,y,y,z,z,z,z,z,z,,,,,,,,,,,,,,,,,,,,,,,,,,,"
        + ",,,,,,,o,o,,,,,,,,,,,,,,u,u,,,,,,,,,,,,,,,,,,,,,,,,,,,,,a,a,i,i,o,o,u,u,u,u,u,u,u,u,u,u,,a,a,a,a,,,,"
        + ",g,g,k,k,o,o,o,o,,,j,,,,g,g,,,n,n,a,a,,,,,a,a,a,a,e,e,e,e,i,i,i,i,o,o,o,o,r,r,r,r,u,u,u,u,s,s,t,t,,,"
        + "h,h,,,,,,,a,a,e,e,o,o,o,o,o,o,o,o,y,y,,,,,,,,,,,,,,,,,,,,,,,,,,,,"

    static let latinFoldingTable: [[UInt8]] = latinFoldingText.split(
        separator: ",", omittingEmptySubsequences: false
    )
    .map { Array($0.utf8) }

    /// The stem of a place's slug: `slugStem` with its apostrophes joined ("Nando's" → "nandos").
    package static func placeSlugStem(_ name: String, unnamed: String) -> String {
        slugStem(name, unnamed: unnamed, joiningApostrophes: true)
    }

    /// `'`, `` ` ``, `‘`, `’` and `ʼ`: the marks names write apostrophes with.
    static func isApostrophe(_ value: UInt32) -> Bool {
        value == 0x27 || value == 0x60 || value == 0x2018 || value == 0x2019 || value == 0x02BC
    }

    /// The same rule for pure ASCII text, on bytes; nil when any byte is not ASCII.
    static func asciiSlugStem(_ text: String, unnamed: String, joiningApostrophes: Bool = false)
        -> String?
    {
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
            } else if joiningApostrophes && isApostrophe(UInt32(byte)) {
                continue
            } else if !lastWasDash {
                out.append(0x2D)
                lastWasDash = true
            }
        }
        while out.last == 0x2D { out.removeLast() }
        return out.isEmpty ? unnamed : String(decoding: out, as: UTF8.self)
    }
}

extension String {
    /// Whether `term` (already a search key) occurs in this string's search key.
    func matchesSearchKey(_ term: String) -> Bool {
        term.isEmpty || TextFolding.searchKey(self).contains(term)
    }
}
