import Foundation
import Testing

@testable import BeaconModel
@testable import BeaconSite
@testable import BeaconSystem

/// The owner's lists (#61): what the store keeps (description, notes, order) round trips and reads
/// a list written before them; every edit is checked whole and refused with the store unchanged.
@Suite struct ListEditingTests {
    let one = PlaceID(rawValue: "node/1")
    let two = PlaceID(rawValue: "node/2")
    let three = PlaceID(rawValue: "way/3")

    func store() throws -> GuideStore {
        var store = GuideStore()
        _ = try store.makeList(named: "Søndagsfrokost", description: "Tidlig *søndag*")
        try store.addToList("Søndagsfrokost", [(one, "En"), (two, "To")])
        try store.noteInList("Søndagsfrokost", two, placeName: "To", "Kom før ti")
        return store
    }

    @Test func descriptionNotesAndOrderRoundTripInTheListsOrder() throws {
        var store = try store()
        try store.orderList("søndagsfrokost", by: .rating)
        try store.addToList("Søndagsfrokost", [(three, "Tre")], at: 1)
        try store.noteInList("Søndagsfrokost", three, placeName: "Tre", "Først")
        let bytes = store.encodedBytes
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(try #require(GuideStore(encodedBytes: bytes)) == store)
        // The notes follow the list's order in the file, so a diff reads as the list does.
        let first = try #require(text.range(of: "\"way/3\": \"Først\""))
        let second = try #require(text.range(of: "\"node/2\": \"Kom før ti\""))
        #expect(first.lowerBound < second.lowerBound)
        #expect(text.contains("\"order\": \"rating\""))
        #expect(text.contains("\"description\": \"Tidlig *søndag*\""))
    }

    @Test func aListWrittenBeforeDescriptionsAndNotesReadsAsBefore() throws {
        let old = #"{"format":3,"places":{},"lists":[{"name":"Want to go","places":["node/1"]}]}"#
        let store = try #require(GuideStore(encodedBytes: Array(old.utf8)))
        #expect(store.lists == [SavedList(name: "Want to go", places: [one])])
        #expect(store.lists[0].order == .manual && store.lists[0].notes.isEmpty)
        // Written back, it has no members it did not have.
        let text = String(decoding: store.encodedBytes, as: UTF8.self)
        #expect(!text.contains("order") && !text.contains("notes") && !text.contains("description"))
    }

    @Test(arguments: [
        ("", ListEditError.emptyName),
        ("   \u{202E}  ", ListEditError.emptyName),
        (String(repeating: "x", count: 101), ListEditError.nameTooLong(101)),
        ("SØNDAGSFROKOST", ListEditError.duplicateName("Søndagsfrokost")),
        ("sondagsfrokost", ListEditError.duplicateName("Søndagsfrokost")),
    ])
    func aBadNameIsRefused(name: String, refusal: ListEditError) throws {
        var store = try store()
        let before = store
        #expect(throws: refusal) { try store.makeList(named: name) }
        #expect(throws: refusal) {
            _ = try store.makeList(named: "Annen")
            try store.renameList("Annen", to: name)
        }
        store.lists.removeLast()
        #expect(store == before)
    }

    @Test func everyEditNamesAListThatExists() throws {
        var store = try store()
        let before = store
        let unknown = ListEditError.unknownList("Regnvær", known: ["Søndagsfrokost"])
        #expect(throws: unknown) { try store.deleteList(named: "Regnvær") }
        #expect(throws: unknown) { try store.addToList("Regnvær", [(three, "Tre")]) }
        #expect(throws: unknown) { try store.describeList("Regnvær", "x") }
        #expect(throws: unknown) { try store.moveInList("Regnvær", one, placeName: "En", to: 1) }
        #expect(store == before)
        #expect(unknown.userMessage.contains("«Søndagsfrokost»"))
    }

    @Test func placesAreAddedOnceMovedWithinTheListAndLoseTheirNoteWhenRemoved() throws {
        var store = try store()
        let before = store
        #expect(throws: ListEditError.alreadyInList(place: "To", list: "Søndagsfrokost")) {
            try store.addToList("Søndagsfrokost", [(three, "Tre"), (two, "To")])
        }
        #expect(throws: ListEditError.alreadyInList(place: "Tre", list: "Søndagsfrokost")) {
            try store.addToList("Søndagsfrokost", [(three, "Tre"), (three, "Tre")])
        }
        #expect(throws: ListEditError.badPosition(4, last: 3)) {
            try store.addToList("Søndagsfrokost", [(three, "Tre")], at: 4)
        }
        #expect(throws: ListEditError.badPosition(0, last: 2)) {
            try store.moveInList("Søndagsfrokost", one, placeName: "En", to: 0)
        }
        #expect(throws: ListEditError.notInList(place: "Tre", list: "Søndagsfrokost")) {
            try store.noteInList("Søndagsfrokost", three, placeName: "Tre", "x")
        }
        #expect(store == before)

        try store.moveInList("Søndagsfrokost", one, placeName: "En", to: 2)
        #expect(store.lists[0].places == [two, one])
        try store.removeFromList("Søndagsfrokost", two, placeName: "To")
        #expect(store.lists[0].places == [one] && store.lists[0].notes.isEmpty)
        try store.describeList("Søndagsfrokost", nil)
        #expect(store.lists[0].description == nil)
    }

    @Test func tenThousandPlacesAreRefusedWhole() throws {
        var store = try store()
        let before = store
        let many = (0..<10_000).map { (PlaceID(rawValue: "node/x\($0)"), "x\($0)") }
        #expect(throws: ListEditError.full("Søndagsfrokost")) {
            try store.addToList("Søndagsfrokost", many)
        }
        _ = try store.makeList(named: "Tom")
        #expect(throws: ListEditError.tooManyPlaces(10_000)) { try store.addToList("Tom", many) }
        #expect(store.lists[0] == before.lists[0] && store.lists[1].places.isEmpty)
    }

    func place(_ id: String, metres: Double, stars: [Int] = []) -> GuidePlace {
        let ratings = stars.map { Rating(stars: $0, date: CalendarDate(iso: "2026-01-01")!) }
        return GuidePlace(
            place: Place.fixture(id, id: id), slug: id, distanceMetres: metres, ratings: ratings,
            summary: RatingSummary(ratings: ratings), favoriteSince: nil, isInCurrentData: true)
    }

    @Test func aListsPageOrdersItsPlacesAsTheOwnerChose() {
        let places = [
            place("a", metres: 900, stars: [3]), place("b", metres: 100),
            place("c", metres: 500, stars: [5, 4]), place("d", metres: 100, stars: [4, 5]),
            place("e", metres: 50, stars: [5]),
        ]
        #expect(
            GuideList.ordered(places, by: .manual).map(\.id.rawValue) == ["a", "b", "c", "d", "e"])
        #expect(
            GuideList.ordered(places, by: .nearest).map(\.id.rawValue) == ["e", "b", "d", "c", "a"])
        // Best average first; of equal averages the more rated; the unrated last, in the owner's order.
        #expect(
            GuideList.ordered(places, by: .rating).map(\.id.rawValue) == ["e", "c", "d", "a", "b"])
    }

    @Test func aListsFolderIsItsNameUniqueAndStable() {
        let lists = ["Søndagsfrokost", "Café!", "Cafe?", "雨の日", "Når familien kommer"].map {
            SavedList(name: $0)
        }
        let slugs = GuideList.slugs(lists)
        #expect(slugs[0] == "sondagsfrokost")
        #expect(slugs[4] == "nar-familien-kommer")
        #expect(Set(slugs).count == slugs.count)
        #expect(slugs[1].hasPrefix("cafe-") && slugs[2].hasPrefix("cafe-"))
        #expect(slugs[3].hasPrefix("liste-"))
        // A list's folder does not move when a list of another stem comes or goes.
        #expect(GuideList.slugs([lists[3]]) == [slugs[3]])
        #expect(GuideList.slugs([lists[0], lists[3]]) == [slugs[0], slugs[3]])
    }
}
