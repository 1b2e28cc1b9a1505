import Glibc

/// Numbers in attribute values, read from libxml2's bytes in place (each ends in NUL):
/// OpenStreetMap XML has two coordinates and an id on every node, and a `String` and `Double(_:)`
/// for each would be much of the reading.
enum XMLNumbers {
    /// A decimal number (`59.9143`, `-0.5`, `1e-3`); nil for anything else.
    static func double(_ bytes: UnsafePointer<UInt8>) -> Double? {
        var position = 0
        var negative = false
        if unsafe bytes[position] == UInt8(ascii: "-") {
            negative = true
            position += 1
        }
        var mantissa: UInt64 = 0
        var digits = 0
        var fractionDigits = 0
        var seenPoint = false
        while unsafe bytes[position] != 0 {
            let byte = unsafe bytes[position]
            if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
                mantissa = mantissa &* 10 &+ UInt64(byte - UInt8(ascii: "0"))
                digits += 1
                if seenPoint { fractionDigits += 1 }
            } else if byte == UInt8(ascii: "."), !seenPoint {
                seenPoint = true
            } else {
                break
            }
            position += 1
        }
        guard digits > 0 else { return nil }
        if unsafe bytes[position] == 0, digits <= 15 {
            // Exact: both numbers are whole doubles, and one division rounds once (as strtod does).
            let value = Double(mantissa) / powersOfTen[fractionDigits]
            return negative ? -value : value
        }
        return unsafe slowDouble(bytes)
    }

    private static let powersOfTen: [Double] = (0...15).map { exponent in
        var value = 1.0
        for _ in 0..<exponent { value *= 10 }
        return value
    }

    /// Long mantissas and exponents, through strtod on a copy that holds nothing but a number.
    private static func slowDouble(_ bytes: UnsafePointer<UInt8>) -> Double? {
        let count = unsafe strnlen(UnsafeRawPointer(bytes).assumingMemoryBound(to: CChar.self), 65)
        guard count <= 64 else { return nil }
        var copy = [CChar](repeating: 0, count: count + 1)
        for offset in 0..<count {
            let byte = unsafe bytes[offset]
            let allowed =
                byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") || byte == UInt8(ascii: ".")
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+")
                || byte == UInt8(ascii: "e")
                || byte == UInt8(ascii: "E")
            guard allowed else { return nil }
            copy[offset] = CChar(bitPattern: byte)
        }
        return unsafe copy.withUnsafeBufferPointer { buffer -> Double? in
            var end: UnsafeMutablePointer<CChar>?
            let value = unsafe strtod(buffer.baseAddress!, &end)
            guard let end = unsafe end,
                unsafe buffer.baseAddress!.distance(to: UnsafePointer(end)) == count
            else { return nil }
            return value
        }
    }

    /// A whole number that fits in 64 bits; nil for anything else.
    static func int64(_ bytes: UnsafePointer<UInt8>) -> Int64? {
        var position = 0
        var negative = false
        if unsafe bytes[position] == UInt8(ascii: "-") {
            negative = true
            position += 1
        }
        guard unsafe bytes[position] != 0 else { return nil }
        var value: Int64 = 0
        while unsafe bytes[position] != 0 {
            let byte = unsafe bytes[position]
            guard byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") else { return nil }
            let (times10, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times10.addingReportingOverflow(Int64(byte - UInt8(ascii: "0")))
            guard !overflow1 && !overflow2 else { return nil }
            value = sum
            position += 1
        }
        return negative ? -value : value
    }
}
