import BeaconTestSupport
import Foundation
import Testing

@testable import BeaconCore

/// An edited places file is walked by where the memo's features stood
/// (`FeatureWalk.swift`): it finds exactly the elements a scan finds, matches
/// the unchanged ones without scanning them, and whatever the edit, decoding
/// with the memo gives what decoding without it gives.
@Suite struct FeatureWalkTests {
    /// The memo of `bytes` (made as a build makes it) and its reuse.
    func reuse(of bytes: [UInt8]) throws -> (base: GuideBase, reuse: FeatureReuse) {
        let decoded = try PlacesDecoder().decode(bytes: bytes)
        let base = GuideAssembler.base(
            places: decoded.places, trace: try #require(decoded.trace), memoKey: "m1", store: GuideStore(),
            settings: .defaults)
        let memo = try #require(base.featureMemo)
        #expect(memo.spans.count == memo.outcomes.count)
        #expect(memo.fileLength == bytes.count)
        return (base, try #require(FeatureReuse(memo: memo, base: base, key: "m1")))
    }

    /// The walk of `bytes`, checked against a plain scan: the same elements, each hash the hash of its
    /// bytes, each match a remembered feature with that hash. Nil when the walk gave up.
    func walk(_ bytes: [UInt8], _ reuse: FeatureReuse) throws -> FeatureSplitter.WalkedElements? {
        try bytes.withUnsafeBufferPointer { buffer -> FeatureSplitter.WalkedElements? in
            let plain = FeatureSplitter.featureRanges(buffer)
            guard let (walked, others) = FeatureSplitter.featureRanges(buffer, following: reuse) else { return nil }
            let scanned = try #require(plain)
            #expect(walked.ranges == scanned.features)
            #expect(others == scanned.otherRanges)
            for (index, range) in walked.ranges.enumerated() {
                let hash = FeatureMemo.hash(
                    UnsafeRawBufferPointer(start: buffer.baseAddress! + range.lowerBound, count: range.count))
                #expect(walked.hashes[index] == hash)
                if let remembered = walked.remembered[index] { #expect(reuse.hash(remembered: remembered) == hash) }
            }
            return walked
        }
    }

    func matched(_ walked: FeatureSplitter.WalkedElements?) -> Int { walked?.remembered.count { $0 != nil } ?? -1 }

    @Test func unchangedFeaturesAreMatchedWhereverTheEditMovedThem() throws {
        let (_, reuse) = try reuse(of: FeatureMemoTests.file(500))
        #expect(matched(try walk(FeatureMemoTests.file(500), reuse)) == 500)
        // A renamed place: everything after it moved by the change in length.
        #expect(matched(try walk(FeatureMemoTests.file(500, edits: [250: "Et mye lengre navn enn før"]), reuse)) == 499)
        #expect(matched(try walk(FeatureMemoTests.file(500, edits: [0: "Først", 499: "Sist"]), reuse)) == 498)
        // Places added at the end, or removed from it.
        #expect(matched(try walk(FeatureMemoTests.file(520), reuse)) == 500)
        #expect(matched(try walk(FeatureMemoTests.file(450), reuse)) == 450)
        // One taken out of the middle, a block taken out, one put in.
        var order = Array(0..<500)
        order.remove(at: 200)
        #expect(matched(try walk(FeatureMemoTests.reordered(500, order), reuse)) == 499)
        order = Array(0..<500)
        order.removeSubrange(100..<300)
        #expect(matched(try walk(FeatureMemoTests.reordered(500, order), reuse)) == 300)
        order = Array(0..<500)
        order.insert(7, at: 300)
        // (The copy of feature 7 stands where no walk looks for it: it is scanned, then found by its hash.)
        #expect(matched(try walk(FeatureMemoTests.reordered(500, order), reuse)) == 500)
    }

    @Test func otherWhitespaceBetweenFeaturesStillMatches() throws {
        let original = FeatureMemoTests.file(100)
        let (_, reuse) = try reuse(of: original)
        let respaced = String(decoding: original, as: UTF8.self).replacingOccurrences(of: ",\n", with: " ,\r\n\t")
        #expect(matched(try walk(Array(respaced.utf8), reuse)) == 100)
    }

    @Test func aFileUnlikeTheMemosIsScannedInstead() throws {
        let (_, reuse) = try reuse(of: FeatureMemoTests.file(300))
        // Every feature different: the walk gives up, and decoding still gives what a plain decode does.
        let other = String(decoding: FeatureMemoTests.file(300), as: UTF8.self).replacingOccurrences(
            of: #""osm_type":"n""#, with: #""osm_type":"node""#)
        #expect(try walk(Array(other.utf8), reuse) == nil)
        let withMemo = try PlacesDecoder().decode(bytes: Array(other.utf8), reusing: reuse)
        #expect(withMemo.places == (try PlacesDecoder().decode(bytes: Array(other.utf8))).places)
        #expect(withMemo.reusedFeatures == 0)
    }

    /// A remembered feature's bytes at an element's start, but not followed by a separator: not a match,
    /// and the file is reported as invalid exactly as without the memo.
    @Test func rememberedBytesFollowedByGarbageAreNotTrusted() throws {
        let original = FeatureMemoTests.file(20)
        let (_, reuse) = try reuse(of: original)
        let text = String(decoding: original, as: UTF8.self)
        let cut = try #require(
            text.range(of: ",\n", options: [], range: text.index(text.startIndex, offsetBy: 500)..<text.endIndex))
        for garbage in [" x", "}", " {}", "1", "]"] {
            let broken = Array((text[..<cut.lowerBound] + garbage + text[cut.lowerBound...]).utf8)
            #expect(throws: (any Error).self) { try PlacesDecoder().decode(bytes: broken) }
            #expect(throws: (any Error).self) { try PlacesDecoder().decode(bytes: broken, reusing: reuse) }
        }
    }

    /// Random edits of every kind (bytes inserted, removed or replaced anywhere, features duplicated or
    /// dropped): decoding with the memo gives exactly what decoding without it gives, or fails as it does.
    @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8] as [UInt64])
    func randomEditsDecodeAsWithoutTheMemo(seed: UInt64) throws {
        var random = SplitMix(seed: seed)
        let original = FeatureMemoTests.file(120, duplicateOf: (30, 40))
        let (base, reuse) = try reuse(of: original)
        let pieces: [[UInt8]] = [
            Array(#"{"type":"Feature","properties":{"name":"Ny"}}"#.utf8), Array(",".utf8), Array("\"".utf8),
            Array("\\".utf8), Array(" ".utf8), Array("}".utf8), Array("]".utf8), Array("{".utf8), Array("Sted 9".utf8),
        ]
        for _ in 0..<60 {
            var edited = original
            for _ in 0..<Int(random.next() % 3 + 1) {
                let at = Int(random.next() % UInt64(edited.count))
                switch random.next() % 4 {
                case 0: edited.insert(contentsOf: pieces[Int(random.next() % UInt64(pieces.count))], at: at)
                case 1: edited.removeSubrange(at..<min(edited.count, at + Int(random.next() % 40) + 1))
                case 2: edited[at] = pieces[Int(random.next() % UInt64(pieces.count))][0]
                default:
                    // A whole stretch copied elsewhere (features duplicated, moved or split).
                    let from = Int(random.next() % UInt64(edited.count))
                    let stretch = Array(edited[from..<min(edited.count, from + Int(random.next() % 900) + 1)])
                    edited.insert(contentsOf: stretch, at: at)
                }
            }
            let plain = Result { try PlacesDecoder().decode(bytes: edited) }
            let withMemo = Result { try PlacesDecoder().decode(bytes: edited, reusing: reuse) }
            switch (plain, withMemo) {
            case (.success(let plain), .success(let withMemo)):
                #expect(withMemo.places == plain.places)
                #expect(withMemo.skipped == plain.skipped)
                #expect(withMemo.featureHashes == plain.featureHashes)
                #expect(withMemo.featureRanges == plain.featureRanges)
            case (.failure, .failure):
                break
            default:
                Issue.record("seed \(seed): with the memo \(withMemo), without \(plain)")
            }
        }
        _ = base
    }

    /// The walk on two cores (the second half from where the memo's feature `split` stands now) gives the
    /// one-core walk's elements, wherever the edits lie and wherever it splits, also when the guess is wrong.
    @Test(arguments: [1, 2, 3, 4] as [UInt64])
    func theTwoCoreWalkEqualsTheOneCoreWalk(seed: UInt64) throws {
        var random = SplitMix(seed: seed)
        let original = FeatureMemoTests.file(300)
        let (_, reuse) = try reuse(of: original)
        let header = Array(#"{"type":"FeatureCollection","features":"#.utf8)
        for _ in 0..<25 {
            // One to three places renamed, removed or added, anywhere; or the file as it was.
            var names: [Int: String] = [:]
            var order = Array(0..<300)
            for _ in 0..<Int(random.next() % 4) {
                let at = Int(random.next() % 290)
                switch random.next() % 3 {
                case 0: names[order[at]] = String(repeating: "x", count: Int(random.next() % 30))
                case 1: order.remove(at: at)
                default: order.insert(Int(random.next() % 300), at: at)
                }
            }
            let renamed = String(decoding: FeatureMemoTests.file(300, edits: names), as: UTF8.self)
            let features = renamed.dropFirst(header.count + 1).dropLast(2).components(separatedBy: ",\n")
            let edited = Array(
                (String(decoding: header, as: UTF8.self) + "[" + order.map { features[$0] }.joined(separator: ",\n")
                    + "]}").utf8)
            try edited.withUnsafeBufferPointer { buffer in
                let plain = try #require(FeatureSplitter.featureRanges(buffer))
                for split in [1, 37, 150, 299, Int(random.next() % 300)] {
                    var scanner = FeatureSplitter.Scanner(bytes: buffer, index: header.count)
                    let result = scanner.arrayElements(following: reuse, minimumBytes: 0, splittingAt: split)
                    let walked = try #require(result)
                    #expect(walked.ranges == plain.features, "split at \(split)")
                    #expect(
                        scanner.index == buffer.count - 1, "split at \(split): the walk did not end after the array")
                    for (index, range) in walked.ranges.enumerated() {
                        #expect(
                            walked.hashes[index]
                                == FeatureMemo.hash(
                                    UnsafeRawBufferPointer(
                                        start: buffer.baseAddress! + range.lowerBound, count: range.count)))
                        if let remembered = walked.remembered[index] {
                            #expect(reuse.hash(remembered: remembered) == walked.hashes[index])
                        }
                    }
                }
            }
        }
    }

    @Test func theArchiveKeepsWhereTheFeaturesStood() throws {
        let (base, _) = try reuse(of: FeatureMemoTests.file(200, duplicateOf: (10, 20)))
        let decoded = try #require(GuideBaseArchive.decode(GuideBaseArchive.encode(base, key: "k"), key: "k"))
        #expect(decoded.featureMemo?.spans == base.featureMemo?.spans)
        #expect(decoded.featureMemo?.fileLength == base.featureMemo?.fileLength)
        let opened = try #require(
            GuideBaseArchive.open(GuideBaseArchive.encode(base, key: "k"), key: "k", withMemo: true))
        #expect(opened.featureMemo == base.featureMemo)
    }
}
