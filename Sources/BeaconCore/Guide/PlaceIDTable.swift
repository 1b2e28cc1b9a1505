#if canImport(Glibc)
import Glibc
#else
import Foundation
#endif

/// Values by place id, found from an id's UTF-8 bytes as well as from a
/// `PlaceID`: the places of a base opened in place (`MappedGuideBase`) are
/// looked up by the id bytes in the archive, without a string made for each.
package struct PlaceIDTable<Value: Sendable>: Sendable {
    private struct Row: Sendable {
        var id: PlaceID
        var utf8: [UInt8]
        var value: Value

        func spells(_ bytes: UnsafeRawBufferPointer) -> Bool {
            guard utf8.count == bytes.count else { return false }
            return bytes.isEmpty || utf8.withUnsafeBytes { memcmp($0.baseAddress!, bytes.baseAddress!, bytes.count) == 0 }
        }
    }

    /// Up to this many ids are compared one by one (each mostly at its first bytes), more are hashed.
    private static var compareLimit: Int { 4 }
    private var few: [Row] = []
    private var buckets: [UInt64: [Row]] = [:]
    package private(set) var count = 0

    package init(_ pairs: some Sequence<(PlaceID, Value)>) {
        let rows = pairs.map { Row(id: $0.0, utf8: Array($0.0.rawValue.utf8), value: $0.1) }
        count = rows.count
        if rows.count <= Self.compareLimit {
            few = rows
        } else {
            for row in rows { buckets[row.utf8.withUnsafeBytes(Self.hash), default: []].append(row) }
        }
    }

    package var isEmpty: Bool { count == 0 }

    package func value(for id: PlaceID) -> (id: PlaceID, value: Value)? {
        var text = id.rawValue
        return text.withUTF8 { value(forIDBytes: UnsafeRawBufferPointer($0)) }
    }

    /// The value of the id spelled by `bytes` (UTF-8).
    package func value(forIDBytes bytes: UnsafeRawBufferPointer) -> (id: PlaceID, value: Value)? {
        let rows = count <= Self.compareLimit ? few : buckets[Self.hash(bytes)] ?? []
        return rows.first { $0.spells(bytes) }.map { ($0.id, $0.value) }
    }

    private static func hash(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var hasher = ContentHasher()
        hasher.combine(raw: bytes)
        return hasher.value
    }
}
