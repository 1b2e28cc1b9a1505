import Foundation
import Testing

@testable import BeaconModel
@testable import BeaconSite
@testable import BeaconSystem
@testable import SiteBuild
@testable import SiteGenKit
@testable import Templates

/// A build after a change to the store (a rating, a favorite) renders only the pages the change
/// touches; after any other change it renders every page and writes the files whose bytes differ.
/// Either way what it leaves in the output is byte for byte what a full build of the same inputs
/// writes.
@Suite struct IncrementalBuildTests {
    /// The explorer's places in data files past 200 places, 100 a file: a guide of 260 takes every
    /// path a big guide takes (data files, one rewritten, several list pages), at a tenth of the
    /// work.
    static let layout = PageData.Layout(inlineLimit: 200, chunkSize: 100)

    /// A places file of `count` places of all three categories, some with hours, phone and website,
    /// most with a street (a third without: «Adresse mangler»).
    static func mixedPlaces(
        _ count: Int, moved: [Int: (Double, Double)] = [:], renamed: [Int: String] = [:],
        without: Set<Int> = [],
        recategorized: Set<Int> = [], extraProperties: [Int: String] = [:],
        categories: [String] = ["catering.restaurant", "catering.cafe", "accommodation.hotel"]
    ) -> String {
        var features: [String] = []
        for index in 0..<count where !without.contains(index) {
            var (lat, lon) = (
                59.9 + Double(index % 97) * 0.0004, 10.7 + Double(index / 97) * 0.0006
            )
            if let position = moved[index] { (lat, lon) = position }
            let name = renamed[index] ?? "Sted nummer \(index)"
            let category = categories[
                (index + (recategorized.contains(index) ? 1 : 0)) % categories.count]
            var properties =
                #""name":"\#(name)","categories":["\#(category)"],"osm_type":"n","osm_id":\#(5_000_000 + index),"address_line2":"Gate \#(index), 0150 Oslo""#
            if index % 3 != 2 { properties += #","street":"Gate \#(index)""# }
            if let extra = extraProperties[index] { properties += "," + extra }
            if index % 4 == 0 {
                properties += #","opening_hours":"Mo-Fr 08:00-20:00; Sa 10:00-16:00""#
            }
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

    /// The rebuilds are the subject, not the map: no basemap (cutting the sample's tiles takes the
    /// unoptimised code over a second), except where a new radius changes the tiles
    /// (`aResizedGuide…`).
    static let environment = ["BEACON_BASEMAP": "none"]

    /// Runs a command in-process against the site.
    func sitegen(_ arguments: [String], _ site: TestSite) async -> Int32 {
        let console = CapturingConsole()
        let status = await CommandLineTool.run(
            arguments: arguments + ["--site", site.root], environment: Self.environment,
            console: console)
        return status
    }

    /// Every file of a folder with its bytes; `sw.js` without its build version (it names the
    /// fingerprint, which names the output path).
    func tree(_ root: String) -> [String: [UInt8]] {
        var files: [String: [UInt8]] = [:]
        for path in SiteWriter.listFiles(under: root) {
            var bytes =
                FileManager.default.contents(atPath: root + "/" + path).map { [UInt8]($0) } ?? []
            if path == "sw.js" {
                bytes = Array(
                    String(decoding: bytes, as: UTF8.self).replacing(
                        /"version":"[0-9a-f]+"/, with: "\"version\":\"-\""
                    )
                    .utf8)
            }
            files[path] = bytes
        }
        return files
    }

    /// Builds the site as it is (incrementally, into `output/`), then the same inputs from nothing
    /// into another folder, and expects the same files. Returns the incremental build's report.
    @discardableResult
    func buildAndCompare(
        _ site: TestSite, places: String, _ comment: Comment,
        environment: [String: String] = environment
    ) async throws -> BuildReport {
        var options = BuildOptions(site: site.site, placesFile: places)
        options.pageData = Self.layout
        let report = try await BuildPipeline(
            options: options, environment: environment, console: CapturingConsole()
        )
        .run()
        let fresh = site.root + "/fresh-output"
        try? FileManager.default.removeItem(atPath: fresh)
        var fromNothing = BuildOptions(
            site: site.site, outputPath: fresh, placesFile: places, force: true)
        fromNothing.pageData = Self.layout
        _ = try await BuildPipeline(
            options: fromNothing, environment: environment, console: CapturingConsole()
        ).run()
        let incremental = tree(site.output)
        let full = tree(fresh)
        // Compared as the difference, so that a failure names the few files, not every file of
        // both.
        let onlyInOne = Set(incremental.keys).symmetricDifference(full.keys).sorted()
        #expect(onlyInOne.isEmpty, "\(comment): files differ: \(onlyInOne.prefix(8))")
        let differing = incremental.keys.filter { full[$0] != nil && incremental[$0] != full[$0] }
            .sorted()
        #expect(differing.isEmpty, "\(comment): contents differ: \(differing.prefix(8))")
        // The record's digest was kept true without walking the output.
        let record = try #require(BuildRecord.load(site: site.site, output: site.output))
        #expect(
            record.tree == OutputTreeDigest.compute(site.output),
            "\(comment): the recorded digest is not the output's")
        return report
    }

    /// A site with a guide of 260 places (past `layout`'s inline limit: data files), built once
    /// from nothing. Each kind of change below starts from one, so the kinds run side by side.
    func bigGuide() async throws -> (site: TestSite, places: String, count: Int) {
        let site = TestSite()
        let count = 260
        site.write(Self.mixedPlaces(count), to: "steder.geojson")
        let places = site.root + "/steder.geojson"
        let first = try await buildAndCompare(site, places: places, "first build")
        #expect(first.renderedPages == first.pages)
        return (site, places, count)
    }

    /// A rating, no change, a favorite added and removed: each renders only its pages, and ends as
    /// a full build would.
    @Test func aRatingOrAFavoriteRendersOnlyItsPagesAndEndsAsAFullBuildWould() async throws {
        let (site, places, _) = try await bigGuide()
        // One rating: its detail page, the list pages and explorers it is on, one data file.
        #expect(
            await sitegen(["rate", "Sted nummer 123", "4", "--comment", "*God* kaffe"], site) == 0)
        let rated = try await buildAndCompare(site, places: places, "one rating")
        #expect(
            rated.renderedPages <= 1 + 2 + 4 + 1, "a rating rendered \(rated.renderedPages) pages")
        // Its page, two list pages, the four explorers (they name the data files), one data file,
        // the GeoJSON export, sw.js.
        #expect(rated.files.written <= 10, "a rating wrote \(rated.files.written) files")
        #expect(rated.files.removed == 1)  // the data file's old name
        #expect(
            site.read(
                "output/steder/"
                    + (try #require(
                        site.outputFiles().first { $0.contains("sted-nummer-123-") }?.split(
                            separator: "/")[1]))
                    + "/index.html")?.contains("God") == true)

        // Nothing changed: nothing rendered.
        let unchanged = try await BuildPipeline(
            options: BuildOptions(site: site.site, placesFile: places),
            environment: Self.environment,
            console: CapturingConsole()
        ).run()
        #expect(unchanged.files.written == 0 && unchanged.renderedPages == 0)
        // It tells the site's whole count of files, not the last rebuild's.
        #expect(unchanged.files.unchanged == SiteWriter.listFiles(under: site.output).count)

        // A favorite (within the data), then the favorites page and exports change too.
        #expect(await sitegen(["favorite", "add", "Sted nummer 77"], site) == 0)
        let favorite = try await buildAndCompare(site, places: places, "a favorite")
        #expect(favorite.renderedPages <= 12)
        #expect(await sitegen(["favorite", "remove", "Sted nummer 77"], site) == 0)
        try await buildAndCompare(site, places: places, "a favorite removed")
    }

    /// A guide of the owner's kinds, none of the brief's three: a rating, a favorite and a renamed
    /// place render that guide's explorers again, not the brief's, and each ends as a full build
    /// would.
    @Test func aGuideOfOtherKindsRebuildsItsOwnExplorersAsAFullBuildWould() async throws {
        let site = TestSite()
        site.write(
            #"{"format":1,"title":"Oslo om kvelden","languages":["nb","en"],"categories":["bar","pub","fast-food"]}"#,
            to: SiteSettings.fileName)
        let kinds = ["catering.bar", "catering.pub", "catering.fast_food"]
        let count = 260
        site.write(Self.mixedPlaces(count, categories: kinds), to: "steder.geojson")
        let places = site.root + "/steder.geojson"
        try await buildAndCompare(site, places: places, "first build")
        #expect(
            site.outputFiles().contains("barer/index.html")
                && site.outputFiles().contains("en/barer/index.html"))
        #expect(await sitegen(["rate", "Sted nummer 0", "5"], site) == 0)
        let rated = try await buildAndCompare(site, places: places, "one rating")
        #expect(rated.renderedPages < rated.pages / 4)
        #expect(
            !site.outputFiles().contains {
                $0.hasPrefix("restauranter/") || $0.hasPrefix("kafeer/")
                    || $0.hasPrefix("en/restauranter/")
            })
        #expect(await sitegen(["favorite", "add", "Sted nummer 4"], site) == 0)
        try await buildAndCompare(site, places: places, "a favorite")
        site.write(
            Self.mixedPlaces(count, renamed: [1: "Nytt navn"], categories: kinds),
            to: "steder.geojson")
        try await buildAndCompare(site, places: places, "a renamed place")
    }

    /// A moved place, a renamed one, an edited favorite: each renders every page, writes only the
    /// files that differ, and ends as a full build would.
    @Test func anEditedPlacesFileWritesOnlyWhatDiffersAndEndsAsAFullBuildWould() async throws {
        let (site, places, count) = try await bigGuide()
        // One place moved far away: every list position between its old and new place shifts.
        site.write(Self.mixedPlaces(count, moved: [5: (59.95, 10.9)]), to: "steder.geojson")
        let moved = try await buildAndCompare(site, places: places, "a moved place")
        #expect(moved.renderedPages == moved.pages)
        #expect(
            moved.files.written < moved.files.unchanged / 4,
            "a moved place wrote \(moved.files.written) files")
        // Renamed: a new slug, the old page removed.
        site.write(
            Self.mixedPlaces(count, moved: [5: (59.95, 10.9)], renamed: [90: "Nytt navn"]),
            to: "steder.geojson")
        let renamed = try await buildAndCompare(site, places: places, "a renamed place")
        #expect(renamed.files.removed >= 1)
        #expect(
            renamed.files.written <= 1 + 2 + 4 + 6,
            "a renamed place wrote \(renamed.files.written) files")
        // An edited favorite and a rating of another place in one build.
        #expect(await sitegen(["favorite", "add", "Sted nummer 30"], site) == 0)
        try await buildAndCompare(site, places: places, "a favorite before its place is edited")
        #expect(await sitegen(["rate", "Sted nummer 31", "5"], site) == 0)
        site.write(
            Self.mixedPlaces(
                count, moved: [5: (59.95, 10.9)], renamed: [90: "Nytt navn", 30: "Favoritt endret"]),
            to: "steder.geojson")
        try await buildAndCompare(site, places: places, "an edited favorite and a rating")
        #expect(site.read("output/favoritter/index.html")?.contains("Favoritt endret") == true)
        #expect(await sitegen(["favorite", "remove", "Favoritt endret"], site) == 0)
    }

    /// A place's name in another language given, changed and taken away, in a guide of two
    /// languages: every page ends as a full build writes it.
    @Test func aNameInAnotherLanguageEndsAsAFullBuildWould() async throws {
        let site = TestSite()
        site.write(#"{"format":1,"languages":["nb","en"]}"#, to: SiteSettings.fileName)
        let count = 260
        let places = site.root + "/steder.geojson"
        site.write(Self.mixedPlaces(count), to: "steder.geojson")
        try await buildAndCompare(site, places: places, "first build")
        for (comment, name, extra) in [
            ("an English name", nil, #""name:en":"Place number 40""#),
            (
                "another English name and the sign's language", nil,
                #""name:en":"Number forty","name:nb":"Sted nummer 40""#
            ),
            ("a name in our script no longer", "四十", #""name:en":"Number forty""#),
            ("another English name for it: a new slug", "四十", #""name:en":"Forty""#),
            ("and the first again", "四十", #""name:en":"Number forty""#),
        ] {
            let renamed = name.map { [40: $0] } ?? [:]
            site.write(
                Self.mixedPlaces(count, renamed: renamed, extraProperties: [40: extra]),
                to: "steder.geojson")
            let report = try await buildAndCompare(site, places: places, "\(comment)")
            #expect(report.files.written < report.files.unchanged / 4, "\(comment)")
        }
        // The bokmål pages show the English name for a name they cannot read.
        #expect(
            site.read("output/index.html")?.contains(
                #"<span class="place-card__name">Number forty</span>"#) == true)
        #expect(
            site.outputFiles().contains { $0.hasPrefix("steder/number-forty-") },
            "its slug from that name")
        site.write(Self.mixedPlaces(count), to: "steder.geojson")
        try await buildAndCompare(site, places: places, "the names taken away")
        #expect(site.read("output/index.html")?.contains("Number forty") == false)

        // Two places of one name of no Latin letter, one with an English name whose slug stem is
        // another place's name: renaming that place leaves the two alike names' labels as they
        // were.
        let shared: [Int: String] = [40: "四十", 41: "四十"]
        let english = [40: #""name:en":"Sted nummer 7""#]
        site.write(
            Self.mixedPlaces(count, renamed: shared, extraProperties: english), to: "steder.geojson"
        )
        try await buildAndCompare(site, places: places, "a name shared, of no Latin letter")
        #expect(
            site.outputFiles().contains {
                $0.hasPrefix("steder/sted-nummer-7-") && $0.contains("/")
            })
        var renamed = shared
        renamed[7] = "Sted nummer sju"
        site.write(
            Self.mixedPlaces(count, renamed: renamed, extraProperties: english),
            to: "steder.geojson")
        try await buildAndCompare(site, places: places, "the place of that stem renamed")
    }

    /// The owner's edits (an own place, a correction, a note, a hidden place) on a guide from a
    /// places file: each, and an edit of the file while they stand, ends as a full build would.
    @Test func ownerEditsEndAsAFullBuildWould() async throws {
        let (site, places, count) = try await bigGuide()
        #expect(
            await sitegen(
                ["place", "add", "Eget sted", "--at", "59.9101", "10.7201", "--category", "cafe"],
                site) == 0)
        try await buildAndCompare(site, places: places, "an own place")
        #expect(
            await sitegen(
                ["place", "edit", "Sted nummer 40", "--name", "Rettet navn", "--note", "*Fint*"],
                site) == 0)
        try await buildAndCompare(site, places: places, "a correction and a note")
        #expect(await sitegen(["rate", "Eget sted", "5"], site) == 0)
        try await buildAndCompare(site, places: places, "a rating of an own place")
        #expect(await sitegen(["place", "hide", "Sted nummer 41"], site) == 0)
        try await buildAndCompare(site, places: places, "a hidden place")
        site.write(
            Self.mixedPlaces(count, renamed: [90: "Nytt navn", 40: "Også nytt i filen"]),
            to: "steder.geojson")
        try await buildAndCompare(site, places: places, "the file edited under the owner's edits")
        #expect(site.outputFiles().contains { $0.contains("rettet-navn-") })
        #expect(!site.outputFiles().contains { $0.contains("ogsa-nytt-i-filen-") })
        #expect(!site.outputFiles().contains { $0.contains("sted-nummer-41-") })
        #expect(await sitegen(["place", "unhide", "Sted nummer 41"], site) == 0)
        #expect(await sitegen(["place", "edit", "Rettet navn", "--reset"], site) == 0)
        try await buildAndCompare(site, places: places, "unhidden, correction reset")
        #expect(site.outputFiles().contains { $0.contains("ogsa-nytt-i-filen-") })
        #expect(await sitegen(["place", "remove", "Eget sted"], site) == 0)
        try await buildAndCompare(site, places: places, "the own place removed")
        #expect(!site.outputFiles().contains { $0.contains("eget-sted-") })
    }

    /// The farthest place moved past the radius stays last (the same order), but its category's
    /// chip counts one fewer on every list page: each is written again, as a full build would.
    @Test func aPlaceLeavingTheRadiusRecountsEveryChip() async throws {
        let (site, places, count) = try await bigGuide()
        let farthest = 96  // 59.9384, 10.7: about 4.1 km from Oslo S, the guide's far corner
        site.write(Self.mixedPlaces(count, moved: [farthest: (59.95, 10.69)]), to: "steder.geojson")
        let report = try await buildAndCompare(
            site, places: places, "the farthest place past the radius")
        let page = try #require(site.read("output/side/2/index.html"))
        #expect(
            page.contains(
                #"<span class="chip__count">\#(NorwegianFormat.integer(count - 1))</span>"#))
        #expect(report.files.written < report.files.unchanged / 4)
    }

    /// A place of another category and back, places gone (one a favorite): each ends as a full
    /// build would.
    @Test func anotherCategoryAndGonePlacesEndAsAFullBuildWould() async throws {
        let (site, places, count) = try await bigGuide()
        // Another category: its place moves between the category lists.
        site.write(
            Self.mixedPlaces(
                count, moved: [5: (59.95, 10.9)], renamed: [90: "Nytt navn"], recategorized: [100]),
            to: "steder.geojson")
        try await buildAndCompare(site, places: places, "a place of another category")
        site.write(
            Self.mixedPlaces(count, moved: [5: (59.95, 10.9)], renamed: [90: "Nytt navn"]),
            to: "steder.geojson")
        try await buildAndCompare(site, places: places, "and back")
        #expect(!site.outputFiles().contains { $0.contains("sted-nummer-90-") })
        // A place gone and a favorite of it kept: it stays, as a favorite outside the data.
        #expect(await sitegen(["favorite", "add", "Sted nummer 42"], site) == 0)
        try await buildAndCompare(site, places: places, "favorite before it goes")
        site.write(
            Self.mixedPlaces(
                count, moved: [5: (59.95, 10.9)], renamed: [90: "Nytt navn"], without: [42, 43]),
            to: "steder.geojson")
        try await buildAndCompare(site, places: places, "two places gone, one a favorite")
        #expect(await sitegen(["favorite", "remove", "Sted nummer 42"], site) == 0)
        try await buildAndCompare(site, places: places, "the favorite outside the data removed")
    }

    /// A guide shrunk below the inline limit and grown again, a damaged cache, a new setting: each
    /// ends as a full build would.
    @Test func aResizedGuideADamagedCacheAndANewSettingEndAsAFullBuildWould() async throws {
        let (site, places, count) = try await bigGuide()
        // Shrinking below the inline limit: the data files go, the places are in the pages again.
        site.write(Self.mixedPlaces(150), to: "steder.geojson")
        try await buildAndCompare(site, places: places, "a small guide again", environment: [:])
        #expect(!site.outputFiles().contains { $0.hasPrefix("data/") })
        site.write(Self.mixedPlaces(count), to: "steder.geojson")
        try await buildAndCompare(site, places: places, "a big guide again", environment: [:])

        // A damaged cache is not used: the places are parsed again, and the result is the same.
        let base = BuildRecord.basePath(site: site.site, output: site.output)
        #expect(FileManager.default.fileExists(atPath: base))
        var bytes = try #require(site.bytes(String(base.dropFirst(site.root.count + 1))))
        bytes[bytes.count / 2] ^= 0xFF
        try Data(bytes).write(to: URL(fileURLWithPath: base))
        #expect(await sitegen(["rate", "Sted nummer 200", "2"], site) == 0)
        try await buildAndCompare(site, places: places, "a damaged base", environment: [:])
        try Data("ikke json".utf8).write(
            to: URL(fileURLWithPath: BuildRecord.storePath(site: site.site, output: site.output)))
        #expect(await sitegen(["rate", "Sted nummer 201", "3"], site) == 0)
        let afterDamage = try await buildAndCompare(
            site, places: places, "a damaged store copy", environment: [:])
        #expect(afterDamage.renderedPages == afterDamage.pages)

        // A changed setting shows on every page: everything is rendered.
        #expect(await sitegen(["radius", "4"], site) == 0)
        let radius = try await buildAndCompare(
            site, places: places, "a new radius", environment: [:])
        #expect(radius.renderedPages == radius.pages)

    }

    /// Places that come to share a name and stop sharing it: what tells them apart (`NameSuffixes`)
    /// follows on every page of each, also of a place not edited itself, and each build ends as a
    /// full build would.
    @Test func aNameSharedAndNoLongerSharedRelabelsEveryPlaceOfItAsAFullBuildWould() async throws {
        let (site, places, count) = try await bigGuide()
        func detailPages(_ stem: String) -> [String] {
            site.outputFiles().filter {
                $0.hasPrefix("steder/" + stem + "-") && $0.hasSuffix("index.html")
            }
            .compactMap { site.read("output/" + $0) }
        }
        // 10 and 51 have a street, 11 none (and no postcode): the street, or nothing rather than a
        // made-up one.
        var names = [10: "Kjede", 11: "Kjede", 51: "Kjede"]
        site.write(Self.mixedPlaces(count, renamed: names), to: "steder.geojson")
        try await buildAndCompare(site, places: places, "three places of one name")
        var pages = detailPages("kjede")
        #expect(pages.count == 3)
        #expect(
            pages.contains {
                $0.contains(#"Kjede<span class="name-suffix"> · Gate 10</span></h1>"#)
            })
        #expect(pages.contains { $0.contains(#"<title>Kjede · Gate 51 – "#) })
        #expect(pages.filter { $0.contains(#"class="name-suffix""#) }.count == 2)

        names[120] = "Kjede"
        site.write(Self.mixedPlaces(count, renamed: names), to: "steder.geojson")
        try await buildAndCompare(site, places: places, "a fourth joins")
        #expect(detailPages("kjede").count == 4)
        // All but one leave: the last one's name is its own again, on its page too.
        names = [10: "Kjede"]
        site.write(Self.mixedPlaces(count, renamed: names), to: "steder.geojson")
        try await buildAndCompare(site, places: places, "one place of that name left")
        pages = detailPages("kjede")
        #expect(pages.count == 1 && !pages[0].contains("name-suffix"))
        names[200] = "Et helt eget navn"
        site.write(Self.mixedPlaces(count, renamed: names), to: "steder.geojson")
        try await buildAndCompare(site, places: places, "a name of its own")
    }

    @Test func anotherDefaultCategoryIsAChange() async throws {
        let site = TestSite()
        // Features that name no category take the one given with --category.
        site.write(
            #"{"type":"FeatureCollection","features":[{"type":"Feature","geometry":{"type":"Point","coordinates":[10.75,59.91]},"properties":{"name":"Uten kategori","osm_type":"n","osm_id":1}}]}"#,
            to: "steder.geojson")
        #expect(
            await sitegen(
                ["build", "--places", site.root + "/steder.geojson", "--category", "hotel"], site)
                == 0)
        #expect(site.read("output/index.html")?.contains("Hotell · ") == true)
        #expect(
            await sitegen(
                ["build", "--places", site.root + "/steder.geojson", "--category", "cafe"], site)
                == 0)
        let front = try #require(site.read("output/index.html"))
        #expect(
            front.contains("Kafé · ") && !front.contains("Hotell · "),
            "the second build kept the first one's category")
    }

    @Test func theSampleGuideRebuildsOnlyWhatARatingTouches() async throws {
        let site = TestSite()
        let options = BuildOptions(site: site.site)
        let first = try await BuildPipeline(
            options: options, environment: Self.environment, console: CapturingConsole()
        ).run()
        #expect(first.renderedPages == first.pages)
        #expect(await sitegen(["rate", "Fuglen", "5"], site) == 0)
        let rated = try await BuildPipeline(
            options: options, environment: Self.environment, console: CapturingConsole()
        ).run()
        // Its page and the explorers (the places are in the pages of a small guide).
        #expect(rated.renderedPages == 1 + 4, "\(rated.renderedPages)")
        #expect(
            BuildRecord.load(site: site.site, output: site.output)?.tree
                == OutputTreeDigest.compute(site.output))
    }

    @Test func aSymbolicLinkInTheCacheIsReplacedNeverWrittenThrough() async throws {
        let site = TestSite()
        let options = BuildOptions(site: site.site)
        _ = try await BuildPipeline(
            options: options, environment: Self.environment, console: CapturingConsole()
        ).run()
        site.write("ikke rør meg\n", to: "offer.txt")
        let victim = site.root + "/offer.txt"
        let cacheFiles = [
            BuildRecord.path(site: site.site, output: site.output),
            BuildRecord.basePath(site: site.site, output: site.output),
            BuildRecord.storePath(site: site.site, output: site.output),
            PlaceIndex.path(in: site.site),
            PlaceIndex.sourcePath(in: site.site),
        ]
        for path in cacheFiles {
            try FileManager.default.removeItem(atPath: path)
            try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: victim)
        }
        #expect(await sitegen(["rate", "Fuglen", "5"], site) == 0)
        _ = try await BuildPipeline(
            options: options, environment: Self.environment, console: CapturingConsole()
        ).run()
        #expect(site.read("offer.txt") == "ikke rør meg\n")
        for path in cacheFiles {
            let type =
                try FileManager.default.attributesOfItem(atPath: path)[.type] as? FileAttributeType
            #expect(type == .typeRegular, "\(path) is still a link")
        }
    }

    @Test func aBuildThatFailsWhilePublishingLeavesNoRecordToTrust() async throws {
        let site = TestSite()
        let options = BuildOptions(site: site.site)
        _ = try await BuildPipeline(
            options: options, environment: Self.environment, console: CapturingConsole()
        ).run()
        #expect(BuildRecord.load(site: site.site, output: site.output)?.base != nil)
        // The record goes before the output changes: a kill after that point leaves the next build
        // no record.
        BuildRecord.remove(site: site.site, output: site.output)
        #expect(await sitegen(["rate", "Fuglen", "5"], site) == 0)
        let next = try await BuildPipeline(
            options: options, environment: Self.environment, console: CapturingConsole()
        )
        .run()
        #expect(next.renderedPages == next.pages)
    }
}
