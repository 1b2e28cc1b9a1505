import BeaconSystem
import BeaconText

/// Norwegian number, distance and coordinate formatting, done by hand: it is
/// called for every place on every page (Foundation's formatters are slow
/// for that, and `NumberFormatter` ignores fraction limits on Linux).
package enum NorwegianFormat {
    /// The no-break space Norwegian uses between thousands and before units.
    package static let noBreakSpace = "\u{00A0}"

    /// "7", "12 345" (with a no-break space).
    package static func integer(_ value: Int) -> String {
        let digits = value == .min ? String(value.magnitude) : String(abs(value))
        var out = ""
        for (i, ch) in digits.enumerated() {
            if i > 0, (digits.count - i) % 3 == 0 { out += noBreakSpace }
            out.append(ch)
        }
        return value < 0 ? "−" + out : out
    }

    /// One decimal with a comma: 1.25 → "1,3".
    package static func oneDecimal(_ value: Double) -> String {
        let tenths = Int(saturating: abs(value) * 10)
        return (value < 0 && tenths > 0 ? "−" : "") + integer(tenths / 10) + ","
            + String(tenths % 10)
    }

    /// "850 m" under a kilometre (to the nearest 10 m), "1,2 km" under 100 km,
    /// "123 km" beyond, from whole metres; the same arithmetic as the page
    /// script's `formatDistance` (beacon-query.js), so both show the same text.
    package static func distance(metres: Double) -> String { Language.nb.distance(metres: metres) }

    /// "59,9111° N, 10,7503° Ø" (four decimals, about 10 m).
    package static func coordinate(_ c: Coordinate) -> String { Language.nb.coordinate(c) }

    /// "1 sted", "12 steder".
    package static func count(_ n: Int, singular: String, plural: String) -> String {
        "\(integer(n)) \(n == 1 ? singular : plural)"
    }

    /// «a», «a og b», «a, b og c» (or «a, b eller c»).
    package static func list(_ items: [String], or: Bool = false) -> String {
        guard items.count > 1 else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + (or ? " eller " : " og ") + items.last!
    }

    /// "0,07": up to `places` decimals with a decimal comma, trailing zeros dropped.
    package static func decimal(_ value: Double, places: Int) -> String {
        MachineNumber.decimal(value, places: places).replacingAll(".", with: ",")
    }
}
