import Foundation
import Testing

@testable import BeaconModel
@testable import BeaconSystem

/// The owner's commands, run as the real binary against a temporary site.
@Suite struct OwnerCommandTests {
    func run(_ site: TestSite, _ arguments: [String], environment: [String: String] = [:]) throws
        -> ProcessResult
    {
        try Sitegen.run(arguments + ["--site", site.root], environment: environment)
    }

    func store(_ site: TestSite) throws -> GuideStore { try site.site.loadStore() }

    @Test func rateAddsEntriesAndRatingsListsThemNewestFirst() throws {
        let site = TestSite()
        var result = try run(
            site,
            [
                "rate", "Tim Wendelboe", "4", "--comment", "Godt <b>brygg</b>", "--date",
                "2026-01-05",
            ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Lagret 4 av 5 for Tim Wendelboe"))
        result = try run(site, ["rate", "tim-wendelboe", "5", "--date", "2026-02-01"])
        #expect(result.status == 0, "\(result.stderr)")
        result = try run(site, ["rate", "node/10914208868", "2"])
        #expect(result.status == 0, "\(result.stderr)")
        let ratings = try store(site).ratings(for: PlaceID(rawValue: "node/10914208868"))
        #expect(ratings.map(\.stars) == [4, 5, 2])
        #expect(ratings[0].comment == "Godt <b>brygg</b>")
        #expect(
            try store(site).entries[PlaceID(rawValue: "node/10914208868")]?.snapshot?.name
                == "Tim Wendelboe")

        let listing = try run(site, ["ratings", "Wendelboe"])
        #expect(listing.status == 0)
        #expect(listing.stdout.contains("Snitt 3,7 av 3 vurderinger"))
        let lines = listing.stdout.split(separator: "\n").filter { $0.hasPrefix("  ") }
        #expect(lines.count == 3)
        #expect(lines[1].contains("2026-02-01"))
        #expect(lines[2].contains("2026-01-05"))
    }

    @Test(arguments: [
        (["rate", "Tim Wendelboe", "0"], "fra 1 til 5"),
        (["rate", "Tim Wendelboe", "6"], "fra 1 til 5"),
        (["rate", "Tim Wendelboe", "fire"], "fra 1 til 5"),
        (["rate", "Tim Wendelboe", "4", "--comment", "   "], "tom"),
        (["rate", "Tim Wendelboe", "4", "--date", "5. januar"], "ÅÅÅÅ-MM-DD"),
        (["rate", "Tim Wendelboe", "4", "--date", "2026-02-30"], "ÅÅÅÅ-MM-DD"),
        (["rate", "Tim Wendelboe", "4", "--date", "2999-01-01"], "fremtiden"),
        (["rate", "Finnes Ikke Kafé", "4"], "Fant ikke"),
        (["rate", "Kaffe", "4"], "passer på flere"),
        (["rate", "Tim Wendelboe"], "for få argumenter"),
        (["radius", "11"], "fra 1 til 10"),
        (["radius", "0"], "fra 1 til 10"),
        (["radius", "tre"], "fra 1 til 10"),
        (["center", "set", "91", "10"], "Breddegraden"),
        (["center", "set", "59", "181"], "Lengdegraden"),
        (["favorite", "toggle", "Fuglen"], "add"),
        (["search", "--sort", "stars"], "ukjent sortering"),
        (["search", "--category", "bowling"], "ukjent kategori"),
    ])
    func badInputIsRefusedAndNothingIsWritten(arguments: [String], message: String) throws {
        let site = TestSite(store: #"{"format":1,"places":{}}"#)
        site.write(#"{"format":1,"radiusKm":5}"#, to: SiteSettings.fileName)
        let storeBefore = site.bytes(GuideStore.fileName)
        let settingsBefore = site.bytes(SiteSettings.fileName)
        let result = try run(site, arguments)
        #expect(result.status != 0)
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(result.stdout.isEmpty || arguments[0] == "search")
        #expect(site.bytes(GuideStore.fileName) == storeBefore)
        #expect(site.bytes(SiteSettings.fileName) == settingsBefore)
    }

    @Test func ambiguousPlaceListsCandidates() throws {
        let site = TestSite()
        let result = try run(site, ["favorite", "add", "kaffe"])
        #expect(result.status == 65)
        #expect(result.stderr.contains("Kaffebrenneriet"))
        #expect(result.stderr.contains("Østbanen Kaffebar"))
        #expect(result.stderr.contains("Ingenting er endret"))
        #expect(site.bytes(GuideStore.fileName) == nil)
    }

    @Test(arguments: [
        "{\"format\": 1, \"places\": {\"node/1\": {\"ratings\": [{\"stars\": 9, \"date\": \"2026-01-01\"}]}}}",
        "{\"format\": 7, \"places\": {}}",
        "{ broken",
    ])
    func corruptStoreIsReportedAndLeftByteForByte(text: String) throws {
        let site = TestSite(store: text)
        for arguments in [
            ["rate", "Fuglen", "4"], ["favorite", "add", "Fuglen"], ["favorites"], ["build"],
        ] {
            let result = try run(site, arguments)
            #expect(result.status == 65, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains(GuideStore.fileName))
            #expect(site.read(GuideStore.fileName) == text)
        }
        let settings = TestSite()
        settings.write("{\"format\": 3}", to: SiteSettings.fileName)
        let result = try run(settings, ["radius", "4"])
        #expect(result.status == 65)
        #expect(result.stderr.contains("versjon 3"))
        #expect(settings.read(SiteSettings.fileName) == "{\"format\": 3}")
    }

    /// Settings that read, with one wrong value: the field, the value and what would do, for every
    /// command that reads them. «Skadet» is for a file that does not read as JSON at all.
    @Test(arguments: [
        (
            #"{"format":1,"categories":["restaurant",{"key":"catering.nonsense","name":{"nb":["Greie","Greier"]}}]}"#,
            "categories[1].key: Geoapify har ingen kategori «catering.nonsense» "
                + "(mente du «catering.restaurant», «catering.cafe», «catering.bar»?)"
        ),
        (#"{"format":1,"radiusKm":50}"#, "radiusKm må være fra 1 til 10 (er 50)"),
        (#"{"format":1,"placesPerCategory":5}"#, "placesPerCategory må være fra 10 til 100 (er 5)"),
        (
            #"{"format":1,"languages":["nb","de"]}"#,
            "languages[1]: ukjent språk «de»; guiden finnes på nb (bokmål), nn (nynorsk) og en (engelsk)"
        ),
        (
            #"{"format":1,"center":{"lat":95,"lon":10.75}}"#,
            "center.lat (breddegraden) må være fra -90 til 90 (er 95)"
        ),
        (
            #"{"format":1,"center":{"lat":59.91,"lon":-190.5}}"#,
            "center.lon (lengdegraden) må være fra -180 til 180 (er -190.5)"
        ),
        (
            #"{"format":1,"center":{"lat":"59.91","lon":10.75}}"#,
            "center.lat: forventet et tall (er «59.91»)"
        ),
        (
            #"{"format":1,"center":[59.91,10.75]}"#,
            "center: forventet {\"lat\": tall, \"lon\": tall} (er en liste)"
        ),
        (#"{"format":1,"radiusKm":"fem"}"#, "radiusKm: forventet et heltall (er «fem»)"),
        (#"{"format":1,"title":"  "}"#, "title kan ikke være tom"),
    ])
    func aWrongValueInTheSettingsNamesItsField(settings: String, problem: String) throws {
        let site = TestSite()
        site.write(settings, to: SiteSettings.fileName)
        for arguments in [["build"], ["radius", "4"], ["categories"]] {
            let result = try run(site, arguments)
            #expect(result.status == 65, "\(arguments): \(result.stderr)")
            #expect(
                result.stderr.contains(
                    "Innstillingene i \(site.site.settingsPath) er ugyldige: \(problem). Filen er ikke endret."
                ),
                "\(arguments): \(result.stderr)")
            #expect(!result.stderr.contains("skadet"), "\(arguments): \(result.stderr)")
            #expect(site.read(SiteSettings.fileName) == settings)
        }
        // Only a file that does not read is damaged.
        site.write(#"{"format":1,"radiusKm":"#, to: SiteSettings.fileName)
        let damaged = try run(site, ["build"])
        #expect(damaged.status == 65)
        #expect(
            damaged.stderr.contains("er skadet og kan ikke leses (ugyldig JSON"),
            "\(damaged.stderr)")
    }

    @Test func twentyConcurrentRatingsAllLand() async throws {
        let site = TestSite()
        let root = site.root
        try await withThrowingTaskGroup(of: Int32.self) { group in
            for i in 0..<20 {
                group.addTask {
                    try Sitegen.run([
                        "rate", "Fuglen", String(i % 5 + 1), "--comment", "nr \(i)", "--site", root,
                    ])
                    .status
                }
            }
            for try await status in group { #expect(status == 0) }
        }
        let ratings = try store(site).ratings(for: PlaceID(rawValue: "node/2714550550"))
        #expect(ratings.count == 20)
        #expect(Set(ratings.compactMap(\.comment)).count == 20)
    }

    @Test func favoritesSurviveLeavingTheRadius() throws {
        let site = TestSite()
        #expect(try run(site, ["favorite", "add", "Godt Brød"]).status == 0)  // 1.75 km from Oslo S
        #expect(try run(site, ["favorite", "add", "Godt Brød"]).stdout.contains("allerede"))
        #expect(try run(site, ["favorites"]).stdout.contains("Godt Brød ♥"))
        #expect(try run(site, ["radius", "1"]).status == 0)
        #expect(try site.site.loadSettings().radiusKm == 1)
        let build = try run(site, ["build", "--quiet"])
        #expect(build.status == 0, "\(build.stderr)")
        let index = try #require(site.read("output/index.html"))
        // Not in the list any more; in the page data only as a favorite no longer in the data (x),
        // for «Bare favoritter».
        let list = try #require(
            index.range(of: "id=\"place-list\"").map { index[$0.upperBound...] }?.components(
                separatedBy: "</ul>"
            ).first
        )
        #expect(!list.contains("Godt Brød"))
        let entry = try #require(
            index.components(separatedBy: "\n").first { $0.contains("\"n\":\"Godt Brød\"") })
        #expect(entry.contains("\"f\":1") && entry.contains("\"x\":1"))
        let favorites = try #require(site.read("output/favoritter/index.html"))
        #expect(favorites.contains("Godt Brød"))
        // Still resolvable after leaving the data, and removable.
        let removed = try run(site, ["favorite", "remove", "Godt Brød"])
        #expect(removed.status == 0, "\(removed.stderr)")
        #expect(removed.stdout.contains("fjernet"))
        #expect(try store(site).favoriteIDs.isEmpty)
    }

    @Test func ratingsAppearOnTheBuiltPages() throws {
        let site = TestSite()
        #expect(
            try run(
                site,
                [
                    "rate", "Stockfleths", "2", "--comment",
                    "<p>Lunken <em>kaffe</em></p><script>alert(1)</script>",
                ]
            ).status == 0)
        #expect(try run(site, ["rate", "Stockfleths", "3"]).status == 0)
        #expect(try run(site, ["build", "--quiet"]).status == 0)
        let page = try #require(site.outputFiles().first { $0.hasPrefix("steder/stockfleths-") })
        let html = try #require(site.read("output/" + page))
        #expect(html.contains("Vurdering: 2,5 av 5, 2 vurderinger"))  // as it is, not 3
        #expect(html.contains("<p>Lunken <em>kaffe</em></p>"))
        #expect(!html.contains("<script>alert"))
    }

    @Test func centerShowAndSet() throws {
        let site = TestSite()
        #expect(try run(site, ["center", "show"]).stdout.contains("59,9111°"))
        let set = try run(site, ["center", "set", "60,3913", "5.3221", "--label", "Bergen"])
        #expect(set.status == 0, "\(set.stderr)")
        let settings = try site.site.loadSettings()
        #expect(settings.center == Coordinate(latitude: 60.3913, longitude: 5.3221))
        #expect(settings.centerLabel == "Bergen")
        #expect(try run(site, ["center", "set", "-33.86", "-151.2"]).status == 0)
        #expect(try site.site.loadSettings().center.longitude == -151.2)
    }

    /// The title `init` made from the centre's name follows a new centre; a title the owner wrote
    /// stays.
    @Test func aTitleMadeFromTheCentreFollowsItAndAnOwnTitleStays() throws {
        let root =
            FileManager.default.temporaryDirectory.path + "/beacon-retitle-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: root) }
        let made = try Sitegen.run([
            "init", root + "/made", "--center", "59.91", "10.75", "--label", "Oslo", "--quiet",
        ])
        #expect(made.status == 0, "\(made.stderr)")
        let moved = try Sitegen.run([
            "center", "set", "60.3913", "5.3221", "--label", "Bergen", "--site", root + "/made",
        ])
        #expect(moved.status == 0, "\(moved.stderr)")
        #expect(
            moved.stdout.contains("Tittelen fulgte senteret og er nå «Steder rundt Bergen»"),
            "\(moved.stdout)")
        #expect(try SiteFolder(root: root + "/made").loadSettings().title == "Steder rundt Bergen")
        // No name for the new centre: the title names none.
        let unnamed = try Sitegen.run(["center", "set", "60.39", "5.32", "--site", root + "/made"])
        #expect(unnamed.stdout.contains("«Min stedsguide»"), "\(unnamed.stdout)")

        let own = try Sitegen.run([
            "init", root + "/own", "--center", "59.91", "10.75", "--label", "Oslo", "--title",
            "Kaffe med Kari",
            "--quiet",
        ])
        #expect(own.status == 0, "\(own.stderr)")
        let kept = try Sitegen.run([
            "center", "set", "60.3913", "5.3221", "--label", "Bergen", "--site", root + "/own",
        ])
        #expect(kept.status == 0 && !kept.stdout.contains("Tittelen"), "\(kept.stdout)")
        #expect(try SiteFolder(root: root + "/own").loadSettings().title == "Kaffe med Kari")
    }

    /// The title `center set` made is the tool's words, not the owner's: the pages in nynorsk and
    /// English say it in theirs, in the title, the header and the web app's name.
    @Test func aTitleMadeFromTheCentreIsSaidInEveryLanguageOfTheGuide() throws {
        let site = TestSite()
        #expect(
            try run(site, ["center", "set", "59.9225", "10.7590", "--label", "Grünerløkka"]).status
                == 0)
        let folder = SiteFolder(root: site.root)
        var settings = try folder.loadSettings()
        settings.languages = SiteLanguages([.nb, .nn, .en])
        // Grünerløkka is not the sample's centre: the sample's places all the same, not Overpass.
        settings.source = .sample
        try folder.saveSettings(settings)
        let built = try run(site, ["build", "--quiet"])
        #expect(built.status == 0, "\(built.stderr)")
        for (prefix, suffix, title) in [
            ("", "", "Steder rundt Grünerløkka"), ("nn/", "-nn", "Stader rundt Grünerløkka"),
            ("en/", "-en", "Places around Grünerløkka"),
        ] {
            let page = try #require(site.read("output/\(prefix)index.html"))
            #expect(page.contains("<title>\(title)</title>"), "\(prefix)")
            #expect(page.contains(#"<span class="brand__title">\#(title)</span>"#), "\(prefix)")
            #expect(
                site.read("output/manifest\(suffix).webmanifest")?.contains(#""name": "\#(title)""#)
                    == true)
        }
    }

    @Test func searchSortsAndFiltersLikeThePage() throws {
        let site = TestSite()
        let places = """
            {"type":"FeatureCollection","features":[
            \(["Zeta Bar", "Ærlig Mat", "Øl og Brød", "Åpent Kjøkken", "Aasen Kro", "Bakeriet", "alfa kafé"].enumerated().map { index, name in
            #"{"type":"Feature","properties":{"name":"\#(name)","categories":["catering.restaurant"],"osm_type":"n","osm_id":\#(index + 1)},"geometry":{"type":"Point","coordinates":[10.75\#(index),59.91\#(index)]}}"#
            }.joined(separator: ",\n"))
            ]}
            """
        site.write(places, to: "places.geojson")
        #expect(
            try run(site, ["build", "--places", site.root + "/places.geojson", "--quiet"]).status
                == 0)
        let byName = try run(site, ["search", "--sort", "name"])
        #expect(byName.status == 0)
        let names = byName.stdout.split(separator: "\n").dropFirst(2).prefix(7).map {
            String($0.prefix(14)).trimmingCharacters(in: .whitespaces)
        }
        #expect(
            names == [
                "alfa kafé", "Bakeriet", "Zeta Bar", "Ærlig Mat", "Øl og Brød", "Åpent Kjøkken",
                "Aasen Kro",
            ])
        #expect(try run(site, ["rate", "Zeta", "5"]).status == 0)
        #expect(try run(site, ["rate", "Bakeriet", "3"]).status == 0)
        let byRating = try run(site, ["search", "--sort", "rating"]).stdout.split(separator: "\n")
        #expect(byRating[2].hasPrefix("Zeta Bar"))
        #expect(byRating[3].hasPrefix("Bakeriet"))
        // «Anbefalt», the default: the favorite (unrated, and among the farthest) first, then the
        // picks (rated 4 or more) by rating, then the rest nearest first: Bakeriet's 3 stars make it
        // no pick.
        #expect(try run(site, ["favorite", "add", "Aasen Kro"]).status == 0)
        let recommended = try run(site, ["search"]).stdout.split(separator: "\n").dropFirst(2)
            .prefix(7).map {
                String($0.prefix(14)).trimmingCharacters(in: .whitespaces)
            }
        #expect(
            recommended == [
                "Aasen Kro ♥", "Zeta Bar", "Ærlig Mat", "Øl og Brød", "Åpent Kjøkken", "Bakeriet",
                "alfa kafé",
            ])
        #expect(
            try run(site, ["search", "--sort", "recommended"]).stdout
                == (try run(site, ["search"]).stdout))
        #expect(
            try run(site, ["search", "--sort", "distance"]).stdout.split(separator: "\n")[2]
                .hasPrefix("Ærlig Mat"))
        let unknown = try run(site, ["search", "--sort", "anbefalt"])
        #expect(unknown.status != 0)
        #expect(unknown.stderr.contains("bruk recommended, distance, rating eller name"))
        let filtered = try run(site, ["search", "KAFE"])
        #expect(filtered.stdout.contains("alfa kafé"))
        #expect(filtered.stdout.contains("1 sted"))
        #expect(try run(site, ["search", "ingenting slikt"]).stdout.contains("Ingen treff"))
        #expect(try run(site, ["search", "--radius", "1"]).stdout.contains("Zeta Bar"))
        #expect(try run(site, ["search", "--category", "hotel"]).stdout.contains("Ingen treff"))
    }

    @Test func sanitizeCommand() throws {
        let ok = try Sitegen.run(
            ["sanitize"],
            stdin: "<b>Fet</b> <a href=\"javascript:alert(1)\">x</a><script>bad()</script>")
        #expect(ok.status == 0)
        #expect(ok.stdout.contains("<b>Fet</b>"))
        #expect(!ok.stdout.contains("script"))
        #expect(!ok.stdout.contains("javascript"))
        // One rule for a comment, whichever way it comes in.
        let long = String(repeating: "a", count: TextHardening.Limit.comment + 1)
        let tooLong = try Sitegen.run(["sanitize"], stdin: long)
        let tooLongComment = try Sitegen.run([
            "rate", "Fuglen", "4", "--comment", long, "--site", TestSite().root,
        ])
        #expect(tooLong.status == 64)
        #expect(tooLongComment.status == 64)
        #expect(tooLong.stderr.contains("Kommentaren er for lang (5001 tegn, grensen er 5000)"))
        #expect(
            tooLongComment.stderr.contains("Kommentaren er for lang (5001 tegn, grensen er 5000)"))
        #expect(tooLong.stdout.isEmpty)
        let atLimit = try Sitegen.run(["sanitize"], stdin: String(long.dropLast()))
        #expect(atLimit.status == 0)
        let hugeInput = try Sitegen.run(
            ["sanitize"], stdin: String(repeating: "å", count: 2_000_000))
        #expect(hugeInput.status == 64)
    }
}
