import Foundation
import Testing

@testable import BeaconModel
@testable import BeaconSystem

/// `sitegen import`, run as the real binary against the sample guide: the places reach the pages, a
/// second run and `--dry-run` change nothing, positions are looked up once, and every bad file
/// leaves the store as it was.
@Suite struct ImportCommandTests {
    static let key = "test-key-0123456789"

    func run(_ site: TestSite, _ arguments: [String], environment: [String: String] = [:]) throws
        -> ProcessResult
    {
        try Sitegen.run(arguments + ["--site", site.root], environment: environment)
    }

    func fixture(_ name: String) -> String { Repository.fixtures + "/import/" + name }

    /// A Takeout file of two places the sample guide has (a few metres off, under Google's names)
    /// and one it has not.
    static let takeout = """
        {"type":"FeatureCollection","features":[
        {"type":"Feature","geometry":{"type":"Point","coordinates":[10.75625,59.92335]},"properties":{
         "Title":"Tim Wendelboe Kaffebar","Google Maps URL":"http://maps.google.com/?cid=11",
         "Published":"2024-03-01T09:00:00Z","Location":{"Address":"Grüners gate 1, 0552 Oslo"}}},
        {"type":"Feature","geometry":{"type":"Point","coordinates":[10.73595,59.91445]},"properties":{
         "Title":"Fuglen","Google Maps URL":"http://maps.google.com/?cid=12","Published":"2024-03-02T09:00:00Z"}},
        {"type":"Feature","geometry":{"type":"Point","coordinates":[10.7480,59.9150]},"properties":{
         "Title":"Kaffe <Eksperimentet>","Google Maps URL":"http://maps.google.com/?cid=13",
         "Published":"2024-03-03T09:00:00Z","Location":{"Address":"Torggata 99, 0181 Oslo"}}}
        ]}
        """

    @Test func importedPlacesReachTheGuideAndASecondImportChangesNothing() throws {
        let site = TestSite()
        site.write(Self.takeout, to: "Saved Places.json")
        var result = try run(
            site,
            ["import", site.root + "/Saved Places.json", "--category", "cafe", "--as", "favorites"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stdout.contains("Importerte 3: 1 nye, 2 slått sammen med steder i guiden."),
            "\(result.stdout)")
        let store = try #require(site.bytes(GuideStore.fileName))
        let loaded = try site.site.loadStore()
        #expect(loaded.ownPlaces.map(\.own.name) == ["Kaffe <Eksperimentet>"])
        #expect(loaded.ownPlaces[0].own.importedFrom == "Saved Places.json")
        #expect(loaded.isFavorite(PlaceID(rawValue: "node/10914208868")))

        result = try run(
            site,
            ["import", site.root + "/Saved Places.json", "--category", "cafe", "--as", "favorites"])
        #expect(result.status == 0)
        #expect(
            result.stdout.contains(
                "Leste 3: 0 nye, 0 slått sammen med steder i guiden, 3 var med fra før"),
            "\(result.stdout)")
        #expect(site.bytes(GuideStore.fileName) == store)

        #expect(try run(site, ["build", "--quiet"]).status == 0)
        #expect(site.read("output/index.html")?.contains("Kaffe &lt;Eksperimentet&gt;") == true)
        #expect(
            site.read("output/favoritter/index.html")?.contains("Kaffe &lt;Eksperimentet&gt;")
                == true)
        let pages = site.outputFiles().filter { $0.hasPrefix("steder/kaffe-eksperimentet-") }
        #expect(pages.count == 1)
        #expect(
            site.read("output/eksport/steder.geojson")?.contains("Kaffe <Eksperimentet>") == true)
    }

    @Test func aDryRunSaysWhatWouldHappenAndWritesNothing() throws {
        let site = TestSite(store: #"{"format":1,"places":{}}"#)
        let result = try run(
            site, ["import", fixture("my-maps.kml"), "--category", "restaurant", "--dry-run"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stdout.contains("Prøvekjøring, ingenting er endret. Leste "), "\(result.stdout)")
        #expect(!result.stdout.contains("Importerte"))
        #expect(result.stdout.contains("  + Fjordkaffe"))
        #expect(result.stdout.contains("Ikke punkter"))
        #expect(site.read(GuideStore.fileName) == #"{"format":1,"places":{}}"#)
        #expect(site.read(GuideStore.fileName + ".format-1.bak") == nil)
    }

    @Test func everyFormatImportsFromItsFixture() throws {
        let site = TestSite()
        for name in [
            "takeout-saved-places-old.json", "takeout-saved-places-new.json", "google-list.csv",
            "my-maps.kml",
            "my-maps.kmz", "waypoints.gpx", "places.geojson", "overpass.json",
        ] {
            let result = try run(site, ["import", fixture(name), "--category", "restaurant"])
            #expect(result.status == 0, "\(name): \(result.stderr)")
            // A Google Maps list has no positions: without a key to look them up, nothing was
            // imported.
            let headline = name == "google-list.csv" ? "Leste " : "Importerte "
            #expect(result.stdout.contains(headline), "\(name): \(result.stdout)")
        }
        let own = try site.site.loadStore().ownPlaces.map(\.own)
        #expect(own.count >= 10)
        #expect(own.contains { $0.name == "寿司 銀座" })
        #expect(try run(site, ["build", "--quiet"]).status == 0)
    }

    @Test func placesWithoutAPositionAreLookedUpOnceWithAKey() throws {
        let site = TestSite()
        let found =
            #"{"type":"FeatureCollection","features":[{"type":"Feature","properties":{"lat":59.9112,"lon":10.7334,"formatted":"Aker Brygge, Oslo"},"geometry":{"type":"Point","coordinates":[10.7334,59.9112]}}]}"#
        let stub = try GeoapifyStub(routes: [
            "geocode": [
                .init(body: found), .init(body: #"{"type":"FeatureCollection","features":[]}"#),
            ]
        ])
        let environment = ["GEOAPIFY_API_KEY": Self.key, "GEOAPIFY_BASE_URL": stub.baseURL]
        #expect(try run(site, ["build", "--quiet"], environment: environment).status == 0)
        let placeRequests = stub.requests.count
        // Issue: a dry run asked nothing, yet said that Geoapify did not find the places.
        let dry = try run(
            site, ["import", fixture("google-list.csv"), "--category", "cafe", "--dry-run"],
            environment: environment)
        #expect(dry.status == 0, "\(dry.stderr)")
        #expect(
            dry.stdout.contains("3 steder uten posisjon ville blitt slått opp hos Geoapify"),
            "\(dry.stdout)")
        #expect(
            dry.stdout.contains("En import uten --dry-run slår dem opp hos Geoapify først."),
            "\(dry.stdout)")
        #expect(!dry.stdout.contains("fant dem ikke"), "\(dry.stdout)")
        #expect(stub.requests.count == placeRequests)
        var result = try run(
            site, ["import", fixture("google-list.csv"), "--category", "cafe"],
            environment: environment)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stdout.contains("Slo opp 3 posisjoner hos Geoapify (3 spørringer"),
            "\(result.stdout)")
        #expect(result.stdout.contains("1 nye"), "\(result.stdout)")
        let lookups = Array(stub.requests.dropFirst(placeRequests))
        #expect(lookups.count == 3)
        #expect(
            lookups.allSatisfy {
                $0.headers["x-api-key"] == Self.key && $0.path == "/v1/geocode/search"
            })
        #expect(!(result.stdout + result.stderr).contains(Self.key))
        // Again: every answer from the cache, nothing asked.
        result = try run(
            site, ["import", fixture("google-list.csv"), "--category", "cafe"],
            environment: environment)
        #expect(result.stdout.contains("(0 spørringer"), "\(result.stdout)")
        #expect(stub.requests.count == placeRequests + 3)
    }

    @Test(arguments: [
        ("png", 65, "ikke i et format"),
        ("empty", 65, "tom"),
        ("missing", 74, "finnes ikke"),
        ("folder", 74, "mappe"),
        ("huge", 74, "for stor"),
        ("bomb", 65, "entit"),
    ])
    func aBadFileIsRefusedAndTheStoreIsUntouched(kind: String, status: Int32, message: String)
        throws
    {
        let store = #"{"format":1,"places":{}}"#
        let site = TestSite(store: store)
        let path = site.root + "/import-file"
        switch kind {
        case "png":
            #expect(
                FileManager.default.createFile(
                    atPath: path,
                    contents: Data(
                        [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
                            + Array(repeating: 0, count: 64))))
        case "empty": #expect(FileManager.default.createFile(atPath: path, contents: Data()))
        case "folder":
            try FileManager.default.createDirectory(
                atPath: path, withIntermediateDirectories: false)
        case "huge":
            // Sparse: 2 GB on paper, nothing on disk; refused from its size, never read.
            #expect(FileManager.default.createFile(atPath: path, contents: Data()))
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
            try handle.truncate(atOffset: 2 << 30)
            try handle.close()
        case "bomb":
            site.write(
                #"<?xml version="1.0"?><!DOCTYPE kml [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]><kml><Document><Placemark><name>&b;</name></Placemark></Document></kml>"#,
                to: "import-file")
        default: break
        }
        // A good file beside the bad one: nothing of it is imported either.
        let result = try run(site, ["import", fixture("my-maps.kml"), path, "--category", "cafe"])
        #expect(result.status == status, "\(result.stderr)")
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(site.read(GuideStore.fileName) == store)
    }

    @Test func badOptionsAreRefused() throws {
        let site = TestSite()
        var result = try run(site, ["import", fixture("my-maps.kml"), "--as", "everything"])
        #expect(result.status == 64 && result.stderr.contains("--as"))
        result = try run(site, ["import", fixture("my-maps.kml"), "--category", "bar"])
        #expect(result.status == 64 && result.stderr.contains("har ikke kategorien"))
        result = try run(site, ["import"])
        #expect(result.status == 64)
    }

    /// Nesting past the readers' depth is not a file cut off: said so, with what to check instead.
    @Test func aFileNestedTooDeepIsNotCalledCutOff() throws {
        let site = TestSite()
        site.write(
            String(repeating: "[", count: 1000) + String(repeating: "]", count: 1000),
            to: "dyp.json")
        site.write(
            "<kml>" + String(repeating: "<Folder>", count: 200)
                + String(repeating: "</Folder>", count: 200) + "</kml>",
            to: "dyp.kml")
        for (name, what) in [("dyp.json", "JSON"), ("dyp.kml", "KML")] {
            let path = site.root + "/" + name
            let result = try run(site, ["import", path, "--category", "cafe"])
            #expect(result.status == 65, "\(result.stderr)")
            #expect(
                result.stderr.hasPrefix(
                    "Feil: «\(name)» ser ut som \(what), men kan ikke leses (linje "),
                "\(result.stderr)")
            #expect(
                result.stderr.hasSuffix(
                    ": for dyp nøsting). Ingen eksport av steder er nøstet så dypt; sjekk at det er riktig fil.\n"
                ),
                "\(result.stderr)")
            #expect(!result.stderr.contains("avkuttet"))
            #expect(site.bytes(GuideStore.fileName) == nil)
        }
    }
}
