import Foundation
import Testing

@testable import BeaconModel
@testable import BeaconSite
@testable import BeaconSystem

/// Live data end to end: the real binary with a key, against the loopback stand-in.
@Suite(.serialized) struct LiveBuildTests {
    static let key = "SECRET-test-key-4f9a2c"

    func build(
        _ site: TestSite, _ stub: GeoapifyStub, _ extra: [String] = [], timeout: String = "2"
    ) throws
        -> ProcessResult
    {
        try Sitegen.run(
            ["build", "--site", site.root] + extra,
            environment: [
                "GEOAPIFY_API_KEY": Self.key, "GEOAPIFY_BASE_URL": stub.baseURL,
                "GEOAPIFY_TIMEOUT": timeout,
            ])
    }

    /// Every file under `folder` that contains the key.
    func filesContainingKey(_ folder: String) -> [String] {
        SiteWriter.listFiles(under: folder).filter { path in
            let data = (try? FileSystem.read(folder + "/" + path)) ?? []
            return String(decoding: data, as: UTF8.self).contains(Self.key)
        }
    }

    @Test func liveBuildCachesAndNeverLeaksTheKey() throws {
        let site = TestSite()
        let stub = try GeoapifyStub()
        // The places requests (the basemap's tiles have their own tests: BasemapBuildTests).
        var placeRequests: [GeoapifyStub.LoggedRequest] {
            stub.requests.filter { $0.path.hasPrefix("/v2/places") }
        }
        let first = try build(site, stub)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(placeRequests.count == 3)
        #expect(
            Set(placeRequests.compactMap { $0.query["categories"] }) == [
                "catering.restaurant", "catering.cafe", "accommodation.hotel",
            ])
        #expect(
            placeRequests.allSatisfy {
                $0.headers["x-api-key"] == Self.key
                    && $0.query["filter"] == "circle:10.7503,59.9111,5000"
            })
        #expect(first.stderr.contains("Henter kafeer … 18 steder"))
        let index = try #require(site.read("output/index.html"))
        #expect(index.contains("Powered by Geoapify"))
        #expect(!index.contains("Eksempeldata"))

        // Cache hit: no new request.
        let second = try build(site, stub)
        #expect(second.status == 0)
        #expect(placeRequests.count == 3)
        #expect(second.stderr.contains("fra mellomlageret"))

        // --refresh asks again; --offline never does.
        #expect(try build(site, stub, ["--refresh"]).status == 0)
        #expect(placeRequests.count == 6)
        #expect(try build(site, stub, ["--offline"]).status == 0)
        #expect(placeRequests.count == 6)

        for result in [first, second] {
            #expect(!result.stdout.contains(Self.key))
            #expect(!result.stderr.contains(Self.key))
        }
        #expect(filesContainingKey(site.output).isEmpty)
        #expect(filesContainingKey(site.root + "/.beacon-cache").isEmpty)
        #expect(
            SiteWriter.listFiles(under: site.root + "/.beacon-cache").allSatisfy {
                !$0.contains(Self.key)
            })
    }

    @Test func invalidKeyFailsAndKeepsThePreviousSite() throws {
        let site = TestSite()
        // sample data first
        #expect(try Sitegen.run(["build", "--site", site.root, "--quiet"]).status == 0)
        let before = site.read("output/index.html")
        let stub = try GeoapifyStub(routes: ["catering.cafe": [.error(401, "Invalid apiKey")]])
        let result = try build(site, stub)
        #expect(result.status == 69)
        #expect(result.stderr.contains("API-nøkkelen"))
        #expect(result.stderr.contains("Forrige versjon av nettstedet er ikke endret"))
        #expect(!result.stderr.contains(Self.key))
        #expect(site.read("output/index.html") == before)
        #expect(stub.requests(for: "catering.cafe").count == 1)
    }

    @Test func offlineWithoutCacheFails() throws {
        let site = TestSite()
        let stub = try GeoapifyStub()
        let result = try build(site, stub, ["--offline"])
        #expect(result.status == 69)
        #expect(result.stderr.contains("--offline"))
        #expect(stub.requests.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: site.output))
    }

    @Test func staleCacheIsUsedWhenTheAPIFails() throws {
        let site = TestSite()
        let healthy = try GeoapifyStub()
        #expect(try build(site, healthy).status == 0)
        site.write(#"{"format":1,"cacheHours":0}"#, to: SiteSettings.fileName)
        let broken = try GeoapifyStub(routes: [
            "catering.cafe": [.error(500, "down")], "catering.restaurant": [.error(500, "down")],
            "accommodation.hotel": [.error(500, "down")],
        ])
        let result = try build(site, broken)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("fra mellomlageret i stedet"))
        #expect(broken.requests.count == 12)  // 4 attempts per category
    }

    @Test func slowAPITimesOutWithAClearMessage() throws {
        let site = TestSite()
        var slow = GeoapifyStub.Response.sample("hotel")
        slow.delay = 5
        let stub = try GeoapifyStub(routes: ["accommodation.hotel": [slow]])
        let result = try build(site, stub, timeout: "1")
        #expect(result.status == 69)
        #expect(
            result.stderr.contains("Geoapify svarte ikke innen 1 sekund, også etter nye forsøk."))
        #expect(!FileManager.default.fileExists(atPath: site.output))
    }

    @Test func emptyCategoryWarnsButBuilds() throws {
        let site = TestSite()
        let stub = try GeoapifyStub(routes: [
            "accommodation.hotel": [.init(body: #"{"type":"FeatureCollection","features":[]}"#)]
        ])
        let result = try build(site, stub)
        #expect(result.status == 0)
        #expect(result.stderr.contains("Henter hoteller … 0 steder"))
    }

    @Test func centerSearchSavesTheChosenCandidate() throws {
        let site = TestSite()
        let stub = try GeoapifyStub(routes: [
            "geocode": [
                .init(file: Repository.fixtures + "/geoapify/autocomplete-london-gym-1.json")
            ]
        ])
        let result = try Sitegen.run(
            ["center", "search", "Gym London", "--pick", "2", "--site", site.root],
            environment: ["GEOAPIFY_API_KEY": Self.key, "GEOAPIFY_BASE_URL": stub.baseURL])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("→ 2."))
        let settings = try site.site.loadSettings()
        #expect(abs(settings.center.latitude - 51.5) < 0.5)
        // The test site's title is the built-in one, which names the old centre: it follows the new
        // one.
        #expect(settings.title == SiteSettings.titleFollowing(label: settings.centerLabel))
        #expect(result.stdout.contains("Tittelen fulgte senteret"))
        #expect(stub.requests.first?.query["text"] == "Gym London")
        let noKey = try Sitegen.run(["center", "search", "Oslo S", "--site", site.root])
        #expect(noKey.status == 64)
        #expect(noKey.stderr.contains("GEOAPIFY_API_KEY"))
    }
}
