import Foundation
import Synchronization
import Testing

@testable import BeaconMap
@testable import BeaconModel
@testable import BeaconSources
@testable import BeaconSystem

/// A transport that answers every tile with a PNG (or what `answer` says),
/// and records each request, when it started and how many were in flight.
final class RecordingTransport: HTTPTransport, @unchecked Sendable {
    struct Record {
        var request: HTTPRequest
        var started: ContinuousClock.Instant
    }

    private let state = Mutex<(records: [Record], inFlight: Int, mostInFlight: Int)>(([], 0, 0))
    let latency: Duration
    let answer: @Sendable (HTTPRequest) -> Result<HTTPResponse, TransportError>

    init(
        latency: Duration = .milliseconds(20),
        answer: @escaping @Sendable (HTTPRequest) -> Result<HTTPResponse, TransportError> = { _ in
            .success(HTTPResponse(status: 200, body: Data(PNGCheckTests.png())))
        }
    ) {
        self.latency = latency
        self.answer = answer
    }

    func get(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
        state.withLock {
            $0.records.append(Record(request: request, started: ContinuousClock.now))
            $0.inFlight += 1
            $0.mostInFlight = max($0.mostInFlight, $0.inFlight)
        }
        try? await Task.sleep(for: latency)
        state.withLock { $0.inFlight -= 1 }
        return try answer(request).get()
    }

    var records: [Record] { state.withLock { $0.records } }
    var mostInFlight: Int { state.withLock { $0.mostInFlight } }
}

@Suite struct GeoapifyTileSourceTests {
    static let key = "tile-KEY-5f3e9a"

    func client(_ transport: RecordingTransport, limits: TileRequestLimits = .loopback)
        -> GeoapifyTileClient
    {
        GeoapifyTileClient(
            client: GeoapifyClient(
                apiKey: Self.key, baseURL: GeoapifyTileClient.defaultBaseURL, transport: transport,
                retryPolicy: RetryPolicy(
                    maximumAttempts: 3, baseDelay: 0.01, maximumDelay: 0.02, maximumTotal: 5)),
            limits: limits)
    }

    /// A small plan: 1 km around Oslo S within 30 tiles.
    let plan = TilePlan(center: .osloS, radiusMetres: 1000, budget: 30)

    @Test func theRequestIsGeoapifysTileURLWithTheKeyInTheHeaderOnly() async throws {
        let transport = RecordingTransport()
        let bytes = try await client(transport).fetch(
            TileCoordinate(zoom: 13, x: 4340, y: 2382), gate: RequestGate(limits: .loopback))
        #expect(PNGCheck.isTile(bytes))
        let request = try #require(transport.records.first?.request)
        #expect(
            request.url.absoluteString
                == "https://maps.geoapify.com/v1/tile/osm-bright/13/4340/2382.png")
        #expect(request.headers["x-api-key"] == Self.key)
        #expect(request.headers["Accept"] == "image/png")
        #expect(request.maximumBodyBytes == 2 << 20)
        #expect(
            !client(transport).publicURL(for: TileCoordinate(zoom: 13, x: 4340, y: 2382))
                .absoluteString.contains(
                    Self.key))
    }

    @Test func theEnvironmentChoosesTheHostAndThePacing() throws {
        let real = try #require(
            try GeoapifyTileClient.fromEnvironment(["GEOAPIFY_API_KEY": Self.key]))
        #expect(real.client.baseURL.absoluteString == "https://maps.geoapify.com")
        #expect(real.limits == .geoapifyFreePlan)
        let stub = try #require(
            try GeoapifyTileClient.fromEnvironment([
                "GEOAPIFY_API_KEY": Self.key, "GEOAPIFY_BASE_URL": "http://127.0.0.1:8123/",
            ]))
        #expect(
            stub.publicURL(for: TileCoordinate(zoom: 1, x: 0, y: 1)).absoluteString
                == "http://127.0.0.1:8123/v1/tile/osm-bright/1/0/1.png")
        #expect(stub.limits == .loopback)
        #expect(try GeoapifyTileClient.fromEnvironment([:]) == nil)
        #expect(throws: GeoapifyError.self) {
            try GeoapifyTileClient.fromEnvironment([
                "GEOAPIFY_API_KEY": Self.key, "GEOAPIFY_BASE_URL": "http://tiles.example.org",
            ])
        }
    }

    /// Geoapify's free plan: at most 4 requests in flight and 5 a second.
    @Test func requestsArePacedAndBounded() async throws {
        let transport = RecordingTransport(latency: .milliseconds(300))
        let tiles = client(transport, limits: .geoapifyFreePlan)
        let gate = RequestGate(limits: .geoapifyFreePlan)
        let started = ContinuousClock.now
        try await withThrowingTaskGroup(of: Void.self) { group in
            for x in 0..<13 {
                group.addTask {
                    _ = try await tiles.fetch(TileCoordinate(zoom: 5, x: x, y: 9), gate: gate)
                }
            }
            try await group.waitForAll()
        }
        let starts = transport.records.map(\.started).sorted()
        #expect(starts.count == 13)
        #expect(transport.mostInFlight <= 4)
        for (index, start) in starts.enumerated() where index + 5 < starts.count {
            // Any six consecutive starts span at least a second.
            #expect(
                starts[index + 5] - start >= .milliseconds(1000), "starts \(index)…\(index + 5)")
        }
        #expect(ContinuousClock.now - started >= .milliseconds(2400))
    }

    @Test func tilesAreCachedByStyleZoomXAndYWithoutTheKey() async throws {
        let folder = TemporaryFolder()
        let transport = RecordingTransport()
        let source = GeoapifyTileSource(
            client: client(transport), cache: ResponseCache(folder: folder.path))
        let first = await source.load(plan)
        #expect(first.plan == plan)
        #expect(first.tiles.count == plan.tileCount)
        #expect(first.fetched == plan.tileCount)
        #expect(transport.records.count == plan.tileCount)
        #expect(
            Set(first.tiles.map(\.path))
                == Set(plan.tiles.map { PublishedTile.path(zoom: $0.zoom, x: $0.x, y: $0.y) }))

        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        let tile = try #require(plan.tiles.first)
        #expect(files.contains("osm-bright-\(tile.zoom)-\(tile.x)-\(tile.y).meta.json"))
        for file in files {
            #expect(!file.contains(Self.key))
            let text = String(
                decoding: try FileSystem.read(folder.path + "/" + file), as: UTF8.self)
            #expect(!text.contains(Self.key) && !text.contains("apiKey"), "\(file)")
        }

        // Again: all from the cache, nothing asked.
        let state = source.cacheState(for: plan)
        #expect(state.freshCount == plan.tileCount && state.toFetch == 0 && state.credits == 0)
        let second = await source.load(plan, state: state)
        #expect(second.fromCache == plan.tileCount && second.fetched == 0)
        #expect(transport.records.count == plan.tileCount)
    }

    @Test func offlineUsesOnlyTheCacheAndStaleTilesToo() async throws {
        let folder = TemporaryFolder()
        let transport = RecordingTransport()
        let cache = ResponseCache(folder: folder.path)
        _ = await GeoapifyTileSource(client: client(transport), cache: cache).load(plan)
        let later: @Sendable () -> Date = { Date().addingTimeInterval(40 * 86_400) }
        let offline = GeoapifyTileSource(
            client: client(transport), cache: cache, mode: .offline, now: later)
        #expect(offline.cacheState(for: plan).freshCount == 0)
        let result = await offline.load(plan)
        #expect(result.plan == plan)
        #expect(result.staleUsed == plan.tileCount)
        #expect(transport.records.count == plan.tileCount)

        // Nothing cached: nothing published, nothing asked.
        let empty = await GeoapifyTileSource(
            client: client(transport), cache: ResponseCache(folder: folder.path + "/none"),
            mode: .offline
        ).load(plan)
        #expect(empty.plan.isEmpty && empty.tiles.isEmpty)
        #expect(empty.incompleteZoom == plan.minZoom)
        #expect(transport.records.count == plan.tileCount)
    }

    /// A failing zoom ends the basemap there: the complete lower zooms stay,
    /// and after the first failure the network is not asked again.
    @Test func anIncompleteZoomIsDroppedWithEverythingAbove() async throws {
        let folder = TemporaryFolder()
        let failing = try #require(plan.levels.dropFirst().first)
        let transport = RecordingTransport { request in
            request.url.path.contains("/\(failing.zoom)/")
                ? .success(
                    HTTPResponse(
                        status: 403,
                        body: Data(
                            #"{"statusCode":403,"message":"key \#(Self.key) not allowed"}"#.utf8)))
                : .success(HTTPResponse(status: 200, body: Data(PNGCheckTests.png())))
        }
        let result = await GeoapifyTileSource(
            client: client(transport), cache: ResponseCache(folder: folder.path)
        )
        .load(plan)
        #expect(result.plan.levels == [plan.levels[0]])
        #expect(result.tiles.count == plan.levels[0].count)
        #expect(result.incompleteZoom == failing.zoom)
        let failure = try #require(result.failure)
        #expect(
            failure.userMessage.contains("[API-nøkkel]") && !failure.userMessage.contains(Self.key))
        // The first zoom's tiles, then at most the four in flight when the refusal came.
        #expect(transport.records.count <= plan.levels[0].count + 4)
    }

    @Test func anAnswerThatIsNotAPNGIsRefusedAndNotCached() async throws {
        let folder = TemporaryFolder()
        let transport = RecordingTransport { _ in
            .success(
                HTTPResponse(status: 200, body: Data("<html>Logg inn på nettverket</html>".utf8)))
        }
        let result = await GeoapifyTileSource(
            client: client(transport), cache: ResponseCache(folder: folder.path)
        )
        .load(plan)
        #expect(result.tiles.isEmpty)
        #expect(result.failure?.userMessage.contains("ikke et PNG-bilde") == true)
        #expect(result.failure?.userMessage.contains("HTML") == true)
        #expect(
            (try? FileManager.default.contentsOfDirectory(atPath: folder.path))?.isEmpty ?? true)
    }

    @Test func aFailedFetchFallsBackToAnOlderCachedTile() async throws {
        let folder = TemporaryFolder()
        let cache = ResponseCache(folder: folder.path)
        _ = await GeoapifyTileSource(client: client(RecordingTransport()), cache: cache).load(plan)
        let down = RecordingTransport { _ in .failure(.noNetwork("ingen rute")) }
        let later: @Sendable () -> Date = { Date().addingTimeInterval(31 * 86_400) }
        let result = await GeoapifyTileSource(client: client(down), cache: cache, now: later).load(
            plan)
        #expect(result.plan == plan)
        #expect(result.staleUsed == plan.tileCount)
        #expect(result.failure != nil)
        // Three attempts for the first tiles in flight; then no more requests.
        #expect(down.records.count <= 4 * 3)
    }
}
