import Foundation
import Synchronization
import Testing

@testable import BeaconModel
@testable import BeaconSite
@testable import BeaconSystem
@testable import SiteBuild
@testable import SiteGenKit

#if canImport(Glibc)
    import Glibc
#endif

/// Builds interrupted, run side by side, or run over an output someone
/// changed by hand: the output is always whole and correct, and nothing is
/// left behind. The real binary.
@Suite struct BuildSafetyTests {
    /// A places file of `count` cafés around Oslo S, big enough that a build
    /// of it takes a while (so it can be interrupted half-way).
    static func placesFile(_ count: Int, in site: TestSite) -> String {
        var text = #"{"type":"FeatureCollection","features":["#
        for index in 0..<count {
            if index > 0 { text += "," }
            let lat = 59.9 + Double(index % 1000) * 0.00005
            let lon = 10.7 + Double(index / 1000) * 0.0005
            text +=
                #"{"type":"Feature","geometry":{"type":"Point","coordinates":[\#(lon),\#(lat)]},"properties":{"name":"Kafé nummer \#(index)","categories":["catering.cafe"],"osm_type":"n","osm_id":\#(1_000_000 + index),"address_line2":"Gate \#(index), 0150 Oslo"}}"#
        }
        text += "]}"
        site.write(text, to: "mange.geojson")
        return site.root + "/mange.geojson"
    }

    func stagingFolders(_ site: TestSite) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: site.root)) ?? []).filter {
            $0.contains(".staging-")
        }
    }

    /// Starts a build, waits until it is writing its staging folder, and sends `signal`.
    func interruptedBuild(_ site: TestSite, places: String, signal: Int32) throws -> (
        status: Int32, stderr: String
    ) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Repository.sitegenBinary)
        process.arguments = ["build", "--site", site.root, "--places", places, "--force"]
        let errors = Pipe()
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        try process.run()
        let deadline = Date().addingTimeInterval(60)
        while stagingFolders(site).isEmpty && process.isRunning && Date() < deadline {
            usleep(1_000)
        }
        usleep(20_000)  // inside the page writing
        kill(process.processIdentifier, signal)
        let stderr = String(
            decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        ProcessWaiting.waitForExit(process)
        return (process.terminationStatus, stderr)
    }

    @Test(arguments: [(SIGINT, Int32(130)), (SIGTERM, Int32(143))])
    func anInterruptedBuildRemovesItsStagingFolderAndKeepsTheSite(signal: Int32, status: Int32)
        throws
    {
        let site = TestSite()
        // 6,000 places: an unoptimised build writes their pages for seconds, far past the 20 ms the
        // signal waits.
        let places = Self.placesFile(6_000, in: site)
        #expect(
            try Sitegen.run(["build", "--site", site.root, "--places", places, "--quiet"]).status
                == 0)
        let before = OutputTreeDigest.compute(site.output)
        let index = site.bytes("output/index.html")
        // A new title: every page changes, so the build has all of them to write.
        site.write(#"{"format":1,"title":"Ny tittel"}"#, to: SiteSettings.fileName)

        let result = try interruptedBuild(site, places: places, signal: signal)
        #expect(result.status == status, "\(result.stderr)")
        #expect(result.stderr.contains("avbrutt"), "\(result.stderr)")
        #expect(stagingFolders(site).isEmpty, "left behind: \(stagingFolders(site))")
        #expect(OutputTreeDigest.compute(site.output) == before)
        #expect(site.bytes("output/index.html") == index)
    }

    /// Six builds at once: each waits its turn, none fails, the output is whole.
    @Test func concurrentBuildsOfOneSiteTakeTurns() throws {
        let site = TestSite()
        let root = site.root
        let results = Mutex<[ProcessResult]>([])
        let done = DispatchGroup()
        // Threads, not concurrentPerform (which runs only as many at once as there are cores).
        for _ in 0..<6 {
            done.enter()
            Thread {
                let result = try? Sitegen.run(["build", "--site", root, "--force"])
                results.withLock {
                    $0.append(result ?? ProcessResult(status: -1, stdout: "", stderr: ""))
                }
                done.leave()
            }.start()
        }
        done.wait()
        let all = results.withLock { $0 }
        #expect(all.count == 6)
        for result in all { #expect(result.status == 0, "\(result.stderr)") }
        #expect(all.contains { $0.stderr.contains("Venter på at en annen bygging") })
        #expect(stagingFolders(site).isEmpty)
        #expect(try Sitegen.run(["build", "--site", site.root]).stderr.contains("Ingen endringer"))
    }

    @Test func noWaitFailsAtOnceWhileAnotherBuildRuns() throws {
        let site = TestSite()
        let lock = try SiteBuildLock.acquire(site: site.site, wait: false)
        let started = Date()
        let busy = try Sitegen.run(["build", "--site", site.root, "--no-wait"])
        #expect(busy.status == 75)
        #expect(busy.stderr.contains("En annen bygging av \(site.root) pågår"))
        #expect(Date().timeIntervalSince(started) < 10)
        #expect(!FileManager.default.fileExists(atPath: site.output))
        withExtendedLifetime(lock) {}
    }

    // MARK: 10. The no-change check sees every file

    @Test func aPageRemovedOrEditedByHandIsRebuilt() throws {
        let site = TestSite()
        #expect(try Sitegen.run(["build", "--site", site.root]).status == 0)
        let pages = site.outputFiles().filter { $0.hasPrefix("steder/") }
        let page = try #require(pages.first)
        let original = try #require(site.bytes("output/" + page))

        try FileManager.default.removeItem(atPath: site.output + "/" + page)
        let afterRemoval = try Sitegen.run(["build", "--site", site.root])
        #expect(afterRemoval.status == 0)
        #expect(!afterRemoval.stderr.contains("Ingen endringer"))
        #expect(site.bytes("output/" + page) == original)

        // Edited in place, its time set back to what it was: still noticed.
        let path = site.output + "/" + page
        var info = stat()
        stat(path, &info)
        let fd = open(path, O_WRONLY | O_TRUNC)
        _ = "hacked".withCString { write(fd, $0, 6) }
        close(fd)
        var times = [
            timespec(tv_sec: info.st_atim.tv_sec, tv_nsec: info.st_atim.tv_nsec),
            timespec(tv_sec: info.st_mtim.tv_sec, tv_nsec: info.st_mtim.tv_nsec),
        ]
        utimensat(AT_FDCWD, path, &times, 0)
        let afterEdit = try Sitegen.run(["build", "--site", site.root])
        #expect(!afterEdit.stderr.contains("Ingen endringer"))
        #expect(site.bytes("output/" + page) == original)

        // A stray file is noticed and removed.
        site.write("stray", to: "output/steder/fremmed.html")
        let afterStray = try Sitegen.run(["build", "--site", site.root])
        #expect(!afterStray.stderr.contains("Ingen endringer"))
        #expect(site.bytes("output/steder/fremmed.html") == nil)

        // And nothing changed: nothing to do.
        #expect(try Sitegen.run(["build", "--site", site.root]).stderr.contains("Ingen endringer"))
    }

    // MARK: 16. The terminal commands know the last build's source

    @Test func shareAfterALiveBuildCreditsGeoapifyAndItsDate() throws {
        let site = TestSite(
            store:
                #"{"format":1,"places":{"node/10914208868":{"place":{"name":"Tim Wendelboe","category":"cafe","lat":59.9233,"lon":10.7562},"favoriteSince":"2026-09-14"}}}"#
        )
        let stub = try GeoapifyStub()
        let built = try Sitegen.run(
            ["build", "--site", site.root],
            environment: ["GEOAPIFY_API_KEY": "test-key-123456", "GEOAPIFY_BASE_URL": stub.baseURL])
        #expect(built.status == 0, "\(built.stderr)")
        let page = try #require(site.read("output/favoritter/index.html"))
        #expect(page.contains("Powered by Geoapify"))
        let shared = try Sitegen.run(["share", "--site", site.root])
        #expect(shared.status == 0, "\(shared.stderr)")
        let file = try #require(site.read("mine-steder.html"))
        #expect(file.contains("Powered by Geoapify"))
        let today = GuideTimeZone.oslo.today(Date()).norwegianLong
        #expect(file.contains(today), "the share file dates the data as the pages do")
        #expect(page.contains(today))

        // Without a recorded build, the sample data and its own date, no Geoapify credit.
        let fresh = TestSite(store: site.read(GuideStore.fileName))
        #expect(try Sitegen.run(["share", "--site", fresh.root]).status == 0)
        #expect(fresh.read("mine-steder.html")?.contains("Powered by Geoapify") == false)
    }
}
