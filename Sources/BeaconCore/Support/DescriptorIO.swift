import Glibc

/// The system calls that move bytes through a descriptor (a terminal, a socket, a file) or set up a
/// loopback socket, behind safe APIs: the pointers they take stay in this file.
package enum DescriptorIO {
    /// How bytes go out: `write`, or `send` with flags (a socket: `MSG_NOSIGNAL`, `MSG_DONTWAIT`).
    package enum Output: Sendable {
        case write
        case send(flags: Int32)
    }

    /// Writes all of `bytes`, again after an interrupted call. False when the other end is gone, or a
    /// call wrote nothing (a full non-blocking socket, a send that timed out).
    @discardableResult
    package static func writeAll(_ descriptor: Int32, _ bytes: some Collection<UInt8>, by output: Output = .write)
        -> Bool
    {
        // An array or a slice of one (a file served in 64 KB parts) is sent where it lies; others are gathered.
        if let sent = bytes.withContiguousStorageIfAvailable({
            writeAll(descriptor, UnsafeRawBufferPointer($0), by: output)
        }) {
            return sent
        }
        return Array(bytes).withUnsafeBytes { writeAll(descriptor, $0, by: output) }
    }

    private static func writeAll(_ descriptor: Int32, _ buffer: UnsafeRawBufferPointer, by output: Output) -> Bool {
        var done = 0
        while done < buffer.count {
            let start = buffer.baseAddress! + done
            let n =
                switch output {
                case .write: Glibc.write(descriptor, start, buffer.count - done)
                case .send(let flags): Glibc.send(descriptor, start, buffer.count - done, flags)
                }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return false }
            done += n
        }
        return true
    }

    /// Reads at most `limit` bytes (and at most `buffer.count`) into the start of `buffer`, with `recv` and
    /// `receiveFlags` when given: the count read, 0 at the end, -1 on an error (`errno` says which).
    package static func read(
        _ descriptor: Int32, into buffer: inout [UInt8], limit: Int = .max, receiveFlags: Int32? = nil
    ) -> Int {
        buffer.withUnsafeMutableBytes { buffer in
            let count = min(limit, buffer.count)
            guard let start = buffer.baseAddress, count > 0 else { return 0 }
            if let receiveFlags { return Glibc.recv(descriptor, start, count, receiveFlags) }
            return Glibc.read(descriptor, start, count)
        }
    }

    /// `bind(2)` of an IPv4 socket to `address`: 0, or -1 with `errno` set.
    package static func bind(_ socket: Int32, to address: sockaddr_in) -> Int32 {
        var address = address
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
    }

    /// The address an IPv4 socket is bound to (its port, when the system chose one).
    package static func boundAddress(of socket: Int32) -> sockaddr_in? {
        var address = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let status = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socket, $0, &length) }
        }
        return status == 0 ? address : nil
    }

    /// `accept(2)` on an IPv4 listening socket: the client's descriptor (-1 with `errno` set) and address.
    package static func accept(_ listener: Int32) -> (descriptor: Int32, peer: sockaddr_in) {
        var peer = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let descriptor = withUnsafeMutablePointer(to: &peer) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.accept(listener, $0, &length) }
        }
        return (descriptor, peer)
    }
}
