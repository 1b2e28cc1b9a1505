import Testing

@testable import BeaconModel
@testable import BeaconSite
@testable import BeaconSystem

/// How the guide merges places with the store. The search, filter and order
/// rules are checked by the shared case table (`QueryCaseTableTests`).
@Suite struct GuideAssemblyTests {
    func guide(_ places: [Place], ratings: [String: [Int]] = [:], favorites: Set<String> = [])
        -> [GuidePlace]
    {
        var store = GuideStore()
        let date = CalendarDate(iso: "2026-01-01")!
        for place in places {
            for stars in ratings[place.id.rawValue] ?? [] {
                store.addRating(Rating(stars: stars, date: date), to: place)
            }
            if favorites.contains(place.id.rawValue) { store.addFavorite(place, on: date) }
        }
        let source = DataSourceInfo(kind: .sample, fetchedAt: .init(timeIntervalSince1970: 0))
        return GuideAssembler.assemble(
            places: places, store: store, settings: .defaults, source: source
        ).allPages
            .filter(\.isInCurrentData)
    }

    @Test func assemblerMergesStoreAndDeduplicates() {
        let a = Place.fixture("A", id: "node/1", category: .restaurant)
        var aAsCafe = a
        aAsCafe.category = .cafe
        let places = guide(
            [a, aAsCafe, Place.fixture("B", id: "node/2")], ratings: ["node/1": [4, 5]],
            favorites: ["node/2"])
        #expect(places.count == 2)
        #expect(places.first { $0.id.rawValue == "node/1" }?.place.category == .restaurant)
        #expect(places.first { $0.id.rawValue == "node/1" }?.summary?.roundedStars == 5)
        #expect(places.first { $0.id.rawValue == "node/2" }?.isFavorite == true)
    }

    @Test func favoritesOutsideTheDataAreKept() {
        let far = Place.fixture(
            "Frognerseteren", id: "way/9", category: .restaurant, lat: 59.9776, lon: 10.6796)
        var store = GuideStore()
        store.addFavorite(far, on: CalendarDate(iso: "2026-01-01")!)
        let guide = GuideAssembler.assemble(
            places: [Place.fixture("Near", id: "node/1")], store: store, settings: .defaults,
            source: DataSourceInfo(kind: .sample, fetchedAt: .init(timeIntervalSince1970: 0)))
        #expect(guide.places.count == 1)
        #expect(guide.favorites.map(\.place.name) == ["Frognerseteren"])
        #expect(guide.favorites.first?.isInCurrentData == false)
        #expect(guide.allPages.count == 2)
    }
}
