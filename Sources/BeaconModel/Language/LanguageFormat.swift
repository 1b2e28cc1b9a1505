import BeaconSystem

/// Numbers, distances, coordinates and dates as each language writes them.
/// Bokmål and nynorsk share `NorwegianFormat` (decimal comma, a no-break space
/// between thousands); English writes a decimal point and groups with commas.
/// The page script's `formatDistance` and `integer` (beacon-query.js) follow
/// the same rules, from `<html lang>`.
extension Language {
    /// "12 345" (nb, nn) or "12,345" (en).
    package func integer(_ value: Int) -> String {
        guard !isNorwegian else { return NorwegianFormat.integer(value) }
        let digits = value == .min ? String(value.magnitude) : String(abs(value))
        var out = ""
        for (i, ch) in digits.enumerated() {
            if i > 0, (digits.count - i) % 3 == 0 { out += "," }
            out.append(ch)
        }
        return value < 0 ? "−" + out : out
    }

    /// "," (nb, nn) or "." (en).
    package var decimalSeparator: String { isNorwegian ? "," : "." }

    /// "4,5" (nb, nn) or "4.5" (en) for 45 tenths: an average of stars, one decimal always.
    package func tenths(_ value: Int) -> String {
        integer(value / 10) + decimalSeparator + String(abs(value % 10))
    }

    /// "1 sted" / "12 steder": the number and the word that fits it.
    package func count(_ n: Int, singular: String, plural: String) -> String {
        "\(integer(n)) \(n == 1 ? singular : plural)"
    }

    /// "850 m" under a kilometre (to the nearest 10 m), "1,2 km" (nb, nn) or "1.2 km" (en) under
    /// 100 km, "123 km" beyond, from whole metres: the page script's `formatDistance` arithmetic.
    package func distance(metres: Double) -> String {
        let nbsp = NorwegianFormat.noBreakSpace
        let m = max(0, metres.rounded())
        let tens = Int(saturating: m / 10) &* 10
        if tens < 1000 { return "\(tens)\(nbsp)m" }
        if m < 99_950 {
            let tenths = Int(saturating: m / 100)
            return integer(tenths / 10) + (isNorwegian ? "," : ".") + String(tenths % 10) + nbsp
                + "km"
        }
        return integer(Int(saturating: m / 1000)) + nbsp + "km"
    }

    /// "59,9111° N, 10,7503° Ø" (nb), "… A" (nn: aust), "59.9111° N, 10.7503° E" (en).
    package func coordinate(_ c: Coordinate) -> String {
        let (east, west): (String, String) =
            switch self {
            case .nb: ("Ø", "V")
            case .nn: ("A", "V")
            case .en: ("E", "W")
            }
        func part(_ value: Double, positive: String, negative: String) -> String {
            let scaled = Int(saturating: abs(value) * 10_000)
            let fraction = String(scaled % 10_000)
            let padded = String(repeating: "0", count: 4 - fraction.count) + fraction
            return
                "\(scaled / 10_000)\(isNorwegian ? "," : ".")\(padded)°\(NorwegianFormat.noBreakSpace)\(value < 0 ? negative : positive)"
        }
        return part(c.latitude, positive: "N", negative: "S") + ", "
            + part(c.longitude, positive: east, negative: west)
    }

    /// "21. november 2026" (nb, nn) or "21 November 2026" (en).
    package func longDate(_ date: CalendarDate) -> String {
        switch self {
        case .nb, .nn: date.norwegianLong
        case .en: "\(date.day) \(Language.englishMonths[date.month - 1]) \(date.year)"
        }
    }

    static let englishMonths = [
        "January", "February", "March", "April", "May", "June", "July",
        "August", "September", "October", "November", "December",
    ]
}
