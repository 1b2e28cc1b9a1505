import BeaconSystem

/// Values by place id, found from an id's UTF-8 bytes as well as from a
/// `PlaceID`: the places of a base opened in place (`MappedGuideBase`) are
/// looked up by the id bytes in the archive, without a string made for each,
/// and first by the id's hash (`idHash`), which the base outlines when it is
/// opened: most places are not in a table, and are then told so without
/// their bytes being read again (a cache miss each, across a 4.5 MB archive).
package struct PlaceIDTable<Value: Sendable>: Sendable {
    private struct Row: Sendable {
        var id: PlaceID
        var utf8: [UInt8]
        var hash: UInt64
        var value: Value
    }

    private var rows: [Row] = []
    /// Open addressing by hash (the hash is mixed already): each slot a row's index plus one, or 0 for
    /// none; twice as many slots as rows, so a lookup that misses mostly ends at its first slot, with no
    /// hashing of its own (a `Dictionary` runs SipHash for every one of 10,000 lookups).
    private var slots: [Int32] = []
    package private(set) var count = 0

    package init(_ pairs: some Sequence<(PlaceID, Value)>) {
        rows = pairs.map { pair in
            let utf8 = Array(pair.0.rawValue.utf8)
            return Row(id: pair.0, utf8: utf8, hash: Self.idHash(utf8), value: pair.1)
        }
        count = rows.count
        var size = 8
        while size < rows.count * 2 { size *= 2 }
        slots = [Int32](repeating: 0, count: size)
        for (index, row) in rows.enumerated() {
            var slot = Int(truncatingIfNeeded: row.hash) & (size - 1)
            while slots[slot] != 0 { slot = (slot + 1) & (size - 1) }
            slots[slot] = Int32(index + 1)
        }
    }

    package var isEmpty: Bool { count == 0 }

    package func value(for id: PlaceID) -> (id: PlaceID, value: Value)? {
        value(forIDHash: Self.idHash(id.rawValue.utf8)) { $0.elementsEqual(id.rawValue.utf8) }
    }

    /// The value of the id whose `idHash` is `hash`; `spells` (given an id's UTF-8 bytes: whether they are
    /// the id looked up) is asked only of the ids here that have that hash.
    package func value(forIDHash hash: UInt64, spells: ([UInt8]) -> Bool) -> (id: PlaceID, value: Value)? {
        guard count > 0 else { return nil }
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slots[slot] != 0 {
            let row = rows[Int(slots[slot]) - 1]
            if row.hash == hash, spells(row.utf8) { return (row.id, row.value) }
            slot = (slot + 1) & mask
        }
        return nil
    }

    /// A cheap hash of an id's bytes (its length, first and last eight bytes): what a lookup compares
    /// first. Ids that share it are told apart by their bytes.
    package static func idHash(_ bytes: some BidirectionalCollection<UInt8>) -> UInt64 {
        let count = bytes.count
        return count >= 8
            ? idHash(count: count, head: littleEndian(bytes.prefix(8)), tail: littleEndian(bytes.suffix(8)))
            : idHash(count: count, head: littleEndian(bytes), tail: 0)
    }

    /// The same of the bytes of `range` in `file` (which must lie in it).
    package static func idHash(_ file: MappedFile, _ range: Range<Int>) -> UInt64 {
        let count = range.count
        guard count >= 8 else {
            var head: UInt64 = 0
            for index in 0..<count { head |= UInt64(file[range.lowerBound + index]) << (8 * UInt64(index)) }
            return idHash(count: count, head: head, tail: 0)
        }
        return idHash(
            count: count, head: file.littleEndianUInt64(at: range.lowerBound) ?? 0,
            tail: file.littleEndianUInt64(at: range.upperBound - 8) ?? 0)
    }

    /// Up to eight bytes as a little-endian integer.
    private static func littleEndian(_ bytes: some Sequence<UInt8>) -> UInt64 {
        var value: UInt64 = 0
        for (index, byte) in bytes.enumerated() { value |= UInt64(byte) << (8 * UInt64(index)) }
        return value
    }

    private static func idHash(count: Int, head: UInt64, tail: UInt64) -> UInt64 {
        var z = head &* 0x9E37_79B9_7F4A_7C15 ^ (tail << 31 | tail >> 33) ^ UInt64(count)
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
