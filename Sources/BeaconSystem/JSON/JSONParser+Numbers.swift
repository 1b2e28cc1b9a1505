import Glibc

extension JSONParser.Reader {
    package mutating func parseNumber() throws -> Double {
        let start = index
        if unsafe base[index] == UInt8(ascii: "-") { index += 1 }
        guard index < count else { throw error("ugyldig tall") }
        if unsafe base[index] == UInt8(ascii: "0") {
            index += 1
        } else if unsafe base[index] >= UInt8(ascii: "1") && base[index] <= UInt8(ascii: "9") {
            while index < count, unsafe base[index] >= UInt8(ascii: "0"),
                unsafe base[index] <= UInt8(ascii: "9")
            {
                index += 1
            }
        } else {
            throw error("ugyldig tall")
        }
        var isInteger = true
        if index < count, unsafe base[index] == UInt8(ascii: ".") {
            isInteger = false
            index += 1
            let digitsStart = index
            while index < count, unsafe base[index] >= UInt8(ascii: "0"),
                unsafe base[index] <= UInt8(ascii: "9")
            {
                index += 1
            }
            if index == digitsStart { throw error("ugyldig tall") }
        }
        if index < count,
            unsafe base[index] == UInt8(ascii: "e") || base[index] == UInt8(ascii: "E")
        {
            isInteger = false
            index += 1
            if index < count,
                unsafe base[index] == UInt8(ascii: "+") || base[index] == UInt8(ascii: "-")
            {
                index += 1
            }
            let digitsStart = index
            while index < count, unsafe base[index] >= UInt8(ascii: "0"),
                unsafe base[index] <= UInt8(ascii: "9")
            {
                index += 1
            }
            if index == digitsStart { throw error("ugyldig tall") }
        }
        if isInteger, index - start <= 15 {
            // Fast path: up to 15 digits are exact in a Double.
            var value: Int64 = 0
            var i = start
            let negative = unsafe base[i] == UInt8(ascii: "-")
            if negative { i += 1 }
            while i < index {
                value = unsafe value * 10 + Int64(base[i] - UInt8(ascii: "0"))
                i += 1
            }
            return Double(negative ? -value : value)
        }
        return unsafe strtod(
            UnsafeRawPointer(base + start).assumingMemoryBound(to: CChar.self), nil)
    }
}
