import BeaconModel
import BeaconSystem

/// GeoJSON of places (geojson.io, overpass-turbo's export, osmium, QGIS): point features named in
/// `properties.name` (or `Name`, `title`, `Title`). The other properties that are text or numbers
/// are kept as tags (OSM-style ones are what the guide reads: amenity, cuisine, opening_hours,
/// website, addr:*); overpass-turbo's older export nests them under `tags`. An OSM id is read from
/// `@id` or `id` ("node/123") or from `osm_type` and `osm_id`.
///
/// A line or an area is not a place here (the build places those at their middle; an import asks
/// the owner to pick a point). A MultiPoint of one point is that point; of more, it is skipped as
/// several points. A feature without geometry keeps its name and has no position.
enum GeoJSONPlacesReader {
    /// Keys whose value is a name, in the order they are tried.
    static let nameKeys = ["name", "Name", "title", "Title"]

    package static func read(_ features: [JSONValue], title: String?) -> ImportedFile {
        var file = ImportedFile(format: .geoJSON, title: ImportText.title(title))
        for (index, feature) in features.enumerated() {
            switch place(feature, sourceIndex: index) {
            case .success(let place): file.places.append(place)
            case .failure(let skipped): file.skipped.append(skipped.skip)
            }
        }
        return file
    }

    private static func place(_ feature: JSONValue, sourceIndex: Int) -> Result<
        ImportedPlace, ImportSkipped
    > {
        let properties = feature["properties"]
        let nested = properties?["tags"]
        var name: String?
        var nameKey: String?
        for key in nameKeys {
            if let found = ImportText.name((properties?[key] ?? nested?[key])?.looseString) {
                name = found
                nameKey = key
                break
            }
        }
        func skip(_ reason: ImportSkip.Reason) -> Result<ImportedPlace, ImportSkipped> {
            .failure(
                ImportSkipped(ImportSkip(name: name, sourceIndex: sourceIndex, reason: reason)))
        }
        let geometry = feature["geometry"]
        var position = ImportText.Position.none
        switch geometry?["type"]?.looseString {
        case nil:
            if name == nil && scalarPairs(properties).isEmpty { return skip(.empty) }
        case "Point":
            position = point(geometry?["coordinates"])
        case "MultiPoint":
            let points = geometry?["coordinates"]?.arrayValue ?? []
            guard points.count == 1 else { return skip(.notAPoint(kind: "flere punkter")) }
            position = point(points[0])
        case "LineString", "MultiLineString": return skip(.notAPoint(kind: "linje"))
        case "Polygon", "MultiPolygon": return skip(.notAPoint(kind: "flate"))
        case "GeometryCollection": return skip(.notAPoint(kind: "flere geometrier"))
        default: position = .invalid
        }
        guard let name else { return skip(.noName) }
        var coordinate: Coordinate?
        switch position {
        case .none: break
        case .valid(let valid): coordinate = valid
        case .invalid: return skip(.badCoordinates)
        }
        // Tags: the properties themselves, or overpass-turbo's nested `tags`; `@id` and its kin are
        // metadata.
        let pairs = nested.map { scalarPairs($0) } ?? scalarPairs(properties)
        let tags = ImportText.tags(
            pairs.filter { !$0.key.hasPrefix("@") && $0.key != "id" && $0.key != nameKey })
        let osmID =
            ImportText.osmID(properties?["@id"]?.looseString) ?? ImportText.osmID(
                feature["id"]?.looseString)
            ?? ImportText.osmID(properties?["id"]?.looseString)
            ?? ImportText.osmID(
                type: properties?["osm_type"]?.looseString, id: properties?["osm_id"]?.looseString)
            ?? (nested == nil
                ? nil
                : ImportText.osmID(
                    type: properties?["type"]?.looseString, id: properties?["id"]?.looseString))
        let description = (properties?["description"] ?? properties?["Description"])?.looseString
        return .success(
            ImportedPlace(
                name: name, coordinate: coordinate,
                address: ImportText.address(properties?["address"]?.looseString)
                    ?? ImportText.address(osmTags: tags),
                noteHTML: ImportText.noteHTML(plain: description),
                url: ImportText.website(osmTags: tags), osmTags: tags, osmID: osmID,
                sourceIndex: sourceIndex))
    }

    /// `[lon, lat, …]`; anything else given is an invalid position.
    private static func point(_ coordinates: JSONValue?) -> ImportText.Position {
        guard let pair = coordinates?.arrayValue, pair.count >= 2 else { return .invalid }
        return ImportText.position(latitude: pair[1].looseDouble, longitude: pair[0].looseDouble)
    }

    /// An object's members that are text or numbers, as text (booleans, lists and objects are left
    /// out).
    static func scalarPairs(_ value: JSONValue?) -> [(key: String, value: String)] {
        guard case .object(let members)? = value else { return [] }
        return members.compactMap { member in
            switch member.value {
            case .string(let text): (member.key, text)
            case .number: member.value.looseString.map { (member.key, $0) }
            default: nil
            }
        }
    }
}

/// An `ImportSkip` as an error, so a reader's per-item function can return `Result`.
struct ImportSkipped: Error {
    var skip: ImportSkip
    init(_ skip: ImportSkip) { self.skip = skip }
}
