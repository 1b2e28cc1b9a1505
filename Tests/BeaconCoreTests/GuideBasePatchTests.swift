import Foundation
import Testing

@testable import BeaconCore
@testable import BeaconSystem

/// A base that takes an edited file's changes in place (`MappedGuideBase.patch`)
/// is exactly the base made from nothing, or the patch is refused and the
/// base left as it was.
@Suite struct GuideBasePatchTests {
    /// A FeatureCollection of places `ids` (OSM node numbers), some renamed, moved, recategorised or without a name.
    static func file(
        _ ids: [Int], renamed: [Int: String] = [:], moved: [Int: (Double, Double)] = [:], hotels: Set<Int> = [],
        hours: [Int: String] = [:], streets: [Int: String] = [:]
    ) -> [UInt8] {
        let features = ids.map { id -> String in
            var (lat, lon) = (59.9 + Double(id % 70) * 0.0007, 10.7 + Double(id / 70) * 0.0009)
            if let position = moved[id] { (lat, lon) = position }
            let category = hotels.contains(id) ? "accommodation.hotel" : "catering.cafe"
            let extra =
                (hours[id].map { #","opening_hours":"\#($0)""# } ?? "")
                + (streets[id].map { #","street":"\#($0)""# } ?? "")
            return
                #"{"type":"Feature","geometry":{"type":"Point","coordinates":[\#(lon),\#(lat)]},"properties":{"name":"\#(renamed[id] ?? "Sted \(id)")","categories":["\#(category)"],"osm_type":"n","osm_id":\#(id)\#(extra)}}"#
        }
        return Array((#"{"type":"FeatureCollection","features":["# + features.joined(separator: ",\n") + "]}").utf8)
    }

    func fullBase(_ bytes: [UInt8], store: GuideStore) throws -> (base: GuideBase, skipped: Int) {
        let decoded = try PlacesDecoder().decode(bytes: bytes)
        let base = GuideAssembler.base(
            places: decoded.places, trace: try #require(decoded.trace), memoKey: "m", store: store, settings: .defaults)
        return (base, decoded.skipped.count)
    }

    /// `previous` patched for `bytes` as a build does it, opened in place from its archive: checked against the
    /// full base when patched (the archive written from it, unchanged entries copied, is the one the full base
    /// gives), against `previous` when refused.
    func patch(_ bytes: [UInt8], previous: GuideBase, store: GuideStore, memoKey: String = "m") throws -> (
        base: GuideBase, patch: GuideBase.Patch, replaced: Int
    )? {
        var opened = try #require(
            GuideBaseArchive.open(GuideBaseArchive.encode(previous, key: "k"), key: "k", withMemo: true))
        let memo = try #require(opened.featureMemo)
        #expect(memo == previous.featureMemo)
        let reuse = try #require(FeatureReuse(memo: memo, base: opened, key: "m"))
        guard case .features(var features) = try PlacesDecoder().decodeFeatures(bytes: bytes, reusing: reuse) else {
            Issue.record("the file was not split into features")
            return nil
        }
        guard let patch = opened.patch(with: &features, memoKey: memoKey, store: store, settings: .defaults) else {
            #expect(
                opened.replaced.isEmpty && opened.featureMemo == previous.featureMemo,
                "a refused patch changed the base")
            return nil
        }
        let full = try fullBase(bytes, store: store)
        let written = GuideBaseArchive.encode(opened, key: "k")
        #expect(
            written == GuideBaseArchive.encode(full.base, key: "k"), "the patched base's archive is not the full base's"
        )
        let base = try #require(GuideBaseArchive.decode(written, key: "k"))
        #expect(base.entries == full.base.entries)
        #expect(opened.decoded().entries == full.base.entries)
        #expect(base.inData.count == full.base.inData.count && base.outside.count == full.base.outside.count)
        #expect(base.featureMemo == full.base.featureMemo)
        #expect(base.slugsClashed == full.base.slugsClashed)
        #expect(patch.skipped.count == full.skipped)
        return (base, patch, opened.replaced.count)
    }

    func node(_ id: Int) -> PlaceID { PlaceID(rawValue: "node/\(id)") }

    @Test func placesEditedWhereTheyStandArePatchedAsAFullBaseWouldBe() throws {
        let ids = Array(0..<3_000)
        var store = GuideStore()
        // A favorite the data does not have stays outside it.
        _ = store.addFavorite(
            Place(
                id: PlaceID(rawValue: "way/1"), name: "Borte", category: .hotel,
                coordinate: Coordinate(latitude: 60, longitude: 11)),
            on: CalendarDate(iso: "2026-11-01")!)
        let first = try fullBase(Self.file(ids), store: store).base
        #expect(!first.slugsClashed && first.outside.count == 1)

        let renamed = try #require(
            try patch(Self.file(ids, renamed: [1_500: "Nytt navn"]), previous: first, store: store))
        let oldSlug = try #require(first.entries.first { $0.place.id == node(1_500) }).slug
        #expect(
            renamed.patch.edited == [
                GuideBase.EditedPlace(
                    id: node(1_500), oldSlug: oldSlug,
                    newSlug: SlugAssigner.baseSlug(id: node(1_500), name: "Nytt navn", unnamed: "sted"))
            ])
        #expect(renamed.patch.edited[0].newSlug.hasPrefix("nytt-navn-"))

        // New opening hours for two places: the same slugs, both edited; and from the patched base again.
        let hours = try #require(
            try patch(
                Self.file(ids, renamed: [1_500: "Nytt navn"], hours: [3: "Mo-Fr 08:00-16:00", 2_999: "24/7"]),
                previous: renamed.base, store: store))
        #expect(Set(hours.patch.edited.map(\.id)) == [node(3), node(2_999)])
        #expect(hours.patch.edited.allSatisfy { $0.oldSlug == $0.newSlug })

        // The same features in another order: nothing to show, the memo follows the new order.
        let reordered = try #require(try patch(Self.file(ids.reversed()), previous: first, store: store))
        #expect(reordered.patch.edited.isEmpty)
    }

    @Test func aPatchedBaseIsWrittenAsAFreshOneWouldBe() throws {
        let ids = Array(0..<2_000)
        let first = try fullBase(Self.file(ids), store: GuideStore()).base
        // Edits at the start, in the middle and at the end, one of them longer, one shorter: four entries held,
        // the rest copied from the archive in runs (`patch` checks the bytes against a full base's archive).
        let edited = Self.file(
            ids, renamed: [0: "Et mye lengre navn enn før", 1_000: "K", 1_999: "Siste"],
            hours: [500: "Mo-Su 10:00-22:00"])
        let patched = try #require(try patch(edited, previous: first, store: GuideStore()))
        #expect(patched.replaced == 4 && patched.patch.edited.count == 4)
    }

    @Test func duplicateFeaturesCountInTheFilesOrder() throws {
        let ids = Array(0..<1_200)
        let first = try fullBase(Self.file(ids), store: GuideStore()).base
        // A feature copied: the copy is skipped as a duplicate.
        let copied = try #require(try patch(Self.file(ids + [17]), previous: first, store: GuideStore()))
        #expect(copied.patch.skipped.count == 1 && copied.patch.edited.isEmpty)
        // An edited copy before the original wins; after it, it is the one skipped.
        let before = try #require(
            try patch(Self.file([17] + ids, renamed: [17: "Først"]), previous: first, store: GuideStore()))
        #expect(before.patch.edited.map(\.id) == [node(17)])
        #expect(before.base.entries.contains { $0.place.name == "Først" })
        // (The copy must differ from the original's bytes: the renamed one is parsed, the original known.)
        var bytes = Self.file(ids)
        let edited = Self.file([17], renamed: [17: "Sist"])
        let feature = Array(edited[edited.firstIndex(of: UInt8(ascii: "["))! + 1..<edited.count - 2])
        bytes.insert(contentsOf: Array(",".utf8) + feature, at: bytes.count - 2)
        let after = try #require(try patch(bytes, previous: first, store: GuideStore()))
        #expect(after.patch.edited.isEmpty && after.patch.skipped.count == 1)
    }

    @Test func anythingButAnEditWhereAPlaceStandsIsRefused() throws {
        let ids = Array(0..<800)
        let store = GuideStore()
        let first = try fullBase(Self.file(ids), store: store).base
        #expect(try patch(Self.file(ids + [900]), previous: first, store: store) == nil, "a place added")
        #expect(try patch(Self.file(ids.filter { $0 != 400 }), previous: first, store: store) == nil, "a place removed")
        #expect(
            try patch(Self.file(ids, moved: [10: (59.95, 10.9)]), previous: first, store: store) == nil, "a place moved"
        )
        #expect(try patch(Self.file(ids, hotels: [10]), previous: first, store: store) == nil, "another category")
        #expect(
            try patch(Self.file(ids, renamed: [10: ""]), previous: first, store: store) == nil,
            "a name removed: the place goes")
        #expect(
            try patch(Self.file(ids, renamed: [10: "X"]), previous: first, store: store, memoKey: "other") == nil,
            "another decoder")

        // A base whose slugs clashed.
        var clashed = first
        clashed.slugsClashed = true
        #expect(try patch(Self.file(ids, renamed: [1: "X"]), previous: clashed, store: store) == nil)
        // A new name whose slug another place has.
        var taken = first
        let other = try #require(taken.entries.firstIndex { $0.place.id == node(2) })
        taken.entries[other].slug = SlugAssigner.baseSlug(id: node(1), name: "X", unnamed: "sted")
        #expect(try patch(Self.file(ids, renamed: [1: "X"]), previous: taken, store: store) == nil)

        // A favorite outside the data that the base does not have.
        var withFavorite = store
        _ = withFavorite.addFavorite(
            Place(
                id: PlaceID(rawValue: "way/9"), name: "Borte", category: .hotel,
                coordinate: Coordinate(latitude: 60, longitude: 11)),
            on: CalendarDate(iso: "2026-11-01")!)
        #expect(try patch(Self.file(ids, renamed: [1: "X"]), previous: first, store: withFavorite) == nil)
        // A favorite in the data may be edited: the guide marks it from the store.
        _ = withFavorite.removeFavorite(PlaceID(rawValue: "way/9"))
        _ = withFavorite.addFavorite(first.inData[5].place, on: CalendarDate(iso: "2026-11-01")!)
        let favoriteID = Int(first.inData[5].place.id.rawValue.dropFirst("node/".count))!
        #expect(
            try patch(Self.file(ids, renamed: [favoriteID: "Favoritt"]), previous: first, store: withFavorite) != nil)
    }

    /// An edit of a name or an address works out again what tells apart the places of the name it had and
    /// has (`NameSuffixes`): those whose suffix changes are shown anew, and the base is what a full one is.
    @Test func editsOfAChainRelabelItsOtherPlaces() throws {
        let ids = Array(0..<600)
        let store = GuideStore()
        let chain = [10: "Kjede", 20: "Kjede"]
        let streets = [10: "Storgata", 20: "Kirkegata", 30: "Torggata", 40: "Storgata"]
        let first = try fullBase(Self.file(ids, renamed: chain, streets: streets), store: store).base
        func suffix(_ base: GuideBase, _ id: Int) -> String? {
            base.entries.first { $0.place.id == node(id) }?.nameSuffix
        }
        #expect(suffix(first, 10) == "Storgata" && suffix(first, 20) == "Kirkegata" && suffix(first, 30) == nil)

        // One more of the name, on a street of its own: it gets that street, the others keep theirs.
        let joined = try #require(
            try patch(
                Self.file(ids, renamed: chain.merging([30: "Kjede"]) { $1 }, streets: streets), previous: first,
                store: store))
        #expect(joined.patch.edited.map(\.id) == [node(30)] && suffix(joined.base, 30) == "Torggata")
        // One on a street another has: both fall back to the street they share (no number, no postcode here).
        let sameStreet = try #require(
            try patch(
                Self.file(ids, renamed: chain.merging([40: "Kjede"]) { $1 }, streets: streets), previous: first,
                store: store))
        #expect(Set(sameStreet.patch.edited.map(\.id)) == [node(40)])
        #expect(suffix(sameStreet.base, 10) == "Storgata" && suffix(sameStreet.base, 40) == "Storgata")
        // One leaves: the last of the name has it to itself, without a suffix, and is shown anew.
        let left = try #require(
            try patch(Self.file(ids, renamed: [10: "Kjede"], streets: streets), previous: first, store: store))
        #expect(Set(left.patch.edited.map(\.id)) == [node(10), node(20)])
        #expect(
            suffix(left.base, 10) == nil
                && left.patch.edited.allSatisfy { $0.id != node(10) || $0.oldSlug == $0.newSlug })
        // Another street for one of them: its suffix follows.
        let moved = try #require(
            try patch(
                Self.file(ids, renamed: chain, streets: streets.merging([20: "Torggata"]) { $1 }), previous: first,
                store: store))
        #expect(moved.patch.edited.map(\.id) == [node(20)] && suffix(moved.base, 20) == "Torggata")
        // New hours for one, a place renamed to a name of its own: no suffix changes.
        let hours = try #require(
            try patch(
                Self.file(ids, renamed: chain, hours: [10: "24/7"], streets: streets), previous: first, store: store))
        #expect(hours.patch.edited.map(\.id) == [node(10)] && suffix(hours.base, 10) == "Storgata")
        let own = try #require(
            try patch(
                Self.file(ids, renamed: chain.merging([50: "Et eget navn"]) { $1 }, streets: streets),
                previous: first, store: store))
        #expect(own.patch.edited.map(\.id) == [node(50)] && suffix(own.base, 50) == nil)
    }
}
