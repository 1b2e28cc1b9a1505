import FoundationEssentials

/// Numbers as people write them on a command line or in a variable: digits
/// with an optional sign and one decimal point or Norwegian comma. Swift's
/// `Double(text)` also takes "0x10", "1e5", "inf" and "nan", which nobody
/// means when they give a latitude.
package enum DecimalNumber {
    package static func parse(_ text: String) -> Double? {
        // Spaces and tabs around it (Foundation's `.whitespaces`: category Zs and U+0009), trimmed
        // without Foundation's character sets, whose first use costs a build's every argument a
        // fraction of a millisecond.
        let isSpace = { (scalar: Unicode.Scalar) in
            scalar == "\t" || scalar.properties.generalCategory == .spaceSeparator
        }
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !isSpace($0) }),
            let last = scalars.lastIndex(where: { !isSpace($0) })
        else { return nil }
        let trimmed = String(scalars[first...last])
        var digitsBefore = 0
        var digitsAfter = 0
        var separators = 0
        for (index, scalar) in trimmed.unicodeScalars.enumerated() {
            switch scalar {
            case "+", "-": guard index == 0 else { return nil }
            case "0"..."9": if separators == 0 { digitsBefore += 1 } else { digitsAfter += 1 }
            case ".", ",":
                separators += 1
                guard separators == 1 else { return nil }
            default: return nil
            }
        }
        guard digitsBefore > 0, separators == 0 || digitsAfter > 0, digitsBefore + digitsAfter <= 30
        else { return nil }
        return Double(String(trimmed.map { $0 == "," ? "." : $0 }))
    }
}
