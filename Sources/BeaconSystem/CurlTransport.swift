import BeaconText
import Dispatch
import FoundationEssentials
import Synchronization

/// HTTP GET (or a form's POST) through libcurl (loaded on first use, `Libcurl`): redirects are
/// followed here, one at a time, and only within the request's origin; the
/// whole exchange, redirects included, ends at the request's deadline; a body
/// stops at the request's limit as it streams in. Handles are kept between
/// requests, so the tiles of a map reuse their connections.
package struct CurlTransport: HTTPTransport {
    /// More than any API needs; a loop of redirects ends here.
    static let maximumRedirects = 10

    /// Where handles wait between requests (tests give a transport a pool of its own).
    let pool: CurlHandlePool

    package init() { pool = .shared }

    init(pool: CurlHandlePool) { self.pool = pool }

    package func get(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
        let curl = try Libcurl.shared.get()
        let cancelled = CancellationFlag()
        // libcurl's call blocks: on a Dispatch worker, not on one of the cooperative pool's two
        // threads.
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                DispatchQueue.global().async { [pool] in
                    continuation.resume(
                        returning: Self.perform(
                            request, curl: curl, pool: pool, cancelled: cancelled))
                }
            }
        } onCancel: {
            cancelled.flag.store(true, ordering: .relaxed)
        }
        return try result.get()
    }

    /// The exchange, redirects included, on the calling thread (it blocks).
    static func perform(
        _ request: HTTPRequest, curl: Libcurl, pool: CurlHandlePool, cancelled: CancellationFlag
    )
        -> Result<HTTPResponse, TransportError>
    {
        guard let origin = Origin(request.url) else { return .failure(.other("ugyldig adresse")) }
        let clock = ContinuousClock()
        let deadline = clock.now + .milliseconds(Int64(saturating: request.timeout * 1000))
        var url = request.url
        for _ in 0...maximumRedirects {
            let remaining = deadline - clock.now
            guard remaining > .zero else { return .failure(.timeout) }
            let step = exchange(
                url, request: request, remaining: remaining, curl: curl, pool: pool,
                cancelled: cancelled)
            switch step {
            case .failure(let error):
                return .failure(error)
            case .success(let (response, redirect)):
                guard let redirect else { return .success(response) }
                guard let target = URL(string: redirect), let next = Origin(target), next == origin
                else {
                    let shown =
                        URL(string: redirect).flatMap(Origin.init)?.description
                        ?? "en ukjent adresse"
                    return .failure(.redirectRefused(to: shown))
                }
                url = target
            }
        }
        return .failure(.other("for mange videresendinger"))
    }

    /// One request and its answer; with the redirect's target when the answer is one.
    private static func exchange(
        _ url: URL, request: HTTPRequest, remaining: Duration, curl: Libcurl, pool: CurlHandlePool,
        cancelled: CancellationFlag
    ) -> Result<(HTTPResponse, String?), TransportError> {
        guard let handle = unsafe pool.take(curl) else {
            return .failure(.other("libcurl kunne ikke lage en forespørsel"))
        }
        let transfer = CurlTransfer(limit: request.maximumBodyBytes, cancelled: cancelled)
        let context = unsafe Unmanaged.passRetained(transfer)
        var headerList: UnsafeMutableRawPointer?
        defer {
            unsafe curl.slistFreeAll(headerList)
            unsafe context.release()
            unsafe pool.give(handle, curl)
        }
        let milliseconds = max(
            1,
            Int(
                remaining.components.seconds * 1000 + remaining.components.attoseconds
                    / 1_000_000_000_000_000))
        unsafe curl.set(handle, .url, string: url.absoluteString)
        unsafe curl.set(handle, .protocols, 3)  // HTTP and HTTPS only
        unsafe curl.set(handle, .followLocation, 0)
        unsafe curl.set(handle, .noSignal, 1)
        unsafe curl.set(handle, .timeoutMilliseconds, milliseconds)
        unsafe curl.set(handle, .connectTimeoutMilliseconds, milliseconds)
        // Every encoding this libcurl decodes; the limit counts decoded bytes.
        unsafe curl.set(handle, .acceptEncoding, string: "")
        unsafe curl.set(handle, .userAgent, string: "sitegen (Beacon)")
        unsafe curl.set(handle, .maximumFileSize, offset: Int64(request.maximumBodyBytes))
        if let form = request.form {
            // A POST of the form (libcurl copies it); the size first, so a copy stops there.
            unsafe curl.set(handle, .postFieldSize, form.utf8.count)
            unsafe curl.set(handle, .copyPostFields, string: form)
        }
        for (name, value) in request.headers.sorted(by: { $0.key < $1.key }) {
            guard let appended = unsafe curl.slistAppend(headerList, "\(name): \(value)") else {
                return .failure(.other("libcurl: ikke nok minne"))
            }
            unsafe headerList = unsafe appended
        }
        unsafe curl.set(handle, .httpHeader, pointer: headerList)
        let opaque = unsafe UnsafeRawPointer(context.toOpaque())
        unsafe curl.set(
            handle, .writeFunction, pointer: unsafeBitCast(curlWriteBody, to: UnsafeRawPointer.self)
        )
        unsafe curl.set(handle, .writeData, pointer: opaque)
        unsafe curl.set(
            handle, .headerFunction,
            pointer: unsafeBitCast(curlReadHeader, to: UnsafeRawPointer.self))
        unsafe curl.set(handle, .headerData, pointer: opaque)
        unsafe curl.set(handle, .noProgress, 0)
        unsafe curl.set(
            handle, .xferInfoFunction,
            pointer: unsafeBitCast(curlCheckCancelled, to: UnsafeRawPointer.self))
        unsafe curl.set(handle, .xferInfoData, pointer: opaque)

        let code = unsafe curl.easyPerform(handle)
        guard code == Libcurl.Code.ok.rawValue else {
            if transfer.overLimit || code == Libcurl.Code.fileSizeExceeded.rawValue {
                return .failure(.tooLarge(limit: request.maximumBodyBytes))
            }
            if transfer.headerBytes > CurlTransfer.headerLimit {
                return .failure(.other("svaret hadde over 128 kB med hoder"))
            }
            return .failure(classify(code, curl: curl))
        }
        guard let status = unsafe curl.integer(handle, .responseCode), status > 0 else {
            return .failure(.other("svaret var ikke HTTP"))
        }
        let redirect =
            unsafe [301, 302, 303, 307, 308].contains(status)
            ? curl.string(handle, .redirectURL) : nil
        return .success(
            (
                HTTPResponse(status: status, headers: transfer.headers, body: Data(transfer.body)),
                redirect
            ))
    }

    /// A failed transfer in the client's terms, with a few Norwegian words for a person.
    static func classify(_ code: Int32, curl: Libcurl) -> TransportError {
        switch Libcurl.Code(rawValue: code) {
        case .timedOut: .timeout
        case .couldNotResolveHost: .noNetwork("fant ikke serverens navn")
        case .couldNotResolveProxy: .noNetwork("fant ikke proxy-serveren")
        case .couldNotConnect: .noNetwork("fikk ikke koblet til serveren")
        case .tlsConnectError: .noNetwork("den krypterte forbindelsen kunne ikke settes opp")
        case .sendError, .receiveError, .gotNothing: .noNetwork("forbindelsen ble brutt")
        case .peerFailedVerification: .other("serverens sertifikat kunne ikke bekreftes")
        case .abortedByCallback: .other("avbrutt")
        case .unsupportedProtocol: .other("bare http og https er tillatt")
        default: .other(curl.describe(code))
        }
    }
}

/// Set when the task waiting for a transfer is cancelled; libcurl's progress callback reads it.
package final class CancellationFlag: Sendable {
    let flag = Atomic<Bool>(false)
}

/// One exchange's state, which libcurl's callbacks fill (on the thread that runs it).
final class CurlTransfer {
    let limit: Int
    let cancelled: CancellationFlag
    package var body: [UInt8] = []
    /// Names in lower case; a name sent twice has its values joined with ", ".
    package var headers: [String: String] = [:]
    var overLimit = false
    /// Header bytes so far: a server that sends headers without end is stopped at `headerLimit`.
    var headerBytes = 0
    /// Below libcurl's own limit (300 kB), which it reports as a broken connection.
    package static let headerLimit = 128 << 10

    init(limit: Int, cancelled: CancellationFlag) {
        self.limit = limit
        self.cancelled = cancelled
    }

    /// One header line; a status line (a new answer: an interim 100, or a proxy's) starts the
    /// headers again.
    func add(headerLine line: String) {
        if line.hasPrefix("HTTP/") {
            headers = [:]
            return
        }
        guard let colon = line.firstIndex(of: ":") else { return }
        let name = line[..<colon].trimmingSpaces().lowercased()
        let value = line[line.index(after: colon)...].trimmingWhitespace()
        guard !name.isEmpty else { return }
        headers[name] = headers[name].map { $0 + ", " + value } ?? value
    }
}

private let curlWriteBody:
    @convention(c) (UnsafeMutablePointer<CChar>?, Int, Int, UnsafeMutableRawPointer?) -> Int = {
        data, size, count, context in
        guard let context = unsafe context else { return 0 }
        let transfer = unsafe Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
        let length = size * count
        guard transfer.body.count + length <= transfer.limit else {
            transfer.overLimit = true
            return 0  // libcurl stops the transfer (CURLE_WRITE_ERROR)
        }
        if let data = unsafe data, length > 0 {
            unsafe transfer.body.append(
                contentsOf: UnsafeRawBufferPointer(start: data, count: length))
        }
        return length
    }

private let curlReadHeader:
    @convention(c) (UnsafeMutablePointer<CChar>?, Int, Int, UnsafeMutableRawPointer?) -> Int = {
        data, size, count, context in
        guard let context = unsafe context else { return 0 }
        let length = size * count
        let transfer = unsafe Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
        transfer.headerBytes += length
        // libcurl stops the transfer
        guard transfer.headerBytes <= CurlTransfer.headerLimit else { return 0 }
        if let data = unsafe data, length > 0 {
            unsafe transfer.add(
                headerLine: String(
                    decoding: UnsafeRawBufferPointer(start: data, count: length), as: UTF8.self))
        }
        return length
    }

private let curlCheckCancelled:
    @convention(c) (UnsafeMutableRawPointer?, Int64, Int64, Int64, Int64) -> Int32 = {
        context, _, _, _, _ in
        guard let context = unsafe context else { return 0 }
        return unsafe Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue().cancelled
            .flag.load(
                ordering: .relaxed)
            ? 1 : 0
    }

/// Easy handles between requests: a handle keeps its connections and DNS
/// answers, so the next request to the same server skips the handshakes.
final class CurlHandlePool: Sendable {
    package static let shared = CurlHandlePool()
    /// Handles kept at most (the tiles fetch a few at a time).
    static let capacity = 8

    // Unchecked: each handle is used by one thread at a time, taken out, then given back.
    @safe private struct Handles: @unchecked Sendable {
        var free: [Libcurl.Handle] = unsafe []
    }

    private let handles = Mutex(Handles())

    func take(_ curl: Libcurl) -> Libcurl.Handle? {
        if let kept = unsafe handles.withLock({ unsafe $0.free.popLast() }) { return unsafe kept }
        return unsafe curl.easyInit()
    }

    func give(_ handle: Libcurl.Handle, _ curl: Libcurl) {
        unsafe curl.easyReset(handle)
        let kept = handles.withLock { handles -> Bool in
            guard unsafe handles.free.count < Self.capacity else { return false }
            unsafe handles.free.append(handle)
            return true
        }
        if !kept { unsafe curl.easyCleanup(handle) }
    }
}
