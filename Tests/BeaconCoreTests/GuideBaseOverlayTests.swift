import BeaconTestSupport
import Foundation
import Testing

@testable import BeaconCore

/// A patched base kept as an overlay of its archive (`GuideBaseOverlay`) opens
/// as the patched base, over that archive only, and never when damaged.
@Suite struct GuideBaseOverlayTests {
    let ids = Array(0..<400)

    /// The archive of the file's base, and that base opened from it with its memo.
    func opened(_ bytes: [UInt8]) throws -> (archive: [UInt8], base: MappedGuideBase) {
        let decoded = try PlacesDecoder().decode(bytes: bytes)
        let base = GuideAssembler.base(
            places: decoded.places, trace: try #require(decoded.trace), memoKey: "m", store: GuideStore(),
            settings: .defaults)
        let archive = GuideBaseArchive.encode(base, key: "k0")
        return (archive, try #require(GuideBaseArchive.open(archive, key: "k0", withMemo: true)))
    }

    /// `base` with `bytes`' edits taken in.
    func patched(_ base: MappedGuideBase, _ bytes: [UInt8]) throws -> MappedGuideBase {
        var base = base
        let memo = try #require(base.featureMemo)
        let reuse = try #require(FeatureReuse(memo: memo, base: base, key: "m"))
        guard case .features(var features) = try PlacesDecoder().decodeFeatures(bytes: bytes, reusing: reuse) else {
            Issue.record("not split")
            return base
        }
        _ = try #require(base.patch(with: &features, memoKey: "m", store: GuideStore(), settings: .defaults))
        return base
    }

    func fullEntries(_ bytes: [UInt8]) throws -> [GuideBase.Entry] {
        let decoded = try PlacesDecoder().decode(bytes: bytes)
        return GuideAssembler.base(
            places: decoded.places, trace: try #require(decoded.trace), memoKey: "m", store: GuideStore(),
            settings: .defaults
        ).entries
    }

    /// Patch after patch, each kept as an overlay of the first archive (which never changes): each opens as
    /// the base made from nothing.
    @Test func overlaysOfOverlaysStayOverTheFirstArchive() throws {
        let (archive, first) = try opened(GuideBasePatchTests.file(ids))
        var base = first
        var names: [Int: String] = [:]
        for (step, id) in [17, 203, 17, 399, 0].enumerated() {
            names[id] = "Navn \(step) for \(id)"
            let edited = GuideBasePatchTests.file(ids, renamed: names)
            base = try patched(base, edited)
            let overlay = GuideBaseOverlay.encode(base, key: "k\(step + 1)")
            #expect(GuideBaseOverlay.origin(overlay, key: "k\(step + 1)") == first.origin)
            // Opened again as a build opens it: the first archive, then the overlay.
            let fresh = try #require(GuideBaseArchive.open(archive, key: "k0"))
            let reopened = try #require(GuideBaseOverlay.apply(overlay, key: "k\(step + 1)", to: fresh))
            #expect(reopened.decoded().entries == (try fullEntries(edited)))
            #expect(reopened.replaced.count == Set(names.keys).count)
            // Opened for a store change, the memo is stepped over.
            let withoutMemo = try #require(
                GuideBaseOverlay.apply(overlay, key: "k\(step + 1)", to: fresh, withMemo: false))
            #expect(withoutMemo.featureMemo == nil && withoutMemo.decoded().entries == reopened.decoded().entries)
            base = reopened
        }
        #expect(GuideBaseOverlay.suits(base))
    }

    @Test func anOverlayIsReadOnlyForItsKeyAndOverItsOwnArchive() throws {
        let (archive, base) = try opened(GuideBasePatchTests.file(ids))
        let edited = try patched(base, GuideBasePatchTests.file(ids, renamed: [5: "Nytt"]))
        let overlay = GuideBaseOverlay.encode(edited, key: "k1")
        let reopened = try #require(GuideBaseArchive.open(archive, key: "k0"))
        #expect(GuideBaseOverlay.apply(overlay, key: "k1", to: reopened) != nil)
        #expect(GuideBaseOverlay.origin(overlay, key: "k2") == nil)
        #expect(GuideBaseOverlay.apply(overlay, key: "k2", to: reopened) == nil)
        // Another archive (the same places, written under another key, or other places): not this overlay's.
        let other = try #require(
            GuideBaseArchive.open(GuideBaseArchive.encode(reopened.decoded(), key: "k9"), key: "k9"))
        #expect(GuideBaseOverlay.apply(overlay, key: "k1", to: other) == nil)
        let (_, moved) = try opened(GuideBasePatchTests.file(ids, moved: [5: (60.5, 11.5)]))
        #expect(GuideBaseOverlay.apply(overlay, key: "k1", to: moved) == nil)
    }

    @Test func aDamagedOverlayIsNeverRead() throws {
        let (archive, base) = try opened(GuideBasePatchTests.file(ids))
        let overlay = GuideBaseOverlay.encode(
            try patched(base, GuideBasePatchTests.file(ids, renamed: [5: "Nytt", 300: "Annet"])), key: "k1")
        let reopened = try #require(GuideBaseArchive.open(archive, key: "k0"))
        var random = SplitMix(seed: 11)
        for _ in 0..<200 {
            var damaged = overlay
            let at = Int(random.next() % UInt64(damaged.count))
            damaged[at] ^= UInt8(truncatingIfNeeded: random.next() % 255 + 1)
            #expect(GuideBaseOverlay.apply(damaged, key: "k1", to: reopened) == nil)
        }
        for cut in [0, 10, overlay.count / 2, overlay.count - 1] {
            #expect(GuideBaseOverlay.apply(Array(overlay[..<cut]), key: "k1", to: reopened) == nil)
        }
    }

    @Test func onlyAFewReplacedEntriesMakeAnOverlay() throws {
        let (_, base) = try opened(GuideBasePatchTests.file(ids))
        // 400 entries: up to 16 replaced is few.
        var names: [Int: String] = [:]
        var edited = base
        for id in 0..<16 { names[id] = "Nytt \(id)" }
        edited = try patched(edited, GuideBasePatchTests.file(ids, renamed: names))
        #expect(GuideBaseOverlay.suits(edited))
        names[16] = "Nytt 16"
        edited = try patched(edited, GuideBasePatchTests.file(ids, renamed: names))
        #expect(!GuideBaseOverlay.suits(edited))
    }
}
