/// A fast 64-bit hash for telling whether inputs changed between builds
/// (not for security). Reads eight bytes at a time, so hashing a 90 MB places
/// file costs a few tens of milliseconds.
package struct ContentHasher: Sendable {
    private var state: UInt64 = 0x9E37_79B9_7F4A_7C15

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

    private func mix(_ value: UInt64) -> UInt64 {
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
