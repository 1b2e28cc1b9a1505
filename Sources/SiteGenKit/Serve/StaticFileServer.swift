import BeaconModel
import BeaconSystem
import BeaconText
import FoundationEssentials
import Glibc
import SiteBuild
import Synchronization
import Templates

/// A small HTTP/1.1 server for previewing the built site on loopback.
/// Hand-written on POSIX sockets, so it is defensive by design:
/// - only GET and HEAD; one request per connection (`Connection: close`);
/// - request heads are read by one `poll` loop, not a thread per connection,
///   so a slow or silent client costs a descriptor, never a worker: it has
///   `headTimeout` to send a head of at most 16 KiB, and a client with too
///   many unfinished connections loses its oldest one;
/// - paths are percent-decoded once, `..`, NUL and backslashes are refused,
///   and the resolved file must lie inside the root after resolving symlinks;
/// - a redirect goes to a path on this server (one leading slash, encoded);
/// - missing paths get the site's own 404 page;
/// - `serve --watch`'s live-reload streams are held by the poll loop too
///   (`EventStreams`, capped), so open pages never take the workers.
final class StaticFileServer: Sendable {
    struct Configuration: Sendable {
        package var root: String
        var host: String
        var port: UInt16
        /// How long a client may take to send its request head.
        var headTimeout: TimeInterval
        /// Requests served at once (each reads a file and sends it).
        var maximumConnections: Int
        /// Connections one client address may have waiting for their heads.
        var maximumPendingPerClient: Int
        /// `serve --watch`: the reload script and event stream, linked into each page sent.
        var liveReload: LiveReload?

        package init(
            root: String, host: String = "127.0.0.1", port: UInt16 = 8000,
            headTimeout: TimeInterval = 5,
            maximumConnections: Int = 64, maximumPendingPerClient: Int = 32,
            liveReload: LiveReload? = nil
        ) {
            self.root = root
            self.host = host
            self.port = port
            self.headTimeout = headTimeout
            self.maximumConnections = maximumConnections
            self.maximumPendingPerClient = maximumPendingPerClient
            self.liveReload = liveReload
        }
    }

    let configuration: Configuration
    /// The port actually bound (useful with port 0).
    let port: UInt16
    let listener: Int32
    let rootRealPath: String
    let log: @Sendable (String) -> Void
    private let stopped = Atomic<Bool>(false)
    private let activeWorkers = Atomic<Int>(0)
    /// Written to by `stop()` to wake the poll loop.
    private let wakeRead: Int32
    private let wakeWrite: Int32
    /// Connections pending across all clients, at most.
    static let maximumPending = 512

    package init(configuration: Configuration, log: @escaping @Sendable (String) -> Void = { _ in })
        throws(ServeError)
    {
        self.configuration = configuration
        self.log = log
        guard let real = FileSystem.realPath(configuration.root) else {
            throw .rootMissing(configuration.root)
        }
        rootRealPath = real

        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else {
            throw .cannotListen(
                configuration.host, configuration.port, FileSystem.systemMessage(errno))
        }
        DescriptorIO.setSocketOption(fd, SOL_SOCKET, SO_REUSEADDR, to: 1)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = configuration.port.bigEndian
        guard let host = DescriptorIO.ipv4Address(configuration.host) else {
            close(fd)
            throw .badHost(configuration.host)
        }
        address.sin_addr = host
        guard DescriptorIO.bind(fd, to: address) == 0, listen(fd, 128) == 0 else {
            let message = FileSystem.systemMessage(errno)
            close(fd)
            throw .cannotListen(configuration.host, configuration.port, message)
        }
        let actual = DescriptorIO.boundAddress(of: fd) ?? address
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        guard let wake = DescriptorIO.makePipe() else {
            let message = FileSystem.systemMessage(errno)
            close(fd)
            throw .cannotListen(configuration.host, configuration.port, message)
        }
        wakeRead = wake.read
        wakeWrite = wake.write
        listener = fd
        port = UInt16(bigEndian: actual.sin_port)
    }

    deinit {
        // Only here: `stop()` may still write to the pipe after the loop has ended.
        close(wakeRead)
        close(wakeWrite)
    }

    /// Accepts connections on a background thread until `stop()`.
    func start() {
        BackgroundThread.start("serve-loop") { [self] in eventLoop() }
    }

    func stop() {
        guard !stopped.exchange(true, ordering: .relaxed) else { return }
        _ = DescriptorIO.writeByte(wakeWrite, 1)
    }

    // MARK: Reading request heads

    /// A connection whose request head has not fully arrived.
    private struct Pending {
        var fd: Int32
        var client: UInt32
        var head: [UInt8] = []
        var deadline: ContinuousClock.Instant
    }

    /// Waits on the listener and every unfinished connection at once; each
    /// turn reads what arrived, hangs up on the slow, and accepts the new.
    /// The live-reload streams are held here too (`EventStreams`), never by a worker.
    private func eventLoop() {
        var pending: [Pending] = []
        var streams = EventStreams(generation: configuration.liveReload?.current ?? 0)
        let clock = ContinuousClock()
        defer {
            for connection in pending { close(connection.fd) }
            streams.closeAll()
            close(listener)
        }
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !stopped.load(ordering: .relaxed) {
            var fds = [
                pollfd(fd: listener, events: Int16(POLLIN), revents: 0),
                pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0),
            ]
            fds += pending.map { pollfd(fd: $0.fd, events: Int16(POLLIN), revents: 0) }
            fds += streams.pollEntries
            var nearest =
                pending.map(\.deadline).min().map { max(0, ($0 - clock.now).inSeconds) } ?? 1
            // Open streams hear of a rebuild within this.
            if !streams.isEmpty { nearest = min(nearest, 0.05) }
            let ready = DescriptorIO.poll(
                &fds, timeoutMilliseconds: Int32(Int(saturating: min(nearest, 1) * 1000)) + 1)
            if ready < 0 && errno != EINTR { usleep(10_000) }
            if stopped.load(ordering: .relaxed) { return }
            streams.closeFinished(revents: fds.dropFirst(2 + pending.count).map(\.revents))
            readHeads(
                &pending, ready: fds.dropFirst(2).prefix(pending.count).map { $0.revents != 0 },
                now: clock.now,
                buffer: &buffer,
                streams: &streams)
            if fds[0].revents != 0 { acceptConnections(&pending, now: clock.now) }
            if let liveReload = configuration.liveReload {
                streams.tick(generation: liveReload.current, now: clock.now)
            }
        }
    }

    /// Reads what arrived on the connections marked `ready`; hands on complete
    /// heads, and drops connections that closed or passed their deadline.
    private func readHeads(
        _ pending: inout [Pending], ready: [Bool], now: ContinuousClock.Instant,
        buffer: inout [UInt8],
        streams: inout EventStreams
    ) {
        var finished: [Int] = []
        for index in pending.indices {
            if ready[index] {
                let n = DescriptorIO.read(
                    pending[index].fd, into: &buffer, receiveFlags: Int32(MSG_DONTWAIT))
                if n < 0 && (errno == EAGAIN || errno == EINTR) { continue }
                if n <= 0 {
                    close(pending[index].fd)
                    finished.append(index)
                    continue
                }
                pending[index].head.append(contentsOf: buffer[0..<n])
                if StaticFileServer.headEnd(pending[index].head) != nil
                    || pending[index].head.count > StaticFileServer.maximumHeadBytes
                {
                    if isEventStreamRequest(pending[index].head) {
                        streams.open(pending[index].fd, client: pending[index].client, now: now)
                    } else {
                        dispatch(pending[index].fd, head: pending[index].head)
                    }
                    finished.append(index)
                    continue
                }
            }
            if pending[index].deadline < now {  // too slow to send a head: hang up
                close(pending[index].fd)
                finished.append(index)
            }
        }
        for index in finished.reversed() { pending.remove(at: index) }
    }

    /// Accepts every queued connection. One client may not crowd out the
    /// others: past its share of unfinished connections, its oldest goes.
    private func acceptConnections(_ pending: inout [Pending], now: ContinuousClock.Instant) {
        while true {
            let (client, peer) = DescriptorIO.accept(listener)
            if client < 0 {
                // Out of descriptors: the connection stays queued and poll would report it at
                // once, forever. Make room by dropping the oldest waiting client, or pause.
                if errno == EMFILE || errno == ENFILE {
                    if pending.isEmpty { usleep(50_000) } else { close(pending.removeFirst().fd) }
                }
                return
            }
            _ = fcntl(client, F_SETFL, fcntl(client, F_GETFL) | O_NONBLOCK)
            let address = peer.sin_addr.s_addr
            let fromClient = pending.indices.filter { pending[$0].client == address }
            if fromClient.count >= configuration.maximumPendingPerClient,
                let oldest = fromClient.first
            {
                close(pending[oldest].fd)
                pending.remove(at: oldest)
            } else if pending.count >= StaticFileServer.maximumPending {
                close(pending[0].fd)
                pending.remove(at: 0)
            }
            let deadline = now.advanced(
                by: .milliseconds(Int(saturating: configuration.headTimeout * 1000)))
            pending.append(Pending(fd: client, client: address, deadline: deadline))
        }
    }

    /// Whether a complete head asks for the live-reload stream (only while watching).
    private func isEventStreamRequest(_ head: [UInt8]) -> Bool {
        guard configuration.liveReload != nil, let end = StaticFileServer.headEnd(head),
            case .success(let (method, target)) = StaticFileServer.parse(Array(head[..<end]))
        else { return false }
        return method == "GET"
            && StaticFileServer.relativePath(for: target) == LiveReload.eventsPath
    }

    /// Serves a complete head on a thread of its own (sending may block on a
    /// slow reader, up to the send timeout), or refuses it when all workers are busy.
    private func dispatch(_ client: Int32, head: [UInt8]) {
        _ = fcntl(client, F_SETFL, fcntl(client, F_GETFL) & ~O_NONBLOCK)
        DescriptorIO.setSendTimeout(client, seconds: 10)
        guard activeWorkers.add(1, ordering: .relaxed).newValue <= configuration.maximumConnections
        else {
            activeWorkers.subtract(1, ordering: .relaxed)
            respond(client, status: 503, reason: "Service Unavailable", method: "GET")
            close(client)
            return
        }
        BackgroundThread.start("serve-connection") { [self] in
            defer {
                close(client)
                activeWorkers.subtract(1, ordering: .relaxed)
            }
            handle(client, head: head)
        }
    }

    // MARK: One request

    func handle(_ client: Int32, head fullHead: [UInt8]) {
        guard let end = StaticFileServer.headEnd(fullHead), end <= StaticFileServer.maximumHeadBytes
        else {
            return respond(
                client, status: 431, reason: "Request Header Fields Too Large", method: "GET")
        }
        switch StaticFileServer.parse(Array(fullHead[..<end])) {
        case .failure(let status):
            // The line as it came (the console shows control characters escaped).
            let line = String(
                decoding: fullHead.prefix(while: { $0 != 13 && $0 != 10 }).prefix(200),
                as: UTF8.self)
            log("\(line) \(status.code)")
            respond(client, status: status.code, reason: status.reason, method: "GET")
        case .success(let (method, target)):
            serve(client, method: method, target: target)
        }
    }

    static let maximumHeadBytes = 16_384

    struct Status: Error {
        var code: Int
        var reason: String
        static let badRequest = Status(code: 400, reason: "Bad Request")
        static let methodNotAllowed = Status(code: 405, reason: "Method Not Allowed")
        static let versionNotSupported = Status(code: 505, reason: "HTTP Version Not Supported")
    }

    static func headEnd(_ bytes: [UInt8]) -> Int? {
        guard bytes.count >= 4 else { return nil }
        for i in 0...(bytes.count - 4)
        where bytes[i] == 13 && bytes[i + 1] == 10 && bytes[i + 2] == 13 && bytes[i + 3] == 10 {
            return i
        }
        return nil
    }

    /// The method and target of a request head, or the status to refuse it with.
    static func parse(_ head: [UInt8]) -> Result<(String, String), Status> {
        guard let text = String(validating: head, as: UTF8.self) else {
            return .failure(.badRequest)
        }
        let requestLine =
            text.split(separator: "\r\n", maxSplits: 1, omittingEmptySubsequences: false).first
            ?? ""
        let parts = requestLine.split(separator: " ", omittingEmptySubsequences: false)
        guard parts.count == 3 else { return .failure(.badRequest) }
        let method = String(parts[0])
        let target = String(parts[1])
        let version = String(parts[2])
        guard version == "HTTP/1.1" || version == "HTTP/1.0" else {
            return .failure(version.hasPrefix("HTTP/") ? .versionNotSupported : .badRequest)
        }
        guard method.allSatisfy({ $0.isASCII && $0.isUppercase }), !method.isEmpty else {
            return .failure(.badRequest)
        }
        guard method == "GET" || method == "HEAD" else { return .failure(.methodNotAllowed) }
        // A request target is printable ASCII (RFC 9112): no controls, spaces or raw non-ASCII.
        guard target.hasPrefix("/"), target.utf8.count < 4096,
            target.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F })
        else {
            return .failure(.badRequest)
        }
        return .success((method, target))
    }

    /// The relative path a target names, or nil for a target that tries to
    /// leave the root or is malformed.
    static func relativePath(for target: String) -> String? {
        var path = target
        if let cut = path.firstIndex(where: { $0 == "?" || $0 == "#" }) {
            path = String(path[..<cut])
        }
        guard let decoded = URLPath.decoded(path) else { return nil }
        if decoded.containsBytes("\0") || decoded.containsBytes("\\") { return nil }
        var segments: [Substring] = []
        for segment in decoded.split(separator: "/", omittingEmptySubsequences: true) {
            if segment == ".." { return nil }
            if segment == "." { continue }
            segments.append(segment)
        }
        return segments.joined(separator: "/")
    }

    func serve(_ client: Int32, method: String, target: String) {
        guard let relative = StaticFileServer.relativePath(for: target) else {
            log("\(method) \(target) 403")
            return respond(client, status: 403, reason: "Forbidden", method: method)
        }
        if configuration.liveReload != nil {
            switch relative {
            case LiveReload.scriptPath:
                log("\(method) \(target) 200")
                return respond(
                    client, status: 200, reason: "OK", method: method,
                    contentType: StaticFileServer.mimeTypes["js"]!,
                    body: Array(LiveReload.script.utf8))
            // a GET went to the event streams (`EventStreams`); this is a HEAD
            case LiveReload.eventsPath:
                log("\(method) \(target) 200")
                return respond(
                    client, status: 200, reason: "OK", method: method,
                    contentType: "text/event-stream")
            case OfflineFiles.serviceWorkerPath:
                log("\(method) \(target) 200")
                return respond(
                    client, status: 200, reason: "OK", method: method,
                    contentType: StaticFileServer.mimeTypes["js"]!,
                    body: Array(LiveReload.serviceWorker.utf8))
            default: break
            }
        }
        var path = relative.isEmpty ? rootRealPath : rootRealPath + "/" + relative
        if FileSystem.isDirectory(path) {
            let bare = target.split(separator: "?", maxSplits: 1).first.map(String.init) ?? target
            if !bare.hasSuffix("/") {
                log("\(method) \(target) 301")
                return respond(
                    client, status: 301, reason: "Moved Permanently", method: method,
                    extraHeaders: ["Location": StaticFileServer.folderLocation(relative)])
            }
            path += "/index.html"
        }
        // Symlinks may not lead outside the root.
        guard let resolved = FileSystem.realPath(path) else {
            return notFound(client, method: method, target: target)
        }
        guard resolved.hasPrefix(rootRealPath + "/"), !FileSystem.isDirectory(resolved) else {
            log("\(method) \(target) 403")
            return respond(client, status: 403, reason: "Forbidden", method: method)
        }
        // Streamed, not read whole: an export of 100,000 places is bigger than any read limit.
        let file = FileSystem.openDescriptor(
            resolved, flags: O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY | O_NOFOLLOW)
        guard file >= 0 else { return notFound(client, method: method, target: target) }
        defer { close(file) }
        guard let info = FileSystem.status(descriptor: file), info.isRegularFile else {
            return notFound(client, method: method, target: target)
        }
        if configuration.liveReload != nil, resolved.hasSuffix(".html") {
            guard let page = try? FileSystem.read(resolved, limit: 1 << 31) else {
                return notFound(client, method: method, target: target)
            }
            log("\(method) \(target) 200")
            return respond(
                client, status: 200, reason: "OK", method: method,
                contentType: StaticFileServer.mimeTypes["html"]!,
                body: LiveReload.inject(into: page))
        }
        log("\(method) \(target) 200")
        sendHead(
            client, status: 200, reason: "OK",
            contentType: StaticFileServer.mimeType(for: resolved),
            length: Int(info.size))
        guard method != "HEAD" else { return }
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        var remaining = Int(info.size)
        while remaining > 0 {
            let n = DescriptorIO.read(file, into: &buffer, limit: remaining)
            if n < 0 && errno == EINTR { continue }
            guard n > 0, sendAll(client, buffer[0..<n]) else { return }
            remaining -= n
        }
    }

    /// The address of a folder on this server: one leading slash (`//host/`
    /// would send the browser to another host), each segment percent-encoded
    /// (no CR, LF or space can reach the header), a trailing slash.
    static func folderLocation(_ relative: String) -> String {
        "/" + relative.split(separator: "/").map { URLPath.encoded(String($0)) + "/" }.joined()
    }

    func notFound(_ client: Int32, method: String, target: String) {
        log("\(method) \(target) 404")
        var page = notFoundPage(for: target)
        if configuration.liveReload != nil { page = page.map(LiveReload.inject(into:)) }
        respond(
            client, status: 404, reason: "Not Found", method: method,
            contentType: "text/html; charset=utf-8",
            body: page
                ?? Array(
                    "<!DOCTYPE html><html lang=\"nb\"><title>Fant ikke siden</title><h1>Fant ikke siden</h1></html>"
                        .utf8))
    }

    /// The 404 page of the language whose folder the path is in ("/nn/…" → `nn/404.html`), else the
    /// site's.
    func notFoundPage(for target: String) -> [UInt8]? {
        let path = target.split(separator: "?", maxSplits: 1).first.map(String.init) ?? target
        if let folder = path.split(separator: "/").first.map(String.init),
            let language = Language(rawValue: folder),
            let page =
                (try? FileSystem.readIfExists(rootRealPath + "/" + language.rawValue + "/404.html"))
                ?? nil
        {
            return page
        }
        return (try? FileSystem.readIfExists(rootRealPath + "/404.html")) ?? nil
    }

    func respond(
        _ client: Int32, status: Int, reason: String, method: String,
        contentType: String = "text/plain; charset=utf-8",
        body: [UInt8]? = nil, extraHeaders: [String: String] = [:]
    ) {
        let payload = body ?? Array("\(status) \(reason)\n".utf8)
        guard
            sendHead(
                client, status: status, reason: reason, contentType: contentType,
                length: payload.count,
                extraHeaders: extraHeaders),
            method != "HEAD"
        else { return }
        _ = sendAll(client, payload[...])
    }

    @discardableResult
    func sendHead(
        _ client: Int32, status: Int, reason: String, contentType: String, length: Int?,
        extraHeaders: [String: String] = [:]
    ) -> Bool {
        var head = "HTTP/1.1 \(status) \(reason)\r\nContent-Type: \(contentType)\r\n"
        if let length { head += "Content-Length: \(length)\r\n" }
        head +=
            "Cache-Control: no-cache\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n"
        if status == 405 { head += "Allow: GET, HEAD\r\n" }
        for (name, value) in extraHeaders.sorted(by: { $0.key < $1.key }) {
            head += "\(name): \(value)\r\n"
        }
        head += "\r\n"
        return sendAll(client, Array(head.utf8)[...])
    }

    /// False when the client went away (or stalled past the send timeout).
    func sendAll(_ client: Int32, _ bytes: ArraySlice<UInt8>) -> Bool {
        DescriptorIO.writeAll(client, bytes, by: .send(flags: Int32(MSG_NOSIGNAL)))
    }

    static let mimeTypes: [String: String] = [
        "html": "text/html; charset=utf-8", "css": "text/css; charset=utf-8",
        "js": "text/javascript; charset=utf-8",
        "json": "application/json", "geojson": "application/geo+json", "gpx": "application/gpx+xml",
        "kml": "application/vnd.google-earth.kml+xml", "svg": "image/svg+xml", "png": "image/png",
        "ico": "image/x-icon",
        "xml": "application/xml", "txt": "text/plain; charset=utf-8",
        "webmanifest": "application/manifest+json",
    ]

    static func mimeType(for path: String) -> String {
        mimeTypes[PathText.pathExtension(path).lowercased()] ?? "application/octet-stream"
    }
}

enum ServeError: UserFacingError, Equatable {
    case rootMissing(String)
    case badHost(String)
    case cannotListen(String, UInt16, String)

    package var userMessage: String {
        switch self {
        case .rootMissing(let path):
            "Fant ikke nettstedet i \(path). Kjør «sitegen build» først, eller oppgi mappen med --output."
        case .badHost(let host):
            "«\(host)» er ikke en IPv4-adresse (for eksempel 127.0.0.1 eller 0.0.0.0)."
        case .cannotListen(let host, let port, let reason):
            "Kan ikke lytte på \(host):\(port): \(reason). Velg en annen port med --port."
        }
    }

    var exitStatus: ExitStatus { .unavailable }
}
