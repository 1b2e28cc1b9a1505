import BeaconModel
import BeaconSystem

/// The one Overpass query a guide asks for its places when they come from OpenStreetMap: every
/// node, way and relation within the radius that carries a tag of one of the guide's kinds
/// (`PlaceCategory.openStreetMapTags`), with its centre and its tags (`out center tags`).
package struct OverpassPlaceQuery: Sendable, Equatable {
    package var center: Coordinate
    package var radiusMetres: Int
    /// Every kind's tags, each once, in the kinds' order.
    package var tags: [OSMTag]
    /// The guide's kinds no tag names (an owner's kind with neither Geoapify keys the table knows
    /// nor `"osm"` tags of its own): OpenStreetMap cannot be asked for them.
    package var kindsWithoutTags: [PlaceCategory]

    package init(categories: [PlaceCategory], center: Coordinate, radiusMetres: Int) {
        self.center = center
        self.radiusMetres = radiusMetres
        var tags: [OSMTag] = []
        var without: [PlaceCategory] = []
        for category in categories {
            let own = category.openStreetMapTags
            if own.isEmpty { without.append(category) }
            for tag in own where !tags.contains(tag) { tags.append(tag) }
        }
        self.tags = tags
        kindsWithoutTags = without
    }

    /// Overpass QL: one `nwr` statement per tag around the centre, the union printed once. A
    /// tag's value is the owner's text, so it is written as a quoted string, escaped.
    package func text(timeoutSeconds: Int, maximumBytes: Int) -> String {
        let around =
            "(around:\(radiusMetres),\(MachineNumber.decimal(center.latitude, places: 6)),"
            + "\(MachineNumber.decimal(center.longitude, places: 6)))"
        return Self.union(
            tags.map { "nwr[\(Self.quoted($0.key))=\(Self.quoted($0.value))]\(around);" },
            timeoutSeconds: timeoutSeconds, maximumBytes: maximumBytes)
    }

    /// The statements' union, printed once with each element's centre and tags: the shape of
    /// every places query (and the import's kind lookup).
    static func union(_ statements: [String], timeoutSeconds: Int, maximumBytes: Int) -> String {
        "[out:json][timeout:\(timeoutSeconds)][maxsize:\(maximumBytes)];\n(\n"
            + statements.map { "  " + $0 }.joined(separator: "\n") + "\n);\nout center tags qt;\n"
    }

    /// What names an answer in the cache: `query` without the timeout and size the client chose,
    /// which do not change it, under `prefix`.
    static func cacheKey(_ prefix: String, query: String) -> String {
        var hasher = ContentHasher()
        hasher.combine("overpass-\(prefix)-v1")
        hasher.combine(query)
        return prefix + "-" + hasher.hex
    }

    package var cacheKey: String {
        Self.cacheKey("places", query: text(timeoutSeconds: 0, maximumBytes: 0))
    }

    /// An Overpass QL string: in double quotes, with `\`, `"` and line breaks escaped.
    static func quoted(_ text: String) -> String {
        var quoted = "\""
        for character in text {
            switch character {
            case "\\": quoted += "\\\\"
            case "\"": quoted += "\\\""
            case "\n": quoted += "\\n"
            case "\t": quoted += "\\t"
            default: quoted.append(character)
            }
        }
        return quoted + "\""
    }
}
