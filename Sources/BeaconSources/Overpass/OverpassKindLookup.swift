import BeaconModel
import BeaconSystem
import FoundationEssentials

/// What kind of place a saved place is, when its file does not say (Google Takeout never does):
/// looked up in OpenStreetMap with one Overpass query for every such place at once (the named
/// elements with a kind's tag within 50 m of each point), then each place given the tags of the
/// element that stands for it, as the import's merging finds one (within 50 m under a similar
/// name, `PlaceMatching`). The importer reads a kind from those tags as from a file's own.
package struct OverpassKindLookup: Sendable, Equatable {
    /// How far from a saved place its element may be: the import's merging distance.
    package static let radiusMetres = 50

    /// The points asked about, each once (to a metre), in the order first given.
    package let points: [Coordinate]

    package init(points: [Coordinate]) {
        var seen = Set<String>()
        var unique: [Coordinate] = []
        for point in points where seen.insert(Self.text(point)).inserted { unique.append(point) }
        self.points = unique
    }

    /// Overpass QL: per point, every node, way and relation with a name and a tag of a kind's key
    /// (`OSMCategoryTags.tagKeys`) around it; the union printed once, with centres.
    package func text(timeoutSeconds: Int, maximumBytes: Int) -> String {
        let keys = "[~\"^(" + OSMCategoryTags.tagKeys.joined(separator: "|") + ")$\"~\".\"]"
        return OverpassPlaceQuery.union(
            points.map { "nwr(around:\(Self.radiusMetres),\(Self.text($0)))[name]\(keys);" },
            timeoutSeconds: timeoutSeconds, maximumBytes: maximumBytes)
    }

    /// What names the answer in the cache (the points, not the client's timeout and size).
    package var cacheKey: String {
        OverpassPlaceQuery.cacheKey("kinds", query: text(timeoutSeconds: 0, maximumBytes: 0))
    }

    static func text(_ point: Coordinate) -> String {
        MachineNumber.decimal(point.latitude, places: 5) + ","
            + MachineNumber.decimal(point.longitude, places: 5)
    }

    /// The elements of an answer, as places to match saved places against (named, with a
    /// position), each with its tags.
    package struct Candidates: Sendable {
        var matching: PlaceMatching
        var tags: [PlaceID: [String: String]]

        /// The tags of the element that stands for a place of this name at this point; nil when
        /// none does (none near, or none with a similar name).
        package func tags(name: String, at point: Coordinate) -> [String: String]? {
            matching.match(name: name, at: point).flatMap { tags[$0.id] }
        }

        package var count: Int { tags.count }
    }

    package static func read(_ body: Data) throws(OverpassPlacesError) -> Candidates {
        var places: [Place] = []
        var tags: [PlaceID: [String: String]] = [:]
        for element in try OverpassPlaceAnswer.elements(of: body) {
            let position = element["center"] ?? element
            guard case .object(let pairs)? = element["tags"],
                let type = element["type"]?.looseString, let id = element["id"]?.looseString,
                let latitude = position["lat"]?.looseDouble,
                let longitude = position["lon"]?.looseDouble
            else { continue }
            let coordinate = Coordinate(latitude: latitude, longitude: longitude)
            guard coordinate.isValid else { continue }
            var strings: [String: String] = [:]
            for (key, value) in pairs {
                if let text = value.looseString, key.utf8.count <= 64, text.utf8.count <= 255 {
                    strings[key] = text
                }
            }
            guard
                let name = strings["name"].flatMap({ TextHardening.clean($0, maximumLength: 200) })
            else { continue }
            let placeID = PlaceID(rawValue: type + "/" + id)
            places.append(
                Place(id: placeID, name: name, category: .other, coordinate: coordinate))
            tags[placeID] = strings
        }
        return Candidates(matching: PlaceMatching(places), tags: tags)
    }
}
