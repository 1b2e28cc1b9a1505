import BeaconSystem

/// Overpass API's own JSON (`{"version":0.6,"generator":"Overpass API …","elements":[…]}`): nodes with
/// `lat`/`lon`, ways and relations with the `center` that `out center` gives (or the bounds or the points
/// that `out geom` and `out bb` give). Every element counts as an item, so the untagged nodes of
/// `>; out skel` are skipped as nameless; a way with neither centre nor geometry was asked for without
/// `out center` and is skipped for its position.
enum OverpassPlacesReader {
    static func read(_ answer: JSONValue, elements: [JSONValue]) throws(ImportError.Reason) -> ImportedFile {
        // Overpass reports a timeout or a memory limit in `remark` and sends what it had so far.
        if let remark = answer["remark"]?.looseString, remark.contains("runtime error") {
            throw .overpassError(TextHardening.clean(remark, maximumLength: 300) ?? remark)
        }
        var file = ImportedFile(format: .overpassJSON)
        for (index, element) in elements.enumerated() {
            let type = element["type"]?.looseString ?? ""
            let tags = ImportText.tags(GeoJSONPlacesReader.scalarPairs(element["tags"]))
            let name = ImportText.name(tags["name"])
            guard ["node", "way", "relation"].contains(type) else {
                // `out count` and areas are not places.
                file.skipped.append(ImportSkip(name: name, sourceIndex: index, reason: .empty))
                continue
            }
            guard let name else {
                file.skipped.append(ImportSkip(name: nil, sourceIndex: index, reason: .noName))
                continue
            }
            guard case .valid(let coordinate) = position(element, type: type) else {
                file.skipped.append(ImportSkip(name: name, sourceIndex: index, reason: .badCoordinates))
                continue
            }
            file.places.append(
                ImportedPlace(
                    name: name, coordinate: coordinate, address: ImportText.address(osmTags: tags),
                    url: ImportText.website(osmTags: tags), osmTags: tags,
                    osmID: ImportText.osmID(type: type, id: element["id"]?.looseString), sourceIndex: index))
        }
        return file
    }

    /// A node's own position; a way's or relation's `center`, else the middle of its `bounds` or `geometry`.
    private static func position(_ element: JSONValue, type: String) -> ImportText.Position {
        if type == "node" {
            return ImportText.position(latitude: element["lat"]?.looseDouble, longitude: element["lon"]?.looseDouble)
        }
        if let center = element["center"] {
            return ImportText.position(latitude: center["lat"]?.looseDouble, longitude: center["lon"]?.looseDouble)
        }
        if let bounds = element["bounds"],
            let south = bounds["minlat"]?.looseDouble, let north = bounds["maxlat"]?.looseDouble,
            let west = bounds["minlon"]?.looseDouble, let east = bounds["maxlon"]?.looseDouble
        {
            return ImportText.position(latitude: (south + north) / 2, longitude: (west + east) / 2)
        }
        let points = (element["geometry"]?.arrayValue ?? []).compactMap { point -> Coordinate? in
            guard
                case .valid(let coordinate) = ImportText.position(
                    latitude: point["lat"]?.looseDouble, longitude: point["lon"]?.looseDouble)
            else { return nil }
            return coordinate
        }
        guard let first = points.first else { return .invalid }
        var box = (south: first.latitude, north: first.latitude, west: first.longitude, east: first.longitude)
        for point in points {
            box.south = min(box.south, point.latitude)
            box.north = max(box.north, point.latitude)
            box.west = min(box.west, point.longitude)
            box.east = max(box.east, point.longitude)
        }
        return .valid(Coordinate(latitude: (box.south + box.north) / 2, longitude: (box.west + box.east) / 2))
    }
}
