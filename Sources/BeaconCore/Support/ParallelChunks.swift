import Dispatch

/// The one way the code spreads a loop over the cores: consecutive ranges of
/// `0..<count`, at most `chunkSize` long, each handled on its own (places
/// decoded, unchanged files linked, output folders digested).
package enum ParallelChunks {
    package static func forEach(count: Int, chunkSize: Int, _ body: @Sendable (Range<Int>) -> Void) {
        guard count > 0 else { return }
        let chunks = (count + chunkSize - 1) / chunkSize
        DispatchQueue.concurrentPerform(iterations: chunks) { part in
            body((part * chunkSize)..<min((part + 1) * chunkSize, count))
        }
    }

    /// `forEach`, with `beside` run as one more job at the same time (it is
    /// started first, so the chunks fill the other cores around it).
    package static func forEach(
        count: Int, chunkSize: Int, beside: @Sendable () -> Void, _ body: @Sendable (Range<Int>) -> Void
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
    package static func map<T: Sendable>(count: Int, chunkSize: Int, _ transform: @Sendable (Int) -> T) -> [T] {
        guard count > chunkSize else { return (0..<count).map(transform) }
        return [T](unsafeUninitializedCapacity: count) { buffer, initialized in
            let slots = DisjointSlots(buffer)
            forEach(count: count, chunkSize: chunkSize) { range in
                for index in range { slots.initialize(index, to: transform(index)) }
            }
            initialized = count
        }
    }
}

/// Bytes the chunks' threads read while the caller holds them (a file being
/// split, walked, decoded or hashed; an archive being opened): the one type by
/// which read-only bytes cross threads.
package struct SharedReadOnlyBytes: @unchecked Sendable {  // never written, and outlived by their owner
    package let raw: UnsafeRawBufferPointer

    package init(raw: UnsafeRawBufferPointer) { self.raw = raw }

    package init(_ bytes: UnsafeBufferPointer<UInt8>) { raw = UnsafeRawBufferPointer(bytes) }

    package var bytes: UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: raw.baseAddress?.assumingMemoryBound(to: UInt8.self), count: raw.count)
    }
}

/// Storage the chunks' threads fill, each thread only the indices of its own
/// range, read only after all have finished: the one type by which writable
/// memory crosses threads.
package struct DisjointSlots<T>: @unchecked Sendable {  // each slot has one writer, and no reader until the join
    package let slots: UnsafeMutableBufferPointer<T>

    package init(_ slots: UnsafeMutableBufferPointer<T>) { self.slots = slots }

    /// Fills an uninitialized slot.
    package func initialize(_ index: Int, to value: T) { slots.initializeElement(at: index, to: value) }

    package subscript(index: Int) -> T {
        get { slots[index] }
        nonmutating set { slots[index] = newValue }
    }
}

/// FNV-1a, 64 bits: a short, stable hash (Swift's `Hasher` is seeded per
/// process) for names that must not change between runs: cache keys, slug
/// suffixes, output paths.
package enum FNV1a {
    package static let offsetBasis: UInt64 = 0xcbf2_9ce4_8422_2325

    package static func hash<Bytes: Sequence>(_ bytes: Bytes, startingAt start: UInt64 = offsetBasis) -> UInt64
    where Bytes.Element == UInt8 {
        var hash = start
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return hash
    }
}
