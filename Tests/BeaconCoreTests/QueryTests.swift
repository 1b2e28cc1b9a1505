import Testing
@testable import BeaconCore

@Suite struct PlaceQueryTests {
    func guide(_ places: [Place], ratings: [String: [Int]] = [:], favorites: Set<String> = []) -> [GuidePlace] {
        var store = GuideStore()
        let date = CalendarDate(iso: "2026-01-01")!
        for place in places {
            for stars in ratings[place.id.rawValue] ?? [] { store.addRating(Rating(stars: stars, date: date), to: place) }
            if favorites.contains(place.id.rawValue) { store.addFavorite(place, on: date) }
        }
        let source = DataSourceInfo(kind: .sample, fetchedAt: .init(timeIntervalSince1970: 0))
        return GuideAssembler.assemble(places: places, store: store, settings: .defaults, source: source).places
    }

    @Test func norwegianAlphabeticalOrder() {
        let names = ["Zeta", "Ærlig", "Åpent", "Aas Kro", "Ørken", "Bakeri", "albatross", "Øl"]
        let places = guide(names.enumerated().map { Place.fixture($1, id: "node/\($0)") })
        let sorted = PlaceQuery(sort: .name).apply(to: places).map(\.place.name)
        // "Aas" sorts as "Ås", after "Åp".
        #expect(sorted == ["albatross", "Bakeri", "Zeta", "Ærlig", "Øl", "Ørken", "Åpent", "Aas Kro"])
    }

    @Test func ratingSortPutsUnratedLast() {
        let places = guide((0..<5).map { Place.fixture("P\($0)", id: "node/\($0)", lat: 59.9111 + Double($0) * 0.001) },
                           ratings: ["node/1": [3], "node/3": [5, 4], "node/4": [5]])
        let sorted = PlaceQuery(sort: .rating).apply(to: places).map(\.id.rawValue)
        #expect(sorted == ["node/4", "node/3", "node/1", "node/0", "node/2"])
    }

    @Test func filtersCombine() {
        let places = guide([
            Place.fixture("Kafé Nord", id: "node/1", category: .cafe, lat: 59.93),
            Place.fixture("Kafé Sør", id: "node/2", category: .cafe, lat: 59.95),
            Place.fixture("Hotell Kafé", id: "node/3", category: .hotel, lat: 59.912),
            Place.fixture("Restaurant", id: "node/4", category: .restaurant, lat: 59.913),
        ], favorites: ["node/2", "node/3"])
        #expect(PlaceQuery(text: "kafe").apply(to: places).map(\.id.rawValue) == ["node/3", "node/1", "node/2"])
        #expect(PlaceQuery(text: "KAFÉ", category: .cafe).apply(to: places).count == 2)
        #expect(PlaceQuery(maximumDistanceKm: 1).apply(to: places).map(\.id.rawValue) == ["node/3", "node/4"])
        #expect(PlaceQuery(favoritesOnly: true).apply(to: places).map(\.id.rawValue) == ["node/3", "node/2"])
        #expect(PlaceQuery(text: "hoteller").apply(to: places).map(\.id.rawValue) == ["node/3"]) // category name
        #expect(PlaceQuery(text: "storgata").apply(to: places).count == 4) // address
        #expect(PlaceQuery(text: "finnes ikke").apply(to: places).isEmpty)
    }

    @Test func assemblerMergesStoreAndDeduplicates() {
        let a = Place.fixture("A", id: "node/1", category: .restaurant)
        var aAsCafe = a
        aAsCafe.category = .cafe
        let places = guide([a, aAsCafe, Place.fixture("B", id: "node/2")], ratings: ["node/1": [4, 5]], favorites: ["node/2"])
        #expect(places.count == 2)
        #expect(places.first { $0.id.rawValue == "node/1" }?.place.category == .restaurant)
        #expect(places.first { $0.id.rawValue == "node/1" }?.summary?.roundedStars == 5)
        #expect(places.first { $0.id.rawValue == "node/2" }?.isFavorite == true)
    }

    @Test func favoritesOutsideTheDataAreKept() {
        let far = Place.fixture("Frognerseteren", id: "way/9", category: .restaurant, lat: 59.9776, lon: 10.6796)
        var store = GuideStore()
        store.addFavorite(far, on: CalendarDate(iso: "2026-01-01")!)
        let guide = GuideAssembler.assemble(places: [Place.fixture("Near", id: "node/1")], store: store, settings: .defaults,
                                            source: DataSourceInfo(kind: .sample, fetchedAt: .init(timeIntervalSince1970: 0)))
        #expect(guide.places.count == 1)
        #expect(guide.favorites.map(\.place.name) == ["Frognerseteren"])
        #expect(guide.favorites.first?.isInCurrentData == false)
        #expect(guide.allPages.count == 2)
    }
}
