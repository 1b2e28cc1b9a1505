import BeaconTestSupport
import Foundation
import Testing

@testable import BeaconCore
@testable import BeaconSystem

/// Parsing an edited places file again decodes only the features whose bytes
/// changed, and gives exactly what parsing the whole file gives.
@Suite struct FeatureMemoTests {
    /// A FeatureCollection of `count` features, with a few odd ones: one without a name, one without a
    /// position, a duplicate identity, and `edits` replacing a feature's name.
    static func file(_ count: Int, edits: [Int: String] = [:], duplicateOf: (Int, Int)? = nil) -> [UInt8] {
        var features: [String] = []
        for index in 0..<count {
            let osmID = duplicateOf.flatMap { $0.0 == index ? 7_000_000 + $0.1 : nil } ?? 7_000_000 + index
            let name = edits[index] ?? "Sted \(index)"
            let lat = 59.9 + Double(index % 50) * 0.001
            let lon = 10.7 + Double(index / 50) * 0.001
            switch index {
            case 3:
                features.append(
                    #"{"type":"Feature","geometry":{"type":"Point","coordinates":[\#(lon),\#(lat)]},"properties":{"categories":["catering.cafe"],"osm_type":"n","osm_id":\#(osmID)}}"#
                )
            case 4:
                features.append(
                    #"{"type":"Feature","properties":{"name":"\#(name)","categories":["catering.cafe"],"osm_type":"n","osm_id":\#(osmID)}}"#
                )
            default:
                features.append(
                    #"{"type":"Feature","geometry":{"type":"Point","coordinates":[\#(lon),\#(lat)]},"properties":{"name":"\#(name)","categories":["catering.\#(index % 2 == 0 ? "cafe" : "restaurant")"],"osm_type":"n","osm_id":\#(osmID)}}"#
                )
            }
        }
        return Array((#"{"type":"FeatureCollection","features":["# + features.joined(separator: ",\n") + "]}").utf8)
    }

    /// Decodes `bytes` with the memo of `previous` (a base made from another file) and without, and
    /// expects the same places and skipped features; returns how many features were reused.
    func decodeBoth(_ bytes: [UInt8], previous: GuideBase, key: String = "m1") throws -> (
        result: PlacesDecoder.Result, reused: Int
    ) {
        let memo = try #require(previous.featureMemo)
        let reuse = try #require(FeatureReuse(memo: memo, base: previous, key: key))
        let withMemo = try PlacesDecoder().decode(bytes: bytes, reusing: reuse)
        let plain = try PlacesDecoder().decode(bytes: bytes)
        #expect(withMemo.places == plain.places)
        #expect(withMemo.skipped == plain.skipped)
        #expect(withMemo.placeFeatures == plain.placeFeatures)
        #expect(withMemo.featureHashes == plain.featureHashes)
        #expect(plain.reusedFeatures == 0)
        return (withMemo, withMemo.reusedFeatures)
    }

    func base(of bytes: [UInt8], key: String = "m1") throws -> GuideBase {
        let decoded = try PlacesDecoder().decode(bytes: bytes)
        return GuideAssembler.base(
            places: decoded.places, trace: try #require(decoded.trace), memoKey: key, store: GuideStore(),
            settings: .defaults)
    }

    @Test func anEditedFeatureIsTheOnlyOneParsedAgain() throws {
        let first = try base(of: Self.file(500))
        let memo = try #require(first.featureMemo)
        // Every feature is remembered: 498 places, the unnamed and the unplaced ones skipped.
        #expect(memo.outcomes.count == 500)
        #expect(first.inData.count == 498)

        let (renamed, reused) = try decodeBoth(Self.file(500, edits: [250: "Nytt navn"]), previous: first)
        #expect(reused == 499)
        #expect(renamed.places.contains { $0.name == "Nytt navn" })
        // The same base as one made from nothing.
        let remade = GuideAssembler.base(
            places: renamed.places, trace: try #require(renamed.trace), memoKey: "m1", store: GuideStore(),
            settings: .defaults)
        let fresh = try base(of: Self.file(500, edits: [250: "Nytt navn"]))
        #expect(remade.entries == fresh.entries)
        #expect(remade.featureMemo == fresh.featureMemo)
    }

    @Test func featuresAddedRemovedOrReorderedAndDuplicatesStillDecodeAsAWhole() throws {
        let first = try base(of: Self.file(300, duplicateOf: (10, 20)))
        // The first of a duplicated identity changes: the second (remembered as nothing) now counts.
        _ = try decodeBoth(Self.file(300, edits: [10: "Endret"], duplicateOf: (10, 20)), previous: first)
        // Fewer features, more features, and the duplicate gone.
        #expect(try decodeBoth(Self.file(200), previous: first).reused >= 190)
        #expect(try decodeBoth(Self.file(400), previous: first).reused >= 290)
        // A skipped feature edited: parsed again, still skipped.
        let named = try decodeBoth(Self.file(300, edits: [4: "Har navn"], duplicateOf: (10, 20)), previous: first)
        #expect(named.result.skipped.count == 3)
    }

    /// `file(count)` with its features in the order `order` gives (indices into the original order).
    static func reordered(_ count: Int, _ order: [Int]) -> [UInt8] {
        let text = String(decoding: file(count), as: UTF8.self)
        let head = #"{"type":"FeatureCollection","features":["#
        let features = text.dropFirst(head.count).dropLast(2).components(separatedBy: ",\n")
        return Array((head + order.map { features[$0] }.joined(separator: ",\n") + "]}").utf8)
    }

    /// Each feature is first looked for at its own position in the memo: a few found elsewhere are
    /// parsed (no table of the memo is made for them), many are looked up in the table.
    @Test func featuresAreMatchedWhereTheyStoodFirst() throws {
        let first = try base(of: Self.file(500))
        var order = Array(0..<500)
        order.swapAt(100, 400)
        #expect(try decodeBoth(Self.reordered(500, order), previous: first).reused == 498)
        // Every feature elsewhere: all found in the table.
        #expect(try decodeBoth(Self.reordered(500, Array((0..<500).reversed())), previous: first).reused == 500)
        // The first feature moved to position 10: the 11 features now out of place are few, so parsed.
        var shifted = Array(0..<500)
        shifted.insert(shifted.remove(at: 0), at: 10)
        #expect(try decodeBoth(Self.reordered(500, shifted), previous: first).reused == 489)
        // Moved to position 70: 71 out of place are many, so all are found in the table.
        shifted = Array(0..<500)
        shifted.insert(shifted.remove(at: 0), at: 70)
        #expect(try decodeBoth(Self.reordered(500, shifted), previous: first).reused == 500)
    }

    @Test func aMemoOfAnotherDecoderIsNotUsed() throws {
        let first = try base(of: Self.file(50))
        let memo = try #require(first.featureMemo)
        #expect(FeatureReuse(memo: memo, base: first, key: "m2") == nil)
        // A memo whose entries the base does not have.
        var broken = memo
        broken.outcomes.append((hash: 1, outcome: .entry(10_000)))
        #expect(FeatureReuse(memo: broken, base: first, key: "m1") == nil)
    }

    @Test func theArchiveKeepsTheMemo() throws {
        let original = try base(of: Self.file(300, duplicateOf: (10, 20)))
        let decoded = try #require(GuideBaseArchive.decode(GuideBaseArchive.encode(original, key: "k"), key: "k"))
        #expect(decoded.featureMemo == original.featureMemo)
        #expect(decoded.featureMemo?.outcomes.contains { $0.outcome == .skipped(.noName) } == true)
        #expect(decoded.featureMemo?.outcomes.contains { $0.outcome == .skipped(.noPosition) } == true)
        #expect(decoded.entries == original.entries)
        // A base from the API has none.
        let plain = GuideAssembler.base(places: original.inData.map(\.place), store: GuideStore(), settings: .defaults)
        #expect(GuideBaseArchive.decode(GuideBaseArchive.encode(plain, key: "k"), key: "k")?.featureMemo == nil)
    }

    /// Random edits of every kind (bytes inserted, removed or replaced anywhere, features duplicated or
    /// dropped): decoding with the memo gives exactly what decoding without it gives, or fails as it does.
    @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8] as [UInt64])
    func randomEditsDecodeAsWithoutTheMemo(seed: UInt64) throws {
        var random = SplitMix(seed: seed)
        let original = FeatureMemoTests.file(120, duplicateOf: (30, 40))
        let decoded = try PlacesDecoder().decode(bytes: original)
        let base = GuideAssembler.base(
            places: decoded.places, trace: try #require(decoded.trace), memoKey: "m1", store: GuideStore(),
            settings: .defaults)
        let memo = try #require(base.featureMemo)
        let reuse = try #require(FeatureReuse(memo: memo, base: base, key: "m1"))
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
            case (.failure, .failure):
                break
            default:
                Issue.record("seed \(seed): with the memo \(withMemo), without \(plain)")
            }
        }
    }
}
