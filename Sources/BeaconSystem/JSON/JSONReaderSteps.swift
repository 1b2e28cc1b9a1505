/// `JSONParser.Reader` a step at a time, for readers that take a large document
/// member by member instead of as one tree: into an object or array, to the next
/// member or item, and values read as the type expected (anything else is parsed,
/// so that broken JSON is still reported, and read loosely).
extension JSONParser.Reader {
    /// Past the `{` at the reader: whether a member follows.
    package mutating func openObject() throws -> Bool { try open(closing: UInt8(ascii: "}")) }

    /// Past the `[` at the reader: whether an item follows.
    package mutating func openArray() throws -> Bool { try open(closing: UInt8(ascii: "]")) }

    /// A member's name and the `:` after it.
    package mutating func memberName() throws -> String {
        skipWhitespace()
        guard index < count, unsafe base[index] == UInt8(ascii: "\"") else {
            throw error("forventet et navn i anførselstegn")
        }
        let name = try parseString()
        skipWhitespace()
        guard index < count, unsafe base[index] == UInt8(ascii: ":") else {
            throw error("forventet «:»")
        }
        index += 1
        skipWhitespace()
        return name
    }

    /// Past a member and its `,`: whether another follows (false past the closing `}`).
    package mutating func nextMember() throws -> Bool { try next(closing: UInt8(ascii: "}")) }

    /// Past an item and its `,`: whether another follows (false past the closing `]`).
    package mutating func nextItem() throws -> Bool { try next(closing: UInt8(ascii: "]")) }

    /// The byte the next value begins with (0 at the end).
    package var nextByte: UInt8 { unsafe index < count ? base[index] : 0 }

    /// A number, or a string holding one; nil for anything else (parsed and dropped).
    package mutating func number(depth: Int) throws -> Double? {
        switch nextByte {
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return try plainDecimal() ?? parseNumber()
        default: return try parseValue(depth: depth).looseDouble
        }
    }

    /// `59.9127` or `-12`, the way coordinates and ids are written, without strtod: up to 15
    /// digits are a whole double, and one division by a power of ten rounds once, as strtod
    /// does. Nil (the index unmoved) for anything else: exponents, long numbers, bad grammar.
    private mutating func plainDecimal() -> Double? {
        var position = index
        let negative = unsafe base[position] == UInt8(ascii: "-")
        if negative { position += 1 }
        var mantissa: UInt64 = 0
        var digits = 0
        var fractionDigits = 0
        let integerStart = position
        while position < count, unsafe base[position] >= UInt8(ascii: "0"),
            unsafe base[position] <= UInt8(ascii: "9")
        {
            mantissa = unsafe mantissa &* 10 &+ UInt64(base[position] - UInt8(ascii: "0"))
            position += 1
        }
        digits = position - integerStart
        // JSON allows no leading zero before another digit.
        guard digits > 0, unsafe !(digits > 1 && base[integerStart] == UInt8(ascii: "0")) else {
            return nil
        }
        if position < count, unsafe base[position] == UInt8(ascii: ".") {
            position += 1
            let fractionStart = position
            while position < count, unsafe base[position] >= UInt8(ascii: "0"),
                unsafe base[position] <= UInt8(ascii: "9")
            {
                mantissa = unsafe mantissa &* 10 &+ UInt64(base[position] - UInt8(ascii: "0"))
                position += 1
            }
            fractionDigits = position - fractionStart
            guard fractionDigits > 0 else { return nil }
        }
        guard digits + fractionDigits <= 15 else { return nil }
        if position < count, unsafe base[position] | 0x20 == UInt8(ascii: "e") { return nil }
        index = position
        let value = Double(mantissa) / JSONParser.Reader.powersOfTen[fractionDigits]
        return negative ? -value : value
    }

    private static let powersOfTen: [Double] = (0...15).map { exponent in
        var value = 1.0
        for _ in 0..<exponent { value *= 10 }
        return value
    }

    /// A whole number that fits in 64 bits (an OSM id); nil for anything else.
    package mutating func integer(depth: Int) throws -> Int64? {
        try number(depth: depth).flatMap { Int64(exactly: $0) }
    }

    /// A string, or a number or bool written as text; nil for anything else.
    package mutating func text(depth: Int) throws -> String? {
        if nextByte == UInt8(ascii: "\"") { return try parseString() }
        return try parseValue(depth: depth).looseString
    }

    private mutating func open(closing: UInt8) throws -> Bool {
        index += 1
        skipWhitespace()
        guard index < count else { throw error("JSON-teksten slutter for tidlig") }
        if unsafe base[index] == closing {
            index += 1
            return false
        }
        return true
    }

    private mutating func next(closing: UInt8) throws -> Bool {
        skipWhitespace()
        guard index < count else { throw error("JSON-teksten slutter for tidlig") }
        switch unsafe base[index] {
        case UInt8(ascii: ","):
            index += 1
            skipWhitespace()
            return true
        case closing:
            index += 1
            return false
        default:
            throw error(
                closing == UInt8(ascii: "}") ? "forventet «,» eller «}»" : "forventet «,» eller «]»"
            )
        }
    }
}

extension JSONParser {
    /// Runs `body` with a reader at the start of `bytes` (past a UTF-8 byte order mark), for a
    /// document read a step at a time. The reader lends `bytes`' storage: it must not outlive
    /// `body`.
    package static func withReader<Result, Failure: Error>(
        over bytes: [UInt8], _ body: (inout Reader) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        var terminated = bytes
        terminated.append(0)  // for strtod
        return try unsafe terminated.withUnsafeBufferPointer { buffer throws(Failure) in
            var reader = unsafe Reader(base: buffer.baseAddress!, count: bytes.count)
            if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
                reader.index = 3
            }
            return try body(&reader)
        }
    }
}
