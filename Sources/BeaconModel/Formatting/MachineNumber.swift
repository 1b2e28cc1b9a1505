import BeaconSystem

/// Numbers in the form machines read: a decimal point, no grouping, no
/// locale (URLs, data attributes, coordinates sent to the API, timings).
/// Numbers people read are `NorwegianFormat`'s.
package enum MachineNumber {
    /// "0042" for `zeroPadded(42, width: 4)`: as `%04d` printed it (a minus sign counts in the
    /// width).
    package static func zeroPadded(_ value: Int, width: Int) -> String {
        let digits = String(value.magnitude)
        let sign = value < 0 ? "-" : ""
        return sign + String(repeating: "0", count: max(0, width - sign.count - digits.count))
            + digits
    }

    /// "3.142" for `fixed(3.14159, decimals: 3)`: exactly `decimals` decimals, rounded, as `%.3f`
    /// printed it.
    package static func fixed(_ value: Double, decimals: Int) -> String {
        guard value.isFinite else { return value.isNaN ? "nan" : (value < 0 ? "-inf" : "inf") }
        var factor = 1.0
        for _ in 0..<decimals { factor *= 10 }
        let scaled = (abs(value) * factor).rounded(.toNearestOrEven)
        guard scaled < 9e18 else { return String(value) }
        let units = Int64(scaled)
        let divisor = Int64(factor)
        let fraction = String(units % divisor)
        let sign = value < 0 && units > 0 ? "-" : ""
        let whole = sign + String(units / divisor)
        guard decimals > 0 else { return whole }
        return whole + "." + String(repeating: "0", count: decimals - fraction.count) + fraction
    }

    /// `text` with spaces before it up to `width` characters, as `%7s` printed it.
    package static func rightAligned(_ text: String, width: Int) -> String {
        String(repeating: " ", count: max(0, width - text.count)) + text
    }

    /// "59.9111": rounded to `places` decimals, trailing zeros dropped, never "-0".
    package static func decimal(_ value: Double, places: Int) -> String {
        var factor = 1.0
        for _ in 0..<places { factor *= 10 }
        let scaled = Int64(saturating: abs(value) * factor)
        let divisor = Int64(factor)
        let whole = scaled / divisor
        var fraction = scaled % divisor
        var fractionDigits = places
        while fractionDigits > 0 && fraction % 10 == 0 {
            fraction /= 10
            fractionDigits -= 1
        }
        // Written as bytes into the string's own storage: a page writes several of these, for every
        // place.
        let wholeDigits = digitCount(whole)
        let negative = value < 0 && scaled > 0
        let length =
            (negative ? 1 : 0) + wholeDigits + (fractionDigits > 0 ? 1 + fractionDigits : 0)
        return String(utf8Length: length) { buffer in
            var end = length
            var rest = fraction
            for _ in 0..<fractionDigits {
                end -= 1
                buffer[end] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
            }
            if fractionDigits > 0 {
                end -= 1
                buffer[end] = UInt8(ascii: ".")
            }
            rest = whole
            for _ in 0..<wholeDigits {
                end -= 1
                buffer[end] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
            }
            if negative { buffer[0] = UInt8(ascii: "-") }
        }
    }

    private static func digitCount(_ number: Int64) -> Int {
        var count = 1
        var rest = number / 10
        while rest > 0 {
            count += 1
            rest /= 10
        }
        return count
    }
}
