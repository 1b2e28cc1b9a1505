import Foundation
import Testing

@testable import BeaconModel
@testable import BeaconSystem

/// The owner's files are read and written through Codable, and written byte for byte as the
/// hand-written encoders before them wrote them: owners diff and commit these files, so an upgrade
/// must not rewrite them. The fixtures in `Tests/Fixtures/owner-files/` were written by the last
/// sitegen with those encoders (every member the settings and the store have, special characters, a
/// format 1 store and what its first save made of it); each is read and written again here, and
/// must come out the same.
@Suite struct OwnerFileBytesTests {
    static let ownerFiles = TestPaths.fixtures + "/owner-files"

    func bytes(_ path: String) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    @Test(arguments: [
        TestPaths.repository + "/beacon-settings.json", ownerFiles + "/settings-every-member.json",
    ])
    func settingsComeBackByteForByte(path: String) throws {
        let original = try bytes(path)
        let settings = try SiteFolder.parseSettings(original, path: path)
        #expect(
            settings.encodedBytes == original,
            "\(String(decoding: settings.encodedBytes, as: UTF8.self))")
    }

    @Test(arguments: [
        ownerFiles + "/repository-store-saved.json", ownerFiles + "/store-every-member.json",
        ownerFiles + "/store-format-1-saved.json",
    ])
    func storesComeBackByteForByte(path: String) throws {
        let original = try bytes(path)
        let store = try SiteFolder.parseStore(original, path: path)
        #expect(
            store.encodedBytes == original, "\(String(decoding: store.encodedBytes, as: UTF8.self))"
        )
        #expect(GuideStore(encodedBytes: original) == store)
    }

    /// The repository's store (the sample guide's, with its two lists) is as a save writes it, so
    /// the first command that changes it changes only what it changes.
    @Test func theRepositorysStoreIsSavedAsTheLastSitegenSavedIt() throws {
        let original = try bytes(TestPaths.repository + "/beacon-store.json")
        let saved = try bytes(Self.ownerFiles + "/repository-store-saved.json")
        let store = try SiteFolder.parseStore(original, path: "beacon-store.json")
        #expect(store.encodedBytes == saved)
        #expect(try SiteFolder.parseStore(saved, path: "repository-store-saved.json") == store)
    }

    @Test func theSettingsFileReadsAsWritten() throws {
        let settings = try SiteFolder.parseSettings(
            try bytes(Self.ownerFiles + "/settings-every-member.json"),
            path: "settings-every-member.json")
        #expect(settings.languages.all == [.nn, .en, .nb])
        #expect(settings.translations[.en] == .init(title: "English", intro: "About"))
        #expect(settings.translations[.nn] == .init())
        #expect(settings.intro == "<p>Hei</p>\n\"sitat\"")
        #expect(
            settings.basemap
                == .provider(
                    .init(
                        tiles: "https://tiles.example.org/{z}/{x}/{y}.png",
                        attribution: "© Example",
                        attributionURL: "https://example.org/", maxZoom: 18)))
        #expect(settings.categories.map(\.rawValue) == ["bar", "is", "olbarar", "cafe"])
        let own = settings.categories[1].definition
        #expect(own.geoapifyKeys == ["catering.ice_cream", "commercial.food_and_drink.ice_cream"])
        #expect(own.animation == .sway && !own.hasOpeningStatus && own.icon == .site("gelato.svg"))
        #expect(own.osmTags.map(\.text) == ["amenity=ice_cream", "shop=ice_cream"])
    }

    /// A format 1 file is read as it was written, and its first save writes format 2: the same
    /// bytes the last sitegen wrote for it (`SiteFolder.saveStore` keeps the old file beside it).
    @Test func aFormat1StoreIsSavedAsTheLastSitegenSavedIt() throws {
        let folder = TemporaryFolder()
        let original = try bytes(Self.ownerFiles + "/store-format-1.json")
        try Data(original).write(to: URL(fileURLWithPath: folder.path + "/" + GuideStore.fileName))
        let site = SiteFolder(root: folder.path)
        let store = try site.loadStore()
        #expect(store.entries[PlaceID(rawValue: "way/1")]?.ratings.first?.comment == nil)
        try site.saveStore(store)
        #expect(try bytes(site.storePath) == bytes(Self.ownerFiles + "/store-format-1-saved.json"))
        #expect(try bytes(site.storeBackupPath) == original)
    }

    /// A wrong value is named where it is, as before: the path in the file's terms, the value, and
    /// the words of what would do.
    @Test(arguments: [
        (
            #"{"format":2,"places":{"node/1":{"ratings":[{"stars":5,"date":"2026-01-01"},{"stars":6,"date":"2026-01-01"}]}}}"#,
            "places.node/1.ratings[1].stars: forventet et helt tall fra 1 til 5 (er 6)"
        ),
        (
            #"{"format":2,"places":{"node/1":{"ratings":[{"stars":5,"date":"1.1.2026"}]}}}"#,
            "places.node/1.ratings[0].date: forventet en dato på formen ÅÅÅÅ-MM-DD (er «1.1.2026»)"
        ),
        (
            #"{"format":2,"places":{"node/1":{"ratings":{"stars":5}}}}"#,
            "places.node/1.ratings: forventet en liste (er et objekt)"
        ),
        (
            #"{"format":2,"places":{"node/1":{"note":5}}}"#,
            "places.node/1.note: forventet tekst (er 5)"
        ),
        (
            #"{"format":2,"places":{"own/1":{"own":{"name":"A","category":"cafe","lat":95,"lon":10,"added":"2026-01-01"}}}}"#,
            "places.own/1.own: forventet gyldige koordinater (lat, lon)"
        ),
        (
            #"{"format":2,"places":{"node/1":{"place":{"name":"A","category":"sushi-bar!","lat":1,"lon":1}}}}"#,
            "places.node/1.place.category: forventet en kjent kategori"
        ),
        (
            #"{"format":2,"places":{"node/1":{"correction":{"website":"ftp://x","date":"2026-01-01"}}}}"#,
            "places.node/1.correction.website: nettsiden"
        ),
        (
            #"{"format":2,"places":{"node/1":{"place":{"name":"A","category":"cafe","lat":1,"lon":1,"zoom":3,"x":1}}}}"#,
            "places.node/1.place.zoom: ukjent felt (kjente felt her: name, category, address, lat, lon)"
        ),
        (
            #"{"format":4,"places":{}}"#,
            "ukjent formatversjon 4 (denne versjonen av sitegen leser versjon 1 til 3)"
        ),
    ])
    func aWrongValueInTheStoreIsNamed(text: String, message: String) throws {
        #expect {
            try SiteFolder.parseStore(Array(text.utf8), path: "beacon-store.json")
        } throws: { error in
            (error as? SiteDataError)?.userMessage.contains(message) == true
                && !"\(error)".contains("skadet")
        }
    }
}
