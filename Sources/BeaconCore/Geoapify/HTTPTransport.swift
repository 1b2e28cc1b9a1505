import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

public struct HTTPRequest: Sendable {
    public var url: URL
    public var headers: [String: String]
    public var timeout: TimeInterval

    public init(url: URL, headers: [String: String] = [:], timeout: TimeInterval) {
        self.url = url
        self.headers = headers
        self.timeout = timeout
    }
}

public struct HTTPResponse: Sendable {
    public var status: Int
    /// Header names in lower case.
    public var headers: [String: String]
    public var body: Data

    public init(status: Int, headers: [String: String] = [:], body: Data) {
        self.status = status
        self.headers = headers
        self.body = body
    }
}

/// Why no HTTP answer arrived at all.
public enum TransportError: Error, Sendable, Equatable {
    case timeout
    case noNetwork(String)
    case other(String)
}

/// One request in flight: whichever comes first — the answer or the deadline —
/// resumes the caller, exactly once.
final class PendingRequest: @unchecked Sendable {
    private let lock = NSLock()
    private var continuation: CheckedContinuation<Result<HTTPResponse, TransportError>, Never>?
    private var task: URLSessionDataTask?
    private var done = false

    func setContinuation(_ continuation: CheckedContinuation<Result<HTTPResponse, TransportError>, Never>) {
        lock.withLock { self.continuation = continuation }
    }

    func setTask(_ task: URLSessionDataTask) {
        lock.withLock { self.task = task }
    }

    /// Returns false when the request had already finished.
    @discardableResult
    func finish(_ result: Result<HTTPResponse, TransportError>) -> Bool {
        let continuation: CheckedContinuation<Result<HTTPResponse, TransportError>, Never>? = lock.withLock {
            if done { return nil }
            done = true
            defer { self.continuation = nil }
            return self.continuation
        }
        continuation?.resume(returning: result)
        return continuation != nil
    }

    func cancelTask() {
        let task = lock.withLock { self.task }
        task?.cancel()
    }
}

/// One HTTP GET. The client talks to Geoapify through this, so tests can run
/// it against a real server on loopback.
public protocol HTTPTransport: Sendable {
    func get(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse
}

/// `URLSession` (FoundationNetworking on Linux), with a hard deadline per request:
/// `timeoutInterval` alone only limits the time between bytes.
public struct URLSessionTransport: HTTPTransport {
    /// URLSession is thread-safe; Linux's Foundation does not mark it Sendable.
    nonisolated(unsafe) let session: URLSession

    public init() {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        session = URLSession(configuration: configuration)
    }

    public func get(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
        var urlRequest = URLRequest(url: request.url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: request.timeout)
        for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
        let pending = PendingRequest()
        // The completion-handler API, not `data(for:)`: on Linux, cancelling a task
        // that awaits `data(for:)` can deadlock inside FoundationNetworking. Task
        // cancellation never reaches URLSession here; the deadline below ends the wait.
        let result: Result<HTTPResponse, TransportError> = await withCheckedContinuation { continuation in
            pending.setContinuation(continuation)
            let task = session.dataTask(with: urlRequest) { data, response, error in
                if let error {
                    pending.finish(.failure(URLSessionTransport.classify(error)))
                    return
                }
                guard let http = response as? HTTPURLResponse else {
                    pending.finish(.failure(.other("svaret var ikke HTTP")))
                    return
                }
                var headers: [String: String] = [:]
                for (key, value) in http.allHeaderFields {
                    headers[String(describing: key).lowercased()] = String(describing: value)
                }
                pending.finish(.success(HTTPResponse(status: http.statusCode, headers: headers, body: data ?? Data())))
            }
            pending.setTask(task)
            task.resume()
            DispatchQueue.global().asyncAfter(deadline: .now() + request.timeout) {
                if pending.finish(.failure(.timeout)) { pending.cancelTask() }
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
