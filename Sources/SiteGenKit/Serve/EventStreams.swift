import BeaconSystem
import FoundationEssentials
import Glibc

/// The live-reload event streams of `serve --watch` (Server-Sent Events, one per open page), held
/// by the server's poll loop rather than by worker threads: a stream lasts as long as its page is
/// open, and streams that took workers would leave none for the pages themselves. They are capped
/// in total and per client address (one more is answered 503, which ends a browser's `EventSource`
/// instead of having it retry), a stream whose reader left is closed as soon as the kernel says so
/// (`POLLHUP`, `POLLRDHUP`, end of file, a failed write), and a reader too slow to take a few bytes
/// is dropped, never waited for.
struct EventStreams {
    struct Stream {
        var fd: Int32
        var client: UInt32
        var lastSent: ContinuousClock.Instant
    }

    /// Streams open at once, in all and from one client address.
    var maximum = 128
    var maximumPerClient = 32
    /// How often an idle stream gets a comment, which tells proxies and the browser it is alive.
    var pingInterval: Duration = .seconds(10)
    private(set) var streams: [Stream] = []
    /// `POLLRDHUP`: the reader shut its side. Linux's value; Swift's Glibc module leaves it out (it
    /// needs `_GNU_SOURCE`).
    private static let readHangUp: Int16 = 0x2000
    private static let finishedEvents: Int16 =
        Int16(POLLHUP) | Int16(POLLERR) | Int16(POLLNVAL) | readHangUp
    /// The rebuild the open streams have been told of.
    private var generation: Int

    init(generation: Int) {
        self.generation = generation
    }

    var isEmpty: Bool { streams.isEmpty }

    /// Takes `fd` (a connection that asked for the stream) and answers its head, or answers 503 and
    /// closes it when the streams are full. The connection is non-blocking from here on.
    mutating func open(_ fd: Int32, client: UInt32, now: ContinuousClock.Instant) {
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        let fromClient = streams.count { $0.client == client }
        guard streams.count < maximum, fromClient < maximumPerClient else {
            _ = EventStreams.sendWhole(
                fd,
                "HTTP/1.1 503 Service Unavailable\r\nContent-Type: text/plain; charset=utf-8\r\n"
                    + "Content-Length: 0\r\nRetry-After: 5\r\nConnection: close\r\n\r\n")
            close(fd)
            return
        }
        let head =
            "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-cache\r\n"
            + "X-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\nretry: 500\n\n"
        guard EventStreams.sendWhole(fd, head) else {
            close(fd)
            return
        }
        streams.append(Stream(fd: fd, client: client, lastSent: now))
    }

    /// What the poll loop waits on for each stream: its reader hanging up, or sending anything.
    var pollEntries: [pollfd] {
        streams.map {
            pollfd(fd: $0.fd, events: Int16(POLLIN) | EventStreams.readHangUp, revents: 0)
        }
    }

    /// Closes the streams whose poll entry (in `pollEntries` order, taken before any `open`)
    /// reported a hang-up, an error or end of file; bytes a reader sends are read and ignored.
    mutating func closeFinished(revents: [Int16]) {
        var finished: [Int] = []
        var buffer = [UInt8](repeating: 0, count: 512)
        for (index, events) in revents.enumerated() where events != 0 && index < streams.count {
            let hungUp = events & EventStreams.finishedEvents != 0
            let n =
                hungUp
                ? 0
                : DescriptorIO.read(
                    streams[index].fd, into: &buffer, receiveFlags: Int32(MSG_DONTWAIT))
            if hungUp || n == 0 || (n < 0 && errno != EAGAIN && errno != EINTR) {
                finished.append(index)
            }
        }
        for index in finished.reversed() { close(streams.remove(at: index).fd) }
    }

    /// Tells every stream of a new rebuild, or pings the idle ones; drops those that cannot take
    /// it.
    mutating func tick(generation current: Int, now: ContinuousClock.Instant) {
        let reload = current != generation
        generation = current
        var index = 0
        while index < streams.count {
            let message: String? =
                reload
                ? "event: reload\ndata: \(current)\n\n"
                : (now - streams[index].lastSent >= pingInterval ? ": ping\n\n" : nil)
            if let message {
                guard EventStreams.sendWhole(streams[index].fd, message) else {
                    close(streams.remove(at: index).fd)
                    continue
                }
                streams[index].lastSent = now
            }
            index += 1
        }
    }

    mutating func closeAll() {
        for stream in streams { close(stream.fd) }
        streams.removeAll()
    }

    /// All of `text` at once without waiting, or false: a reader whose buffer cannot take a few
    /// bytes is gone.
    private static func sendWhole(_ fd: Int32, _ text: String) -> Bool {
        DescriptorIO.writeAll(fd, text.utf8, by: .send(flags: Int32(MSG_NOSIGNAL | MSG_DONTWAIT)))
    }
}
