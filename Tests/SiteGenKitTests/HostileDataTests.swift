import BeaconHTML
import Foundation
import Testing

@testable import BeaconSite
@testable import BeaconSystem
@testable import SiteBuild
@testable import SiteGenKit

/// A places file written to break the site (script in names,
/// javascript: links, ids with ../, 100 kB names, bidi overrides, NUL) must
/// produce a site that stays inside its folder, parses, and runs nothing.
@Suite struct HostileDataTests {
    @Test func hostilePlacesCannotBreakTheSite() async throws {
        // The site gets a parent folder of its own, so anything written beside it shows.
        let parent = NSTemporaryDirectory() + "beacon-hostile-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: parent) }
        let site = TestSite(
            store:
                #"{"format":1,"places":{"node/8":{"favoriteSince":"2026-01-01","ratings":[{"stars":4,"date":"2026-01-01","comment":"<p>Fin</p><script>window.__pwned='comment'</script><a href=\"javascript:alert(1)\">lenke</a><img src=x onerror=alert(1)>"}]}}}"#,
            parent: parent)
        let before = Set((try? FileManager.default.contentsOfDirectory(atPath: parent)) ?? [])
        let report = try await BuildPipeline(
            options: BuildOptions(
                site: site.site, placesFile: Repository.fixtures + "/hostile-places.geojson"),
            environment: [:], console: CapturingConsole()
        ).run()
        #expect(report.placeCount == 10)

        // Nothing was written outside the site folder.
        let after = Set((try? FileManager.default.contentsOfDirectory(atPath: parent)) ?? [])
        #expect(after.subtracting(before).isEmpty)
        for file in site.outputFiles() {
            #expect(SiteWriter.isSafeRelativePath(file), "\(file)")
            #expect(!file.contains(".."))
        }

        let bidi: [Character] = ["\u{202E}", "\u{2066}", "\u{2069}", "\u{0}", "\u{7}"]
        for file in site.outputFiles() where file.hasSuffix(".html") {
            let bytes = try #require(site.bytes("output/" + file))
            let page = LinkChecker.parse(bytes, path: file)
            #expect(page.parseErrors.isEmpty, "\(file): \(page.parseErrors)")
            #expect(
                LinkChecker.brokenReferences(in: page, outputRoot: site.output).isEmpty, "\(file)")
            let text = String(decoding: bytes, as: UTF8.self)
            // Only our own script elements: scripts from assets/ and at most one JSON data block.
            let scripts = text.components(separatedBy: "<script").dropFirst()
            let inline = scripts.filter { !$0.hasPrefix(" src=\"") }
            #expect(
                inline.count <= 1
                    && inline.allSatisfy { $0.hasPrefix(" type=\"application/json\"") },
                "\(file): \(inline.map { $0.prefix(40) })")
            #expect(
                scripts.filter { $0.hasPrefix(" src=\"") }.allSatisfy {
                    $0.contains("assets/beacon") || $0.contains("assets/leaflet/")
                }, "\(file)")
            #expect(
                page.scriptBodies.allSatisfy { !$0.contains("__pwned") || !$0.contains("<") },
                "\(file)")
            for reference in page.references {
                let scheme = SafeURL.effectiveScheme(of: reference)
                #expect(
                    scheme == nil || ["http", "https", "mailto", "tel"].contains(scheme!),
                    "\(file): \(reference)")
            }
            #expect(
                !page.references.contains("x"), "\(file): the hostile <img src=x> became an element"
            )
            #expect(!page.names.contains { $0.contains("@on") }, "\(file): event handler attribute")
            let found = text.unicodeScalars.filter { scalar in
                bidi.contains { $0.unicodeScalars.first == scalar }
            }
            #expect(found.isEmpty, "\(file): \(found.map { String($0.value, radix: 16) })")
            #expect(bytes.count < 400_000, "\(file) is \(bytes.count) bytes")
        }
        let favorites = try #require(site.read("output/favoritter/index.html"))
        #expect(favorites.contains("<p>Fin</p>"))
        #expect(favorites.contains(">lenke<"))
        #expect(!favorites.contains("javascript:"))
    }
}
