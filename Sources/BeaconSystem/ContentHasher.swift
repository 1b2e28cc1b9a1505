/// A fast 64-bit hash for telling whether inputs changed between builds
/// (not for security). Reads 32 bytes at a time into four independent
/// lanes, so the multiplications overlap, several times faster than one chain
/// of them (a rebuild hashes a changed places file's features, its key and the
/// kept guide's archive).
package struct ContentHasher: Sendable {
    fileprivate var state: UInt64 = 0x9E37_79B9_7F4A_7C15

    package init() {}

    package mutating func combine(_ bytes: [UInt8]) {
        unsafe bytes.withUnsafeBytes { unsafe combine(raw: $0) }
        combine(UInt64(bytes.count))
    }

    package mutating func combine(_ text: String) {
        combine(Array(text.utf8))
    }

    package mutating func combine(_ value: UInt64) {
        state = mix(state ^ value)
    }

    mutating func combine(raw: UnsafeRawBufferPointer) {
        var lanes = Lanes(seed: state)
        let blocks = raw.count / 32
        for block in 0..<blocks { unsafe lanes.absorb(raw, at: block * 32) }
        state = unsafe lanes.finish(UnsafeRawBufferPointer(rebasing: raw[(blocks * 32)...]))
    }

    /// The four running hashes of `combine(raw:)`, and how they end.
    fileprivate struct Lanes {
        var a, b, c, d: UInt64

        init(seed: UInt64) {
            a = seed
            b = seed ^ 0x6A09_E667_F3BC_C908
            c = seed ^ 0xBB67_AE85_84CA_A73B
            d = seed ^ 0x3C6E_F372_FE94_F82B
        }

        @inline(__always) static func step(_ h: UInt64, _ word: UInt64) -> UInt64 {
            let h = (h ^ word) &* 0x9FB2_1C65_1E98_DF25
            return h ^ (h >> 29)
        }

        /// The 32 bytes at `offset`.
        @inline(__always) mutating func absorb(_ raw: UnsafeRawBufferPointer, at offset: Int) {
            a = unsafe Self.step(a, raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            b = unsafe Self.step(b, raw.loadUnaligned(fromByteOffset: offset + 8, as: UInt64.self))
            c = unsafe Self.step(c, raw.loadUnaligned(fromByteOffset: offset + 16, as: UInt64.self))
            d = unsafe Self.step(d, raw.loadUnaligned(fromByteOffset: offset + 24, as: UInt64.self))
        }

        /// The hash, once `rest` (fewer than 32 bytes: whole words, then a tail) is taken in.
        func finish(_ rest: UnsafeRawBufferPointer) -> UInt64 {
            var mixer = ContentHasher()
            var h = mixer.mix(a ^ (b << 16 | b >> 48))
            h = mixer.mix(h ^ c)
            h = mixer.mix(h ^ d)
            var offset = 0
            while offset + 8 <= rest.count {
                h = unsafe Self.step(h, rest.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
                offset += 8
            }
            var tail: UInt64 = 0
            var shift: UInt64 = 0
            while offset < rest.count {
                unsafe tail |= UInt64(rest[offset]) << shift
                shift += 8
                offset += 1
            }
            mixer.state = mixer.mix(h ^ tail)
            return mixer.state
        }
    }

    /// `bytes` hashed in 1 MiB parts on all cores, then the parts' hashes in
    /// order: not the value `combine(_:)` gives, but as stable, for a big
    /// input whose hash a rebuild waits for (the places file: 90 MB at 100,000 places).
    package mutating func combine(inParallel bytes: [UInt8]) {
        let part = 1 << 20
        let parts = unsafe bytes.withUnsafeBytes { raw in
            let shared = unsafe SharedReadOnlyBytes(raw: raw)
            return ParallelChunks.map(count: (raw.count + part - 1) / part, chunkSize: 1) { index in
                var hasher = ContentHasher()
                unsafe hasher.combine(
                    raw: UnsafeRawBufferPointer(
                        rebasing: shared.raw[
                            (index * part)..<min((index + 1) * part, shared.raw.count)]))
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

    package var value: UInt64 { state }
    package var hex: String {
        let digits = String(state, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
