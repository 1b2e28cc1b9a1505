/// A fast 64-bit hash for telling whether inputs changed between builds
/// (not for security). Reads eight bytes at a time, so hashing a 90 MB places
/// file costs a few tens of milliseconds.
package struct ContentHasher: Sendable {
    fileprivate var state: UInt64 = 0x9E37_79B9_7F4A_7C15

    package init() {}

    package mutating func combine(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { combine(raw: $0) }
        combine(UInt64(bytes.count))
    }

    package mutating func combine(_ text: String) {
        combine(Array(text.utf8))
    }

    package mutating func combine(_ value: UInt64) {
        state = mix(state ^ value)
    }

    mutating func combine(raw: UnsafeRawBufferPointer) {
        var offset = 0
        var h = state
        while offset + 8 <= raw.count {
            let word = raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            h = (h ^ word) &* 0x9FB2_1C65_1E98_DF25
            h ^= h >> 29
            offset += 8
        }
        var tail: UInt64 = 0
        var shift: UInt64 = 0
        while offset < raw.count {
            tail |= UInt64(raw[offset]) << shift
            shift += 8
            offset += 1
        }
        state = mix(h ^ tail)
    }

    /// `bytes` hashed in 1 MiB parts on all cores, then the parts' hashes in
    /// order: not the value `combine(_:)` gives, but as stable, for a big
    /// input whose hash a rebuild waits for (the places file: 90 MB at 100,000 places).
    package mutating func combine(inParallel bytes: [UInt8]) {
        let part = 1 << 20
        let parts = bytes.withUnsafeBytes { raw in
            let shared = SharedReadOnlyBytes(raw: raw)
            return ParallelChunks.map(count: (raw.count + part - 1) / part, chunkSize: 1) { index in
                var hasher = ContentHasher()
                hasher.combine(raw: UnsafeRawBufferPointer(rebasing: shared.raw[(index * part)..<min((index + 1) * part, shared.raw.count)]))
                return hasher.value
            }
        }
        combine(UInt64(bytes.count))
        for value in parts { combine(value) }
    }

    fileprivate func mix(_ value: UInt64) -> UInt64 {
        var z = value &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    var value: UInt64 { state }
    package var hex: String {
        let digits = String(state, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}

extension ContentHasher {
    /// The hash `ContentHasher().combine(bytes)` gives, of bytes handed over in parts of any size, so a
    /// file can be hashed as it is written without holding it whole.
    package struct Stream: Sendable {
        private var start = ContentHasher()
        private var word: UInt64
        private var pending: [UInt8] = []
        private var total = 0

        package init() { word = start.value }

        package mutating func feed(_ part: [UInt8]) {
            total += part.count
            var bytes = part
            if !pending.isEmpty {
                bytes = pending + part
                pending.removeAll()
            }
            let whole = bytes.count - bytes.count % 8
            bytes.withUnsafeBytes { raw in
                var offset = 0
                while offset < whole {
                    let value = raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                    word = (word ^ value) &* 0x9FB2_1C65_1E98_DF25
                    word ^= word >> 29
                    offset += 8
                }
            }
            pending = Array(bytes[whole...])
        }

        /// The hash of everything fed.
        package func finish() -> UInt64 {
            var tail: UInt64 = 0
            for (index, byte) in pending.enumerated() { tail |= UInt64(byte) << (8 * UInt64(index)) }
            var hasher = start
            hasher.state = start.mix(word ^ tail)
            hasher.combine(UInt64(total))
            return hasher.value
        }
    }
}
