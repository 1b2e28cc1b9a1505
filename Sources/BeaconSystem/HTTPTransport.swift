import FoundationEssentials

package struct HTTPRequest: Sendable {
    /// Geoapify's answers are a few hundred kilobytes; anything past this is
    /// not a places answer, and is refused before it can fill memory or disk.
    package static let defaultMaximumBodyBytes = 20 << 20

    var url: URL
    package var headers: [String: String]
    var timeout: TimeInterval
    var maximumBodyBytes: Int
    /// A form to POST (`data=…`, already encoded as `application/x-www-form-urlencoded`); nil for
    /// a GET. For a request too long for an address (an Overpass query naming hundreds of points).
    package var form: String?

    package init(
        url: URL, headers: [String: String] = [:], timeout: TimeInterval,
        maximumBodyBytes: Int = HTTPRequest.defaultMaximumBodyBytes, form: String? = nil
    ) {
        self.url = url
        self.headers = headers
        self.timeout = timeout
        self.maximumBodyBytes = maximumBodyBytes
        self.form = form
    }
}

package struct HTTPResponse: Sendable {
    package var status: Int
    /// Header names in lower case.
    package var headers: [String: String]
    package var body: Data

    package init(status: Int, headers: [String: String] = [:], body: Data) {
        self.status = status
        self.headers = headers
        self.body = body
    }
}

/// Why no usable HTTP answer arrived.
package enum TransportError: Error, Sendable, Equatable {
    case timeout
    case noNetwork(String)
    /// The server redirected to another origin (`host:port`, scheme); not followed,
    /// because the request's headers (the API key) would go along.
    case redirectRefused(to: String)
    /// The body was larger than the request allows.
    case tooLarge(limit: Int)
    /// The transport cannot work on this machine (libcurl missing): trying again will not help.
    case unavailable(String)
    case other(String)
}

/// One HTTP exchange: a GET, or a POST of the request's `form`. The clients talk to Geoapify and
/// Overpass through this, so tests can run them against a real server on loopback. A transport follows redirects only
/// within the request's origin and never returns a body over the request's limit.
package protocol HTTPTransport: Sendable {
    func get(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse
}

/// Scheme, host and port: what a redirect may not change.
package struct Origin: Equatable {
    package var scheme: String
    package var host: String
    var port: Int

    package init?(_ url: URL) {
        guard let scheme = url.scheme?.lowercased(), let host = url.host?.lowercased() else {
            return nil
        }
        self.scheme = scheme
        self.host = host
        port = url.port ?? (scheme == "https" ? 443 : scheme == "http" ? 80 : -1)
    }

    package var description: String { "\(scheme)://\(host):\(port)" }
}
