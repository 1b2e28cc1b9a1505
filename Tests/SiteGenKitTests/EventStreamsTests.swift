import Foundation
import Testing

@testable import BeaconSystem
@testable import SiteBuild
@testable import SiteGenKit

/// `serve --watch`'s live-reload streams: capped, held apart from the workers that serve pages, and
/// closed as soon as their reader leaves.
@Suite struct EventStreamsTests {
    /// A connected pair of sockets: the server's end and the reader's.
    func pair() -> (server: Int32, reader: Int32) {
        var ends: [Int32] = [-1, -1]
        #expect(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &ends) == 0)
        return (ends[0], ends[1])
    }

    /// What has arrived at `fd` so far, without waiting.
    func received(_ fd: Int32) -> String {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = buffer.withUnsafeMutableBytes {
                recv(fd, $0.baseAddress!, $0.count, Int32(MSG_DONTWAIT))
            }
            if n <= 0 { break }
            bytes += buffer[0..<n]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Polls the streams as the server's loop does and lets them close the finished ones.
    func pollOnce(_ streams: inout EventStreams) {
        var entries = streams.pollEntries
        _ = poll(&entries, nfds_t(entries.count), 0)
        streams.closeFinished(revents: entries.map(\.revents))
    }

    @Test func streamsAreCappedPerClientAndInAllAndTheRestGet503() {
        var streams = EventStreams(generation: 0)
        streams.maximum = 6
        streams.maximumPerClient = 4
        let now = ContinuousClock.now
        var readers: [(client: UInt32, reader: Int32)] = []
        for client: UInt32 in [1, 1, 1, 1, 1, 2, 2, 3] {
            let (server, reader) = pair()
            streams.open(server, client: client, now: now)
            readers.append((client, reader))
        }
        let answers = readers.map { received($0.reader) }
        // Client 1: four streams, then 503; client 2: two, which fills the six; client 3: 503.
        let statuses = answers.map {
            $0.hasPrefix("HTTP/1.1 200") ? 200 : ($0.hasPrefix("HTTP/1.1 503") ? 503 : 0)
        }
        #expect(statuses == [200, 200, 200, 200, 503, 200, 200, 503])
        #expect(answers[0].contains("text/event-stream") && answers[0].contains("retry: 500"))
        #expect(streams.streams.count == 6)
        for reader in readers { close(reader.reader) }
        pollOnce(&streams)
        #expect(streams.isEmpty, "every stream whose reader left is closed at once")
    }

    @Test func aReaderThatLeavesIsClosedAtOnceAndTheOthersHearOfARebuild() {
        var streams = EventStreams(generation: 7)
        let now = ContinuousClock.now
        let pairs = (0..<3).map { _ in pair() }
        for (server, _) in pairs { streams.open(server, client: 1, now: now) }
        for (_, reader) in pairs { _ = received(reader) }
        close(pairs[1].reader)
        pollOnce(&streams)
        #expect(streams.streams.count == 2)
        // Bytes a reader sends do not end its stream.
        _ = "x".withCString { send(pairs[0].reader, $0, 1, Int32(MSG_NOSIGNAL)) }
        pollOnce(&streams)
        #expect(streams.streams.count == 2)

        streams.tick(generation: 7, now: now)
        #expect(received(pairs[0].reader).isEmpty, "no rebuild, no ping yet: nothing sent")
        streams.tick(generation: 8, now: now)
        for reader in [pairs[0].reader, pairs[2].reader] {
            #expect(received(reader) == "event: reload\ndata: 8\n\n")
        }
        streams.tick(generation: 8, now: now + .seconds(11))
        #expect(received(pairs[2].reader) == ": ping\n\n")
        streams.closeAll()
        for (_, reader) in pairs { close(reader) }
    }

    @Test func aReaderThatStopsReadingIsDroppedNeverWaitedFor() {
        var streams = EventStreams(generation: 0)
        let (server, reader) = pair()
        var small: Int32 = 4096
        setsockopt(server, SOL_SOCKET, SO_SNDBUF, &small, socklen_t(MemoryLayout<Int32>.size))
        streams.open(server, client: 1, now: .now)
        var generation = 0
        let started = ContinuousClock.now
        while !streams.isEmpty && generation < 100_000 {
            generation += 1
            streams.tick(generation: generation, now: .now)
        }
        #expect(streams.isEmpty, "a reader that never reads is dropped once its buffer is full")
        #expect(ContinuousClock.now - started < .seconds(5))
        close(reader)
    }

    /// Through the server: 300 pages holding a stream leave the pages answered, and once they
    /// close, a new stream is taken at once.
    @Test func manyOpenStreamsNeverStopThePagesAndClosedOnesFreeTheirPlace() async throws {
        let site = TestSite()
        _ = try await BuildPipeline(
            options: BuildOptions(site: site.site), environment: [:], console: CapturingConsole()
        ).run()
        let liveReload = LiveReload()
        let server = try StaticFileServer(
            configuration: .init(root: site.output, port: 0, headTimeout: 2, liveReload: liveReload)
        )
        server.start()
        defer { server.stop() }
        func openStream() -> (fd: Int32, head: String) {
            let fd = RawHTTP.connect(server.port)
            _ = Array("GET /__sitegen/events HTTP/1.1\r\nHost: x\r\n\r\n".utf8).withUnsafeBytes {
                send(fd, $0.baseAddress!, $0.count, Int32(MSG_NOSIGNAL))
            }
            var buffer = [UInt8](repeating: 0, count: 512)
            let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress!, $0.count, 0) }
            return (fd, n > 0 ? String(decoding: buffer[0..<n], as: UTF8.self) : "")
        }
        let held = (0..<300).map { _ in openStream() }
        let accepted = held.filter { $0.head.hasPrefix("HTTP/1.1 200") }
        #expect(accepted.count == EventStreams(generation: 0).maximumPerClient, "\(accepted.count)")
        #expect(
            held.allSatisfy {
                $0.head.hasPrefix("HTTP/1.1 200") || $0.head.hasPrefix("HTTP/1.1 503")
            })
        for path in ["/", "/kafeer/", "/assets/beacon.css"] {
            #expect(
                RawHTTP.get(server.port, path).hasPrefix("HTTP/1.1 200"),
                "\(path) while the streams are full")
        }
        liveReload.publish()
        for stream in accepted {
            var buffer = [UInt8](repeating: 0, count: 512)
            let n = buffer.withUnsafeMutableBytes { recv(stream.fd, $0.baseAddress!, $0.count, 0) }
            #expect(
                n > 0
                    && String(decoding: buffer[0..<max(n, 0)], as: UTF8.self).contains(
                        "event: reload")
            )
        }
        for stream in held { close(stream.fd) }
        // The closed streams are noticed at once (not at the next ping, 10 s on): a new one is
        // taken.
        var reopened = ""
        let deadline = ContinuousClock.now + .seconds(2)
        while ContinuousClock.now < deadline {
            let stream = openStream()
            close(stream.fd)
            reopened = stream.head
            if reopened.hasPrefix("HTTP/1.1 200") { break }
            try await Task.sleep(for: .milliseconds(20))
        }
        #expect(reopened.hasPrefix("HTTP/1.1 200"), "\(reopened)")
    }
}
