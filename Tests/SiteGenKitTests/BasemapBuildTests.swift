import Foundation
import Testing

@testable import BeaconMap
@testable import BeaconModel
@testable import BeaconSite
@testable import BeaconSources
@testable import BeaconSystem
@testable import SiteBuild
@testable import SiteGenKit

/// The basemap end to end: the real binary (and the pipeline's basemap stage
/// in-process, for the descriptor the pages get) against the loopback
/// stand-in, which draws tiles.
@Suite(.serialized) struct BasemapBuildTests {
    static let key = "BASEMAP-key-7c1d2e"
    static let plan = TilePlan(center: .osloS, radiusMetres: 5000, budget: TilePlan.defaultBudget)

    /// A site that chose Geoapify's tiles (our own basemap is the default).
    static func geoapifySite() -> TestSite {
        let site = TestSite()
        site.write(#"{"format":1,"basemap":"geoapify"}"#, to: SiteSettings.fileName)
        return site
    }

    func environment(_ stub: GeoapifyStub) -> [String: String] {
        ["GEOAPIFY_API_KEY": Self.key, "GEOAPIFY_BASE_URL": stub.baseURL, "GEOAPIFY_TIMEOUT": "5"]
    }

    func build(_ site: TestSite, _ stub: GeoapifyStub, _ extra: [String] = []) throws
        -> ProcessResult
    {
        try Sitegen.runWithBasemap(
            ["build", "--site", site.root] + extra, environment: environment(stub))
    }

    /// The basemap stage alone, in this process.
    func basemap(_ site: TestSite, environment: [String: String], offline: Bool = false)
        async throws -> (
            BasemapInput, CapturingConsole
        )
    {
        let console = CapturingConsole()
        let pipeline = BuildPipeline(
            options: BuildOptions(site: site.site, offline: offline), environment: environment,
            console: console)
        var timer = StepTimer()
        return (
            try await pipeline.loadBasemap(settings: try site.site.loadSettings(), &timer), console
        )
    }

    func tileRequests(_ stub: GeoapifyStub) -> [GeoapifyStub.LoggedRequest] {
        stub.requests.filter { $0.path.hasPrefix("/v1/tile/") }
    }

    func publishedTiles(_ site: TestSite) -> [String] {
        site.outputFiles().filter { $0.hasPrefix("kart/") }
    }

    static func paths(_ plan: TilePlan) -> [String] {
        plan.tiles.map { PublishedTile.path(zoom: $0.zoom, x: $0.x, y: $0.y) }.sorted()
    }

    /// Every file under `folder` whose name or bytes contain the key.
    func filesWithKey(_ folder: String) -> [String] {
        SiteWriter.listFiles(under: folder).filter { path in
            path.contains(Self.key)
                || ((try? FileSystem.read(folder + "/" + path)) ?? []).firstRange(
                    of: Array(Self.key.utf8)) != nil
        }
    }

    func modificationDates(_ site: TestSite) -> [String: Date] {
        var dates: [String: Date] = [:]
        for file in site.outputFiles() {
            dates[file] =
                (try? FileManager.default.attributesOfItem(atPath: site.output + "/" + file))?[
                    .modificationDate]
                as? Date
        }
        return dates
    }

    @Test func aTiledBuildPublishesExactlyThePlannedTilesAndNeverTheKey() async throws {
        let site = Self.geoapifySite()
        let stub = try GeoapifyStub()
        let first = try build(site, stub)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(
            first.stderr.contains(
                "Henter kartbakgrunn: 181 fliser, 45,25 kreditter, zoomnivå 11–14"),
            "\(first.stderr)"
        )

        // Asked for: each planned tile once, of Geoapify's style, with the key in the header only.
        let requests = tileRequests(stub)
        #expect(requests.count == Self.plan.tileCount)
        #expect(
            requests.allSatisfy {
                $0.headers["x-api-key"] == Self.key && $0.query.isEmpty
                    && $0.path.hasPrefix("/v1/tile/osm-bright/")
            })
        #expect(
            Set(requests.map(\.path))
                == Set(Self.plan.tiles.map { "/v1/tile/osm-bright/\($0.zoom)/\($0.x)/\($0.y).png" })
        )

        // Published: exactly those, as valid PNGs.
        #expect(publishedTiles(site) == Self.paths(Self.plan))
        for path in publishedTiles(site) {
            #expect(PNGCheck.isTile(try #require(site.bytes("output/" + path))), "\(path)")
        }

        // The key: nowhere in output/, the cache (names, bodies, metadata) or what was printed.
        #expect(filesWithKey(site.output).isEmpty)
        #expect(filesWithKey(site.root + "/.beacon-cache").isEmpty)
        #expect(!first.stdout.contains(Self.key) && !first.stderr.contains(Self.key))
        let meta = SiteWriter.listFiles(under: site.root + "/.beacon-cache/geoapify-tiles").filter {
            $0.hasSuffix(".meta.json")
        }
        #expect(meta.count == Self.plan.tileCount)

        // The descriptor the pages get (the stage again, in-process: all from the cache).
        let (input, console) = try await basemap(site, environment: environment(stub))
        let bounds = try #require(Self.plan.bounds)
        #expect(
            input.published.source
                == .published(
                    pathTemplate: "kart/{z}/{x}/{y}.png", minZoom: 11, maxZoom: 14, bounds: bounds))
        #expect(
            input.published.attribution.map(\.text) == [
                "Powered by Geoapify", "© OpenMapTiles", "© OpenStreetMap-bidragsytere",
            ])
        #expect(
            input.published.attribution.map(\.url) == [
                "https://www.geoapify.com/", "https://openmaptiles.org/",
                "https://www.openstreetmap.org/copyright",
            ])
        #expect(input.tiles.count == Self.plan.tileCount)
        #expect(input.warnings.isEmpty)
        #expect(console.progressText.contains("Kartbakgrunn: 181 fliser fra mellomlageret"))
        #expect(tileRequests(stub).count == Self.plan.tileCount)
        let bytes = input.tiles.reduce(0) { $0 + $1.bytes.count }
        print("5 km around Oslo S: \(input.tiles.count) tiles, \(bytes) bytes from the stub")

        // A second build takes every tile from the cache and rewrites none (its
        // pages change: the places now come from the cache too, and say so).
        let before = modificationDates(site)
        let second = try build(site, stub)
        #expect(second.status == 0, "\(second.stderr)")
        #expect(
            second.stderr.contains("Kartbakgrunn: 181 fliser fra mellomlageret, zoomnivå 11–14."),
            "\(second.stderr)")
        #expect(tileRequests(stub).count == Self.plan.tileCount)
        let afterSecond = modificationDates(site)
        let rewrittenTiles = publishedTiles(site).filter { afterSecond[$0] != before[$0] }
        #expect(rewrittenTiles.isEmpty, "\(rewrittenTiles.prefix(5))")
        // A third asks for nothing and writes nothing at all.
        let third = try build(site, stub)
        #expect(third.status == 0, "\(third.stderr)")
        #expect(third.stderr.contains("Ingen endringer"), "\(third.stderr)")
        #expect(stub.requests.count == 3 + Self.plan.tileCount)
        let afterThird = modificationDates(site)
        let rewritten = site.outputFiles().filter { afterThird[$0] != afterSecond[$0] }
        #expect(rewritten.isEmpty, "\(rewritten.prefix(5))")

        // --offline: the cache alone (forced, so the whole site is built again).
        let offline = try build(site, stub, ["--offline", "--force"])
        #expect(offline.status == 0, "\(offline.stderr)")
        #expect(
            offline.stderr.contains("Kartbakgrunn fra mellomlageret (--offline): 181 fliser"),
            "\(offline.stderr)")
        #expect(stub.requests.count == 3 + Self.plan.tileCount)
        #expect(publishedTiles(site) == Self.paths(Self.plan))
        #expect(!offline.stderr.contains(Self.key))
    }

    @Test func offlineWithoutCachedTilesBuildsWithoutABasemap() throws {
        let site = Self.geoapifySite()
        let stub = try GeoapifyStub()
        #expect(try build(site, stub).status == 0)
        try FileManager.default.removeItem(atPath: site.root + "/.beacon-cache/geoapify-tiles")
        let requests = stub.requests.count
        let result = try build(site, stub, ["--offline"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("Advarsel: Bygger uten kartbakgrunn"), "\(result.stderr)")
        #expect(result.stderr.contains("--offline"))
        #expect(stub.requests.count == requests)
        #expect(publishedTiles(site).isEmpty)
    }

    /// A cache whose tiles were damaged: --offline says only what is true (no tile there), not that
    /// the tiles come from the cache and then that they are missing.
    @Test func offlineWithADamagedTileCacheSaysOneTrueThing() throws {
        let site = Self.geoapifySite()
        let stub = try GeoapifyStub()
        #expect(try build(site, stub).status == 0)
        let folder = site.root + "/.beacon-cache/geoapify-tiles"
        for name in try FileManager.default.contentsOfDirectory(atPath: folder)
        where !name.hasSuffix(".meta.json") {
            try Data("ikke en PNG".utf8).write(to: URL(fileURLWithPath: folder + "/" + name))
        }
        let result = try build(site, stub, ["--offline", "--force"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!result.stderr.contains("Kartbakgrunn fra mellomlageret"), "\(result.stderr)")
        #expect(
            result.stderr.contains("Advarsel: Bygger uten kartbakgrunn")
                && result.stderr.contains("mangler kartflisene"), "\(result.stderr)")
        #expect(publishedTiles(site).isEmpty)
    }

    @Test func aRedirectToAnotherHostIsRefusedForTilesToo() throws {
        let elsewhere = try GeoapifyStub(host: "127.0.0.2")
        let stub = try GeoapifyStub(routes: [
            "tile": [
                GeoapifyStub.Response(
                    status: 302,
                    headers: [
                        "Location": elsewhere.baseURL + "/v1/tile/osm-bright/11/1084/594.png"
                    ],
                    body: "")
            ]
        ])
        let site = Self.geoapifySite()
        let result = try build(site, stub)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("Bygger uten kartbakgrunn"), "\(result.stderr)")
        #expect(
            result.stderr.contains(
                "videresending til en annen server (http://127.0.0.2:\(elsewhere.port))"),
            "\(result.stderr)")
        #expect(elsewhere.requests.isEmpty, "the other host got \(elsewhere.requests.map(\.query))")
        #expect(tileRequests(stub).count <= 4)
        #expect(publishedTiles(site).isEmpty)
        #expect(!result.stderr.contains(Self.key))
        #expect(filesWithKey(site.root).isEmpty)
    }

    @Test func anAnswerThatIsNotAPNGIsRefused() throws {
        let stub = try GeoapifyStub(routes: [
            "tile": [
                GeoapifyStub.Response(
                    headers: ["Content-Type": "text/html"],
                    body: "<html><body>Logg inn på Wi-Fi</body></html>")
            ]
        ])
        let site = Self.geoapifySite()
        let result = try build(site, stub)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stderr.contains("ikke et PNG-bilde: en HTML- eller XML-side"), "\(result.stderr)"
        )
        #expect(tileRequests(stub).count <= 4)
        #expect(publishedTiles(site).isEmpty)
        #expect(
            SiteWriter.listFiles(under: site.root + "/.beacon-cache").allSatisfy {
                !$0.hasPrefix("geoapify-tiles/")
            })
    }

    /// A refused zoom (with the key echoed back) ends the basemap below it.
    @Test func anIncompleteZoomIsNotPublished() throws {
        let stub = try GeoapifyStub(routes: [
            "tile:13": [.error(403, "Key \(Self.key) may not load zoom 13")]
        ])
        let site = Self.geoapifySite()
        let result = try build(site, stub)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stderr.contains(
                "Kartbakgrunnen har bare zoomnivå 11–12 (planen var zoomnivå 11–14): zoomnivå 13 manglet"
            ),
            "\(result.stderr)")
        #expect(result.stderr.contains("Key [API-nøkkel] may not"), "\(result.stderr)")
        #expect(!result.stderr.contains(Self.key))
        #expect(publishedTiles(site) == Self.paths(Self.plan.prefix(levels: 2)))
        // No request for zoom 14 once 13 failed.
        #expect(tileRequests(stub).allSatisfy { !$0.path.contains("/osm-bright/14/") })
    }

    /// One tile of the top zoom keeps answering 429 (Retry-After: 0): it is
    /// asked four times, then that zoom is left out.
    @Test func aRateLimitedTileIsRetriedThenItsZoomDropped() throws {
        let tile = try #require(Self.plan.levels.last?.tiles.first)
        let stub = try GeoapifyStub(routes: [
            "tile:\(tile.zoom)/\(tile.x)/\(tile.y)": [
                .error(429, "Too Many Requests", headers: ["Retry-After": "0"])
            ]
        ])
        let site = Self.geoapifySite()
        let result = try build(site, stub)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            tileRequests(stub).filter { $0.path == "/v1/tile/osm-bright/\(tile)" + ".png" }.count
                == 4)
        #expect(result.stderr.contains("Kartflis: forsøk 1 feilet"), "\(result.stderr)")
        #expect(publishedTiles(site) == Self.paths(Self.plan.prefix(levels: 3)))
    }

    @Test func theTileBudgetIsHonoured() throws {
        let site = Self.geoapifySite()
        site.write(#"{"format":1,"basemap":"geoapify","tileBudget":20}"#, to: SiteSettings.fileName)
        let stub = try GeoapifyStub()
        let result = try build(site, stub)
        #expect(result.status == 0, "\(result.stderr)")
        let plan = TilePlan(center: .osloS, radiusMetres: 5000, budget: 20)
        #expect(plan.tileCount <= 20 && plan.tileCount > 0)
        #expect(tileRequests(stub).count == plan.tileCount)
        #expect(publishedTiles(site) == Self.paths(plan))
    }

    @Test func withoutAKeyTheSampleGetsOurOwnBasemapAndNoGeoapifyTiles() async throws {
        let site = TestSite()
        let result = try Sitegen.runWithBasemap(["build", "--site", site.root])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            publishedTiles(site).allSatisfy { $0.hasPrefix("kart/osm/") && $0.hasSuffix(".js") })
        #expect(!publishedTiles(site).isEmpty)
        #expect(
            result.stderr.contains("Kartbakgrunn: eget kart fra OpenStreetMap (eksempeldata"),
            "\(result.stderr)")

        // Asked for by name without a key: a warning, and still no basemap.
        site.write(#"{"format":1,"basemap":"geoapify"}"#, to: SiteSettings.fileName)
        let named = try Sitegen.runWithBasemap(["build", "--site", site.root])
        #expect(named.status == 0, "\(named.stderr)")
        let (input, _) = try await basemap(site, environment: [:])
        #expect(input.published == .none && input.tiles.isEmpty)
        #expect(
            named.stderr.contains(
                "Advarsel: Innstillingen basemap er «geoapify», men GEOAPIFY_API_KEY er ikke satt"),
            "\(named.stderr)")
        #expect(publishedTiles(site).isEmpty)

        // "none" with a key: nothing asked.
        site.write(#"{"format":1,"basemap":"none"}"#, to: SiteSettings.fileName)
        let stub = try GeoapifyStub()
        #expect(try build(site, stub).status == 0)
        #expect(tileRequests(stub).isEmpty)
        #expect(publishedTiles(site).isEmpty)
    }

    @Test func beaconBasemapNoneLeavesTheBasemapOutAndAnyOtherValueStopsTheBuild() throws {
        let site = TestSite()
        let plain = try Sitegen.run(
            ["build", "--site", site.root], environment: ["BEACON_BASEMAP": "none"])
        #expect(plain.status == 0, "\(plain.stderr)")
        #expect(publishedTiles(site).isEmpty)
        #expect(!plain.stderr.contains("Kartbakgrunn"), "\(plain.stderr)")
        #expect(site.read("output/index.html")?.contains("kart/osm/") == false)
        // Without the variable, the same site gets its map: the variable is part of what a build
        // depends on.
        #expect(try Sitegen.runWithBasemap(["build", "--site", site.root]).status == 0)
        #expect(!publishedTiles(site).isEmpty)
        #expect(site.read("output/index.html")?.contains("kart/osm/") == true)

        // Empty counts as unset; anything else but «none» (a space, a control character) is
        // refused, shown cleaned.
        #expect(try BasemapLoading.leftOut(["BEACON_BASEMAP": ""]) == false)
        #expect(try BasemapLoading.leftOut(["BEACON_BASEMAP": "none"]) == true)
        #expect(throws: InvalidEnvironment.self) {
            try BasemapLoading.leftOut(["BEACON_BASEMAP": " "])
        }
        let garbled = try Sitegen.run(
            ["build", "--site", site.root, "--force"],
            environment: ["BEACON_BASEMAP": "no\u{1B}[2Jne"])
        #expect(garbled.status == 64 && !garbled.stderr.contains("\u{1B}"), "\(garbled.stderr)")

        let before = site.outputFiles()
        let wrong = try Sitegen.run(
            ["build", "--site", site.root, "--force"], environment: ["BEACON_BASEMAP": "osm"])
        #expect(wrong.status == 64, "\(wrong.stderr)")
        #expect(wrong.stderr.contains("BEACON_BASEMAP kan bare være «none»"), "\(wrong.stderr)")
        #expect(site.outputFiles() == before)
    }

    @Test func aProviderTemplateIsPassedToThePagesAndNothingIsFetched() async throws {
        let site = TestSite()
        site.write(
            """
            {"format":1,"basemap":{"tiles":"https://tiles.example.org:8443/osm/{z}/{x}/{y}.png","attribution":"© Example, © OpenStreetMap-bidragsytere",
             "attributionURL":"https://example.org/copyright","maxZoom":18}}
            """, to: SiteSettings.fileName)
        let stub = try GeoapifyStub()
        let result = try build(site, stub)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stderr.contains(
                "Kartbakgrunn fra https://tiles.example.org:8443 (lastes av leserens nettleser)."),
            "\(result.stderr)")
        #expect(tileRequests(stub).isEmpty)
        #expect(stub.requests.count == 3)
        #expect(publishedTiles(site).isEmpty)

        let (input, _) = try await basemap(site, environment: environment(stub))
        #expect(
            input.published.source
                == .remote(
                    urlTemplate: "https://tiles.example.org:8443/osm/{z}/{x}/{y}.png",
                    origin: "https://tiles.example.org:8443", maxZoom: 18))
        #expect(
            input.published.attribution == [
                MapCredit(
                    text: "© Example, © OpenStreetMap-bidragsytere",
                    url: "https://example.org/copyright")
            ])
        #expect(input.tiles.isEmpty)
        #expect(tileRequests(stub).isEmpty)
    }

    @Test func aBrokenBasemapSettingStopsTheBuildLikeAnyOtherSetting() throws {
        let site = TestSite()
        site.write(
            #"{"format":1,"basemap":{"tiles":"http://tiles.example.org/{z}/{x}/{y}.png","attribution":"©"}}"#,
            to: SiteSettings.fileName)
        let result = try Sitegen.runWithBasemap(["build", "--site", site.root])
        #expect(result.status == 65, "\(result.stderr)")
        #expect(
            result.stderr.contains("basemap.tiles må være en https-adresse"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: site.output))
    }
}
