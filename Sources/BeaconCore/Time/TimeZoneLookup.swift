/// The compiled-in time zones (`TimeZoneTable.swift`, written by `scripts/make-time-zones`): every zone
/// name with its rule, and the grid that tells which zone a point of the world lies in.
package enum TimeZoneTable {
    /// Zone name → POSIX TZ string, read from `rulesText` on first use.
    static let rules: [String: String] = {
        var rules: [String: String] = [:]
        for entry in rulesText.split(whereSeparator: { $0 == ";" || $0 == "\n" }) {
            let parts = entry.split(separator: " ")
            if parts.count == 2 { rules[String(parts[0])] = String(parts[1]) }
        }
        return rules
    }()

    /// Every zone name, sorted.
    static let names: [String] = rules.keys.sorted()

    /// The zone the grid has at `coordinate`, or nil at sea (or outside the grid).
    static func gridZone(at coordinate: Coordinate) -> String? {
        let row = Int(((90 - coordinate.latitude) / gridStep).rounded(.down))
        let column = Int(((coordinate.longitude + 180) / gridStep).rounded(.down))
        guard (0..<gridRows).contains(row) else { return nil }
        return gridZone(row: row, column: column.positiveRemainder(dividingBy: gridColumns))
    }

    /// The zone of one cell, found among the runs by binary search.
    static func gridZone(row: Int, column: Int) -> String? {
        let target = row * gridColumns + column
        let runs = gridRuns
        var low = 0
        var high = runs.ends.count
        while low < high {
            let middle = (low + high) / 2
            if Int(runs.ends[middle]) <= target { low = middle + 1 } else { high = middle }
        }
        guard low < runs.zones.count, runs.zones[low] > 0 else { return nil }
        return gridZones[safe: Int(runs.zones[low]) - 1]
    }

    /// The grid's runs, read once: where each ends (the first cell after it) and its zone number (0: at sea).
    static let gridRuns: (ends: [Int32], zones: [UInt16]) = {
        var ends: [Int32] = []
        var zones: [UInt16] = []
        var end = 0
        for run in gridRunsText.utf8.split(whereSeparator: { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\n") }) {
            guard run.count >= 3, let zone = Int(base36: run.prefix(2)), let length = Int(base36: run.dropFirst(2))
            else { break }
            end += length
            ends.append(Int32(clamping: end))
            zones.append(UInt16(clamping: zone))
        }
        return (ends, zones)
    }()

    static let gridZones: [String] = gridZonesText.split(whereSeparator: { $0 == ";" || $0 == "\n" }).map(String.init)
}

extension Int {
    /// A non-negative number in lower-case base 36.
    fileprivate init?(base36 digits: Substring.UTF8View) {
        var value = 0
        for digit in digits {
            switch digit {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): value = value * 36 + Int(digit - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "z"): value = value * 36 + Int(digit - UInt8(ascii: "a")) + 10
            default: return nil
            }
        }
        self = value
    }
}

extension Array {
    fileprivate subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
