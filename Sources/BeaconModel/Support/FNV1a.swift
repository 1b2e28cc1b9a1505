/// FNV-1a, 64 bits: a short, stable hash (Swift's `Hasher` is seeded per
/// process) for names that must not change between runs: cache keys, slug
/// suffixes, output paths.
package enum FNV1a {
    package static let offsetBasis: UInt64 = 0xcbf2_9ce4_8422_2325
    package static let prime: UInt64 = 0x100_0000_01b3

    /// `hash` with one more byte: for loops that hash bytes as they come, with no sequence made.
    package static func step(_ hash: UInt64, _ byte: UInt8) -> UInt64 {
        (hash ^ UInt64(byte)) &* prime
    }

    package static func hash<Bytes: Sequence>(
        _ bytes: Bytes, startingAt start: UInt64 = offsetBasis
    ) -> UInt64
    where Bytes.Element == UInt8 {
        var hash = start
        for byte in bytes { hash = step(hash, byte) }
        return hash
    }
}
