import Dispatch

/// The one way the code spreads a loop over the cores: consecutive ranges of
/// `0..<count`, at most `chunkSize` long, each handled on its own (places
/// decoded, unchanged files linked, output folders digested).
public enum ParallelChunks {
    @inlinable
    public static func forEach(count: Int, chunkSize: Int, _ body: @Sendable (Range<Int>) -> Void) {
        guard count > 0 else { return }
        let chunks = (count + chunkSize - 1) / chunkSize
        DispatchQueue.concurrentPerform(iterations: chunks) { part in
            body((part * chunkSize)..<min((part + 1) * chunkSize, count))
        }
    }

    /// `forEach`, with `beside` run as one more job at the same time (it is
    /// started first, so the chunks fill the other cores around it).
    @inlinable
    public static func forEach(
        count: Int, chunkSize: Int, beside: @Sendable () -> Void,
        _ body: @Sendable (Range<Int>) -> Void
    ) {
        let chunks = count > 0 ? (count + chunkSize - 1) / chunkSize : 0
        DispatchQueue.concurrentPerform(iterations: chunks + 1) { part in
            if part == 0 {
                beside()
                return
            }
            body(((part - 1) * chunkSize)..<min(part * chunkSize, count))
        }
    }

    /// `transform` of every index, in order. Each value is made in its slot
    /// of the result (no chunk is gathered and copied: 100,000 places were
    /// copied once more, a dozen reference counts each).
    @inlinable
    public static func map<T: Sendable>(
        count: Int, chunkSize: Int, _ transform: @Sendable (Int) -> T
    ) -> [T] {
        guard count > chunkSize else { return (0..<count).map(transform) }
        return unsafe [T](unsafeUninitializedCapacity: count) { buffer, initialized in
            let slots = unsafe DisjointSlots(buffer)
            forEach(count: count, chunkSize: chunkSize) { range in
                for index in range { slots.initialize(index, to: transform(index)) }
            }
            initialized = count
        }
    }

    /// `map`, with `beside` run as one more job at the same time (as
    /// `forEach(count:chunkSize:beside:_:)`).
    @inlinable
    public static func map<T: Sendable>(
        count: Int, chunkSize: Int, beside: @Sendable () -> Void, _ transform: @Sendable (Int) -> T
    ) -> [T] {
        unsafe [T](unsafeUninitializedCapacity: count) { buffer, initialized in
            let slots = unsafe DisjointSlots(buffer)
            forEach(count: count, chunkSize: chunkSize, beside: beside) { range in
                for index in range { slots.initialize(index, to: transform(index)) }
            }
            initialized = count
        }
    }
}

/// Bytes the chunks' threads read while the caller holds them (a file being
/// split or hashed) inside this module.
// never written, and outlived by their owner
@safe struct SharedReadOnlyBytes: @unchecked Sendable {
    let raw: UnsafeRawBufferPointer

    init(raw: UnsafeRawBufferPointer) { unsafe self.raw = unsafe raw }

    init(_ bytes: UnsafeBufferPointer<UInt8>) { unsafe raw = UnsafeRawBufferPointer(bytes) }

    var bytes: UnsafeBufferPointer<UInt8> {
        unsafe UnsafeBufferPointer(
            start: raw.baseAddress?.assumingMemoryBound(to: UInt8.self), count: raw.count)
    }
}

/// Storage the chunks' threads fill, each thread only the indices of its own
/// range, read only after all have finished: the one type by which writable
/// memory crosses threads.
// each slot has one writer, and no reader until the join
@safe public struct DisjointSlots<T>: @unchecked Sendable {
    public let slots: UnsafeMutableBufferPointer<T>

    @inlinable
    public init(_ slots: UnsafeMutableBufferPointer<T>) { unsafe self.slots = unsafe slots }

    /// Fills an uninitialized slot.
    @inlinable
    public func initialize(_ index: Int, to value: T) {
        unsafe slots.initializeElement(at: index, to: value)
    }

    @inlinable
    public subscript(index: Int) -> T {
        get { unsafe slots[index] }
        nonmutating set { unsafe slots[index] = newValue }
    }
}
