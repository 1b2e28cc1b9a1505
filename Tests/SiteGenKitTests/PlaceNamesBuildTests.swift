import Foundation
import Testing

@testable import BeaconModel
@testable import SiteBuild
@testable import SiteGenKit

/// Names in the reader's language, built by the real binary: Geoapify's answer for museums in Kyoto
/// (`Tests/Fixtures/geoapify/places-kyoto-museums-1.json`: Japanese names, most with an English
/// one) and OpenStreetMap features with `name:xx` tags. Each page shows the name its language has,
/// the one on the sign under it, marked with its language.
@Suite struct PlaceNamesBuildTests {
    static let kyoto = Repository.fixtures + "/geoapify/places-kyoto-museums-1.json"

    /// The detail page of the place whose page holds `marker`, in the language folder `folder`.
    func page(_ site: TestSite, holding marker: String, folder: String = "") throws -> String {
        let pages = site.outputFiles().filter {
            $0.hasPrefix(folder + "places/") && $0.hasSuffix("/index.html")
        }.compactMap { site.read("output/" + $0) }
        return try #require(pages.first { $0.contains(marker) }, "no page holding \(marker)")
    }

    @Test func aGuideToKyotoInEnglishAndBokmålReadsTheEnglishNames() throws {
        let site = TestSite()
        site.write(
            #"{"format":1,"title":"Museums in Kyoto","center":{"lat":35.0075,"lon":135.765,"label":"Kawaramachi"},"categories":["museum"],"languages":["en","nb"],"basemap":"none"}"#,
            to: SiteSettings.fileName)
        let first = try Sitegen.run(["build", "--site", site.root, "--places", Self.kyoto])
        #expect(first.status == 0, "\(first.stderr)")
        // The owner names a place as the pages do, not as its sign does.
        let favorite = try Sitegen.run(["favorite", "add", "Museum of Kyoto", "--site", site.root])
        #expect(favorite.status == 0, "\(favorite.stderr)")
        #expect(favorite.stdout.contains("京都府京都文化博物館"), "\(favorite.stdout)")
        let result = try Sitegen.run(["build", "--site", site.root, "--places", Self.kyoto])
        #expect(result.status == 0, "\(result.stderr)")

        for folder in ["", "nb/"] {
            let museum = try page(site, holding: "京都府京都文化博物館", folder: folder)
            #expect(
                museum.contains("<title>The Museum of Kyoto – Museums in Kyoto</title>"),
                "\(folder)")
            #expect(
                museum.contains(
                    #"<h1 class="place-detail__name" dir="auto">The Museum of Kyoto</h1><p class="place-detail__local-name" lang="ja"><bdi>京都府京都文化博物館</bdi></p>"#
                ), "\(folder)")
            #expect(
                museum.contains(#""n":"The Museum of Kyoto""#), "\(folder): the small map's pin")
            // A place the data names in Japanese only keeps that name, and nothing under it.
            let unnamed = try page(site, holding: "中山美術館", folder: folder)
            #expect(unnamed.contains(#"<h1 class="place-detail__name" dir="auto">中山美術館</h1>"#))
            #expect(!unnamed.contains("place-detail__local-name"))
        }
        // Its address from the English name: the sign's has no letter a URL keeps.
        #expect(site.outputFiles().contains { $0.hasPrefix("places/the-museum-of-kyoto-") })
        #expect(
            site.outputFiles().contains { $0.hasPrefix("places/place-") }, "中山美術館 has no other name"
        )
        // Cards, the explorer's data (every language's name where it is not the sign's) and the
        // favorites.
        let front = try #require(site.read("output/index.html"))
        #expect(front.contains(#"<span class="place-card__name">The Museum of Kyoto</span>"#))
        #expect(
            front.contains(
                #""n":"京都府京都文化博物館","nl":{"nb":"The Museum of Kyoto","nn":"The Museum of Kyoto","en":"The Museum of Kyoto"},"nlang":"ja""#
            ))
        let favorites = try #require(site.read("output/nb/favourites/index.html"))
        #expect(favorites.contains(#"<span class="place-card__name">The Museum of Kyoto</span>"#))
        #expect(favorites.contains(#""n":"The Museum of Kyoto""#))
        let gpx = try #require(
            site.outputFiles().first { $0.hasPrefix("export/") && $0.hasSuffix(".gpx") })
        #expect(
            site.read("output/" + gpx)?.contains("<name>The Museum of Kyoto</name>") == true,
            "\(gpx)")
        // The export keeps the English name as OpenStreetMap tags it, for a build that reads it
        // back.
        let export = try #require(site.read("output/export/places.geojson"))
        #expect(export.contains(#""name":"京都府京都文化博物館","name:en":"The Museum of Kyoto""#))
        // The terminal's tables name both; its search finds a place by either name.
        let table = try Sitegen.run(["places", "--site", site.root])
        // (Cut at 40 cells, as every name in the table.)
        #expect(
            table.stdout.contains("\nThe Museum of Kyoto (京都府京都文化博物…  Museum"), "\(table.stdout)")
        #expect(table.stdout.contains("中山美術館  "), "\(table.stdout)")
        for (text, found) in [
            ("treasure hall", "Honnoji Temple Treasure Hall (本能寺"),
            ("京都府", "The Museum of Kyoto ("),
        ] {
            let search = try Sitegen.run(["search", text, "--site", site.root])
            #expect(search.stdout.contains(found), "\(text): \(search.stdout)")
            #expect(search.stdout.contains("1 sted"), "\(text): \(search.stdout)")
        }
    }

    @Test func aNameInOurScriptStaysOnTheNorwegianPagesAndTheSignsLanguageIsMarked() throws {
        let site = TestSite()
        site.write(
            #"{"format":1,"title":"Oslo","languages":["nb","en"],"categories":["museum","restaurant"],"basemap":"none"}"#,
            to: SiteSettings.fileName)
        site.write(
            #"""
            {"type":"FeatureCollection","features":[
            {"type":"Feature","id":"way/1","geometry":{"type":"Point","coordinates":[10.7269,59.9117]},"properties":{"name":"Nasjonalmuseet","name:nb":"Nasjonalmuseet","name:en":"National Museum","tourism":"museum"}},
            {"type":"Feature","id":"node/2","geometry":{"type":"Point","coordinates":[10.7510,59.9130]},"properties":{"name":"東京バー","name:ja":"東京バー","amenity":"restaurant"}}
            ]}
            """#, to: "places.geojson")
        let result = try Sitegen.run([
            "build", "--site", site.root, "--places", site.root + "/places.geojson",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let bokmål = try #require(
            site.outputFiles().first { $0.hasPrefix("steder/nasjonalmuseet-") })
        let norwegian = try #require(site.read("output/" + bokmål))
        #expect(
            norwegian.contains(#"<h1 class="place-detail__name" dir="auto">Nasjonalmuseet</h1>"#))
        #expect(
            !norwegian.contains("National Museum")
                && !norwegian.contains("place-detail__local-name"))
        let english = try #require(site.read("output/en/" + bokmål))
        #expect(
            english.contains(
                #"<h1 class="place-detail__name" dir="auto">National Museum</h1><p class="place-detail__local-name" lang="nb"><bdi>Nasjonalmuseet</bdi></p>"#
            ))
        // A name no one translated is shown as it is, in the language the data says it is in.
        let bar = try #require(
            site.outputFiles().first {
                $0.hasPrefix("steder/")
                    && site.read("output/" + $0)?.contains("<title>東京バー") == true
            })
        #expect(
            site.read("output/" + bar)?.contains(
                #"<h1 class="place-detail__name" dir="auto"><span lang="ja">東京バー</span></h1>"#)
                == true)
        let englishFront = try #require(site.read("output/en/index.html"))
        #expect(
            englishFront.contains(
                #"<span class="place-card__name"><span lang="ja">東京バー</span></span>"#))
        #expect(englishFront.contains(#"<span class="place-card__name">National Museum</span>"#))
    }
}
