/// Numbers in the form machines read: a decimal point, no grouping, no
/// locale (URLs, data attributes, coordinates sent to the API, timings).
/// Numbers people read are `NorwegianFormat`'s.
package enum MachineNumber {
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
        // Written as bytes into the string's own storage: a page writes several of these, for every place.
        let wholeDigits = digitCount(whole)
        let negative = value < 0 && scaled > 0
        let length = (negative ? 1 : 0) + wholeDigits + (fractionDigits > 0 ? 1 + fractionDigits : 0)
        return String(unsafeUninitializedCapacity: length) { buffer in
            var end = length
            func writeDigits(_ number: Int64, count: Int) {
                var rest = number
                for _ in 0..<count {
                    end -= 1
                    buffer[end] = UInt8(ascii: "0") + UInt8(rest % 10)
                    rest /= 10
                }
            }
            if fractionDigits > 0 {
                writeDigits(fraction, count: fractionDigits)
                end -= 1
                buffer[end] = UInt8(ascii: ".")
            }
            writeDigits(whole, count: wholeDigits)
            if negative { buffer[0] = UInt8(ascii: "-") }
            return length
        }
    }

    private static func digitCount(_ number: Int64) -> Int {
        var count = 1
        var rest = number / 10
        while rest > 0 { count += 1; rest /= 10 }
        return count
    }
}
