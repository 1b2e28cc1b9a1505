/// Numbers in the form machines read: a decimal point, no grouping, no
/// locale (URLs, data attributes, coordinates sent to the API, timings).
/// Numbers people read are `NorwegianFormat`'s.
package enum MachineNumber {
    /// "59.9111": rounded to `places` decimals, trailing zeros dropped, never "-0".
    package static func decimal(_ value: Double, places: Int) -> String {
        var factor = 1.0
        for _ in 0..<places { factor *= 10 }
        let scaled = Int64(saturating: abs(value) * factor)
        let whole = scaled / Int64(factor)
        var fraction = String(scaled % Int64(factor))
        fraction = String(repeating: "0", count: places - fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        let sign = value < 0 && scaled > 0 ? "-" : ""
        return fraction.isEmpty ? "\(sign)\(whole)" : "\(sign)\(whole).\(fraction)"
    }
}
