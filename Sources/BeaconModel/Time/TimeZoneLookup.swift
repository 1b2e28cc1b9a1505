import BuiltInFiles

/// The compiled-in time zones (`Resources/time-zones/`, written by `scripts/make-time-zones`):
/// every zone name with its rule, and the grid that tells which zone a point of the world lies in.
package enum TimeZoneTable {
    static let gridRows = 1800
    static let gridColumns = 3600
    static let gridStep = 0.1

    /// One of the time-zone files; a binary without them was built wrong, so that stops the
    /// process.
    private static func file(_ name: String) -> [UInt8] {
        guard let bytes = BuiltInFiles.bytes("time-zones/" + name) else {
            fatalError("no built-in time-zones/\(name)")
        }
        return bytes
    }

    /// Zone name → POSIX TZ string, read from `rules.txt` on first use.
    static let rules: [String: String] = {
        var rules: [String: String] = [:]
        for entry in String(decoding: file("rules.txt"), as: UTF8.self).split(whereSeparator: {
            $0 == ";" || $0 == "\n"
        }) {
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

    /// The grid's runs, read once: where each ends (the first cell after it) and its zone number
    /// (0: at sea). A run is two base-36 digits of zone and at least one of length, runs are
    /// separated by spaces or line breaks; reading stops at the first that is not one. Read byte by
    /// byte, with no slice made per run (a build reads the whole grid to find its centre's zone).
    static let gridRuns: (ends: [Int32], zones: [UInt16]) = {
        var ends: [Int32] = []
        var zones: [UInt16] = []
        var end = 0
        var zone = 0
        var length = 0
        var digits = 0
        /// Ends the run read so far; false when it was not a whole run.
        func finishRun() -> Bool {
            guard digits >= 3 else { return digits == 0 }
            end += length
            ends.append(Int32(clamping: end))
            zones.append(UInt16(clamping: zone))
            zone = 0
            length = 0
            digits = 0
            return true
        }
        for byte in file("grid.txt") {
            if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") {
                guard finishRun() else { return (ends, zones) }
                continue
            }
            guard let value = base36Digit(byte) else { return (ends, zones) }
            if digits < 2 { zone = zone * 36 + value } else { length = length * 36 + value }
            digits += 1
        }
        _ = finishRun()
        return (ends, zones)
    }()

    static let gridZones: [String] = String(decoding: file("zones.txt"), as: UTF8.self).split(
        whereSeparator: { $0 == ";" || $0 == "\n" }).map(String.init)
}

/// The value of a lower-case base-36 digit, or nil.
private func base36Digit(_ byte: UInt8) -> Int? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(byte - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "z"): Int(byte - UInt8(ascii: "a")) + 10
    default: nil
    }
}

extension Array {
    fileprivate subscript(safe index: Int) -> Element? {
        indices.contains(index) ? self[index] : nil
    }
}
