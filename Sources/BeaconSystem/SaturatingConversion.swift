/// `Int(someDouble)` traps on NaN, infinity and anything past ±2^63, and a
/// number can come from any file, header or variable. Formatting and timing
/// code converts through these instead; validation uses `Int(exactly:)`,
/// which answers nil for the same values.
extension Int {
    /// `value` rounded to the nearest integer, clamped to `Int`'s range; NaN is 0.
    @inlinable
    public init(saturating value: Double) {
        if value.isNaN {
            self = 0
            return
        }
        let rounded = value.rounded()
        if rounded >= 9.2e18 {
            self = .max
            return
        }
        if rounded <= -9.2e18 {
            self = .min
            return
        }
        self = Int(rounded)
    }
}

extension Int64 {
    /// `value` rounded to the nearest integer, clamped to `Int64`'s range; NaN is 0.
    @inlinable
    public init(saturating value: Double) {
        self = Int64(Int(saturating: value))
    }
}

extension UInt64 {
    /// Nanoseconds for a wait of `seconds`, clamped at zero and about 292 years.
    package static func nanoseconds(saturating seconds: Double) -> Self {
        guard seconds.isFinite, seconds > 0 else { return 0 }
        return Self(Int(saturating: Swift.min(seconds, 9e9) * 1_000_000_000))
    }
}

extension Duration {
    /// The duration in seconds, for timings and retry budgets on a monotonic clock.
    package var inSeconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
