import BeaconText
import Glibc

/// Whether a place someone brings (`sitegen import`, `sitegen place add`) is one the guide already
/// knows: within 50 metres, under a similar name. Two cafés in one building have different names;
/// one café saved in Google Maps as «Tim Wendelboe» and known to OpenStreetMap as «Tim Wendelboe
/// Kaffebar» is one place.
package struct PlaceMatching {
    package static let radiusMetres = 50.0

    /// A grid of cells about 110 m tall, so a lookup reads the few places around a point, not all
    /// of them.
    private var cells: [Cell: [Int]] = [:]
    private var places: [Place] = []

    private struct Cell: Hashable {
        var row: Int
        var column: Int
    }

    package init(_ places: [Place]) {
        for place in places { add(place) }
    }

    package mutating func add(_ place: Place) {
        let index = places.count
        places.append(place)
        cells[Self.cell(place.coordinate), default: []].append(index)
    }

    /// The nearest known place within 50 m whose name is similar to `name`; nil when there is none.
    package func match(name: String, at coordinate: Coordinate) -> Place? {
        let key = Self.nameKey(name)
        let centre = Self.cell(coordinate)
        var best: (place: Place, distance: Double)?
        // 50 m is under one cell north–south; east–west a cell narrows towards the poles, so look
        // wider there.
        let reach = max(1, Int((1 / max(cos(coordinate.latitude * .pi / 180), 0.05)).rounded(.up)))
        for row in (centre.row - 1)...(centre.row + 1) {
            for column in (centre.column - reach)...(centre.column + reach) {
                for index in cells[Cell(row: row, column: column)] ?? [] {
                    // The distance first: a name is folded only for the few places near enough.
                    let distance = places[index].coordinate.distance(to: coordinate)
                    guard distance <= Self.radiusMetres,
                        Self.similar(Self.nameKey(places[index].name), key)
                    else {
                        continue
                    }
                    if best == nil || distance < best!.distance { best = (places[index], distance) }
                }
            }
        }
        return best?.place
    }

    private static func cell(_ c: Coordinate) -> Cell {
        Cell(
            row: Int((c.latitude * 1_000).rounded(.down)),
            column: Int((c.longitude * 1_000).rounded(.down)))
    }

    /// The name folded (case, accents, punctuation) into words joined by one space.
    package static func nameKey(_ name: String) -> String {
        TextFolding.searchWords(name).joined(separator: " ")
    }

    /// The same folded name; or, with the same numbers in both, one name's words all in the other's
    /// (≥ 4 letters: «Tim Wendelboe» and «Tim Wendelboe Kaffebar»); or a few letters apart (a typo,
    /// «Fuglen» and «Fulgen»). Numbers must agree in any case but the same name: «Pier 38» and
    /// «Pier 39», «Kiwi» and «Kiwi 2» are neighbours, not one place.
    static func similar(_ a: String, _ b: String) -> Bool {
        if a == b { return !a.isEmpty }
        guard numbers(a) == numbers(b) else { return false }
        let shorter = a.count <= b.count ? a : b
        let longer = a.count <= b.count ? b : a
        guard shorter.count >= 4 else { return false }
        let longerWords = Set(longer.split(separator: " "))
        if shorter.split(separator: " ").allSatisfy(longerWords.contains) { return true }
        return editDistance(
            Array(a.unicodeScalars), Array(b.unicodeScalars), limit: max(1, shorter.count / 6))
            != nil
    }

    private static func numbers(_ text: String) -> [Unicode.Scalar] {
        text.unicodeScalars.filter { $0.properties.numericType != nil }
    }

    /// The edit distance (insertions, deletions, substitutions and swaps of two neighbours, each
    /// one) when it is at most `limit`, else nil; stops as soon as it must exceed it.
    static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], limit: Int) -> Int? {
        guard abs(a.count - b.count) <= limit else { return nil }
        guard !a.isEmpty, !b.isEmpty else {
            return max(a.count, b.count) <= limit ? max(a.count, b.count) : nil
        }
        var twoBack = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            var rowMinimum = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    value = min(value, twoBack[j - 2] + 1)
                }
                current[j] = value
                rowMinimum = min(rowMinimum, value)
            }
            if rowMinimum > limit { return nil }
            (twoBack, previous, current) = (previous, current, twoBack)
        }
        let distance = previous[b.count]
        return distance <= limit ? distance : nil
    }
}
