import Glibc

/// The system calls that move bytes through a descriptor (a terminal, a socket, a file) or set up a
/// loopback socket, behind safe APIs: the pointers they take stay in this file.
package enum DescriptorIO {
    /// How bytes go out: `write`, or `send` with flags (a socket: `MSG_NOSIGNAL`, `MSG_DONTWAIT`).
    package enum Output: Sendable {
        case write
        case send(flags: Int32)
    }

    /// Writes all of `bytes`, again after an interrupted call. False when the other end is gone, or
    /// a call wrote nothing (a full non-blocking socket, a send that timed out).
    @discardableResult
    package static func writeAll(
        _ descriptor: Int32, _ bytes: some Collection<UInt8>, by output: Output = .write
    )
        -> Bool
    {
        // An array or a slice of one (a file served in 64 KB parts) is sent where it lies; others
        // are gathered.
        if let sent = bytes.withContiguousStorageIfAvailable({
            unsafe writeAll(descriptor, UnsafeRawBufferPointer($0), by: output)
        }) {
            return sent
        }
        return unsafe Array(bytes).withUnsafeBytes { unsafe writeAll(descriptor, $0, by: output) }
    }

    private static func writeAll(
        _ descriptor: Int32, _ buffer: UnsafeRawBufferPointer, by output: Output
    ) -> Bool {
        var done = 0
        while done < buffer.count {
            let start = unsafe buffer.baseAddress! + done
            let n =
                switch output {
                case .write: unsafe Glibc.write(descriptor, start, buffer.count - done)
                case .send(let flags):
                    unsafe Glibc.send(descriptor, start, buffer.count - done, flags)
                }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return false }
            done += n
        }
        return true
    }

    /// Reads at most `limit` bytes (and at most `buffer.count`) into the start of `buffer`, with
    /// `recv` and `receiveFlags` when given: the count read, 0 at the end, -1 on an error (`errno`
    /// says which).
    package static func read(
        _ descriptor: Int32, into buffer: inout [UInt8], limit: Int = .max,
        receiveFlags: Int32? = nil
    ) -> Int {
        unsafe buffer.withUnsafeMutableBytes { buffer in
            let count = min(limit, buffer.count)
            guard let start = buffer.baseAddress, count > 0 else { return 0 }
            if let receiveFlags { return unsafe Glibc.recv(descriptor, start, count, receiveFlags) }
            return unsafe Glibc.read(descriptor, start, count)
        }
    }

    /// `bind(2)` of an IPv4 socket to `address`: 0, or -1 with `errno` set.
    package static func bind(_ socket: Int32, to address: sockaddr_in) -> Int32 {
        var address = address
        return unsafe withUnsafePointer(to: &address) {
            unsafe $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                unsafe Glibc.bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
    }

    /// The address an IPv4 socket is bound to (its port, when the system chose one).
    package static func boundAddress(of socket: Int32) -> sockaddr_in? {
        var address = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let status = unsafe withUnsafeMutablePointer(to: &address) {
            unsafe $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                unsafe getsockname(socket, $0, &length)
            }
        }
        return status == 0 ? address : nil
    }

    /// `accept(2)` on an IPv4 listening socket: the client's descriptor (-1 with `errno` set) and
    /// address.
    package static func accept(_ listener: Int32) -> (descriptor: Int32, peer: sockaddr_in) {
        var peer = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let descriptor = unsafe withUnsafeMutablePointer(to: &peer) {
            unsafe $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                unsafe Glibc.accept(listener, $0, &length)
            }
        }
        return (descriptor, peer)
    }

    /// `pipe(2)` with both ends closed on exec: (read end, write end), nil on an error.
    package static func makePipe() -> (read: Int32, write: Int32)? {
        var ends: [Int32] = [-1, -1]
        guard unsafe pipe(&ends) == 0 else { return nil }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        return (ends[0], ends[1])
    }

    /// Reads one byte: the byte, or nil with the call's result (0 at the end, -1 with `errno` set).
    package static func readByte(_ descriptor: Int32) -> (byte: UInt8?, result: Int) {
        var byte: UInt8 = 0
        let result = unsafe Glibc.read(descriptor, &byte, 1)
        return (result == 1 ? byte : nil, result)
    }

    /// Writes one byte; async-signal-safe (no allocation, only `write`), so a signal handler may
    /// call it.
    package static func writeByte(_ descriptor: Int32, _ byte: UInt8) -> Int {
        var byte = byte
        return unsafe Glibc.write(descriptor, &byte, 1)
    }

    /// `setsockopt(2)` of an integer option (`SO_REUSEADDR` and the like); 0, or -1 with `errno`
    /// set.
    @discardableResult
    package static func setSocketOption(
        _ socket: Int32, _ level: Int32, _ name: Int32, to value: Int32
    ) -> Int32 {
        var value = value
        return unsafe setsockopt(socket, level, name, &value, socklen_t(MemoryLayout<Int32>.size))
    }

    /// How long a send on `socket` may block before it fails (`SO_SNDTIMEO`); 0, or -1 with `errno`
    /// set.
    @discardableResult
    package static func setSendTimeout(_ socket: Int32, seconds: Int) -> Int32 {
        var timeout = timeval(tv_sec: seconds, tv_usec: 0)
        return unsafe setsockopt(
            socket, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    /// A dotted IPv4 address ("127.0.0.1"), nil when `text` is not one (`inet_pton`).
    package static func ipv4Address(_ text: String) -> in_addr? {
        var address = in_addr()
        return unsafe inet_pton(AF_INET, text, &address) == 1 ? address : nil
    }

    /// `poll(2)` on `entries`, their `revents` filled in: the count ready, 0 on a timeout, -1 with
    /// `errno` set.
    package static func poll(_ entries: inout [pollfd], timeoutMilliseconds: Int32) -> Int32 {
        unsafe Glibc.poll(&entries, nfds_t(entries.count), timeoutMilliseconds)
    }
}
