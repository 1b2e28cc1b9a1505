import Foundation
import Testing

@testable import BeaconModel
@testable import BeaconSite
@testable import BeaconSources
@testable import BeaconSystem
@testable import SiteBuild
@testable import SiteGenKit

/// `sitegen serve --watch` as a real process: it rebuilds when the store
/// changes, tells open pages over Server-Sent Events, and keeps serving the
/// last good site when a rebuild fails.
@Suite(.serialized) struct WatchTests {
    /// The server on a free port; its standard error goes to a file the test can read at any time.
    final class WatchingServer {
        let process = Process()
        let log: String
        let port: UInt16

        init(site: TestSite, arguments extra: [String] = []) throws {
            log =
                (site.root as NSString).deletingLastPathComponent
                + "/watch-\(UUID().uuidString).log"
            _ = FileManager.default.createFile(atPath: log, contents: nil)
            process.executableURL = URL(fileURLWithPath: Repository.sitegenBinary)
            process.arguments = ["serve", "--watch", "--port", "0", "--site", site.root] + extra
            var environment = ProcessInfo.processInfo.environment
            environment["GEOAPIFY_API_KEY"] = nil
            process.environment = environment
            let output = Pipe()
            process.standardOutput = output
            process.standardError = FileHandle(forWritingAtPath: log)
            try process.run()
            port = ServingBinary.announcement(on: output).port
        }

        var stderr: String { (try? String(contentsOfFile: log, encoding: .utf8)) ?? "" }

        func stop() -> Int32 {
            kill(process.processIdentifier, SIGINT)
            ProcessWaiting.waitForExit(process, timeout: 10)
            try? FileManager.default.removeItem(atPath: log)
            return process.terminationStatus
        }
    }

    /// Polls until `condition` holds; the seconds it took, or nil after `timeout`.
    func waitFor(timeout: Double = 10, _ condition: () -> Bool) -> Double? {
        let started = Date()
        while Date().timeIntervalSince(started) < timeout {
            if condition() { return Date().timeIntervalSince(started) }
            usleep(20_000)
        }
        return nil
    }

    func body(_ response: String) -> String {
        response.components(separatedBy: "\r\n\r\n").dropFirst().joined(separator: "\r\n\r\n")
    }

    @Test func aRatingReachesTheOpenPageAndAFailedRebuildKeepsTheLastSite() throws {
        let site = TestSite(
            store: try String(
                contentsOfFile: Repository.root + "/beacon-store.json", encoding: .utf8))
        let server = try WatchingServer(site: site)
        var stopped = false
        defer { if !stopped { _ = server.stop() } }
        #expect(server.port != 0, "\(server.stderr)")

        // Pages get the reload script as they are sent; the files on disk do not have it.
        let front = RawHTTP.get(server.port, "/")
        #expect(front.hasPrefix("HTTP/1.1 200"))
        #expect(front.contains("<script src=\"/__sitegen/reload.js\" defer></script></head>"))
        #expect(site.read("output/index.html")?.contains("__sitegen") == false)
        let script = RawHTTP.get(server.port, "/__sitegen/reload.js")
        #expect(
            script.hasPrefix("HTTP/1.1 200") && script.contains("text/javascript")
                && script.contains("EventSource"))
        let worker = RawHTTP.get(server.port, "/sw.js")
        #expect(
            worker.hasPrefix("HTTP/1.1 200") && worker.contains("caches.delete")
                && !worker.contains("fetch"))
        #expect(!FileManager.default.fileExists(atPath: site.output + "/__sitegen"))

        // A reader with the page open: the event stream.
        let events = RawHTTP.connect(server.port)
        defer { close(events) }
        _ = Array("GET /__sitegen/events HTTP/1.1\r\nHost: x\r\n\r\n".utf8).withUnsafeBytes {
            send(events, $0.baseAddress!, $0.count, Int32(MSG_NOSIGNAL))
        }
        var received = ""
        func readEvents() {
            var buffer = [UInt8](repeating: 0, count: 4096)
            let n = buffer.withUnsafeMutableBytes {
                recv(events, $0.baseAddress!, $0.count, Int32(MSG_DONTWAIT))
            }
            if n > 0 { received += String(decoding: buffer[0..<n], as: UTF8.self) }
        }
        #expect(
            waitFor {
                readEvents()
                return received.contains("text/event-stream") && received.contains("retry:")
            } != nil)

        let detail = try #require(site.outputFiles().first { $0.hasPrefix("steder/tim-wendelboe") })
        let path = "/" + detail.replacingOccurrences(of: "index.html", with: "")
        let rated = try Sitegen.run([
            "rate", "Tim Wendelboe", "1", "--comment", "Endret mens serveren så på", "--site",
            site.root,
        ])
        #expect(rated.status == 0, "\(rated.stderr)")
        let seconds = waitFor {
            body(RawHTTP.get(server.port, path)).contains("Endret mens serveren så på")
        }
        #expect(seconds != nil, "\(server.stderr)")
        print(
            "serve --watch: rating saved → page changed over HTTP in \(seconds.map { String(format: "%.3f", $0) } ?? "-") s (debug build)"
        )
        #expect(
            waitFor {
                readEvents()
                return received.contains("event: reload")
            } != nil)
        #expect(server.stderr.contains("Bygget på nytt"))

        // A broken store: the message in the terminal, the last good page still served.
        site.write("{ not json", to: GuideStore.fileName)
        #expect(waitFor { server.stderr.contains("Feil:") } != nil)
        #expect(server.stderr.contains("Viser fortsatt forrige versjon"))
        #expect(body(RawHTTP.get(server.port, path)).contains("Endret mens serveren så på"))
        #expect(site.read(GuideStore.fileName) == "{ not json")

        // Put right, it builds again.
        site.write(
            try String(contentsOfFile: Repository.root + "/beacon-store.json", encoding: .utf8),
            to: GuideStore.fileName
        )
        #expect(
            waitFor { !body(RawHTTP.get(server.port, path)).contains("Endret mens serveren så på") }
                != nil)

        // The site's own stylesheet is watched too.
        site.write("body { outline: 1px solid red }\n", to: "assets/custom.css")
        #expect(
            waitFor { body(RawHTTP.get(server.port, "/")).contains("assets/custom.css") } != nil)
        stopped = true
        #expect(server.stop() == 0)
    }

    /// Two `serve --watch` on one site: whichever rebuilds second finds the output built already,
    /// and its open pages are told to reload all the same.
    @Test func twoWatchersOnOneSiteBothReloadTheirPages() throws {
        let site = TestSite(
            store: try String(
                contentsOfFile: Repository.root + "/beacon-store.json", encoding: .utf8))
        let servers = try [WatchingServer(site: site), WatchingServer(site: site)]
        defer { for server in servers where server.process.isRunning { _ = server.stop() } }
        var streams: [(fd: Int32, received: String)] = servers.map { server in
            let fd = RawHTTP.connect(server.port)
            _ = Array("GET /__sitegen/events HTTP/1.1\r\nHost: x\r\n\r\n".utf8).withUnsafeBytes {
                send(fd, $0.baseAddress!, $0.count, Int32(MSG_NOSIGNAL))
            }
            return (fd, "")
        }
        defer { for stream in streams { close(stream.fd) } }
        func readAll() {
            for index in streams.indices {
                var buffer = [UInt8](repeating: 0, count: 4096)
                let n = buffer.withUnsafeMutableBytes {
                    recv(streams[index].fd, $0.baseAddress!, $0.count, Int32(MSG_DONTWAIT))
                }
                if n > 0 {
                    streams[index].received += String(decoding: buffer[0..<n], as: UTF8.self)
                }
            }
        }
        #expect(
            waitFor {
                readAll()
                return streams.allSatisfy { $0.received.contains("retry:") }
            } != nil)
        #expect(try Sitegen.run(["rate", "Tim Wendelboe", "2", "--site", site.root]).status == 0)
        #expect(
            waitFor(timeout: 15) {
                readAll()
                return streams.allSatisfy { $0.received.contains("event: reload") }
            } != nil,
            "\(streams.map(\.received)) \(servers.map(\.stderr))")
    }

    @Test func placesOnlyWithWatch() throws {
        let site = TestSite()
        let result = try Sitegen.run(["serve", "--places", "x.geojson", "--site", site.root])
        #expect(result.status == 64)
        #expect(result.stderr.contains("--watch"))
        for option in BuildCommand.inputOptions {
            let words = [option.name] + (option.takesValue ? ["x"] : [])
            let refused = try Sitegen.run(["serve"] + words + ["--site", site.root])
            #expect(refused.status == 64, "\(option.name)")
            #expect(refused.stderr.contains("sitegen build \(option.name)"), "\(refused.stderr)")
        }
    }

    /// Every option that decides what a build makes is taken by `serve --watch` too: a places file
    /// whose features name no category builds with `--category`, as the build's own error tells the
    /// owner.
    @Test func watchTakesTheBuildsOwnOptions() throws {
        #expect(
            Set(BuildCommand.inputOptions.map(\.name)).isSubset(
                of: Set(ServeCommand().spec.options.map(\.name))))
        let site = TestSite()
        site.write(
            #"{"type":"FeatureCollection","features":[{"type":"Feature","properties":{"name":"Uten kategori"},"#
                + #""geometry":{"type":"Point","coordinates":[10.7503,59.9111]}}]}"#,
            to: "steder.geojson")
        let without = try Sitegen.run([
            "build", "--places", site.root + "/steder.geojson", "--site", site.root,
        ])
        #expect(without.status != 0 && without.stderr.contains("--category"), "\(without.stderr)")
        let server = try WatchingServer(
            site: site,
            arguments: ["--places", site.root + "/steder.geojson", "--category", "restaurant"])
        defer { _ = server.stop() }
        #expect(server.port != 0, "\(server.stderr)")
        #expect(RawHTTP.get(server.port, "/").hasPrefix("HTTP/1.1 200"))
        #expect(site.read("output/index.html")?.contains("Uten kategori") == true)
    }

    /// A watched site folder deleted or moved away ends `serve --watch` with a message, and no
    /// rebuild makes the folder again (a rebuild once wrote `output/` back with the owner's title
    /// and comments).
    @Test(arguments: ["slettet", "flyttet"])
    func aSiteFolderThatGoesAwayEndsWatchingAndIsNeverMadeAgain(how: String) throws {
        let site = TestSite(
            store: try String(
                contentsOfFile: Repository.root + "/beacon-store.json", encoding: .utf8))
        let server = try WatchingServer(site: site)
        defer { if server.process.isRunning { _ = server.stop() } }
        #expect(server.port != 0, "\(server.stderr)")
        let moved = site.root + "-flyttet"
        if how == "slettet" {
            try FileManager.default.removeItem(atPath: site.root)
        } else {
            try FileManager.default.moveItem(atPath: site.root, toPath: moved)
        }
        defer { try? FileManager.default.removeItem(atPath: moved) }
        #expect(waitFor { !server.process.isRunning } != nil, "still watching: \(server.stderr)")
        #expect(server.process.terminationStatus == 74)
        #expect(
            server.stderr.contains("Nettstedsmappen \(site.root) er slettet eller flyttet"),
            "\(server.stderr)")
        #expect(
            !FileManager.default.fileExists(atPath: site.root), "the site folder was made again")
        if how == "flyttet" {
            // Moved back: the folder is where it was, but not nested inside itself.
            try FileManager.default.moveItem(atPath: moved, toPath: site.root)
            #expect(
                !FileManager.default.fileExists(
                    atPath: site.root + "/" + (site.root as NSString).lastPathComponent))
        }
    }

    @Test func aSiteFolderGoneMidBuildIsNotMadeAgainByTheCacheOrTheOutput() async throws {
        let site = TestSite()
        // The writer and the cache make folders below the site folder, never the folder itself.
        let gone = site.root + "/borte"
        let writer = try SiteWriter(outputPath: gone + "/output", protectedPaths: [gone])
        #expect(throws: SiteWriterError.self) {
            try writer.write(Array("x".utf8), to: "index.html")
        }
        #expect(!FileManager.default.fileExists(atPath: gone))
        #expect(throws: FileError.self) {
            try SiteFolder(root: gone).createFolder(gone + "/.beacon-cache/builds")
        }
        #expect(throws: FileError.self) {
            try ResponseCache(folder: gone + "/.beacon-cache/geoapify", inside: gone).store(
                Data("{}".utf8), url: URL(string: "https://x/y")!, key: "k", at: Date())
        }
        #expect(!FileManager.default.fileExists(atPath: gone))
    }

    @Test func theReloadTagGoesIntoTheHead() {
        let page = Array("<html><head><title>x</title></head><body></body></html>".utf8)
        let injected = String(decoding: LiveReload.inject(into: page), as: UTF8.self)
        #expect(
            injected
                == "<html><head><title>x</title><script src=\"/__sitegen/reload.js\" defer></script></head><body></body></html>"
        )
        let headless = String(decoding: LiveReload.inject(into: Array("<p>".utf8)), as: UTF8.self)
        #expect(headless.hasSuffix("defer></script>"))
    }
}
