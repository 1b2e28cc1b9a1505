import Foundation
import Synchronization
import Templates
import Testing

@testable import BeaconModel
@testable import BeaconSources
@testable import BeaconSystem

/// The real client (libcurl) against the loopback stand-in.
@Suite(.serialized) struct GeoapifyClientTests {
    let cafe = PlacesRequest(category: .cafe, center: .osloS, radiusMetres: 5_000, limit: 20)

    @Test func requestIsExactlyAsDocumented() async throws {
        let stub = try GeoapifyStub()
        let (_, result) = try await stub.client().places(cafe)
        #expect(result.places.count == 19)
        let request = try #require(stub.requests.first)
        #expect(request.path == "/v2/places")
        #expect(request.query["categories"] == "catering.cafe")
        #expect(request.query["filter"] == "circle:10.7503,59.9111,5000")
        #expect(request.query["bias"] == "proximity:10.7503,59.9111")
        #expect(request.query["limit"] == "20")
        #expect(request.query["lang"] == "no")
        #expect(request.query["conditions"] == "named")
        #expect(request.query["apiKey"] == nil)
        #expect(request.headers["x-api-key"] == "test-key-0123456789")
    }

    /// A machine without libcurl: said at once, with what to do, not retried for half a minute.
    @Test func aMachineThatCannotFetchIsToldAtOnce() async throws {
        let transport = UnavailableTransport()
        let client = GeoapifyClient(
            apiKey: "test-key-0123456789", transport: transport,
            retryPolicy: RetryPolicy(
                maximumAttempts: 4, baseDelay: 0.05, maximumDelay: 0.2, maximumTotal: 15))
        await #expect(throws: GeoapifyError.clientUnavailable(Libcurl.missingDetail)) {
            try await client.places(cafe)
        }
        #expect(transport.calls.withLock { $0 } == 1)
        #expect(
            GeoapifyError.clientUnavailable(Libcurl.missingDetail).userMessage.contains(
                "installer pakken libcurl4"))
        #expect(GeoapifyError.clientUnavailable(Libcurl.missingDetail).exitStatus == .unavailable)
    }

    @Test func invalidKeyIsNotRetried() async throws {
        let stub = try GeoapifyStub(routes: ["catering.cafe": [.error(401, "Invalid apiKey")]])
        await #expect(throws: GeoapifyError.invalidKey) { try await stub.client().places(cafe) }
        #expect(stub.requests.count == 1)
    }

    @Test func forbiddenAndBadRequestAreNotRetried() async throws {
        let stub = try GeoapifyStub(routes: [
            "catering.cafe": [.error(403, "Key restricted")],
            "catering.restaurant": [.error(400, "\\\"limit\\\" must be less than or equal to 500")],
        ])
        await #expect(throws: GeoapifyError.forbidden("Key restricted")) {
            try await stub.client().places(cafe)
        }
        var restaurant = cafe
        restaurant.category = .restaurant
        do {
            _ = try await stub.client().places(restaurant)
            Issue.record("expected 400")
        } catch {
            guard case .badRequest(let message) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(message.contains("limit"))
        }
        #expect(stub.requests.count == 2)
    }

    @Test func honoursRetryAfterOn429() async throws {
        let stub = try GeoapifyStub(routes: [
            "catering.cafe": [
                .error(429, "Too Many Requests", headers: ["Retry-After": "1"]), .sample("cafe"),
            ]
        ])
        let started = Date()
        let (_, result) = try await stub.client().places(cafe)
        #expect(result.places.count == 19)
        #expect(Date().timeIntervalSince(started) >= 0.95)
        #expect(stub.requests.count == 2)
    }

    @Test func retriesServerErrorsThenSucceeds() async throws {
        let stub = try GeoapifyStub(routes: [
            "catering.cafe": [.error(500, "Internal"), .error(503, "Unavailable"), .sample("cafe")]
        ])
        let (_, result) = try await stub.client().places(cafe)
        #expect(result.places.count == 19)
        #expect(stub.requests.count == 3)
    }

    @Test func retriesAreBounded() async throws {
        let stub = try GeoapifyStub(routes: ["catering.cafe": [.error(502, "Bad gateway")]])
        await #expect(throws: GeoapifyError.server(status: 502)) {
            try await stub.client().places(cafe)
        }
        #expect(stub.requests.count == 4)
        let quota = try GeoapifyStub(routes: ["catering.cafe": [.error(429, "Quota exceeded")]])
        await #expect(throws: GeoapifyError.quotaExceeded) { try await quota.client().places(cafe) }
    }

    @Test func slowAnswerTimesOutThenRetries() async throws {
        var slow = GeoapifyStub.Response.sample("cafe")
        slow.delay = 3
        var verySlow = slow
        verySlow.delay = 30
        // A first answer that would take 30 s: the client gave up on it (two requests, and well
        // before it came, whatever the machine's speed) and the retry's answer was used.
        let stub = try GeoapifyStub(routes: ["catering.cafe": [verySlow, .sample("cafe")]])
        let started = Date()
        let (_, result) = try await stub.client(timeout: 1).places(cafe)
        #expect(result.places.count == 19)
        #expect(Date().timeIntervalSince(started) < 20)
        #expect(stub.requests.count == 2)

        let alwaysSlow = try GeoapifyStub(routes: ["catering.cafe": [slow]])
        await #expect(throws: GeoapifyError.timeout(seconds: 1)) {
            try await alwaysSlow.client(
                timeout: 1,
                retry: RetryPolicy(
                    maximumAttempts: 2, baseDelay: 0.05, maximumDelay: 0.1, maximumTotal: 3_600)
            ).places(cafe)
        }
    }

    @Test func unexpectedBodies() async throws {
        var truncated = GeoapifyStub.Response.sample("cafe")
        truncated.truncate = 500
        let stub = try GeoapifyStub(routes: [
            "catering.cafe": [truncated],
            "catering.restaurant": [
                .init(
                    headers: ["Content-Type": "text/html"],
                    body: "<!DOCTYPE html><html><body><h1>502 Bad Gateway</h1></body></html>")
            ],
            "accommodation.hotel": [.init(body: #"{"results": []}"#)],
        ])
        do {
            _ = try await stub.client().places(cafe)
            Issue.record("expected error")
        } catch {
            guard case .unexpectedBody(let detail) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(detail.contains("avkuttet"))
        }
        var restaurant = cafe
        restaurant.category = .restaurant
        do {
            _ = try await stub.client().places(restaurant)
            Issue.record("expected error")
        } catch {
            guard case .unexpectedBody(let detail) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(detail.contains("HTML"))
        }
        var hotel = cafe
        hotel.category = .hotel
        await #expect(throws: GeoapifyError.unexpectedBody("JSON uten «features»")) {
            try await stub.client().places(hotel)
        }
    }

    @Test func emptyAndDuplicateAnswers() async throws {
        let duplicates = Repository.fixtures + "/geoapify-duplicates.json"
        let stub = try GeoapifyStub(routes: [
            "catering.cafe": [.init(body: #"{"type":"FeatureCollection","features":[]}"#)],
            "catering.restaurant": [.init(file: duplicates)],
        ])
        let (_, empty) = try await stub.client().places(cafe)
        #expect(empty.places.isEmpty)
        var restaurant = cafe
        restaurant.category = .restaurant
        let (_, result) = try await stub.client().places(restaurant)
        #expect(result.places.count == 2)
        #expect(result.skipped.count == 1)
    }

    @Test func noNetwork() async throws {
        // A port nothing listens on.
        let client = GeoapifyClient(
            apiKey: "k", baseURL: URL(string: "http://127.0.0.1:9")!,
            retryPolicy: RetryPolicy(
                maximumAttempts: 2, baseDelay: 0.01, maximumDelay: 0.01, maximumTotal: 5),
            timeout: 2)
        do {
            _ = try await client.places(cafe)
            Issue.record("expected error")
        } catch {
            switch error {
            case .noNetwork, .transport: break
            default: Issue.record("unexpected \(error)")
            }
        }
    }

    @Test func geocodingReadsCandidates() async throws {
        let stub = try GeoapifyStub(routes: [
            "geocode": [
                .init(file: Repository.fixtures + "/geoapify/geocode-search-seattle-1.json")
            ]
        ])
        let candidates = try await stub.client().geocode("3029 NW 68th St, Seattle", near: .osloS)
        #expect(candidates.first?.label == "3029 Northwest 68th Street")
        #expect(candidates.first?.coordinate.latitude ?? 0 > 47.6)
        let request = try #require(stub.requests.first)
        #expect(request.path == "/v1/geocode/search")
        #expect(request.query["text"] == "3029 NW 68th St, Seattle")
    }

    @Test func retryAfterParsing() {
        #expect(RetryPolicy.parseRetryAfter("3", now: Date()) == 3)
        let now = Date(timeIntervalSince1970: 1_000_000)
        #expect(RetryPolicy.parseRetryAfter("Mon, 12 Jan 1970 13:46:50 GMT", now: now) == 10)
        #expect(RetryPolicy.parseRetryAfter("soon", now: Date()) == nil)
        let policy = RetryPolicy(baseDelay: 1, maximumDelay: 4)
        #expect(policy.delay(afterAttempt: 1, retryAfter: nil, random: 1) == 1)
        #expect(policy.delay(afterAttempt: 3, retryAfter: nil, random: 1) == 4)
        #expect(policy.delay(afterAttempt: 5, retryAfter: nil, random: 0) == 2)
        #expect(policy.delay(afterAttempt: 1, retryAfter: 7) == 7)
    }
}

/// The cache and its modes, through `GeoapifyPlaceSource`.
@Suite(.serialized) struct GeoapifyCacheTests {
    let cafe = PlacesRequest(category: .cafe, center: .osloS, radiusMetres: 5_000, limit: 20)

    func source(
        _ stub: GeoapifyStub, folder: String, mode: GeoapifyPlaceSource.Mode = .normal,
        ttl: TimeInterval = 3600,
        now: Date = Date()
    ) -> GeoapifyPlaceSource {
        GeoapifyPlaceSource(
            client: stub.client(), cache: ResponseCache(folder: folder), mode: mode,
            timeToLive: ttl, now: { now },
            categoryName: CategoryNames.pluralInText)
    }

    @Test func cacheHitRefreshOfflineAndStaleFallback() async throws {
        let folder = NSTemporaryDirectory() + "cache-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let stub = try GeoapifyStub(routes: [
            "catering.cafe": [.sample("cafe"), .sample("cafe"), .error(500, "down")]
        ])

        let first = try await source(stub, folder: folder).places(for: cafe)
        guard case .live = first.origin else {
            Issue.record("expected live")
            return
        }
        // Fresh entry: no second request.
        let second = try await source(stub, folder: folder).places(for: cafe)
        guard case .cache(_, let stale) = second.origin else {
            Issue.record("expected cache")
            return
        }
        #expect(!stale)
        #expect(stub.requests.count == 1)
        // --refresh asks again.
        _ = try await source(stub, folder: folder, mode: .refresh).places(for: cafe)
        #expect(stub.requests.count == 2)
        // --offline never asks.
        let offline = try await source(
            stub, folder: folder, mode: .offline, now: Date().addingTimeInterval(10 * 86_400)
        ).places(for: cafe)
        #expect(offline.places.count == 19)
        #expect(stub.requests.count == 2)
        // Stale and the API fails: the old answer, with a warning naming its age.
        let fallback = try await source(
            stub, folder: folder, ttl: 60, now: Date().addingTimeInterval(3 * 3600)
        ).places(
            for: cafe)
        #expect(fallback.places.count == 19)
        #expect(fallback.warning?.contains("mellomlageret") == true)
        #expect(fallback.warning?.contains("timer gamle") == true)
        #expect(stub.requests.count >= 3)
    }

    @Test func offlineWithoutCacheFailsClearly() async throws {
        let folder = NSTemporaryDirectory() + "cache-\(UUID().uuidString)"
        let stub = try GeoapifyStub()
        await #expect(throws: GeoapifyError.offlineWithoutCache(category: "kafeer")) {
            try await source(stub, folder: folder, mode: .offline).places(for: cafe)
        }
        #expect(stub.requests.isEmpty)
    }

    @Test func badAnswersAreNotCached() async throws {
        let folder = NSTemporaryDirectory() + "cache-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let stub = try GeoapifyStub(routes: ["catering.cafe": [.init(body: "<html>oops</html>")]])
        await #expect(throws: GeoapifyError.self) {
            try await source(stub, folder: folder).places(for: cafe)
        }
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).isEmpty)
    }

    @Test func cacheFileNamesHoldNoKey() {
        let client = GeoapifyClient(apiKey: "SECRET")
        let url = client.placesURL(for: cafe)
        #expect(!url.absoluteString.contains("SECRET"))
        #expect(ResponseCache.key(for: url, kind: "places-cafe").hasPrefix("places-cafe-"))
    }
}

/// The transport of a machine where libcurl cannot be opened: fails as `CurlTransport` then does,
/// and counts the calls.
final class UnavailableTransport: HTTPTransport {
    let calls = Mutex(0)

    func get(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
        calls.withLock { $0 += 1 }
        throw Libcurl.missing
    }
}
