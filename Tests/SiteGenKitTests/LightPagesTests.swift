import Foundation
import Testing

@testable import BeaconModel
@testable import BeaconSystem
@testable import SiteBuild
@testable import SiteGenKit
@testable import Templates

/// A big guide keeps every page light: past `PageData.Layout.standard.inlineLimit` places the
/// explorer pages name data files instead of carrying the places.
@Suite struct LightPagesTests {
    func block(_ html: String) throws -> [String: Any] {
        let start = try #require(html.range(of: "id=\"beacon-data\">"))
        let end = try #require(html.range(of: "</script>", range: start.upperBound..<html.endIndex))
        let json = try JSONSerialization.jsonObject(
            with: Data(html[start.upperBound..<end.lowerBound].utf8))
        return try #require(json as? [String: Any])
    }

    @Test func aBigGuideHasLightPagesAndItsPlacesInDataFiles() async throws {
        let site = TestSite()
        // Past the inline limit, in two data files of the standard layout.
        let count = 6_000
        let places = BuildSafetyTests.placesFile(count, in: site)
        _ = try await BuildPipeline(
            options: BuildOptions(site: site.site, placesFile: places), environment: [:],
            console: CapturingConsole()
        ).run()

        // No HTML page over 200 KB.
        let pages = site.outputFiles().filter { $0.hasSuffix(".html") }
        #expect(pages.count > count)
        for page in pages {
            let size =
                (try FileManager.default.attributesOfItem(atPath: site.output + "/" + page)[.size]
                    as? Int) ?? 0
            #expect(size < 200_000, "\(page): \(size) bytes")
        }

        // The front page names every data file, and together they hold every place once, in its
        // order.
        let front = try block(try #require(site.read("output/index.html")))
        #expect(front["places"] == nil)
        #expect(front["count"] as? Int == count)
        let paths = try #require(front["chunks"] as? [String])
        #expect(
            paths.count == (count + PageData.Layout.standard.chunkSize - 1)
                / PageData.Layout.standard.chunkSize)
        var ids: [String] = []
        var distances: [Int] = []
        for path in paths {
            #expect(path.hasPrefix("data/steder-"))
            let entries = try #require(
                try JSONSerialization.jsonObject(
                    with: Data(contentsOf: URL(fileURLWithPath: site.output + "/" + path)))
                    as? [[String: Any]])
            ids += entries.compactMap { $0["id"] as? String }
            distances += entries.compactMap { $0["d"] as? Int }
        }
        #expect(ids.count == count && Set(ids).count == count)
        #expect(distances == distances.sorted())
        #expect(Set(site.outputFiles().filter { $0.hasPrefix("data/") }) == Set(paths))

        // A category page names the same files and its own count.
        let cafes = try block(try #require(site.read("output/kafeer/index.html")))
        #expect(cafes["chunks"] as? [String] == paths)
        #expect(cafes["count"] as? Int == count)
        // The offline copy keeps data files as they are fetched.
        #expect(site.read("output/sw.js")?.contains("\"data/\"") == true)
    }

    @Test func aRatingChangesOneDataFile() async throws {
        let site = TestSite()
        let places = BuildSafetyTests.placesFile(600, in: site)
        var options = BuildOptions(site: site.site, placesFile: places)
        // Files of 300 places, so that 600 make two (at the standard 5,000 a file this took 6,000
        // places).
        options.pageData = PageData.Layout(inlineLimit: 200, chunkSize: 300)
        _ = try await BuildPipeline(options: options, environment: [:], console: CapturingConsole())
            .run()
        let before = Set(site.outputFiles().filter { $0.hasPrefix("data/") })
        #expect(before.count == 2)
        let rated = try Sitegen.run(["rate", "Kafé nummer 432", "5", "--site", site.root])
        #expect(rated.status == 0, "\(rated.stderr)")
        _ = try await BuildPipeline(options: options, environment: [:], console: CapturingConsole())
            .run()
        let after = Set(site.outputFiles().filter { $0.hasPrefix("data/") })
        #expect(after.count == 2)
        #expect(before.intersection(after).count == 1)
    }

    @Test func aSmallGuideKeepsItsPlacesInThePage() async throws {
        let site = TestSite()
        _ = try await BuildPipeline(
            options: BuildOptions(site: site.site), environment: [:], console: CapturingConsole()
        ).run()
        let front = try block(try #require(site.read("output/index.html")))
        #expect((front["places"] as? [Any])?.isEmpty == false)
        #expect(front["chunks"] == nil)
        #expect(!FileManager.default.fileExists(atPath: site.output + "/data"))
    }
}

/// «Mine steder» is paginated like the lists: 100 favorites a page.
@Suite struct FavoritesPaginationTests {
    @Test func manyFavoritesMakeSeveralLinkedPages() async throws {
        let site = TestSite()
        let places = BuildSafetyTests.placesFile(300, in: site)
        // 230 favorites (the places file's ids are node/1000000 and up).
        let entries = (0..<230).map { #""node/\#(1_000_000 + $0)":{"favoriteSince":"2026-11-01"}"# }
            .joined(
                separator: ",")
        site.write(#"{"format":1,"places":{"# + entries + "}}", to: GuideStore.fileName)
        _ = try await BuildPipeline(
            options: BuildOptions(site: site.site, placesFile: places), environment: [:],
            console: CapturingConsole()
        ).run()
        let first = try #require(site.read("output/favoritter/index.html"))
        let third = try #require(site.read("output/favoritter/side/3/index.html"))
        #expect(!FileManager.default.fileExists(atPath: site.output + "/favoritter/side/4"))
        #expect(first.components(separatedBy: "<li class=\"place-card").count - 1 == 100)
        #expect(third.components(separatedBy: "<li class=\"place-card").count - 1 == 30)
        #expect(
            first.contains("href=\"side/2/index.html\"")
                || first.contains("favoritter/side/2/index.html"))
        #expect(first.contains("230"))
    }
}
