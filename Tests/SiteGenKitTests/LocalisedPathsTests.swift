import Foundation
import Testing

@testable import BeaconModel
@testable import BeaconSystem
@testable import SiteBuild
@testable import SiteGenKit
@testable import Templates

/// A guide's addresses are words of its main language: an English guide publishes `places/…`,
/// `favourites/`, `restaurants/` and `export/places.geojson`, in English and under `nb/` alike, and
/// every link of every page finds its file. A new main language moves every page and leaves none
/// behind.
@Suite struct LocalisedPathsTests {
    let languages = LanguagesTests()

    func settings(_ languages: String) -> String {
        #"{"format":1,"title":"Beacon Oslo","center":{"lat":59.9111,"lon":10.7503,"label":"Oslo S"},"radiusKm":5,"baseURL":"https://example.org/guide/","languages":\#(languages)}"#
    }

    /// 130 places (two list pages), one rated and one a favorite, built in `languages`.
    func builtSite(_ languages: String) async throws -> TestSite {
        let site = TestSite()
        site.write(settings(languages), to: SiteSettings.fileName)
        site.write(LanguagesTests.neutralPlaces(130), to: "places.geojson")
        let build = ["build", "--places", site.root + "/places.geojson"]
        #expect(await self.languages.sitegen(build, site) == 0)
        #expect(await self.languages.sitegen(["rate", "Alpha 4", "4"], site) == 0)
        #expect(await self.languages.sitegen(["favorite", "add", "Alpha 5"], site) == 0)
        #expect(await self.languages.sitegen(build, site) == 0)
        return site
    }

    /// The top folders of the output's pages and exports (assets, tiles and data files left out).
    func topFolders(_ files: [String], below prefix: String = "") -> Set<String> {
        Set(
            files.compactMap { file -> String? in
                guard file.hasPrefix(prefix) else { return nil }
                let parts = file.dropFirst(prefix.count).split(separator: "/")
                return parts.count > 1 ? String(parts[0]) : nil
            }
        ).subtracting(["assets", "kart", "data", "nb", "nn", "en"])
    }

    @Test func anEnglishGuidePublishesEnglishAddressesInEveryLanguage() async throws {
        let site = try await builtSite(#"["en","nb"]"#)
        let files = site.outputFiles()
        let english = ["places", "favourites", "page", "export", "restaurants", "cafes", "hotels"]
        #expect(topFolders(files) == Set(english))
        #expect(topFolders(files, below: "nb/") == Set(english))
        for file in [
            "favourites/index.html", "page/2/index.html", "restaurants/index.html",
            "export/places.geojson",
            "export/favourites.gpx", "export/favourites.kml", "export/favourites.geojson",
            "nb/favourites/index.html",
            "nb/page/2/index.html",
        ] {
            #expect(files.contains(file), "\(file) is missing")
        }
        let placePages = files.filter { $0.hasPrefix("places/") && $0.hasSuffix("/index.html") }
        #expect(placePages.count == 130)
        #expect(placePages.allSatisfy { files.contains("nb/" + $0) })
        // Every link of every page, in both languages, finds its file: cards, chips, pagination,
        // the switcher, the downloads, the front page's link on a place's page.
        for page in files where page.hasSuffix(".html") {
            let bytes = try #require(site.bytes("output/" + page))
            let parsed = LinkChecker.parse(bytes, path: page)
            let broken = LinkChecker.brokenReferences(in: parsed, outputRoot: site.output)
            #expect(broken.isEmpty, "\(page) links to missing \(broken)")
        }
        // The addresses the explorer's script, the sitemap and the switcher give.
        let front = try #require(site.read("output/index.html"))
        #expect(front.contains(#""u":"places/alpha-"#) && !front.contains(#""u":"steder/"#))
        #expect(front.contains(#"href="export/places.geojson""#))
        let sitemap = try #require(site.read("output/sitemap.xml"))
        #expect(sitemap.contains("<loc>https://example.org/guide/places/alpha-4"))
        #expect(sitemap.contains("<loc>https://example.org/guide/nb/favourites/</loc>"))
        #expect(!sitemap.contains("steder") && !sitemap.contains("favoritter"))
        let bokmål = try #require(site.read("output/nb/restaurants/index.html"))
        #expect(
            bokmål.contains(
                #"<a href="../../restaurants/index.html" lang="en" hreflang="en">English</a>"#))
        #expect(bokmål.contains("Restauranter"), "the page itself speaks bokmål")
    }

    /// Real data has places whose name has no Latin letter and no other name that has (東京バー in
    /// `names-in-scripts.geojson`): their addresses are in the guide's words too, and the commands
    /// find them by those addresses.
    @Test func aPlaceWithoutANameIsAPlaceInAnEnglishGuide() async throws {
        let site = TestSite()
        site.write(
            #"{"format":1,"title":"Oslo","languages":["en"],"categories":["restaurant","cafe","museum"]}"#,
            to: SiteSettings.fileName)
        let build = ["build", "--places", Repository.fixtures + "/names-in-scripts.geojson"]
        #expect(await languages.sitegen(build, site) == 0)
        let pages = site.outputFiles().filter { $0.hasPrefix("places/") }
        let unnamed = pages.filter { $0.hasPrefix("places/place-") }
        #expect(unnamed.count == 1, "\(pages)")
        // A name of no Latin letter with an English one takes that one's.
        #expect(pages.contains { $0.hasPrefix("places/moscow-restaurant-") }, "\(pages)")
        #expect(!pages.contains { $0.hasPrefix("places/sted-") })
        let slug = try #require(
            unnamed.first?.split(separator: "/").dropFirst().first.map(String.init))
        #expect(await languages.sitegen(["favorite", "add", slug], site) == 0)
        #expect(await languages.sitegen(build, site) == 0)
        #expect(
            try #require(site.read("output/favourites/index.html")).contains(
                "places/\(slug)/index.html"))
    }

    @Test func aNynorskGuidePublishesNynorskAddresses() async throws {
        let site = try await builtSite(#"["nn"]"#)
        let files = site.outputFiles()
        #expect(
            topFolders(files) == [
                "stader", "favorittar", "side", "eksport", "restaurantar", "kafear", "hotell",
            ])
        #expect(
            files.contains("eksport/stader.geojson") && files.contains("eksport/favorittar.gpx"))
        #expect(files.contains("favorittar/index.html") && files.contains("side/2/index.html"))
    }

    @Test func aBokmålGuideKeepsTheAddressesItAlwaysHad() async throws {
        let site = try await builtSite(#"["nb","en"]"#)
        let files = site.outputFiles()
        let bokmål = [
            "steder", "favoritter", "side", "eksport", "restauranter", "kafeer", "hoteller",
        ]
        #expect(topFolders(files) == Set(bokmål))
        #expect(topFolders(files, below: "en/") == Set(bokmål))
    }

    /// The 404 page's table of old folders: every other language's words lead to the guide's own,
    /// and a folder the guide has now is never sent elsewhere (nynorsk's `side/` stays in a bokmål
    /// guide).
    @Test func theNotFoundPageKnowsWhereEachOldFolderWent() throws {
        func table(_ languages: String, categories: String = #"["restaurant","cafe","museum"]"#)
            throws -> [String:
            String]
        {
            var text = settings(languages)
            text.removeLast()
            text += #","categories":\#(categories)}"#
            let parsed = try SiteFolder.parseSettings(Array(text.utf8), path: SiteSettings.fileName)
            let json = try JSONParser.parse(bytes: MovedAddresses.json(settings: parsed))
            guard case .object(let moved) = json["moved"] else { throw CancellationError() }
            return Dictionary(
                uniqueKeysWithValues: moved.compactMap { key, value in
                    if case .string(let to) = value { (key, to) } else { nil }
                })
        }
        let english = try table(#"["en","nb"]"#)
        #expect(english["steder"] == "places" && english["stader"] == "places")
        #expect(english["favoritter"] == "favourites" && english["favorittar"] == "favourites")
        #expect(english["side"] == "page" && english["eksport"] == "export")
        #expect(
            english["kafeer"] == "cafes" && english["kafear"] == "cafes"
                && english["museer"] == "museums")
        #expect(english["museum"] == "museums", "nynorsk's museum folder")
        #expect(english["hoteller"] == nil, "hotels are not one of this guide's kinds")
        let bokmål = try table(#"["nb"]"#)
        #expect(
            bokmål["places"] == "steder" && bokmål["cafes"] == "kafeer" && bokmål["side"] == nil)
        // In a nynorsk guide `museum/` is its own museums' folder: it is not sent on.
        let nynorsk = try table(#"["nn"]"#)
        #expect(
            nynorsk["museum"] == nil && nynorsk["museer"] == "museum"
                && nynorsk["museums"] == "museum")
        #expect(Set(nynorsk.values).isDisjoint(with: nynorsk.keys))
    }

    /// Changing the main language (as the first build after an upgrade that moved a guide's pages)
    /// renders every page at its new address and removes the old ones, in every language; the next
    /// build has nothing to do.
    @Test func aNewMainLanguageMovesEveryPageAndLeavesNoneBehind() async throws {
        let site = try await builtSite(#"["nb","en"]"#)
        let build = ["build", "--places", site.root + "/places.geojson"]
        site.write(settings(#"["en","nb"]"#), to: SiteSettings.fileName)
        #expect(await languages.sitegen(build, site) == 0)
        var files = site.outputFiles()
        #expect(
            topFolders(files) == [
                "places", "favourites", "page", "export", "restaurants", "cafes", "hotels",
            ])
        #expect(!files.contains { $0.hasPrefix("en/") }, "the English pages moved to the root")
        #expect(files.filter { $0.hasPrefix("nb/places/") }.count == 130)
        site.write(settings(#"["nn","nb"]"#), to: SiteSettings.fileName)
        #expect(await languages.sitegen(build, site) == 0)
        files = site.outputFiles()
        #expect(
            topFolders(files) == [
                "stader", "favorittar", "side", "eksport", "restaurantar", "kafear", "hotell",
            ])
        #expect(
            topFolders(files, below: "nb/") == [
                "stader", "favorittar", "side", "eksport", "restaurantar", "kafear", "hotell",
            ])
        let console = CapturingConsole()
        #expect(await languages.sitegen(build, site, console: console) == 0)
        #expect(console.progressText.contains("0 skrevet"), "\(console.progressText)")
    }
}
