import Foundation
import Testing

@testable import BeaconModel
@testable import BeaconSite
@testable import BeaconSources
@testable import BeaconSystem
@testable import SiteBuild
@testable import SiteGenKit

/// Nothing a command reads or writes in the site folder leads out of it through a symbolic link,
/// unless the owner named the path on the command line. A cloned guide is the case this guards:
/// git keeps links, and the folder is meant to be committed.
@Suite struct SiteFolderContainmentTests {
    /// A folder outside the site with a file nobody should publish, and the site beside it.
    struct Setup {
        let site = TestSite()
        let outside: String

        init() {
            outside = site.root + "-utenfor"
            try! FileManager.default.createDirectory(
                atPath: outside, withIntermediateDirectories: true)
            try! Data("hemmelig nøkkel\n".utf8).write(
                to: URL(fileURLWithPath: outside + "/id_ed25519"))
        }

        func link(_ name: String, to destination: String) {
            let path = site.root + "/" + name
            try! FileManager.default.createDirectory(
                atPath: (path as NSString).deletingLastPathComponent,
                withIntermediateDirectories: true)
            try! FileManager.default.createSymbolicLink(
                atPath: path, withDestinationPath: destination)
        }

        func run(_ arguments: [String]) throws -> ProcessResult {
            try Sitegen.run(arguments + ["--site", site.root])
        }

        func removeOutside() { try? FileManager.default.removeItem(atPath: outside) }
    }

    /// Every file under `folder` whose bytes hold `needle`.
    func files(under folder: String, containing needle: String) -> [String] {
        SiteWriter.listFiles(under: folder).filter { name in
            (try? FileSystem.read(folder + "/" + name, limit: 1 << 30)).map {
                String(decoding: $0, as: UTF8.self).contains(needle)
            } ?? false
        }
    }

    @Test func anAssetsFolderThatLeadsOutIsRefusedByEveryCommandThatReadsIt() throws {
        let setup = Setup()
        defer { setup.removeOutside() }
        setup.link("assets", to: setup.outside)
        let built = try setup.run(["build"])
        #expect(built.status == 65, "\(built.stderr)")
        #expect(
            built.stderr.contains(setup.site.root + "/assets")
                && built.stderr.contains(setup.outside),
            "\(built.stderr)")
        #expect(!built.stderr.contains("legger til id_ed25519"))
        #expect(!FileManager.default.fileExists(atPath: setup.site.output), "nothing is published")
        for command in [["share"], ["assets", "list"], ["serve", "--watch", "--port", "0"]] {
            let result = try setup.run(command)
            #expect(result.status == 65, "\(command): \(result.stderr)")
            #expect(
                result.stderr.contains("lenke ut av nettstedsmappen"),
                "\(command): \(result.stderr)")
        }
        #expect(
            !FileManager.default.fileExists(
                atPath: setup.site.root + "/" + ShareCommand.defaultFileName))

        // A built site that gains the link later keeps its last good output, with nothing from
        // outside.
        try FileManager.default.removeItem(atPath: setup.site.root + "/assets")
        #expect(try setup.run(["build"]).status == 0)
        setup.link("assets", to: setup.outside)
        #expect(try setup.run(["build"]).status == 65)
        #expect(files(under: setup.site.output, containing: "hemmelig").isEmpty)
        #expect(!FileManager.default.fileExists(atPath: setup.site.output + "/assets/id_ed25519"))
    }

    @Test(arguments: [GuideStore.fileName, SiteSettings.fileName, ".beacon-cache", "output"])
    func aFixedPartThatLeadsOutIsRefusedAndNothingOutThereIsTouched(part: String) throws {
        let setup = Setup()
        defer { setup.removeOutside() }
        // A link whose target does not exist yet: a write through it would create the file out
        // there.
        setup.link(part, to: setup.outside + "/ny-" + part)
        let built = try setup.run(["build"])
        #expect(built.status == 65, "\(part): \(built.stderr)")
        #expect(built.stderr.contains(setup.site.root + "/" + part), "\(built.stderr)")
        if part != "output" {
            // The terminal commands read the store and settings too.
            let rated = try setup.run(["radius", "3"])
            #expect(rated.status == 65, "\(part): \(rated.stderr)")
        }
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: setup.outside) == ["id_ed25519"],
            "nothing was created outside")
        #expect(
            !FileManager.default.fileExists(atPath: setup.site.root + "/" + SiteSettings.fileName)
                || part == SiteSettings.fileName)
    }

    @Test func aFolderInsideTheCacheThatLeadsOutIsRefused() throws {
        let setup = Setup()
        defer { setup.removeOutside() }
        #expect(try setup.run(["build"]).status == 0)
        setup.link(".beacon-cache/geoapify-tiles", to: setup.outside)
        let built = try setup.run(["build", "--force"])
        #expect(built.status == 65, "\(built.stderr)")
        #expect(built.stderr.contains(".beacon-cache/geoapify-tiles"))
    }

    @Test func aNamedOutputMayLeadAnywhereAndLinksInsideTheFolderAreFine() throws {
        let setup = Setup()
        defer { setup.removeOutside() }
        // Links that stay inside: a theme folder and a store kept in a sub-folder.
        setup.site.write("body { margin: 0 }\n", to: "tema/assets/custom.css")
        setup.link("assets", to: "tema/assets")
        setup.site.write(#"{"format":1,"places":{}}"#, to: "privat/lager.json")
        setup.link(GuideStore.fileName, to: "privat/lager.json")
        // The output named on the command line, through a link out of the folder.
        setup.link("output", to: setup.outside + "/nettsted")
        let named = try setup.run(["build", "--output", setup.site.root + "/output"])
        #expect(named.status == 0, "\(named.stderr)")
        #expect(
            FileManager.default.fileExists(atPath: setup.outside + "/nettsted/assets/custom.css"))
        // Unnamed, the same link is refused.
        let unnamed = try setup.run(["build"])
        #expect(unnamed.status == 65, "\(unnamed.stderr)")
        #expect(unnamed.stderr.contains("--output"))
    }

    /// An output among what the build reads would be read back in by the next build, and grow each
    /// time.
    @Test(arguments: ["assets/nettsted", ".beacon-cache/nettsted", "assets"])
    func anOutputInsideWhatTheBuildReadsIsRefused(output: String) throws {
        let setup = Setup()
        defer { setup.removeOutside() }
        let result = try setup.run(["build", "--output", setup.site.root + "/" + output])
        #expect(result.status != 0, "\(result.stderr)")
        #expect(result.stderr.contains("som bygget leser fra"), "\(result.stderr)")
        #expect(
            !FileManager.default.fileExists(atPath: setup.site.root + "/" + output + "/index.html"))
    }

    @Test func aSiteReachedThroughALinkIsItsOwnInside() throws {
        let setup = Setup()
        defer { setup.removeOutside() }
        let alias = setup.outside + "/guiden"
        try FileManager.default.createSymbolicLink(
            atPath: alias, withDestinationPath: setup.site.root)
        setup.site.write("body { margin: 0 }\n", to: "assets/custom.css")
        let built = try Sitegen.run(["build", "--site", alias])
        #expect(built.status == 0, "\(built.stderr)")
        #expect(setup.site.read("output/assets/custom.css") == "body { margin: 0 }\n")
    }

    @Test func aCachedAnswerThatIsALinkIsNotRead() throws {
        let site = TestSite()
        let cache = ResponseCache(folder: site.root + "/cache")
        let url = URL(string: "https://api.geoapify.com/v2/places?categories=catering.cafe")!
        try cache.store(
            Data(#"{"type":"FeatureCollection","features":[]}"#.utf8), url: url, key: "places-x",
            at: Date())
        #expect(cache.entry(for: "places-x", now: Date()) != nil)
        site.write(#"{"type":"FeatureCollection","features":[{"hemmelig":1}]}"#, to: "annet.json")
        try FileManager.default.removeItem(atPath: site.root + "/cache/places-x.json")
        try FileManager.default.createSymbolicLink(
            atPath: site.root + "/cache/places-x.json",
            withDestinationPath: site.root + "/annet.json")
        #expect(cache.entry(for: "places-x", now: Date()) == nil)
    }
}
