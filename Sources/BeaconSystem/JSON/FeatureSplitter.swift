import Glibc

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
package enum FeatureSplitter {
    package static func featureRanges(_ bytes: UnsafeBufferPointer<UInt8>) -> (
        features: [Range<Int>], otherRanges: [Range<Int>]
    )? {
        unsafe featureRanges(bytes) { $0.arrayElementsOnTwoCores() }
    }

    /// The same, the features array's elements found by `elements` (from its `[`).
    package static func featureRanges(
        _ bytes: UnsafeBufferPointer<UInt8>, elements: (inout Scanner) -> [Range<Int>]?
    )
        -> (features: [Range<Int>], otherRanges: [Range<Int>])?
    {
        var scanner = unsafe Scanner(bytes: bytes)
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
                guard ranges == nil, let found = elements(&scanner) else { return nil }
                ranges = found
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

    @safe package struct Scanner {
        package let bytes: UnsafeBufferPointer<UInt8>
        package var index = 0

        package mutating func skipWhitespace() {
            while unsafe index < bytes.count,
                unsafe bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D
                    || bytes[index] == 0x09
            { index += 1 }
        }

        package mutating func consume(_ byte: UInt8) -> Bool {
            guard unsafe index < bytes.count, unsafe bytes[index] == byte else { return false }
            index += 1
            return true
        }

        package func equals(_ range: Range<Int>, _ text: StaticString) -> Bool {
            guard range.count == text.utf8CodeUnitCount else { return false }
            let start = unsafe text.utf8Start
            for offset in 0..<range.count
            where unsafe bytes[range.lowerBound + offset] != start[offset] {
                return false
            }
            return true
        }

        /// The contents of a string (between the quotes), skipping escapes.
        /// Most of a places file is text: the closing quote is found with
        /// `memchr` (many bytes a step), then checked for a backslash before it.
        package mutating func stringRange() -> Range<Int>? {
            guard consume(UInt8(ascii: "\"")) else { return nil }
            let start = index
            let base = unsafe bytes.baseAddress!
            while unsafe index < bytes.count {
                guard
                    let found = unsafe memchr(
                        base + index, Int32(UInt8(ascii: "\"")), bytes.count - index)
                else {
                    return nil
                }
                let quote = unsafe base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                var backslashes = 0
                while quote - backslashes - 1 >= start,
                    unsafe bytes[quote - backslashes - 1] == UInt8(ascii: "\\")
                {
                    backslashes += 1
                }
                index = quote + 1
                if backslashes % 2 == 0 { return start..<quote }
            }
            return nil
        }

        /// Skips one value of any kind, tracking strings and nesting.
        package mutating func skipValue() -> Bool {
            guard unsafe index < bytes.count else { return false }
            switch unsafe bytes[index] {
            case UInt8(ascii: "\""):
                return stringRange() != nil
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                var depth = 0
                while unsafe index < bytes.count {
                    switch unsafe bytes[index] {
                    case UInt8(ascii: "\""):
                        guard stringRange() != nil else { return false }
                        continue
                    case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                    case UInt8(ascii: "}"), UInt8(ascii: "]"):
                        depth -= 1
                        if depth == 0 {
                            index += 1
                            return true
                        }
                    default: break
                    }
                    index += 1
                }
                return false
            default:
                // A number or a literal: up to the next delimiter.
                while unsafe index < bytes.count {
                    let byte = unsafe bytes[index]
                    if byte == UInt8(ascii: ",") || byte == UInt8(ascii: "}")
                        || byte == UInt8(ascii: "]")
                        || byte <= 0x20
                    {
                        break
                    }
                    index += 1
                }
                return true
            }
        }

        /// `arrayElements()` with its second half scanned at the same time, from a guessed element
        /// start (a `{` after a `,`). The guess is only trusted when the scan from the array's
        /// start reaches an element that starts exactly there: from the same state at the same
        /// byte, both scans go on alike, so the result is the one-pass result. Otherwise (the guess
        /// lay inside a string, say) the first scan simply goes on to the end. Small arrays take
        /// one pass. `splittingAt`: where to start looking for the guess (tests); the middle of
        /// what is left.
        package mutating func arrayElementsOnTwoCores(
            minimumBytes: Int = 4 << 20, splittingAt split: Int? = nil
        )
            -> [Range<
                Int
            >]?
        {
            let remaining = unsafe bytes.count - index
            guard remaining >= minimumBytes,
                let guess = guessedElementStart(from: split ?? index + remaining / 2)
            else {
                return arrayElements()
            }
            let shared = unsafe SharedReadOnlyBytes(bytes)
            let start = index
            let parts = ParallelChunks.map(count: 2, chunkSize: 1) { part -> ScanPart in
                var scanner = unsafe Scanner(bytes: shared.bytes, index: part == 0 ? start : guess)
                return part == 0
                    ? scanner.arrayElements(stoppingAt: guess) : scanner.elements(from: guess)
            }
            switch (parts[0], parts[1]) {
            case (.finished(let ranges, let end), _):
                index = end
                return ranges
            case (.reachedGuess(let first), .finished(let second, let end)):
                index = end
                return first + second
            default:
                return nil
            }
        }

        package enum ScanPart: Sendable {
            /// The elements up to the array's end, and the index after its `]`.
            case finished([Range<Int>], end: Int)
            /// The elements before the guess; an element starts exactly at the guess.
            case reachedGuess([Range<Int>])
            case failed
        }

        /// The first `{` after a `,`, from `position` on (whitespace between them allowed).
        package func guessedElementStart(from position: Int) -> Int? {
            let base = unsafe bytes.baseAddress!
            var searchFrom = position
            while unsafe searchFrom < bytes.count {
                guard
                    let found = unsafe memchr(
                        base + searchFrom, Int32(UInt8(ascii: ",")), bytes.count - searchFrom)
                else {
                    return nil
                }
                var candidate =
                    unsafe base.distance(to: found.assumingMemoryBound(to: UInt8.self)) + 1
                while unsafe candidate < bytes.count,
                    unsafe bytes[candidate] == 0x20 || bytes[candidate] == 0x0A
                        || bytes[candidate] == 0x0D
                        || bytes[candidate] == 0x09
                {
                    candidate += 1
                }
                if unsafe candidate < bytes.count, unsafe bytes[candidate] == UInt8(ascii: "{") {
                    return candidate
                }
                searchFrom = candidate
            }
            return nil
        }

        /// `arrayElements()` from the `[`, stopping when an element starts at `guess`.
        package mutating func arrayElements(stoppingAt guess: Int?) -> ScanPart {
            guard consume(UInt8(ascii: "[")) else { return .failed }
            skipWhitespace()
            if consume(UInt8(ascii: "]")) { return .finished([], end: index) }
            return elements(stoppingAt: guess)
        }

        /// The array's elements from one that starts at `start` to the array's end.
        package mutating func elements(from start: Int) -> ScanPart {
            index = start
            return elements(stoppingAt: nil)
        }

        /// The elements from here (an element's start, or whitespace before it) to the array's end.
        private mutating func elements(stoppingAt guess: Int?) -> ScanPart {
            var ranges: [Range<Int>] = []
            while true {
                skipWhitespace()
                let start = index
                if start == guess { return .reachedGuess(ranges) }
                guard skipValue() else { return .failed }
                ranges.append(start..<index)
                skipWhitespace()
                if consume(UInt8(ascii: ",")) { continue }
                guard consume(UInt8(ascii: "]")) else { return .failed }
                return .finished(ranges, end: index)
            }
        }

        package mutating func arrayElements() -> [Range<Int>]? {
            guard case .finished(let ranges, let end) = arrayElements(stoppingAt: nil) else {
                return nil
            }
            index = end
            return ranges
        }
    }
}
