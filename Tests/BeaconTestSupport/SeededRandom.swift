import Foundation

/// A small seeded generator (SplitMix64), so a failing random case can be run again.
public struct SplitMix: RandomNumberGenerator {
    public var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// A generator for randomized tests: seeded from `BEACON_TEST_SEED` when set, else at random, with
/// the seed printed, so a failure can be replayed.
public func seededGenerator(_ test: String = #function) -> SplitMix {
    let seed =
        ProcessInfo.processInfo.environment["BEACON_TEST_SEED"].flatMap(UInt64.init)
        ?? UInt64.random(in: 0...UInt64.max)
    print("\(test): random seed \(seed) (BEACON_TEST_SEED=\(seed) replays it)")
    return SplitMix(seed: seed)
}
