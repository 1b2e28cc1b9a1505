import Foundation
import Testing

@testable import BeaconModel
@testable import BeaconSite
@testable import BeaconSources
@testable import BeaconSystem

/// What an import does with the places it read: merged into the guide's within 50 m under a similar
/// name, added as own places with the kind their file tells, left out with the reason; never
/// doubled, and a second run changes nothing.
@Suite struct PlaceImporterTests {
    let today = CalendarDate(iso: "2026-11-27")!
    let wendelboe = Place.fixture(
        "Tim Wendelboe", id: "node/10914208868", lat: 59.9233, lon: 10.7562)

    func imported(
        _ name: String, lat: Double? = nil, lon: Double? = nil, note: String? = nil,
        list: String? = nil,
        tags: [String: String] = [:], osmID: String? = nil, url: String? = nil, index: Int = 0
    ) -> ImportedPlace {
        ImportedPlace(
            name: name, coordinate: lat.map { Coordinate(latitude: $0, longitude: lon!) },
            address: nil,
            noteHTML: note, url: url, list: list, savedOn: nil, osmTags: tags, osmID: osmID,
            sourceIndex: index)
    }

    func file(_ places: [ImportedPlace], skipped: [ImportSkip] = []) -> [PlaceImporter.File] {
        [
            PlaceImporter.File(
                name: "Saved Places.json",
                content: ImportedFile(
                    format: .takeoutSavedPlaces, title: nil, places: places, skipped: skipped))
        ]
    }

    func run(
        _ files: [PlaceImporter.File], known: [Place]? = nil, store: GuideStore = GuideStore(),
        category: PlaceCategory? = .cafe, favorites: Bool = false,
        positions: [PlaceImporter.FilePlace: Coordinate] = [:]
    ) -> PlaceImporter.Result {
        PlaceImporter.run(
            files, known: known ?? [wendelboe], store: store, settings: .defaults,
            options: .init(category: category, asFavorites: favorites, today: today),
            positions: positions)
    }

    @Test func aSavedPlaceNearAKnownOneUnderASimilarNameIsMergedNotDoubled() {
        let result = run(
            file([
                imported(
                    "Tim Wendelboe Kaffebar", lat: 59.92340, lon: 10.75630,
                    note: "<p>Spør om Kenya</p>")
            ]),
            favorites: true)
        #expect(
            result.lines.map(\.outcome) == [.merged(into: wendelboe.id, known: "Tim Wendelboe")])
        #expect(result.store.ownPlaces.isEmpty)
        #expect(result.store.entries[wendelboe.id]?.note == "<p>Spør om Kenya</p>")
        #expect(result.store.isFavorite(wendelboe.id))
    }

    /// An address the reader made from OSM tags without a country is written the guide's way, as
    /// the guide's own places from the same tags are; one the file wrote out, or whose tags name a
    /// country, stays.
    @Test func anAddressFromTagsWithoutACountryIsWrittenTheGuidesWay() {
        let forrest = [
            "addr:street": "Forrest Road", "addr:housenumber": "17", "addr:postcode": "EH1 2QH",
        ]
        func place(_ name: String, tags: [String: String], address: String?, lat: Double)
            -> ImportedPlace
        {
            ImportedPlace(
                name: name, coordinate: Coordinate(latitude: lat, longitude: -3.19),
                address: address, noteHTML: nil,
                url: nil, list: nil, savedOn: nil, osmTags: tags, osmID: nil, sourceIndex: 0)
        }
        let places = [
            place(
                "Bento Ya", tags: forrest, address: ImportText.address(osmTags: forrest),
                lat: 55.945),
            place("Written Out", tags: forrest, address: "Forrest Road 17, Edinburgh", lat: 55.946),
            place(
                "Tagged", tags: forrest.merging(["addr:country": "NO"]) { $1 },
                address: ImportText.address(
                    osmTags: forrest.merging(["addr:country": "NO"]) { $1 }), lat: 55.947),
        ]
        #expect(
            places[0].address == "Forrest Road 17, EH1 2QH",
            "the reader's line, before the guide is known")
        let edinburgh = SiteSettings(
            center: Coordinate(latitude: 55.9533, longitude: -3.1883), centerLabel: "Waverley")
        let result = PlaceImporter.run(
            file(places), known: [], store: GuideStore(), settings: edinburgh,
            options: .init(category: .restaurant, asFavorites: false, today: today), positions: [:])
        let addresses = Dictionary(
            uniqueKeysWithValues: result.store.ownPlaces.map {
                ($0.own.name, $0.own.address ?? "-")
            })
        #expect(
            addresses == [
                "Bento Ya": "17 Forrest Road, EH1 2QH", "Written Out": "Forrest Road 17, Edinburgh",
                "Tagged": "Forrest Road 17, EH1 2QH",
            ])
        // In an Oslo guide the tags' line is already the guide's way.
        let oslo = SiteSettings.defaults.addressCountry
        #expect(PlaceImporter.address(of: places[0], guideCountry: oslo) == places[0].address)
    }

    @Test func importingTheSameFileTwiceChangesNothing() {
        let places = [
            imported("Fjordkaffe", lat: 59.9139, lon: 10.7522, note: "<p>Utsikt</p>", index: 0),
            imported("Tim Wendelboe", lat: 59.9233, lon: 10.7562, note: "<p>Kaffe</p>", index: 1),
            imported("Bakeriet", lat: 59.9200, lon: 10.7500, index: 2),
        ]
        let first = run(file(places), favorites: true)
        #expect(
            first.lines.map(\.outcome).filter { if case .added = $0 { true } else { false } }.count
                == 2)
        // The guide as the next import knows it: the data's places, and the own places just added.
        let known = GuideAssembler.assemble(
            places: [wendelboe], store: first.store, settings: .defaults,
            source: DataSourceInfo(kind: .sample, fetchedAt: .init(timeIntervalSince1970: 0))
        ).places.map(\.place)
        let second = run(file(places), known: known, store: first.store, favorites: true)
        #expect(second.store.encodedBytes == first.store.encodedBytes)
        #expect(
            second.lines.allSatisfy { if case .alreadyThere = $0.outcome { true } else { false } })
    }

    @Test func aPlaceTwiceInOneFileIsAddedOnce() {
        let result = run(
            file([
                imported("Fjordkaffe", lat: 59.9139, lon: 10.7522, index: 0),
                imported(
                    "Fjordkaffe", lat: 59.91391, lon: 10.75221, note: "<p>Igjen</p>", index: 1),
            ]))
        #expect(result.store.ownPlaces.count == 1)
        guard case .added(let id, _) = result.lines[0].outcome else {
            Issue.record("not added: \(result.lines[0].outcome)")
            return
        }
        // Not «slått sammen med steder i guiden»: the guide had no such place before.
        #expect(result.lines[1].outcome == .duplicate(of: id, known: "Fjordkaffe"))
        #expect(result.store.entries[id]?.note == "<p>Igjen</p>")
    }

    @Test func twoNotesOnOnePlaceAreBothKept() {
        var store = GuideStore()
        store.setNote("<p>Min egen</p>", on: wendelboe)
        let result = run(
            file([imported("Tim Wendelboe", lat: 59.9233, lon: 10.7562, note: "<p>Fra Google</p>")]
            ), store: store)
        #expect(result.store.entries[wendelboe.id]?.note == "<p>Min egen</p>\n\n<p>Fra Google</p>")
    }

    @Test func theSameOSMElementIsMergedWhereverTheFilePutsIt() {
        let result = run(
            file([imported("Helt annet navn", lat: 10, lon: 10, osmID: "node/10914208868")]))
        #expect(result.lines[0].outcome == .alreadyThere(wendelboe.id))
        #expect(result.store.ownPlaces.isEmpty)
    }

    @Test func theKindComesFromTheOptionTheTagsTheFolderOrIsAndreSteder() {
        let places = [
            imported("Med tagg", lat: 59.91, lon: 10.70, tags: ["amenity": "restaurant"], index: 0),
            imported("I mappe", lat: 59.92, lon: 10.70, list: "Hoteller", index: 1),
            imported("Uten noe", lat: 59.93, lon: 10.70, index: 2),
            imported("Feil tagg", lat: 59.94, lon: 10.70, tags: ["amenity": "bank"], index: 3),
            // A kind the guide does not list keeps its kind (shown under «Andre steder» until the
            // owner adds it).
            imported("En bar", lat: 59.95, lon: 10.70, tags: ["amenity": "bar"], index: 4),
            imported("Et museum", lat: 59.96, lon: 10.70, list: "Museer", index: 5),
        ]
        let result = run(file(places), category: nil)
        let kinds = result.store.ownPlaces.map(\.own).sorted { $0.name < $1.name }.map {
            "\($0.name): \($0.category.rawValue)"
        }
        #expect(
            kinds == [
                "En bar: bar", "Et museum: museum", "Feil tagg: other", "I mappe: hotel",
                "Med tagg: restaurant", "Uten noe: other",
            ])
        // No place is refused for want of a kind.
        #expect(result.lines.allSatisfy { if case .added = $0.outcome { true } else { false } })
        guard case .added(_, let category) = result.lines[2].outcome else {
            Issue.record("\(result.lines[2].outcome)")
            return
        }
        #expect(category == .other)
        // --category wins over everything.
        let forced = run(file(places), category: .cafe)
        #expect(forced.store.ownPlaces.allSatisfy { $0.own.category == .cafe })
        #expect(forced.store.ownPlaces.count == 6)
    }

    @Test func withoutAPositionAPlaceIsMatchedByANameKnownOnceOrLookedUpOrLeftOut() {
        let places = [
            imported("Tim Wendelboe", note: "<p>Navnet holder</p>", index: 0),
            imported("Ukjent kafé", index: 1),
            imported("Slått opp", index: 2),
        ]
        let looked = Coordinate(latitude: 59.915, longitude: 10.74)
        let result = run(
            file(places), positions: [PlaceImporter.FilePlace(file: 0, place: 2): looked])
        #expect(result.lines[0].outcome == .merged(into: wendelboe.id, known: "Tim Wendelboe"))
        #expect(result.lines[1].outcome == .skipped(.noPosition))
        #expect(result.store.ownPlaces.map(\.own.coordinate) == [looked])
    }

    @Test func skippedItemsKeepTheirPlaceInTheFilesOrder() {
        let result = run(
            file(
                [
                    imported("A", lat: 59.91, lon: 10.7, index: 0),
                    imported("C", lat: 59.92, lon: 10.7, index: 2),
                ],
                skipped: [ImportSkip(name: "B", sourceIndex: 1, reason: .notAPoint(kind: "linje"))])
        )
        #expect(result.lines.map(\.name) == ["A", "B", "C"])
        #expect(result.lines[1].outcome == .skipped(.notAPoint(kind: "linje")))
    }

    @Test func googlesOwnLinkIsNoWebsiteButTheTagIs() {
        #expect(
            PlaceImporter.website(of: imported("A", url: "http://maps.google.com/?cid=1")) == nil)
        #expect(PlaceImporter.website(of: imported("A", url: "https://maps.app.goo.gl/xyz")) == nil)
        #expect(
            PlaceImporter.website(of: imported("A", url: "https://kafe.example/"))
                == "https://kafe.example/")
        #expect(
            PlaceImporter.website(
                of: imported(
                    "A", tags: ["website": "www.kafe.example"], url: "http://maps.google.com"))
                == "https://www.kafe.example")
        #expect(PlaceImporter.website(of: imported("A", url: "javascript:alert(1)")) == nil)
    }

    /// 650 saved places, as Takeout writes them, against a guide of 2,000: planned whole (its speed
    /// is measured by `scripts/bench-import`, not here).
    @Test func aTakeoutOf650PlacesAgainstABigGuide() throws {
        var features: [String] = []
        for index in 0..<650 {
            let lat = 59.85 + Double(index % 26) * 0.004
            let lon = 10.65 + Double(index / 26) * 0.008
            features.append(
                #"{"type":"Feature","geometry":{"type":"Point","coordinates":[\#(lon),\#(lat)]},"properties":{"Title":"Lagret sted \#(index)","Google Maps URL":"http://maps.google.com/?cid=\#(index)","Published":"2024-01-01T00:00:00Z","Location":{"Address":"Gate \#(index), Oslo"}}}"#
            )
        }
        let bytes = Array(
            (#"{"type":"FeatureCollection","features":["# + features.joined(separator: ",") + "]}")
                .utf8)
        let content = try ImportReader.read(bytes, fileName: "Saved Places.json")
        var known: [Place] = []
        for index in 0..<2_000 {
            known.append(
                Place.fixture(
                    "Sted \(index)", id: "node/\(index)", lat: 59.85 + Double(index % 40) * 0.0025,
                    lon: 10.65 + Double(index / 40) * 0.004))
        }
        // Ten of the saved places are places of the guide under the same name, 10 m off.
        for index in 0..<10 {
            let position = content.places[index * 60].coordinate!
            known.append(
                Place.fixture(
                    "Lagret sted \(index * 60)", id: "node/9\(index)",
                    lat: position.latitude + 0.00009,
                    lon: position.longitude))
        }
        let result = PlaceImporter.run(
            [PlaceImporter.File(name: "Saved Places.json", content: content)], known: known,
            store: GuideStore(),
            settings: .defaults, options: .init(category: .restaurant, today: today))
        #expect(result.store.ownPlaces.count == 640)
        #expect(result.lines.count { if case .merged = $0.outcome { true } else { false } } == 0)
        #expect(
            result.lines.count { if case .alreadyThere = $0.outcome { true } else { false } } == 10)
    }
}

/// A description that only repeats a place's position, name or address is no note (issue #60).
@Suite struct RepeatedNoteTests {
    @Test(arguments: [
        "<p>経度: 135.7681 緯度: 35.0036</p>", "59.91, 10.75", "<p>59.9139 N, 10.7522 E</p>",
        "Latitude: 19.4326<br>Longitude: -99.1332", "<p>Calle de Tacuba 28, Centro</p>",
        "<p>Café de Tacuba</p>", "<p> </p>",
    ])
    func repeatsAreNotNotes(html: String) {
        #expect(
            RepeatedNote.isRepeat(
                html, name: "Café de Tacuba", address: "Calle de Tacuba 28, Centro"))
    }

    @Test(arguments: [
        "<p>Best før ti, 2 kaffe for 59.90</p>", "<p>Nove 59.91 10.75</p>",
        "<p>Bord 12, 14.30</p>", "<p>Husk å bestille bord</p>",
        "<p>Calle de Tacuba 28, Centro. Bestill bord!</p>",
    ])
    func wordsOfTheOwnersAreKept(html: String) {
        #expect(
            !RepeatedNote.isRepeat(
                html, name: "Café de Tacuba", address: "Calle de Tacuba 28, Centro"))
    }

    @Test func theImporterDropsARepeatAndKeepsANote() {
        let places = [
            ImportedPlace(
                name: "Fushimi Inari",
                coordinate: Coordinate(latitude: 34.9671, longitude: 135.7727),
                noteHTML: "<p>経度: 135.7727 緯度: 34.9671</p>", sourceIndex: 0),
            ImportedPlace(
                name: "Nishiki", coordinate: Coordinate(latitude: 35.005, longitude: 135.765),
                noteHTML: "<p>Kom før ti</p>", sourceIndex: 1),
        ]
        let result = PlaceImporter.run(
            [
                PlaceImporter.File(
                    name: "kyoto.kml",
                    content: ImportedFile(format: .kml, title: nil, places: places, skipped: []))
            ],
            known: [], store: GuideStore(), settings: .defaults,
            options: PlaceImporter.Options(
                category: .cafe, today: CalendarDate(year: 2026, month: 11, day: 29)!))
        let notes = result.store.entries.values.map(\.note)
        #expect(notes.compactMap { $0 } == ["<p>Kom før ti</p>"])
    }
}
