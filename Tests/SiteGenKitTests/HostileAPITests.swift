import Foundation
import Testing

@testable import BeaconMap
@testable import BeaconModel
@testable import BeaconSite
@testable import BeaconSources
@testable import BeaconSystem

/// What a hostile or broken API (or anything between it and us) can send:
/// redirects that would carry the key away, the key echoed back, answers of
/// any size. The real binary against loopback stand-ins.
@Suite(.serialized) struct HostileAPITests {
    static let key = "SECRETKEY123"

    func build(
        _ site: TestSite, _ baseURL: String, _ extra: [String] = [],
        key: String = HostileAPITests.key
    ) throws
        -> ProcessResult
    {
        try Sitegen.run(
            ["build", "--site", site.root] + extra,
            environment: [
                "GEOAPIFY_API_KEY": key, "GEOAPIFY_BASE_URL": baseURL, "GEOAPIFY_TIMEOUT": "5",
            ])
    }

    /// Every file under `folder` whose bytes contain `text`.
    func files(under folder: String, containing text: String) -> [String] {
        SiteWriter.listFiles(under: folder).filter { path in
            ((try? FileSystem.read(folder + "/" + path)) ?? []).firstRange(of: Array(text.utf8))
                != nil
        }
    }

    static func redirect(to location: String) -> GeoapifyStub.Response {
        GeoapifyStub.Response(status: 302, headers: ["Location": location], body: "")
    }

    @Test func aRedirectToAnotherHostIsNotFollowed() throws {
        let elsewhere = try GeoapifyStub(host: "127.0.0.2")
        let stub = try GeoapifyStub(routes: [
            "catering.cafe": [
                Self.redirect(to: elsewhere.baseURL + "/v2/places?categories=catering.cafe")
            ]
        ])
        let site = TestSite()
        let result = try build(site, stub.baseURL, ["--refresh"])
        #expect(result.status == 69, "\(result.stderr)")
        #expect(
            result.stderr.contains(
                "videresending til en annen server (http://127.0.0.2:\(elsewhere.port))"))
        #expect(
            elsewhere.requests.isEmpty, "the other host got \(elsewhere.requests.map(\.headers))")
        #expect(!FileManager.default.fileExists(atPath: site.output))
        #expect(!result.stderr.contains(Self.key))
    }

    @Test func aRedirectToAnotherPortOrSchemeIsNotFollowed() throws {
        let otherPort = try GeoapifyStub()
        let stub = try GeoapifyStub(routes: [
            "catering.cafe": [
                Self.redirect(to: otherPort.baseURL + "/v2/places?categories=catering.cafe")
            ],
            "catering.restaurant": [
                Self.redirect(
                    to:
                        "https://127.0.0.1:\(otherPort.port)/v2/places?categories=catering.restaurant"
                )
            ],
        ])
        let result = try build(TestSite(), stub.baseURL, ["--refresh"])
        #expect(result.status == 69)
        #expect(result.stderr.contains("videresending"))
        #expect(otherPort.requests.isEmpty)
    }

    @Test func aRedirectWithinTheSameOriginIsFollowed() throws {
        let stub = try GeoapifyStub(routes: [
            "catering.cafe": [
                Self.redirect(to: "/v2/places?categories=catering.cafe&moved=1"), .sample("cafe"),
            ]
        ])
        let site = TestSite()
        let result = try build(site, stub.baseURL)
        #expect(result.status == 0, "\(result.stderr)")
        let cafeRequests = stub.requests(for: "catering.cafe")
        #expect(cafeRequests.count == 2)
        #expect(cafeRequests.last?.query["moved"] == "1")
        #expect(site.read("output/kafeer/index.html")?.contains("Tim Wendelboe") == true)
    }

    /// Issue: a 403 echoing the key, with an older cached answer, printed the key in the warning.
    @Test func theKeyEchoedByTheAPIIsNeverPrintedOrWritten() throws {
        let site = TestSite()
        let good = try GeoapifyStub()
        #expect(try build(site, good.baseURL).status == 0)
        let echo =
            #"{"statusCode":403,"error":"Forbidden","message":"Key SECRETKEY123 is not allowed for this referrer"}"#
        let hostile = try GeoapifyStub(routes: [
            "catering.cafe": [GeoapifyStub.Response(status: 403, body: echo)],
            "catering.restaurant": [GeoapifyStub.Response(status: 400, body: echo)],
        ])
        let result = try build(site, hostile.baseURL, ["--refresh"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("Advarsel"))
        #expect(result.stderr.contains("fra mellomlageret"))
        #expect(result.stderr.contains("Key [API-nøkkel] is not allowed"))
        #expect(!result.stderr.contains(Self.key) && !result.stdout.contains(Self.key))

        // A 200 answer that carries the key in a place's name: not in the cache, the pages or the
        // index.
        let named =
            (try String(
                contentsOfFile: Repository.root + "/Resources/sample-data/cafe.json",
                encoding: .utf8))
            .replacingOccurrences(of: "Tim Wendelboe", with: "Tim SECRETKEY123 Wendelboe")
        let answer = NSTemporaryDirectory() + "named-cafe-\(UUID().uuidString).json"
        try named.write(toFile: answer, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: answer) }
        let leaking = try GeoapifyStub(routes: [
            "catering.cafe": [GeoapifyStub.Response(file: answer)]
        ])
        let leaked = try build(site, leaking.baseURL, ["--refresh"])
        #expect(leaked.status == 0, "\(leaked.stderr)")
        #expect(files(under: site.output, containing: Self.key).isEmpty)
        #expect(files(under: site.root + "/.beacon-cache", containing: Self.key).isEmpty)
        #expect(
            site.read("output/kafeer/index.html")?.contains("Tim [API-nøkkel] Wendelboe") == true)
        let shared = try Sitegen.run(
            ["share", "--site", site.root, "--output", site.root + "/del.html"],
            environment: ["GEOAPIFY_API_KEY": Self.key])
        #expect(shared.status == 0)
        #expect(files(under: site.root, containing: Self.key).isEmpty)
    }

    @Test func aKeyWithWhitespaceIsTrimmedAndRedactedInBothForms() throws {
        let stub = try GeoapifyStub(routes: ["catering.cafe": [.error(401, "Invalid apiKey")]])
        let site = TestSite()
        let result = try build(site, stub.baseURL, key: "  \(Self.key)\n")
        #expect(result.status == 69)
        #expect(stub.requests.first?.headers["x-api-key"] == Self.key)
        #expect(!result.stderr.contains(Self.key))
    }

    @Test(arguments: [
        ("SECRET KEY", "GEOAPIFY_API_KEY inneholder"),
        ("SECRET\u{1B}KEY", "GEOAPIFY_API_KEY inneholder"),
    ])
    func aKeyThatCannotBeAKeyIsRefused(key: String, message: String) throws {
        let result = try build(TestSite(), "http://127.0.0.1:9", key: key)
        #expect(result.status == 64)
        #expect(result.stderr.contains(message))
        #expect(!result.stderr.contains("SECRET"))
    }

    @Test(arguments: [
        (["GEOAPIFY_BASE_URL": "http://api.example.org"], "ukryptert"),
        // Names that only look like this machine: a resolver may answer anything for them.
        (["GEOAPIFY_BASE_URL": "http://127.attacker.test"], "ukryptert"),
        (["GEOAPIFY_BASE_URL": "http://127.0.0.1.nip.io:8080"], "ukryptert"),
        (["GEOAPIFY_BASE_URL": "http://localhost.attacker.test"], "ukryptert"),
        (["GEOAPIFY_BASE_URL": "http://localhost./"], "ukryptert"),
        (["GEOAPIFY_BASE_URL": "http://LOCALHOST.:8080"], "ukryptert"),
        (["GEOAPIFY_BASE_URL": "http://127.0.0.1.:9/"], "ukryptert"),
        (["GEOAPIFY_BASE_URL": "http://[::ffff:7f00:1]/"], "ukryptert"),
        (["GEOAPIFY_BASE_URL": "ftp://127.0.0.1/"], "http(s)-adresse"),
        (["GEOAPIFY_BASE_URL": "https://user:pw@api.geoapify.com"], "http(s)-adresse"),
        (["GEOAPIFY_TIMEOUT": "1e300"], "GEOAPIFY_TIMEOUT"),
        (["GEOAPIFY_TIMEOUT": "0x10"], "GEOAPIFY_TIMEOUT"),
        (["GEOAPIFY_TIMEOUT": "0"], "GEOAPIFY_TIMEOUT"),
    ])
    func unsafeOrNonsensicalSettingsAreRefused(environment: [String: String], message: String)
        throws
    {
        var env = ["GEOAPIFY_API_KEY": Self.key, "GEOAPIFY_BASE_URL": "http://127.0.0.1:9"]
        env.merge(environment) { $1 }
        let site = TestSite()
        let result = try Sitegen.run(["build", "--site", site.root], environment: env)
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: site.output))
    }

    /// A Retry-After far in the future (or absurd) neither crashes nor waits past the retry budget.
    @Test func anAbsurdRetryAfterEndsCleanly() throws {
        let stub = try GeoapifyStub(routes: [
            "catering.cafe": [.error(429, "Too many requests", headers: ["Retry-After": "1e300"])]
        ])
        let started = Date()
        let result = try build(TestSite(), stub.baseURL)
        #expect(result.status == 69, "\(result.stderr)")
        #expect(result.stderr.contains("429"))
        #expect(Date().timeIntervalSince(started) < 20)
    }

    /// 200 MB answers (announced or streamed) are refused at 20 MB, never
    /// cached, and never held whole: on main a 200 MB answer took 1.7 GB.
    /// (The transport stops a body in its write callback, so the process
    /// peaks at the 20 MB body's growth on top of the build: 40–95 MB.)
    @Test(arguments: [false, true])
    func anOversizedAnswerIsRefused(streamed: Bool) throws {
        let chunk = String(repeating: "x", count: 1_000)
        let stub = try GeoapifyStub(routes: [
            "catering.cafe": [
                GeoapifyStub.Response(body: chunk, repeatCount: 200_000, stream: streamed)
            ]
        ])
        let site = TestSite()
        let (result, peakKiB) = try Sitegen.runMeasuringMemory(
            ["build", "--site", site.root],
            environment: [
                "GEOAPIFY_API_KEY": Self.key, "GEOAPIFY_BASE_URL": stub.baseURL,
                "GEOAPIFY_TIMEOUT": "20",
            ])
        #expect(result.status == 69, "\(result.stderr)")
        #expect(result.stderr.contains("større enn grensen på 20,0 MB"), "\(result.stderr)")
        if let peakKiB { #expect(peakKiB < 160 * 1024, "peak memory \(peakKiB) KiB") }
        let cached = SiteWriter.listFiles(under: site.root + "/.beacon-cache")
        #expect(cached.allSatisfy { !$0.contains("cafe") }, "\(cached)")
        #expect(!FileManager.default.fileExists(atPath: site.output))
    }

    @Test func onlyLiteralLoopbackAddressesAndLocalhostAreThisMachine() {
        for host in [
            "localhost", "LOCALHOST", "127.0.0.1", "127.255.3.4", "::1", "[::1]",
            "[0:0:0:0:0:0:0:1]",
        ] {
            #expect(LoopbackHost.contains(host), "\(host)")
        }
        for host in [
            "127.attacker.test", "127.0.0.1.nip.io", "127.1", "0x7f.0.0.1", "128.0.0.1",
            "localhost.attacker.test",
            "::2", "[::ffff:127.0.0.1]", "", "api.geoapify.com",
            // A trailing dot makes a name absolute: the resolver answers for it, whatever it
            // answers.
            "localhost.", "LocalHost.", "127.0.0.1.", "localhost..", ".",
        ] {
            #expect(!LoopbackHost.contains(host), "\(host)")
        }
        // The tile client paces everything but this machine.
        let paced = try? GeoapifyTileClient.fromEnvironment([
            "GEOAPIFY_API_KEY": Self.key, "GEOAPIFY_BASE_URL": "https://127.0.0.1.nip.io",
        ])
        #expect(paced?.limits == .geoapifyFreePlan)
    }

    /// Every form of the key a request or an encoder could put it in is redacted, and a tile's URL
    /// holds none.
    @Test(arguments: ["my-key.v2+abc", "key:with,odd~chars/and=more&", "plain0123456789"])
    func everyFormOfTheKeyIsRedacted(key: String) throws {
        let redactor = SecretRedactor(secrets: [key])
        let tileClient = try #require(
            try GeoapifyTileClient.fromEnvironment(["GEOAPIFY_API_KEY": key]))
        #expect(
            !tileClient.publicURL(for: TileCoordinate(zoom: 1, x: 0, y: 0)).absoluteString.contains(
                key))
        let everyByte = key.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
        let lowerEscapes = everyByte.replacingOccurrences(of: "%2B", with: "%2b")
            .replacingOccurrences(
                of: "%2F", with: "%2f")
        for form in [key, GeoapifyClient.encode(key), everyByte, lowerEscapes] {
            let redacted = redactor.redact("svar: \(form) slutt")
            #expect(
                redacted == "svar: \(SecretRedactor.placeholder) slutt", "\(form) → \(redacted)")
        }
    }

    @Test func originsDifferBySchemeHostOrPort() throws {
        let origin = try #require(Origin(URL(string: "https://api.geoapify.com/v2/places")!))
        #expect(Origin(URL(string: "https://API.geoapify.com:443/x")!) == origin)
        #expect(Origin(URL(string: "http://api.geoapify.com/v2/places")!) != origin)
        #expect(Origin(URL(string: "https://api.geoapify.com:8443/v2/places")!) != origin)
        #expect(Origin(URL(string: "https://evil.example/v2/places")!) != origin)
    }
}
