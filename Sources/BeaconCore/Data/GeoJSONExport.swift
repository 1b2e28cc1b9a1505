/// Writes places as an RFC 7946 GeoJSON FeatureCollection: the export readers
/// download (`eksport/steder.geojson`), and the index of the last build that
/// the terminal commands read. `PlacesDecoder` reads it back without loss.
public enum GeoJSONExport {
    public struct Extras: Sendable {
        public var summary: RatingSummary?
        public var isFavorite: Bool
        /// The detail page, relative to the site root or absolute with a base URL.
        public var url: String?

        public init(summary: RatingSummary? = nil, isFavorite: Bool = false, url: String? = nil) {
            self.summary = summary
            self.isFavorite = isFavorite
            self.url = url
        }
    }

    public static func write(_ places: [(place: Place, extras: Extras)]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(200 + places.count * 450)
        out.append(contentsOf: #"{"type":"FeatureCollection","features":["#.utf8)
        let writer = JSONWriter(pretty: false)
        for (index, item) in places.enumerated() {
            out.append(contentsOf: index == 0 ? [0x0A] : [0x2C, 0x0A])
            writer.write(feature(item.place, item.extras), into: &out)
        }
        out.append(contentsOf: "\n]}\n".utf8)
        return out
    }

    static func feature(_ place: Place, _ extras: Extras) -> JSONValue {
        var properties: [(key: String, value: JSONValue)] = [
            ("id", .string(place.id.rawValue)),
            ("name", .string(place.name)),
            ("category", .string(place.category.rawValue)),
            ("categories", .array([.string(place.category.geoapifyKey)])),
            ("lat", .number(place.coordinate.latitude)),
            ("lon", .number(place.coordinate.longitude)),
        ]
        func add(_ key: String, _ value: String?) {
            if let value { properties.append((key, .string(value))) }
        }
        add("address", place.address.singleLine)
        add("street", place.address.street)
        add("housenumber", place.address.houseNumber)
        add("postcode", place.address.postcode)
        add("city", place.address.city)
        add("opening_hours", place.openingHours)
        add("phone", place.phone)
        add("website", place.website)
        add("email", place.email)
        add("place_id", place.providerID)
        if let summary = extras.summary {
            properties.append(("rating", .number(Double(summary.roundedStars))))
            properties.append(("rating_average", .number((summary.average * 100).rounded() / 100)))
            properties.append(("rating_count", .number(Double(summary.count))))
        }
        if extras.isFavorite { properties.append(("favorite", .bool(true))) }
        add("url", extras.url)
        return .object([
            ("type", .string("Feature")),
            ("id", .string(place.id.rawValue)),
            ("geometry", .object([
                ("type", .string("Point")),
                ("coordinates", .array([.number(place.coordinate.longitude), .number(place.coordinate.latitude)])),
            ])),
            ("properties", .object(properties)),
        ])
    }
}
