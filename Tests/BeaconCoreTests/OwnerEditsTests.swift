import Foundation
import Testing

@testable import BeaconModel
@testable import BeaconSite
@testable import BeaconSystem

/// The owner's own places, corrections, notes and hidden places: kept in the store (format 2, a
/// format 1 file migrated with a backup), applied where a base is made, never lost.
@Suite struct OwnerEditsTests {
    let date = CalendarDate(iso: "2026-11-20")!
    let source = DataSourceInfo(kind: .sample, fetchedAt: .init(timeIntervalSince1970: 0))

    func guide(_ places: [Place], _ store: GuideStore) -> Guide {
        GuideAssembler.assemble(places: places, store: store, settings: .defaults, source: source)
    }

    func own(_ name: String, lat: Double = 59.912, lon: Double = 10.75) -> OwnPlace {
        OwnPlace(
            name: name, category: .cafe, coordinate: Coordinate(latitude: lat, longitude: lon),
            address: "Torggata 1", openingHours: "Mo-Fr 08:00-16:00", website: "https://example.no",
            phone: "+47 22 00 00 00", addedOn: date)
    }

    @Test func anOwnPlaceIsInTheGuideSortedByDistanceWithItsNote() {
        var store = GuideStore()
        let id = store.addOwnPlace(own("Hjemmelaget", lat: 59.9112), note: "Best <em>før</em> ti")
        let data = [
            Place.fixture("Nær", id: "node/1", lat: 59.9111),
            Place.fixture("Fjern", id: "node/2", lat: 59.95),
        ]
        let places = guide(data, store).places
        #expect(places.map(\.name) == ["Nær", "Hjemmelaget", "Fjern"])
        let mine = places[1].place
        #expect(mine.id == id && id.rawValue.hasPrefix("own/"))
        #expect(mine.origin == .own && mine.ownerNote == "Best <em>før</em> ti")
        #expect(mine.openingHours == "Mo-Fr 08:00-16:00" && mine.address.singleLine == "Torggata 1")
        #expect(places[1].isInCurrentData)
    }

    @Test func addingTheSamePlaceAgainGivesTheSameIDAndAnotherPlaceAnother() {
        var store = GuideStore()
        let first = store.addOwnPlace(own("Hjemmelaget"))
        let again = store.addOwnPlace(own("Hjemmelaget"))
        #expect(first == again && store.ownPlaces.count == 1)
        let other = store.addOwnPlace(own("Bortelaget"))
        #expect(other != first && store.ownPlaces.count == 2)
    }

    @Test func aCorrectionReplacesTheDataAndAnEmptyValueClearsIt() {
        let place = Place(
            id: PlaceID(rawValue: "node/9"), name: "Feil navn", category: .cafe,
            coordinate: Coordinate(latitude: 59.91, longitude: 10.75), phone: "123",
            website: "https://old.example")
        var store = GuideStore()
        store.correct(place, with: PlaceCorrection(name: "Rett navn", phone: "", correctedOn: date))
        store.correct(
            place, with: PlaceCorrection(website: "https://new.example", correctedOn: date))
        let shown = guide([place], store).places[0].place
        #expect(shown.name == "Rett navn")
        #expect(shown.phone == nil)
        #expect(shown.website == "https://new.example")
        #expect(shown.origin == .corrected)
        let removed = store.removeCorrection(place.id)
        #expect(removed)
        #expect(guide([place], store).places[0].place == place)
    }

    @Test func aHiddenPlaceStaysOutEvenAsAFavoriteAndComesBack() {
        let a = Place.fixture("A", id: "node/1")
        let b = Place.fixture("B", id: "node/2")
        var store = GuideStore()
        store.addFavorite(b, on: date)
        store.addRating(Rating(stars: 4, date: date), to: b)
        let hid = store.hide(b, HiddenMark(since: date, reason: "Stengt for godt"))
        let hidAgain = store.hide(b, HiddenMark(since: CalendarDate(iso: "2026-11-21")!))
        #expect(hid && !hidAgain)
        #expect(store.entries[b.id]?.hidden == HiddenMark(since: date, reason: "Stengt for godt"))
        let hidden = guide([a, b], store)
        #expect(hidden.places.map(\.name) == ["A"])
        #expect(hidden.favorites.isEmpty)
        let unhid = store.unhide(b.id)
        #expect(unhid)
        let shown = guide([a, b], store)
        #expect(shown.places.count == 2 && shown.favorites.map(\.name) == ["B"])
        #expect(store.ratings(for: b.id).count == 1)  // kept while hidden
    }

    @Test func aCorrectionWhosePlaceLeftTheDataIsReportedAndKept() {
        let gone = Place.fixture("Borte", id: "node/5")
        var store = GuideStore()
        store.correct(gone, with: PlaceCorrection(name: "Borte nå", correctedOn: date))
        store.hide(Place.fixture("Skjult", id: "node/6"), HiddenMark(since: date))
        let base = GuideAssembler.base(
            places: [Place.fixture("Her", id: "node/1")], store: store, settings: .defaults)
        #expect(base.editsWithoutPlace.map(\.id.rawValue) == ["node/5", "node/6"])
        #expect(store.entries[gone.id]?.correction?.name == "Borte nå")
    }

    @Test func theBaseKeyChangesWithEveryEditButNotWithARating() {
        var store = GuideStore()
        let empty = store.placeEditsDigest
        store.addRating(Rating(stars: 5, date: date), to: Place.fixture("A"))
        #expect(store.placeEditsDigest == empty)
        store.setNote("Hyggelig", on: Place.fixture("A"))
        let noted = store.placeEditsDigest
        #expect(noted != empty)
        store.hide(Place.fixture("B", id: "node/2"), HiddenMark(since: date))
        #expect(store.placeEditsDigest != noted)
    }

    @Test func everyEditSurvivesTheFileAndTheArchive() throws {
        var store = GuideStore()
        let id = store.addOwnPlace(own("Hjemmelaget"), note: "Notat")
        let data = Place.fixture("Feil", id: "node/3")
        store.correct(
            data,
            with: PlaceCorrection(
                name: "Rett", category: .restaurant, address: "", correctedOn: date))
        store.hide(
            Place.fixture("Skjult", id: "node/4"), HiddenMark(since: date, reason: "Nedlagt"))
        let bytes = store.encodedBytes
        let read = try #require(GuideStore(encodedBytes: bytes))
        #expect(read == store)
        #expect(read.encodedBytes == bytes)

        let base = GuideAssembler.base(places: [data], store: store, settings: .defaults)
        let archived = try #require(
            GuideBaseArchive.decode(
                GuideBaseArchive.encode(base, key: "k"), key: "k",
                categories: PlaceCategory.defaults)
        )
        let places = archived.inData.map(\.place)
        #expect(places == base.inData.map(\.place))
        #expect(places.contains { $0.id == id && $0.origin == .own && $0.ownerNote == "Notat" })
        #expect(
            places.contains {
                $0.name == "Rett" && $0.origin == .corrected && $0.category == .restaurant
            })
    }

    @Test func aFormat1StoreIsReadAndMigratedWithABackupOnTheFirstWrite() throws {
        let folder = TemporaryFolder()
        let site = SiteFolder(root: folder.path)
        let old = """
            {"format": 1, "places": {"node/1": {"place": {"name": "A", "category": "cafe", "lat": 59.9, "lon": 10.7},
            "favoriteSince": "2026-01-02"}}}
            """
        folder.write(old, to: GuideStore.fileName)
        let read = try site.loadStore()
        #expect(read.isFavorite(PlaceID(rawValue: "node/1")))
        #expect(folder.read(GuideStore.fileName) == old)  // reading changes nothing
        try site.updateStore { $0.setNote("Ny", on: Place.fixture("A", id: "node/1")) }
        #expect(folder.read(GuideStore.fileName + ".format-1.bak") == old)
        let now = try #require(folder.read(GuideStore.fileName))
        #expect(now.contains("\"format\": 2") && now.contains("\"note\": \"Ny\""))
        // A second write keeps the first backup as it was.
        try site.updateStore { $0.setNote("Nyere", on: Place.fixture("A", id: "node/1")) }
        #expect(folder.read(GuideStore.fileName + ".format-1.bak") == old)
    }

    @Test(arguments: [
        (
            #""own": {"name": "X", "category": "cafe", "lat": 95, "lon": 10, "added": "2026-01-01"}"#,
            "own"
        ),
        (
            #""own": {"name": "", "category": "cafe", "lat": 59, "lon": 10, "added": "2026-01-01"}"#,
            "own.name"
        ),
        (#""own": {"name": "X", "category": "cafe", "lat": 59, "lon": 10}"#, "own.added"),
        (
            #""own": {"name": "X", "category": "cafe", "lat": 59, "lon": 10, "added": "2026-01-01", "x": 1}"#,
            "own.x"
        ),
        (#""hidden": {"reason": "?"}"#, "hidden.since"),
        (#""correction": {"name": "Y"}"#, "correction.date"),
        (#""correction": {"category": "<script>", "date": "2026-01-01"}"#, "correction.category"),
        (#""note": 5"#, "note"),
    ])
    func aBrokenEditIsReportedWhereItIsAndTheFileIsLeftAlone(field: String, path: String) throws {
        let folder = TemporaryFolder()
        let text = #"{"format": 2, "places": {"own/1": {"# + field + "}}}"
        folder.write(text, to: GuideStore.fileName)
        let site = SiteFolder(root: folder.path)
        #expect {
            try site.updateStore { $0.setNote("x", on: Place.fixture("A")) }
        } throws: { error in
            (error as? SiteDataError)?.userMessage.contains("places.own/1." + path) == true
                || (error as? SiteDataError)?.userMessage.contains("places.own/1: ") == true
                    && path == "own"
        }
        #expect(folder.read(GuideStore.fileName) == text)
        #expect(folder.read(GuideStore.fileName + ".format-1.bak") == nil)
    }

    @Test func matchingFindsTheSamePlaceUnderASimilarNameWithin50Metres() {
        let known = [
            Place.fixture("Tim Wendelboe Kaffebar", id: "node/1", lat: 59.92330, lon: 10.75620),
            Place.fixture("Fuglen", id: "node/2", lat: 59.91560, lon: 10.73930),
        ]
        let matching = PlaceMatching(known)
        let near = Coordinate(latitude: 59.92345, lon: 10.75640)  // about 20 m away
        #expect(matching.match(name: "Tim Wendelboe", at: near)?.id.rawValue == "node/1")
        #expect(matching.match(name: "TIM WENDELBOE KAFFEBAR!", at: near)?.id.rawValue == "node/1")
        #expect(
            matching.match(name: "Fulgen", at: Coordinate(latitude: 59.9156, lon: 10.7394))?.id
                .rawValue == "node/2")
        #expect(
            matching.match(name: "Tim Wendelboe", at: Coordinate(latitude: 59.9240, lon: 10.7562))
                == nil)  // 75 m
        #expect(matching.match(name: "Helt annet sted", at: near) == nil)
        #expect(matching.match(name: "Tim", at: near) == nil)  // too short to stand for a name
        // Numbered neighbours are not one place.
        let pier = PlaceMatching([
            Place.fixture("Pier 38", id: "node/3", lat: 59.9100, lon: 10.7300)
        ])
        #expect(pier.match(name: "Pier 39", at: Coordinate(latitude: 59.9101, lon: 10.7300)) == nil)
        #expect(
            pier.match(name: "Pier 38 Bar", at: Coordinate(latitude: 59.9101, lon: 10.7300)) != nil)
        #expect(pier.match(name: "Pier", at: Coordinate(latitude: 59.9101, lon: 10.7300)) == nil)
    }
}

extension Coordinate {
    fileprivate init(latitude: Double, lon: Double) {
        self.init(latitude: latitude, longitude: lon)
    }
}
