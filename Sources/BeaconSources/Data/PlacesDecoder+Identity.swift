import BeaconModel
import BeaconSystem

/// Where a feature is and which place it is: its position, and an identity that stays the same
/// from one answer to the next.
extension PlacesDecoder {
    /// Geoapify's own `lat`/`lon` (its representative point, also for buildings) when present, else
    /// the Point geometry; for a building or area (OpenStreetMap ways and relations, which
    /// overpass-turbo and osmtogeojson export as polygons) or a line, the middle of its points.
    func position(of feature: JSONValue, properties: JSONValue) -> Coordinate? {
        if let lat = properties["lat"]?.looseDouble, let lon = properties["lon"]?.looseDouble {
            let coordinate = Coordinate(latitude: lat, longitude: lon)
            if coordinate.isValid { return coordinate }
        }
        guard let geometry = feature["geometry"], let coordinates = geometry["coordinates"] else {
            return nil
        }
        func point(_ pair: JSONValue) -> Coordinate? {
            guard let pair = pair.arrayValue, pair.count >= 2, let lon = pair[0].looseDouble,
                let lat = pair[1].looseDouble
            else { return nil }
            let coordinate = Coordinate(latitude: lat, longitude: lon)
            return coordinate.isValid ? coordinate : nil
        }
        /// The mean of a run of points (a ring's closing point once); nil when any is not a
        /// position.
        func middle(_ points: JSONValue?) -> Coordinate? {
            guard var list = points?.arrayValue?.prefix(10_000), !list.isEmpty else { return nil }
            if list.count > 1, list.first == list.last { list = list.dropLast() }
            var latitude = 0.0
            var longitude = 0.0
            for pair in list {
                guard let c = point(pair) else { return nil }
                latitude += c.latitude
                longitude += c.longitude
            }
            let mean = Coordinate(
                latitude: latitude / Double(list.count), longitude: longitude / Double(list.count))
            return mean.isValid ? mean : nil
        }
        switch geometry["type"]?.looseString {
        case "Point": return point(coordinates)
        case "LineString", "MultiPoint": return middle(coordinates)
        case "Polygon", "MultiLineString": return middle(coordinates.arrayValue?.first)
        case "MultiPolygon": return middle(coordinates.arrayValue?.first?.arrayValue?.first)
        default: return nil
        }
    }

    /// OSM element first (stable), then Geoapify's `place_id`, then the
    /// feature's own id, then a hash of name and position.
    func identity(
        properties: JSONValue, raw: JSONValue?, feature: JSONValue, name: String,
        coordinate: Coordinate
    )
        -> PlaceID
    {
        if let type = raw?["osm_type"]?.looseString, let id = raw?["osm_id"]?.looseString,
            let osm = PlaceID.osm(type: type, id: id)
        {
            return osm
        }
        if let type = properties["osm_type"]?.looseString,
            let id = properties["osm_id"]?.looseString,
            let osm = PlaceID.osm(type: type, id: id)
        {
            return osm
        }
        for value in [properties["@id"], properties["id"], feature["id"]].compactMap({
            $0?.looseString
        }) {
            if let osm = Self.osmReference(value) { return osm }
            // Our own exports write "geoapify/…" and "local/…" identities.
            for prefix in ["geoapify/", "local/"] where value.hasPrefix(prefix) {
                if let provider = PlaceID.provider(String(value.dropFirst(prefix.count))) {
                    return PlaceID(
                        rawValue: prefix + provider.rawValue.dropFirst("geoapify/".count))
                }
            }
        }
        if let placeID = properties["place_id"]?.looseString,
            let provider = PlaceID.provider(placeID)
        {
            return provider
        }
        if let featureID = feature["id"]?.looseString, let local = PlaceID.provider(featureID) {
            return PlaceID(rawValue: "local/" + local.rawValue.dropFirst("geoapify/".count))
        }
        let fingerprint = PlaceID(
            rawValue: "\(name)|\(coordinate.latitude)|\(coordinate.longitude)"
        ).shortHash(
            length: 12)
        return PlaceID(rawValue: "local/\(fingerprint)")
    }

    /// "node/123" or "way/45" as Overpass and osmtogeojson write them.
    static func osmReference(_ value: String) -> PlaceID? {
        let parts = value.split(separator: "/")
        guard parts.count == 2 else { return nil }
        return PlaceID.osm(type: String(parts[0]), id: String(parts[1]))
    }
}
