import BeaconModel

/// What a basemap data file gave: the features to draw, and how many elements
/// were left out and why, so the build can say so instead of drawing a map
/// with holes in silence.
package struct BasemapData: Sendable, Equatable {
    package var features: [BasemapFeature]
    package var skipped: [BasemapSkipReason: Int]

    package init(features: [BasemapFeature], skipped: [BasemapSkipReason: Int] = [:]) {
        self.features = features
        self.skipped = skipped
    }

    /// "12 utelatt: 9 med ugyldige koordinater, 3 med omriss som ikke lukker seg": the counts, most
    /// first; nil when nothing was left out.
    package var skippedSummary: String? {
        let total = skipped.values.reduce(0, +)
        guard total > 0 else { return nil }
        let parts = skipped.filter { $0.value > 0 }
            .sorted {
                $0.value != $1.value ? $0.value > $1.value : $0.key.rawValue < $1.key.rawValue
            }
            .map { "\(NorwegianFormat.integer($0.value)) \($0.key.label)" }
        return "\(NorwegianFormat.integer(total)) utelatt: " + parts.joined(separator: ", ")
    }
}

/// Why an element of the data was not drawn. Elements the map has no kind for
/// (buildings, shops, bus stops) and features wholly outside the tiles' area are
/// not counted: leaving them out is the design, not a fault of the data.
package enum BasemapSkipReason: String, Sendable, CaseIterable {
    /// A latitude or longitude missing, not a number or out of range.
    case invalidCoordinate
    /// A way whose nodes, or a relation whose ways, the data does not hold.
    case missingElement
    /// A way given only by its centre (`out center`), or a feature without geometry.
    case noGeometry
    /// An area whose outline does not close, with too wide a gap to close it straight.
    case unclosedRing
    /// A line of fewer than two points, or a ring of fewer than three.
    case tooFewPoints

    var label: String {
        switch self {
        case .invalidCoordinate: "med ugyldige koordinater"
        case .missingElement: "som viser til punkter eller veier dataene mangler"
        case .noGeometry: "uten geometri"
        case .unclosedRing: "med omriss som ikke lukker seg"
        case .tooFewPoints: "med for få punkter"
        }
    }
}
