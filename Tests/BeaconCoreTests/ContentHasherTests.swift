import Testing
@testable import BeaconCore

/// The places file's key is hashed in parts on all cores: it must still tell
/// every change of a byte or of the length, and give the same value for the same bytes.
@Suite struct ContentHasherTests {
    func key(_ bytes: [UInt8]) -> String {
        var hasher = ContentHasher()
        hasher.combine(inParallel: bytes)
        return hasher.hex
    }

    @Test(arguments: [0, 1, 7, 8, 4_095, (1 << 20) - 1, 1 << 20, (1 << 20) + 1, 3 * (1 << 20) + 5])
    func aChangedByteOrLengthChangesTheKey(size: Int) {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<size).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let original = key(bytes)
        #expect(key(Array(bytes)) == original)
        #expect(key(bytes + [0]) != original)
        if size > 0 {
            #expect(key(Array(bytes.dropLast())) != original)
            // Around the parts' boundaries and anywhere else.
            for position in Set([0, size - 1, min(size - 1, 1 << 20), max(0, (1 << 20) - 1) % size, Int.random(in: 0..<size, using: &generator)]) {
                var changed = bytes
                changed[position] ^= 0x01
                #expect(key(changed) != original, "a flipped bit at \(position) of \(size) kept the key")
            }
        }
    }

    /// Two parts swapped are another file.
    @Test func thePartsOrderCounts() {
        let a = [UInt8](repeating: 0x41, count: 1 << 20), b = [UInt8](repeating: 0x42, count: 1 << 20)
        #expect(key(a + b) != key(b + a))
    }
}
