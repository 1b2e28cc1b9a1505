import BeaconModel
import BeaconSystem
import BeaconText
import FoundationEssentials

/// The Overpass API, asked once per build for everything our basemap draws
/// within a box (one combined query, so a build makes one request), and once
/// for the places of every kind the guide holds when it has no key, with
/// retries paced as the public servers ask (`Retry-After`, at most a few
/// tries). `OVERPASS_URL` names another server (a mirror, or a test's stand-in
/// on loopback); `OVERPASS_TIMEOUT` the seconds one try may take.
package struct OverpassClient: Sendable {
    package static let defaultURL = URL(string: "https://overpass-api.de/api/interpreter")!
    /// The answer for a 10 km guide in a dense city stays well under this; more is not a basemap.
    package static let maximumAnswerBytes = 256 << 20

    package var endpoint: URL
    var transport: any HTTPTransport
    var retryPolicy: RetryPolicy
    var timeout: TimeInterval
    /// Called before each retry with the attempt number, the wait and the reason (for progress).
    package var onRetry: (@Sendable (Int, TimeInterval, OverpassError) -> Void)?
    package var now: @Sendable () -> Date = Date.init

    package init(
        endpoint: URL = OverpassClient.defaultURL, transport: any HTTPTransport = CurlTransport(),
        retryPolicy: RetryPolicy = RetryPolicy(
            maximumAttempts: 3, baseDelay: 5, maximumDelay: 30, maximumTotal: 240),
        timeout: TimeInterval = 180
    ) {
        self.endpoint = endpoint
        self.transport = transport
        self.retryPolicy = retryPolicy
        self.timeout = timeout
    }

    /// The client `OVERPASS_URL` and `OVERPASS_TIMEOUT` describe (both optional).
    package static func fromEnvironment(_ environment: [String: String]) throws(OverpassError)
        -> OverpassClient
    {
        var client = OverpassClient()
        if let text = environment["OVERPASS_URL"]?.trimmingWhitespace(), !text.isEmpty {
            guard let url = URL(string: text), let origin = Origin(url),
                origin.scheme == "https" || origin.scheme == "http",
                url.user == nil, url.password == nil
            else {
                throw .invalidConfiguration(
                    "OVERPASS_URL må være en http(s)-adresse, for eksempel https://overpass-api.de/api/interpreter (er «\(TextHardening.clean(text, maximumLength: 120) ?? "")»)."
                )
            }
            client.endpoint = url
        }
        if let text = environment["OVERPASS_TIMEOUT"] {
            guard let seconds = Double(text.trimmingWhitespace()), seconds.isFinite, seconds > 0,
                seconds <= 3600
            else {
                throw .invalidConfiguration(
                    "OVERPASS_TIMEOUT må være et antall sekunder fra 1 til 3600 (er «\(TextHardening.clean(text, maximumLength: 40) ?? "")»)."
                )
            }
            client.timeout = seconds
        }
        return client
    }

    /// One query for every kind `BasemapTags` knows, in `box`: ways and multipolygons with their
    /// geometry (`out geom`), and place nodes.
    package static func query(for box: GeoBounds, timeoutSeconds: Int) -> String {
        let bbox = [box.south, box.west, box.north, box.east].map {
            MachineNumber.decimal($0, places: 6)
        }
        .joined(separator: ",")
        return """
            [out:json][timeout:\(timeoutSeconds)][maxsize:\(maximumAnswerBytes)][bbox:\(bbox)];
            (
              way[highway];
              way[railway~"^(rail|light_rail|subway|tram|narrow_gauge|monorail|funicular)$"];
              way[waterway];
              way[natural~"^(water|wood|coastline|scrub|heath|grassland|wetland)$"];
              relation[type=multipolygon][natural~"^(water|wood)$"];
              way[water]; relation[type=multipolygon][water];
              way[landuse]; relation[type=multipolygon][landuse];
              way[leisure~"^(park|garden|playground|pitch|dog_park|nature_reserve|golf_course|recreation_ground)$"];
              relation[type=multipolygon][leisure~"^(park|garden|nature_reserve)$"];
              way[place=square]; way[amenity=grave_yard];
              node[place];
            );
            out geom qt;
            """
    }

    /// The basemap request's URL: the endpoint with the query as `data`.
    package func url(for box: GeoBounds) -> URL {
        url(forQuery: OverpassClient.query(for: box, timeoutSeconds: timeoutSeconds))
    }

    /// The timeout a query asks the server for: the seconds one try may take.
    package var timeoutSeconds: Int { Int(timeout.rounded()) }

    /// The endpoint with `query` (Overpass QL) as `data`.
    package func url(forQuery query: String) -> URL {
        let separator = (endpoint.query ?? "").isEmpty ? "?" : "&"
        return URL(
            string: endpoint.absoluteString + separator + "data="
                + URLPath.percentEncoded(query, keeping: ""))
            ?? endpoint
    }

    /// The answer's body, after retries; an Overpass error (a `remark`, an HTML page) is left for
    /// the reader to name.
    package func fetch(_ box: GeoBounds) async throws(OverpassError) -> Data {
        try await fetch(url: url(for: box))
    }

    /// The answer to `query` (Overpass QL), after retries: POSTed as the form's `data`, as Overpass
    /// asks of a query too long for an address (the places of twenty kinds, hundreds of saved
    /// places looked up at once).
    package func fetch(query: String) async throws(OverpassError) -> Data {
        try await fetch(url: endpoint, form: "data=" + URLPath.percentEncoded(query, keeping: ""))
    }

    private func fetch(url: URL, form: String? = nil) async throws(OverpassError) -> Data {
        let clock = ContinuousClock()
        let started = clock.now
        var attempt = 0
        while true {
            attempt += 1
            let failure: OverpassError
            var retryAfter: TimeInterval?
            do {
                let response = try await transport.get(
                    HTTPRequest(
                        url: url, headers: ["Accept": "application/json"], timeout: timeout,
                        maximumBodyBytes: OverpassClient.maximumAnswerBytes, form: form))
                if (200..<300).contains(response.status) { return response.body }
                failure = .status(response.status)
                retryAfter = RetryPolicy.parseRetryAfter(
                    response.headers["retry-after"], now: now())
            } catch {
                switch error {
                case .timeout: failure = .timeout(seconds: Int(saturating: timeout))
                case .noNetwork(let detail): failure = .noNetwork(detail)
                case .tooLarge(let limit): failure = .tooLarge(limit: limit)
                case .unavailable(let detail): failure = .unavailable(detail)
                case .redirectRefused(let target): failure = .transport("omdirigert til \(target)")
                case .other(let detail): failure = .transport(detail)
                }
            }
            guard failure.isRetryable, attempt < retryPolicy.maximumAttempts else { throw failure }
            let wait = retryPolicy.delay(afterAttempt: attempt, retryAfter: retryAfter)
            guard (clock.now - started).inSeconds + wait <= retryPolicy.maximumTotal else {
                throw failure
            }
            onRetry?(attempt, wait, failure)
            try? await Task.sleep(nanoseconds: .nanoseconds(saturating: wait))
        }
    }
}

/// Why Overpass gave no answer; the build then goes on without a basemap and says this.
package enum OverpassError: UserFacingError, Equatable {
    case invalidConfiguration(String)
    case status(Int)
    case timeout(seconds: Int)
    case noNetwork(String)
    case tooLarge(limit: Int)
    case unavailable(String)
    case transport(String)

    /// Busy (429), overloaded or timed out at the server (504), briefly down: worth another try.
    var isRetryable: Bool {
        switch self {
        case .status(let status): status == 429 || status == 502 || status == 503 || status == 504
        // Not a refused connection or an unknown host: trying again soon will not change that.
        case .timeout, .transport: true
        default: false
        }
    }

    /// Only a configuration that cannot be right stops a build (as GEOAPIFY_BASE_URL does); the
    /// rest leave the guide without a basemap.
    package var exitStatus: ExitStatus {
        if case .invalidConfiguration = self { return .usage }
        return .unavailable
    }

    package var userMessage: String {
        switch self {
        case .invalidConfiguration(let message): message
        case .status(429):
            "Overpass-tjenesten sier at den har for mange forespørsler nå (HTTP 429). Prøv igjen om noen minutter."
        case .status(let status) where status >= 500:
            "Overpass-tjenesten svarte med en feil (HTTP \(status)); den er trolig overbelastet. Prøv igjen senere, eller sett OVERPASS_URL til et annet speil."
        case .status(let status): "Overpass-tjenesten avviste spørringen (HTTP \(status))."
        case .timeout(let seconds):
            "Overpass-tjenesten svarte ikke innen \(NorwegianFormat.count(seconds, singular: "sekund", plural: "sekunder"))."
        case .noNetwork(let detail): "Fikk ikke kontakt med Overpass-tjenesten (\(detail))."
        case .tooLarge(let limit):
            "Svaret fra Overpass var større enn \(limit >> 20) MB; det er ikke et kartgrunnlag for én guide."
        case .unavailable(let detail): "Kan ikke hente fra nettet på denne maskinen: \(detail)"
        case .transport(let detail): "Henting fra Overpass feilet: \(detail)"
        }
    }

    /// A few words for a try that failed and is retried (the progress line names Overpass and the
    /// retry).
    package var briefDescription: String {
        switch self {
        case .status(429): "for mange forespørsler, HTTP 429"
        case .status(let status) where status >= 500: "serverfeil, HTTP \(status)"
        case .status(let status): "HTTP \(status)"
        case .timeout(let seconds): "ikke svar innen \(seconds) s"
        case .noNetwork: "ingen nettforbindelse"
        case .transport(let detail):
            TextHardening.clean(detail, maximumLength: 200) ?? "overføringen feilet"
        default: userMessage
        }
    }
}
