import BeaconModel

/// What the build's own basemap draws, one shape at a time: OpenStreetMap data
/// reduced to a kind (the style's vocabulary, not OSM's), an optional name and
/// a geometry in WGS 84. Every reader (GeoJSON, Overpass JSON, OSM XML, the
/// sample's compiled-in data) produces these; the tiler cuts them into tiles.
package struct BasemapFeature: Sendable, Equatable {
    package var kind: BasemapKind
    /// The name shown on the map (a street along its line, a place at its point).
    package var name: String?
    package var geometry: BasemapGeometry

    package init(kind: BasemapKind, name: String? = nil, geometry: BasemapGeometry) {
        self.kind = kind
        self.name = name
        self.geometry = geometry
    }

    /// The box the features' points span (the sea and islands the coastline makes left out: they
    /// fill the tiles' area, not the data's); nil without points.
    package static func extent(of features: [BasemapFeature]) -> GeoBounds? {
        var box = Box([])
        for feature in features where feature.kind != .sea && feature.kind != .land {
            let own = Box(feature: feature)
            guard own.south <= own.north else { continue }
            box.add(Coordinate(latitude: own.south, longitude: own.west))
            box.add(Coordinate(latitude: own.north, longitude: own.east))
        }
        guard box.south <= box.north, box.west <= box.east else { return nil }
        return GeoBounds(south: box.south, west: box.west, north: box.north, east: box.east)
    }
}

/// A line (a street, a river), an area (rings filled even-odd, so an inner
/// ring is a hole wherever it lies), or a point (a place's label).
package enum BasemapGeometry: Sendable, Equatable {
    case line([Coordinate])
    case area([[Coordinate]])
    case point(Coordinate)
}

/// The style's vocabulary, in drawing order (areas first, then lines from the
/// least to the most important, then labels). The raw value is what a tile
/// file names the kind by, and what `beacon-basemap.js` styles.
package enum BasemapKind: String, Sendable, CaseIterable, Comparable {
    // Areas.
    case sea
    /// Land drawn over the sea: an island the coastline closes.
    case land
    case residential
    case commercial
    case industrial
    case cemetery
    case forest
    /// Parks, gardens, grass, meadows, recreation grounds.
    case park
    case pedestrianArea = "pedestrian-area"
    case water
    // Lines.
    case waterway
    case rail
    case path
    case service
    case minor
    case tertiary
    case secondary
    case primary
    case motorway
    // Labels.
    case place
    case majorPlace = "major-place"
    /// A city's own name: drawn only while the city fits the view (a neighbourhood's map is not
    /// labelled «Oslo»).
    case city

    package var isArea: Bool { order <= BasemapKind.water.order }
    package var isLine: Bool { order > BasemapKind.water.order && order < BasemapKind.place.order }
    package var isLabel: Bool { order >= BasemapKind.place.order }
    /// A road whose line gets its name written along it.
    package var isRoad: Bool {
        order >= BasemapKind.path.order && order <= BasemapKind.motorway.order
    }

    package static func < (a: BasemapKind, b: BasemapKind) -> Bool { a.order < b.order }

    /// Drawing order: the cases' order above (a switch, as the tiler asks for it millions of
    /// times).
    package var order: Int {
        switch self {
        case .sea: 0
        case .land: 1
        case .residential: 2
        case .commercial: 3
        case .industrial: 4
        case .cemetery: 5
        case .forest: 6
        case .park: 7
        case .pedestrianArea: 8
        case .water: 9
        case .waterway: 10
        case .rail: 11
        case .path: 12
        case .service: 13
        case .minor: 14
        case .tertiary: 15
        case .secondary: 16
        case .primary: 17
        case .motorway: 18
        case .place: 19
        case .majorPlace: 20
        case .city: 21
        }
    }
}
