import BeaconModel

/// What every reader gathers as it goes: features drawn as they are, coastline
/// ways kept for the sea, counts of what was left out, and the budget that
/// stops hostile data before it takes the machine's memory.
package struct BasemapCollector {
    var features: [BasemapFeature] = []
    /// Coastline ways in their own direction (land on the left), for `Coastline`.
    var coastline: [[Coordinate]] = []
    var skipped: [BasemapSkipReason: Int] = [:]
    private(set) var coordinates = 0
    private(set) var elements = 0
    let maximumCoordinates: Int
    let maximumElements: Int

    init(
        maximumCoordinates: Int = BasemapDataReader.maximumCoordinates,
        maximumElements: Int = BasemapDataReader.maximumElements
    ) {
        self.maximumCoordinates = maximumCoordinates
        self.maximumElements = maximumElements
    }

    mutating func skip(_ reason: BasemapSkipReason, _ count: Int = 1) {
        skipped[reason, default: 0] += count
    }

    /// Counts positions read or referred to (a way's node ids count as theirs).
    mutating func spend(coordinates count: Int) throws(BasemapDataError) {
        coordinates += count
        if coordinates > maximumCoordinates { throw .tooManyCoordinates(limit: maximumCoordinates) }
    }

    /// Counts nodes, ways, relations, members and features.
    mutating func spendElement() throws(BasemapDataError) {
        elements += 1
        if elements > maximumElements { throw .tooManyElements(limit: maximumElements) }
    }

    /// A line of two points or more; fewer is counted.
    mutating func addLine(_ kind: BasemapKind, name: String?, _ points: [Coordinate]) {
        guard points.count >= 2 else { return skip(.tooFewPoints) }
        features.append(BasemapFeature(kind: kind, name: name, geometry: .line(points)))
    }

    /// An area of its rings that have three corners or more; none is counted.
    mutating func addArea(_ kind: BasemapKind, name: String?, _ rings: [[Coordinate]]) {
        let rings = rings.filter { $0.count >= 4 }
        guard !rings.isEmpty else { return skip(.tooFewPoints) }
        features.append(BasemapFeature(kind: kind, name: name, geometry: .area(rings)))
    }

    mutating func addLabel(_ kind: BasemapKind, name: String, _ point: Coordinate) {
        features.append(BasemapFeature(kind: kind, name: name, geometry: .point(point)))
    }
}
