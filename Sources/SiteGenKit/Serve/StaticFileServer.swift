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
}
