import BeaconTestSupport
import Foundation
import Testing

@testable import BeaconModel
@testable import BeaconSite
@testable import BeaconSystem

/// The guide's base kept between builds reads back exactly, and a file that
/// is damaged, of another key or cut short is refused, never half-used.
@Suite struct GuideBaseArchiveTests {
    func base() -> GuideBase {
        var places: [Place] = []
        for index in 0..<9_000 {
            var place = Place(
                id: PlaceID(rawValue: "node/\(index)"),
                name: index % 7 == 0 ? "Kafé «Ærlig» \(index) 🍰" : "Sted \(index)",
                category: PlaceCategory.defaults[index % 3],
                coordinate: Coordinate(
                    latitude: 59.9 + Double(index) * 1e-5, longitude: 10.7 - Double(index) * 1e-5),
                address: index % 2 == 0
                    ? PostalAddress(
                        street: "Storgata", houseNumber: "\(index)", postcode: "0155", city: "Oslo")
                    : PostalAddress(fallbackLine: "Et sted i Oslo"),
                openingHours: index % 3 == 0 ? "Mo-Fr 08:00-16:00" : nil,
                phone: index % 5 == 0 ? "+47 22 00 00 00" : nil,
                website: index % 4 == 0 ? "https://example.org/\(index)" : nil,
                email: index % 6 == 0 ? "post@example.org" : nil)
            place.providerID = index % 2 == 0 ? "geo-\(index)" : nil
            places.append(place)
        }
        var store = GuideStore()
        _ = store.addFavorite(
            Place(
                id: PlaceID(rawValue: "way/42"), name: "Borte", category: .hotel,
                coordinate: Coordinate(latitude: 60, longitude: 11)),
            on: CalendarDate(year: 2026, month: 11, day: 1)!)
        return GuideAssembler.base(places: places, store: store, settings: .defaults)
    }

    @Test func readsBackExactly() throws {
        let original = base()
        let bytes = GuideBaseArchive.encode(original, key: "k1")
        let decoded = try #require(GuideBaseArchive.decode(bytes, key: "k1"))
        #expect(decoded.entries == original.entries)
        #expect(decoded.inData.count == original.inData.count && decoded.outside.count == 1)
        #expect(
            decoded.entries.map(\.place.address.singleLine)
                == original.entries.map(\.place.address.singleLine))
        #expect(decoded.entries.map(\.place.providerID) == original.entries.map(\.place.providerID))
    }

    @Test func refusesAnotherKeyDamageAndTruncation() {
        let bytes = GuideBaseArchive.encode(base(), key: "k1")
        #expect(GuideBaseArchive.decode(bytes, key: "k2") == nil)
        for position in [0, 30, bytes.count / 3, bytes.count / 2, bytes.count - 1] {
            var damaged = bytes
            damaged[position] ^= 0x5A
            #expect(
                GuideBaseArchive.decode(damaged, key: "k1") == nil,
                "a flipped byte at \(position) was accepted")
        }
        for length in [0, 10, bytes.count / 2, bytes.count - 8, bytes.count - 1] {
            #expect(
                GuideBaseArchive.decode(Array(bytes.prefix(length)), key: "k1") == nil,
                "\(length) bytes were accepted")
        }
    }

    @Test func aBaseFitsAStoreWithTheSameFavoritesOutsideTheData() {
        let original = base()
        var store = GuideStore()
        let gone = Place(
            id: PlaceID(rawValue: "way/42"), name: "Borte", category: .hotel,
            coordinate: Coordinate(latitude: 60, longitude: 11))
        _ = store.addFavorite(gone, on: CalendarDate(year: 2026, month: 11, day: 1)!)
        store.addRating(
            Rating(stars: 4, date: CalendarDate(year: 2026, month: 11, day: 2)!),
            to: original.inData[5].place)
        _ = store.addFavorite(
            original.inData[7].place, on: CalendarDate(year: 2026, month: 11, day: 3)!)
        #expect(original.fits(store, settings: .defaults))
        // Another favorite outside the data: the slugs could change, so the base is made again.
        _ = store.addFavorite(
            Place(
                id: PlaceID(rawValue: "way/43"), name: "Også borte", category: .cafe,
                coordinate: Coordinate(latitude: 60, longitude: 11)),
            on: CalendarDate(year: 2026, month: 11, day: 4)!)
        #expect(!original.fits(store, settings: .defaults))
        #expect(!original.fits(GuideStore(), settings: .defaults))
    }

    /// Counts that claim more entries than the bytes can hold are refused (they are
    /// read before the checksum is known, which is checked beside the decoding).
    @Test func damagedCountsAreRefusedBeforeTheEntriesAreMade() {
        let bytes = GuideBaseArchive.encode(base(), key: "k1")
        // The counts follow the magic and the key (a length and "k1").
        let counts = GuideBaseArchive.magic.count + 4 + 2
        for (field, value) in [
            (0, UInt64(1) << 40), (1, UInt64(1) << 40), (0, UInt64.max),
            (0, UInt64(bytes.count / 20)),
        ] {
            var damaged = bytes
            withUnsafeBytes(of: value.littleEndian) {
                damaged.replaceSubrange((counts + field * 8)..<(counts + field * 8 + 8), with: $0)
            }
            #expect(
                GuideBaseArchive.decode(damaged, key: "k1") == nil,
                "count \(field) = \(value) was accepted")
        }
    }

    /// The build's one-pass merge (`mergeIfFits`) says yes exactly when `fits`
    /// does, and then gives what `merge` gives, for stores with favorites and
    /// ratings in and outside the data.
    @Test func mergingWhileCheckingTheFitAgreesWithFitsAndMerge() {
        let original = base()
        var generator = seededGenerator()
        let source = DataSourceInfo(kind: .sample, fetchedAt: Date(timeIntervalSince1970: 0))
        for round in 0..<40 {
            var store = GuideStore()
            for _ in 0..<Int.random(in: 0...30, using: &generator) {
                let place = original.inData[
                    Int.random(in: 0..<original.inData.count, using: &generator)
                ].place
                if Bool.random(using: &generator) {
                    _ = store.addFavorite(place, on: CalendarDate(year: 2026, month: 11, day: 1)!)
                } else {
                    store.addRating(
                        Rating(
                            stars: Int.random(in: 1...5, using: &generator),
                            date: CalendarDate(year: 2026, month: 11, day: 2)!), to: place)
                }
            }
            if round % 2 == 0 {  // the favorite outside the data that the base was made with
                _ = store.addFavorite(
                    original.outside.first!.place, on: CalendarDate(year: 2026, month: 11, day: 1)!)
            }
            if round % 5 == 0 {  // another one, which the base does not have
                _ = store.addFavorite(
                    Place(
                        id: PlaceID(rawValue: "way/\(round)"), name: "Ute \(round)",
                        category: .cafe,
                        coordinate: Coordinate(latitude: 60, longitude: 11)),
                    on: CalendarDate(year: 2026, month: 11, day: 3)!)
            }
            let fits = original.fits(store, settings: .defaults)
            let merged = GuideAssembler.mergeIfFits(
                original, store: store, settings: .defaults, source: source)
            #expect((merged != nil) == fits, "round \(round)")
            guard let merged else { continue }
            let reference = GuideAssembler.merge(
                original, store: store, settings: .defaults, source: source)
            func look(_ places: ArraySlice<GuidePlace>) -> [String] {
                places.map {
                    "\($0.id.rawValue) \($0.slug) \($0.ratings.map(\.stars)) \($0.favoriteSince.map { "\($0)" } ?? "-") \($0.isInCurrentData)"
                }
            }
            #expect(look(merged.places) == look(reference.places))
            #expect(look(merged.favoritesOutsideData) == look(reference.favoritesOutsideData))
        }
    }
}
