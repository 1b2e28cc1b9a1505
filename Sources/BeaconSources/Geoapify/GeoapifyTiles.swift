import BeaconMap
import BeaconModel
import BeaconSystem
import BeaconText
import FoundationEssentials

/// Geoapify's raster map tiles, fetched at build time so the published site
/// serves them itself: `GET {base}/v1/tile/osm-bright/{z}/{x}/{y}.png`, the key
/// in the client's `x-api-key` header only (Geoapify reads it there as well as
/// from an `apiKey` query, and a URL is what logs and caches keep). Requests go
/// through `GeoapifyClient.fetch` (same transport, same-origin redirects only,
/// retries, `Retry-After`, redaction of error answers), with a 2 MB cap per
/// tile, at most 4 in flight and at most 5 starts a second (Geoapify's free
/// plan). A tile keeps only what an image needs (`PNGTile.publishable`).
package struct GeoapifyTileClient: Sendable {
    package static let defaultBaseURL = URL(string: "https://maps.geoapify.com")!
    package static let style = "osm-bright"
    /// A 256 px raster tile is some tens of kilobytes; anything past this is not a tile.
    package static let maximumTileBytes = 2 << 20

    /// Key, base URL, transport, retries, timeout and retry reporting.
    package var client: GeoapifyClient
    package var limits: TileRequestLimits

    package init(client: GeoapifyClient, limits: TileRequestLimits = .geoapifyFreePlan) {
        self.client = client
        self.limits = limits
    }

    /// From the same environment as the places client (`GEOAPIFY_API_KEY`,
    /// `GEOAPIFY_BASE_URL`, `GEOAPIFY_TIMEOUT`); nil without a key. The base
    /// URL, when set, serves both places and tiles (a test server, a proxy);
    /// otherwise tiles come from maps.geoapify.com. A test server on this
    /// machine is not Geoapify, so it gets no per-second pacing.
    package static func fromEnvironment(_ environment: [String: String]) throws(GeoapifyError)
        -> GeoapifyTileClient?
    {
        guard var client = try GeoapifyClient.fromEnvironment(environment) else { return nil }
        if environment["GEOAPIFY_BASE_URL"] == nil { client.baseURL = defaultBaseURL }
        let loopback = client.baseURL.host.map(LoopbackHost.contains) ?? false
        return GeoapifyTileClient(client: client, limits: loopback ? .loopback : .geoapifyFreePlan)
    }

    private var base: String {
        var base = client.baseURL.absoluteString
        while base.hasSuffix("/") { base.removeLast() }
        return base
    }

    /// The tile's address, which the request uses and messages and the cache's records name.
    package func publicURL(for tile: TileCoordinate) -> URL {
        URL(
            string: base
                + "/v1/tile/\(GeoapifyTileClient.style)/\(tile.zoom)/\(tile.x)/\(tile.y).png")!
    }

    /// One tile's PNG bytes, after retries, with only the chunks an image needs; an answer that is
    /// not a PNG, or that still spells the key in what an image needs, is refused.
    package func fetch(_ tile: TileCoordinate, gate: RequestGate) async throws(GeoapifyError)
        -> [UInt8]
    {
        var client = self.client
        client.transport = GatedTransport(base: client.transport, gate: gate)
        let body: Data
        do {
            body = try await client.fetch(
                publicURL(for: tile), accept: "image/png",
                maximumBodyBytes: GeoapifyTileClient.maximumTileBytes)
        } catch {
            // Whatever an error carries from the network passes the redactor again.
            throw GeoapifyTileClient.redacted(error, SecretRedactor(secrets: [client.apiKey]))
        }
        let bytes = [UInt8](body)
        guard PNGCheck.isTile(bytes), let image = PNGTile.publishable(bytes) else {
            throw .unexpectedBody(
                "kartflisen \(tile) var ikke et PNG-bilde: \(PNGCheck.describe(bytes))")
        }
        guard !SecretRedactor(secrets: [client.apiKey]).isFound(in: image) else {
            throw .unexpectedBody(
                "kartflisen \(tile) inneholdt API-nøkkelen i bildedataene, og ble ikke brukt")
        }
        return image
    }
}

extension GeoapifyTileClient {
    static func redacted(_ error: GeoapifyError, _ redactor: SecretRedactor) -> GeoapifyError {
        switch error {
        case .forbidden(let text): .forbidden(redactor.redact(text))
        case .badRequest(let text): .badRequest(redactor.redact(text))
        case .noNetwork(let text): .noNetwork(redactor.redact(text))
        case .transport(let text): .transport(redactor.redact(text))
        case .redirectRefused(let text): .redirectRefused(to: redactor.redact(text))
        case .unexpectedBody(let text): .unexpectedBody(redactor.redact(text))
        default: error
        }
    }
}

/// How hard the build may ask for tiles.
package struct TileRequestLimits: Sendable, Equatable {
    package var maximumInFlight: Int
    /// Request starts per second; nil: no pacing.
    package var perSecond: Double?

    package init(maximumInFlight: Int, perSecond: Double?) {
        self.maximumInFlight = max(1, maximumInFlight)
        self.perSecond = perSecond.map { max(0.01, $0) }
    }

    /// Geoapify's free plan: 5 requests a second; 4 at a time keeps within it.
    package static let geoapifyFreePlan = TileRequestLimits(maximumInFlight: 4, perSecond: 5)
    /// A test server on loopback.
    package static let loopback = TileRequestLimits(maximumInFlight: 4, perSecond: nil)
}

/// Admits requests: at most `maximumInFlight` at once, and (retries
/// included: the gate sits in the transport) never more than `perSecond`
/// starts within any window of a little over a second (a sliding window over
/// the actual starts, so a late wake-up cannot bunch the next ones up).
package actor RequestGate {
    /// The window, with 5 % to spare for the way to the server.
    static let window: Duration = .milliseconds(1050)

    let limits: TileRequestLimits
    private var inFlight = 0
    private var waiting: [CheckedContinuation<Void, Never>] = []
    private let clock = ContinuousClock()
    /// When the latest requests started (the window looks back over these).
    private var starts: [ContinuousClock.Instant] = []

    package init(limits: TileRequestLimits) {
        self.limits = limits
    }

    package func enter() async {
        if inFlight < limits.maximumInFlight {
            inFlight += 1
        } else {
            // `leave` hands its place straight to the first waiter.
            await withCheckedContinuation { waiting.append($0) }
        }
        if let perSecond = limits.perSecond {
            let allowed = max(1, Int(perSecond.rounded(.down)))
            let window = perSecond < 1 ? RequestGate.window * (1 / perSecond) : RequestGate.window
            // Another request may start while this one sleeps: look again after each wait.
            while starts.count >= allowed {
                let earliest = starts[starts.count - allowed] + window
                guard clock.now < earliest else { break }
                try? await Task.sleep(until: earliest, clock: clock)
                if Task.isCancelled { break }
            }
        }
        starts.append(clock.now)
        if starts.count > 64 { starts.removeFirst(starts.count - 64) }
    }

    package func leave() {
        if waiting.isEmpty {
            inFlight -= 1
        } else {
            waiting.removeFirst().resume()
        }
    }
}

/// A transport whose every request (first attempts and retries) passes a gate.
struct GatedTransport: HTTPTransport {
    let base: any HTTPTransport
    let gate: RequestGate

    func get(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
        await gate.enter()
        let result: Result<HTTPResponse, TransportError>
        do { result = .success(try await base.get(request)) } catch { result = .failure(error) }
        await gate.leave()
        return try result.get()
    }
}

/// Is this a PNG map tile? The signature, an IHDR chunk first with a square
/// image of 128 to 1024 pixels, and an IEND chunk last (so a cut-off answer fails).
package enum PNGCheck {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    package static func isTile(_ bytes: [UInt8]) -> Bool {
        guard bytes.count >= 8 + 25 + 12, Array(bytes[0..<8]) == signature,
            Array(bytes[12..<16]) == Array("IHDR".utf8),
            Array(bytes[(bytes.count - 8)..<(bytes.count - 4)]) == Array("IEND".utf8)
        else { return false }
        func integer(at offset: Int) -> Int {
            bytes[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) }
        }
        let width = integer(at: 16)
        let height = integer(at: 20)
        return width == height && (128...1024).contains(width)
    }

    /// A few words on what came instead ("en HTML-side", "et tomt svar", "4 bytes").
    static func describe(_ bytes: [UInt8]) -> String {
        if bytes.isEmpty { return "et tomt svar" }
        if bytes.starts(with: signature) {
            return "et PNG-bilde som er avkuttet eller har feil størrelse"
        }
        let start = String(decoding: bytes.prefix(200), as: UTF8.self).trimmingWhitespace()
            .lowercased()
        if start.hasPrefix("<") { return "en HTML- eller XML-side" }
        if start.hasPrefix("{") || start.hasPrefix("[") { return "JSON" }
        return "\(bytes.count) byte med noe annet"
    }
}
