#if canImport(Glibc)
import Glibc
#else
import Foundation
#endif

/// Finds the byte ranges of the elements of a FeatureCollection's top-level
/// `features` array without building any values, so a 90 MB places file can
/// be parsed and decoded in parallel, a chunk of features per core. Returns
/// nil for anything unusual (it is only a fast path; the caller then parses
/// the whole document).
///
/// The scanner only finds boundaries; it does not check what lies between
/// them. `otherRanges` are the document's parts outside the features (each
/// member name, with its quotes, and each other member's value), which the
/// caller must parse too, so that invalid JSON anywhere is still reported.
enum FeatureSplitter {
    static func featureRanges(_ bytes: UnsafeBufferPointer<UInt8>) -> (features: [Range<Int>], otherRanges: [Range<Int>])? {
        var scanner = Scanner(bytes: bytes)
        scanner.skipWhitespace()
        guard scanner.consume(UInt8(ascii: "{")) else { return nil }
        var ranges: [Range<Int>]?
        var others: [Range<Int>] = []
        while true {
            scanner.skipWhitespace()
            if scanner.consume(UInt8(ascii: "}")) { break }
            let keyStart = scanner.index
            guard let key = scanner.stringRange() else { return nil }
            others.append(keyStart..<scanner.index)
            scanner.skipWhitespace()
            guard scanner.consume(UInt8(ascii: ":")) else { return nil }
            scanner.skipWhitespace()
            if scanner.equals(key, "features") {
                guard ranges == nil, let elements = scanner.arrayElements() else { return nil }
                ranges = elements
            } else {
                let valueStart = scanner.index
                guard scanner.skipValue() else { return nil }
                others.append(valueStart..<scanner.index)
            }
            scanner.skipWhitespace()
            if scanner.consume(UInt8(ascii: ",")) { continue }
            guard scanner.consume(UInt8(ascii: "}")) else { return nil }
            break
        }
        scanner.skipWhitespace()
        guard scanner.index == bytes.count, let ranges else { return nil }
        return (ranges, others)
    }

    struct Scanner {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0

        mutating func skipWhitespace() {
            while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D || bytes[index] == 0x09 { index += 1 }
        }

        mutating func consume(_ byte: UInt8) -> Bool {
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
            return true
        }

        func equals(_ range: Range<Int>, _ text: StaticString) -> Bool {
            guard range.count == text.utf8CodeUnitCount else { return false }
            let start = text.utf8Start
            for offset in 0..<range.count where bytes[range.lowerBound + offset] != start[offset] { return false }
            return true
        }

        /// The contents of a string (between the quotes), skipping escapes.
        /// Most of a places file is text: the closing quote is found with
        /// `memchr` (many bytes a step), then checked for a backslash before it.
        mutating func stringRange() -> Range<Int>? {
            guard consume(UInt8(ascii: "\"")) else { return nil }
            let start = index
            let base = bytes.baseAddress!
            while index < bytes.count {
                guard let found = memchr(base + index, Int32(UInt8(ascii: "\"")), bytes.count - index) else { return nil }
                let quote = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                var backslashes = 0
                while quote - backslashes - 1 >= start, bytes[quote - backslashes - 1] == UInt8(ascii: "\\") { backslashes += 1 }
                index = quote + 1
                if backslashes % 2 == 0 { return start..<quote }
            }
            return nil
        }

        /// Skips one value of any kind, tracking strings and nesting.
        mutating func skipValue() -> Bool {
            guard index < bytes.count else { return false }
            switch bytes[index] {
            case UInt8(ascii: "\""):
                return stringRange() != nil
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                var depth = 0
                while index < bytes.count {
                    switch bytes[index] {
                    case UInt8(ascii: "\""):
                        guard stringRange() != nil else { return false }
                        continue
                    case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                    case UInt8(ascii: "}"), UInt8(ascii: "]"):
                        depth -= 1
                        if depth == 0 { index += 1; return true }
                    default: break
                    }
                    index += 1
                }
                return false
            default:
                // A number or a literal: up to the next delimiter.
                while index < bytes.count {
                    let byte = bytes[index]
                    if byte == UInt8(ascii: ",") || byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") || byte <= 0x20 { break }
                    index += 1
                }
                return true
            }
        }

        mutating func arrayElements() -> [Range<Int>]? {
            guard consume(UInt8(ascii: "[")) else { return nil }
            var ranges: [Range<Int>] = []
            skipWhitespace()
            if consume(UInt8(ascii: "]")) { return ranges }
            while true {
                skipWhitespace()
                let start = index
                guard skipValue() else { return nil }
                ranges.append(start..<index)
                skipWhitespace()
                if consume(UInt8(ascii: ",")) { continue }
                guard consume(UInt8(ascii: "]")) else { return nil }
                return ranges
            }
        }
    }
}
