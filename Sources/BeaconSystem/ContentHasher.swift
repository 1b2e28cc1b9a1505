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

    /// The bytes of `range` in `file` (which must lie in it), as `combine(raw:)` takes them.
    package mutating func combine(_ file: MappedFile, _ range: Range<Int>) {
        precondition(file.contains(range), "a range past a mapped file's end")
        unsafe combine(raw: UnsafeRawBufferPointer(rebasing: file.bytes[range]))
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
                        rebasing: shared.raw[(index * part)..<min((index + 1) * part, shared.raw.count)]))
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

extension ContentHasher {
    /// The hash `ContentHasher().combine(bytes)` gives, of bytes handed over in parts of any size, so a
    /// file can be hashed as it is written without holding it whole.
    package struct Stream: Sendable {
        private var start = ContentHasher()
        private var lanes: Lanes
        /// Fewer than 32 bytes not yet taken in.
        private var pending: [UInt8] = []
        private var total = 0

        package init() { lanes = Lanes(seed: start.value) }

        package mutating func feed(_ part: [UInt8]) {
            unsafe part.withUnsafeBytes { unsafe feed($0) }
        }

        /// Takes `part` in where it lies: only a few bytes that do not fill 32 are kept for the next part.
        /// The bytes of `range` of `file` (which must lie in it), taken in where they lie.
        package mutating func feed(_ file: MappedFile, _ range: Range<Int>) {
            precondition(file.contains(range), "a range past a mapped file's end")
            unsafe feed(UnsafeRawBufferPointer(rebasing: file.bytes[range]))
        }

        mutating func feed(_ part: UnsafeRawBufferPointer) {
            total += part.count
            var offset = 0
            if !pending.isEmpty {
                let taken = min(32 - pending.count, part.count)
                unsafe pending.append(contentsOf: UnsafeRawBufferPointer(rebasing: part[0..<taken]))
                offset = taken
                guard pending.count == 32 else { return }
                unsafe pending.withUnsafeBytes { unsafe lanes.absorb($0, at: 0) }
                pending.removeAll(keepingCapacity: true)
            }
            let whole = offset + (part.count - offset) / 32 * 32
            while offset < whole {
                unsafe lanes.absorb(part, at: offset)
                offset += 32
            }
            unsafe pending.append(contentsOf: UnsafeRawBufferPointer(rebasing: part[whole...]))
        }

        /// The hash of everything fed.
        package func finish() -> UInt64 {
            var hasher = start
            hasher.state = unsafe pending.withUnsafeBytes { unsafe lanes.finish($0) }
            hasher.combine(UInt64(total))
            return hasher.value
        }
    }
}
