import Foundation
import Testing

@testable import BeaconModel
@testable import BeaconSystem
@testable import SiteBuild
@testable import SiteGenKit

/// `sitegen share --list NAME`: one of the owner's lists as the favorites' share file is, self-
/// contained, titled by the list, its places numbered in the list's order with the notes; an
/// unknown list refused with the lists there are, and nothing written.
@Suite struct SavedListShareTests {
    func builtSite() async throws -> TestSite {
        let site = TestSite(store: try SavedListExportsTests.breakfastStore())
        try await SavedListExportsTests().build(site)
        return site
    }

    @Test func aListsShareFileShowsItsPlacesInOrderNumberedWithTheNotes() async throws {
        let site = try await builtSite()
        // Named as the owner likes (case and accents aside); the file takes the list's slug.
        let result = try Sitegen.run(["share", "--list", "søndagsFROKOST", "--site", site.root])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Skrev «Søndagsfrokost» med 3 steder til "))
        #expect(result.stderr.contains("1 sted i listen finnes ikke i guiden nå og er utelatt"))
        let bytes = try #require(site.bytes("sondagsfrokost.html"))
        #expect(site.bytes("mine-steder.html") == nil)
        let page = LinkChecker.parse(bytes, path: "sondagsfrokost.html")
        #expect(page.parseErrors.isEmpty)
        #expect(page.scriptBodies.isEmpty)
        let mapHosts = ["maps.apple.com", "www.google.com", "www.openstreetmap.org"]
        for reference in page.references
        where !reference.hasPrefix("data:") && !reference.hasPrefix("#") {
            let host = URLComponents(string: reference)?.host ?? ""
            #expect(reference.hasPrefix("https://") && mapHosts.contains(host), "\(reference)")
        }
        let html = String(decoding: bytes, as: UTF8.self)
        #expect(html.contains("<title>Søndagsfrokost – "))
        #expect(html.contains("<h1>Søndagsfrokost</h1>"))
        #expect(html.contains("Der vi spiser <strong>frokost</strong> en søndag."))
        #expect(html.contains("<p class=\"page-intro__summary\">3 steder</p>"))
        // In the list's order, not the guide's, each numbered.
        let names = SavedListExportsTests.breakfast.map(\.name)
        // The cards (the map before them names its pins where there is room).
        let cards = try #require(html.range(of: "<ol class=\"place-list")).upperBound
        let offsets = names.map {
            html.range(of: ">" + $0 + "<", range: cards..<html.endIndex)?.lowerBound
        }
        #expect(offsets.allSatisfy { $0 != nil } && offsets == offsets.sorted { $0! < $1! })
        for number in 1...3 {
            #expect(
                html.contains(
                    "<span class=\"share-card__number\" aria-hidden=\"true\">\(number)</span>"))
        }
        #expect(html.contains("<span class=\"visually-hidden\">Mitt notat:</span>"))
        #expect(html.contains("Kaffe fra <em>Kenya</em> &amp; en bolle."))
        #expect(!html.contains("Borte"))
    }

    @Test func theListsShareFileSpeaksTheLanguageAskedFor() async throws {
        let site = try await builtSite()
        let result = try Sitegen.run([
            "share", "--list", "Søndagsfrokost", "--lang", "en", "--output",
            site.root + "/delt/frokost.html", "--site", site.root,
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let html = try #require(site.read("delt/frokost.html"))
        #expect(html.contains("<html lang=\"en\">"))
        #expect(html.contains("<span class=\"visually-hidden\">My note:</span>"))
        #expect(html.contains("3 places"))
    }

    /// «Mine steder» is a list to the owner: by that name (in any of the pages' languages) the
    /// favorites' file is written.
    @Test func theFavoritesAreAListByTheirName() async throws {
        let site = try await builtSite()
        let result = try Sitegen.run(["share", "--list", "my places", "--site", site.root])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Skrev 0 favoritter til "))
        #expect(site.read("mine-steder.html")?.contains("<h1>Mine steder</h1>") == true)
    }

    @Test func anUnknownListIsRefusedNamingTheListsAndNothingIsWritten() async throws {
        let site = try await builtSite()
        let before = Set(try FileManager.default.contentsOfDirectory(atPath: site.root))
        let result = try Sitegen.run(["share", "--list", "Lørdag", "--site", site.root])
        #expect(result.status != 0)
        #expect(result.stdout.isEmpty)
        #expect(
            result.stderr.contains("ingen liste heter «Lørdag». Listene er: «Søndagsfrokost»."),
            "\(result.stderr)")
        let empty = try Sitegen.run(["share", "--list", "  ", "--site", site.root])
        #expect(empty.status != 0 && empty.stderr.contains("en liste må ha et navn"))
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: site.root)) == before)
    }
}
