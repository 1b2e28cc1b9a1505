import Foundation
import Testing

@testable import BeaconModel
@testable import SiteGenKit

/// «Anbefalt» and the search on real data (`Tests/Fixtures/osm-oslo-bars.geojson`) through the real
/// binary: a place the owner rated low is no pick unless `picksMinimumRating` says so, in the
/// terminal and on the page alike; a search lists the places its words name before those only
/// their category's words find, and says how many of each.
@Suite struct PicksAndSearchTiersTests {
    /// The names of `sitegen search`'s rows, in order, and its last line.
    static func rows(_ stdout: String) -> (names: [String], count: String) {
        let lines = stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let rows = lines.dropFirst(2).prefix { !$0.isEmpty }
        let names = rows.map {
            $0.components(separatedBy: "  ")[0].trimmingCharacters(in: .whitespaces)
        }
        return (names, lines.last { !$0.isEmpty } ?? "")
    }

    @Test(arguments: [
        // Kebab Kongen by its name and cuisine, then the rest of the fast food by the category's
        // «kebab».
        ("kebab", "Kebab Kongen", "1 sted med «kebab» · 4 andre gatekjøkken"),
        // Pølsekiosken and Olympen by their names (ø folds to o), then every bar and pub (øl) and
        // the fast food (pølse).
        ("øl", "Pølsekiosken", "2 steder med «øl» · 12 andre treff"),
        // Kebab Kongen by its name and street, Peppes Burger on Torggata by its street and «kebab».
        ("kebab gata", "Kebab Kongen", "1 sted med «kebab gata» · 1 annet treff"),
        // No name says cocktail: every bar, nearest first, as one list.
        ("cocktail", "Himkok", "5 steder"),
    ])
    func aSearchListsThePlacesItNamesFirst(word: String, first: String, count: String) throws {
        let site = try CustomCategoriesBuildTests.shared.get()
        let search = try Sitegen.run(["search", word, "--site", site.root])
        #expect(search.status == 0, "\(search.stderr)")
        let (names, line) = Self.rows(search.stdout)
        #expect(names.first == first, "\(word): \(search.stdout)")
        #expect(line == count, "\(word): \(search.stdout)")
        if word == "øl" { #expect(names.prefix(2) == ["Pølsekiosken", "Olympen"]) }
    }

    @Test func aPlaceRatedBelowTheSettingIsNoPickUntilTheSettingSaysSo() throws {
        let site = TestSite()
        let settings =
            #"{"format":1,"title":"Oslo om kvelden","categories":["bar","pub","fast-food"]"#
        site.write(settings + "}", to: SiteSettings.fileName)
        func build() throws {
            let result = try Sitegen.run([
                "build", "--site", site.root, "--places", CustomCategoriesBuildTests.fixture,
            ])
            #expect(result.status == 0, "\(result.stderr)")
        }
        func firstInSearch() throws -> String? {
            let search = try Sitegen.run(["search", "--site", site.root])
            #expect(search.status == 0, "\(search.stderr)")
            return Self.rows(search.stdout).names.first
        }
        /// The first card of the front page (one page: «Anbefalt» order, as the script keeps it).
        func firstCard() -> String? {
            let page = site.read("output/index.html") ?? ""
            let list = page.components(separatedBy: #"id="place-list""#).dropFirst().first ?? ""
            return list.components(separatedBy: "place-card__name").dropFirst().first.map {
                String($0.drop { $0 != ">" }.dropFirst().prefix { $0 != "<" })
            }
        }
        try build()
        // Kulturhuset, 525 m away, rated 2: the nearest place (Peppes Burger, 17 m) comes first.
        let rated = try Sitegen.run(["rate", "Kulturhuset", "2", "--site", site.root])
        #expect(rated.status == 0, "\(rated.stderr)")
        try build()
        #expect(try firstInSearch() == "Peppes Burger · Karl Johans gate")
        #expect(firstCard()?.hasPrefix("Peppes Burger") == true, "\(firstCard() ?? "")")
        #expect(site.read("output/index.html")?.contains(#""picksMinimumRating":4"#) == true)
        // The owner counts two stars as a pick: the next build says so on the page and in its data.
        site.write(settings + #","picksMinimumRating":2}"#, to: SiteSettings.fileName)
        try build()
        #expect(try firstInSearch() == "Kulturhuset")
        #expect(firstCard() == "Kulturhuset")
        #expect(site.read("output/index.html")?.contains(#""picksMinimumRating":2"#) == true)
    }

    @Test(arguments: [
        (
            "0",
            "picksMinimumRating (hvor mange stjerner et sted må ha for å anbefales) må være fra 1 til 5 (er 0)"
        ),
        ("6", "må være fra 1 til 5 (er 6)"),
        ("3.5", "picksMinimumRating: forventet et heltall"),
        (#""4""#, "picksMinimumRating: forventet et heltall"),
    ])
    func aSettingOtherThanOneToFiveIsRefusedClearly(value: String, message: String) throws {
        let site = TestSite()
        let json = #"{"format":1,"picksMinimumRating":\#(value)}"#
        site.write(json, to: SiteSettings.fileName)
        let search = try Sitegen.run(["search", "--site", site.root])
        #expect(search.status != 0)
        #expect(search.stderr.contains(message), "\(search.stderr)")
        #expect(site.read(SiteSettings.fileName) == json)
    }
}
