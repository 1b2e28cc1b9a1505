import Foundation
import Testing

@testable import BeaconModel
@testable import BeaconSystem
@testable import SiteBuild
@testable import SiteGenKit

/// `sitegen init --categories`: the kinds a new guide holds, written into its settings in the order
/// given; a mistake writes nothing.
@Suite struct InitCategoriesTests {
    func run(_ arguments: [String], environment: [String: String] = [:]) async -> (
        status: Int32, output: String, error: String
    ) {
        let console = CapturingConsole()
        let status = await CommandLineTool.run(
            arguments: arguments, environment: environment, console: console)
        return (status, console.outputText, console.errorText)
    }

    func settings(_ folder: String) throws -> SiteSettings {
        try SiteFolder(root: folder).loadSettings()
    }

    @Test(arguments: [
        ("bar,pub,fast-food", ["bar", "pub", "fast-food"]),
        // The names `--category` takes elsewhere, spaces around them, the order kept.
        ("hotell, kafe ,gatekjøkken", ["hotel", "cafe", "fast-food"]),
        ("Kafé,catering.pub,museer", ["cafe", "pub", "museum"]),
        ("cinema-theatre", ["cinema-theatre"]),
    ])
    func theCategoriesGoIntoTheSettingsInTheirOrder(text: String, keys: [String]) async throws {
        let parent = TestSite()
        let folder = parent.root + "/guide"
        let result = await run(["init", folder, "--categories", text])
        #expect(result.status == 0, "\(result.error)")
        #expect(try settings(folder).categories.map(\.rawValue) == keys)
        let file = try String(contentsOfFile: folder + "/" + SiteSettings.fileName, encoding: .utf8)
        #expect(file.contains(#""categories": ["#))
        #expect(result.output.contains("Kategorier: "))
    }

    @Test func withoutAKeyTheMessageSaysWhichKindsTheSampleLacks() async throws {
        let parent = TestSite()
        let some = await run(["init", parent.root + "/a", "--categories", "cafe,bar,pub"])
        #expect(some.status == 0, "\(some.error)")
        #expect(some.output.contains("Kategorier: kafeer, barer, puber."))
        #expect(
            some.output.contains(
                "Eksempeldataene har bare restauranter, kafeer og hoteller, så uten nøkkelen får guiden ingen barer eller puber."
            ))
        let none = await run(["init", parent.root + "/b", "--categories", "museum"])
        #expect(
            none.output.contains(
                "får guiden ingen museer, og «sitegen build» har ingen steder å bygge av."))
        // With a key, the kinds are fetched: no such line.
        let keyed = await run(
            ["init", parent.root + "/c", "--categories", "museum"],
            environment: ["GEOAPIFY_API_KEY": "k"])
        #expect(keyed.status == 0, "\(keyed.error)")
        #expect(!keyed.output.contains("Eksempeldataene"))
    }

    /// Without `--categories`, or with the default three, the settings file is what `init` always
    /// wrote.
    @Test func theDefaultThreeWriteTheSettingsFileAsBefore() async throws {
        let parent = TestSite()
        var files: [String] = []
        for (name, extra) in [("a", [String]()), ("b", ["--categories", "restaurant,cafe,hotel"])] {
            let folder = parent.root + "/" + name
            let result = await run(
                ["init", folder, "--center", "60.39", "5.32", "--title", "Bergen"] + extra)
            #expect(result.status == 0, "\(result.error)")
            #expect(!result.output.contains("Kategorier:"))
            files.append(
                try String(contentsOfFile: folder + "/" + SiteSettings.fileName, encoding: .utf8))
            #expect(try settings(folder).categories == PlaceCategory.defaults)
        }
        #expect(files[0] == files[1])
        #expect(!files[0].contains("categories"))
        var expected = SiteSettings(
            center: Coordinate(latitude: 60.39, longitude: 5.32), centerLabel: nil, title: "Bergen")
        expected.intro = nil
        #expect(files[0] == String(decoding: expected.encodedBytes, as: UTF8.self))
    }

    @Test(arguments: [
        (
            ["--categories", "bar,barer"],
            "--categories nevner «bar» to ganger (som «bar» og «barer»)"
        ),
        (["--categories", "pub,bar,pub"], "--categories nevner «pub» to ganger."),
        (["--categories", "bra,pub"], "ukjent kategori «bra» (mente du «bar»?)."),
        (
            ["--categories", "pub,bowlinghall"],
            "ukjent kategori «bowlinghall» (kjente kategorier: restaurant, cafe"
        ),
        (["--categories", "bar,,pub"], "--categories trenger kategorinavn skilt med komma"),
        (["--categories", "bar,"], "--categories trenger kategorinavn skilt med komma"),
        (["--categories", ""], "--categories trenger kategorinavn skilt med komma"),
        (["--categories"], "--categories trenger en verdi"),
        (["--categories", String(repeating: "x", count: 100_000)], "ukjent kategori «xxxxxxxx"),
        // The demo's places, ratings and favorites are of the brief's three kinds only.
        (
            ["--sample", "--categories", "bar"],
            "--sample lager eksempelguiden, og eksempeldataene har bare restauranter, kafeer og hoteller, så --sample kan ikke brukes sammen med --categories"
        ),
        (
            ["--sample", "--categories", "restaurant,cafe,hotel"],
            "--sample lager eksempelguiden, og eksempeldataene har bare restauranter"
        ),
    ])
    func aMistakeIsAUsageErrorAndWritesNothing(arguments: [String], message: String) async throws {
        let parent = TestSite()
        let folder = parent.root + "/guide"
        let result = await run(["init", folder] + arguments)
        #expect(result.status == 64)
        #expect(result.output.isEmpty)
        #expect(result.error.contains("sitegen init: " + message), "\(result.error)")
        #expect(result.error.utf8.count < 1_000)
        #expect(!FileManager.default.fileExists(atPath: folder))
    }

    @Test func theBinaryMakesAGuideWhoseCategoriesTheCommandAndCompletionSee() throws {
        let parent = TestSite()
        let made = try Sitegen.run(["init", "barer", "--categories", "bar,pub"], in: parent.root)
        #expect(made.status == 0, "\(made.stderr)")
        let names = try Sitegen.run(["categories", "--names"], in: parent.root + "/barer")
        #expect(names.stdout == "bar\nbarer\npub\npuber\n")
    }
}
