import Foundation
import Testing

@testable import BeaconModel
@testable import BeaconSystem
@testable import SiteBuild
@testable import SiteGenKit

/// A guide built by the real binary from OpenStreetMap data as Geoapify gives it, messy as real
/// data is (`Tests/Fixtures/messy-edinburgh.geojson`: a chain under one name at several streets,
/// places without a street, hours that do not parse, names in other scripts, places without a name,
/// places beyond the radius, restaurants only): the pages say what is missing and tell alike names
/// apart.
@Suite struct MessyDataBuildTests {
    static let fixture = Repository.fixtures + "/messy-edinburgh.geojson"

    /// The fixture built around Edinburgh Waverley (5 km) in bokmål, nynorsk and English.
    static func built() throws -> TestSite {
        let site = TestSite()
        site.write(
            #"{"format":1,"title":"Edinburgh","center":{"lat":55.9533,"lon":-3.1883,"label":"Waverley"},"radiusKm":5,"languages":["nb","nn","en"]}"#,
            to: SiteSettings.fileName)
        let result = try Sitegen.run(["build", "--site", site.root, "--places", fixture])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("2 uten navn"), "\(result.stderr)")
        return site
    }

    /// The detail page (in `folder`, "" for bokmål) of the place whose slug starts with `stem` and
    /// whose page holds `marker`.
    func page(_ site: TestSite, _ stem: String, holding marker: String = "", folder: String = "")
        throws -> String
    {
        let pages = site.outputFiles().filter {
            $0.hasPrefix(folder + "steder/" + stem + "-") && $0.hasSuffix("/index.html")
        }.compactMap { site.read("output/" + $0) }
        return try #require(
            pages.first { marker.isEmpty || $0.contains(marker) },
            "no page of \(stem) holding \(marker): \(site.outputFiles().filter { $0.contains(stem) })"
        )
    }

    /// The place's page says what is missing, and shows the town the data names; a card shows
    /// the town or nothing, never «Adresse mangler» (on every other card of a messy city it is
    /// noise).
    @Test func aMissingAddressIsSaidNeverFilledWithTheName() throws {
        let site = try Self.built()
        let duck = try page(site, "duck-waffle")
        #expect(
            duck.contains(
                #"<dt>Adresse</dt><dd>Edinburgh<span class="address--missing"> · gateadresse mangler</span></dd>"#
            ))
        #expect(!duck.contains("<dd>Duck &amp; Waffle</dd>") && !duck.contains("Edinburgh EH2 2AD"))
        let tailor = try page(site, "the-tailors-hall")
        #expect(
            tailor.contains(
                #"<dt>Adresse</dt><dd><span class="address--missing">Adresse mangler</span></dd>"#)
                && !tailor.contains("United Kingdom"))
        // The street from the data where there is one.
        #expect(try page(site, "bento-ya").contains("<dd>17 Forrest Road, Edinburgh EH1 2QH</dd>"))
        #expect(try page(site, "duck-waffle", folder: "nn/").contains("gateadresse manglar"))
        #expect(try page(site, "the-tailors-hall", folder: "en/").contains("Address missing"))
        // On the cards the town, or the part of it, and no name in the place data's address.
        let front = try #require(site.read("output/index.html"))
        #expect(!front.contains("address--missing") && !front.contains("Adresse mangler"))
        let cards = front.components(separatedBy: #"<li class="place-card""#).dropFirst()
        let duckCard = try #require(cards.first { $0.contains("Duck &amp; Waffle") })
        #expect(duckCard.contains(#"<span class="place-card__address">Edinburgh</span>"#))
        let tailorCard = try #require(cards.first { $0.contains("The Tailor's Hall") })
        #expect(!tailorCard.contains("place-card__address"), "\(tailorCard)")
        #expect(
            !front.contains(#""a":"Duck & Waffle""#)
                && !front.contains(#""a":"Duck \u0026 Waffle""#))
        #expect(front.contains(#""ar":"Cameron Toll, Edinburgh""#))
        // The export leaves it empty rather than naming the place.
        let export = try #require(site.read("output/eksport/steder.geojson"))
        let duckLine = try #require(
            export.split(separator: "\n").first { $0.contains("Duck & Waffle") })
        #expect(!duckLine.contains(#""address""#), "\(duckLine)")
    }

    /// `sitegen places` lines its columns up by terminal cells, so a name in Chinese script does
    /// not push the rest of its line out of line.
    @Test func thePlacesTableLinesUpNamesInEveryScript() throws {
        let site = try Self.built()
        let result = try Sitegen.run(["places", "--site", site.root])
        #expect(result.status == 0, "\(result.stderr)")
        let rows = result.stdout.split(separator: "\n").map(String.init).filter {
            $0.contains("Restaurant")
        }
        // Each as the bokmål pages name it, the sign's name after it.
        #expect(
            rows.contains { $0.hasPrefix("Chinese Kitchen (中文小馆) ") }
                && rows.contains { $0.hasPrefix("Moscow Restaurant (Ресторан Москва) ") }, "\(rows)"
        )
        let starts = Set(
            rows.compactMap { row in
                row.range(of: "  Restaurant").map {
                    TerminalText.columns(String(row[..<$0.lowerBound]))
                }
            })
        #expect(rows.count > 20 && starts.count == 1, "\(rows)")
    }

    @Test func hoursThatDoNotParseAreLabelledAndClaimNoStatus() throws {
        let site = try Self.built()
        let duck = try page(site, "duck-waffle")
        #expect(
            duck.contains(
                #"<dt>Åpningstider (fra OpenStreetMap, ikke tolket)</dt><dd><span class="hours hours--raw">We-Sa Jan 12:00-15:30; PH off</span>"#
            ))
        #expect(!duck.contains("open-status") && !duck.contains("beacon-hours.js"))
        let hanedan = try page(site, "hanedan")
        #expect(hanedan.contains(">by appointment</span>") && !hanedan.contains("open-status"))
        #expect(
            try page(site, "hanedan", folder: "en/").contains(
                "<dt>Opening hours (from OpenStreetMap, not interpreted)</dt>"))
        // Hours it reads keep their list and their status.
        let bento = try page(site, "bento-ya")
        #expect(
            bento.contains(#"<dt>Åpningstider</dt><dd><ul class="hours">"#)
                && bento.contains("open-status"))
    }

    @Test func placesOfOneNameAreToldApartEverywhere() throws {
        let site = try Self.built()
        let princes = try page(site, "nandos", holding: "112 Princes Street")
        #expect(princes.contains(#"<title>Nando's · 112 Princes Street – Edinburgh</title>"#))
        #expect(
            princes.contains(
                #"<h1 class="place-detail__name" dir="auto">Nando's<span class="name-suffix"> · 112 Princes Street</span></h1>"#
            ))
        #expect(princes.contains(#""n":"Nando's · 112 Princes Street""#), "the place map's pin")
        // Each of the chain's: street, street and number, postcode; nothing when the data has
        // nothing.
        let front = try #require(site.read("output/index.html"))
        for suffix in ["Lothian Road", "86 Princes Street", "Leith Walk", "EH16 4AU"] {
            #expect(
                front.contains(#"Nando's<span class="name-suffix"> · \#(suffix)</span>"#),
                "\(suffix)")
            #expect(front.contains(#""ns":"\#(suffix)""#), "\(suffix) in the page data")
        }
        #expect(
            front.contains(#"<span class="place-card__name">Nando's</span>"#),
            "the one with no address")
        // Two on one street without numbers: their postcodes.
        #expect(front.contains("Wok &amp; Go<span class=\"name-suffix\"> · EH11 2BQ</span>"))
        #expect(front.contains("Wok &amp; Go<span class=\"name-suffix\"> · EH11 2AW</span>"))
        // A name of its own gets none; and the same suffix in every language.
        #expect(front.contains(#"<span class="place-card__name">Bento Ya</span>"#))
        #expect(
            try page(site, "nandos", holding: "112 Princes Street", folder: "en/").contains(
                "<title>Nando's · 112 Princes Street – "))
        // And in the terminal: `sitegen search` names each the same way.
        let search = try Sitegen.run(["search", "nando", "--site", site.root])
        #expect(search.status == 0, "\(search.stderr)")
        #expect(
            search.stdout.contains("Nando's · 112 Princes Street")
                && search.stdout.contains("Nando's · EH16 4AU"))
    }

    @Test func categoriesWithoutPlacesHaveNoChip() throws {
        let site = try Self.built()
        for path in ["output/index.html", "output/restauranter/index.html", "output/en/index.html"]
        {
            let page = try #require(site.read(path))
            #expect(page.contains(#"data-category="restaurant""#), "\(path)")
            #expect(
                !page.contains(#"data-category="cafe""#)
                    && !page.contains(#"data-category="hotel""#), "\(path)")
        }
        // A category page reached anyway shows its own chip, and says there is nothing, not «try
        // another word».
        let cafes = try #require(site.read("output/kafeer/index.html"))
        #expect(
            cafes.contains(#"data-category="cafe""#) && !cafes.contains(#"data-category="hotel""#))
        #expect(cafes.contains("0 steder innen 5 km fra Waverley"))
    }

    @Test func placesBeyondTheRadiusAreListedApart() throws {
        let site = try Self.built()
        let front = try #require(site.read("output/index.html"))
        // 26 named places, 3 of them farther than 5 km: the explorer counts those within, and folds
        // the others.
        #expect(front.contains("23 steder innen 5 km fra Waverley"))
        let section = try #require(front.range(of: #"<details class="outside-radius""#))
        let folded = String(front[section.lowerBound...]).components(separatedBy: "</details>")[0]
        #expect(folded.contains("Utenfor radius: 3 steder lenger enn 5 km fra Waverley"))
        #expect(folded.contains("Champany Inn") && folded.contains("The Little Chartroom"))
        #expect(folded.contains(#"Nando's<span class="name-suffix"> · EH12 9DQ</span>"#))
        #expect(!folded.contains("Bento Ya"))
        // Every detail page is linked from an explorer's first page.
        let linked = Set(
            ["output/index.html"].compactMap { site.read($0) }.flatMap { page in
                page.components(separatedBy: "href=\"steder/").dropFirst().map {
                    "steder/" + $0.prefix { $0 != "\"" }
                }
            })
        let published = site.outputFiles().filter {
            $0.hasPrefix("steder/") && $0.hasSuffix("index.html")
        }
        #expect(published.count == 26)
        #expect(Set(published).subtracting(linked).isEmpty, "\(Set(published).subtracting(linked))")
    }

    @Test func whatTheDataKnowsIsShownAndSearchableInEveryLanguage() throws {
        let site = try Self.built()
        // Cuisine from Geoapify's members, diets and access from the raw tags; in words on the
        // page.
        let dishoom = try page(site, "dishoom")
        #expect(dishoom.contains("<p class=\"place-detail__lead\">Restaurant · Indisk · "))
        #expect(dishoom.contains("<dt>Kosthold</dt><dd>Vegetarretter</dd>"))
        #expect(dishoom.contains("<dt>Rullestol</dt><dd>Tilgjengelig med rullestol</dd>"))
        #expect(
            try page(site, "dishoom", folder: "en/").contains("<dt>Cuisine</dt><dd>Indian</dd>"))
        // Only Geoapify's conditions in the categories: vegan, limited access.
        let india = try page(site, "mother-indias-cafe")
        #expect(india.contains("<dt>Kosthold</dt><dd>Veganske retter</dd>"))
        #expect(india.contains("<dd>Delvis tilgjengelig med rullestol</dd>"))
        #expect(try page(site, "hanedan").contains("<dd>Ikke tilgjengelig med rullestol</dd>"))
        // A cuisine only the category key gives; a value no catalogue names, as the data gives it.
        // Its slug from its English name: the sign's has no letter a URL keeps.
        #expect(
            try page(site, "chinese-kitchen", holding: "中文小馆").contains(
                "<dt>Kjøkken</dt><dd>Kinesisk</dd>"))
        #expect(try page(site, "the-tailors-hall").contains("<dd>Britisk, gastro pub</dd>"))
        #expect(try page(site, "the-kitchin").contains("<dt>Prisnivå</dt>"))
        // Cards: the cuisine instead of «Restaurant», and the marks.
        let front = try #require(site.read("output/index.html"))
        #expect(front.contains("<span class=\"place-card__meta\">Indisk · 190\u{00A0}m</span>"))
        #expect(front.contains("<span class=\"mark mark--diet\">Bare vegansk</span>"))
        // The terminal: a cuisine by any of its names, and a clear refusal of one the guide lacks.
        for name in ["indisk", "Indian"] {
            let search = try Sitegen.run(["search", "--cuisine", name, "--site", site.root])
            #expect(search.status == 0, "\(search.stderr)")
            #expect(
                search.stdout.contains("Dishoom") && search.stdout.contains("Mother India"),
                "\(search.stdout)")
            #expect(!search.stdout.contains("Bento Ya"))
            #expect(search.stdout.contains("Restaurant · indisk"), "\(search.stdout)")
        }
        let text = try Sitegen.run(["search", "indisk", "--site", site.root])
        #expect(
            text.stdout.contains("Dishoom") && text.stdout.contains("Mother India"),
            "\(text.stdout)")
        let missing = try Sitegen.run(["search", "--cuisine", "sushi", "--site", site.root])
        #expect(missing.status != 0)
        #expect(
            missing.stderr.contains("ingen steder i guiden har kjøkkenet «sushi»"),
            "\(missing.stderr)")
        #expect(
            missing.stderr.contains("(prøv kylling, portugisisk, asiatisk"), "\(missing.stderr)")
        // A pasted page is echoed short; an empty value says what is wanted. Both exit with 64.
        let huge = try Sitegen.run([
            "search", "--cuisine", String(repeating: "x", count: 5_000), "--site", site.root,
        ])
        #expect(huge.status == 64 && huge.stderr.count < 400, "\(huge.stderr.count)")
        let empty = try Sitegen.run(["search", "--cuisine", "", "--site", site.root])
        #expect(
            empty.status == 64 && empty.stderr.contains("--cuisine trenger et kjøkken"),
            "\(empty.stderr)")
    }

    @Test func aCategoryWithoutPlacesIsNotOfferedToSearchEngines() throws {
        let site = TestSite()
        site.write(
            #"{"format":1,"title":"Edinburgh","center":{"lat":55.9533,"lon":-3.1883},"radiusKm":5,"baseURL":"https://guide.example/"}"#,
            to: SiteSettings.fileName)
        let result = try Sitegen.run(["build", "--site", site.root, "--places", Self.fixture])
        #expect(result.status == 0, "\(result.stderr)")
        let sitemap = try #require(site.read("output/sitemap.xml"))
        #expect(sitemap.contains("https://guide.example/restauranter/"))
        #expect(!sitemap.contains("kafeer") && !sitemap.contains("hoteller"))
        // The page itself stays, for an old link.
        #expect(site.read("output/kafeer/index.html")?.contains("<h1>Kafeer</h1>") == true)
    }
}
