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
        -> (features: WalkedElements, otherRanges: [Range<Int>])? {
        var walked: WalkedElements?
        guard let split = featureRanges(bytes, elements: { scanner in
            walked = scanner.arrayElements(following: memo)
            return walked?.ranges
        }), let walked else { return nil }
        return (walked, split.otherRanges)
    }
}

extension FeatureSplitter.Scanner {
    /// The walk gives up (for a plain scan) when this many elements, and more than half of those walked, match nothing.
    static let walkMissLimit = 64

    /// The elements of the array at `index` (its `[`), walked by `memo`.
    mutating func arrayElements(following memo: FeatureReuse) -> FeatureSplitter.WalkedElements? {
        guard consume(UInt8(ascii: "[")) else { return nil }
        var walked = FeatureSplitter.WalkedElements()
        walked.ranges.reserveCapacity(memo.rememberedCount + 16)
        walked.hashes.reserveCapacity(memo.rememberedCount + 16)
        walked.remembered.reserveCapacity(memo.rememberedCount + 16)
        skipWhitespace()
        if consume(UInt8(ascii: "]")) { return walked }
        // Everything after the last edit stands where it stood, moved by the change in length.
        let shift = bytes.count - memo.fileLength
        var expected = 0
        var misses = 0
        while true {
            skipWhitespace()
            let start = index
            if let (found, hash, end) = rememberedElement(at: start, expected: expected, shift: shift, memo) {
                index = end
                walked.hashes.append(hash)
                walked.remembered.append(found)
                expected = found + 1
            } else {
                guard skipValue() else { return nil }
                walked.hashes.append(FeatureMemo.hash(UnsafeRawBufferPointer(start: bytes.baseAddress! + start, count: index - start)))
                walked.remembered.append(nil)
                misses += 1
                if misses > Self.walkMissLimit && misses * 2 > walked.remembered.count { return nil }
            }
            walked.ranges.append(start..<index)
            skipWhitespace()
            if consume(UInt8(ascii: ",")) { continue }
            guard consume(UInt8(ascii: "]")) else { return nil }
            return walked
        }
    }

    /// The remembered feature whose bytes start at `start`, with their hash and end. Tried: the one
    /// expected next, the one after it (the expected one was edited or removed), and the one that
    /// started at `start - shift` (the elements after an edit).
    func rememberedElement(at start: Int, expected: Int, shift: Int, _ memo: FeatureReuse) -> (Int, hash: UInt64, end: Int)? {
        if let (hash, end) = remembered(expected, at: start, memo) { return (expected, hash, end) }
        if let (hash, end) = remembered(expected + 1, at: start, memo) { return (expected + 1, hash, end) }
        if let moved = memo.remembered(startingAt: start - shift), moved != expected, moved != expected + 1,
           let (hash, end) = remembered(moved, at: start, memo) {
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
        while next < bytes.count, bytes[next] == 0x20 || bytes[next] == 0x0A || bytes[next] == 0x0D || bytes[next] == 0x09 { next += 1 }
        guard next < bytes.count, bytes[next] == UInt8(ascii: ",") || bytes[next] == UInt8(ascii: "]") else { return nil }
        let hash = FeatureMemo.hash(UnsafeRawBufferPointer(start: bytes.baseAddress! + start, count: end - start))
        return hash == memo.hash(remembered: candidate) ? (hash, end) : nil
    }
}
