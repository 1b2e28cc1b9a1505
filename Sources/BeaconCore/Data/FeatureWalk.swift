/// The features of an edited places file found by where the last parse found
/// them (`FeatureMemo.spans`), not by scanning every byte: at each element's
/// start the remembered feature expected there is hashed in place, and only
/// an element that matches none is scanned. An edit in a 7 MB file costs one
/// hash of the file instead of a scan of every byte outside its strings and a
/// hash besides.
///
/// A match needs the remembered bytes, by hash and length, followed by a
/// separator (`,` or `]`): from an element's start those bytes are one whole
/// JSON value, the same one the memo's file had. Anything unusual gives nil,
/// and the caller scans the file as usual (`FeatureSplitter.featureRanges`),
/// which also judges whether it is valid.
extension FeatureSplitter {
    /// Per element of the features array, in order: its bytes, their hash
    /// (`FeatureMemo.hash`), and the remembered feature they are (or nil).
    struct WalkedElements {
        var ranges: [Range<Int>] = []
        var hashes: [UInt64] = []
        var remembered: [Int?] = []
    }

    /// The features and the document's other parts (see `featureRanges(_:)`),
    /// the features walked by `memo`; nil when the walk gave up or the layout is unusual.
    static func featureRanges(_ bytes: UnsafeBufferPointer<UInt8>, following memo: FeatureReuse)
        -> (features: WalkedElements, otherRanges: [Range<Int>])?
    {
        var walked: WalkedElements?
        guard
            let split = featureRanges(
                bytes,
                elements: { scanner in
                    walked = scanner.arrayElements(following: memo)
                    return walked?.ranges
                }), let walked
        else { return nil }
        return (walked, split.otherRanges)
    }
}

extension FeatureSplitter.Scanner {
    /// The walk gives up (for a plain scan) when this many elements, and more than half of those walked, match nothing.
    static let walkMissLimit = 64

    /// The elements of the array at `index` (its `[`), walked by `memo`: a big file on two cores, the
    /// second half from where the memo's middle feature stands now (see `walkedOnTwoCores`).
    /// `minimumBytes` and `splittingAt` (a remembered feature to start the second half at) are for tests.
    mutating func arrayElements(
        following memo: FeatureReuse, minimumBytes: Int = 4 << 20,
        splittingAt split: Int? = nil
    ) -> FeatureSplitter.WalkedElements? {
        guard consume(UInt8(ascii: "[")) else { return nil }
        skipWhitespace()
        if consume(UInt8(ascii: "]")) { return FeatureSplitter.WalkedElements() }
        // Everything after the last edit stands where it stood, moved by the change in length.
        let shift = bytes.count - memo.fileLength
        if bytes.count - index >= minimumBytes,
            let (guess, middle) = guessedElement(memo, shift: shift, remembered: split ?? memo.spans.count / 2)
        {
            return walkedOnTwoCores(memo, shift: shift, guess: guess, remembered: middle)
        }
        var walk = ElementWalk(expected: 0, reserving: memo.rememberedCount)
        guard case .end(let end) = walk.run(&self, memo, shift: shift, stoppingAt: nil) else { return nil }
        index = end
        return walk.elements
    }

    /// The walk from here to the array's end, and at the same time from `guess`, where remembered
    /// feature `middle` stands now. The second half is trusted only when the first reaches an element
    /// that starts exactly at `guess`: from the same byte both go on alike, whatever either expected
    /// (a match is by the bytes' hash), so the joined result is the one-core walk's. Otherwise the
    /// first simply goes on to the end.
    private mutating func walkedOnTwoCores(_ memo: FeatureReuse, shift: Int, guess: Int, remembered middle: Int)
        -> FeatureSplitter.WalkedElements?
    {
        let shared = SharedReadOnlyBytes(bytes)
        let start = index
        let halves = ParallelChunks.map(count: 2, chunkSize: 1) { half -> (ElementWalk, ElementWalk.Stop) in
            var scanner = FeatureSplitter.Scanner(bytes: shared.bytes, index: half == 0 ? start : guess)
            var walk = ElementWalk(
                expected: half == 0 ? 0 : middle,
                reserving: half == 0 ? middle + 16 : memo.rememberedCount - middle + 16)
            let stop = walk.run(&scanner, memo, shift: shift, stoppingAt: half == 0 ? guess : nil)
            return (walk, stop)
        }
        var (first, firstStop) = halves[0]
        switch firstStop {
        case .end(let end):
            index = end
            return first.elements
        case .reachedStop:
            if case .end(let end) = halves[1].1 {
                first.elements.append(halves[1].0.elements)
                index = end
                return first.elements
            }
            // The second half gave up or failed on its own: the first goes on from where it stopped.
            index = guess
            guard case .end(let end) = first.run(&self, memo, shift: shift, stoppingAt: nil) else { return nil }
            index = end
            return first.elements
        case .failed:
            return nil
        }
    }

    /// Where remembered feature `middle` (or the first after it) stands now, checked by its hash: where it
    /// stood (the edits lie after it) or moved by the change in length (they lie before it).
    func guessedElement(_ memo: FeatureReuse, shift: Int, remembered middle: Int) -> (Int, Int)? {
        guard middle > 0, middle < memo.spans.count else { return nil }
        for position in shift == 0
            ? [memo.spans[middle].start] : [memo.spans[middle].start, memo.spans[middle].start + shift]
        {
            guard position > index, position < bytes.count, remembered(middle, at: position, memo) != nil else {
                continue
            }
            // An element's start: a comma before it, across whitespace.
            var before = position - 1
            while before > index,
                bytes[before] == 0x20 || bytes[before] == 0x0A || bytes[before] == 0x0D || bytes[before] == 0x09
            { before -= 1 }
            if bytes[before] == UInt8(ascii: ",") { return (position, middle) }
        }
        return nil
    }

    /// The remembered feature whose bytes start at `start`, with their hash and end. Tried: the one
    /// expected next, the one after it (the expected one was edited or removed), and the one that
    /// started at `start - shift` (the elements after an edit).
    func rememberedElement(at start: Int, expected: Int, shift: Int, _ memo: FeatureReuse) -> (
        Int, hash: UInt64, end: Int
    )? {
        if let (hash, end) = remembered(expected, at: start, memo) { return (expected, hash, end) }
        if let (hash, end) = remembered(expected + 1, at: start, memo) { return (expected + 1, hash, end) }
        if let moved = memo.remembered(startingAt: start - shift), moved != expected, moved != expected + 1,
            let (hash, end) = remembered(moved, at: start, memo)
        {
            return (moved, hash, end)
        }
        return nil
    }

    /// The hash and end of the remembered feature `candidate`, when its bytes stand at `start` and a separator follows.
    func remembered(_ candidate: Int, at start: Int, _ memo: FeatureReuse) -> (hash: UInt64, end: Int)? {
        guard candidate < memo.spans.count else { return nil }
        let end = start + memo.spans[candidate].length
        guard end < bytes.count else { return nil }
        // Cheap first: a separator after it (most wrong guesses end mid-element).
        var next = end
        while next < bytes.count,
            bytes[next] == 0x20 || bytes[next] == 0x0A || bytes[next] == 0x0D || bytes[next] == 0x09
        { next += 1 }
        guard next < bytes.count, bytes[next] == UInt8(ascii: ",") || bytes[next] == UInt8(ascii: "]") else {
            return nil
        }
        let hash = FeatureMemo.hash(UnsafeRawBufferPointer(start: bytes.baseAddress! + start, count: end - start))
        return hash == memo.hash(remembered: candidate) ? (hash, end) : nil
    }
}

/// A walk through an array's elements, which can stop at a given element start and go on later.
struct ElementWalk {
    var elements = FeatureSplitter.WalkedElements()
    /// The remembered feature looked for first at the next element.
    var expected: Int
    private var misses = 0

    init(expected: Int, reserving capacity: Int) {
        self.expected = expected
        elements.ranges.reserveCapacity(capacity)
        elements.hashes.reserveCapacity(capacity)
        elements.remembered.reserveCapacity(capacity)
    }

    enum Stop {
        /// At the array's end: the index after its `]`.
        case end(Int)
        /// An element starts exactly at the stop asked for (it is not walked).
        case reachedStop
        /// Not JSON as expected, or too few elements matched (a plain scan does better).
        case failed
    }

    /// Walks from `scanner.index` (an element's start, or whitespace before it) to the array's end, or
    /// until an element starts at `stop`.
    mutating func run(_ scanner: inout FeatureSplitter.Scanner, _ memo: FeatureReuse, shift: Int, stoppingAt stop: Int?)
        -> Stop
    {
        while true {
            scanner.skipWhitespace()
            let start = scanner.index
            if start == stop { return .reachedStop }
            if let (found, hash, end) = scanner.rememberedElement(at: start, expected: expected, shift: shift, memo) {
                scanner.index = end
                elements.hashes.append(hash)
                elements.remembered.append(found)
                expected = found + 1
            } else {
                guard scanner.skipValue() else { return .failed }
                elements.hashes.append(
                    FeatureMemo.hash(
                        UnsafeRawBufferPointer(start: scanner.bytes.baseAddress! + start, count: scanner.index - start))
                )
                elements.remembered.append(nil)
                misses += 1
                if misses > FeatureSplitter.Scanner.walkMissLimit && misses * 2 > elements.remembered.count {
                    return .failed
                }
            }
            elements.ranges.append(start..<scanner.index)
            scanner.skipWhitespace()
            if scanner.consume(UInt8(ascii: ",")) { continue }
            guard scanner.consume(UInt8(ascii: "]")) else { return .failed }
            return .end(scanner.index)
        }
    }
}

extension FeatureSplitter.WalkedElements {
    mutating func append(_ other: Self) {
        ranges += other.ranges
        hashes += other.hashes
        remembered += other.remembered
    }
}
