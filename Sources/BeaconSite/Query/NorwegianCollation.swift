import BeaconText
import FoundationEssentials

/// Norwegian alphabetical order as one explicit rule, the same in the page
/// script (`nameKey` in beacon-query.js): … X, Y, Z, Æ, Ø, Å, with "aa" as Å,
/// Ä as Æ and Ö as Ø; case and other accents ignored. Keys compare by UTF-16
/// code units, which is how the script compares strings, so the terminal and
/// the browser sort names identically (two ICU builds need not agree).
package enum NorwegianCollation {
    /// Æ, Ø and Å become U+E000, U+E001 and U+E002: after every letter of a–z.
    package static func sortKey(_ name: String) -> String {
        let lowered = UnicodeNormalization.composed(name).lowercased()
            .replacingAll("ä", with: "æ").replacingAll("ö", with: "ø").replacingAll("aa", with: "å")
        var scalars = String.UnicodeScalarView()
        var previous: Unicode.Scalar?
        for scalar in UnicodeNormalization.decomposed(lowered).unicodeScalars {
            switch scalar.value {
            case 0x030A where previous == "a":
                scalars.removeLast()
                scalars.append("\u{E002}")
            case 0x0300...0x036F: break
            case 0x00E6: scalars.append("\u{E000}")
            case 0x00F8: scalars.append("\u{E001}")
            default: scalars.append(scalar)
            }
            previous = scalar
        }
        return String(scalars)
    }

    /// Whether key `a` sorts before key `b` (UTF-16 code unit order).
    package static func precedes(_ a: String, _ b: String) -> Bool {
        a.utf16.lexicographicallyPrecedes(b.utf16)
    }
}
