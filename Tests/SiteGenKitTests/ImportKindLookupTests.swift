import Foundation
import Testing

@testable import BeaconModel
@testable import BeaconSite
@testable import BeaconSources
@testable import BeaconSystem

/// The kinds of saved places their file does not name (Google Takeout), looked up in
/// OpenStreetMap through the Overpass stand-in: one POST for the whole import, a place given the
/// kind of the element within 50 m under a similar name, the rest under «Andre steder»; the
/// answer cached, and `--dry-run`, `--offline` and a failing server asking nothing or costing
/// nothing but a warning.
@Suite(.serialized) struct ImportKindLookupTests {
    /// Three saved places in Mexico City, as Takeout has them: no kinds.
    var takeout: String { Repository.fixtures + "/import/takeout-mexico-city.json" }

    /// What Overpass has around them: the café under its sign's name (and, 45 m off, a café of a
    /// like name: the nearer one stands for it), the palace as a theatre and a sight, a bank next
    /// to the square (a kind, but another name), a bus stop of the square's name (no kind a guide
    /// has).
    static let answer = """
        {"version":0.6,"generator":"Overpass API 0.7.62.1","osm3s":{"timestamp_osm_base":"2026-11-28T10:00:00Z"},
         "elements":[
          {"type":"node","id":5001,"lat":19.43402,"lon":-99.13702,"tags":{"amenity":"restaurant","name":"Café de Tacuba","cuisine":"mexican","opening_hours":"Mo-Su 08:00-23:30","addr:street":"Calle de Tacuba","addr:housenumber":"28"}},
          {"type":"way","id":6002,"center":{"lat":19.43521,"lon":-99.14048},"tags":{"amenity":"theatre","name":"Palacio de Bellas Artes","tourism":"attraction"}},
          {"type":"node","id":5003,"lat":19.43262,"lon":-99.13318,"tags":{"amenity":"bank","name":"Banco Nacional"}},
          {"type":"node","id":5004,"lat":19.43259,"lon":-99.13325,"tags":{"highway":"bus_stop","name":"Zócalo"}},
          {"type":"node","id":5005,"lat":19.43440,"lon":-99.13690,"tags":{"amenity":"cafe","name":"Café de Tacuba Express"}}
         ]}
        """

    func standIn(_ lookup: GeoapifyStub.Response) throws -> GeoapifyStub {
        try GeoapifyStub(routes: ["overpass-lookup": [lookup]])
    }

    func environment(_ stub: GeoapifyStub) -> [String: String] {
        ["OVERPASS_URL": stub.baseURL + "/api/interpreter", "OVERPASS_TIMEOUT": "5"]
    }

    func lookups(_ stub: GeoapifyStub) -> [GeoapifyStub.LoggedRequest] {
        stub.requests.filter { ($0.query["data"] ?? "").contains("[name]") }
    }

    @Test func oneRequestGivesThePlacesTheirKindsAndTheRestGoUnderAndreSteder() throws {
        let site = TestSite()
        let stub = try standIn(.init(body: Self.answer))
        let result = try Sitegen.run(
            ["import", takeout, "--site", site.root], environment: environment(stub))
        #expect(result.status == 0, "\(result.stderr)")
        let asked = lookups(stub)
        try #require(asked.count == 1)
        #expect(asked[0].method == "POST")
        let query = asked[0].query["data"] ?? ""
        #expect(query.components(separatedBy: "(around:50,").count - 1 == 3, "\(query)")
        #expect(result.stderr.contains("Slår opp kategorien til 3 steder hos Overpass (127.0.0.1)"))
        #expect(result.stdout.contains("Slo opp kategorien til 3 steder i OpenStreetMap: fant 2."))
        #expect(
            result.stdout.contains(
                "Importerte 3: 3 nye (2 under «Andre steder»), 0 slått sammen med steder i guiden."),
            "\(result.stdout)")
        #expect(
            result.stdout.contains(
                "1 severdighet er ikke blant guidens kategorier; de vises under «Andre steder» "
                    + "til du tar dem med: sitegen categories add sights"), "\(result.stdout)")
        #expect(result.stdout.contains("Ingen kjent kategori for «Zócalo»"), "\(result.stdout)")
        let own = try site.site.loadStore().ownPlaces.map(\.own)
        let kinds = Dictionary(uniqueKeysWithValues: own.map { ($0.name, $0.category.rawValue) })
        #expect(
            kinds == [
                "Café de Tacuba": "restaurant", "Palacio de Bellas Artes": "sights",
                "Zócalo": "other",
            ])
        // What the element knows comes along: its hours.
        let cafe = try #require(own.first { $0.name == "Café de Tacuba" })
        #expect(cafe.openingHours == "Mo-Su 08:00-23:30")

        // Again: the same places are there, nothing is asked, the store is as it was.
        let store = site.read(GuideStore.fileName)
        let again = try Sitegen.run(
            ["import", takeout, "--site", site.root], environment: environment(stub))
        #expect(again.status == 0, "\(again.stderr)")
        #expect(lookups(stub).count == 1)
        #expect(site.read(GuideStore.fileName) == store)
    }

    /// With a key, Geoapify's Place Details is asked at each point instead (the key in a header,
    /// never in the address), paced, each answer kept: a second import asks nothing.
    @Test func withAKeyGeoapifysPlaceDetailsGiveTheKinds() throws {
        let site = TestSite()
        func details(_ name: String, _ lat: Double, _ lon: Double, _ categories: String) -> String {
            #"{"type":"FeatureCollection","features":[{"type":"Feature","properties":{"feature_type":"details","name":"\#(name)","categories":[\#(categories)],"datasource":{"sourcename":"openstreetmap"},"lat":\#(lat),"lon":\#(lon)},"geometry":{"type":"Point","coordinates":[\#(lon),\#(lat)]}}]}"#
        }
        let stub = try GeoapifyStub(routes: [
            "details": [
                .init(body: #"{"type":"FeatureCollection","features":[]}"#),
                .init(
                    body: details(
                        "Palacio de Bellas Artes", 19.43521, -99.14048,
                        #""entertainment","entertainment.museum""#)),
                .init(
                    body: details(
                        "Café de Tacuba", 19.43402, -99.13702,
                        #""catering","catering.restaurant""#)),
            ]
        ])
        let environment = [
            "GEOAPIFY_API_KEY": "test-key-0123456789", "GEOAPIFY_BASE_URL": stub.baseURL,
        ]
        // With a key the guide's places are the last build's.
        #expect(
            try Sitegen.run(["build", "--quiet", "--site", site.root], environment: environment)
                .status == 0)
        let result = try Sitegen.run(
            ["import", takeout, "--site", site.root], environment: environment)
        #expect(result.status == 0, "\(result.stderr)")
        let asked = stub.requests.filter { $0.path == "/v2/place-details" }
        #expect(asked.count == 3)
        #expect(asked.allSatisfy { $0.query["apiKey"] == nil && $0.headers["x-api-key"] != nil })
        #expect(lookups(stub).isEmpty)
        #expect(
            result.stdout.contains(
                "Slo opp kategorien til 3 steder hos Geoapify (3 spørringer, resten fra bufferen): fant 2."
            ),
            "\(result.stdout)")
        let kinds = Dictionary(
            uniqueKeysWithValues: try site.site.loadStore().ownPlaces.map {
                ($0.own.name, $0.own.category.rawValue)
            })
        #expect(
            kinds == [
                "Café de Tacuba": "restaurant", "Palacio de Bellas Artes": "museum",
                "Zócalo": "other",
            ])
        #expect(!(site.read(GuideStore.fileName) ?? "").contains("test-key"))
        let again = try Sitegen.run(
            ["import", takeout, "--site", site.root], environment: environment)
        #expect(again.status == 0)
        #expect(stub.requests.filter { $0.path == "/v2/place-details" }.count == 3)
    }

    @Test func aDryRunAndOfflineAskNobody() throws {
        let site = TestSite()
        let stub = try standIn(.init(body: Self.answer))
        for flag in ["--dry-run", "--offline"] {
            let result = try Sitegen.run(
                ["import", takeout, flag, "--site", site.root], environment: environment(stub))
            #expect(result.status == 0, "\(flag): \(result.stderr)")
            #expect(lookups(stub).isEmpty, "\(flag)")
        }
        let kinds = try site.site.loadStore().ownPlaces.map(\.own.category)
        #expect(kinds == [.other, .other, .other])
    }

    @Test(arguments: [
        GeoapifyStub.Response.error(504, "Gateway Timeout"),
        GeoapifyStub.Response(body: "<html><body>rate_limited</body></html>"),
        GeoapifyStub.Response(
            body: #"{"elements":[],"remark":"runtime error: Query timed out in \"query\""}"#),
    ])
    func aFailedLookupIsAWarningAndThePlacesStillComeIn(answer: GeoapifyStub.Response) throws {
        let site = TestSite()
        let stub = try standIn(answer)
        let result = try Sitegen.run(
            ["import", takeout, "--site", site.root],
            environment: environment(stub).merging(["OVERPASS_TIMEOUT": "2"]) { $1 })
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Advarsel: fikk ikke slått opp kategorien til 3 steder"))
        #expect(
            try site.site.loadStore().ownPlaces.map(\.own.category) == [.other, .other, .other])
        // Nothing of a failed answer is kept: the next import asks again.
        let cached = SiteWriter.listFiles(under: site.root + "/.beacon-cache/overpass")
        #expect(cached.isEmpty, "\(cached)")
    }
}

/// A whole Google Takeout archive, given as downloaded (issue #60): its starred places and its
/// saved lists are found inside it whatever else it holds, a list's places without positions are
/// found among the starred ones, and the summary adds up.
@Suite struct TakeoutArchiveImportTests {
    @Test func theArchiveIsReadWholeAndItsListsFindTheirPlaces() throws {
        let site = TestSite()
        let archive = Repository.fixtures + "/import/takeout-archive.zip"
        let result = try Sitegen.run(["import", archive, "--offline", "--site", site.root])
        #expect(result.status == 0, "\(result.stderr)")
        for line in [
            "Leste takeout-archive.zip: Maps (your places)/Saved Places.json: Google Takeout (Lagrede steder), 3 steder.",
            "Leste takeout-archive.zip: Saved/Want to go.csv: Google Maps-liste (CSV), 2 steder.",
            "Leste takeout-archive.zip: Saved/Favourite places.csv: Google Maps-liste (CSV), 1 sted.",
        ] {
            #expect(result.stderr.contains(line), "\(result.stderr)")
        }
        // The routes' JSON and the profile's CSV are no places, and are passed over.
        #expect(!result.stderr.contains("Commute") && !result.stderr.contains("Profile"))
        #expect(
            result.stdout.contains(
                "Importerte 6: 3 nye (3 under «Andre steder»), 0 slått sammen med steder i guiden, "
                    + "3 dobbeltførte i filene."), "\(result.stdout)")
        let store = try site.site.loadStore()
        #expect(store.ownPlaces.count == 3)
        // The list's note reached the place.
        let tacuba = try #require(store.ownPlaces.first { $0.own.name == "Café de Tacuba" })
        #expect(store.entries[tacuba.id]?.note?.contains("Kom tidlig") == true)
        // The saved lists keep their names, and their places in their order.
        #expect(store.lists.map(\.name) == ["Want to go", "Favourite places"])
        let names = Dictionary(uniqueKeysWithValues: store.ownPlaces.map { ($0.id, $0.own.name) })
        #expect(
            store.list(named: "want to go")?.places.compactMap { names[$0] } == [
                "Café de Tacuba", "Zócalo",
            ])
        #expect(
            result.stdout.contains(
                "Lagt i listene dine: «Favourite places» (1 sted) og «Want to go» (2 steder)."),
            "\(result.stdout)")
        // Again: nothing changes, the lists' order included.
        let before = site.read(GuideStore.fileName)
        let again = try Sitegen.run(["import", archive, "--offline", "--site", site.root])
        #expect(again.status == 0 && again.stdout.contains("Leste 6:"), "\(again.stdout)")
        #expect(site.read(GuideStore.fileName) == before)
        // sitegen places --list shows a list in its order; an unknown one is named with those there.
        #expect(try Sitegen.run(["build", "--site", site.root]).status == 0)
        let shown = try Sitegen.run(["places", "--list", "Want to go", "--site", site.root])
        #expect(shown.status == 0, "\(shown.stderr)")
        let tacubaLine = try #require(shown.stdout.range(of: "Café de Tacuba"))
        let zocaloLine = try #require(shown.stdout.range(of: "Zócalo"))
        #expect(tacubaLine.lowerBound < zocaloLine.lowerBound)
        let unknown = try Sitegen.run(["places", "--list", "Ferie", "--site", site.root])
        #expect(unknown.status == 64)
        #expect(
            unknown.stderr.contains(
                "ingen liste heter «Ferie» (du har «Want to go» og «Favourite places»)"),
            "\(unknown.stderr)")
    }

    @Test func aZipWithoutPlacesSaysWhatItLacks() throws {
        let site = TestSite()
        let folder = site.root + "/arkiv"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        // An archive of one unrelated JSON: stored (method 0), written by hand.
        let name = Array("Takeout/Fit/data.json".utf8)
        let data = Array(#"{"steps": 1200}"#.utf8)
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in data {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        crc ^= 0xFFFF_FFFF
        func le16(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF)] }
        func le32(_ v: UInt32) -> [UInt8] { (0..<4).map { UInt8(v >> (8 * $0) & 0xFF) } }
        var zip: [UInt8] =
            [0x50, 0x4B, 0x03, 0x04] + le16(20) + le16(0) + le16(0) + le16(0)
            + le16(0) + le32(crc) + le32(UInt32(data.count)) + le32(UInt32(data.count))
            + le16(name.count) + le16(0) + name + data
        let directory = zip.count
        zip +=
            [0x50, 0x4B, 0x01, 0x02] + le16(20) + le16(20) + le16(0) + le16(0) + le16(0)
            + le16(0) + le32(crc) + le32(UInt32(data.count)) + le32(UInt32(data.count))
            + le16(name.count) + le16(0) + le16(0) + le16(0) + le16(0) + le32(0) + le32(0) + name
        let size = zip.count - directory
        zip +=
            [0x50, 0x4B, 0x05, 0x06] + le16(0) + le16(0) + le16(1) + le16(1)
            + le32(UInt32(size)) + le32(UInt32(directory)) + le16(0)
        #expect(
            FileManager.default.createFile(atPath: folder + "/takeout.zip", contents: Data(zip)))
        let result = try Sitegen.run(["import", folder + "/takeout.zip", "--site", site.root])
        #expect(result.status == 65, "\(result.stderr)")
        #expect(
            result.stderr.contains("«Saved Places.json», listene under «Saved»"), "\(result.stderr)"
        )
        #expect(!FileManager.default.fileExists(atPath: site.root + "/beacon-store.json"))
    }
}

/// The import's headline adds up for every fixture (issue #60): what it read is what it added,
/// merged, found twice, found there already and left out, each reason counted.
@Suite struct ImportSummarySumTests {
    static let fixtures = [
        "takeout-saved-places-old.json", "takeout-saved-places-new.json",
        "takeout-mexico-city.json", "takeout-archive.zip", "google-list.csv",
        "google-list-described.csv", "my-maps.kml", "my-maps.kmz", "latin1.kml", "waypoints.gpx",
        "windows-1252.gpx", "places.geojson", "overpass.json", "overpass.osm", "josm.osm",
    ]

    @Test(arguments: fixtures)
    func theHeadlineAddsUp(fixture: String) throws {
        let site = TestSite()
        let result = try Sitegen.run([
            "import", Repository.fixtures + "/import/" + fixture, "--dry-run", "--verbose",
            "--site", site.root,
        ])
        #expect(result.status == 0, "\(result.stderr)")
        // «Leste takeout.zip: …, 3 steder.», once for each file read (an archive holds several).
        let read = result.stderr.split(separator: "\n").filter { $0.hasPrefix("Leste ") }.map {
            line -> Int in
            let words = line.split(separator: " ")
            return Int(words[words.count - 2]) ?? -1
        }
        let headline = try #require(
            result.stdout.split(separator: "\n").first {
                $0.contains("Leste ") || $0.contains("Importerte ")
            })
        // «Leste 6: 3 nye (3 under «Andre steder»), 0 slått sammen …, 1 uten posisjon.»
        let afterVerb = headline.split(separator: ":", maxSplits: 1)
        let total = Int(afterVerb[0].split(separator: " ").last ?? "") ?? -1
        let parts = afterVerb[1].replacing(/\([^)]*\)/, with: "").split(separator: ",").map {
            Int($0.trimmingCharacters(in: .whitespaces).split(separator: " ")[0]) ?? -1
        }
        #expect(total == read.reduce(0, +), "\(fixture): \(headline) / \(read)")
        #expect(parts.reduce(0, +) == total, "\(fixture): \(headline)")
        // --verbose: the dry run's lines name every place, one line each.
        let planned = result.stdout.split(separator: "\n").filter {
            $0.hasPrefix("  + ") || $0.hasPrefix("  = ") || $0.hasPrefix("  · ")
                || $0.hasPrefix("  – ")
        }
        #expect(planned.count == min(total, 60), "\(fixture)")
    }
}
