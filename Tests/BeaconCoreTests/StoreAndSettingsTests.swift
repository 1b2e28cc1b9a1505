import Foundation
import Testing

@testable import BeaconModel
@testable import BeaconSystem

@Suite struct SettingsTests {
    @Test func defaultsAreValidAndWrittenWhenMissing() throws {
        let folder = TemporaryFolder()
        let site = SiteFolder(root: folder.path)
        #expect(try site.loadSettings() == .defaults)
        #expect(!FileSystem.fileExists(site.settingsPath))
        #expect(try site.createSettingsIfMissing())
        #expect(try site.loadSettings() == .defaults)
        #expect(try !site.createSettingsIfMissing())
    }

    @Test(arguments: [
        (#"{"format":1,"center":{"lat":91,"lon":10}}"#, "breddegraden"),
        (#"{"format":1,"center":{"lat":59,"lon":-180.5}}"#, "lengdegraden"),
        (#"{"format":1,"radiusKm":11}"#, "radius"),
        (#"{"format":1,"radiusKm":0}"#, "radius"),
        (#"{"format":1,"placesPerCategory":9}"#, "placesPerCategory må være fra 10 til 100 (er 9)"),
        (#"{"format":1,"placesPerCategory":101}"#, "placesPerCategory"),
        (#"{"format":1,"title":"  "}"#, "title kan ikke være tom"),
        (#"{"format":1,"picksMinimumRating":0}"#, "må være fra 1 til 5 (er 0)"),
        (#"{"format":1,"baseURL":"javascript:alert(1)"}"#, "baseURL"),
        // Published in canonical links, the sitemap and robots.txt: only an address that reads one
        // way.
        (#"{"format":1,"baseURL":"https://example.org/guide/?utm=x"}"#, "baseURL kan ikke ha ?"),
        (#"{"format":1,"baseURL":"https://example.org/guide/#top"}"#, "baseURL kan ikke ha ?"),
        (
            #"{"format":1,"baseURL":"https://exa mple.org/"}"#,
            "baseURL kan ikke inneholde mellomrom"
        ),
        (
            #"{"format":1,"baseURL":"https://kari:hemmelig@example.org/"}"#,
            "brukernavn eller passord"
        ),
        (#"{"format":1,"baseURL":"https://example.org:99999/"}"#, "portnummer"),
        (#"{"format":1,"baseURL":"https://blåbær.no/"}"#, "utenfor ASCII"),
        (#"{"format":1,"baseURL":"ftp://example.org/"}"#, "http- eller https-adresse"),
        (#"{"format":1,"baseURL":"https://"}"#, "vertsnavn"),
    ])
    func invalidSettingsAreRefusedAndUntouched(json: String, mentions: String) throws {
        let folder = TemporaryFolder()
        folder.write(json, to: SiteSettings.fileName)
        let site = SiteFolder(root: folder.path)
        do {
            _ = try site.loadSettings()
            Issue.record("expected invalid settings")
        } catch {
            guard case .invalidSettings(let path, let problems) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(path.hasSuffix(SiteSettings.fileName))
            #expect(problems.joined().contains(mentions))
        }
        #expect(folder.read(SiteSettings.fileName) == json)
    }

    @Test(arguments: [
        "https://example.org/guide/", "http://localhost:8080/guide",
        "https://EXAMPLE.org:8443/a%20b/",
        "https://xn--blbr-roa0j.no/",
    ])
    func ordinaryBaseURLsAreTaken(address: String) throws {
        let folder = TemporaryFolder()
        folder.write(#"{"format":1,"baseURL":"\#(address)"}"#, to: SiteSettings.fileName)
        #expect(try SiteFolder(root: folder.path).loadSettings().baseURL == address)
    }

    @Test func corruptAndUnknownVersionsAreReported() throws {
        let folder = TemporaryFolder()
        let site = SiteFolder(root: folder.path)
        folder.write("{\"format\": 1, \"radiusKm\": ", to: SiteSettings.fileName)
        #expect(throws: SiteDataError.self) { try site.loadSettings() }
        folder.write("{\"format\": 2}", to: SiteSettings.fileName)
        do {
            _ = try site.loadSettings()
            Issue.record("expected error")
        } catch {
            guard case .unsupportedFormat = error else {
                Issue.record("\(error)")
                return
            }
            #expect(error.userMessage.contains("versjon 2"))
        }
        folder.write("{\"format\": 1, \"radius\": 3}", to: SiteSettings.fileName)
        do {
            _ = try site.loadSettings()
            Issue.record("expected error")
        } catch {
            #expect(error.userMessage.contains("radius"))
        }
    }

    @Test func roundTrip() throws {
        let folder = TemporaryFolder()
        let site = SiteFolder(root: folder.path)
        var settings = SiteSettings.defaults
        settings.center = Coordinate(latitude: 60.39, longitude: 5.32)
        settings.centerLabel = "Bergen"
        settings.radiusKm = 3
        settings.baseURL = "https://example.org/guide/"
        try site.saveSettings(settings)
        #expect(try site.loadSettings() == settings)
    }

    /// The picks' threshold: 4 when the file says nothing, and written only when it says another.
    @Test func picksMinimumRatingIsFourUnlessTheFileSaysOtherwise() throws {
        let folder = TemporaryFolder()
        let site = SiteFolder(root: folder.path)
        #expect(try site.loadSettings().picksMinimumRating == 4)
        let defaults = String(decoding: SiteSettings.defaults.encodedBytes, as: UTF8.self)
        #expect(!defaults.contains("picksMinimumRating"))
        folder.write(#"{"format":1,"picksMinimumRating":3}"#, to: SiteSettings.fileName)
        var settings = try site.loadSettings()
        #expect(settings.picksMinimumRating == 3)
        settings.picksMinimumRating = 5
        try site.saveSettings(settings)
        #expect(try site.loadSettings().picksMinimumRating == 5)
    }
}

@Suite struct StoreTests {
    let date = CalendarDate(iso: "2026-11-21")!

    @Test func missingStoreIsEmpty() throws {
        let folder = TemporaryFolder()
        #expect(try SiteFolder(root: folder.path).loadStore() == GuideStore())
    }

    @Test func roundTripKeepsEveryRatingAndSnapshot() throws {
        let folder = TemporaryFolder()
        let site = SiteFolder(root: folder.path)
        let place = Place.fixture("Kafé «Ørken» & Co", id: "node/7")
        var store = GuideStore()
        store.addRating(Rating(stars: 4, date: date, comment: "Godt <b>kaffe</b>"), to: place)
        store.addRating(Rating(stars: 2, date: date), to: place)
        store.addFavorite(place, on: date)
        try site.saveStore(store)
        let loaded = try site.loadStore()
        #expect(loaded == store)
        #expect(loaded.ratings(for: place.id).count == 2)
        #expect(loaded.entries[place.id]?.snapshot?.name == "Kafé «Ørken» & Co")
        let text = try #require(folder.read(GuideStore.fileName))
        #expect(text.contains("\"format\": 2"))
        #expect(text.contains("Ørken"))  // human-readable: not escaped to \u
    }

    @Test func removingFavoriteKeepsRatings() {
        let place = Place.fixture("A", id: "node/1")
        var store = GuideStore()
        store.addRating(Rating(stars: 5, date: date), to: place)
        store.addFavorite(place, on: date)
        let addedAgain = store.addFavorite(place, on: date)
        let removed = store.removeFavorite(place.id)
        let removedAgain = store.removeFavorite(place.id)
        #expect(!addedAgain)
        #expect(removed)
        #expect(!removedAgain)
        #expect(store.ratings(for: place.id).count == 1)
    }

    @Test(arguments: [
        "{",
        "[]",
        #"{"format":1,"places":{"node/1":{"ratings":[{"stars":6,"date":"2026-01-01"}]}}}"#,
        #"{"format":1,"places":{"node/1":{"ratings":[{"stars":"fire","date":"2026-01-01"}]}}}"#,
        #"{"format":1,"places":{"node/1":{"ratings":[{"stars":4,"date":"1.1.2026"}]}}}"#,
        // A well-formed key may be an owner's own kind (the settings name it); this one no settings
        // could.
        #"{"format":1,"places":{"node/1":{"place":{"name":"A","category":"Bowling hall!","lat":1,"lon":2}}}}"#,
        #"{"places":{}}"#,
        #"{"format":99,"places":{}}"#,
        // Lists (`StoreListsTests`) are format 3's.
        #"{"format":2,"places":{},"lists":[{"name":"A","places":[]}]}"#,
        #"{"format":3,"places":{},"lists":[{"name":"A","places":[]},{"name":"a","places":[]}]}"#,
        #"{"format":3,"places":{},"lists":[{"name":"","places":[]}]}"#,
        #"{"format":3,"places":{},"lists":[{"name":"A","places":["node/1","node/1"]}]}"#,
        #"{"format":3,"places":{},"lists":[{"name":"A","places":[""]}]}"#,
        #"{"format":3,"places":{},"lists":[{"name":"A","places":"node/1"}]}"#,
        #"{"format":3,"places":{},"lists":[{"name":"A","order":"sideways"}]}"#,
        #"{"format":3,"places":{},"lists":[{"name":"A","extra":1}]}"#,
        #"{"format":3,"places":{},"lists":[{"name":"A","places":["node/1"],"notes":{"node/2":"x"}}]}"#,
        #"{"format":3,"places":{},"lists":[{"name":"A","places":["node/1"],"notes":{"node/1":"  "}}]}"#,
        #"{"format":3,"places":{},"lists":[{"name":"A","places":["node/1"],"notes":["x"]}]}"#,
        #"{"format":3,"places":{},"lists":[{"name":"A","description":""}]}"#,
        #"{"format":3,"places":{},"lists":{"A":[]}}"#,
    ])
    func corruptStoreIsReportedAndNeverOverwritten(text: String) throws {
        let folder = TemporaryFolder()
        folder.write(text, to: GuideStore.fileName)
        let site = SiteFolder(root: folder.path)
        #expect(throws: SiteDataError.self) { try site.loadStore() }
        #expect(throws: (any Error).self) {
            try site.updateStore { $0.addFavorite(Place.fixture("B"), on: date) }
        }
        #expect(folder.read(GuideStore.fileName) == text)
        do { _ = try site.loadStore() } catch {
            #expect(error.userMessage.contains(GuideStore.fileName))
            #expect(error.exitStatus == .dataError)
        }
    }
}

/// The owner's lists in the store (format 3, issue #60's saved lists): read back as written, only
/// written when there are some (a store without lists stays format 2, byte for byte), an older
/// file copied beside before it first becomes format 3, and every broken list refused.
@Suite struct StoreListsTests {
    let date = CalendarDate(iso: "2026-11-29")!

    @Test func listsRoundTripInTheirOrderAndNeedFormat3() throws {
        let folder = TemporaryFolder()
        let site = SiteFolder(root: folder.path)
        var store = GuideStore()
        store.addFavorite(Place.fixture("A", id: "node/1"), on: date)
        try site.saveStore(store)
        let format2 = try #require(folder.read(GuideStore.fileName))
        #expect(format2.contains("\"format\": 2") && !format2.contains("lists"))

        let added = [
            store.addToList(named: "Søndagsfrokost", PlaceID(rawValue: "node/2")),
            store.addToList(named: "Søndagsfrokost", PlaceID(rawValue: "node/1")),
            store.addToList(named: "SØNDAGSFROKOST", PlaceID(rawValue: "node/1")),
            store.addToList(named: "雨の日", PlaceID(rawValue: "own/x")),
        ]
        #expect(added == [true, true, false, true])
        try site.saveStore(store)
        let loaded = try site.loadStore()
        #expect(loaded == store)
        #expect(loaded.lists.map(\.name) == ["Søndagsfrokost", "雨の日"])
        #expect(
            loaded.list(named: "søndagsfrokost")?.places.map(\.rawValue) == ["node/2", "node/1"])
        #expect(try #require(folder.read(GuideStore.fileName)).contains("\"format\": 3"))
        // The format 2 file an older sitegen can read is kept beside.
        #expect(folder.read(GuideStore.fileName + ".format-2.bak") == format2)
    }

    @Test func aListOfTooManyPlacesIsRefused() throws {
        let folder = TemporaryFolder()
        let ids = (0...SavedList.maximumPlaces).map { "\"node/\($0)\"" }.joined(separator: ",")
        folder.write(
            #"{"format":3,"places":{},"lists":[{"name":"Alt","places":["# + ids + "]}]}",
            to: GuideStore.fileName)
        #expect(throws: SiteDataError.self) { try SiteFolder(root: folder.path).loadStore() }
        var store = GuideStore()
        for index in 0..<SavedList.maximumPlaces {
            store.addToList(named: "Alt", PlaceID(rawValue: "node/\(index)"))
        }
        let overflow = store.addToList(named: "Alt", PlaceID(rawValue: "node/x"))
        #expect(!overflow)
        #expect(store.lists[0].places.count == SavedList.maximumPlaces)
    }
}
