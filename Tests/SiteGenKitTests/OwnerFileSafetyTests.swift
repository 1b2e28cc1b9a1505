import Foundation
import Testing

@testable import BeaconModel
@testable import BeaconSite
@testable import BeaconSystem

#if canImport(Glibc)
    import Glibc
#endif

/// The owner's files (store, settings, places file) under clumsy hands and
/// odd set-ups: nothing a command does may lose, replace or loosen them.
/// The real binary, because the promise is about the binary.
@Suite struct OwnerFileSafetyTests {
    func run(_ site: TestSite, _ arguments: [String]) throws -> ProcessResult {
        try Sitegen.run(arguments + ["--site", site.root])
    }

    static let store =
        #"{"format":1,"places":{"node/10914208868":{"place":{"name":"Tim Wendelboe","category":"cafe","lat":59.9233,"lon":10.7562},"ratings":[{"stars":5,"date":"2026-08-30"}]}}}"#

    func mode(_ path: String) -> mode_t {
        var info = stat()
        lstat(path, &info)
        return info.st_mode & 0o7777
    }

    // MARK: 4. share --output never replaces what it did not write

    @Test(arguments: [GuideStore.fileName, SiteSettings.fileName, ".beacon.lock"])
    func shareNeverWritesOverTheOwnersFiles(name: String) throws {
        let site = TestSite(store: Self.store)
        site.write(#"{"format":1,"radiusKm":5}"#, to: SiteSettings.fileName)
        site.write("", to: ".beacon.lock")
        let before = site.bytes(name)
        for arguments in [
            ["share", "--output", site.root + "/" + name],
            ["share", "--output", site.root + "/" + name, "--force"],
        ] {
            let result = try run(site, arguments)
            #expect(result.status == 64, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains("aldri skriver over"))
            #expect(site.bytes(name) == before)
        }
    }

    /// Run from another folder that holds a file named like the link's target:
    /// on main, a relative symlink was resolved against the working directory,
    /// and the share file replaced that folder's file.
    @Test func shareSeesThroughSymlinksHardLinksAndOtherSpellings() throws {
        let site = TestSite(store: Self.store)
        let before = site.bytes(GuideStore.fileName)
        let elsewhere = TestSite(store: "decoy")
        try FileManager.default.createSymbolicLink(
            atPath: site.root + "/lenke.html", withDestinationPath: GuideStore.fileName)
        #expect(link(site.root + "/" + GuideStore.fileName, site.root + "/hard.html") == 0)
        for target in [
            site.root + "/lenke.html", site.root + "/hard.html",
            site.root + "/Resources/../" + GuideStore.fileName,
        ] {
            let result = try Sitegen.run(
                ["share", "--output", target, "--force", "--site", site.root], in: elsewhere.root)
            #expect(result.status == 64, "\(target): \(result.stderr)")
            #expect(result.stderr.contains("lageret med vurderingene og favorittene"))
        }
        #expect(site.bytes(GuideStore.fileName) == before)
        #expect(elsewhere.read(GuideStore.fileName) == "decoy")
        #expect(
            try site.site.loadStore().ratings(for: PlaceID(rawValue: "node/10914208868")).count == 1
        )
        // A symlink to a file of the user's own is written through, and stays a link.
        site.write("", to: "ut/del.html")
        try FileManager.default.createSymbolicLink(
            atPath: site.root + "/del.html", withDestinationPath: "ut/del.html")
        let through = try Sitegen.run(
            ["share", "--output", "del.html", "--force", "--site", site.root], in: site.root)
        #expect(through.status == 0, "\(through.stderr)")
        #expect(site.read("ut/del.html")?.contains("Mine steder") == true)
        #expect(
            (try? FileManager.default.destinationOfSymbolicLink(atPath: site.root + "/del.html"))
                == "ut/del.html")
    }

    @Test func shareReplacesOnlyAnEarlierShareFileUnlessForced() throws {
        let site = TestSite(store: Self.store)
        site.write("<html>mitt eget brev</html>", to: "brev.html")
        let refused = try run(site, ["share", "--output", site.root + "/brev.html"])
        #expect(refused.status == 64)
        #expect(refused.stderr.contains("--force"))
        #expect(site.read("brev.html") == "<html>mitt eget brev</html>")

        #expect(try run(site, ["share"]).status == 0)
        let again = try run(site, ["share"])
        #expect(again.status == 0, "an earlier share file may be replaced: \(again.stderr)")
        #expect(site.read("mine-steder.html")?.contains("Beacon sitegen share") == true)

        let forced = try run(site, ["share", "--output", site.root + "/brev.html", "--force"])
        #expect(forced.status == 0)
        #expect(site.read("brev.html")?.contains("Mine steder") == true)
    }

    @Test func shareNeverWritesOverThePlacesFileOfTheLastBuild() throws {
        let site = TestSite()
        let places = Repository.fixtures + "/hostile-places.geojson"
        site.write(
            String(decoding: try FileSystem.read(places), as: UTF8.self), to: "steder.geojson")
        #expect(
            try run(
                site, ["build", "--places", site.root + "/steder.geojson", "--category", "cafe"]
            ).status == 0)
        let before = site.bytes("steder.geojson")
        let result = try run(site, ["share", "--output", site.root + "/steder.geojson", "--force"])
        #expect(result.status == 64)
        #expect(site.bytes("steder.geojson") == before)
    }

    /// Every file the site folder's tool owns, existing or not, whatever it is called: a photo's
    /// original, the built site, the cache, the store's backup. `--force` is for the owner's own
    /// files, not these.
    @Test func shareNeverWritesIntoWhatSitegenOwns() throws {
        let site = TestSite(store: Self.store)
        let original = "photos/0123456789abcdef0123456789abcdef.jpg"
        site.write("JPEG", to: original)
        site.write("<html>", to: "output/index.html")
        site.write("{}", to: ".beacon-cache/places-index.json")
        site.write("{}", to: GuideStore.fileName + ".format-1.bak")
        try FileManager.default.createSymbolicLink(
            atPath: site.root + "/lenke.jpg", withDestinationPath: original)
        let owned = [
            (original, "photos/"), ("photos/ny.html", "photos/"), ("output/index.html", "output/"),
            ("output/ny/del.html", "output/"),
            (".beacon-cache/places-index.json", ".beacon-cache/"),
            (GuideStore.fileName + ".format-1.bak", "sikkerhetskopien av lageret"),
            ("lenke.jpg", "photos/"),
        ]
        for (name, role) in owned {
            let before = site.bytes(name)
            let result = try run(site, ["share", "--output", site.root + "/" + name, "--force"])
            #expect(result.status == 64, "\(name): \(result.stderr)")
            #expect(
                result.stderr.contains(role) && result.stderr.contains("aldri skriver over"),
                "\(result.stderr)")
            #expect(site.bytes(name) == before, "\(name)")
        }
        #expect(site.read(original) == "JPEG")
        #expect(!FileManager.default.fileExists(atPath: site.root + "/output/ny"))
        // Beside them, in the site folder itself: the owner's to choose.
        #expect(try run(site, ["share", "--output", site.root + "/del.html"]).status == 0)
    }

    // MARK: 5. Numbers out of range are reported, never a crash

    @Test(arguments: [
        (
            GuideStore.fileName,
            #"{"format":1,"places":{"node/1":{"ratings":[{"stars":1e300,"date":"2026-01-01"}]}}}"#,
            "stars"
        ),
        (
            GuideStore.fileName,
            #"{"format":1,"places":{"node/1":{"ratings":[{"stars":9223372036854775808,"date":"2026-01-01"}]}}}"#,
            "stars"
        ),
        (
            GuideStore.fileName,
            #"{"format":1,"places":{"node/1":{"ratings":[{"stars":1e400,"date":"2026-01-01"}]}}}"#,
            "stars"
        ),
        (
            GuideStore.fileName,
            #"{"format":1,"places":{"node/1":{"ratings":[{"stars":-1e300,"date":"2026-01-01"}]}}}"#,
            "stars"
        ),
        (GuideStore.fileName, #"{"format":1e300,"places":{}}"#, "format"),
        (GuideStore.fileName, #"{"format":-9.3e18,"places":{}}"#, "format"),
        (
            GuideStore.fileName,
            #"{"format":1,"places":{"node/1":{"place":{"name":"X","category":"cafe","lat":1e400,"lon":10}}}}"#,
            "node/1.place"
        ),
        (SiteSettings.fileName, #"{"format":1e300}"#, "format"),
        (SiteSettings.fileName, #"{"format":1,"radiusKm":1e300}"#, "radiusKm"),
        (SiteSettings.fileName, #"{"format":1,"cacheHours":9223372036854775808}"#, "cacheHours"),
        (SiteSettings.fileName, #"{"format":1,"placesPerCategory":-1e400}"#, "placesPerCategory"),
        (SiteSettings.fileName, #"{"format":1,"center":{"lat":1e400,"lon":10}}"#, "breddegraden"),
    ])
    func outOfRangeNumbersAreReported(file: String, text: String, field: String) throws {
        let site = TestSite()
        site.write(text, to: file)
        let before = site.bytes(file)
        let readers =
            file == GuideStore.fileName
            ? [["favorites"], ["rate", "Fuglen", "3"], ["build"]]
            : [["favorites"], ["radius", "3"], ["build"]]
        for arguments in readers {
            let result = try run(site, arguments)
            #expect(
                result.status == 65, "\(arguments) \(text): exit \(result.status), \(result.stderr)"
            )
            #expect(result.stderr.contains(site.root + "/" + file))
            #expect(result.stderr.contains(field), "\(result.stderr)")
            #expect(site.bytes(file) == before)
        }
    }

    // MARK: 6. Writes keep what the owner set up

    @Test func aSymlinkedStoreStaysALinkAndItsTargetGetsTheRating() throws {
        let site = TestSite()
        let elsewhere = site.root + "/privat"
        try FileManager.default.createDirectory(
            atPath: elsewhere, withIntermediateDirectories: true)
        try Self.store.write(toFile: elsewhere + "/lager.json", atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(
            atPath: site.root + "/" + GuideStore.fileName, withDestinationPath: "privat/lager.json")
        let result = try run(site, ["rate", "Tim Wendelboe", "3"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            try FileManager.default.destinationOfSymbolicLink(
                atPath: site.root + "/" + GuideStore.fileName)
                == "privat/lager.json")
        let target = try JSONParser.parse(bytes: FileSystem.read(elsewhere + "/lager.json"))
        #expect(target["places"]?["node/10914208868"]?["ratings"]?.arrayValue?.count == 2)
        #expect(
            SiteWriter.listFiles(under: elsewhere) == ["lager.json"],
            "no temporary file is left beside the target")
    }

    @Test func permissionsStayAsTheOwnerSetThem() throws {
        let site = TestSite(store: Self.store)
        site.write(#"{"format":1,"radiusKm":5}"#, to: SiteSettings.fileName)
        chmod(site.root + "/" + GuideStore.fileName, 0o600)
        chmod(site.root + "/" + SiteSettings.fileName, 0o640)
        #expect(try run(site, ["rate", "Tim Wendelboe", "4"]).status == 0)
        #expect(try run(site, ["radius", "3"]).status == 0)
        #expect(mode(site.root + "/" + GuideStore.fileName) == 0o600)
        #expect(mode(site.root + "/" + SiteSettings.fileName) == 0o640)
        #expect(try site.site.loadSettings().radiusKm == 3)
    }

    @Test func aReadOnlyStoreIsRefusedNotReplaced() throws {
        let site = TestSite(store: Self.store)
        site.write(#"{"format":1,"radiusKm":5}"#, to: SiteSettings.fileName)
        chmod(site.root + "/" + GuideStore.fileName, 0o444)
        chmod(site.root + "/" + SiteSettings.fileName, 0o444)
        let before = site.bytes(GuideStore.fileName)
        let rated = try run(site, ["rate", "Tim Wendelboe", "1"])
        #expect(rated.status == 74)
        #expect(rated.stderr.contains("skrivebeskyttet"))
        #expect(site.bytes(GuideStore.fileName) == before)
        #expect(mode(site.root + "/" + GuideStore.fileName) == 0o444)
        let radius = try run(site, ["radius", "2"])
        #expect(radius.status == 74)
        #expect(try site.site.loadSettings().radiusKm == 5)
    }

    // MARK: 7. The store never silently loses data

    @Test(arguments: [
        (
            #"{"format":1,"places":{"node/10914208868":{"ratings":[{"stars":5,"date":"2026-08-30"}]},"node/10914208868":{"ratings":[]}}}"#,
            "står to ganger"
        ),
        (
            #"{"format":1,"places":{"node/1":{"ratings":[{"stars":5,"stars":1,"date":"2026-08-30"}]}}}"#,
            "står to ganger"
        ),
        (#"{"format":1,"notes":"husk Fuglen","places":{}}"#, "notes: ukjent felt"),
        (
            #"{"format":1,"places":{"node/1":{"ratings":[{"stars":5,"date":"2026-08-30","visitor":"Kari"}]}}}"#,
            "visitor: ukjent felt"
        ),
        (
            #"{"format":1,"places":{"node/1":{"favoriteSince":"2026-01-01","note":"x"}}}"#,
            "note: ukjent felt"
        ),
        (
            "{\"format\":1,\"places\":{\"node/1\":{\"ratings\":[{\"stars\":5,\"date\":\"2026-08-30\",\"comment\":\"god \\ud800 kaffe\"}]}}}",
            "surrogat"
        ),
        (
            "{\"format\":1,\"places\":{\"node/1\":{\"ratings\":[{\"stars\":5,\"date\":\"2026-08-30\",\"comment\":\"\\udc00\"}]}}}",
            "surrogat"
        ),
    ])
    func ambiguousOrUnknownStoreContentIsRefused(text: String, message: String) throws {
        let site = TestSite(store: text)
        let before = site.bytes(GuideStore.fileName)
        for arguments in [["rate", "Fuglen", "4"], ["favorite", "add", "Fuglen"], ["favorites"]] {
            let result = try run(site, arguments)
            #expect(result.status == 65, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains(message), "\(result.stderr)")
            #expect(site.bytes(GuideStore.fileName) == before)
        }
    }

    @Test func invalidUTF8IsRefusedWithItsPosition() throws {
        let site = TestSite()
        var bytes = Array(
            #"{"format":1,"places":{"node/1":{"ratings":[{"stars":5,"date":"2026-08-30","comment":"bl"#
                .utf8)
        bytes += [0xE5]  // Latin-1 "å"
        bytes += Array(#"bær"}]}}}"#.utf8)
        try Data(bytes).write(to: URL(fileURLWithPath: site.root + "/" + GuideStore.fileName))
        let result = try run(site, ["rate", "Fuglen", "4"])
        #expect(result.status == 65)
        #expect(result.stderr.contains("ugyldig UTF-8 (byte 0xE5)"))
        #expect(result.stderr.contains("linje 1, kolonne 88"))
        #expect(site.bytes(GuideStore.fileName) == bytes)
    }

    @Test func settingsFollowTheSameRule() throws {
        let site = TestSite()
        site.write(#"{"format":1,"radiusKm":3,"radiusKm":7}"#, to: SiteSettings.fileName)
        let duplicate = try run(site, ["radius"])
        #expect(duplicate.status == 65)
        #expect(duplicate.stderr.contains("står to ganger"))
        site.write(
            #"{"format":1,"center":{"lat":59.9,"lon":10.7,"zoom":3}}"#, to: SiteSettings.fileName)
        let unknown = try run(site, ["center", "show"])
        #expect(unknown.status == 65)
        #expect(unknown.stderr.contains("center.zoom: ukjent felt"))
    }

    // MARK: 8. Leftovers of killed writers

    @Test func temporaryFilesOfKilledWritersAreRemovedByTheNextWrite() throws {
        let site = TestSite(store: Self.store)
        // A process that has ended: its pid is free.
        let ended = Process()
        ended.executableURL = URL(fileURLWithPath: "/bin/true")
        try ended.run()
        ProcessWaiting.waitForExit(ended)
        let dead = ended.processIdentifier
        site.write("{half", to: ".\(GuideStore.fileName).tmp-\(dead)-123")
        site.write("{half", to: ".\(GuideStore.fileName).tmp-\(dead)-456")
        // One of a process that is alive (this test) must stay.
        site.write("{busy", to: ".\(GuideStore.fileName).tmp-\(getpid())-789")

        // The real thing: writers killed at random moments.
        for round in 0..<25 {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: Repository.sitegenBinary)
            process.arguments = ["rate", "Tim Wendelboe", "\(round % 5 + 1)", "--site", site.root]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            usleep(UInt32.random(in: 0...25_000))
            kill(process.processIdentifier, SIGKILL)
            ProcessWaiting.waitForExit(process)
        }
        #expect(try run(site, ["rate", "Tim Wendelboe", "2"]).status == 0)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: site.root).filter {
            $0.contains(".tmp-")
        }
        #expect(leftovers == [".\(GuideStore.fileName).tmp-\(getpid())-789"])
        #expect(
            try site.site.loadStore().ratings(for: PlaceID(rawValue: "node/10914208868")).count >= 2
        )
    }

    // MARK: 17. A failed command leaves no trace

    @Test func aFailedBuildInAnEmptyFolderLeavesItEmpty() throws {
        let empty = NSTemporaryDirectory() + "beacon-empty-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: empty) }
        // A places file that is not there: the build fails after it has looked at the folder.
        let result = try Sitegen.run([
            "build", "--site", empty, "--places", empty + "/mangler.geojson",
        ])
        #expect(result.status == 74)
        #expect(result.stderr.contains("mangler.geojson"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: empty) == [])
    }

    @Test func aFailedBuildWritesNoSettingsFile() throws {
        let site = TestSite()
        // The sample is compiled in: there is nothing to fetch again.
        let result = try run(site, ["build", "--refresh"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("eksempeldataene ligger i sitegen"), "\(result.stderr)")
        #expect(site.bytes(SiteSettings.fileName) == nil)
        #expect(!FileManager.default.fileExists(atPath: site.output))
        #expect(!FileManager.default.fileExists(atPath: site.root + "/.beacon.lock"))
        // A successful one does, as before; --offline asks nobody, and the sample needs nobody.
        let built = try run(site, ["build", "--offline"])
        #expect(built.status == 0, "\(built.stderr)")
        #expect(built.stderr.contains("Opprettet \(SiteSettings.fileName)"))
        #expect(try site.site.loadSettings() == .defaults)
    }
}
