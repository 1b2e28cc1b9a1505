import Foundation
import Testing

@testable import BeaconModel
@testable import BeaconSystem
@testable import SiteBuild
@testable import SiteGenKit

/// A guide of bars, pubs and fast food (`"categories": ["bar", "pub", "fast-food"]`) built by the
/// real binary from an overpass-turbo export of Oslo (`Tests/Fixtures/osm-oslo-bars.geojson`: OSM
/// tags only, no Geoapify categories, places without names or addresses, a chain under one name,
/// odd hours, a Japanese name): its chips, category pages and their addresses, names in the three
/// languages, and search by a category word in each.
@Suite struct CustomCategoriesBuildTests {
    static let fixture = Repository.fixtures + "/osm-oslo-bars.geojson"

    static func built() throws -> TestSite {
        let site = TestSite()
        site.write(
            #"{"format":1,"title":"Oslo om kvelden","languages":["nb","nn","en"],"categories":["bar","pub","fast-food"]}"#,
            to: SiteSettings.fileName)
        let result = try Sitegen.run(["build", "--site", site.root, "--places", fixture])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("2 uten navn"), "\(result.stderr)")
        return site
    }

    /// The guide built once, for the tests that only read it (the folder is removed at exit).
    static let shared: Result<TestSite, any Error> = {
        atexit {
            if case .success(let site) = CustomCategoriesBuildTests.shared {
                try? FileManager.default.removeItem(atPath: site.root)
            }
        }
        return Result { try built() }
    }()

    /// The chips of a page, as «category:text» in the page's order (the text with its count:
    /// «bar:Barer 5»).
    func chips(_ page: String) -> [String] {
        let nav =
            page.components(separatedBy: #"<nav class="chips""#).dropFirst().first?
            .components(separatedBy: "</nav>").first ?? ""
        return nav.components(separatedBy: #"data-category=""#).dropFirst().map { chip in
            let key = chip.prefix(while: { $0 != "\"" })
            let inner = chip.components(separatedBy: "</a>")[0].drop(while: { $0 != ">" })
                .dropFirst()
            let text = inner.replacingOccurrences(
                of: "<[^>]*>", with: "", options: .regularExpression)
            return key + ":" + text.trimmingCharacters(in: .whitespaces)
        }
    }

    @Test func theChipsAndCategoryPagesAreTheOwnersInEachLanguage() throws {
        let site = try Self.shared.get()
        let front = try #require(site.read("output/index.html"))
        // Each with how many places it has within the radius: 14 named places, 5 bars, 4 pubs, 5
        // fast food.
        #expect(
            chips(front) == [
                "all:Alle 14", "bar:Barer 5", "pub:Puber 4", "fast-food:Gatekjøkken 5",
            ])
        let nynorsk = try #require(site.read("output/nn/index.html"))
        #expect(
            chips(nynorsk) == [
                "all:Alle 14", "bar:Barar 5", "pub:Pubar 4", "fast-food:Gatekjøkken 5",
            ])
        let english = try #require(site.read("output/en/index.html"))
        #expect(
            chips(english) == ["all:All 14", "bar:Bars 5", "pub:Pubs 4", "fast-food:Fast food 5"])
        // Each category's page at its own address, holding its own places only.
        let bars = try #require(site.read("output/barer/index.html"))
        #expect(bars.contains("<title>Barer – Oslo om kvelden"))
        #expect(bars.contains("Himkok") && bars.contains("東京バー") && !bars.contains("Olympen"))
        let pubs = try #require(site.read("output/en/puber/index.html"))
        #expect(
            pubs.contains("<title>Pubs – Oslo om kvelden") && pubs.contains("Olympen")
                && !pubs.contains("Himkok"))
        let fastFood = try #require(site.read("output/nn/gatekjokken/index.html"))
        #expect(fastFood.contains("Kebab Kongen") && !fastFood.contains("Dubliner"))
        // No page, chip or legend entry for the brief's three, which this guide does not hold.
        let files = site.outputFiles()
        for gone in ["restauranter/index.html", "kafeer/index.html", "hoteller/index.html"] {
            #expect(!files.contains(gone), "\(gone)")
        }
        #expect(!front.contains(#"data-category="restaurant""#) && !front.contains("Hoteller"))
        // The search hint offers the guide's own kinds, never «kaffe» or «overnatting».
        #expect(
            front.contains(
                "Navn, adresse eller hva du ser etter, for eksempel «barer» eller «puber».</span>"))
        #expect(
            nynorsk.contains("til dømes «barar» eller «pubar».</span>")
                && !nynorsk.contains("kaffi"))
        #expect(
            english.contains("for example “bars” or “pubs”.</span>")
                && !english.contains("“coffee”"))
        // The sitemap offers the categories' pages.
        if let sitemap = site.read("output/sitemap.xml") {
            #expect(sitemap.contains("barer/") && sitemap.contains("gatekjokken/"))
        }
    }

    @Test func aPlacePageNamesItsCategoryAndAHotelsBadgeRuleStaysWithHotels() throws {
        let site = try Self.shared.get()
        let page = try #require(
            site.outputFiles().first { $0.hasPrefix("steder/himkok") && $0.hasSuffix("index.html") }
                .flatMap { site.read("output/" + $0) })
        #expect(page.contains("hero__symbol cat-icon cat-icon--bar"))
        #expect(page.contains("hero--tilt"))
        // A bar has opening hours that mean something: the page says whether it is open.
        #expect(page.contains("Åpningstider"))
    }

    @Test func thePageDataAndTheScriptsTableCarryTheKeys() throws {
        let site = try Self.shared.get()
        let front = try #require(site.read("output/index.html"))
        #expect(front.contains(#""c":"fast-food""#) && front.contains(#""c":"bar""#))
        let texts = try #require(site.read("output/assets/beacon-text.js"))
        #expect(texts.contains(#""fast-food":{"singular":"Gatekjøkken""#))
        #expect(texts.contains("CATEGORY_TABLE"))
    }

    @Test(arguments: [
        ("gatekjøkken", "Kebab Kongen", "Himkok"), ("hurtigmat", "Pølsekiosken", "Olympen"),
        ("barar", "Himkok", "Olympen"), ("pubar", "Olympen", "Himkok"),
        ("pubs", "Dubliner", "Kebab Kongen"), ("takeaway", "Peppes Burger", "Himkok"),
    ])
    func aCategoryWordFindsItsPlacesInTheTerminal(word: String, found: String, notFound: String)
        throws
    {
        let site = try Self.shared.get()
        let search = try Sitegen.run(["search", word, "--site", site.root])
        #expect(search.status == 0, "\(search.stderr)")
        #expect(
            search.stdout.contains(found) && !search.stdout.contains(notFound),
            "\(word): \(search.stdout)")
        let filtered = try Sitegen.run(["search", "--category", "pub", "--site", site.root])
        #expect(filtered.stdout.contains("Olympen") && !filtered.stdout.contains("Himkok"))
        let elsewhere = try Sitegen.run(["search", "--category", "hotell", "--site", site.root])
        #expect(elsewhere.status != 0)
        #expect(
            elsewhere.stderr.contains(
                "guiden har ikke kategorien «hotel» (den har bar, pub, fast-food)"))
    }

    @Test func anUnknownCategoryFailsClearlyAndWritesNothing() throws {
        let site = TestSite()
        let settings = #"{"format":1,"categories":["bar","bra-pub"]}"#
        site.write(settings, to: SiteSettings.fileName)
        let result = try Sitegen.run(["build", "--site", site.root, "--places", Self.fixture])
        #expect(result.status != 0)
        #expect(result.stderr.contains("ukjent kategori «bra-pub»"), "\(result.stderr)")
        #expect(result.stderr.contains("categories[1]"), "\(result.stderr)")
        #expect(site.outputFiles().isEmpty)
        #expect(site.read(SiteSettings.fileName) == settings)
        #expect(!FileManager.default.fileExists(atPath: site.root + "/output"))
    }

    @Test func aDefaultCategoryTheGuideDoesNotHoldIsRefused() throws {
        let site = TestSite()
        site.write(#"{"format":1,"categories":["bar","pub"]}"#, to: SiteSettings.fileName)
        let result = try Sitegen.run([
            "build", "--site", site.root, "--places", Self.fixture, "--category", "hotel",
        ])
        #expect(result.status != 0)
        #expect(
            result.stderr.contains(
                "kategorien «hotel» (--category) er ikke blant guidens kategorier (bar, pub)"))
        #expect(site.outputFiles().isEmpty)
        // One it holds is taken.
        let taken = try Sitegen.run([
            "build", "--site", site.root, "--places", Self.fixture, "--category", "pub",
        ])
        #expect(taken.status == 0, "\(taken.stderr)")
        // With pub as the default, the fast-food places (no category of this guide) are pubs now.
        #expect(try #require(site.read("output/puber/index.html")).contains("Kebab Kongen"))
    }

    @Test func theDefaultGuideRefusesTheseBarsAndSaysHowToTakeThem() throws {
        let site = TestSite()
        let result = try Sitegen.run(["build", "--site", site.root, "--places", Self.fixture])
        #expect(result.status != 0)
        #expect(
            result.stderr.contains("ta dem med: sitegen categories add bar fast-food pub"),
            "\(result.stderr)")
    }

    @Test func changingTheCategoriesRebuildsEverything() throws {
        let site = try Self.built()
        site.write(
            #"{"format":1,"title":"Oslo om kvelden","languages":["nb","nn","en"],"categories":["pub","bar"]}"#,
            to: SiteSettings.fileName)
        let result = try Sitegen.run(["build", "--site", site.root, "--places", Self.fixture])
        #expect(result.status == 0, "\(result.stderr)")
        let front = try #require(site.read("output/index.html"))
        #expect(chips(front) == ["all:Alle 9", "pub:Puber 4", "bar:Barer 5"])
        #expect(!site.outputFiles().contains("gatekjokken/index.html"))
        #expect(!front.contains("Kebab Kongen"))
    }

    /// A park or a playground has no street address as a rule: one without is shown without an
    /// address rather than labelled «Adresse mangler»; an ice-cream bar's page without one still
    /// says so. No card says an address is missing (`MessyDataBuildTests`).
    @Test func aParkWithoutAnAddressIsNotSaidToMissOne() throws {
        let site = TestSite()
        site.write(
            #"{"format":1,"title":"Oslo ute","languages":["nb","en"],"categories":["park","playground","ice-cream"]}"#,
            to: SiteSettings.fileName)
        let places = Repository.fixtures + "/osm-oslo-twelve-kinds.geojson"
        let result = try Sitegen.run(["build", "--site", site.root, "--places", places])
        #expect(result.status == 0, "\(result.stderr)")
        func page(_ stem: String, _ folder: String = "") throws -> String {
            let path = try #require(
                site.outputFiles().first { $0.hasPrefix(folder + "steder/" + stem + "-") })
            return try #require(site.read("output/" + path))
        }
        for park in [
            try page("slottsparken"), try page("vaterlandsparken-lekeplass"),
            try page("slottsparken", "en/"),
        ] {
            #expect(!park.contains("<dt>Adresse</dt>") && !park.contains("<dt>Address</dt>"))
            #expect(!park.contains("address--missing"))
            #expect(
                park.contains("<span class=\"map-links__term\">Koordinater: </span>")
                    || park.contains("<span class=\"map-links__term\">Coordinates: </span>"))
        }
        #expect(
            try page("gelato-co").contains(
                #"<dt>Adresse</dt><dd><span class="address--missing">Adresse mangler</span>"#))
        let front = try #require(site.read("output/index.html"))
        let cards = front.components(separatedBy: #"<li class="place-card""#).dropFirst()
        let parkCard = try #require(cards.first { $0.contains("Slottsparken") })
        #expect(!parkCard.contains("place-card__address"), "\(parkCard)")
        let gelatoCard = try #require(cards.first { $0.contains("Gelato &amp; Co") })
        #expect(!gelatoCard.contains("place-card__address"), "\(gelatoCard)")
    }
}
