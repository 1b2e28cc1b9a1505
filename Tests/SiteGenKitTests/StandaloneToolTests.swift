import Foundation
import Testing

@testable import BeaconModel
@testable import BeaconSystem
@testable import SiteBuild
@testable import SiteGenKit

/// `sitegen` as a tool one installs: the binary alone, `init`, the site's own
/// assets. The real binary, in temporary folders far from the repository.
@Suite struct StandaloneToolTests {
    static func temporaryFolder() -> String {
        let path = NSTemporaryDirectory() + "beacon-alone-\(UUID().uuidString)"
        try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test func theBinaryAloneInitsBuildsRatesAndRebuilds() throws {
        let tree = Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: tree) }
        try FileManager.default.createDirectory(
            atPath: tree + "/bin", withIntermediateDirectories: true)
        let binary = tree + "/bin/sitegen"
        // Copied with close-on-exec (FileManager's copy is not): a child another test spawns
        // meanwhile would otherwise inherit the copy open for writing, and running it would fail
        // with «Text file busy».
        try FileSystem.writeAtomically(
            FileSystem.read(Repository.sitegenBinary, limit: 1 << 31), to: binary, mode: 0o755)
        let work = tree + "/home/work"
        try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
        func sitegen(_ arguments: [String], in folder: String) throws -> ProcessResult {
            try Sitegen.run(
                arguments, in: folder, environment: ["HOME": tree + "/home"], executable: binary,
                bareEnvironment: true)
        }

        let initialised = try sitegen(
            ["init", "guide", "--center", "59.9111", "10.7503", "--label", "Oslo S"], in: work)
        #expect(initialised.status == 0, "\(initialised.stderr)")
        #expect(initialised.stdout.contains("cd guide && sitegen build"))
        #expect(initialised.stdout.contains("sitegen serve --watch"))
        let site = work + "/guide"
        #expect(
            Set(try FileManager.default.contentsOfDirectory(atPath: site)) == [
                ".gitignore", "beacon-settings.json", "beacon-store.json",
            ])

        let built = try sitegen(["build"], in: site)
        #expect(built.status == 0, "\(built.stderr)")
        for page in [
            "index.html", "kafeer/index.html", "favoritter/index.html", "assets/beacon.css",
            "assets/beacon.js",
            "sw.js",
        ] {
            #expect(FileManager.default.fileExists(atPath: site + "/output/" + page), "\(page)")
        }
        let front = try String(contentsOfFile: site + "/output/index.html", encoding: .utf8)
        #expect(front.contains("Tim Wendelboe"))
        // Built with Debian's Leaflet installed, the copy carries it: maps without the package.
        if FileManager.default.fileExists(atPath: MapLibrary.defaultFolder + "/leaflet.min.js") {
            #expect(
                FileManager.default.fileExists(atPath: site + "/output/assets/leaflet/leaflet.js"))
            #expect(!built.stderr.contains("Leaflet"))
        }

        let rated = try sitegen(
            ["rate", "Tim Wendelboe", "5", "--comment", "Alene-binæren virker"], in: site)
        #expect(rated.status == 0, "\(rated.stderr)")
        let rebuilt = try sitegen(["build"], in: site)
        #expect(rebuilt.status == 0, "\(rebuilt.stderr)")
        let detail = try #require(
            try FileManager.default.contentsOfDirectory(atPath: site + "/output/steder").first {
                $0.hasPrefix("tim-wendelboe")
            })
        let page = try String(
            contentsOfFile: site + "/output/steder/\(detail)/index.html", encoding: .utf8)
        #expect(page.contains("Alene-binæren virker"))
        #expect(!FileManager.default.fileExists(atPath: site + "/Resources"))
    }

    @Test func initRefusesAFolderInUseAndWritesNothing() throws {
        let tree = Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: tree) }
        try FileManager.default.createDirectory(
            atPath: tree + "/busy", withIntermediateDirectories: true)
        try Data("mine notater".utf8).write(to: URL(fileURLWithPath: tree + "/busy/notater.txt"))
        let busy = try Sitegen.run(["init", tree + "/busy"])
        #expect(busy.status == 64)
        #expect(busy.stderr.contains("ikke tom") && busy.stderr.contains("notater.txt"))
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: tree + "/busy") == ["notater.txt"])

        #expect(try Sitegen.run(["init", tree + "/guide"]).status == 0)
        let settingsBefore = try Data(
            contentsOf: URL(fileURLWithPath: tree + "/guide/beacon-settings.json"))
        let again = try Sitegen.run(["init", tree + "/guide", "--title", "Ny"])
        #expect(again.status == 64)
        #expect(again.stderr.contains("allerede et nettsted"))
        #expect(
            try Data(contentsOf: URL(fileURLWithPath: tree + "/guide/beacon-settings.json"))
                == settingsBefore)

        try Data().write(to: URL(fileURLWithPath: tree + "/fil"))
        #expect(try Sitegen.run(["init", tree + "/fil"]).status == 64)
        // An address needs the key; nothing is made without it.
        let noKey = try Sitegen.run(["init", tree + "/adresse", "--address", "Karl Johans gate 1"])
        #expect(noKey.status == 64)
        #expect(noKey.stderr.contains("GEOAPIFY_API_KEY"))
        #expect(!FileManager.default.fileExists(atPath: tree + "/adresse"))
        let both = try Sitegen.run(["init", tree + "/x", "--sample", "--title", "T"])
        #expect(both.status == 64)
        let oneNumber = try Sitegen.run(["init", tree + "/x", "--center", "59.9"])
        #expect(oneNumber.status == 64)
        #expect(oneNumber.stderr.contains("2 verdier"))
        #expect(!FileManager.default.fileExists(atPath: tree + "/x"))
        // Nothing half-made is left beside the folders either.
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: tree).sorted() == [
                "busy", "fil", "guide",
            ])
    }

    /// The commands `init` prints can be pasted as they are: a folder named `-` or `-dash` gets
    /// `./` (`cd -` goes to the previous folder), one with a space or a quote is quoted.
    @Test(arguments: [
        (["-"], "cd ./- && sitegen build"), (["--", "-dash"], "cd ./-dash && sitegen build"),
        (["min guide"], "cd 'min guide' && sitegen build"),
        (["Kari's"], #"cd 'Kari'\''s' && sitegen build"#),
        (["~tilde"], "cd '~tilde' && sitegen build"), (["blåbær"], "cd blåbær && sitegen build"),
    ])
    func initPrintsCommandsThatCanBePasted(arguments: [String], line: String) throws {
        let tree = Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: tree) }
        let result = try Sitegen.run(["init"] + arguments, in: tree)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("  " + line + "   #"), "\(result.stdout)")
        let folder = try #require(arguments.last)
        #expect(
            FileManager.default.fileExists(atPath: tree + "/" + folder + "/beacon-settings.json"))
        // And the printed command works in a shell.
        let shell = try Sitegen.run(
            ["-c", String(line.prefix { $0 != "&" }) + "&& test -f beacon-settings.json"], in: tree,
            executable: "/bin/sh")
        #expect(shell.status == 0, "\(shell.stderr)")
    }

    @Test func initIntoALinkToNothingSaysWhatItIs() throws {
        let tree = Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: tree) }
        try FileManager.default.createSymbolicLink(
            atPath: tree + "/lenke", withDestinationPath: tree + "/finnes-ikke/guide")
        let result = try Sitegen.run(["init", "lenke"], in: tree)
        #expect(result.status == 64, "\(result.stderr)")
        #expect(
            result.stderr.contains("symbolsk lenke")
                && result.stderr.contains(tree + "/finnes-ikke/guide"),
            "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: tree + "/finnes-ikke"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: tree) == ["lenke"])
    }

    @Test func initInAnEmptyFolderAndAGitRepository() throws {
        let tree = Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: tree) }
        try FileManager.default.createDirectory(
            atPath: tree + "/repo/.git", withIntermediateDirectories: true)
        let result = try Sitegen.run(
            [
                "init", "--title", "Kaffe i Bergen", "--center", "60.3913", "5.3221", "--label",
                "Torget",
            ],
            in: tree + "/repo")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!result.stdout.contains("cd "))
        let settings = try SiteFolder(root: tree + "/repo").loadSettings()
        #expect(settings.title == "Kaffe i Bergen")
        #expect(settings.centerLabel == "Torget")
        #expect(
            abs(settings.center.latitude - 60.3913) < 1e-9
                && abs(settings.center.longitude - 5.3221) < 1e-9)
        #expect(try SiteFolder(root: tree + "/repo").loadStore().entries.isEmpty)
        let ignore = try String(contentsOfFile: tree + "/repo/.gitignore", encoding: .utf8)
        #expect(ignore.contains("output/") && ignore.contains(".beacon-cache/"))
    }

    @Test func initWithAnAddressLooksItUp() throws {
        let tree = Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: tree) }
        let stub = try GeoapifyStub(routes: [
            "geocode": [
                .init(file: Repository.fixtures + "/geoapify/autocomplete-london-gym-1.json")
            ]
        ])
        let result = try Sitegen.run(
            ["init", tree + "/london", "--address", "Gym London"],
            environment: ["GEOAPIFY_API_KEY": "TESTKEY123456", "GEOAPIFY_BASE_URL": stub.baseURL])
        #expect(result.status == 0, "\(result.stderr)")
        let settings = try SiteFolder(root: tree + "/london").loadSettings()
        #expect(abs(settings.center.latitude - 51.5) < 0.5)
        #expect(settings.centerLabel != nil && settings.title.contains(settings.centerLabel!))
    }

    @Test func theSampleGuideComesWithRatingsAndFavorites() throws {
        let tree = Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: tree) }
        #expect(try Sitegen.run(["init", tree + "/demo", "--sample"]).status == 0)
        let store = try SiteFolder(root: tree + "/demo").loadStore()
        let repositoryStore = try SiteFolder(root: Repository.root).loadStore()
        #expect(store == repositoryStore)
        #expect(!store.favoriteIDs.isEmpty)
        #expect(try Sitegen.run(["build", "--site", tree + "/demo"]).status == 0)
        let favorites = try String(
            contentsOfFile: tree + "/demo/output/favoritter/index.html", encoding: .utf8)
        #expect(favorites.contains("Tim Wendelboe"))
    }

    @Test func versionNamesTheCommit() throws {
        let result = try Sitegen.run(["--version"])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("sitegen \(CommandLineTool.version) (commit "))
        let head = Process()
        head.executableURL = URL(fileURLWithPath: "/usr/bin/git")
        head.arguments = ["-C", Repository.root, "rev-parse", "HEAD"]
        let pipe = Pipe()
        head.standardOutput = pipe
        head.standardError = FileHandle.nullDevice
        if (try? head.run()) != nil {
            let hash = String(
                decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self
            )
            .trimmingCharacters(in: .whitespacesAndNewlines)
            ProcessWaiting.waitForExit(head)
            if head.terminationStatus == 0 {
                #expect(result.stdout.contains(String(hash.prefix(12))))
            }
        }
    }
}
