import Glibc
import Testing

@testable import BeaconSystem

/// The safe wrappers around write, send, read and recv: every byte goes through, limits hold, and a
/// socket whose other end is gone says so instead of raising SIGPIPE.
@Suite struct DescriptorIOTests {
    func socketPair() throws -> (Int32, Int32) {
        var ends: [Int32] = [-1, -1]
        try #require(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &ends) == 0)
        return (ends[0], ends[1])
    }

    @Test func everyByteGoesThroughAndComesBackWithinTheLimit() async throws {
        let (a, b) = try socketPair()
        defer {
            close(a)
            close(b)
        }
        let bytes = (0..<50_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        // More than a socket buffer holds at once: the reader drains it on another thread.
        let reader = Task.detached { () -> [UInt8] in
            var received: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 4_096)
            while received.count < bytes.count {
                let n = DescriptorIO.read(b, into: &buffer, limit: 1_000)
                if n <= 0 { break }
                #expect(n <= 1_000)
                received += buffer[0..<n]
            }
            return received
        }
        #expect(DescriptorIO.writeAll(a, bytes[...], by: .send(flags: Int32(MSG_NOSIGNAL))))
        #expect(await reader.value == bytes)
        #expect(DescriptorIO.writeAll(a, "end".utf8))
        var buffer = [UInt8](repeating: 0, count: 16)
        #expect(DescriptorIO.read(b, into: &buffer, receiveFlags: Int32(MSG_DONTWAIT)) == 3)
        #expect(Array(buffer[0..<3]) == Array("end".utf8))
        #expect(
            DescriptorIO.read(b, into: &buffer, receiveFlags: Int32(MSG_DONTWAIT)) == -1
                && errno == EAGAIN)
    }

    @Test func aGoneReaderIsAFalseNotASignal() throws {
        let (a, b) = try socketPair()
        close(b)
        defer { close(a) }
        #expect(!DescriptorIO.writeAll(a, [1, 2, 3], by: .send(flags: Int32(MSG_NOSIGNAL))))
    }

    @Test func aListenerOnLoopbackTellsItsPortAndAcceptsAClient() throws {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        try #require(listener >= 0)
        defer { close(listener) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        #expect(DescriptorIO.bind(listener, to: address) == 0 && listen(listener, 1) == 0)
        let bound = try #require(DescriptorIO.boundAddress(of: listener))
        #expect(bound.sin_port != 0)
        let client = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(client) }
        let connected = withUnsafePointer(to: bound) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(client, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        #expect(connected == 0)
        let (accepted, peer) = DescriptorIO.accept(listener)
        defer { close(accepted) }
        #expect(accepted >= 0)
        #expect(peer.sin_addr.s_addr == UInt32(0x7F00_0001).bigEndian)
    }
}
