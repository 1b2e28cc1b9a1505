import BeaconModel
import BeaconSystem

/// Overpass API's own JSON (`{"version":0.6,"generator":"Overpass API …","elements":[…]}`): nodes
/// with `lat`/`lon`, ways and relations with the `center` that `out center` gives (or the bounds or
/// the points that `out geom` and `out bb` give). Every element counts as an item, so the untagged
/// nodes of `>; out skel` are skipped as nameless; a way with neither centre nor geometry was asked
/// for without `out center` and is skipped for its position. What makes an element a place is
/// `OSMImportElement`'s, shared with OSM XML.
enum OverpassPlacesReader {
    package static func read(_ answer: JSONValue, elements: [JSONValue]) throws(ImportError.Reason)
        -> ImportedFile
    {
        try OSMImportElement.requireComplete(remark: answer["remark"]?.looseString)
        var file = ImportedFile(format: .overpassJSON)
        for (index, element) in elements.enumerated() {
            let type = element["type"]?.looseString ?? ""
            OSMImportElement.add(
                type: type, id: element["id"]?.looseString,
                tags: GeoJSONPlacesReader.scalarPairs(element["tags"]),
                index: index, to: &file
            ) { position(element, type: type) }
        }
        return file
    }

    /// A node's own position; a way's or relation's `center`, else the middle of its `bounds` or
    /// `geometry`.
    private static func position(_ element: JSONValue, type: String) -> ImportText.Position {
        if type == "node" {
            return ImportText.position(
                latitude: element["lat"]?.looseDouble, longitude: element["lon"]?.looseDouble)
        }
        if let center = element["center"] {
            return ImportText.position(
                latitude: center["lat"]?.looseDouble, longitude: center["lon"]?.looseDouble)
        }
        if let bounds = element["bounds"],
            let south = bounds["minlat"]?.looseDouble, let north = bounds["maxlat"]?.looseDouble,
            let west = bounds["minlon"]?.looseDouble, let east = bounds["maxlon"]?.looseDouble
        {
            return OSMImportElement.middle(south: south, north: north, west: west, east: east)
        }
        let points = (element["geometry"]?.arrayValue ?? []).compactMap { point -> Coordinate? in
            guard
                case .valid(let coordinate) = ImportText.position(
                    latitude: point["lat"]?.looseDouble, longitude: point["lon"]?.looseDouble)
            else { return nil }
            return coordinate
        }
        return OSMImportElement.middle(of: points)
    }
}
