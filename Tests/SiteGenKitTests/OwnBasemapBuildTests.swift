import Foundation
import Testing

@testable import BeaconMap
@testable import BeaconModel
@testable import BeaconSite
@testable import BeaconSystem
@testable import SiteBuild
@testable import SiteGenKit

/// Our own basemap end to end, with the real binary: the sample drawn from the Oslo extract
/// compiled in, a live guide from the Overpass stand-in (answers in Overpass's format), the owner's
/// own extract, and every way the data can fail, none of which fails the build.
@Suite(.serialized) struct OwnBasemapBuildTests {
    static let key = "OWN-BASEMAP-key-51f0"

    func live(_ stub: GeoapifyStub) -> [String: String] {
        ["GEOAPIFY_API_KEY": Self.key, "GEOAPIFY_BASE_URL": stub.baseURL, "GEOAPIFY_TIMEOUT": "5"]
    }

    func vectorTiles(_ site: TestSite) -> [String] {
        site.outputFiles().filter { $0.hasPrefix("kart/osm/") }
    }

    /// Every tile's text, joined (names are JSON strings in them).
    func tileText(_ site: TestSite) -> String {
        vectorTiles(site).map { String(decoding: site.bytes("output/" + $0) ?? [], as: UTF8.self) }
            .joined()
    }

    func overpassRequests(_ stub: GeoapifyStub) -> [GeoapifyStub.LoggedRequest] {
        stub.requests.filter { $0.path == "/api/interpreter" }
    }

    @Test func theSampleIsDrawnOnRealOsloStreetsWithoutANetwork() throws {
        // The sample's store: its favorites include one in Holmenkollen.
        let site = TestSite(
            store: try String(
                contentsOfFile: Repository.root + "/beacon-store.json", encoding: .utf8))
        // No Overpass at all: a request would go to this closed port and fail.
        let result = try Sitegen.runWithBasemap(
            ["build", "--site", site.root], environment: ["OVERPASS_URL": "http://127.0.0.1:9/x"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stderr.contains(
                "Kartbakgrunn: eget kart fra OpenStreetMap (eksempeldata for sentrale Oslo)"))
        #expect(!result.stderr.contains("Overpass"), "\(result.stderr)")
        let tiles = vectorTiles(site)
        let plan = VectorTilePlan(
            center: .osloS, radiusMetres: 5000, budget: VectorTilePlan.defaultBudget)
        #expect(tiles.count == plan.tileCount)
        #expect(Set(tiles.map { $0.split(separator: "/")[2] }) == ["10", "12", "14"])
        let text = tileText(site)
        for name in ["Karl Johans gate", "Akerselva", "Sofienbergparken", "Grünerløkka"] {
            #expect(text.contains("\"\(name)\""), "\(name)")
        }
        // The pages: the vector descriptor, the credit and the script that draws it.
        let page = String(decoding: site.bytes("output/index.html") ?? [], as: UTF8.self)
        #expect(page.contains(#""vector":"kart/osm/{z}/{x}/{y}.js""#))
        // The extract covers central Oslo, less than the tiles: the page draws the rest as «no
        // data», and the favorite in Holmenkollen (beyond it, inside the tiles) gets no empty small
        // map.
        #expect(page.contains(#""covers":[59.8797,10.6876,59.9425,10.813]"#))
        let far = try #require(
            site.outputFiles().first { $0.hasPrefix("steder/frognerseteren-restaurant") })
        #expect(try #require(site.read("output/" + far)).contains("Åpne i Apple Maps"))
        #expect(!(try #require(site.read("output/" + far)).contains(#"id="place-map""#)))
        let near = try #require(
            site.outputFiles().first { $0.hasPrefix("steder/grand-hotel-oslo") })
        #expect(try #require(site.read("output/" + near)).contains(#"id="place-map""#))
        #expect(
            page.contains("© OpenStreetMap-bidragsytere")
                && page.contains("https://www.openstreetmap.org/copyright"))
        #expect(page.contains("assets/beacon-basemap.js"))
        #expect(site.outputFiles().contains("assets/beacon-basemap.js"))
        // Cut once: the next build finds nothing changed.
        #expect(!SiteWriter.listFiles(under: site.root + "/.beacon-cache/basemap").isEmpty)
        let again = try Sitegen.runWithBasemap(["build", "--site", site.root])
        #expect(again.stderr.contains("Ingen endringer"), "\(again.stderr)")
    }

    @Test func aLiveGuideDrawsItsOwnAreaFromOverpassOnceAndThenFromTheCache() throws {
        let site = TestSite()
        site.write(#"{"format":1,"radiusKm":1}"#, to: SiteSettings.fileName)
        let stub = try GeoapifyStub()
        let first = try Sitegen.runWithBasemap(
            ["build", "--site", site.root], environment: live(stub))
        #expect(first.status == 0, "\(first.stderr)")
        #expect(
            first.stderr.contains("Henter kartdata fra Overpass (127.0.0.1)"), "\(first.stderr)")
        #expect(
            first.stderr.contains("eget kart fra OpenStreetMap (Overpass, hentet nå)"),
            "\(first.stderr)")
        let requests = overpassRequests(stub)
        #expect(requests.count == 1)
        let query = try #require(requests.first?.query["data"])
        #expect(query.contains("[out:json]") && query.contains("out geom"))
        #expect(
            query.contains("[bbox:59.8") && query.contains("way[highway]")
                && query.contains("node[place]"))
        // The key goes to Geoapify only.
        #expect(
            requests.allSatisfy {
                !$0.headers.values.contains(Self.key) && !"\($0.query)".contains(Self.key)
            })

        let text = tileText(site)
        #expect(text.contains("\"Karl Johans gate\""))
        // Overpass answered for the whole area the tiles cover: no part of it is drawn as «no
        // data».
        #expect(!(site.read("output/index.html") ?? "").contains(#""covers""#))
        // The hand-drawn harbour coastline became sea.
        #expect(text.contains("\"sea\""))

        // Cached: a forced rebuild asks nothing; --offline neither; --refresh asks again.
        #expect(
            try Sitegen.runWithBasemap(
                ["build", "--site", site.root, "--force"], environment: live(stub)
            ).status == 0)
        #expect(overpassRequests(stub).count == 1)
        let offline = try Sitegen.runWithBasemap(
            ["build", "--site", site.root, "--offline", "--force"], environment: live(stub))
        #expect(
            offline.status == 0 && offline.stderr.contains("Overpass, mellomlagret for"),
            "\(offline.stderr)")
        #expect(overpassRequests(stub).count == 1)
        #expect(
            try Sitegen.runWithBasemap(
                ["build", "--site", site.root, "--refresh"], environment: live(stub)
            ).status == 0
        )
        #expect(overpassRequests(stub).count == 2)
    }

    /// What a broken or hostile server can answer: each gets a clear message and the guide without
    /// a basemap.
    @Test(arguments: [
        (
            GeoapifyStub.Response(
                status: 400, body: "<html><body>Error: line 1: parse error</body></html>"),
            "HTTP 400"
        ),
        (
            GeoapifyStub.Response(
                body: "<!DOCTYPE html><html><head><title>Overpass</title></head></html>"), "HTML"
        ),
        (
            GeoapifyStub.Response(
                body:
                    #"{"version":0.6,"elements":[],"remark":"runtime error: Query timed out in \"query\" at line 3 after 2 seconds."}"#
            ), "Query timed out"
        ),
        (
            GeoapifyStub.Response(
                body: #"{"version":0.6,"elements":[{"type":"way","id":1,"geometry":[{"lat":59.9"#),
            "JSON"
        ),
        (GeoapifyStub.Response(body: ""), "tom"),
    ])
    func aFailingOverpassStillBuildsTheGuideAndSaysWhy(
        answer: GeoapifyStub.Response, mentions: String
    ) throws {
        let site = TestSite()
        site.write(#"{"format":1,"radiusKm":1}"#, to: SiteSettings.fileName)
        let stub = try GeoapifyStub(routes: ["overpass": [answer]])
        let result = try Sitegen.runWithBasemap(
            ["build", "--site", site.root], environment: live(stub))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("Bygger uten kartbakgrunn"), "\(result.stderr)")
        #expect(result.stderr.contains(mentions), "\(result.stderr)")
        #expect(vectorTiles(site).isEmpty)
        #expect(site.outputFiles().contains("index.html"))
        let page = String(decoding: site.bytes("output/index.html") ?? [], as: UTF8.self)
        #expect(!page.contains(#""vector""#))
        // Issue: an answer that failed was cached for 30 days, and the next build used it again
        // («mellomlagret for 0 sekunder siden») with no basemap. Only an answer that was read is
        // kept: the next build asks.
        #expect(SiteWriter.listFiles(under: site.root + "/.beacon-cache/overpass").isEmpty)
        let again = try Sitegen.runWithBasemap(
            ["build", "--site", site.root], environment: live(stub))
        #expect(again.status == 0, "\(again.stderr)")
        #expect(!again.stderr.contains("mellomlagret for"), "\(again.stderr)")
        #expect(overpassRequests(stub).count == 2)
    }

    /// A bad answer after a good one (`--refresh`): the guide keeps the last answer that could be
    /// read, says so, and the cache still holds that one.
    @Test func aBadAnswerFallsBackOnTheLastGoodOneAndIsNotKept() throws {
        let site = TestSite()
        site.write(#"{"format":1,"radiusKm":1}"#, to: SiteSettings.fileName)
        let stub = try GeoapifyStub(routes: [
            "overpass": [
                .init(file: Repository.fixtures + "/overpass-oslo-centre.json"),
                .init(
                    body:
                        #"{"version":0.6,"elements":[],"remark":"runtime error: Query timed out"}"#),
            ]
        ])
        #expect(
            try Sitegen.runWithBasemap(["build", "--site", site.root], environment: live(stub))
                .status == 0)
        let cached = SiteWriter.listFiles(under: site.root + "/.beacon-cache/overpass")
        let good = try #require(cached.first { $0.hasSuffix(".body") } ?? cached.first)
        let goodBytes = site.bytes(".beacon-cache/overpass/" + good)
        let tiles = tileText(site)
        let refreshed = try Sitegen.runWithBasemap(
            ["build", "--site", site.root, "--refresh"], environment: live(stub))
        #expect(refreshed.status == 0, "\(refreshed.stderr)")
        #expect(refreshed.stderr.contains("Query timed out"), "\(refreshed.stderr)")
        #expect(
            refreshed.stderr.contains("Bruker kartdata fra mellomlageret"), "\(refreshed.stderr)")
        #expect(!refreshed.stderr.contains("Bygger uten kartbakgrunn"), "\(refreshed.stderr)")
        #expect(overpassRequests(stub).count == 2)
        #expect(tileText(site) == tiles)
        #expect(site.bytes(".beacon-cache/overpass/" + good) == goodBytes)
    }

    /// Issue: a word of a cached tile changed to `alert('XSS1')` was published in every tile that
    /// held it.
    @Test func aTamperedTileCacheIsCutAgain() throws {
        let site = TestSite()
        #expect(try Sitegen.runWithBasemap(["build", "--site", site.root]).status == 0)
        let archives = SiteWriter.listFiles(under: site.root + "/.beacon-cache/basemap").filter {
            $0.hasSuffix(".bin")
        }
        #expect(archives.count == 1)
        let path = site.root + "/.beacon-cache/basemap/" + archives[0]
        var bytes = try FileSystem.read(path, limit: 1 << 30)
        let word = Array(#""Storgata""#.utf8)
        let at = try #require(bytes.firstRange(of: word))
        bytes.replaceSubrange(at, with: Array(#"alert('X')"#.utf8))
        try FileSystem.writeAtomically(bytes, to: path)
        try FileManager.default.removeItem(atPath: site.output)
        let rebuilt = try Sitegen.runWithBasemap(["build", "--site", site.root])
        #expect(rebuilt.status == 0, "\(rebuilt.stderr)")
        #expect(!tileText(site).contains("alert("))
        #expect(tileText(site).contains(#""Storgata""#))
    }

    @Test func theOwnersExtractIsReadAndALinkOutOfTheSiteIsRefused() throws {
        let site = TestSite()
        // A small GeoJSON extract in the shape osmium writes: tags as properties.
        site.write(
            """
            {"type":"FeatureCollection","features":[
             {"type":"Feature","properties":{"highway":"primary","name":"Prinsens gate"},"geometry":{"type":"LineString","coordinates":[[10.742,59.911],[10.750,59.912]]}},
             {"type":"Feature","properties":{"leisure":"park","name":"Parken"},"geometry":{"type":"Polygon","coordinates":[[[10.745,59.913],[10.748,59.913],[10.748,59.915],[10.745,59.913]]]}}
            ]}
            """, to: "kart/utdrag.geojson")
        site.write(#"{"format":1,"basemapData":"kart/utdrag.geojson"}"#, to: SiteSettings.fileName)
        let own = try Sitegen.runWithBasemap(["build", "--site", site.root])
        #expect(own.status == 0, "\(own.stderr)")
        #expect(
            own.stderr.contains("eget kart fra OpenStreetMap (utdrag.geojson)"), "\(own.stderr)")
        let text = tileText(site)
        #expect(text.contains("\"Prinsens gate\"") && text.contains("\"Parken\""))
        #expect(!text.contains("Karl Johans gate"))
        // The extract covers the box its features span: the page draws the rest as «no data», also
        // when the tiles come from the cache.
        let covers = #""covers":[59.911,10.742,59.915,10.75]"#
        #expect((site.read("output/index.html") ?? "").contains(covers))
        #expect(try Sitegen.runWithBasemap(["build", "--site", site.root, "--force"]).status == 0)
        #expect((site.read("output/index.html") ?? "").contains(covers))

        // A link to a file outside the site folder: refused, named, and the guide built without a
        // basemap.
        let outside = NSTemporaryDirectory() + "outside-\(UUID().uuidString).geojson"
        try Data("{\"type\":\"FeatureCollection\",\"features\":[]}".utf8).write(
            to: URL(fileURLWithPath: outside))
        defer { try? FileManager.default.removeItem(atPath: outside) }
        try FileManager.default.removeItem(atPath: site.root + "/kart/utdrag.geojson")
        try FileManager.default.createSymbolicLink(
            atPath: site.root + "/kart/utdrag.geojson", withDestinationPath: outside)
        let linked = try Sitegen.runWithBasemap(["build", "--site", site.root])
        #expect(linked.status == 0, "\(linked.stderr)")
        #expect(
            linked.stderr.contains("Bygger uten kartbakgrunn")
                && linked.stderr.contains("kart/utdrag.geojson"))
        #expect(vectorTiles(site).isEmpty)

        // A file far too large to be one guide's area (sparse: it takes no disk): refused before it
        // is read.
        try FileManager.default.removeItem(atPath: site.root + "/kart/utdrag.geojson")
        let huge = FileManager.default.createFile(
            atPath: site.root + "/kart/utdrag.geojson", contents: nil)
        #expect(huge)
        let handle = try FileHandle(
            forWritingTo: URL(fileURLWithPath: site.root + "/kart/utdrag.geojson"))
        try handle.truncate(atOffset: 2 << 30)
        try handle.close()
        let tooLarge = try Sitegen.runWithBasemap(["build", "--site", site.root])
        #expect(tooLarge.status == 0, "\(tooLarge.stderr)")
        #expect(
            tooLarge.stderr.contains("Bygger uten kartbakgrunn: basemapData «kart/utdrag.geojson»"),
            "\(tooLarge.stderr)")
        #expect(vectorTiles(site).isEmpty)

        // A missing file: said, and built without.
        try FileManager.default.removeItem(atPath: site.root + "/kart/utdrag.geojson")
        let missing = try Sitegen.runWithBasemap(["build", "--site", site.root])
        #expect(missing.status == 0 && missing.stderr.contains("finnes ikke"), "\(missing.stderr)")
    }

    /// A places file without a key: the compiled-in extract where it covers the centre; elsewhere
    /// no request to anyone (the README's promise), a basemap only when the owner asks for Overpass
    /// by name. An extract nested deeper than any OpenStreetMap data is: said so, not «cut off».
    @Test func anExtractNestedTooDeepIsNotCalledCutOff() throws {
        let site = TestSite()
        site.write(
            #"{"type":"FeatureCollection","features":["# + String(repeating: "[", count: 600)
                + String(repeating: "]", count: 600) + "]}", to: "dyp.geojson")
        site.write(#"{"format":1,"basemapData":"dyp.geojson"}"#, to: SiteSettings.fileName)
        let result = try Sitegen.runWithBasemap(["build", "--site", site.root])
        #expect(result.status == 0, "\(result.stderr)")
        let line = try #require(
            result.stderr.split(separator: "\n").first {
                $0.hasPrefix("Advarsel: Bygger uten kartbakgrunn: dyp.geojson: ")
            })
        #expect(
            line.hasPrefix(
                "Advarsel: Bygger uten kartbakgrunn: dyp.geojson: Kartdataene ser ut som GeoJSON, men kan ikke leses (linje 1, kolonne "
            ), "\(line)")
        #expect(
            line.hasSuffix(
                ": for dyp nøsting). OpenStreetMap-data er aldri nøstet så dypt; sjekk at det er riktige kartdata."
            ),
            "\(line)")
        #expect(!result.stderr.contains("avkuttet"), "\(result.stderr)")
    }

    /// Overpass busy, then too slow: each try and the fallback said in a sentence of their own, the
    /// older answer named as what it is, no «sekunder.)» or «sekunder.:» between them.
    @Test func aTimeoutIsSaidWithoutStrayPunctuation() throws {
        let site = TestSite()
        site.write(#"{"format":1,"radiusKm":1}"#, to: SiteSettings.fileName)
        let healthy = try GeoapifyStub()
        #expect(
            try Sitegen.runWithBasemap(["build", "--site", site.root], environment: live(healthy))
                .status == 0)
        let slow = try GeoapifyStub(routes: [
            "overpass": [
                .init(status: 429, headers: ["Retry-After": "0"], body: "busy"),
                .init(status: 429, headers: ["Retry-After": "0"], body: "busy"),
                .init(delay: 3, body: "{}"),
            ]
        ])
        var environment = live(slow)
        environment["OVERPASS_TIMEOUT"] = "1"
        let result = try Sitegen.runWithBasemap(
            ["build", "--site", site.root, "--refresh"], environment: environment)
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stderr.split(separator: "\n").map(String.init)
        #expect(
            lines.contains(
                "  Overpass: forsøk 1 feilet (for mange forespørsler, HTTP 429); prøver igjen om 0,0 s …"
            ),
            "\(result.stderr)")
        #expect(
            lines.contains(
                "  Advarsel: Overpass-tjenesten svarte ikke innen 1 sekund. Bruker kartdata fra mellomlageret."
            ),
            "\(result.stderr)")
        let basemap = try #require(
            lines.first { $0.hasPrefix("Kartbakgrunn: eget kart fra OpenStreetMap (") })
        #expect(
            basemap.hasPrefix(
                "Kartbakgrunn: eget kart fra OpenStreetMap (Overpass, mellomlagret for "),
            "\(basemap)")
        #expect(!basemap.contains("svarte ikke"), "\(basemap)")
        for stray in [".)", ".:", ".;"] {
            #expect(!result.stderr.contains(stray), "\(stray): \(result.stderr)")
        }
    }

    /// Without a key: a guide the compiled-in extract does not cover asks Overpass for its map by
    /// default (one request, the box named), the sample's area asks no one, and `"basemap":
    /// "none"` or `--offline` asks no one anywhere.
    @Test func withoutAKeyAGuideOutsideTheExtractAsksOverpassUnlessTheOwnerSaysNo() throws {
        let site = TestSite()
        site.write(
            #"{"format":1,"center":{"lat":55.9486,"lon":-3.1999},"radiusKm":2,"basemap":"none"}"#,
            to: SiteSettings.fileName)
        let stub = try GeoapifyStub()
        let overpass = ["OVERPASS_URL": stub.baseURL + "/api/interpreter"]
        let places = Repository.fixtures + "/messy-edinburgh.geojson"
        let none = try Sitegen.runWithBasemap(
            ["build", "--site", site.root, "--places", places], environment: overpass)
        #expect(none.status == 0, "\(none.stderr)")
        #expect(stub.requests.isEmpty)
        #expect(vectorTiles(site).isEmpty)

        site.write(
            #"{"format":1,"center":{"lat":55.9486,"lon":-3.1999},"radiusKm":2}"#,
            to: SiteSettings.fileName)
        let offline = try Sitegen.runWithBasemap(
            ["build", "--site", site.root, "--places", places, "--offline"],
            environment: overpass)
        #expect(offline.status == 0, "\(offline.stderr)")
        #expect(offline.stderr.contains("--offline forbyr nettverkskall"), "\(offline.stderr)")
        #expect(stub.requests.isEmpty)

        let plain = try Sitegen.runWithBasemap(
            ["build", "--site", site.root, "--places", places], environment: overpass)
        #expect(plain.status == 0, "\(plain.stderr)")
        #expect(
            plain.stderr.contains("Henter kartdata fra Overpass (127.0.0.1) for 55,"),
            "\(plain.stderr)")
        #expect(overpassRequests(stub).count == 1)
        #expect(!vectorTiles(site).isEmpty)

        // The sample's area without a key: the extract compiled in, no request.
        let oslo = TestSite()
        let sample = try Sitegen.runWithBasemap(
            ["build", "--site", oslo.root], environment: overpass)
        #expect(sample.status == 0 && !sample.stderr.contains("Overpass"), "\(sample.stderr)")
        #expect(overpassRequests(stub).count == 1)
    }

    /// Issue: `"basemap": "osm"` without a key asked Overpass for a guide built with `--places` but
    /// never for one built from the sample data, so the next sample build swapped that basemap for
    /// the extract. One rule, whatever the places come from: the owner asked for Overpass.
    @Test func theOwnersChoiceOfOverpassHoldsForTheSampleAndAPlacesFileAlike() throws {
        let site = TestSite()
        site.write(#"{"format":1,"radiusKm":1,"basemap":"osm"}"#, to: SiteSettings.fileName)
        let stub = try GeoapifyStub()
        let overpass = ["OVERPASS_URL": stub.baseURL + "/api/interpreter"]
        let sample = try Sitegen.runWithBasemap(
            ["build", "--site", site.root], environment: overpass)
        #expect(sample.status == 0, "\(sample.stderr)")
        #expect(sample.stderr.contains("(Overpass, hentet nå)"), "\(sample.stderr)")
        #expect(overpassRequests(stub).count == 1)
        let tiles = tileText(site)
        let places = Repository.root + "/Resources/sample-data/cafe.json"
        let fromFile = try Sitegen.runWithBasemap(
            ["build", "--site", site.root, "--places", places], environment: overpass)
        #expect(fromFile.status == 0, "\(fromFile.stderr)")
        #expect(fromFile.stderr.contains("(Overpass, mellomlagret for"), "\(fromFile.stderr)")
        let again = try Sitegen.runWithBasemap(
            ["build", "--site", site.root], environment: overpass)
        #expect(again.stderr.contains("(Overpass, mellomlagret for"), "\(again.stderr)")
        #expect(tileText(site) == tiles)
        #expect(overpassRequests(stub).count == 1)
    }

    /// A server address or timeout that cannot be right stops the build, as GEOAPIFY_BASE_URL does,
    /// with the setting named in words and the last site left as it was.
    @Test func aBrokenOverpassSettingStopsTheBuildAndSaysWhich() throws {
        let site = TestSite()
        site.write(
            #"{"format":1,"basemap":"osm","center":{"lat":55.9486,"lon":-3.1999}}"#,
            to: SiteSettings.fileName)
        let places = Repository.fixtures + "/messy-edinburgh.geojson"
        for (name, value) in [("OVERPASS_URL", "ftp://x"), ("OVERPASS_TIMEOUT", "soon")] {
            let result = try Sitegen.runWithBasemap(
                ["build", "--site", site.root, "--places", places], environment: [name: value])
            #expect(result.status == 64, "\(result.stderr)")
            #expect(result.stderr.contains("\(name) må være"), "\(result.stderr)")
            #expect(!result.stderr.contains("invalidConfiguration"), "\(result.stderr)")
            #expect(!FileManager.default.fileExists(atPath: site.output))
        }
    }

    /// The client alone, with short waits: a busy server (429) is asked again after its
    /// Retry-After; a refusal (404) is not; a slow one times out.
    @Test func overpassIsAskedAgainWhenBusyAndNotWhenItRefuses() async throws {
        let box = GeoBounds(south: 59.90, west: 10.73, north: 59.92, east: 10.77)
        // Bounded by attempts, not time, so a busy machine does not end the retries.
        let fast = RetryPolicy(
            maximumAttempts: 3, baseDelay: 0.01, maximumDelay: 0.05, maximumTotal: 3_600)
        let busy = try GeoapifyStub(routes: [
            "overpass": [
                .init(status: 429, headers: ["Retry-After": "0"], body: "busy"),
                .init(file: Repository.fixtures + "/overpass-oslo-centre.json"),
            ]
        ])
        let client = OverpassClient(
            endpoint: URL(string: busy.baseURL + "/api/interpreter")!, retryPolicy: fast, timeout: 5
        )
        let body = try await client.fetch(box)
        #expect(body.count > 100_000)
        #expect(busy.requests.count == 2)

        let refusing = try GeoapifyStub(routes: ["overpass": [.init(status: 404, body: "no")]])
        let refused = OverpassClient(
            endpoint: URL(string: refusing.baseURL + "/api/interpreter")!, retryPolicy: fast,
            timeout: 5)
        await #expect(throws: OverpassError.status(404)) { try await refused.fetch(box) }
        #expect(refusing.requests.count == 1)

        let slow = try GeoapifyStub(routes: ["overpass": [.init(delay: 3, body: "{}")]])
        let waiting = OverpassClient(
            endpoint: URL(string: slow.baseURL + "/api/interpreter")!,
            retryPolicy: RetryPolicy(maximumAttempts: 1), timeout: 1)
        await #expect(throws: OverpassError.timeout(seconds: 1)) { try await waiting.fetch(box) }

        #expect(throws: OverpassError.self) {
            try OverpassClient.fromEnvironment(["OVERPASS_URL": "ftp://x"])
        }
        #expect(throws: OverpassError.self) {
            try OverpassClient.fromEnvironment(["OVERPASS_TIMEOUT": "soon"])
        }
        #expect(try OverpassClient.fromEnvironment([:]).endpoint == OverpassClient.defaultURL)
    }
}

/// The share file's still map: drawn from the last build's tiles, one numbered pin per favorite,
/// and still one file that loads nothing.
@Suite struct ShareOverviewTests {
    @Test func theShareFileMapsTheFavoritesOverTheBasemapAndLoadsNothing() throws {
        let site = TestSite()
        site.write(
            #"{"format":1,"places":{"node/1":{"favoriteSince":"2026-10-01","place":{"name":"A","category":"cafe","lat":59.9127,"lon":10.7400}},"#
                + #""node/2":{"favoriteSince":"2026-10-02","place":{"name":"B","category":"cafe","lat":59.9170,"lon":10.7560}}}}"#,
            to: GuideStore.fileName)
        #expect(try Sitegen.runWithBasemap(["build", "--site", site.root]).status == 0)
        let result = try Sitegen.runWithBasemap(["share", "--site", site.root])
        #expect(result.status == 0, "\(result.stderr)")
        let text = try #require(site.read(ShareCommand.defaultFileName))
        #expect(
            text.contains(
                #"<figure class="share-map"><svg class="share-map__svg" viewBox="0 0 400 "#))
        #expect(text.components(separatedBy: #"<g class="share-map__pin">"#).count - 1 == 2)
        // (The class names are in the inlined stylesheet too: look for the shapes themselves.)
        #expect(text.contains(#"share-map__shape share-map__secondary" d="M"#))
        #expect(text.contains(#"share-map__shape share-map__park" d="M"#))
        #expect(text.contains(#"share-map__shape share-map__water" d="M"#))
        #expect(text.contains(#"<span class="share-card__number" aria-hidden="true">2</span>"#))
        #expect(!text.contains("<script") && !text.contains("kart/osm"))
        #expect(text.utf8.count < 2_000_000)

        // Without the tiles (no build output): the pins on plain ground, still a map.
        try FileManager.default.removeItem(atPath: site.output)
        #expect(try Sitegen.runWithBasemap(["share", "--site", site.root, "--force"]).status == 0)
        let plain = try #require(site.read(ShareCommand.defaultFileName))
        #expect(
            plain.contains(#"<g class="share-map__pin">"#)
                && !plain.contains(#"class="share-map__shape"#))
        // … the plain ground's grid, as the guide's own maps without a basemap, in a low, wide box.
        #expect(plain.contains(#"<figure class="share-map share-map--plain">"#))
        #expect(plain.contains(#"<path class="share-map__grid" d="M40 0V"#))
    }

    /// Without a ground to draw, the box is at most 0.6 as tall as wide (the pins keep their
    /// places: it widens), so two favorites north and south of each other are not a tall empty
    /// panel.
    @Test func withoutGroundTheMapIsLowAndWide() throws {
        let north = Coordinate(latitude: 55.9600, longitude: -3.1900)
        let south = Coordinate(latitude: 55.9300, longitude: -3.1880)
        let plain = try #require(ShareOverview.make(places: [north, south], tiles: []))
        #expect(plain.height <= plain.width * 0.6 + 1, "\(plain.width) × \(plain.height)")
        let box = try #require(ShareOverview.box([north, south]))
        #expect(
            box.maxY - box.minY > (box.maxX - box.minX) * 1.05,
            "with ground, as tall as the places need")
        // Both pins are inside the box, the northern one above.
        for pin in plain.pins {
            #expect(pin.x > 0 && pin.x < plain.width && pin.y > 0 && pin.y < plain.height)
        }
        #expect(plain.pins[0].y < plain.pins[1].y)
    }

    @Test func aTileThatIsNotOursIsNotRead() {
        #expect(VectorTiles.decode(Array("alert(1)".utf8)) == nil)
        #expect(
            VectorTiles.decode(
                Array(#"BeaconBasemap.tile(12,1,1,{"k":["sea"],"f":[[5,null,[[0,0]]]]});"#.utf8))
                == nil)
        let good = VectorTiles.decode(
            Array(#"BeaconBasemap.tile(12,1,1,{"k":["park"],"f":[[0,"P",[[1,2,3,4]]]]});"#.utf8))
        #expect(
            good?.first?.kind == .park
                && good?.first?.parts == [[GridPoint(x: 1, y: 2), GridPoint(x: 4, y: 6)]])
        #expect(
            ShareOverview.number(12.34) == "12.3" && ShareOverview.number(-0.96) == "-1"
                && ShareOverview.number(7) == "7")
    }
}
