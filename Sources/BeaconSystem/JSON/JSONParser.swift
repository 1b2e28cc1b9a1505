import FoundationEssentials
import Glibc

/// Why a JSON text could not be read, with the position a person can look up.
package struct JSONParseError: Error, Sendable, Equatable {
    package var message: String
    package var line: Int
    package var column: Int

    /// Norwegian description, e.g. "linje 3, kolonne 7: uventet tegn".
    package var localizedDescription: String { "linje \(line), kolonne \(column): \(message)" }

    /// The message for nesting past `JSONParser.maximumDepth`: the text is whole, only too deep to
    /// read.
    package static let tooDeepMessage = "for dyp nøsting"
    /// Whether the text was refused for its nesting rather than for being broken or cut off.
    package var isTooDeep: Bool { message == Self.tooDeepMessage }
}

/// A strict RFC 8259 parser over UTF-8 bytes. Written for speed on large
/// places files (100,000 features): one pass, no Foundation bridging, small
/// strings stay inline.
package struct JSONParser {
    /// Nesting deeper than this is refused rather than risking the stack.
    package static let maximumDepth = 512

    package static func parse(_ data: Data) throws(JSONParseError) -> JSONValue {
        var terminated: [UInt8] = []
        terminated.reserveCapacity(data.count + 1)
        terminated.append(contentsOf: data)
        terminated.append(0)
        return try parse(bytes: terminated, count: data.count, strict: false)
    }

    package static func parse(bytes: [UInt8]) throws(JSONParseError) -> JSONValue {
        var terminated = bytes
        terminated.append(0)
        return try parse(bytes: terminated, count: bytes.count, strict: false)
    }

    /// For the owner's own files (store, settings), where reading something
    /// other than what is written would lose data on the next save: invalid
    /// UTF-8, an escaped lone surrogate (`\ud800`) and a name that occurs twice
    /// in one object are errors, not silently repaired or overwritten.
    package static func parseStrict(bytes: [UInt8]) throws(JSONParseError) -> JSONValue {
        if let offset = firstInvalidUTF8(bytes) {
            var line = 1
            var column = 1
            for byte in bytes[..<offset] {
                if byte == UInt8(ascii: "\n") {
                    line += 1
                    column = 1
                } else if byte & 0xC0 != 0x80 {
                    column += 1
                }
            }
            let hex = String(bytes[offset], radix: 16, uppercase: true)
            throw JSONParseError(
                message:
                    "ugyldig UTF-8 (byte 0x\(hex.count == 1 ? "0" : "")\(hex)); filen må være lagret som UTF-8",
                line: line, column: column)
        }
        var terminated = bytes
        terminated.append(0)
        return try parse(bytes: terminated, count: bytes.count, strict: true)
    }

    /// The offset of the first byte that is not part of well-formed UTF-8, or nil.
    package static func firstInvalidUTF8(_ bytes: [UInt8]) -> Int? {
        if String(validating: bytes, as: UTF8.self) != nil { return nil }
        var index = 0
        while index < bytes.count {
            let lead = bytes[index]
            let length: Int
            var lower: UInt8 = 0x80
            var upper: UInt8 = 0xBF
            switch lead {
            case 0x00...0x7F:
                index += 1
                continue
            case 0xC2...0xDF: length = 2
            case 0xE0:
                length = 3
                lower = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED:
                length = 3
                upper = 0x9F
            case 0xF0:
                length = 4
                lower = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4:
                length = 4
                upper = 0x8F
            default: return index
            }
            guard index + length <= bytes.count else { return index }
            for offset in 1..<length {
                let byte = bytes[index + offset]
                let (low, high) = offset == 1 ? (lower, upper) : (UInt8(0x80), UInt8(0xBF))
                guard byte >= low && byte <= high else { return index }
            }
            index += length
        }
        return nil
    }

    package static func parse(_ text: String) throws(JSONParseError) -> JSONValue {
        var bytes = Array(text.utf8)
        bytes.append(0)
        return try parse(bytes: bytes, count: bytes.count - 1, strict: false)
    }

    /// Parses `range` of a buffer that holds a NUL somewhere after the range
    /// (for `strtod`); used to parse parts of one big document in parallel.
    package static func parse(_ base: UnsafePointer<UInt8>, range: Range<Int>)
        throws(JSONParseError) -> JSONValue
    {
        var reader = unsafe Reader(base: base + range.lowerBound, count: range.count)
        do {
            reader.skipWhitespace()
            let value = try reader.parseValue(depth: 0)
            reader.skipWhitespace()
            if reader.index != range.count {
                throw reader.error("mer innhold etter slutten av JSON-verdien")
            }
            return value
        } catch let error as JSONParseError {
            throw error
        } catch {
            throw JSONParseError(message: "\(error)", line: 0, column: 0)
        }
    }

    /// `bytes` must hold a NUL after `count` bytes (for `strtod`).
    static func parse(bytes: [UInt8], count: Int, strict: Bool) throws(JSONParseError) -> JSONValue
    {
        let result: Result<JSONValue, JSONParseError> = unsafe bytes.withUnsafeBufferPointer {
            buffer in
            var reader = unsafe Reader(base: buffer.baseAddress!, count: count, strict: strict)
            // A UTF-8 byte order mark (Windows editors write one) is skipped, as RFC 8259 allows.
            if count >= 3, unsafe buffer[0] == 0xEF, unsafe buffer[1] == 0xBB,
                unsafe buffer[2] == 0xBF
            {
                reader.index = 3
            }
            do {
                reader.skipWhitespace()
                let value = try reader.parseValue(depth: 0)
                reader.skipWhitespace()
                if reader.index != count {
                    throw reader.error("mer innhold etter slutten av JSON-verdien")
                }
                return .success(value)
            } catch let error as JSONParseError {
                return .failure(error)
            } catch {
                return .failure(JSONParseError(message: "\(error)", line: 0, column: 0))
            }
        }
        return try result.get()
    }

    @safe package struct Reader {
        package let base: UnsafePointer<UInt8>
        package let count: Int
        /// See `parseStrict`.
        package let strict: Bool
        package var index = 0

        package init(base: UnsafePointer<UInt8>, count: Int, strict: Bool = false) {
            unsafe self.base = unsafe base
            self.count = count
            self.strict = strict
        }

        package func error(_ message: String) -> JSONParseError {
            var line = 1
            var column = 1
            var i = 0
            while i < index && i < count {
                if unsafe base[i] == UInt8(ascii: "\n") {
                    line += 1
                    column = 1
                } else if unsafe base[i] & 0xC0 != 0x80 {
                    column += 1
                }
                i += 1
            }
            return JSONParseError(message: message, line: line, column: column)
        }

        package mutating func skipWhitespace() {
            while index < count {
                switch unsafe base[index] {
                case 0x20, 0x0A, 0x0D, 0x09: index += 1
                default: return
                }
            }
        }

        package mutating func parseValue(depth: Int) throws -> JSONValue {
            guard index < count else { throw error("JSON-teksten slutter for tidlig") }
            switch unsafe base[index] {
            case UInt8(ascii: "{"): return try parseObject(depth: depth + 1)
            case UInt8(ascii: "["): return try parseArray(depth: depth + 1)
            case UInt8(ascii: "\""): return .string(try parseString())
            case UInt8(ascii: "t"):
                try expectLiteral("true")
                return .bool(true)
            case UInt8(ascii: "f"):
                try expectLiteral("false")
                return .bool(false)
            case UInt8(ascii: "n"):
                try expectLiteral("null")
                return .null
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                return .number(try parseNumber())
            default: throw error("uventet tegn")
            }
        }

        package mutating func expectLiteral(_ literal: StaticString) throws {
            let length = literal.utf8CodeUnitCount
            guard index + length <= count else { throw error("JSON-teksten slutter for tidlig") }
            let start = unsafe literal.utf8Start
            for offset in 0..<length where unsafe base[index + offset] != start[offset] {
                throw error("uventet tegn")
            }
            index += length
        }

        package mutating func parseObject(depth: Int) throws -> JSONValue {
            guard depth <= JSONParser.maximumDepth else {
                throw error(JSONParseError.tooDeepMessage)
            }
            index += 1
            var members: [(key: String, value: JSONValue)] = []
            /// Names seen so far, once an object is too big for a linear search (strict mode only).
            var names: Set<String>?
            skipWhitespace()
            if index < count, unsafe base[index] == UInt8(ascii: "}") {
                index += 1
                return .object(members)
            }
            while true {
                skipWhitespace()
                guard index < count, unsafe base[index] == UInt8(ascii: "\"") else {
                    throw error("forventet et navn i anførselstegn")
                }
                let keyStart = index
                let key = try parseString()
                if strict {
                    if names == nil, members.count >= 16 { names = Set(members.map(\.key)) }
                    let isDuplicate: Bool
                    if names != nil {
                        isDuplicate = !names!.insert(key).inserted
                    } else {
                        isDuplicate = members.contains(where: { $0.key == key })
                    }
                    if isDuplicate {
                        index = keyStart
                        throw error("navnet «\(key)» står to ganger i samme objekt")
                    }
                }
                skipWhitespace()
                guard index < count, unsafe base[index] == UInt8(ascii: ":") else {
                    throw error("forventet «:»")
                }
                index += 1
                skipWhitespace()
                let value = try parseValue(depth: depth)
                members.append((key, value))
                skipWhitespace()
                guard index < count else { throw error("JSON-teksten slutter for tidlig") }
                if unsafe base[index] == UInt8(ascii: ",") {
                    index += 1
                    continue
                }
                if unsafe base[index] == UInt8(ascii: "}") {
                    index += 1
                    return .object(members)
                }
                throw error("forventet «,» eller «}»")
            }
        }

        package mutating func parseArray(depth: Int) throws -> JSONValue {
            guard depth <= JSONParser.maximumDepth else {
                throw error(JSONParseError.tooDeepMessage)
            }
            index += 1
            var items: [JSONValue] = []
            skipWhitespace()
            if index < count, unsafe base[index] == UInt8(ascii: "]") {
                index += 1
                return .array(items)
            }
            while true {
                skipWhitespace()
                items.append(try parseValue(depth: depth))
                skipWhitespace()
                guard index < count else { throw error("JSON-teksten slutter for tidlig") }
                if unsafe base[index] == UInt8(ascii: ",") {
                    index += 1
                    continue
                }
                if unsafe base[index] == UInt8(ascii: "]") {
                    index += 1
                    return .array(items)
                }
                throw error("forventet «,» eller «]»")
            }
        }
    }
}
