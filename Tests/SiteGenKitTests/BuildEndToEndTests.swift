import Foundation
import Testing

@testable import BeaconModel
@testable import BeaconSystem
@testable import SiteBuild
@testable import SiteGenKit

/// Builds the sample guide into a temporary folder and checks the whole site.
@Suite struct BuildEndToEndTests {
    static let hostileFeature = """
        {"type":"Feature","properties":{"name":"<script>alert('xss')</script> Kafé","lat":59.9115,"lon":10.7510,
         "categories":["catering","catering.cafe"],"website":"javascript:alert(1)",
         "datasource":{"raw":{"osm_type":"n","osm_id":999000111}}},
         "geometry":{"type":"Point","coordinates":[10.7510,59.9115]}}
        """

    /// `withBasemap`: the sample's own basemap, as an owner gets it; otherwise none, where the map
    /// is not the subject (cutting its tiles takes the unoptimised code over a second).
    func build(
        _ site: TestSite, console: CapturingConsole = CapturingConsole(), withBasemap: Bool = false
    )
        async throws -> BuildReport
    {
        try await BuildPipeline(
            options: BuildOptions(site: site.site),
            environment: withBasemap ? [:] : ["BEACON_BASEMAP": "none"],
            console: console, placeSource: site.sampleSource
        ).run()
    }

    @Test func sampleGuideIsCompleteValidAndLinked() async throws {
        let site = TestSite(
            store: try String(
                contentsOfFile: Repository.root + "/beacon-store.json", encoding: .utf8))
        site.addSampleFeature(Self.hostileFeature, category: "cafe")
        let console = CapturingConsole()
        let report = try await build(site, console: console, withBasemap: true)

        #expect(report.source.kind == .sample)
        for category in PlaceCategory.defaults {
            #expect(report.countsByCategory[category, default: 0] >= 10, "\(category)")
        }
        #expect(console.progressText.contains("Henter kafeer"))

        let files = site.outputFiles()
        #expect(files.contains("index.html"))
        #expect(files.contains("404.html"))
        #expect(files.contains("favoritter/index.html"))
        #expect(files.contains("assets/beacon.css"))
        #expect(files.contains("favicon.svg"))
        for category in PlaceCategory.defaults {
            #expect(files.contains("\(category.pathSegment(in: .nb))/index.html"))
        }
        let detailPages = files.filter { $0.hasPrefix("steder/") }
        #expect(detailPages.count == report.placeCount + 1)  // + the favorite outside the data

        for file in files where file.hasSuffix(".html") {
            let bytes = try #require(site.bytes("output/" + file))
            let page = LinkChecker.parse(bytes, path: file)
            #expect(page.parseErrors.isEmpty, "\(file): \(page.parseErrors)")
            let broken = LinkChecker.brokenReferences(in: page, outputRoot: site.output)
            #expect(broken.isEmpty, "\(file) links to missing \(broken)")
            let text = String(decoding: bytes, as: UTF8.self)
            #expect(text.contains("<html lang=\"nb\" data-time-zone=\"Europe/Oslo\">"), "\(file)")
            #expect(!text.contains("<script>alert"), "\(file) has unescaped script")
            #expect(!text.contains("javascript:"), "\(file)")
        }

        let hostilePage = try #require(
            detailPages.first { $0.contains("script-alert-xss-script-kafe") })
        let hostile = try #require(site.read("output/" + hostilePage))
        #expect(
            hostile.contains("&lt;script&gt;alert(&#39;xss&#39;)&lt;/script&gt; Kafé")
                || hostile.contains("&lt;script&gt;alert('xss')&lt;/script&gt; Kafé"))

        // The store's ratings and favorites reached the pages.
        let favorites = try #require(site.read("output/favoritter/index.html"))
        #expect(favorites.contains("Tim Wendelboe"))
        #expect(favorites.contains("Frognerseteren Restaurant"))
        let index = try #require(site.read("output/index.html"))
        #expect(index.contains("Vurdering: 5,0 av 5, 1 vurdering"))
    }

    @Test func unchangedRebuildWritesNothingAndChangedStoreRewritesOnlyItsPages() async throws {
        let site = TestSite()
        let first = try await build(site)
        #expect(first.files.written > 60)
        let second = try await build(site)
        #expect(second.files.written == 0)
        #expect(second.files.unchanged == first.files.written)

        site.write(
            #"{"format":1,"places":{"node/2714550550":{"ratings":[{"stars":4,"date":"2026-11-01"}]}}}"#,
            to: GuideStore.fileName)
        let third = try await build(site)
        // Fuglen's detail page, the front page (its card and data), its category page,
        // the export of all places (which carries ratings), and sw.js (which names the build).
        #expect(third.files.written == 5)
    }

    @Test func unchangedInputsSkipTheWholeBuildButDamageIsRepaired() async throws {
        let site = TestSite()
        _ = try await build(site)
        let console = CapturingConsole()
        let again = try await build(site, console: console)
        #expect(again.files.written == 0)
        #expect(console.progressText.contains("Ingen endringer"))

        // A removed page folder is noticed and rebuilt.
        let page = try #require(site.outputFiles().first { $0.hasPrefix("steder/") })
        try FileManager.default.removeItem(
            atPath: site.output + "/" + (page as NSString).deletingLastPathComponent)
        let repaired = try await build(site)
        #expect(repaired.files.written == 1)
        #expect(FileManager.default.fileExists(atPath: site.output + "/" + page))

        // --force renders and compares everything, and still writes nothing unchanged.
        let forcedConsole = CapturingConsole()
        let forced = try await BuildPipeline(
            options: BuildOptions(site: site.site, force: true),
            environment: ["BEACON_BASEMAP": "none"],
            console: forcedConsole
        ).run()
        #expect(!forcedConsole.progressText.contains("Ingen endringer"))
        #expect(forced.files.written == 0)
        #expect(forced.files.unchanged > 60)
    }

    @Test func failedBuildLeavesPreviousOutput() async throws {
        let site = TestSite()
        _ = try await build(site)
        let before = site.read("output/index.html")
        site.write("{ not json", to: GuideStore.fileName)
        await #expect(throws: BuildError.self) { try await build(site) }
        #expect(site.read("output/index.html") == before)
        #expect(site.read(GuideStore.fileName) == "{ not json")
    }

    /// Skipped (and reported so) without the checker: the README's test
    /// command sets VNU_JAR and BEACON_REQUIRE_VNU; a bare `swift test` cannot run Java.
    @Test(
        .enabled(
            if: ProcessInfo.processInfo.environment["VNU_JAR"] != nil
                || ProcessInfo.processInfo.environment["BEACON_REQUIRE_VNU"] == "1",
            "the W3C checker is not set up (VNU_JAR); ./scripts/test sets it"))
    func validatesWithTheW3CChecker() async throws {
        let jar = try #require(
            ProcessInfo.processInfo.environment["VNU_JAR"],
            "BEACON_REQUIRE_VNU is set but VNU_JAR is not")
        let site = TestSite(
            store: try String(
                contentsOfFile: Repository.root + "/beacon-store.json", encoding: .utf8))
        site.addSampleFeature(Self.hostileFeature, category: "cafe")
        // Every page in each of the three languages, with the switcher, alternates and sitemap a
        // base URL brings.
        site.write(
            #"{"format":1,"baseURL":"https://example.org/guide/","languages":["nb","nn","en"]}"#,
            to: SiteSettings.fileName)
        // The owner's photos too: a gallery of two on a favorite's page, its card's thumbnail, its
        // pin.
        for (index, size) in [(1, (1200, 900)), (2, (600, 800))] {
            let path = site.root + "/../vnu-\(index)-\(UUID().uuidString).jpg"
            try PhotoBuildTests.jpeg(width: size.0, height: size.1, seed: UInt8(index)).write(
                to: URL(fileURLWithPath: path))
            defer { try? FileManager.default.removeItem(atPath: path) }
            let added = try Sitegen.run([
                "photo", "add", "Fuglen", path, "--credit", "Test", "--site", site.root,
            ])
            #expect(added.status == 0, "\(added.stderr)")
        }
        // A comment in Markdown, with every block it has (its heading shown as a strong paragraph).
        let rated = try Sitegen.run([
            "rate", "Fuglen", "4", "--comment",
            "**Book bord**, prøv *akevitt*.\n\n- Torsk\n- [Meny](https://example.org/)\n\n"
                + "## Merk\n\n> Stengt i juli.\nRing først.\n\n1. En\n2. To",
            "--site", site.root,
        ])
        #expect(rated.status == 0, "\(rated.stderr)")
        // The owner's note, under the name on its page.
        let noted = try Sitegen.run([
            "place", "edit", "Fuglen", "--note", "Spør etter **bordet ved vinduet**.", "--site",
            site.root,
        ])
        #expect(noted.status == 0, "\(noted.stderr)")
        _ = try await build(site, withBasemap: true)
        #expect(
            site.read(
                "output/en/" + (site.outputFiles().first { $0.hasPrefix("steder/fuglen-") } ?? ""))?
                .contains("data-gallery") == true)
        #expect(
            site.outputFiles().contains(
                "en/steder/"
                    + (site.outputFiles().first { $0.hasPrefix("steder/") }?.dropFirst(7) ?? "")))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["java", "-jar", jar, "--errors-only", "--skip-non-html", site.output]
        let pipe = Pipe()
        process.standardError = pipe
        process.standardOutput = pipe
        try process.run()
        let output = String(
            decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        ProcessWaiting.waitForExit(process)
        #expect(process.terminationStatus == 0, "vnu: \(output)")
    }
}
