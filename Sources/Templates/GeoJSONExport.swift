import BeaconModel
import BeaconSystem
import FoundationEssentials

/// Writes places as an RFC 7946 GeoJSON FeatureCollection: the export readers
/// download (`eksport/steder.geojson`), and the index of the last build that
/// the terminal commands read. `PlacesDecoder` reads it back without loss.
package enum GeoJSONExport {
    package struct Extras: Sendable {
        package var summary: RatingSummary?
        package var isFavorite: Bool
        /// The detail page, relative to the site root or absolute with a base URL.
        var url: String?

        package init(summary: RatingSummary? = nil, isFavorite: Bool = false, url: String? = nil) {
            self.summary = summary
            self.isFavorite = isFavorite
            self.url = url
        }
    }

    package static func write(_ places: [(place: Place, extras: Extras)]) -> [UInt8] {
        write(count: places.count) { places[$0] }
    }

    /// The places `place(index)` gives for `0..<count`, one feature a line.
    package static func write(count: Int, _ place: (Int) -> (place: Place, extras: Extras))
        -> [UInt8]
    {
        var out: [UInt8] = []
        // about 740 bytes a place: no growing (and copying) half-way
        out.reserveCapacity(200 + count * 800)
        out.append(contentsOf: #"{"type":"FeatureCollection","features":["#.utf8)
        for index in 0..<count {
            out.append(contentsOf: index == 0 ? [0x0A] : [0x2C, 0x0A])
            let item = place(index)
            feature(item.place, item.extras, appendingTo: &out)
        }
        out.append(contentsOf: "\n]}\n".utf8)
        return out
    }

    /// `{"type":"Point","coordinates":[lon,lat]}`.
    static func point(_ coordinate: Coordinate, to bytes: inout [UInt8]) {
        bytes.append(contentsOf: #"{"type":"Point","coordinates":["#.utf8)
        JSONWriter.appendNumber(coordinate.longitude, to: &bytes)
        bytes.append(UInt8(ascii: ","))
        JSONWriter.appendNumber(coordinate.latitude, to: &bytes)
        bytes.append(contentsOf: "]}".utf8)
    }

    static func feature(_ place: Place, _ extras: Extras, appendingTo out: inout [UInt8]) {
        var feature = JSONObjectBytes(taking: &out)
        feature.string("type", "Feature")
        feature.string("id", place.id.rawValue)
        feature.raw("geometry") { point(place.coordinate, to: &$0) }
        feature.raw("properties") { bytes in
            var properties = JSONObjectBytes(taking: &bytes)
            properties.string("id", place.id.rawValue)
            properties.string("name", place.name)
            // OpenStreetMap's tags, as the places file reads them back.
            properties.string("name:en", place.names.english)
            properties.string("name:nb", place.names.bokmål)
            properties.string("name:nn", place.names.nynorsk)
            properties.string("name:no", place.names.norwegian)
            properties.string("category", place.category.rawValue)
            properties.raw("categories") { bytes in
                // Geoapify's key for the kind; none for «Andre steder», which is no kind of its own.
                bytes.append(UInt8(ascii: "["))
                if let key = place.category.geoapifyKeys.first {
                    JSONWriter.appendString(key, to: &bytes)
                }
                bytes.append(UInt8(ascii: "]"))
            }
            properties.number("lat", place.coordinate.latitude)
            properties.number("lon", place.coordinate.longitude)
            properties.string("address", place.address.singleLine)
            properties.string("street", place.address.street)
            properties.string("housenumber", place.address.houseNumber)
            properties.string("postcode", place.address.postcode)
            properties.string("city", place.address.city)
            properties.string("country_code", place.address.country)
            properties.string("state_code", place.address.state)
            properties.string("opening_hours", place.openingHours)
            properties.string("phone", place.phone)
            properties.string("website", place.website)
            properties.string("email", place.email)
            properties.string("place_id", place.providerID)
            let traits = place.traits
            // OSM's own tags, so a guide built from this export reads them back.
            properties.string(
                "cuisine", traits.cuisines.isEmpty ? nil : traits.cuisines.joined(separator: ";"))
            properties.string("diet:vegetarian", traits.vegetarian?.rawValue)
            properties.string("diet:vegan", traits.vegan?.rawValue)
            properties.string("wheelchair", traits.wheelchair?.rawValue)
            properties.number("price_level", traits.priceLevel.map(Double.init))
            if let summary = extras.summary {
                properties.number("rating", Double(summary.roundedStars))
                properties.number("rating_average", (summary.average * 100).rounded() / 100)
                properties.number("rating_count", Double(summary.count))
            }
            if extras.isFavorite { properties.bool("favorite", true) }
            properties.string("url", extras.url)
            properties.finish(into: &bytes)
        }
        feature.finish(into: &out)
    }
}
