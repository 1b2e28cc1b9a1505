import BeaconModel
import BeaconSystem
import FoundationEssentials

/// An Overpass answer to `OverpassPlaceQuery`, read as the guide's places, kind by kind. Each
/// element becomes the feature a Geoapify answer has for the same OpenStreetMap element (its tags
/// as `datasource.raw`), so `PlacesDecoder` reads names per language, `addr:*`, opening hours,
/// cuisine, diets, wheelchair access, phone and website the same way, and a place keeps its
/// identity (`node/123`) whichever source it came from.
enum OverpassPlaceAnswer {
    /// Each kind's places and skipped elements; an element falls in the first of `categories`
    /// one of its tags names.
    static func read(
        _ body: Data, categories: [PlaceCategory], addressCountry: String?
    ) throws(OverpassPlacesError) -> [PlaceCategory: PlacesDecoder.Result] {
        let elements = try elements(of: body)
        let tagsByCategory = categories.map { ($0, $0.openStreetMapTags) }
        var features: [PlaceCategory: [JSONValue]] = [:]
        for element in elements {
            let tags = element["tags"]
            guard let category = tagsByCategory.first(where: { $1.contains { $0.isOn(tags) } })?.0
            else { continue }
            features[category, default: []].append(feature(element))
        }
        var results: [PlaceCategory: PlacesDecoder.Result] = [:]
        for (category, list) in features {
            results[category] = PlacesDecoder(
                assignedCategory: category, categories: categories, addressCountry: addressCountry
            ).decode(features: list)
        }
        return results
    }

    /// The answer's elements; an answer that is not one (an HTML page, cut-off JSON, a remark
    /// that the server gave up) is an error that says which.
    static func elements(of body: Data) throws(OverpassPlacesError) -> [JSONValue] {
        let answer: JSONValue
        do {
            answer = try JSONParser.parse(body)
        } catch {
            let start = String(decoding: body.prefix(200), as: UTF8.self).trimmingWhitespace()
            if start.hasPrefix("<") { throw .unexpectedAnswer("en HTML-side i stedet for JSON") }
            if body.isEmpty { throw .unexpectedAnswer("et tomt svar") }
            throw .unexpectedAnswer("ugyldig eller avkuttet JSON")
        }
        // A timeout or memory limit is a remark beside what Overpass had so far: not the places.
        if let remark = answer["remark"]?.looseString, remark.lowercased().contains("error") {
            throw .serverRemark(TextHardening.clean(remark, maximumLength: 300) ?? "")
        }
        guard let elements = answer["elements"]?.arrayValue else {
            throw .unexpectedAnswer("JSON uten «elements»")
        }
        return elements
    }

    /// The element as Geoapify would answer it: its position (a node's own, a way's or a
    /// relation's centre) and its tags with its OpenStreetMap identity as the raw data.
    static func feature(_ element: JSONValue) -> JSONValue {
        let position = element["center"] ?? element
        var raw: [(key: String, value: JSONValue)] = []
        if case .object(let tags)? = element["tags"] {
            raw = tags.filter { if case .string = $0.value { true } else { false } }
        }
        raw.append(("osm_type", element["type"] ?? .null))
        raw.append(("osm_id", element["id"] ?? .null))
        return .object([
            ("type", .string("Feature")),
            (
                "properties",
                .object([
                    ("lat", position["lat"] ?? .null), ("lon", position["lon"] ?? .null),
                    ("datasource", .object([("raw", .object(raw))])),
                ])
            ),
        ])
    }
}
