import BeaconModel
import BeaconSystem
import BeaconText
import FoundationEssentials

/// Talks to the Geoapify APIs: the request as the API documents it, the key
/// in the `x-api-key` header (never in a URL, so never in a log or cache
/// name), retries for what may pass (429, 5xx, timeouts, network), none for
/// what will not (400, 401, 403), and typed errors.
package struct GeoapifyClient: Sendable {
    package static let defaultBaseURL = URL(string: "https://api.geoapify.com")!

    package var baseURL: URL
    let apiKey: String
    var transport: any HTTPTransport
    var retryPolicy: RetryPolicy
    /// Deadline per attempt.
    var timeout: TimeInterval
    /// Called before each retry with the attempt number, the wait and the reason (for progress).
    package var onRetry: (@Sendable (Int, TimeInterval, GeoapifyError) -> Void)?
    /// The wall clock, for a `Retry-After` given as a date; tests set it.
    package var now: @Sendable () -> Date = Date.init

    package init(
        apiKey: String, baseURL: URL = GeoapifyClient.defaultBaseURL,
        transport: any HTTPTransport = CurlTransport(),
        retryPolicy: RetryPolicy = RetryPolicy(), timeout: TimeInterval = 10
    ) {
        self.apiKey = apiKey
        self.baseURL = baseURL
        self.transport = transport
        self.retryPolicy = retryPolicy
        self.timeout = timeout
    }

    /// Reads `GEOAPIFY_API_KEY` (trimmed), `GEOAPIFY_BASE_URL` (tests, a
    /// proxy) and `GEOAPIFY_TIMEOUT` (seconds); nil without a key. A key with
    /// characters no key has, a base URL that would send the key unencrypted
    /// over a network, or a timeout that is not a number of seconds is an error.
    package static func fromEnvironment(_ environment: [String: String]) throws(GeoapifyError)
        -> GeoapifyClient?
    {
        guard let key = environment["GEOAPIFY_API_KEY"]?.trimmingWhitespace(), !key.isEmpty else {
            return nil
        }
        guard key.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else {
            throw .invalidConfiguration(
                "GEOAPIFY_API_KEY inneholder mellomrom, kontrolltegn eller andre tegn som ikke kan stå i en API-nøkkel. Sjekk verdien (nøkkelen vises ikke her)."
            )
        }
        var client = GeoapifyClient(apiKey: key)
        if let base = environment["GEOAPIFY_BASE_URL"] {
            client.baseURL = try checkedBaseURL(base)
        }
        if let text = environment["GEOAPIFY_TIMEOUT"] {
            guard let timeout = DecimalNumber.parse(text), (1...120).contains(timeout) else {
                throw .invalidConfiguration(
                    "GEOAPIFY_TIMEOUT må være et antall sekunder fra 1 til 120 (er «\(text)»).")
            }
            client.timeout = timeout
        }
        return client
    }

    /// An https address, or http to this machine only (a test server): the key
    /// must never travel unencrypted over a network.
    static func checkedBaseURL(_ text: String) throws(GeoapifyError) -> URL {
        guard let url = URL(string: text), let origin = Origin(url),
            origin.scheme == "https" || origin.scheme == "http",
            url.user == nil, url.password == nil
        else {
            throw .invalidConfiguration(
                "GEOAPIFY_BASE_URL må være en http(s)-adresse, for eksempel https://api.geoapify.com (er «\(text)»)."
            )
        }
        guard origin.scheme == "https" || LoopbackHost.contains(origin.host) else {
            throw .invalidConfiguration(
                "GEOAPIFY_BASE_URL bruker http til en annen maskin (\(origin.host)); da ville API-nøkkelen gått ukryptert over nettet. "
                    + "Bruk https (http bare til denne maskinen: localhost, 127.x.x.x eller ::1).")
        }
        return url
    }

    // MARK: Requests

    /// `/v2/places`: one category within a circle, nearest first. Longitude comes first in both
    /// parameters.
    func placesURL(for request: PlacesRequest) -> URL {
        let lon = MachineNumber.decimal(request.center.longitude, places: 6)
        let lat = MachineNumber.decimal(request.center.latitude, places: 6)
        return url(
            path: "/v2/places",
            query: [
                ("categories", request.category.geoapifyKeys.joined(separator: ",")),
                ("filter", "circle:\(lon),\(lat),\(request.radiusMetres)"),
                ("bias", "proximity:\(lon),\(lat)"),
                ("limit", String(request.limit)),
                ("lang", request.language),
                ("conditions", "named"),
            ])
    }

    /// `/v1/geocode/search`: an address to positions.
    func geocodeURL(text: String, limit: Int, near: Coordinate?) -> URL {
        var query = [("text", text), ("limit", String(limit)), ("lang", "no")]
        if let near {
            query.append(
                (
                    "bias",
                    "proximity:\(MachineNumber.decimal(near.longitude, places: 6)),\(MachineNumber.decimal(near.latitude, places: 6))"
                ))
        }
        return url(path: "/v1/geocode/search", query: query)
    }

    func url(path: String, query: [(String, String)]) -> URL {
        var base = baseURL.absoluteString
        while base.hasSuffix("/") { base.removeLast() }
        let encoded = query.map { "\($0.0)=\(GeoapifyClient.encode($0.1))" }.joined(separator: "&")
        return URL(string: base + path + "?" + encoded)!
    }

    /// Query values keep `:` and `,` readable (Geoapify's own examples do).
    static func encode(_ value: String) -> String {
        URLPath.percentEncoded(value, keeping: ":,")
    }

    // MARK: Calls

    /// The body of a successful answer, after retries. The body is not yet checked. A JSON answer
    /// comes back with the key taken out of it, in every spelling and escape
    /// (`SecretRedactor.redactingAnswer`); an image (map tiles ask for `image/png`, with a smaller
    /// size limit) as it came, for its reader to keep only what an image needs
    /// (`PNGTile.publishable`): replacing bytes inside it would break it.
    func fetch(
        _ url: URL, accept: String = "application/json",
        maximumBodyBytes: Int = HTTPRequest.defaultMaximumBodyBytes
    ) async throws(GeoapifyError) -> Data {
        let redactor = SecretRedactor(secrets: [apiKey])
        let clock = ContinuousClock()
        let started = clock.now
        var attempt = 0
        while true {
            attempt += 1
            let failure: GeoapifyError
            var retryAfter: TimeInterval?
            do {
                let response = try await transport.get(
                    HTTPRequest(
                        url: url, headers: ["x-api-key": apiKey, "Accept": accept],
                        timeout: timeout,
                        maximumBodyBytes: maximumBodyBytes))
                if (200..<300).contains(response.status) {
                    return accept == "application/json"
                        ? redactor.redactingAnswer(response.body) : response.body
                }
                // Before anything reads it: an answer that echoes the key must not carry it into
                // messages.
                let body = redactor.redactingAnswer(response.body)
                failure = GeoapifyClient.classify(status: response.status, body: body)
                retryAfter = RetryPolicy.parseRetryAfter(
                    response.headers["retry-after"], now: now())
            } catch {
                switch error {
                case .timeout: failure = .timeout(seconds: Int(saturating: timeout))
                case .noNetwork(let detail): failure = .noNetwork(detail)
                case .other(let detail): failure = .transport(redactor.redact(detail))
                case .redirectRefused(let target): failure = .redirectRefused(to: target)
                case .tooLarge(let limit): failure = .answerTooLarge(limit: limit)
                case .unavailable(let detail): failure = .clientUnavailable(detail)
                }
            }
            guard failure.isRetryable, attempt < retryPolicy.maximumAttempts else { throw failure }
            let wait = retryPolicy.delay(afterAttempt: attempt, retryAfter: retryAfter)
            let elapsed = (clock.now - started).inSeconds
            guard
                elapsed + wait
                    + (failure == .timeout(seconds: Int(saturating: timeout)) ? timeout : 0)
                    <= retryPolicy.maximumTotal
            else { throw failure }
            onRetry?(attempt, wait, failure)
            try? await Task.sleep(nanoseconds: .nanoseconds(saturating: wait))
        }
    }

    /// Maps an error status and Geoapify's `{statusCode, error, message}` body to an error.
    static func classify(status: Int, body: Data) -> GeoapifyError {
        let message =
            (try? JSONParser.parse(body))?["message"]?.looseString.map {
                TextHardening.clean($0, maximumLength: 200) ?? ""
            } ?? ""
        switch status {
        case 400: return .badRequest(message)
        case 401: return .invalidKey
        case 403: return .forbidden(message)
        case 429: return message.lowercased().containsBytes("quota") ? .quotaExceeded : .rateLimited
        case 500...599: return .server(status: status)
        default: return .unexpectedStatus(status)
        }
    }

    /// Places of one category, decoded; a body that is not a FeatureCollection is an error.
    package func places(_ request: PlacesRequest) async throws(GeoapifyError) -> (
        body: Data, result: PlacesDecoder.Result
    ) {
        let body = try await fetch(placesURL(for: request))
        return (body, try GeoapifyClient.decodePlaces(body, category: request.category))
    }

    static func decodePlaces(_ body: Data, category: PlaceCategory) throws(GeoapifyError)
        -> PlacesDecoder.Result
    {
        let json: JSONValue
        do {
            json = try JSONParser.parse(body)
        } catch {
            let start = String(decoding: body.prefix(200), as: UTF8.self).trimmingWhitespace()
                .lowercased()
            if start.hasPrefix("<") { throw .unexpectedBody("en HTML-side i stedet for JSON") }
            if body.isEmpty { throw .unexpectedBody("et tomt svar") }
            throw .unexpectedBody("ugyldig eller avkuttet JSON, \(error.localizedDescription)")
        }
        do {
            return try PlacesDecoder(assignedCategory: category).decode(json)
        } catch {
            throw .unexpectedBody("JSON uten «features»")
        }
    }

    /// Address candidates for `text`, best first.
    package func geocode(_ text: String, limit: Int = 5, near: Coordinate? = nil)
        async throws(GeoapifyError)
        -> [GeocodeCandidate]
    {
        let body = try await fetch(geocodeURL(text: text, limit: limit, near: near))
        guard let json = try? JSONParser.parse(body) else { throw .unexpectedBody("ugyldig JSON") }
        return GeocodeCandidate.decode(json)
    }
}

/// One answer of an address lookup.
package struct GeocodeCandidate: Sendable, Equatable {
    package var label: String
    package var detail: String?
    package var coordinate: Coordinate

    /// Reads GeoJSON (`features`) and `format=json` (`results`) answers.
    package static func decode(_ json: JSONValue) -> [GeocodeCandidate] {
        let items =
            json["features"]?.arrayValue?.compactMap { $0["properties"] } ?? json["results"]?
            .arrayValue ?? []
        return items.compactMap { item in
            guard let lat = item["lat"]?.looseDouble, let lon = item["lon"]?.looseDouble else {
                return nil
            }
            let coordinate = Coordinate(latitude: lat, longitude: lon)
            guard coordinate.isValid else { return nil }
            let line1 =
                item["address_line1"]?.looseString ?? item["name"]?.looseString
                ?? item["formatted"]?.looseString
            guard let label = TextHardening.clean(line1, maximumLength: 120) else { return nil }
            return GeocodeCandidate(
                label: label,
                detail: TextHardening.clean(item["address_line2"]?.looseString, maximumLength: 200),
                coordinate: coordinate)
        }
    }
}
