import Foundation
import Testing

@testable import BeaconSystem

/// The libcurl transport against a raw loopback server: the deadline covers
/// a body that drips in, a cancelled task stops its transfer, connections
/// are reused, redirects end, headers arrive as the client reads them; and
/// libcurl is loaded only by a command that fetches.
@Suite struct CurlTransportTests {
    static func request(
        _ server: LoopbackHTTPServer, timeout: TimeInterval = 5,
        limit: Int = HTTPRequest.defaultMaximumBodyBytes
    ) -> HTTPRequest {
        HTTPRequest(
            url: server.url, headers: ["x-api-key": "k"], timeout: timeout, maximumBodyBytes: limit)
    }

    /// The exchange on this thread (`perform`): timed without waiting for a
    /// turn on the task pool, which other tests may keep busy.
    /// Its failure; nil when an answer came.
    static func failure(of request: HTTPRequest, cancelled: CancellationFlag = CancellationFlag())
        throws
        -> TransportError?
    {
        let result = CurlTransport.perform(
            request, curl: try Libcurl.shared.get(), pool: CurlHandlePool(), cancelled: cancelled)
        if case .failure(let error) = result { return error }
        return nil
    }

    @Test func theDeadlineCoversABodyThatDripsIn() throws {
        let server = try LoopbackHTTPServer { _, socket in
            LoopbackHTTPServer.send("HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\n", to: socket)
            for _ in 0..<100 {
                LoopbackHTTPServer.send("x", to: socket)
                usleep(50_000)
            }
            return false
        }
        let started = Date()
        #expect(try Self.failure(of: Self.request(server, timeout: 1)) == .timeout)
        let elapsed = Date().timeIntervalSince(started)
        #expect(elapsed > 0.9 && elapsed < 3.5, "\(elapsed) s")
    }

    @Test func aCancelledTransferStopsWithinASecondOrSo() throws {
        let server = try LoopbackHTTPServer { _, _ in
            sleep(30)  // never answers in time
            return false
        }
        let cancelled = CancellationFlag()
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.3) {
            cancelled.flag.store(true, ordering: .relaxed)
        }
        let started = Date()
        #expect(
            try Self.failure(of: Self.request(server, timeout: 20), cancelled: cancelled)
                == .other("avbrutt"))
        #expect(Date().timeIntervalSince(started) < 5)
    }

    /// Cancelling the task that waits sets the transfer's flag (the answer would otherwise be a
    /// timeout, 60 s later).
    @Test func aCancelledTaskCancelsItsTransfer() async throws {
        let server = try LoopbackHTTPServer { _, _ in
            sleep(90)
            return false
        }
        let task = Task { try await CurlTransport().get(Self.request(server, timeout: 60)) }
        try await Task.sleep(nanoseconds: 300_000_000)
        task.cancel()
        await #expect(throws: TransportError.other("avbrutt")) { try await task.value }
    }

    @Test func requestsOneAfterAnotherShareAConnection() async throws {
        let server = try LoopbackHTTPServer { _, socket in
            LoopbackHTTPServer.send("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok", to: socket)
            return true
        }
        let transport = CurlTransport(pool: CurlHandlePool())
        var longestGap = Duration.zero
        var last = ContinuousClock.now
        for _ in 0..<5 {
            let response = try await transport.get(Self.request(server))
            #expect(String(decoding: response.body, as: UTF8.self) == "ok")
            longestGap = max(longestGap, ContinuousClock.now - last)
            last = ContinuousClock.now
        }
        #expect(server.requests.count == 5)
        // libcurl does not reuse a connection idle for longer than 118 s: on a machine so busy that
        // the full suite's blocking work keeps a request waiting that long, a second connection is
        // right.
        if longestGap < .seconds(100) {
            #expect(server.connectionCount == 1, "longest gap \(longestGap)")
        } else {
            #expect((1...5).contains(server.connectionCount))
        }
        #expect(server.requests.allSatisfy { $0.lowercased().contains("x-api-key: k\r\n") })
    }

    @Test func headersArriveLowerCasedAndRepeatedOnesJoined() async throws {
        let server = try LoopbackHTTPServer { _, socket in
            LoopbackHTTPServer.send(
                "HTTP/1.1 429 Too Many\r\nRetry-After: 3\r\nX-Note: a\r\nx-note: b\r\nContent-Length: 0\r\n\r\n",
                to: socket)
            return false
        }
        let response = try await CurlTransport().get(Self.request(server))
        #expect(response.status == 429)
        #expect(response.headers["retry-after"] == "3")
        #expect(response.headers["x-note"] == "a, b")
    }

    @Test func aLoopOfRedirectsEnds() async throws {
        let server = try LoopbackHTTPServer { _, socket in
            LoopbackHTTPServer.send(
                "HTTP/1.1 302 Found\r\nLocation: /v2/places?again=1\r\nContent-Length: 0\r\n\r\n",
                to: socket)
            return true
        }
        await #expect(throws: TransportError.other("for mange videresendinger")) {
            try await CurlTransport().get(Self.request(server))
        }
        #expect(server.requests.count == CurlTransport.maximumRedirects + 1)
    }

    @Test func aBodyPastTheLimitIsRefusedWithoutALength() async throws {
        let server = try LoopbackHTTPServer { _, socket in
            LoopbackHTTPServer.send(
                "HTTP/1.1 200 OK\r\nConnection: close\r\n\r\n"
                    + String(repeating: "y", count: 50_000), to: socket)
            return false
        }
        await #expect(throws: TransportError.tooLarge(limit: 10_000)) {
            try await CurlTransport().get(Self.request(server, limit: 10_000))
        }
    }

    @Test func headersWithoutEndAreStopped() throws {
        let server = try LoopbackHTTPServer { _, socket in
            LoopbackHTTPServer.send("HTTP/1.1 200 OK\r\n", to: socket)
            let line = "X-Filler: " + String(repeating: "a", count: 1_000) + "\r\n"
            for _ in 0..<3_000 { LoopbackHTTPServer.send(line, to: socket) }  // 3 MB of headers
            return false
        }
        #expect(
            try Self.failure(of: Self.request(server))
                == .other("svaret hadde over 128 kB med hoder"))
    }

    @Test func aClosedPortIsNoNetwork() async throws {
        let request = HTTPRequest(url: URL(string: "http://127.0.0.1:9/v2/places")!, timeout: 5)
        await #expect(throws: TransportError.noNetwork("fikk ikke koblet til serveren")) {
            try await CurlTransport().get(request)
        }
    }

    /// A server whose certificate does not check out (a stand-in for someone in the middle) never
    /// sees the request, so never the key: the transfer ends in the handshake, with a message that
    /// says why.
    @Test func aServerWithAnUntrustedCertificateNeverSeesTheKey() throws {
        let folder = NSTemporaryDirectory() + "beacon-tls-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let made = try Sitegen.run(
            [
                "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", folder + "/key.pem",
                "-out",
                folder + "/cert.pem",
                "-days", "2", "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1",
            ],
            executable: "/usr/bin/openssl")
        try #require(made.status == 0, "openssl: \(made.stderr)")
        _ = FileManager.default.createFile(atPath: folder + "/log.jsonl", contents: nil)
        let server = Process()
        server.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        server.arguments = [
            Repository.root + "/Tests/Support/tls_stub.py", folder + "/cert.pem",
            folder + "/key.pem",
            folder + "/log.jsonl",
        ]
        let output = Pipe()
        server.standardOutput = output
        try server.run()
        defer {
            // SIGTERM may be blocked in the thread that started it
            kill(server.processIdentifier, SIGKILL)
            ProcessWaiting.waitForExit(server)
        }
        var line = Data()
        while true {
            let byte = output.fileHandleForReading.readData(ofLength: 1)
            if byte.isEmpty || byte == Data("\n".utf8) { break }
            line.append(byte)
        }
        let port = try #require(Int(String(decoding: line, as: UTF8.self)))
        let request = HTTPRequest(
            url: URL(string: "https://127.0.0.1:\(port)/v2/places")!,
            headers: ["x-api-key": "SECRETKEY123"],
            timeout: 10)
        #expect(
            try Self.failure(of: request) == .other("serverens sertifikat kunne ikke bekreftes"))
        #expect(
            try String(contentsOfFile: folder + "/log.jsonl", encoding: .utf8).isEmpty,
            "the request got through")
    }

    /// The binary does not link libcurl: a command that does not fetch never loads it, one that
    /// fetches does.
    @Test func libcurlIsLoadedOnlyByACommandThatFetches() throws {
        let version = try Sitegen.run(["--version"], environment: ["LD_DEBUG": "libs"])
        #expect(version.status == 0)
        #expect(
            version.stderr.contains("libc.so.6"),
            "LD_DEBUG printed nothing: \(version.stderr.prefix(200))")
        #expect(!version.stderr.contains("libcurl"))

        let stub = try GeoapifyStub()
        let site = TestSite()
        let fetched = try Sitegen.run(
            ["build", "--site", site.root, "--quiet"],
            environment: [
                "GEOAPIFY_API_KEY": "k", "GEOAPIFY_BASE_URL": stub.baseURL, "LD_DEBUG": "libs",
            ])
        #expect(fetched.status == 0)
        #expect(fetched.stderr.contains("libcurl.so.4"))
    }
}
