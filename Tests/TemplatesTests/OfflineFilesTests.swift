import BeaconModel
import Foundation
import Testing

@testable import BeaconSystem
@testable import Templates

/// The installable, offline guide: the web app manifest, the service worker and
/// the offline page (`OfflineFiles`), and the chrome that points every page at them.
/// (Tests/browser/test_offline.py runs the worker in Chromium.)
@Suite struct OfflineFilesTests {
    static let assetsFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Resources/assets").standardized.path

    let context = TemplateFixtures.context
    let explorerPaths = [
        "index.html", "restauranter/index.html", "kafeer/index.html", "hoteller/index.html",
        "favoritter/index.html",
    ]
    let assetPaths = [
        "assets/beacon.css", "assets/beacon.js", "assets/beacon-offline.js",
        "assets/beacon-icon-192.png",
        "assets/beacon-icon-512.png", "assets/beacon-icon-maskable-512.png",
        "assets/leaflet/leaflet.js", "favicon.svg",
    ]
    /// Three zoom levels, listed out of order: only 11 and 12 are precached.
    let tiles: [(zoom: Int, path: String)] = [
        (13, "kart/13/4340/2382.png"), (11, "kart/11/1085/595.png"), (12, "kart/12/2170/1191.png"),
        (12, "kart/12/2171/1191.png"), (13, "kart/13/4341/2382.png"),
    ]

    func files(version: String = "0123456789ab", settings: SiteSettings? = nil) -> [String: String]
    {
        var context = self.context
        if let settings {
            context = SiteContext(settings: settings, source: context.source, intro: nil)
        }
        let files = OfflineFiles.files(
            contexts: [context], version: version, assetPaths: assetPaths,
            explorerPaths: explorerPaths, tiles: tiles)
        return Dictionary(
            uniqueKeysWithValues: files.map { ($0.path, String(decoding: $0.bytes, as: UTF8.self)) }
        )
    }

    func manifest(_ files: [String: String]) throws -> [String: Any] {
        let text = try #require(files["manifest.webmanifest"])
        return try #require(
            try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    /// The `const BUILD = {…};` line the worker's script starts from.
    func build(_ worker: String) throws -> [String: Any] {
        let line = try #require(
            worker.split(separator: "\n").first { $0.hasPrefix("const BUILD = ") })
        let json = line.dropFirst("const BUILD = ".count).dropLast()
        #expect(line.hasSuffix(";"))
        return try #require(
            try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    }

    /// Width and height from a PNG's IHDR chunk.
    func pngSize(_ path: String) throws -> (Int, Int) {
        let bytes = try FileSystem.read(path)
        #expect(Array(bytes.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        func be32(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (be32(16), be32(20))
    }

    @Test func writesTheManifestTheWorkerAndTheOfflinePageAtTheRoot() {
        #expect(Set(files().keys) == ["manifest.webmanifest", "sw.js", "offline.html"])
    }

    @Test func manifestHasTheFieldsAnInstallNeeds() throws {
        let m = try manifest(files())
        #expect(m["name"] as? String == context.settings.title)
        let shortName = try #require(m["short_name"] as? String)
        #expect(!shortName.isEmpty && shortName.count <= 12)
        #expect(m["lang"] as? String == "nb")
        #expect(m["start_url"] as? String == "./")
        #expect(m["scope"] as? String == "./")
        #expect(m["display"] as? String == "standalone")
        #expect(m["theme_color"] as? String == "#20202A")
        #expect(m["background_color"] as? String == "#FFF9F4")
        let description = try #require(m["description"] as? String)
        #expect(description.contains("kafeer") && description.contains("Oslo S"))
    }

    @Test func manifestIconsExistWithTheirSizes() throws {
        let icons = try #require(try manifest(files())["icons"] as? [[String: String]])
        var purposes: [String: Set<String>] = [:]
        for icon in icons {
            let src = try #require(icon["src"])
            #expect(src.hasPrefix("assets/"), "\(src) is not relative to the manifest")
            #expect(icon["type"] == "image/png")
            let path = OfflineFilesTests.assetsFolder + "/" + src.dropFirst("assets/".count)
            #expect(
                FileManager.default.fileExists(atPath: path), "\(src) is not in Resources/assets")
            let (width, height) = try pngSize(path)
            #expect(icon["sizes"] == "\(width)x\(height)", "\(src) is \(width)×\(height)")
            purposes[icon["purpose"] ?? "any", default: []].insert(icon["sizes"] ?? "")
        }
        #expect(purposes["any"] == ["192x192", "512x512"])
        #expect(purposes["maskable"] == ["512x512"])
    }

    @Test func shortNameIsTheTitleWhenItFitsElseBeacon() throws {
        var settings = SiteSettings.defaults
        settings.title = "Hotell Nord"
        #expect(try manifest(files(settings: settings))["short_name"] as? String == "Hotell Nord")
        settings.title = "Beacon – steder rundt Oslo S"
        let long = try manifest(files(settings: settings))
        #expect(long["short_name"] as? String == "Beacon")
        #expect(long["name"] as? String == "Beacon – steder rundt Oslo S")
    }

    @Test func workerPrecachesWhatAReaderNeedsFirst() throws {
        let worker = try #require(files()["sw.js"])
        let build = try build(worker)
        #expect(build["version"] as? String == "0123456789ab")
        #expect(build["offlinePage"] as? String == "offline.html")
        let precache = try #require(build["precache"] as? [String])
        #expect(Set(precache).count == precache.count, "a path twice")
        for path in explorerPaths + assetPaths + [
            "404.html", "offline.html", "manifest.webmanifest",
        ] {
            #expect(precache.contains(path), "\(path) is not precached")
        }
        let icons = try #require(try manifest(files())["icons"] as? [[String: String]]).compactMap {
            $0["src"]
        }
        for icon in icons { #expect(precache.contains(icon), "\(icon) is not precached") }
        // Only the two lowest zoom levels' tiles; the rest are kept as the reader sees them.
        #expect(
            precache.filter { $0.hasPrefix("kart/") } == [
                "kart/11/1085/595.png", "kart/12/2170/1191.png", "kart/12/2171/1191.png",
            ])
        // Kept as they arrive: assets, tiles, a big guide's data files and the photos (named after
        // their content).
        #expect(build["storedFolders"] as? [String] == ["assets/", "kart/", "data/", "bilder/"])
        #expect(!precache.contains { $0.hasPrefix("bilder/") })
    }

    @Test func workerPathsAreAllRelative() throws {
        let worker = try #require(files()["sw.js"])
        let build = try build(worker)
        let strings =
            [build["version"], build["offlinePage"]].compactMap { $0 as? String }
            + (build["precache"] as? [String] ?? []) + (build["storedFolders"] as? [String] ?? [])
        for string in strings {
            #expect(
                !string.hasPrefix("/") && !string.hasPrefix("http"), "\(string) is not relative")
        }
        // No address in the script itself either: every URL is resolved against the worker's scope.
        #expect(!worker.contains("http://") && !worker.contains("https://"))
        #expect(worker.range(of: #"['"`]/[A-Za-z0-9]"#, options: .regularExpression) == nil)
        #expect(worker.contains("self.registration.scope"))
    }

    @Test func anotherVersionNamesAnotherCache() throws {
        let first = try #require(files(version: "0123456789ab")["sw.js"])
        let second = try #require(files(version: "fedcba987654")["sw.js"])
        #expect(first != second)
        #expect(first.replacingOccurrences(of: "0123456789ab", with: "fedcba987654") == second)
        #expect(first.contains("const CACHE = 'beacon-' + BUILD.version"))
    }

    @Test func workerWithoutBasemapPrecachesNoTiles() throws {
        let files = OfflineFiles.files(
            contexts: [context], version: "0123456789ab", assetPaths: assetPaths,
            explorerPaths: explorerPaths, tiles: [])
        let worker = String(
            decoding: try #require(files.first { $0.path == "sw.js" }).bytes, as: UTF8.self)
        #expect(
            try #require(try build(worker)["precache"] as? [String]).allSatisfy {
                !$0.hasPrefix("kart/")
            })
    }

    @Test func offlinePageLinksFromTheRootWithDotSlash() throws {
        let page = try #require(files()["offline.html"])
        #expect(page.contains("<html lang=\"nb\" data-time-zone=\"Europe/Oslo\">"))
        #expect(page.contains("<h1>Denne siden er ikke lagret</h1>"))
        #expect(page.contains("href=\"./assets/beacon.css\""))
        #expect(page.contains("<a class=\"button\" href=\"./index.html\">Gå til forsiden</a>"))
        #expect(page.contains("class=\"page-intro offline-page\""))
        // The worker rewrites "./" inside href and src for a page deeper down: nothing else may
        // start so.
        var rest = page[...]
        while let hit = rest.range(of: "=\"./") {
            let before = rest[..<hit.lowerBound]
            #expect(
                before.hasSuffix(" href") || before.hasSuffix(" src"),
                "\"./\" after \(before.suffix(20))")
            rest = rest[hit.upperBound...]
        }
        #expect(!page.contains("=\"../"))
    }

    @Test func everyPageLoadsTheOfflineScript() {
        let pages = [
            DetailPage.render(TemplateFixtures.place(TemplateFixtures.cafe), context: context),
            FavoritesPage.render(TemplateFixtures.guide, context: context),
            NotFoundPage.render(context: context),
        ].map(TemplateFixtures.text)
        for page in pages {
            #expect(page.contains("assets/beacon-offline.js\" defer=\"\"></script>"))
            // The script links the manifest on http(s) only: from file:// Chromium's request for it
            // is an error.
            #expect(!page.contains("rel=\"manifest\""))
        }
        #expect(
            pages[0].contains("<script src=\"../../assets/beacon-offline.js\" defer=\"\"></script>")
        )
    }

    @Test func theShareFileHasNoWorkerAndNoManifest() {
        let share = TemplateFixtures.text(
            ShareFile.render(
                TemplateFixtures.guide, context: context, stylesheet: "body{}",
                iconSVG: Array("<svg/>".utf8)))
        #expect(!share.contains("beacon-offline.js"))
        #expect(!share.contains("manifest"))
    }

    @Test func theScriptShowsTheSameNoteAsTheStrings() throws {
        let script = String(
            decoding: try FileSystem.read(OfflineFilesTests.assetsFolder + "/beacon-offline.js"),
            as: UTF8.self)
        let note = try #require(Strings.bokmål.script.first { $0.key == "offline.note" }?.value)
        #expect(
            script.contains("BeaconText.t('offline.note')"),
            "the note comes from the page's language")
        #expect(
            script.contains("'" + note + "'"),
            "without the texts file, the bokmål note of the catalogue")
        #expect(script.contains("'" + OfflineFiles.serviceWorkerPath + "'"))
        #expect(script.contains("'" + OfflineFiles.manifestPath + "'"))
        #expect(!script.contains("style."), "the note is styled by classes only")
    }
}

/// Paths in URLs (`URLPath`): what the worker precaches must be what the server has.
@Suite struct URLPathTests {
    /// The path a server gets back from an encoded one.
    func decoded(_ encoded: String) -> String? { encoded.removingPercentEncoding }

    @Test func everyReservedAndUnsafeCharacterIsEncodedAndComesBackAsItWas() {
        // RFC 3986's gen-delims and sub-delims, `%`, space, the other printable ASCII, controls,
        // non-ASCII.
        let characters: [Character] =
            Array(":/?#[]@!$&'()*+,;=% \"<>\\^`{|}") + ["\t", "\u{7F}", "æ", "ø", "å", "東", "🍽️"]
        for character in characters where character != "/" {
            let name = "assets/a\(character)b.png"
            let encoded = URLPath.encoded(name)
            #expect(decoded(encoded) == name, "\(character)")
            let rest = encoded.dropFirst("assets/".count)
            #expect(
                !rest.contains("/") && !rest.contains("?") && !rest.contains("#"),
                "\(character) → \(encoded)")
            // Only unreserved characters and %XX escapes are left.
            #expect(
                encoded.allSatisfy {
                    $0.isASCII && ($0.isLetter || $0.isNumber || "-._~/%".contains($0))
                }, "\(encoded)"
            )
        }
        #expect(URLPath.encoded("assets/leaflet/leaflet.css") == "assets/leaflet/leaflet.css")
        #expect(URLPath.encoded("100%.css") == "100%25.css")
        #expect(URLPath.encoded("a#b.png") == "a%23b.png")
    }

    @Test func theWorkerPrecachesAnOddlyNamedAssetByItsEncodedAddress() throws {
        let names = [
            "assets/a#b.png", "assets/hvorfor?.txt", "assets/100%.css", "assets/kart æ.png",
        ]
        let worker = OfflineFiles.serviceWorker(
            version: "1", assetPaths: names, explorerPaths: ["index.html"], tiles: [])
        let line = try #require(
            worker.split(separator: "\n").first { $0.hasPrefix("const BUILD = ") })
        let build = try #require(
            try JSONSerialization.jsonObject(
                with: Data(line.dropFirst("const BUILD = ".count).dropLast().utf8))
                as? [String: Any])
        let precache = try #require(build["precache"] as? [String])
        for name in names {
            let entry = try #require(
                precache.first { decoded($0) == name }, "\(name) is not precached")
            #expect(entry == URLPath.encoded(name))
        }
    }
}
