import Foundation
import Testing

@testable import BeaconModel
@testable import BeaconSite
@testable import BeaconSystem
@testable import SiteBuild
@testable import SiteGenKit
@testable import Templates

/// A site in bokmål, nynorsk and English: every page in every language, in the
/// right language, linked to its translations, and no Norwegian left on an
/// English page (nor bokmål on a nynorsk one) outside the place data.
@Suite struct LanguagesTests {
    /// Place data with nothing Norwegian in it, so any Norwegian word on a page came from the tool.
    static func neutralPlaces(_ count: Int) -> String {
        let categories = ["catering.restaurant", "catering.cafe", "accommodation.hotel"]
        var features: [String] = []
        for index in 0..<count {
            let (lat, lon) = (
                59.91 + Double(index % 13) * 0.0007, 10.75 + Double(index / 13) * 0.0009
            )
            var properties =
                #""name":"Alpha \#(index)","categories":["\#(categories[index % 3])"],"osm_type":"n","osm_id":\#(7_000_000 + index),"address_line2":"Pilestredet \#(index), 0164 Oslo""#
            if index % 2 == 0 {
                properties += #","opening_hours":"Mo-Fr 08:00-20:00; Sa 10:00-16:00; Su off""#
            }
            if index % 7 == 0 { properties += #","opening_hours":"24/7""# }
            if index % 5 == 0 {
                properties +=
                    #","contact":{"phone":"+47 22 00 \#(index % 100) 00"},"website":"https://example.org/\#(index)""#
            }
            features.append(
                #"{"type":"Feature","geometry":{"type":"Point","coordinates":[\#(lon),\#(lat)]},"properties":{\#(properties)}}"#
            )
        }
        return #"{"type":"FeatureCollection","features":["# + features.joined(separator: ",") + "]}"
    }

    static let settings =
        #"{"format":1,"title":"Beacon Oslo","center":{"lat":59.9111,"lon":10.7503,"label":"Oslo S"},"radiusKm":5,"placesPerCategory":20,"cacheHours":24,"baseURL":"https://example.org/guide/","languages":["nb","nn","en"],"translations":{"en":{"title":"Beacon in English","intro":"Places I <em>like</em>."}}}"#

    func sitegen(
        _ arguments: [String], _ site: TestSite, console: CapturingConsole = CapturingConsole()
    ) async -> Int32 {
        await CommandLineTool.run(
            arguments: arguments + ["--site", site.root], environment: [:], console: console)
    }

    /// `builtSite()` made once, for the tests that only read it; its folder is removed at exit.
    static let sharedFolder: TestSite = {
        atexit { try? FileManager.default.removeItem(atPath: LanguagesTests.sharedFolder.root) }
        return TestSite()
    }()
    static let shared = Task { try await LanguagesTests().builtSite(in: sharedFolder) }

    /// A built three-language site with a rating (with a comment), a favorite and hours.
    func builtSite(in site: TestSite = TestSite()) async throws -> TestSite {
        site.write(Self.settings, to: SiteSettings.fileName)
        site.write(Self.neutralPlaces(40), to: "places.geojson")
        #expect(await sitegen(["build", "--places", site.root + "/places.geojson"], site) == 0)
        #expect(
            await sitegen(["rate", "Alpha 4", "4", "--comment", "Lorem <em>ipsum</em>"], site) == 0)
        #expect(await sitegen(["favorite", "add", "Alpha 5"], site) == 0)
        #expect(await sitegen(["build", "--places", site.root + "/places.geojson"], site) == 0)
        return site
    }

    @Test func everyPageIsInEveryLanguageInItsLanguageAndEveryLinkResolves() async throws {
        let site = try await Self.shared.value
        let files = site.outputFiles()
        // Each language's offline page is at the root, named for it (the worker serves it at any
        // depth).
        #expect(files.contains("offline-nn.html") && files.contains("offline-en.html"))
        let mainPages = files.filter {
            $0.hasSuffix(".html") && !$0.hasPrefix("nn/") && !$0.hasPrefix("en/")
                && !$0.hasPrefix("offline")
        }
        #expect(mainPages.count > 40)
        for language in [Language.nb, .nn, .en] {
            let folder = language == .nb ? "" : language.rawValue + "/"
            for page in mainPages {
                let path = folder + page
                let bytes = try #require(site.bytes("output/" + path), "\(path) is missing")
                let text = String(decoding: bytes, as: UTF8.self)
                #expect(
                    text.contains(
                        "<html lang=\"\(language.rawValue)\" data-time-zone=\"Europe/Oslo\">"),
                    "\(path)")
                let parsed = LinkChecker.parse(bytes, path: path)
                #expect(parsed.parseErrors.isEmpty, "\(path): \(parsed.parseErrors)")
                let broken = LinkChecker.brokenReferences(in: parsed, outputRoot: site.output)
                #expect(broken.isEmpty, "\(path) links to missing \(broken)")
            }
        }
        for (page, language) in [
            ("offline.html", "nb"), ("offline-nn.html", "nn"), ("offline-en.html", "en"),
        ] {
            let bytes = try #require(site.bytes("output/" + page))
            #expect(
                String(decoding: bytes, as: UTF8.self).contains(
                    "<html lang=\"\(language)\" data-time-zone=\"Europe/Oslo\">"))
            #expect(
                LinkChecker.brokenReferences(
                    in: LinkChecker.parse(bytes, path: page), outputRoot: site.output
                ).isEmpty,
                "\(page)")
        }
        // The switcher links a page to itself in every language, each named in its own.
        let nynorsk = try #require(site.read("output/nn/kafeer/index.html"))
        #expect(
            nynorsk.contains(
                #"<a href="../../kafeer/index.html" lang="nb" hreflang="nb">Bokmål</a>"#))
        #expect(
            nynorsk.contains(
                #"<a href="../../nn/kafeer/index.html" lang="nn" hreflang="nn" aria-current="true">Nynorsk</a>"#
            ))
        #expect(
            nynorsk.contains(
                #"<a href="../../en/kafeer/index.html" lang="en" hreflang="en">English</a>"#))
        #expect(
            nynorsk.contains(
                #"<link rel="alternate" hreflang="en" href="https://example.org/guide/en/kafeer/">"#
            ))
        #expect(
            nynorsk.contains(
                #"<link rel="alternate" hreflang="x-default" href="https://example.org/guide/kafeer/">"#
            ))
        #expect(nynorsk.contains(#"<meta property="og:locale" content="nn_NO">"#))
        // What each language says.
        let english = try #require(site.read("output/en/index.html"))
        for phrase in [
            "Find nearest to me", "places within 5 km of Oslo S", "Open now", "Search the places",
            "Name (A–Z)",
        ] {
            #expect(english.contains(phrase), "en: \(phrase)")
        }
        let nynorskFront = try #require(site.read("output/nn/index.html"))
        for phrase in ["Finn nærast meg", "stader innan 5 km frå Oslo S", "Ope no", "Kafear"] {
            #expect(nynorskFront.contains(phrase), "nn: \(phrase)")
        }
        // The owner's title and intro in English where given; the main ones elsewhere.
        #expect(
            english.contains("<title>Beacon in English</title>")
                && english.contains("Places I <em>like</em>."))
        #expect(
            nynorskFront.contains("<title>Beacon Oslo</title>")
                && !nynorskFront.contains("Beacon in English"))
        let rated = try #require(files.first { $0.hasPrefix("en/steder/alpha-4") })
        let ratedPage = try #require(site.read("output/" + rated))
        #expect(ratedPage.contains("Rating: 4.0 of 5, 1 rating"))
        #expect(ratedPage.contains("Lorem <em>ipsum</em>"), "the owner's comment stays as written")
        let hours = try #require(
            files.first { $0.hasPrefix("nn/steder/alpha-2-") || $0.hasPrefix("nn/steder/alpha-2/") }
        )
        #expect(try #require(site.read("output/" + hours)).contains("måndag–fredag 08:00–20:00"))
    }

    /// Words only bokmål writes (nynorsk has its own), and the Norwegian an English page must not
    /// show.
    static let bokmålOnly: Set<String> = [
        "steder", "stedene", "stedet", "ikke", "hva", "hvor", "åpent", "åpningstider",
        "vurderinger", "kafeer",
        "restauranter", "hoteller", "nå", "fra", "innen", "forsiden", "siden", "ennå", "uten",
        "nærmeste",
        "flere", "bare", "koordinater", "kategorier", "hovedmeny", "innholdet", "stengt", "også",
        "jeg",
        "lagret", "hentet", "laget", "bidragsytere", "filtre", "visning", "nettsted", "favoritter",
        "finnes",
        "ligger", "dekker", "enheten", "vært", "åpnet", "eksempler", "lenker", "listen",
    ]
    static let norwegian: Set<String> = bokmålOnly.union(
        [
            "stader", "stadene", "ikkje", "frå", "innan", "kafear", "restaurantar", "vurderingar",
            "opningstider",
            "stengd", "berre", "og",
            "eller", "med", "til", "sida", "sider", "søk", "utforsk", "alle", "kart", "liste", "av",
            "neste", "forrige",
            "førre", "vurdering",
            "favoritt", "adresse", "telefon", "opne", "ope", "eksempeldata", "sentrum", "dampen",
            "nullstill",
            "avstand", "namn", "navn", "mine",
        ])

    /// The words a reader sees on a page: text and attribute values, without the place data's JSON,
    /// the links' addresses (their folders have Norwegian names in every language) and code names.
    static func visibleWords(_ html: String) -> [String] {
        var text = html.replacing(
            /<script type="application\/json"[^>]*>[^<]*<\/script>/, with: " ")
        text = text.replacing(/<style>.*?<\/style>/.dotMatchesNewlines(), with: " ")
        text = text.replacing(/https?:\/\/[^"\s<]+/, with: " ")
        text = text.replacing(
            /\s(class|id|href|src|data-[a-z-]+|for|rel|type|name|property|http-equiv|hreflang|lang|content="[^"]*" property)="[^"]*"/,
            with: " ")
        text = text.replacing(
            /<meta name="(viewport|referrer|color-scheme|theme-color|twitter:card)"[^>]*>/,
            with: " ")
        text = text.replacing(/<meta http-equiv[^>]*>/, with: " ")
        return text.lowercased().split { !$0.isLetter }.map(String.init)
    }

    @Test func nynorskPagesHaveNoBokmålAndEnglishPagesNoNorwegian() async throws {
        let site = try await Self.shared.value
        for (folder, forbidden) in [("nn/", Self.bokmålOnly), ("en/", Self.norwegian)] {
            let files = site.outputFiles().filter {
                $0.hasPrefix(folder)
                    && ($0.hasSuffix(".html") || $0.hasSuffix(".gpx") || $0.hasSuffix(".kml"))
            }
            #expect(files.count > 40)
            for file in files {
                let words = Self.visibleWords(try #require(site.read("output/" + file)))
                let found = Set(words).intersection(forbidden)
                #expect(found.isEmpty, "\(file): \(found.sorted())")
            }
        }
        // The check itself finds Norwegian: the bokmål front page is full of it.
        let bokmål = Set(Self.visibleWords(try #require(site.read("output/index.html"))))
        #expect(bokmål.intersection(Self.bokmålOnly).count > 5)
    }

    @Test func theSitemapNamesEveryPageInEveryLanguageWithItsTranslations() async throws {
        let site = try await Self.shared.value
        let sitemap = try #require(site.read("output/sitemap.xml"))
        let pages = site.outputFiles().filter {
            $0.hasSuffix("index.html") && !$0.hasPrefix("nn/") && !$0.hasPrefix("en/")
        }
        let urls = sitemap.matches(of: /<loc>([^<]+)<\/loc>/).map { String($0.output.1) }
        #expect(urls.count == pages.count * 3)
        #expect(urls.contains("https://example.org/guide/nn/kafeer/"))
        #expect(urls.contains("https://example.org/guide/en/"))
        #expect(
            sitemap.matches(of: /<xhtml:link rel="alternate" hreflang="(nb|nn|en)"/).count == urls
                .count * 3)
        #expect(
            sitemap.contains(
                #"<url><loc>https://example.org/guide/en/favoritter/</loc><xhtml:link rel="alternate" hreflang="x-default" href="https://example.org/guide/favoritter/"/><xhtml:link rel="alternate" hreflang="nb" href="https://example.org/guide/favoritter/"/>"#
            ))
    }

    @Test func theScriptTextsAreThePagesLanguage() async throws {
        let site = try await Self.shared.value
        let texts = try #require(site.read("output/" + ScriptTexts.path))
        #expect(texts.contains(#""nn":{"home":"nn/""#))
        #expect(texts.contains(#""en":{"home":"en/""#))
        #expect(texts.contains("\"openNow\":\"Ope no\""))
        #expect(texts.contains("\"openNow\":\"Open now\""))
        // Each language's own offline page, chosen by the worker from the folder.
        #expect(site.read("output/offline-nn.html")?.contains("Denne sida er ikkje lagra") == true)
        #expect(
            site.read("output/sw.js")?.contains(
                #""languageOfflinePages":{"nn/":"offline-nn.html","en/":"offline-en.html"}"#)
                == true)
        // Each language installs as its own app, in its language, starting at its front page.
        let manifest = try #require(site.bytes("output/manifest-en.webmanifest"))
        let app = try JSONParser.parse(bytes: manifest)
        #expect(
            app["lang"] == .string("en") && app["start_url"] == .string("./en/")
                && app["id"] == .string("./en/"))
        #expect(app["name"] == .string("Beacon in English"))
        #expect(app["description"].map { "\($0)".contains("Works offline too") } == true)
        #expect(
            site.read("output/sw.js")?.contains("\"manifest-nn.webmanifest\"") == true, "precached")
    }

    @Test func aChangeRendersItsPagesInEveryLanguageAndRemovesThemFromEvery() async throws {
        let site = try await builtSite()
        let places = site.root + "/places.geojson"
        // A place leaves the data: its page goes in every language.
        let gone = try #require(
            site.outputFiles().first {
                $0.hasPrefix("steder/alpha-7-") || $0.hasPrefix("steder/alpha-7/")
            })
        let withoutSeven = Self.neutralPlaces(40).replacingOccurrences(
            of: #""name":"Alpha 7","#, with: #""name":"Alpha Seven","#)
        site.write(withoutSeven, to: "places.geojson")
        let report = try await BuildPipeline(
            options: BuildOptions(site: site.site, placesFile: places), environment: [:],
            console: CapturingConsole()
        ).run()
        #expect(
            report.files.written < report.files.unchanged / 2,
            "a renamed place wrote \(report.files.written) files, kept \(report.files.unchanged)")
        for folder in ["", "nn/", "en/"] {
            #expect(site.bytes("output/" + folder + gone) == nil, "\(folder + gone) is still there")
        }
        let renamed = site.outputFiles().filter { $0.contains("steder/alpha-seven") }
        #expect(renamed.count == 3, "\(renamed)")
        // And the result is what a build from nothing writes.
        let fresh = site.root + "/fresh"
        _ = try await BuildPipeline(
            options: BuildOptions(
                site: site.site, outputPath: fresh, placesFile: places, force: true),
            environment: [:],
            console: CapturingConsole()
        ).run()
        let incremental = Set(SiteWriter.listFiles(under: site.output))
        let full = Set(SiteWriter.listFiles(under: fresh))
        #expect(incremental == full, "\(incremental.symmetricDifference(full).sorted().prefix(6))")
        for path in full.sorted() where path != "sw.js" {
            #expect(
                FileManager.default.contents(atPath: site.output + "/" + path)
                    == FileManager.default.contents(atPath: fresh + "/" + path), "\(path)")
        }
    }

    @Test func serveAnswersAMissingPageInTheLanguageOfItsFolder() async throws {
        let site = try await Self.shared.value
        let server = try StaticFileServer(
            configuration: .init(root: site.output, port: 0, headTimeout: 1))
        server.start()
        defer { server.stop() }
        for (path, heading, language) in [
            ("/en/steder/nope/", "Page not found", "en"), ("/nn/nope", "Fann ikkje sida", "nn"),
            ("/nope", "Fant ikke siden", "nb"), ("/de/nope", "Fant ikke siden", "nb"),
        ] {
            let response = RawHTTP.get(server.port, path)
            #expect(response.hasPrefix("HTTP/1.1 404"), "\(path)")
            #expect(
                response.contains(heading)
                    && response.contains(
                        "<html lang=\"\(language)\" data-time-zone=\"Europe/Oslo\">"),
                "\(path): \(response.prefix(300))")
        }
        // Its links start at the host's root (a 404 page is shown at any depth): the language's own
        // pages.
        let english404 = try #require(site.read("output/en/404.html"))
        #expect(english404.contains(#"href="https://example.org/guide/en/index.html""#))
        #expect(english404.contains(#"href="https://example.org/guide/assets/beacon.css""#))
    }

    @Test func shareWritesTheFileInTheLanguageAskedFor() async throws {
        let site = try await builtSite()
        #expect(
            await sitegen(["share", "--lang", "nn", "--output", site.root + "/del.html"], site) == 0
        )
        let shared = try #require(site.read("del.html"))
        #expect(shared.contains("<html lang=\"nn\">"))
        #expect(shared.contains("<h1>Mine stader</h1>"))
        #expect(Set(Self.visibleWords(shared)).intersection(Self.bokmålOnly).isEmpty)
        // Without --output the file is named in its own language: what the friend it is sent to
        // sees first.
        #expect(await sitegen(["share", "--lang", "en"], site) == 0)
        #expect(site.read("my-places.html")?.contains("<html lang=\"en\">") == true)
        #expect(await sitegen(["share"], site) == 0)
        #expect(site.read("mine-steder.html")?.contains("<html lang=\"nb\">") == true)

        let console = CapturingConsole()
        #expect(
            await sitegen(
                ["share", "--lang", "de", "--output", site.root + "/tysk.html"], site,
                console: console) != 0)
        #expect(console.errorText.contains("Ukjent språk «de»"))
        #expect(site.bytes("tysk.html") == nil)
    }

    @Test func theSettingsNameKnownLanguagesOnceEach() throws {
        func decode(_ languages: String) throws -> SiteSettings {
            try SiteFolder.parseSettings(
                Array(#"{"format":1,"languages":\#(languages)}"#.utf8), path: SiteSettings.fileName)
        }
        #expect(try decode(#"["nn","en","nb"]"#).languages.all == [.nn, .en, .nb])
        #expect(try decode(#"["EN"]"#).languages.all == [.en])
        #expect(try decode("null").languages == .bokmålOnly)
        for (bad, message) in [
            (#"["nb","de"]"#, "ukjent språk «de»"), (#"["nb","nb"]"#, "«nb» står to ganger"),
            ("[]", "forventet en liste"),
            (#""nb""#, "forventet en liste"), ("[1]", "forventet en liste"),
        ] {
            #expect {
                try decode(bad)
            } throws: { error in
                "\(error)".contains(message)
                    || ((error as? StrictJSON.Problem)?.message.contains(message) ?? false)
            }
        }
        let translated = try SiteFolder.parseSettings(
            Array(
                #"{"format":1,"title":"Guide","translations":{"en":{"title":"Guide in English"}}}"#
                    .utf8),
            path: SiteSettings.fileName)
        #expect(
            translated.translations[.en]?.title == "Guide in English"
                && translated.translations[.nn] == nil
                && translated.title == "Guide"
                && translated.intro == nil)
        for (bad, message) in [
            (#"{"de":{"title":"x"}}"#, "ukjent språk «de»"), (#"{"en":{"tittel":"x"}}"#, "tittel"),
            (#"["en"]"#, "forventet"),
        ] {
            #expect {
                try SiteFolder.parseSettings(
                    Array(#"{"format":1,"translations":\#(bad)}"#.utf8), path: SiteSettings.fileName
                )
            } throws: { error in
                ((error as? StrictJSON.Problem).map { $0.path + " " + $0.message } ?? "\(error)")
                    .contains(message)
            }
        }
        var emptyTitle = SiteSettings()
        emptyTitle.translations = [.nn: .init(title: " ")]
        #expect(emptyTitle.problems().contains { $0.contains("translations.nn.title") })
        // Saved only when not the default, and read back the same.
        var settings = SiteSettings()
        #expect(!String(decoding: settings.encodedBytes, as: UTF8.self).contains("languages"))
        settings.languages = SiteLanguages([.en, .nb])
        settings.translations = [.nb: .init(title: "Guiden", intro: "Om <em>den</em>")]
        let again = try SiteFolder.parseSettings(settings.encodedBytes, path: SiteSettings.fileName)
        #expect(again == settings)
    }
}
