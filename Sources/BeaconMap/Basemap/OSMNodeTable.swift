import BeaconModel

/// Node positions by id, for resolving ways: open addressing with linear probing
/// and a multiplicative hash. A city's answer has a million nodes, each looked up
/// once or more, and `Dictionary` hashing an `Int64` with SipHash was a fifth of
/// the reading. The multiplier is random per table, so ids cannot be chosen to
/// collide.
package struct OSMNodeTable {
    private struct Slot {
        var id: Int64 = 0
        var coordinate = Coordinate(latitude: 0, longitude: 0)
        var isUsed = false
    }

    private var slots: [Slot]
    private var shift: UInt64
    private let multiplier = UInt64.random(in: 0...UInt64.max) | 1
    private(set) var count = 0

    package init() {
        slots = [Slot](repeating: Slot(), count: 1 << 10)
        shift = 64 - 10
    }

    package subscript(id: Int64) -> Coordinate? {
        get {
            var index = home(id)
            while slots[index].isUsed {
                if slots[index].id == id { return slots[index].coordinate }
                index = (index + 1) & (slots.count - 1)
            }
            return nil
        }
        set {
            guard let newValue else { return }  // nodes are never removed
            if (count + 1) * 2 > slots.count { grow() }
            var index = home(id)
            while slots[index].isUsed {
                if slots[index].id == id {
                    slots[index].coordinate = newValue
                    return
                }
                index = (index + 1) & (slots.count - 1)
            }
            slots[index] = Slot(id: id, coordinate: newValue, isUsed: true)
            count += 1
        }
    }

    private func home(_ id: Int64) -> Int {
        Int(truncatingIfNeeded: (UInt64(bitPattern: id) &* multiplier) >> shift)
    }

    /// Twice the slots, every node placed again.
    private mutating func grow() {
        let old = slots
        slots = [Slot](repeating: Slot(), count: old.count * 2)
        shift -= 1
        count = 0
        for slot in old where slot.isUsed { self[slot.id] = slot.coordinate }
    }
}
