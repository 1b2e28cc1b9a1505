internal import CZlib

/// zlib's raw inflate (a deflate stream without zlib's header, as a zip entry and a built-in file
/// hold it) and CRC-32, behind calls on arrays: the one file that holds zlib's pointers. The output
/// is bounded as it grows, never by what a zip's header claims, so a zip bomb stops at the limit.
package enum Inflate {
    package enum Failure: Error, Equatable {
        /// The output would pass the limit.
        case tooLarge
        /// Not a deflate stream, or one that breaks off; zlib's words when it has some.
        case corrupt(String)
    }

    /// Output is made in pieces of this size, so the limit is checked at least this often.
    static let chunkBytes = 1 << 16

    /// The bytes `deflated` (a raw deflate stream) stands for: at most `limit` of them.
    package static func raw(_ deflated: ArraySlice<UInt8>, limit: Int) throws(Failure) -> [UInt8] {
        guard deflated.count <= Int(UInt32.max) else { throw .corrupt("for stor") }
        var stream = unsafe z_stream()
        // windowBits -15: a raw stream, as zip stores it; `inflateInit2` is a macro Swift does not
        // see.
        guard
            unsafe inflateInit2_(&stream, -15, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size))
                == Z_OK
        else {
            throw .corrupt("zlib kunne ikke startes")
        }
        defer { unsafe inflateEnd(&stream) }
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: chunkBytes)
        let result: Result<[UInt8], Failure> = unsafe deflated.withUnsafeBufferPointer { input in
            unsafe stream.next_in = unsafe UnsafeMutablePointer(mutating: input.baseAddress)
            unsafe stream.avail_in = UInt32(input.count)
            while true {
                let (status, produced) = unsafe chunk.withUnsafeMutableBufferPointer {
                    buffer -> (Int32, Int) in
                    unsafe stream.next_out = buffer.baseAddress
                    unsafe stream.avail_out = UInt32(buffer.count)
                    let status = unsafe inflate(&stream, Z_NO_FLUSH)
                    return unsafe (status, buffer.count - Int(stream.avail_out))
                }
                guard output.count + produced <= limit else { return .failure(.tooLarge) }
                output.append(contentsOf: chunk[0..<produced])
                switch status {
                case Z_STREAM_END:
                    return .success(output)
                case Z_OK:
                    continue
                case Z_BUF_ERROR where unsafe stream.avail_in == 0:
                    return .failure(.corrupt("dataene slutter for tidlig"))
                default:
                    let message =
                        unsafe stream.msg.map { unsafe String(cString: $0) }
                        ?? "zlib-feil \(status)"
                    return .failure(.corrupt(message))
                }
            }
        }
        return try result.get()
    }

    /// The CRC-32 zip records for each entry.
    package static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt = 0
        var offset = 0
        unsafe bytes.withUnsafeBufferPointer { buffer in
            // zlib takes a 32-bit length: a large buffer goes in pieces.
            while offset < buffer.count {
                let length = min(buffer.count - offset, 1 << 30)
                crc = unsafe CZlib.crc32(crc, buffer.baseAddress! + offset, UInt32(length))
                offset += length
            }
        }
        return UInt32(truncatingIfNeeded: crc)
    }
}
