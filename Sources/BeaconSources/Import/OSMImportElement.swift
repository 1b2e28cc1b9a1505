import BeaconModel
import BeaconSystem

/// What Overpass JSON and OSM XML share once an element is read: when it is a place (a node, way or
/// relation with a name and a position), what of its tags is kept, and where a way or a relation
/// stands (the middle of the box around its points, as Overpass' `center` is). So a file says the
/// same in either form.
enum OSMImportElement {
    /// An element's `type` is one of these; anything else (`out count`, an area) is an empty item.
    static let types: Set<String> = ["node", "way", "relation"]

    /// The element at `index` added to `file`: as a place, or as skipped with its reason.
    /// `position` is asked only of an element with a name.
    static func add(
        type: String, id: String?, tags pairs: [(key: String, value: String)], index: Int,
        to file: inout ImportedFile, position: () -> ImportText.Position
    ) {
        let tags = ImportText.tags(pairs)
        let name = ImportText.name(tags["name"])
        guard types.contains(type) else {
            file.skipped.append(ImportSkip(name: name, sourceIndex: index, reason: .empty))
            return
        }
        guard let name else {
            file.skipped.append(ImportSkip(name: nil, sourceIndex: index, reason: .noName))
            return
        }
        guard case .valid(let coordinate) = position() else {
            file.skipped.append(ImportSkip(name: name, sourceIndex: index, reason: .badCoordinates))
            return
        }
        file.places.append(
            ImportedPlace(
                name: name, coordinate: coordinate, address: ImportText.address(osmTags: tags),
                url: ImportText.website(osmTags: tags), osmTags: tags,
                osmID: ImportText.osmID(type: type, id: id),
                sourceIndex: index))
    }

    /// Overpass reports a timeout or a memory limit in a remark and sends what it had so far: such
    /// an answer is refused, in Overpass' own words.
    static func requireComplete(remark: String?) throws(ImportError.Reason) {
        guard let remark, remark.contains("runtime error") else { return }
        throw .overpassError(TextHardening.clean(remark, maximumLength: 300) ?? remark)
    }

    /// The middle of a box given by its edges (`bounds`, as `out bb` gives them).
    static func middle(south: Double, north: Double, west: Double, east: Double)
        -> ImportText.Position
    {
        ImportText.position(latitude: (south + north) / 2, longitude: (west + east) / 2)
    }

    /// The middle of the box around `points`; invalid without any.
    static func middle(of points: [Coordinate]) -> ImportText.Position {
        guard let first = points.first else { return .invalid }
        var box = (
            south: first.latitude, north: first.latitude, west: first.longitude,
            east: first.longitude
        )
        for point in points {
            box.south = min(box.south, point.latitude)
            box.north = max(box.north, point.latitude)
            box.west = min(box.west, point.longitude)
            box.east = max(box.east, point.longitude)
        }
        return .valid(
            Coordinate(latitude: (box.south + box.north) / 2, longitude: (box.west + box.east) / 2))
    }
}
