import Foundation
import Testing

@testable import BeaconModel
@testable import BeaconSite
@testable import SiteBuild
@testable import SiteGenKit

/// A change to the owner's lists renders the lists' pages and the pages of their places, removes
/// the pages of lists gone, and ends byte for byte as a full build of the same inputs.
@Suite struct ListRebuildTests {
    let tests = IncrementalBuildTests()

    static func id(_ index: Int) -> PlaceID { PlaceID(rawValue: "node/\(5_000_000 + index)") }

    func change(_ site: TestSite, _ edit: (inout GuideStore) throws -> Void) throws {
        try site.site.updateStore { try edit(&$0) }
    }

    @Test func addingOnePlaceToAListEndsAsAFullBuildWouldAndRendersLittle() async throws {
        let (site, places, _) = try await tests.bigGuide()
        // The first list: the header links to the lists on every page, so everything is rendered.
        try change(site) { store in
            _ = try store.makeList(named: "Søndagsfrokost", description: "*Tidlig*")
            try store.addToList("Søndagsfrokost", [(Self.id(120), "a"), (Self.id(130), "b")])
            _ = try store.makeList(named: "Regnvær")
            try store.addToList("Regnvær", [(Self.id(140), "c")])
        }
        let first = try await tests.buildAndCompare(site, places: places, "the first lists")
        #expect(first.renderedPages == first.pages)
        #expect(site.outputFiles().contains("lister/sondagsfrokost/index.html"))
        #expect(site.read("output/index.html")?.contains(">Lister</a>") == true)

        // One place added: its page, the other places of the list (their «I listene» lines stay,
        // rendered as members), the lists' pages, the explorers; not the guide.
        try change(site) { try $0.addToList("Søndagsfrokost", [(Self.id(150), "d")]) }
        let added = try await tests.buildAndCompare(site, places: places, "one place added")
        #expect(added.renderedPages <= 4 + 3 + 4, "\(added.renderedPages) of \(added.pages)")
        let page = try #require(site.read("output/lister/sondagsfrokost/index.html"))
        #expect(page.components(separatedBy: "place-card__number").count == 4)
        let detail = try #require(
            site.outputFiles().first { $0.hasPrefix("steder/sted-nummer-150-") })
        #expect(site.read("output/" + detail)?.contains("I listen:") == true)

        // A note, a move, a new order, a description.
        try change(site) { store in
            try store.noteInList("Søndagsfrokost", Self.id(150), placeName: "d", "Kom **tidlig**")
            try store.moveInList("Søndagsfrokost", Self.id(150), placeName: "d", to: 1)
            try store.orderList("Regnvær", by: .nearest)
            try store.describeList("Regnvær", "Inne")
        }
        try await tests.buildAndCompare(site, places: places, "note, move, order, description")
        #expect(
            site.read("output/lister/sondagsfrokost/index.html")?.contains(
                "<strong>tidlig</strong>") == true)

        // A rename: the old page goes, the places' lines name the new one.
        try change(site) { try $0.renameList("Søndagsfrokost", to: "Lørdagsfrokost") }
        try await tests.buildAndCompare(site, places: places, "a rename")
        #expect(!site.outputFiles().contains("lister/sondagsfrokost/index.html"))
        #expect(site.read("output/" + detail)?.contains("Lørdagsfrokost") == true)

        // A place removed, a list deleted, then the last list deleted (everything again).
        try change(site) { try $0.removeFromList("Lørdagsfrokost", Self.id(120), placeName: "a") }
        try await tests.buildAndCompare(site, places: places, "a place removed")
        try change(site) { _ = try $0.deleteList(named: "Regnvær") }
        try await tests.buildAndCompare(site, places: places, "a list deleted")
        #expect(!site.outputFiles().contains("lister/regnvaer/index.html"))
        try change(site) { _ = try $0.deleteList(named: "Lørdagsfrokost") }
        try await tests.buildAndCompare(site, places: places, "the last list deleted")
        #expect(!site.outputFiles().contains { $0.hasPrefix("lister/") })
        #expect(site.read("output/index.html")?.contains(">Lister</a>") == false)
    }

    @Test func theBuildSaysWhenAListHoldsPlacesTheGuideLacks() async throws {
        let site = TestSite()
        site.write(IncrementalBuildTests.mixedPlaces(20), to: "steder.geojson")
        try change(site) { store in
            _ = try store.makeList(named: "Søndagsfrokost")
            try store.addToList(
                "Søndagsfrokost",
                [(Self.id(3), "a"), (PlaceID(rawValue: "node/1"), "b"), (Self.id(999), "c")])
        }
        let console = CapturingConsole()
        let report = try await BuildPipeline(
            options: BuildOptions(site: site.site, placesFile: site.root + "/steder.geojson"),
            environment: IncrementalBuildTests.environment, console: console
        ).run()
        let line = "2 steder i listen «Søndagsfrokost» (2) er ikke i guiden nå"
        #expect(report.warnings.contains { $0.hasPrefix(line) }, "\(report.warnings)")
        #expect(console.progressText.contains("Advarsel: " + line))
        #expect(site.read("output/lister/sondagsfrokost/index.html")?.contains("1 sted · ") == true)
    }
}
