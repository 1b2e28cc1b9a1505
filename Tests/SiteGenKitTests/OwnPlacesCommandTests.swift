import Foundation
import Testing

@testable import BeaconModel
@testable import BeaconSystem

/// `sitegen place …` and `sitegen places`, run as the real binary against the sample guide: own
/// places, corrections, notes and hidden places reach every page, survive rebuilds, and every
/// mistake is refused with the store left as it was.
@Suite struct OwnPlacesCommandTests {
    func run(_ site: TestSite, _ arguments: [String], environment: [String: String] = [:]) throws
        -> ProcessResult
    {
        try Sitegen.run(arguments + ["--site", site.root], environment: environment)
    }

    func page(_ site: TestSite, containing text: String) -> String? {
        let pages = site.outputFiles().filter {
            $0.hasPrefix("steder/") && $0.hasSuffix("index.html")
        }
        return pages.lazy.compactMap { site.read("output/" + $0) }.first { $0.contains(text) }
    }

    @Test func anOwnPlaceIsOnEveryPageOfTheGuide() throws {
        let site = TestSite()
        var result = try run(
            site,
            [
                "place", "add", "Kaffe <Eksperimentet>", "--at", "59.9150", "10.7480", "--category",
                "kafé",
                "--hours", "Mo-Fr 08:00-16:00", "--website", "kaffe.example", "--phone",
                "+47 22 00 00 00",
                "--note", "Beste <em>cortado</em> <img src=x onerror=alert(1)>",
            ])
        #expect(result.status == 0, "\(result.stderr)")
        let own = try site.site.loadStore().ownPlaces
        #expect(own.count == 1 && own[0].own.website == "https://kaffe.example")
        #expect(own[0].id.rawValue.hasPrefix("own/"))

        result = try run(site, ["build", "--quiet"])
        #expect(result.status == 0, "\(result.stderr)")
        let detail = try #require(page(site, containing: "Kaffe &lt;Eksperimentet&gt;"))
        #expect(detail.contains("<em>cortado</em>"))
        #expect(!detail.contains("onerror"))
        #expect(detail.contains("Lagt til av den som lager guiden"))
        #expect(detail.contains("https://kaffe.example"))
        let list = try #require(site.read("output/index.html"))
        #expect(list.contains("Kaffe &lt;Eksperimentet&gt;"))
        let export = try #require(site.read("output/eksport/steder.geojson"))
        #expect(export.contains("Kaffe <Eksperimentet>"))
        #expect(
            try run(site, ["search", "Eksperimentet"]).stdout.contains("Kaffe <Eksperimentet>"))
        #expect(try run(site, ["places", "--own"]).stdout.contains("eget"))

        // A favorite and a rating on it, like any place; then removed with them.
        #expect(try run(site, ["favorite", "add", "Eksperimentet"]).status == 0)
        #expect(try run(site, ["rate", "Eksperimentet", "5"]).status == 0)
        #expect(try run(site, ["build", "--quiet"]).status == 0)
        #expect(
            site.read("output/favoritter/index.html")?.contains("Kaffe &lt;Eksperimentet&gt;")
                == true)
        result = try run(site, ["place", "remove", "Eksperimentet"])
        #expect(result.status == 0 && result.stdout.contains("med 1 vurdering"), "\(result.stderr)")
        #expect(try run(site, ["build", "--quiet"]).status == 0)
        #expect(site.read("output/index.html")?.contains("Eksperimentet") == false)
        #expect(
            try site.site.loadStore().entries.keys.contains { $0.rawValue.hasPrefix("own/") }
                == false)
    }

    @Test func aCorrectionShowsOnThePageAndSurvivesRebuildsUntilReset() throws {
        let site = TestSite()
        #expect(try run(site, ["build", "--quiet"]).status == 0)
        var result = try run(
            site,
            [
                "place", "edit", "Java Espressobar", "--name", "Java St. Hanshaugen", "--phone", "",
                "--note", "Grei",
            ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try run(site, ["build", "--quiet"]).status == 0)
        var detail = try #require(page(site, containing: "Java St. Hanshaugen"))
        #expect(detail.contains("Opplysningene er rettet av den som lager guiden"))
        #expect(!detail.contains("tel:"))
        #expect(detail.contains("owner-note"))
        // a full build applies it again
        #expect(try run(site, ["build", "--quiet", "--force"]).status == 0)
        #expect(page(site, containing: "Java St. Hanshaugen") != nil)
        #expect(try run(site, ["places", "--edited"]).stdout.contains("Java St. Hanshaugen"))

        result = try run(site, ["place", "edit", "Java St. Hanshaugen", "--reset"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try run(site, ["build", "--quiet"]).status == 0)
        #expect(page(site, containing: "Java St. Hanshaugen") == nil)
        detail = try #require(page(site, containing: "Java Espressobar"))
        #expect(detail.contains("tel:"))
        #expect(detail.contains("owner-note"))  // the note is not a correction: it stays
    }

    @Test func aHiddenPlaceLeavesTheGuideAndComesBack() throws {
        let site = TestSite()
        #expect(try run(site, ["build", "--quiet"]).status == 0)
        #expect(site.read("output/index.html")?.contains("Fuglen") == true)
        var result = try run(site, ["place", "hide", "Fuglen", "--reason", "Stengt for godt"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try run(site, ["build", "--quiet"]).status == 0)
        #expect(site.read("output/index.html")?.contains("Fuglen") == false)
        #expect(page(site, containing: ">Fuglen<") == nil)
        result = try run(site, ["places", "--hidden"])
        #expect(result.stdout.contains("Fuglen") && result.stdout.contains("Stengt for godt"))
        #expect(try run(site, ["place", "unhide", "Fuglen"]).status == 0)
        #expect(try run(site, ["build", "--quiet"]).status == 0)
        #expect(site.read("output/index.html")?.contains("Fuglen") == true)
    }

    @Test func ownPlacesSurviveARefreshAndAnAddressIsLookedUpWithAKey() throws {
        let site = TestSite()
        let found =
            #"{"type":"FeatureCollection","features":[{"type":"Feature","properties":{"lat":59.9139,"lon":10.7522,"formatted":"Karl Johans gate 99, Oslo"},"geometry":{"type":"Point","coordinates":[10.7522,59.9139]}}]}"#
        let stub = try GeoapifyStub(routes: ["geocode": [.init(body: found)]])
        let environment = ["GEOAPIFY_API_KEY": "test-key-77", "GEOAPIFY_BASE_URL": stub.baseURL]
        #expect(try run(site, ["build", "--quiet"], environment: environment).status == 0)
        let result = try run(
            site,
            [
                "place", "add", "Hjørnekafeen", "--address", "Karl Johans gate 99", "--category",
                "cafe",
            ],
            environment: environment)
        #expect(result.status == 0, "\(result.stderr)")
        let own = try #require(try site.site.loadStore().ownPlaces.first?.own)
        #expect(own.coordinate == Coordinate(latitude: 59.9139, longitude: 10.7522))
        #expect(own.address == "Karl Johans gate 99")
        #expect(stub.requests.last?.query["text"] == "Karl Johans gate 99")
        #expect(
            try run(site, ["build", "--quiet", "--refresh"], environment: environment).status == 0)
        #expect(site.read("output/index.html")?.contains("Hjørnekafeen") == true)
    }

    @Test func aCorrectionWhosePlaceLeavesTheDataIsReportedAndKept() throws {
        let site = TestSite()
        let places = site.root + "/steder.geojson"
        site.write(IncrementalBuildTests.mixedPlaces(30), to: "steder.geojson")
        #expect(try run(site, ["build", "--quiet", "--places", places]).status == 0)
        #expect(
            try run(site, ["place", "edit", "Sted nummer 7", "--name", "Rettet sju"]).status == 0)
        #expect(try run(site, ["place", "hide", "Sted nummer 8"]).status == 0)
        site.write(IncrementalBuildTests.mixedPlaces(30, without: [7, 8]), to: "steder.geojson")
        let result = try run(site, ["build", "--places", places])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stderr.contains(
                "Rettelsen av «Sted nummer 7» (node/5000007) gjelder et sted som ikke lenger er i dataene"
            ))
        #expect(result.stderr.contains("Skjulingen av «Sted nummer 8»"))
        #expect(
            try site.site.loadStore().entries[PlaceID(rawValue: "node/5000007")]?.correction?.name
                == "Rettet sju")
        // Back in the data: corrected again.
        site.write(IncrementalBuildTests.mixedPlaces(30), to: "steder.geojson")
        #expect(try run(site, ["build", "--quiet", "--places", places]).status == 0)
        #expect(site.outputFiles().contains { $0.contains("rettet-sju-") })
    }

    @Test(arguments: [
        (["place", "add", "Nytt sted", "--category", "cafe"], "--at"),
        (["place", "add", "Nytt sted", "--at", "95", "10", "--category", "cafe"], "Breddegraden"),
        (
            ["place", "add", "Nytt sted", "--at", "59.9", "10.7", "--category", "bowling"],
            "ukjent kategori"
        ),
        (
            ["place", "add", "Nytt sted", "--at", "59.9", "10.7", "--category", "bar"],
            "har ikke kategorien"
        ),
        (["place", "add", "Nytt sted", "--at", "59.9", "10.7"], "--category"),
        (
            [
                "place", "add", "Nytt sted", "--at", "59.9", "10.7", "--category", "cafe",
                "--website",
                "javascript:alert(1)",
            ],
            "http"
        ),
        (["place", "add", "   ", "--at", "59.9", "10.7", "--category", "cafe"], "tomt"),
        (
            ["place", "add", "Tim Wendelboe", "--at", "59.9233", "10.7562", "--category", "cafe"],
            "allerede"
        ),
        (
            ["place", "add", "Ny\u{202E}navn", "--at", "59.9", "10.7", "--category", "cafe"],
            "retningstegn"
        ),
        (["place", "remove", "Fuglen"], "place hide"),
        (["place", "edit", "Fuglen", "--at", "59.9", "10.7"], "Posisjonen"),
        (["place", "edit", "Fuglen"], "hva som skal endres"),
        (["place", "hide", "Finnes Ikke Kafé"], "Fant ikke"),
        (["place", "move", "Fuglen"], "add, edit"),
        (["places", "--own", "--hidden"], "bare én"),
    ])
    func badInputIsRefusedAndTheStoreIsUntouched(arguments: [String], message: String) throws {
        let store = #"{"format":1,"places":{}}"#
        let site = TestSite(store: store)
        let result = try run(site, arguments)
        #expect(result.status != 0)
        #expect((result.stderr + result.stdout).contains(message), "\(result.stderr)")
        #expect(site.read(GuideStore.fileName) == store)
        #expect(site.read(GuideStore.fileName + ".format-1.bak") == nil)
    }

    /// A website with a user name or password, or with a character no URL has (a quote, `<`, a
    /// backslash …): refused where it is typed, left out where the data has it, and named where the
    /// store has it.
    @Test(arguments: [
        (
            "https://kari:hemmelig@kafe.example/",
            "Nettsiden kan ikke ha brukernavn eller passord foran vertsnavnet"
        ),
        (
            "https://kafe.example@evil.example/",
            "Nettsiden kan ikke ha brukernavn eller passord foran vertsnavnet"
        ),
        (
            #"https://kafe.example/"onmouseover="alert(1)"#,
            "Nettsiden har tegnet «\"», som ikke kan stå i en nettadresse"
        ),
        (
            "https://kafe.example/<meny>",
            "Nettsiden har tegnet «<», som ikke kan stå i en nettadresse"
        ),
        (
            "https://kafe.example/meny\\mat",
            "Nettsiden har tegnet «\\», som ikke kan stå i en nettadresse"
        ),
        (
            "https://kafe.example/{meny}",
            "Nettsiden har tegnet «{», som ikke kan stå i en nettadresse"
        ),
        ("kafe.example/a|b", "Nettsiden har tegnet «|», som ikke kan stå i en nettadresse"),
    ])
    func aWebsiteNoURLCouldBeIsRefusedWhereverItIsRead(website: String, message: String) throws {
        let site = TestSite()
        let result = try run(site, ["place", "edit", "Fuglen", "--website", website])
        #expect(result.status == 64, "\(result.stderr)")
        #expect(
            result.stderr == "Feil: \(message) (fikk «\(website)»). Ingenting er endret.\n",
            "\(result.stderr)")
        #expect(site.bytes(GuideStore.fileName) == nil)

        // In a places file: the place is kept, without the website.
        let escaped = website.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(
            of: "\"", with: "\\\"")
        site.write(
            #"{"type":"FeatureCollection","features":[{"type":"Feature","geometry":{"type":"Point","coordinates":[10.7522,59.9116]},"properties":{"name":"Nettkafé","categories":["catering.cafe"],"website":"\#(escaped)"}}]}"#,
            to: "steder.geojson")
        let built = try run(site, ["build", "--places", site.root + "/steder.geojson"])
        #expect(built.status == 0, "\(built.stderr)")
        let shown = try #require(page(site, containing: "Nettkafé"))
        #expect(!shown.contains("kafe.example"), "\(website)")

        // In the store, written by hand: named, and the store left as it was.
        let store =
            #"{"format":2,"places":{"own/nettkafe":{"own":{"name":"Nettkafé","category":"cafe","lat":59.91,"lon":10.75,"added":"2026-01-01","website":"\#(escaped)"}}}}"#
        site.write(store, to: GuideStore.fileName)
        let refused = try run(site, ["build", "--places", site.root + "/steder.geojson"])
        #expect(refused.status == 65, "\(refused.stderr)")
        #expect(refused.stderr.contains("own/nettkafe.own.website"), "\(refused.stderr)")
        #expect(site.read(GuideStore.fileName) == store)
    }

    @Test func tenConcurrentAddsAllLand() async throws {
        let site = TestSite()
        let root = site.root
        try await withThrowingTaskGroup(of: Int32.self) { group in
            for i in 0..<10 {
                group.addTask {
                    try Sitegen.run([
                        "place", "add", "Sted nummer \(i)", "--at", "59.91\(i)", "10.75",
                        "--category", "cafe",
                        "--site", root,
                    ]).status
                }
            }
            for try await status in group { #expect(status == 0) }
        }
        #expect(try site.site.loadStore().ownPlaces.count == 10)
    }
}
