import Foundation
import Synchronization

/// A raw HTTP/1.1 server on 127.0.0.1 for transport tests that need what
/// the Python stub does not do: a body dripped byte by byte, an answer that
/// never comes, a count of the connections a client opened. `answer` gets
/// each request's head and writes the whole answer itself on the socket.
final class LoopbackHTTPServer: Sendable {
    let port: Int
    private let listener: Int32
    private let state = Mutex(State())

    private struct State {
        var connections = 0
        var requests: [String] = []
        var open: [Int32] = []
        var stopped = false
    }

    /// `answer(head, socket)`: writes the answer; return false to close the connection after it.
    init(answer: @escaping @Sendable (_ head: String, _ socket: Int32) -> Bool) throws {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        self.listener = listener
        var yes: Int32 = 1
        setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(listener, 16) == 0 else { throw POSIXError(.EADDRINUSE) }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                getsockname(listener, $0, &length)
            }
        }
        port = Int(UInt16(bigEndian: address.sin_port))
        Thread.detachNewThread { [self] in
            while true {
                let connection = accept(listener, nil, nil)
                guard connection >= 0 else { return }
                state.withLock {
                    $0.connections += 1
                    $0.open.append(connection)
                }
                Thread.detachNewThread { [self] in serve(connection, answer) }
            }
        }
    }

    private func serve(_ connection: Int32, _ answer: @Sendable (String, Int32) -> Bool) {
        var buffered: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            while buffered.firstRange(of: Array("\r\n\r\n".utf8)) == nil {
                let count = read(connection, &chunk, chunk.count)
                guard count > 0 else {
                    close(connection)
                    return
                }
                buffered += chunk[..<count]
            }
            let end = buffered.firstRange(of: Array("\r\n\r\n".utf8))!.upperBound
            let head = String(decoding: buffered[..<end], as: UTF8.self)
            buffered.removeFirst(end)
            state.withLock { $0.requests.append(head) }
            guard answer(head, connection) else {
                close(connection)
                return
            }
        }
    }

    var connectionCount: Int { state.withLock { $0.connections } }
    var requests: [String] { state.withLock { $0.requests } }
    var url: URL { URL(string: "http://127.0.0.1:\(port)/v2/places")! }

    static func send(_ text: String, to socket: Int32) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { write(socket, $0.baseAddress, $0.count) }
    }

    deinit {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
        for connection in state.withLock({ $0.open }) { shutdown(connection, Int32(SHUT_RDWR)) }
    }
}
