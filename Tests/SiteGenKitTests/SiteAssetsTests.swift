import BuiltInFiles
import Foundation
import Synchronization
import Testing

@testable import BeaconModel
@testable import BeaconSite
@testable import BeaconSystem
@testable import SiteBuild
@testable import SiteGenKit
@testable import Templates

/// The site's own `assets/`: replacing a built-in file, `custom.css` on every
/// page, `assets eject` and `assets list`.
@Suite struct SiteAssetsTests {
    func htmlPages(under folder: String) -> [String] {
        SiteWriter.listFiles(under: folder).filter { $0.hasSuffix(".html") }
    }

    @Test func customStylesheetFollowsOursOnEveryPageAndItsChangeRebuilds() throws {
        let site = TestSite()
        site.write(":root { --accent: #0a7d4f; }\n", to: "assets/custom.css")
        let built = try Sitegen.run(["build", "--site", site.root])
        #expect(built.status == 0, "\(built.stderr)")
        #expect(built.stderr.contains("legger til custom.css"))
        #expect(site.read("output/assets/custom.css") == ":root { --accent: #0a7d4f; }\n")
        let pages = htmlPages(under: site.output)
        #expect(pages.count > 50)
        for page in pages {
            let html = site.read("output/" + page) ?? ""
            let ours = try #require(html.range(of: "assets/beacon.css\""), "\(page)")
            let custom = try #require(html.range(of: "assets/custom.css\""), "\(page)")
            #expect(ours.upperBound < custom.lowerBound, "\(page)")
        }
        #expect(site.read("output/sw.js")?.contains("assets/custom.css") == true)

        // A changed override is a changed build.
        site.write(":root { --accent: #b00020; }\n", to: "assets/custom.css")
        let again = try Sitegen.run(["build", "--site", site.root])
        #expect(!again.stderr.contains("Ingen endringer"))
        #expect(site.read("output/assets/custom.css")?.contains("#b00020") == true)

        // Without it, no page links it.
        try FileManager.default.removeItem(atPath: site.root + "/assets/custom.css")
        #expect(try Sitegen.run(["build", "--site", site.root]).status == 0)
        #expect(site.read("output/index.html")?.contains("custom.css") == false)
        #expect(!FileManager.default.fileExists(atPath: site.output + "/assets/custom.css"))
    }

    @Test func aFileInAssetsReplacesTheBuiltInOne() throws {
        let site = TestSite()
        site.write("/* egen */ body { margin: 0 }\n", to: "assets/beacon.css")
        site.write("<svg xmlns=\"http://www.w3.org/2000/svg\"/>", to: "assets/bilder/logo.svg")
        let built = try Sitegen.run(["build", "--site", site.root])
        #expect(built.status == 0, "\(built.stderr)")
        #expect(built.stderr.contains("erstatter beacon.css"))
        // The owner's, with the category symbols' rules the build adds at the end of any
        // stylesheet.
        let stylesheet = try #require(site.read("output/assets/beacon.css"))
        #expect(stylesheet.hasPrefix("/* egen */ body { margin: 0 }\n\n/* The category symbols"))
        #expect(
            stylesheet.contains(
                ".cat-icon--cafe::before { -webkit-mask-image: url(\"data:image/svg+xml;base64,"))
        #expect(site.read("output/assets/bilder/logo.svg") != nil)
        // The other built-in files are still there, unchanged.
        #expect(
            site.bytes("output/assets/beacon.js")
                == AssetBundle.builtInFiles().first { $0.name == "beacon.js" }?.bytes)
    }

    @Test func aLinkOutOfAssetsIsRefusedAndALoopNeverWalked() throws {
        let site = TestSite()
        try FileManager.default.createDirectory(
            atPath: site.root + "/assets", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: site.root + "/assets/leak.txt", withDestinationPath: "/etc/passwd")
        let leaking = try Sitegen.run(["build", "--site", site.root])
        #expect(leaking.status == 65)
        #expect(leaking.stderr.contains("leak.txt") && leaking.stderr.contains("/etc/passwd"))
        #expect(!FileManager.default.fileExists(atPath: site.output))
        try FileManager.default.removeItem(atPath: site.root + "/assets/leak.txt")

        try FileManager.default.createSymbolicLink(
            atPath: site.root + "/assets/loop", withDestinationPath: "..")
        #expect(try Sitegen.run(["build", "--site", site.root]).status == 65)
        // serve --watch looks at assets/ too, and does not follow the loop either.
        let stamps = SiteWatcher(site: site.site, placesFile: nil).snapshot()
        #expect(stamps.keys.contains(site.root + "/assets/loop"))
        try FileManager.default.removeItem(atPath: site.root + "/assets/loop")

        // A link to a file inside the folder is fine.
        site.write("body { margin: 0 }\n", to: "assets/mine.css")
        try FileManager.default.createSymbolicLink(
            atPath: site.root + "/assets/custom.css", withDestinationPath: "mine.css")
        #expect(try Sitegen.run(["build", "--site", site.root]).status == 0)
        #expect(site.read("output/assets/custom.css") == "body { margin: 0 }\n")
    }

    /// A name that would be a file and a folder at once in `output/assets/` is refused before
    /// anything is rendered: no staging tree, no commit record left beside the output, the last
    /// site untouched.
    @Test func aFileAndAFolderOfOneNameAreRefusedBeforeRendering() throws {
        let site = TestSite()
        // A stand-in for Debian's Leaflet, so the library's folder is there whatever this machine
        // has.
        let library = site.root + "-leaflet"
        try FileManager.default.createDirectory(atPath: library, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: library) }
        for file in MapLibrary.files {
            try Data("/* \(file.name) */".utf8).write(
                to: URL(fileURLWithPath: library + "/" + file.source))
        }
        let environment = ["BEACON_LEAFLET_DIR": library]
        #expect(
            try Sitegen.run(["build", "--site", site.root], environment: environment).status == 0)
        let before = site.outputFiles()

        site.write("body {}", to: "assets/beacon.css/egen.css")
        let folder = try Sitegen.run(["build", "--site", site.root], environment: environment)
        #expect(folder.status == 65, "\(folder.stderr)")
        #expect(folder.stderr.contains("assets/beacon.css er en mappe"), "\(folder.stderr)")
        #expect(!folder.stderr.contains("Skriver sider"))
        try FileManager.default.removeItem(atPath: site.root + "/assets")

        site.write("ikke en mappe", to: "assets/leaflet")
        let file = try Sitegen.run(["build", "--site", site.root], environment: environment)
        #expect(file.status == 65, "\(file.stderr)")
        #expect(
            file.stderr.contains("assets/leaflet er en fil")
                && file.stderr.contains("assets/leaflet/"),
            "\(file.stderr)")

        #expect(site.outputFiles() == before)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: site.root).filter {
            $0.contains("commit-intent") || $0.contains("staging")
        }
        #expect(leftovers.isEmpty, "\(leftovers)")
    }

    /// The page scripts' texts are written by every build from the catalogues: an own copy is named
    /// as unused, never announced as added and then dropped.
    @Test func anOwnCopyOfTheGeneratedTextsIsNamedAsUnused() throws {
        let site = TestSite()
        site.write("window.BeaconText = {};", to: "assets/beacon-text.js")
        let built = try Sitegen.run(["build", "--site", site.root])
        #expect(built.status == 0, "\(built.stderr)")
        #expect(!built.stderr.contains("legger til beacon-text.js"), "\(built.stderr)")
        #expect(
            built.stderr.contains("Advarsel: assets/beacon-text.js brukes ikke"), "\(built.stderr)")
        #expect(
            site.read("output/assets/beacon-text.js")?.contains("window.BeaconText = {};") == false)
    }

    /// A name from an old Latin-1 system (`café` as one byte 0xE9) cannot be an address on the
    /// site: named as such, not read as a file that does not exist.
    @Test func aNameThatIsNotUTF8IsNamedAsSuch() throws {
        let site = TestSite()
        try FileManager.default.createDirectory(
            atPath: site.root + "/assets", withIntermediateDirectories: true)
        var path = Array((site.root + "/assets/caf").utf8).map { CChar(bitPattern: $0) }
        path += [CChar(bitPattern: 0xE9)] + Array(".png".utf8).map { CChar(bitPattern: $0) } + [0]
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        #expect(fd >= 0)
        close(fd)
        let built = try Sitegen.run(["build", "--site", site.root])
        #expect(built.status == 65, "\(built.stderr)")
        #expect(
            built.stderr.contains("er ikke UTF-8") && !built.stderr.contains("finnes ikke"),
            "\(built.stderr)")
    }

    /// A backslash in a name: many a browser and server read it as `/`, so the file could not be
    /// found by the address its page gives. Named, as bad data (not «Intern feil»), before anything
    /// is written. The other characters a URL reserves (`#`, `?`, `%`, a space) stay as they are
    /// today: taken, and percent-encoded.
    @Test func aBackslashInANameIsNamedAsBadData() throws {
        let site = TestSite()
        site.write("body {}", to: "assets/gammel\\stil.css")
        site.write("x", to: "assets/bilder/hvorfor?#100%.txt")
        let built = try Sitegen.run(["build", "--site", site.root])
        #expect(built.status == 65, "\(built.stderr)")
        #expect(
            built.stderr.contains(
                "«Leser ressurser»: Filnavnet «\(site.site.root)/assets/gammel\\stil.css» har en omvendt skråstrek (\\), som mange "
                    + "nettlesere og webservere leser som «/», så filen ville ikke bli funnet på nettstedet. "
                    + "Gi filen et navn uten."), "\(built.stderr)")
        #expect(!built.stderr.contains("Intern feil"))
        #expect(!FileManager.default.fileExists(atPath: site.output))
        try FileManager.default.removeItem(atPath: site.root + "/assets/gammel\\stil.css")
        let again = try Sitegen.run(["build", "--site", site.root])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(site.read("output/assets/bilder/hvorfor?#100%.txt") == "x")
    }

    /// The offline worker stores the site's added files at install only while they are few and
    /// small: a folder of many images is stored as readers come across them instead.
    @Test func manyOwnFilesAreNotAllFetchedAtInstall() throws {
        let few = try AssetBundle.load(siteAssets: "/nonexistent")
        var bundle = few
        bundle.files += [
            AssetFile(path: "assets/custom.css", bytes: [1]),
            AssetFile(path: "assets/logo.svg", bytes: [1]),
        ]
        bundle.added = ["custom.css", "logo.svg"]
        #expect(Set(bundle.precachedPaths) == Set(bundle.files.map(\.path)))
        var many = bundle
        for index in 0..<150 {
            many.files.append(AssetFile(path: "assets/bilder/\(index).jpg", bytes: [1]))
            many.added.append("bilder/\(index).jpg")
        }
        let precached = Set(many.precachedPaths)
        #expect(
            !precached.contains { $0.hasPrefix("assets/bilder/") }
                && !precached.contains("assets/logo.svg"))
        #expect(
            precached.contains("assets/custom.css") && precached.contains("assets/beacon.css")
                && precached.contains("assets/beacon.js"))
        #expect(
            OfflineFiles.storedFolders.contains("assets/"),
            "what is not precached is kept as it is seen")
    }

    @Test func bigOwnFilesAreNamedWithWhatTheyCostReaders() {
        #expect(
            AssetBundle.sizeWarnings(own: [("custom.css", 20_000), ("logo.png", 300_000)]).isEmpty)
        let big = AssetBundle.sizeWarnings(own: [("custom.css", 60 << 20)])
        #expect(big.count == 2)
        #expect(
            big[0].contains("assets/custom.css er 60,0 MB")
                && big[1].contains("størst: custom.css"), "\(big)")
        let photos = AssetBundle.sizeWarnings(own: (0..<30).map { ("bilder/\($0).jpg", 1 << 20) })
        #expect(photos.count == 1 && photos[0].contains("til sammen 30,0 MB"), "\(photos)")
    }

    /// Every file compiled in (text as it is, the rest as Base64) gives back exactly the file's
    /// bytes. The build's key names a built-in file rather than reading it (the binary's identity
    /// stands for its bytes), and hashes the site's own files by their bytes: a changed own file
    /// changes the key, the same files give the same key. Written out, a named file is the built-in
    /// bytes.
    @Test func theBuildsKeyNamesBuiltInFilesAndHashesTheSitesOwn() throws {
        func key(_ bundle: AssetBundle) -> String {
            var hasher = ContentHasher()
            hasher.combine(bundle)
            return hasher.hex
        }
        let site = TestSite()
        let bundle = try AssetBundle.load(siteAssets: site.root + "/assets").fitted(
            to: PlaceCategory.defaults)
        let javascript = try #require(bundle.files.first { $0.path == "assets/beacon.js" })
        guard case .builtIn("assets/beacon.js", withoutSourceMapComment: false) = javascript.source
        else {
            Issue.record("beacon.js is held as \(javascript.source), not named")
            return
        }
        #expect(javascript.bytes == BuiltInFiles.bytes("assets/beacon.js"))
        let stylesheet = try #require(bundle.files.first { $0.path == SitePaths.stylesheet })
        let text = String(decoding: stylesheet.bytes, as: UTF8.self)
        #expect(
            text.hasPrefix(
                String(decoding: BuiltInFiles.bytes("assets/beacon.css") ?? [], as: UTF8.self)))
        for name in CategoryIcon.builtInNames {
            #expect(
                text.contains(
                    ".\(CategoryIcon.builtIn(name).className)::before { -webkit-mask-image: url("),
                "\(name)")
        }
        #expect(
            key(bundle)
                == key(
                    try AssetBundle.load(siteAssets: site.root + "/assets").fitted(
                        to: PlaceCategory.defaults)))

        site.write(":root { --accent: #0a7d4f; }\n", to: "assets/custom.css")
        let green = key(try AssetBundle.load(siteAssets: site.root + "/assets"))
        site.write(":root { --accent: #b00020; }\n", to: "assets/custom.css")
        let red = key(try AssetBundle.load(siteAssets: site.root + "/assets"))
        #expect(green != red && green != key(bundle) && red != key(bundle))
        site.write("/* egen */\n", to: "assets/icons/cafe.svg")
        #expect(
            key(try AssetBundle.load(siteAssets: site.root + "/assets")) != red,
            "an own file replacing a built-in one")
    }

    @Test func theBuiltInFilesAreTheRepositorysBytes() throws {
        var checked = 0
        for (folder, prefix) in [
            ("Resources/assets", "assets/"), ("Resources/sample-data", "sample-data/"),
        ] {
            // Files, and those of folders one level down (`assets/icons/`), as the plugin embeds
            // them.
            var names: [String] = []
            for name in try FileManager.default.contentsOfDirectory(
                atPath: Repository.root + "/" + folder)
            where !name.hasPrefix(".") {
                var isFolder: ObjCBool = false
                let path = Repository.root + "/" + folder + "/" + name
                if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder),
                    isFolder.boolValue
                {
                    names += try FileManager.default.contentsOfDirectory(atPath: path).filter {
                        !$0.hasPrefix(".")
                    }
                    .map { name + "/" + $0 }
                } else {
                    names.append(name)
                }
            }
            #expect(Set(BuiltInFiles.names(in: prefix)) == Set(names))
            for name in names {
                let bytes = try #require(
                    FileManager.default.contents(
                        atPath: Repository.root + "/" + folder + "/" + name))
                #expect(BuiltInFiles.bytes(prefix + name) == [UInt8](bytes), "\(prefix + name)")
                checked += 1
            }
        }
        #expect(checked > 5)
        #expect(BuiltInFiles.bytes("assets/finnes-ikke.css") == nil)
    }

    @Test func ejectCopiesTheBuiltInFilesAndNeverOverwritesAChangedOne() throws {
        let site = TestSite()
        let ejected = try Sitegen.run(["assets", "eject", "--site", site.root])
        #expect(ejected.status == 0, "\(ejected.stderr)")
        let builtIn = AssetBundle.builtInFiles()
        #expect(builtIn.count >= AssetBundle.requiredFiles.count)
        for file in builtIn {
            #expect(site.bytes("assets/" + file.name) == file.bytes, "\(file.name)")
        }
        // An ejected site builds the same pages as one without assets/.
        #expect(try Sitegen.run(["build", "--site", site.root]).status == 0)

        site.write("/* mine endringer */", to: "assets/beacon.css")
        try FileManager.default.removeItem(atPath: site.root + "/assets/beacon.js")
        let refused = try Sitegen.run(["assets", "eject", "--site", site.root])
        #expect(refused.status == 64)
        #expect(refused.stderr.contains("beacon.css") && refused.stderr.contains("--force"))
        #expect(site.read("assets/beacon.css") == "/* mine endringer */")
        #expect(!FileManager.default.fileExists(atPath: site.root + "/assets/beacon.js"))

        let one = try Sitegen.run(["assets", "eject", "beacon.js", "--site", site.root])
        #expect(one.status == 0)
        #expect(site.read("assets/beacon.css") == "/* mine endringer */")
        #expect(FileManager.default.fileExists(atPath: site.root + "/assets/beacon.js"))
        let forced = try Sitegen.run([
            "assets", "eject", "beacon.css", "--force", "--site", site.root,
        ])
        #expect(forced.status == 0)
        #expect(site.bytes("assets/beacon.css") == builtIn.first { $0.name == "beacon.css" }?.bytes)
        #expect(
            try Sitegen.run(["assets", "eject", "finnes-ikke.css", "--site", site.root]).status
                == 64)
        // Never through a link, even with --force.
        let outside = site.root + "/utenfor.txt"
        site.write("urørt", to: "utenfor.txt")
        try FileManager.default.removeItem(atPath: site.root + "/assets/beacon.css")
        try FileManager.default.createSymbolicLink(
            atPath: site.root + "/assets/beacon.css", withDestinationPath: outside)
        let linked = try Sitegen.run(["assets", "eject", "--force", "--site", site.root])
        #expect(linked.status == 64)
        #expect(linked.stderr.contains("symbolsk lenke"))
        #expect(site.read("utenfor.txt") == "urørt")
    }

    @Test func listShowsWhatTheSiteReplacesAndAdds() throws {
        let site = TestSite()
        site.write("x", to: "assets/beacon.css")
        site.write("y", to: "assets/custom.css")
        let listed = try Sitegen.run(["assets", "list", "--site", site.root])
        #expect(listed.status == 0)
        #expect(
            listed.stdout.contains("beacon.css")
                && listed.stdout.contains("erstattet av assets/beacon.css"))
        #expect(
            listed.stdout.contains("Egne filer i assets/ (1):")
                && listed.stdout.contains("custom.css"))
        #expect(
            !listed.stdout.contains("beacon.js  (")
                || !listed.stdout.contains("erstattet av assets/beacon.js"))
    }
}

/// The terminal's one updating line for long work.
@Suite struct StatusLineTests {
    final class Drawn: Sendable {
        private let storage = Mutex("")
        func append(_ text: String) { storage.withLock { $0 += text } }
        var value: String { storage.withLock { $0 } }
    }

    @Test func drawsOnlyWhenDueWipesBeforeOtherLinesAndAtTheEnd() {
        let drawn = Drawn()
        let base = CapturingConsole()
        let line = StatusLine(base: base, delay: .zero) { drawn.append($0) }
        line.status("Skriver sider: 10 av 100")
        line.tick()
        #expect(drawn.value.hasPrefix("\r\u{1B}[KSkriver sider: 10 av 100 · "))
        line.progress("Henter kafeer … 20 steder")
        #expect(drawn.value.hasSuffix("\r\u{1B}[K"))
        #expect(base.progressText == "Henter kafeer … 20 steder")
        line.status("Skriver \u{1B}[31msider")
        line.tick()
        #expect(!drawn.value.contains("\u{1B}[31m"))
        line.finish()
        #expect(drawn.value.hasSuffix("\r\u{1B}[K"))
        let before = drawn.value
        line.tick()
        #expect(drawn.value == before)

        let waiting = StatusLine(base: base, delay: .seconds(60)) { drawn.append($0) }
        waiting.status("Henter steder …")
        waiting.tick()
        #expect(drawn.value == before)
    }

    @Test func noLineWithoutATerminalOrWithQuiet() throws {
        var ends: [Int32] = [-1, -1]
        #expect(pipe(&ends) == 0)
        defer {
            close(ends[0])
            close(ends[1])
        }
        #expect(
            !(StatusLine.onTerminal(CapturingConsole(), quiet: false, descriptor: ends[1])
                is StatusLine))
        #expect(
            !(StatusLine.onTerminal(CapturingConsole(), quiet: true, descriptor: ends[1])
                is StatusLine))
    }

    /// A long build on a real terminal (`script` gives it one) shows the line;
    /// with --quiet, and through a pipe, it does not.
    @Test func aLongBuildOnATerminalShowsItsSteps() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/script") else { return }
        let site = TestSite()
        let places = BuildSafetyTests.placesFile(300, in: site)
        func onTerminal(_ extra: String) throws -> String {
            // The line shows at once (not after a second), so the test does not depend on how long
            // a build takes.
            let command =
                "BEACON_STATUS_DELAY_MS=0 '\(Repository.sitegenBinary)' build --site '\(site.root)' --places '\(places)' --force\(extra)"
            let result = try Sitegen.run(
                ["-qec", command, "/dev/null"], executable: "/usr/bin/script")
            #expect(result.status == 0, "\(result.stdout)")
            return result.stdout
        }
        let shown = try onTerminal("")
        #expect(shown.contains("\r\u{1B}[KSkriver sider: "))
        #expect(shown.contains(" av 3"))
        #expect(shown.contains("Ferdig på"))
        let quiet = try onTerminal(" --quiet")
        #expect(!quiet.contains("\u{1B}[K"))
        let piped = try Sitegen.run(["build", "--site", site.root, "--places", places, "--force"])
        #expect(!piped.stderr.contains("\u{1B}"))
        #expect(piped.stderr.contains("Ferdig på"))
    }
}
