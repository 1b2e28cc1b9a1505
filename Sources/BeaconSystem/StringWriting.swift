extension String {
    /// A string of `length` UTF-8 bytes written in place by `fill` (digits, a hash in base 36),
    /// without an array between: `fill` must leave valid UTF-8 (invalid bytes are repaired, as
    /// `String(decoding:)` does).
    @inlinable
    public init(utf8Length length: Int, writing fill: (inout MutableSpan<UInt8>) -> Void) {
        self = unsafe String(unsafeUninitializedCapacity: length) { buffer in
            unsafe buffer.initialize(repeating: 0)
            var bytes = unsafe buffer.mutableSpan
            fill(&bytes)
            return length
        }
    }
}
