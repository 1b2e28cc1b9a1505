import Synchronization

/// A value handed over once: `take()` returns it and forgets it, so the taker
/// holds the only reference (a 90 MB file's bytes freed once parsed; an array
/// of places moved into the guide without a copy).
final class HandOver<Value: Sendable>: Sendable {
    private let value: Mutex<Value?>

    init(_ value: Value?) { self.value = Mutex(value) }

    /// The value, once; nil after that (or when there was none).
    func take() -> Value? {
        value.withLock { stored in
            defer { stored = nil }
            return stored
        }
    }
}
