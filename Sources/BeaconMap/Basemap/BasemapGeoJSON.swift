import BeaconModel
import BeaconSystem

/// One GeoJSON feature whose properties are OpenStreetMap tags, as `osmium
/// export` and overpass-turbo's export write them (older osmtogeojson nests
/// them in `"tags"`). The geometry says the shape; the tags say the kind.
enum BasemapGeoJSON {
    /// A GeometryCollection inside a GeometryCollection this deep is not OSM data.
    static let maximumCollectionDepth = 4

    static func add(_ feature: JSONValue, to collector: inout BasemapCollector)
        throws(BasemapDataError)
    {
        try collector.spendElement()
        guard case .object = feature else { return collector.skip(.noGeometry) }
        let tags = self.tags(feature["properties"])
        guard let geometry = feature["geometry"], case .object = geometry else {
            return collector.skip(.noGeometry)
        }
        if tags.isEmpty { return }
        // Points are labels, which BasemapTagSummary does not cover.
        let summary = BasemapTagSummary(tags)
        // A label whose name cleans away to nothing has nothing to say.
        let label = BasemapTags.labelKind(tags).flatMap { kind in
            BasemapTags.name(tags).map { (kind, $0) }
        }
        guard summary != nil || label != nil else { return }
        try add(geometry, summary, label, depth: 0, to: &collector)
    }

    private static func add(
        _ geometry: JSONValue, _ tags: BasemapTagSummary?, _ label: (BasemapKind, String)?,
        depth: Int,
        to collector: inout BasemapCollector
    ) throws(BasemapDataError) {
        let coordinates = geometry["coordinates"]
        switch geometry["type"]?.looseString {
        case "Point":
            guard let label else { return }
            try collector.spend(coordinates: 1)
            guard let point = position(coordinates) else {
                return collector.skip(.invalidCoordinate)
            }
            collector.addLabel(label.0, name: label.1, point)
        case "MultiPoint":
            guard let label else { return }
            for point in try line(coordinates, &collector) {
                collector.addLabel(label.0, name: label.1, point)
            }
        case "LineString":
            guard let tags else { return }
            addWay(try line(coordinates, &collector), tags, to: &collector)
        case "MultiLineString":
            guard let tags else { return }
            for part in coordinates?.arrayValue ?? [] {
                addWay(try line(part, &collector), tags, to: &collector)
            }
        case "Polygon":
            guard let tags else { return }
            addPolygons([try rings(coordinates, &collector)], tags, to: &collector)
        case "MultiPolygon":
            guard let tags else { return }
            var polygons: [[[Coordinate]]] = []
            for polygon in coordinates?.arrayValue ?? [] {
                polygons.append(try rings(polygon, &collector))
            }
            addPolygons(polygons, tags, to: &collector)
        case "GeometryCollection":
            guard depth < maximumCollectionDepth else { return collector.skip(.noGeometry) }
            for part in geometry["geometries"]?.arrayValue ?? [] {
                try add(part, tags, label, depth: depth + 1, to: &collector)
            }
        default:
            collector.skip(.noGeometry)
        }
    }

    /// A LineString: coastline, an area when closed and the tags say so, else a line.
    private static func addWay(
        _ points: [Coordinate], _ tags: BasemapTagSummary, to collector: inout BasemapCollector
    ) {
        guard points.count >= 2 else { return collector.skip(.tooFewPoints) }
        if tags.isCoastline {
            collector.coastline.append(points)
        } else if let kind = tags.closedWayKind, points.first == points.last {
            collector.addArea(kind, name: tags.name, [points])
        } else if let kind = tags.lineKind {
            collector.addLine(kind, name: tags.name, points)
        } else if let kind = tags.closedWayKind {
            if let ring = RingAssembly.closedAcrossSmallGap(points) {
                collector.addArea(kind, name: tags.name, [ring])
            } else {
                collector.skip(.unclosedRing)
            }
        }
    }

    /// Polygons: one area of all their rings when the tags name an area; a coastline's
    /// outer rings as coastline (an island), a street's as lines.
    private static func addPolygons(
        _ polygons: [[[Coordinate]]], _ tags: BasemapTagSummary,
        to collector: inout BasemapCollector
    ) {
        if tags.isCoastline {
            for polygon in polygons where !polygon.isEmpty {
                collector.coastline.append(polygon[0])
            }
        } else if let kind = tags.polygonKind {
            collector.addArea(kind, name: tags.name, polygons.flatMap { $0 })
        } else if let kind = tags.lineKind {
            for polygon in polygons where !polygon.isEmpty {
                collector.addLine(kind, name: tags.name, polygon[0])
            }
        }
    }

    /// A polygon's rings, each closed; an invalid position is left out (and counted).
    private static func rings(_ value: JSONValue?, _ collector: inout BasemapCollector)
        throws(BasemapDataError)
        -> [[Coordinate]]
    {
        var rings: [[Coordinate]] = []
        for ring in value?.arrayValue ?? [] {
            let points = try line(ring, &collector)
            if points.count >= 3 { rings.append(closedRing(points)) }
        }
        return rings
    }

    /// `[[lon, lat], …]`; invalid positions are left out, and counted once per line.
    private static func line(_ value: JSONValue?, _ collector: inout BasemapCollector)
        throws(BasemapDataError)
        -> [Coordinate]
    {
        guard let items = value?.arrayValue else { return [] }
        try collector.spend(coordinates: items.count)
        var points: [Coordinate] = []
        points.reserveCapacity(items.count)
        var invalid = false
        for item in items {
            if let point = position(item) {
                points.append(point)
            } else {
                invalid = true
            }
        }
        if invalid { collector.skip(.invalidCoordinate) }
        return points
    }

    /// `[lon, lat]` or `[lon, lat, altitude]`, in range.
    private static func position(_ value: JSONValue?) -> Coordinate? {
        guard case .array(let numbers) = value, numbers.count >= 2,
            case .number(let longitude) = numbers[0], case .number(let latitude) = numbers[1]
        else { return nil }
        let point = Coordinate(latitude: latitude, longitude: longitude)
        return point.isValid ? point : nil
    }

    /// The properties' text values, and those of a nested `"tags"` object over them.
    static func tags(_ properties: JSONValue?) -> [String: String] {
        guard case .object(let members) = properties else { return [:] }
        var tags: [String: String] = [:]
        tags.reserveCapacity(members.count)
        var nested: [(key: String, value: JSONValue)] = []
        for member in members {
            if member.key == "tags", case .object(let inner) = member.value {
                nested = inner
            } else if let text = member.value.looseString {
                tags[member.key] = text
            }
        }
        for member in nested {
            if let text = member.value.looseString { tags[member.key] = text }
        }
        return tags
    }
}
