import BeaconTestSupport
import Foundation
import Testing

@testable import BeaconCore
@testable import BeaconSystem

/// A base opened in place (`GuideBaseArchive.open`) merges into the guide a
/// decoded one gives, place for place, while decoding only the places that are
/// read; and it refuses every archive `decode` refuses.
@Suite struct MappedGuideBaseTests {
    let original = GuideBaseArchiveTests().base()
    let source = DataSourceInfo(kind: .sample, fetchedAt: Date(timeIntervalSince1970: 0))

    /// Everything a page can read of a place, as text.
    func look(_ place: GuidePlace) -> String {
        let fields: [String] = [
            place.id.rawValue, place.slug, place.name, place.category.rawValue, "\(place.coordinate)",
            "\(place.address)",
            place.openingHours ?? "-", place.phone ?? "-", place.website ?? "-", place.email ?? "-",
            place.providerID ?? "-",
            "\(place.distanceMetres)", "\(place.ratings.map(\.stars))", "\(place.summary.map { "\($0)" } ?? "-")",
            place.favoriteSince.map { "\($0)" } ?? "-", "\(place.isInCurrentData)", "\(place.isFavorite)",
        ]
        return fields.joined(separator: "|")
    }

    @Test func anOpenedBaseMergesAsTheDecodedOneForRandomStores() throws {
        let bytes = GuideBaseArchive.encode(original, key: "k1")
        var generator = seededGenerator()
        for round in 0..<30 {
            var store = GuideStore()
            // Up to 4 entries are compared one by one, more are hashed: both ways are met.
            for _ in 0..<[0, 1, 3, 12, 40][round % 5] {
                let place = original.inData[Int.random(in: 0..<original.inData.count, using: &generator)].place
                if Bool.random(using: &generator) {
                    _ = store.addFavorite(place, on: CalendarDate(year: 2026, month: 11, day: 1)!)
                } else {
                    store.addRating(
                        Rating(
                            stars: Int.random(in: 1...5, using: &generator),
                            date: CalendarDate(year: 2026, month: 11, day: 2)!), to: place)
                }
            }
            if round % 2 == 0 {
                _ = store.addFavorite(original.outside.first!.place, on: CalendarDate(year: 2026, month: 11, day: 1)!)
            }
            if round % 7 == 3 {  // a favorite outside the data the base was not made with
                _ = store.addFavorite(
                    Place(
                        id: PlaceID(rawValue: "way/\(round)"), name: "Ute", category: .cafe,
                        coordinate: Coordinate(latitude: 60, longitude: 11)),
                    on: CalendarDate(year: 2026, month: 11, day: 3)!)
            }
            let opened = try #require(GuideBaseArchive.open(bytes, key: "k1"))
            let reference = GuideAssembler.mergeIfFits(original, store: store, settings: .defaults, source: source)
            let merged = GuideAssembler.mergeIfFits(opened, store: store, settings: .defaults, source: source)
            #expect((merged != nil) == (reference != nil), "round \(round)")
            guard let merged, let reference else { continue }
            // Merging decoded nothing but the favorites outside the data.
            #expect(opened.archive.entriesDecoded == original.outside.count, "round \(round)")
            #expect(merged.places.count == reference.places.count)
            #expect(merged.places.map(look) == reference.places.map(look), "round \(round)")
            #expect(merged.favoritesOutsideData.map(look) == reference.favoritesOutsideData.map(look))
            #expect(merged.favorites.map(\.id) == reference.favorites.map(\.id))
            #expect(opened.archive.entriesDecoded == original.entries.count)
        }
    }

    @Test func aPlaceIsDecodedOnceWhenFirstRead() throws {
        let opened = try #require(GuideBaseArchive.open(GuideBaseArchive.encode(original, key: "k1"), key: "k1"))
        var store = GuideStore()  // with the favorite outside the data the base was made with
        _ = store.addFavorite(original.outside.first!.place, on: CalendarDate(year: 2026, month: 11, day: 1)!)
        let merged = GuideAssembler.mergeIfFits(opened, store: store, settings: .defaults, source: source)
        let guide = try #require(merged)
        let before = opened.archive.entriesDecoded
        // What every place's outline gives is read without decoding.
        _ = guide.places.map { ($0.category, $0.distanceMetres, $0.isFavorite) }
        _ = guide.places(in: .hotel).count
        #expect(opened.archive.entriesDecoded == before)
        #expect(guide.places[17].name == original.inData[17].place.name)
        #expect(guide.places[17].slug == original.inData[17].slug)
        #expect(guide.places[17].place == original.inData[17].place)
        #expect(guide.places[4_000].website == original.inData[4_000].place.website)
        #expect(opened.archive.entriesDecoded == before + 2)
        // A place's id is matched against a table in the archive's bytes, without decoding it.
        let wanted = PlaceIDTable([(original.inData[8_000].place.id, ()), (PlaceID(rawValue: "node/nowhere"), ())])
        #expect(guide.places.indices.filter { guide.places[$0].isListed(in: wanted) } == [8_000])
        #expect(opened.archive.entriesDecoded == before + 2)
    }

    @Test func openingRefusesWhatDecodingRefuses() {
        let bytes = GuideBaseArchive.encode(original, key: "k1")
        #expect(GuideBaseArchive.open(bytes, key: "k2") == nil)
        for position in [0, 30, bytes.count / 3, bytes.count / 2, bytes.count - 9, bytes.count - 1] {
            var damaged = bytes
            damaged[position] ^= 0x5A
            #expect(GuideBaseArchive.open(damaged, key: "k1") == nil, "a flipped byte at \(position) was accepted")
        }
        for length in [0, 10, bytes.count / 2, bytes.count - 8, bytes.count - 1] {
            #expect(
                GuideBaseArchive.open(Array(bytes.prefix(length)), key: "k1") == nil, "\(length) bytes were accepted")
        }
        let counts = GuideBaseArchive.magic.count + 4 + 2
        for (field, value) in [
            (0, UInt64(1) << 40), (1, UInt64(1) << 40), (0, UInt64.max), (0, UInt64(bytes.count / 20)),
        ] {
            var damaged = bytes
            withUnsafeBytes(of: value.littleEndian) {
                damaged.replaceSubrange((counts + field * 8)..<(counts + field * 8 + 8), with: $0)
            }
            #expect(GuideBaseArchive.open(damaged, key: "k1") == nil, "count \(field) = \(value) was accepted")
        }
    }

    @Test(arguments: [1, 4, 5, 300])
    func anIDTableFindsIDsByTextAndByBytes(size: Int) {
        // Ids of one length that differ only at the end, an empty one and one with letters outside ASCII.
        var ids = (0..<size).map { PlaceID(rawValue: "geoapify/5171d3af" + String(format: "%06d", $0)) }
        ids[0] = PlaceID(rawValue: size > 1 ? "" : "node/Ærlig·🍰")
        let table = PlaceIDTable(ids.enumerated().map { ($0.element, $0.offset) })
        #expect(table.count == size)
        for (index, id) in ids.enumerated() {
            #expect(table.value(for: id)?.value == index)
            let found = Self.lookUpAsInAnArchive(id.rawValue, in: table)
            #expect(found?.value == index && found?.id == id)
        }
        for missing in ["geoapify/5171d3af999999", "geoapify/5171d3af00000", "x", "node/Ærlig"] {
            #expect(table.value(for: PlaceID(rawValue: missing)) == nil, "\(missing)")
            #expect(Self.lookUpAsInAnArchive(missing, in: table) == nil, "\(missing)")
        }
    }

    /// `id` looked up as a kept archive looks up its entries' ids: hashed and compared where its bytes lie in a
    /// file (here between two other bytes), which must agree with the hash of the text.
    static func lookUpAsInAnArchive(_ id: String, in table: PlaceIDTable<Int>) -> (id: PlaceID, value: Int)? {
        let utf8 = Array(id.utf8)
        guard let file = MappedFile(copying: [0xFF] + utf8 + [0xEE]) else { return nil }
        let range = 1..<(1 + utf8.count)
        let hash = PlaceIDTable<Int>.idHash(file, range)
        #expect(hash == PlaceIDTable<Int>.idHash(id.utf8), "\(id)")
        return table.value(forIDHash: hash) { file.bytes(range, equal: $0) }
    }

    /// Ids whose hash is the same (`idHash` reads the length and the first and last eight bytes) are told
    /// apart by their bytes, and a lookup whose hash matches no id never asks for the bytes.
    @Test(arguments: [2, 300])
    func idsWithOneHashAreToldApartByTheirBytes(size: Int) {
        let ids = (0..<size).map { PlaceID(rawValue: "node/12345678" + String(format: "%04d", $0) + "87654321") }
        let hashes = Set(ids.map { PlaceIDTable<Int>.idHash($0.rawValue.utf8) })
        #expect(hashes.count == 1)
        let table = PlaceIDTable(ids.enumerated().map { ($0.element, $0.offset) })
        for (index, id) in ids.enumerated() { #expect(table.value(for: id)?.value == index) }
        #expect(table.value(for: PlaceID(rawValue: "node/12345678" + "9999" + "87654321")) == nil)
        let other = Array("way/1".utf8)
        let hash = PlaceIDTable<Int>.idHash(other)
        var asked = false
        #expect(
            table.value(forIDHash: hash) { _ in
                asked = true
                return true
            } == nil)
        #expect(!asked)
    }
}
