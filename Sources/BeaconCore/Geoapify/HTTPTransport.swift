import Foundation
import Synchronization
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

package struct HTTPRequest: Sendable {
    /// Geoapify's answers are a few hundred kilobytes; anything past this is
    /// not a places answer, and is refused before it can fill memory or disk.
    package static let defaultMaximumBodyBytes = 20 << 20

    var url: URL
    var headers: [String: String]
    var timeout: TimeInterval
    var maximumBodyBytes: Int

    package init(url: URL, headers: [String: String] = [:], timeout: TimeInterval, maximumBodyBytes: Int = HTTPRequest.defaultMaximumBodyBytes) {
        self.url = url
        self.headers = headers
        self.timeout = timeout
        self.maximumBodyBytes = maximumBodyBytes
    }
}

package struct HTTPResponse: Sendable {
    var status: Int
    /// Header names in lower case.
    var headers: [String: String]
    var body: Data

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
    case other(String)
}

/// One HTTP GET. The client talks to Geoapify through this, so tests can run
/// it against a real server on loopback. A transport follows redirects only
/// within the request's origin and never returns a body over the request's limit.
package protocol HTTPTransport: Sendable {
    func get(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse
}

/// Scheme, host and port: what a redirect may not change.
struct Origin: Equatable {
    var scheme: String
    var host: String
    var port: Int

    init?(_ url: URL) {
        guard let scheme = url.scheme?.lowercased(), let host = url.host?.lowercased() else { return nil }
        self.scheme = scheme
        self.host = host
        port = url.port ?? (scheme == "https" ? 443 : scheme == "http" ? 80 : -1)
    }

    var description: String { "\(scheme)://\(host):\(port)" }
}

/// `URLSession` (FoundationNetworking on Linux) driven by a delegate, which
/// lets it refuse redirects to another origin, stop a body at the limit while
/// it streams in, and end the request at a hard deadline (`timeoutInterval`
/// alone only limits the time between bytes).

package struct URLSessionTransport: HTTPTransport {
    package init() {}

    package func get(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
        guard let origin = Origin(request.url) else { throw .other("ugyldig adresse") }
        var urlRequest = URLRequest(url: request.url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: request.timeout)
        for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
        let configuration = URLSessionConfiguration.ephemeral
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        let transfer = Transfer(origin: origin, limit: request.maximumBodyBytes)
        let session = URLSession(configuration: configuration, delegate: transfer, delegateQueue: nil)
        let result: Result<HTTPResponse, TransportError> = await withCheckedContinuation { continuation in
            transfer.start(continuation)
            let task = session.dataTask(with: urlRequest)
            transfer.task.withLock { $0 = task }
            task.resume()
            DispatchQueue.global().asyncAfter(deadline: .now() + request.timeout) {
                transfer.finish(.failure(.timeout))
            }
        }
        return try result.get()
    }

    static func classify(_ error: any Error) -> TransportError {
        guard let urlError = error as? URLError else { return .other(String(describing: error)) }
        switch urlError.code {
        case .timedOut:
            return .timeout
        case .notConnectedToInternet, .cannotFindHost, .cannotConnectToHost, .networkConnectionLost, .dnsLookupFailed,
             .internationalRoamingOff, .dataNotAllowed, .secureConnectionFailed:
            return .noNetwork(urlError.localizedDescription)
        default:
            return .other(urlError.localizedDescription)
        }
    }
}

/// One request in flight: its body so far, and whichever comes first — the
/// answer, an error, the size limit or the deadline — resumes the caller, once.
final class Transfer: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private struct State {
        var continuation: CheckedContinuation<Result<HTTPResponse, TransportError>, Never>?
        var finished = false
        var body = Data()
        var refusedRedirect: String?
    }

    let origin: Origin
    let limit: Int
    let task = Mutex<URLSessionDataTask?>(nil)
    private let state = Mutex(State())

    init(origin: Origin, limit: Int) {
        self.origin = origin
        self.limit = limit
    }

    /// While the answer's body arrives, every few milliseconds: FoundationNetworking
    /// queues each chunk for `didReceive` with no back-pressure, so on a fast
    /// link or a busy machine the delegate sees the limit passed only after
    /// hundreds of megabytes sit in that queue. The task counts the bytes as
    /// they come in, so the watch cancels a runaway answer in time. It starts
    /// with the final response: reading the task's counters while it follows
    /// a redirect stalls FoundationNetworking.
    /// (A dispatch source is thread-safe; this class is `@unchecked Sendable` for it.
    /// It is resumed at once and only rescheduled later: libdispatch traps on
    /// releasing a source that was never resumed.)
    private let watch: any DispatchSourceTimer = {
        let timer = DispatchSource.makeTimerSource(queue: DispatchQueue.global())
        timer.schedule(deadline: .distantFuture)
        timer.resume()
        return timer
    }()

    func watchBody(of task: URLSessionDataTask) {
        let limit = Int64(limit)
        watch.setEventHandler { [weak self] in
            guard let self else { return }
            if task.countOfBytesReceived > limit {
                self.finish(.failure(.tooLarge(limit: Int(limit))))
            }
        }
        watch.schedule(deadline: .now() + .milliseconds(2), repeating: .milliseconds(2))
    }

    func start(_ continuation: CheckedContinuation<Result<HTTPResponse, TransportError>, Never>) {
        state.withLock { $0.continuation = continuation }
    }

    /// Resumes the caller unless that already happened; then stops the transfer.
    func finish(_ result: Result<HTTPResponse, TransportError>) {
        let continuation = state.withLock { state -> CheckedContinuation<Result<HTTPResponse, TransportError>, Never>? in
            guard !state.finished else { return nil }
            state.finished = true
            state.body = Data()
            defer { state.continuation = nil }
            return state.continuation
        }
        guard let continuation else { return }
        watch.cancel()
        continuation.resume(returning: result)
        // Cancelling from inside a delegate callback does not stop FoundationNetworking on Linux; from another queue it does.
        let task = self.task.withLock { $0 }
        DispatchQueue.global().async { task?.cancel() }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
                    newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void) {
        if let target = request.url, let next = Origin(target), next == origin {
            completionHandler(request)
        } else {
            let target = request.url.flatMap(Origin.init)?.description ?? "en ukjent adresse"
            state.withLock { $0.refusedRedirect = target }
            completionHandler(nil)
        }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                    completionHandler: @escaping (URLSession.ResponseDisposition) -> Void) {
        if response.expectedContentLength > Int64(limit) {
            completionHandler(.cancel)
            finish(.failure(.tooLarge(limit: limit)))
            return
        }
        watchBody(of: dataTask)
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let overLimit = state.withLock { state -> Bool in
            guard !state.finished else { return false }
            guard state.body.count + data.count <= limit else { return true }
            state.body.append(data)
            return false
        }
        if overLimit { finish(.failure(.tooLarge(limit: limit))) }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        // Only now: invalidated earlier, FoundationNetworking would not follow a redirect.
        // The session then lets go of this delegate.
        session.finishTasksAndInvalidate()
        if let error {
            finish(.failure(URLSessionTransport.classify(error)))
            return
        }
        let (body, refused) = state.withLock { ($0.body, $0.refusedRedirect) }
        if let refused {
            finish(.failure(.redirectRefused(to: refused)))
            return
        }
        guard let http = task.response as? HTTPURLResponse else {
            finish(.failure(.other("svaret var ikke HTTP")))
            return
        }
        var headers: [String: String] = [:]
        for (key, value) in http.allHeaderFields {
            headers[String(describing: key).lowercased()] = String(describing: value)
        }
        finish(.success(HTTPResponse(status: http.statusCode, headers: headers, body: body)))
    }
}
