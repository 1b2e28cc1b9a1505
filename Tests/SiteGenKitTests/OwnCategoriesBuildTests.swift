import Foundation
import Testing

@testable import BeaconModel
@testable import BeaconSystem
@testable import SiteBuild
@testable import SiteGenKit

/// A guide with a kind of the owner's own (`{"key": "catering.fast_food", "name": {…}, "icon":
/// "kebab.svg"}`) beside two presets, built by the real binary from the overpass-turbo export of
/// Oslo's bars, pubs and fast food: its chips, page and address, its names in each language, its
/// own SVG symbol, its animation, search by its words; and the clear failures when its icon or key
/// is wrong.
@Suite struct OwnCategoriesBuildTests {
    static let fixture = Repository.fixtures + "/osm-oslo-bars.geojson"
    static let nightFood =
        #"{"key":"catering.fast_food","name":{"nb":["Nattmat","Nattmat"],"en":["Late-night food","Late-night food"]},"#
        + #""icon":"kebab.svg","animation":"pulse","words":["kebab","pølse"],"openingStatus":false}"#
    static let icon =
        ##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="none" stroke="#000" stroke-width="2"><path d="M12 3v18"/></svg>"##

    static func site(categories: String = "\"bar\",\(nightFood),\"pub\"", icon: String? = icon)
        -> TestSite
    {
        let site = TestSite()
        site.write(
            #"{"format":1,"title":"Oslo om natta","languages":["nb","en"],"categories":[\#(categories)]}"#,
            to: SiteSettings.fileName)
        if let icon { site.write(icon, to: "assets/icons/kebab.svg") }
        return site
    }

    @Test func theOwnersKindHasItsChipPageNamesSymbolAndAnimation() throws {
        let site = Self.site()
        let result = try Sitegen.run(["build", "--site", site.root, "--places", Self.fixture])
        #expect(result.status == 0, "\(result.stderr)")
        let front = try #require(site.read("output/index.html"))
        #expect(
            front.contains(
                #"data-category="nattmat"><span class="chip__icon cat-icon cat-icon--own-kebab""#))
        #expect(front.contains(#">Nattmat <span class="chip__count">5</span></a>"#))
        let english = try #require(site.read("output/en/index.html"))
        #expect(english.contains(#">Late-night food <span class="chip__count">5</span></a>"#))
        // Its own page, at the address the main language's plural gives, with its places only.
        let page = try #require(site.read("output/nattmat/index.html"))
        #expect(
            page.contains("Kebab Kongen") && page.contains("Pølsekiosken")
                && !page.contains("Himkok"))
        // The symbol is the site's SVG, inlined into a rule the build adds to the stylesheet (as
        // the built-in ones are: a mask's file URL would not load from disk), so no icon file is
        // published: opened at its own address, an own SVG's script would run on the site's origin.
        let css = try #require(site.read("output/assets/beacon.css"))
        let url =
            #"url("data:image/svg+xml;base64,"# + Data(Self.icon.utf8).base64EncodedString()
            + #"")"#
        #expect(
            css.contains(
                ".cat-icon--own-kebab::before { -webkit-mask-image: \(url); mask-image: \(url); }"))
        #expect(
            css.contains(
                ".cat-icon--bar::before { -webkit-mask-image: url(\"data:image/svg+xml;base64,"))
        #expect(site.read("output/assets/icons/kebab.svg") == nil)
        #expect(site.read("output/assets/icons/bar.svg") == nil)
        #expect(site.read("output/sw.js")?.contains("icons/") == false)
        // A link-preview image for each preset the guide holds, none for the others.
        let files = site.outputFiles()
        #expect(files.contains("assets/share-bar.png") && files.contains("assets/share-pub.png"))
        #expect(
            !files.contains("assets/share-restaurant.png")
                && !files.contains("assets/share-museum.png"))
        // The detail page: its animation, its symbol, and no «open now» for a kind the owner said
        // has none.
        let detailPath = try #require(
            site.outputFiles().first {
                $0.hasPrefix("steder/kebab-kongen") && $0.hasSuffix("index.html")
            })
        let detail = try #require(site.read("output/" + detailPath))
        #expect(
            detail.contains("hero--pulse")
                && detail.contains("hero__symbol cat-icon cat-icon--own-kebab"))
        #expect(!detail.contains(#"class="open-status"#))
        // The page scripts know it: its names, symbol and words.
        let texts = try #require(site.read("output/assets/beacon-text.js"))
        #expect(
            texts.contains(
                #""nattmat":{"singular":"Nattmat","plural":"Nattmat","icon":"cat-icon--own-kebab""#)
        )
        #expect(texts.contains(#""nattmat":{"one":"Late-night food","other":"Late-night food"}"#))
        // The terminal finds it by its words and names.
        let found = try Sitegen.run([
            "search", "kebab", "--category", "late-night-food", "--site", site.root,
        ])
        #expect(found.status == 0, "\(found.stderr)")
        #expect(
            found.stdout.contains("Kebab Kongen") && !found.stdout.contains("Himkok"),
            "\(found.stdout)")
        // A second build with nothing changed does nothing, and reads the kept guide back as it
        // was.
        let again = try Sitegen.run(["build", "--site", site.root, "--places", Self.fixture])
        #expect(again.status == 0 && again.stderr.contains("uendret"), "\(again.stderr)")
        let list = try Sitegen.run(["categories", "--site", site.root])
        #expect(
            list.stdout.contains("nattmat") && list.stdout.contains("kebab.svg")
                && list.stdout.contains("1 egen"))
    }

    /// An own kind's key is its first language's plural; the store keeps the key its places were
    /// added under. When the guide's first language changes, the kind gets a new key and address,
    /// and its places stay in it (not left out as a kind the guide no longer holds).
    @Test func anOwnKindKeepsItsPlacesWhenTheGuidesFirstLanguageChanges() throws {
        let site = Self.site()
        let build = ["build", "--site", site.root, "--places", Self.fixture]
        #expect(try Sitegen.run(build).status == 0)
        let add = try Sitegen.run([
            "place", "add", "Nattkiosken", "--at", "59.9139", "10.7522", "--category", "nattmat",
            "--site", site.root,
        ])
        #expect(add.status == 0, "\(add.stderr)")
        #expect(try Sitegen.run(build).status == 0)
        #expect(try #require(site.read("output/nattmat/index.html")).contains("Nattkiosken"))
        site.write(
            #"{"format":1,"title":"Oslo by night","languages":["en","nb"],"categories":["bar",\#(Self.nightFood),"pub"]}"#,
            to: SiteSettings.fileName)
        let english = try Sitegen.run(build)
        #expect(english.status == 0, "\(english.stderr)")
        #expect(!english.stderr.contains("Nattkiosken"), "\(english.stderr)")
        let page = try #require(site.read("output/late-night-food/index.html"))
        #expect(page.contains("Nattkiosken") && page.contains("Kebab Kongen"))
        #expect(
            try #require(site.read("output/nb/late-night-food/index.html")).contains("Nattkiosken"))
        #expect(site.outputFiles().contains { $0.hasPrefix("places/nattkiosken") })
        #expect(
            !site.outputFiles().contains { $0.hasPrefix("nattmat/") || $0.hasPrefix("steder/") })
        // A link to its old folder finds the new one through the 404 page.
        #expect(
            try #require(site.read("output/404.html")).contains(#""nattmat":"late-night-food""#))
    }

    @Test func anOwnKindsNamesAndWordsAreTextNeverMarkup() throws {
        let hostile =
            #"{"key":"catering.fast_food","name":{"nb":["<b onmouseover=alert(1)>Fest</b>","<img src=x onerror=alert(2)>"],"#
            + #""en":["\"'</script>","</script><script>alert(3)</script>"]},"words":["</script>","-->"]}"#
        let site = Self.site(categories: "\"bar\",\(hostile)", icon: nil)
        let result = try Sitegen.run(["build", "--site", site.root, "--places", Self.fixture])
        #expect(result.status == 0, "\(result.stderr)")
        for path in site.outputFiles() where path.hasSuffix(".html") {
            let text = try #require(site.read("output/" + path))
            #expect(!text.contains("<b onmouseover") && !text.contains("<img src=x"), "\(path)")
            #expect(!text.contains("<script>alert(3)"), "\(path)")
        }
        // The page scripts get them as JSON strings, which they only ever set as text.
        let texts = try #require(site.read("output/assets/beacon-text.js"))
        #expect(texts.contains(#""singular":"<b onmouseover=alert(1)>Fest</b>""#))
        #expect(texts.contains(#""other":"</script><script>alert(3)</script>""#))
        // Escaped where it shows: the chip names the kind in words.
        let front = try #require(site.read("output/index.html"))
        #expect(front.contains("&lt;img src=x onerror=alert(2)&gt;"))
        #expect(site.outputFiles().contains("img-src-x-onerror-alert-2/index.html"))
    }

    @Test func aMissingOrFalseIconFailsClearlyAndWritesNothing() throws {
        for (icon, mentions) in [
            (nil, "assets/icons/kebab.svg finnes ikke"),
            ("GIF89a not a drawing", "er ikke en SVG-fil"),
        ] as [(String?, String)] {
            let site = Self.site(icon: icon)
            let result = try Sitegen.run(["build", "--site", site.root, "--places", Self.fixture])
            #expect(result.status == 65, "\(result.stderr)")
            #expect(
                result.stderr.contains(mentions) && result.stderr.contains("nattmat"),
                "\(result.stderr)")
            #expect(!FileManager.default.fileExists(atPath: site.output))
        }
    }

    @Test func anUnknownGeoapifyKeyIsRefusedWithTheNearestOnes() throws {
        let site = Self.site(
            categories: #"{"key":"catering.fastfood","name":{"nb":"Nattmat","en":"Night food"}}"#)
        let result = try Sitegen.run(["build", "--site", site.root, "--places", Self.fixture])
        #expect(result.status == 65, "\(result.stderr)")
        #expect(result.stderr.contains("categories[0].key"), "\(result.stderr)")
        #expect(result.stderr.contains("mente du «catering.fast_food»"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: site.output))
    }

    @Test func aGuideOfKindsTheSampleLacksSaysSoWithoutAKey() throws {
        let site = Self.site(categories: #""bar","pub""#, icon: nil)
        let result = try Sitegen.run(
            ["build", "--site", site.root], environment: ["GEOAPIFY_API_KEY": ""])
        #expect(result.status == 65, "\(result.stderr)")
        #expect(
            result.stderr.contains("Eksempeldataene har bare restauranter, kafeer og hoteller"),
            "\(result.stderr)")
        #expect(
            result.stderr.contains("bar, pub") && result.stderr.contains("--places"),
            "\(result.stderr)")
    }
}
