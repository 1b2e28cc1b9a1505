import Foundation
import Testing

@testable import BeaconSystem
@testable import SiteBuild
@testable import SiteGenKit

#if canImport(Glibc)
    import Glibc
#endif

/// Sends raw bytes to 127.0.0.1:port and returns everything the server sends back.
enum RawHTTP {
    static func connect(_ port: UInt16) -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        inet_pton(AF_INET, "127.0.0.1", &address.sin_addr)
        _ = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        var timeout = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        return fd
    }

    static func exchange(_ port: UInt16, _ request: String) -> String {
        let fd = connect(port)
        defer { close(fd) }
        let bytes = Array(request.utf8)
        _ = bytes.withUnsafeBytes { send(fd, $0.baseAddress!, $0.count, Int32(MSG_NOSIGNAL)) }
        return readAll(fd)
    }

    static func readAll(_ fd: Int32) -> String {
        var response: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress!, $0.count, 0) }
            if n <= 0 { break }
            response += buffer[0..<n]
        }
        return String(decoding: response, as: UTF8.self)
    }

    static func get(_ port: UInt16, _ target: String, method: String = "GET") -> String {
        exchange(port, "\(method) \(target) HTTP/1.1\r\nHost: localhost\r\n\r\n")
    }
}

/// `sitegen serve` running as a real process on a free port, started through
/// `/bin/sh` when a shell prefix is given (`ulimit -n 64;`).
struct ServingBinary {
    let process = Process()
    let errors = Pipe()
    let announcement: String
    let port: UInt16

    init(site: TestSite, shellPrefix: String? = nil, quiet: Bool = false) throws {
        let arguments = ["serve", "--port", "0", "--site", site.root] + (quiet ? ["--quiet"] : [])
        if let shellPrefix {
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = [
                "-c",
                shellPrefix + " exec '" + Repository.sitegenBinary + "' "
                    + arguments.map { "'\($0)'" }.joined(separator: " "),
            ]
        } else {
            process.executableURL = URL(fileURLWithPath: Repository.sitegenBinary)
            process.arguments = arguments
        }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        (announcement, port) = ServingBinary.announcement(on: output)
    }

    /// The first line `serve` prints ("Viser … på http://127.0.0.1:PORT/ …") and the port in it.
    static func announcement(on output: Pipe) -> (line: String, port: UInt16) {
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.readData(ofLength: 1)
            if chunk.isEmpty { break }
            line.append(chunk)
        }
        let text = String(decoding: line, as: UTF8.self)
        return (
            text, UInt16(text.split(separator: ":").last?.split(separator: "/").first ?? "") ?? 0
        )
    }

    /// Sends SIGINT and returns what the server wrote on standard error.
    @discardableResult
    func interrupt() -> Data {
        kill(process.processIdentifier, SIGINT)
        let log = errors.fileHandleForReading.readDataToEndOfFile()
        ProcessWaiting.waitForExit(process, timeout: 10)
        return log
    }
}

@Suite(.serialized) struct ServeTests {
    let site = TestSite()
    let server: StaticFileServer

    /// The sample guide's site folder, built once: each test serves a copy of its output (some
    /// write into theirs). Built for each of the suite's 40 cases, it took most of the suite's
    /// time.
    static let sampleSite: String = {
        let root = NSTemporaryDirectory() + "beacon-serve-sample-\(UUID().uuidString)"
        try! FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        let result = try? Sitegen.run(["build", "--site", root, "--quiet"])
        precondition(
            result?.status == 0, "the sample guide did not build: \(result?.stderr ?? "no process")"
        )
        atexit { try? FileManager.default.removeItem(atPath: ServeTests.sampleSite) }
        return root
    }()

    init() throws {
        try FileManager.default.copyItem(atPath: Self.sampleSite + "/output", toPath: site.output)
        // Something outside the output that a symlink inside it points at.
        site.write("hemmelig", to: "secret.txt")
        try FileManager.default.createSymbolicLink(
            atPath: site.output + "/lenke.txt", withDestinationPath: site.root + "/secret.txt")
        try FileManager.default.createSymbolicLink(
            atPath: site.output + "/mappe", withDestinationPath: site.root)
        server = try StaticFileServer(
            configuration: .init(root: site.output, port: 0, headTimeout: 1))
        server.start()
    }

    @Test func servesPagesAndAssetsWithTypes() {
        defer { server.stop() }
        let index = RawHTTP.get(server.port, "/")
        #expect(index.hasPrefix("HTTP/1.1 200 OK"))
        #expect(index.contains("Content-Type: text/html; charset=utf-8"))
        #expect(index.contains("<html lang=\"nb\" data-time-zone=\"Europe/Oslo\">"))
        #expect(RawHTTP.get(server.port, "/assets/beacon.css").contains("Content-Type: text/css"))
        #expect(
            RawHTTP.get(server.port, "/assets/beacon.js").contains("Content-Type: text/javascript"))
        #expect(RawHTTP.get(server.port, "/favicon.svg").contains("Content-Type: image/svg+xml"))
        #expect(
            RawHTTP.get(server.port, "/eksport/favoritter.gpx").contains(
                "Content-Type: application/gpx+xml"))
        #expect(RawHTTP.get(server.port, "/kafeer/index.html?x=1#y").hasPrefix("HTTP/1.1 200"))
        let redirect = RawHTTP.get(server.port, "/kafeer")
        #expect(redirect.hasPrefix("HTTP/1.1 301"))
        #expect(redirect.contains("Location: /kafeer/"))
        let head = RawHTTP.get(server.port, "/", method: "HEAD")
        #expect(head.hasPrefix("HTTP/1.1 200"))
        #expect(!head.contains("<html"))
    }

    @Test func missingPathsGetTheNorwegian404() {
        defer { server.stop() }
        let missing = RawHTTP.get(server.port, "/finnes/ikke.html")
        #expect(missing.hasPrefix("HTTP/1.1 404"))
        #expect(missing.contains("Fant ikke siden"))
    }

    @Test(arguments: [
        "/../secret.txt", "/../../etc/passwd", "/%2e%2e/secret.txt", "/%2E%2E%2Fsecret.txt",
        "/steder/..%2f..%2f..%2fsecret.txt",
        "/%2e%2e%5csecret.txt", "/a/%00/b", "/lenke.txt", "/mappe/secret.txt",
        "/mappe/beacon-settings.json",
    ])
    func refusesEverythingOutsideTheOutput(target: String) {
        defer { server.stop() }
        let response = RawHTTP.get(server.port, target)
        #expect(
            response.hasPrefix("HTTP/1.1 403") || response.hasPrefix("HTTP/1.1 404")
                || response.hasPrefix("HTTP/1.1 400"), "\(target): \(response.prefix(40))")
        #expect(!response.contains("hemmelig"))
        #expect(!response.contains("\"radiusKm\""))
    }

    /// A NUL followed by a combining mark is still a NUL: the check matches bytes, not characters
    /// (it matched characters, and `index.html%00%CC%81` was served as `index.html`).
    @Test func aCombiningMarkDoesNotHideANul() {
        defer { server.stop() }
        let response = RawHTTP.get(server.port, "/kafeer/index.html%00%CC%81")
        #expect(!response.hasPrefix("HTTP/1.1 200"), "\(response.prefix(40))")
    }

    @Test(arguments: [
        ("GARBAGE\r\n\r\n", "400"), ("GET\r\n\r\n", "400"), ("GET / HTTP/9.9\r\n\r\n", "505"),
        ("POST / HTTP/1.1\r\n\r\n", "405"),
        ("GET relative HTTP/1.1\r\n\r\n", "400"), ("get / HTTP/1.1\r\n\r\n", "400"),
        ("\u{1}\u{2}\u{3}\r\n\r\n", "400"),
    ])
    func badRequestsAreRefused(request: String, status: String) {
        defer { server.stop() }
        #expect(RawHTTP.exchange(server.port, request).hasPrefix("HTTP/1.1 \(status)"))
    }

    @Test func oversizedHeadIsRefused() {
        defer { server.stop() }
        let big =
            "GET / HTTP/1.1\r\nX-Filler: " + String(repeating: "a", count: 20_000) + "\r\n\r\n"
        #expect(RawHTTP.exchange(server.port, big).hasPrefix("HTTP/1.1 431"))
    }

    @Test func slowClientsDoNotBlockOthers() {
        defer { server.stop() }
        // Two clients that connect and send nothing, one that sends half a request.
        let silent = [RawHTTP.connect(server.port), RawHTTP.connect(server.port)]
        let partial = RawHTTP.connect(server.port)
        _ = Array("GET / HT".utf8).withUnsafeBytes {
            send(partial, $0.baseAddress!, $0.count, Int32(MSG_NOSIGNAL))
        }
        let started = Date()
        #expect(RawHTTP.get(server.port, "/").hasPrefix("HTTP/1.1 200"))
        #expect(Date().timeIntervalSince(started) < 0.5)
        // The server hangs up on them after its read timeout (1 s here).
        for fd in silent + [partial] {
            #expect(RawHTTP.readAll(fd).isEmpty)
            close(fd)
        }
    }

    /// `GET //steder` must not redirect to `//steder/` (another host to a browser).
    @Test(arguments: [
        ("//kafeer", "/kafeer/"), ("///kafeer", "/kafeer/"), ("//kafeer?x=//evil", "/kafeer/"),
        ("/./kafeer", "/kafeer/"), ("/a%20b", "/a%20b/"),
    ])
    func redirectsStayOnThisServer(target: String, location: String) throws {
        defer { server.stop() }
        try FileManager.default.createDirectory(
            atPath: site.output + "/a b", withIntermediateDirectories: true)
        let response = RawHTTP.get(server.port, target)
        #expect(response.hasPrefix("HTTP/1.1 301"), "\(target): \(response.prefix(60))")
        #expect(
            response.contains("\r\nLocation: \(location)\r\n"), "\(target): \(response.prefix(300))"
        )
    }

    @Test(arguments: ["/\u{1B}[2J", "/a\u{7F}b", "/æøå", "/%0D%0ASet-Cookie:x=1"])
    func controlCharactersAndRawNonASCIIInTargetsAreRefusedOrContained(target: String) {
        defer { server.stop() }
        let response = RawHTTP.get(server.port, target)
        #expect(
            response.hasPrefix("HTTP/1.1 400") || response.hasPrefix("HTTP/1.1 404"),
            "\(response.prefix(40))")
        #expect(!response.contains("Set-Cookie"))
    }

    /// A hundred slow clients hold no worker: a normal request is answered at once.
    @Test func aFloodOfSlowClientsDoesNotDelayOthers() {
        defer { server.stop() }
        var slow: [Int32] = []
        for index in 0..<100 {
            let fd = RawHTTP.connect(server.port)
            if index % 2 == 0 {
                _ = Array("GET / HTTP/1.1\r\nHost: x\r\n".utf8).withUnsafeBytes {
                    send(fd, $0.baseAddress!, $0.count, Int32(MSG_NOSIGNAL))
                }
            }
            slow.append(fd)
        }
        let started = Date()
        #expect(RawHTTP.get(server.port, "/").hasPrefix("HTTP/1.1 200"))
        #expect(Date().timeIntervalSince(started) < 1)
        for fd in slow { close(fd) }
    }

    @Test func theLogShowsControlCharactersEscaped() throws {
        defer { server.stop() }
        let serving = try ServingBinary(site: site)
        _ = RawHTTP.exchange(serving.port, "GET /\u{1B}]0;pwned\u{07}\u{1B}[2J HTTP/1.1\r\n\r\n")
        _ = RawHTTP.get(serving.port, "/finnes-ikke")
        let log = serving.interrupt()
        #expect(!log.contains(0x1B) && !log.contains(0x07))
        let logText = String(decoding: log, as: UTF8.self)
        #expect(logText.contains(#"GET /\u{1B}]0;pwned\u{7}\u{1B}[2J HTTP/1.1 400"#), "\(logText)")
        #expect(logText.contains("GET /finnes-ikke 404"))
    }

    /// Files are streamed: one over the read limit is served whole (it was read
    /// into memory, one copy per request); a FIFO is not waited on.
    @Test func bigFilesAreStreamedAndFIFOsRefused() throws {
        defer { server.stop() }
        let size = FileSystem.defaultReadLimit + 1_000
        _ = FileManager.default.createFile(atPath: site.output + "/stor.geojson", contents: nil)
        #expect(truncate(site.output + "/stor.geojson", off_t(size)) == 0)
        let head = RawHTTP.get(server.port, "/stor.geojson", method: "HEAD")
        #expect(head.hasPrefix("HTTP/1.1 200"))
        #expect(head.contains("Content-Length: \(size)\r\n"))
        let fd = RawHTTP.connect(server.port)
        _ = Array("GET /stor.geojson HTTP/1.1\r\n\r\n".utf8).withUnsafeBytes {
            send(fd, $0.baseAddress!, $0.count, Int32(MSG_NOSIGNAL))
        }
        var received = 0
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress!, $0.count, 0) }
            if n <= 0 { break }
            received += n
        }
        close(fd)
        #expect(received > size)
        #expect(mkfifo(site.output + "/ror.html", 0o644) == 0)
        #expect(RawHTTP.get(server.port, "/ror.html").hasPrefix("HTTP/1.1 404"))
    }

    /// Out of descriptors (ulimit -n 64, 200 slow clients), the server went
    /// into a busy loop; now it sheds the oldest waiting client and serves.
    @Test func runningOutOfDescriptorsShedsTheOldestClient() throws {
        defer { server.stop() }
        let serving = try ServingBinary(site: site, shellPrefix: "ulimit -n 64;", quiet: true)
        let port = serving.port
        var slow: [Int32] = []
        for _ in 0..<200 {
            let fd = RawHTTP.connect(port)
            _ = Array("GET / HT".utf8).withUnsafeBytes {
                send(fd, $0.baseAddress!, $0.count, Int32(MSG_NOSIGNAL))
            }
            slow.append(fd)
        }
        usleep(200_000)
        let started = Date()
        #expect(RawHTTP.get(port, "/").hasPrefix("HTTP/1.1 200"))
        #expect(Date().timeIntervalSince(started) < 2)
        for fd in slow { close(fd) }
        usleep(300_000)
        // CPU time over the whole run: a busy loop would have used about all of it.
        let procStat =
            (try? String(
                contentsOfFile: "/proc/\(serving.process.processIdentifier)/stat", encoding: .utf8))
            ?? ""
        let fields = procStat.split(separator: ")").last?.split(separator: " ") ?? []
        if fields.count > 13, let user = Int(fields[11]), let system = Int(fields[12]) {
            #expect(user + system < 30, "clock ticks used: \(user + system)")
        }
        serving.interrupt()
    }

    @Test func commandStopsCleanlyOnInterrupt() throws {
        defer { server.stop() }
        let serving = try ServingBinary(site: site)
        #expect(serving.announcement.contains("http://127.0.0.1:"))
        #expect(RawHTTP.get(serving.port, "/").hasPrefix("HTTP/1.1 200"))
        serving.interrupt()
        #expect(serving.process.terminationStatus == 0)
        let refused = try Sitegen.run(["serve", "--port", "70000", "--site", site.root])
        #expect(refused.status == 64)
    }
}
