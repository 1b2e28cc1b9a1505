import BeaconModel

/// OpenStreetMap tags to the basemap's kinds: what a reader of OSM data
/// (GeoJSON properties, Overpass JSON, OSM XML) asks of each element.
/// Only what a city map of streets, green, water and place names needs;
/// everything else (buildings, shops, bus stops) is left out.
package enum BasemapTags {
    /// The kind of a way or relation drawn as a line, or nil.
    package static func lineKind(_ tags: [String: String]) -> BasemapKind? {
        if let highway = tags["highway"] {
            if tags["area"] == "yes" { return nil }
            switch highway {
            case "motorway", "motorway_link", "trunk", "trunk_link": return .motorway
            case "primary", "primary_link": return .primary
            case "secondary", "secondary_link": return .secondary
            case "tertiary", "tertiary_link": return .tertiary
            case "residential", "unclassified", "living_street", "road", "pedestrian": return .minor
            case "service", "track": return .service
            case "footway", "path", "cycleway", "steps", "bridleway", "corridor", "trail":
                return .path
            default: return nil  // construction, proposed, platform, …
            }
        }
        if let railway = tags["railway"] {
            switch railway {
            case "rail", "light_rail", "subway", "tram", "narrow_gauge", "monorail", "funicular":
                return tags["tunnel"] == "yes" ? nil : .rail
            default: return nil
            }
        }
        if let waterway = tags["waterway"],
            ["river", "stream", "canal", "ditch", "drain"].contains(waterway)
        {
            return tags["tunnel"] == "culvert" || tags["tunnel"] == "yes" ? nil : .waterway
        }
        return nil
    }

    /// The kind of a closed way or multipolygon drawn as an area, or nil.
    package static func areaKind(_ tags: [String: String]) -> BasemapKind? {
        if tags["natural"] == "water" || tags["waterway"] == "riverbank" || tags["water"] != nil
            || ["reservoir", "basin"].contains(tags["landuse"] ?? "")
        {
            return .water
        }
        if let highway = tags["highway"], tags["area"] == "yes",
            ["pedestrian", "footway", "living_street"].contains(highway)
        {
            return .pedestrianArea
        }
        if tags["place"] == "square" { return .pedestrianArea }
        if let leisure = tags["leisure"],
            [
                "park", "garden", "playground", "pitch", "dog_park", "nature_reserve",
                "golf_course", "recreation_ground",
            ]
            .contains(leisure)
        {
            return .park
        }
        if let natural = tags["natural"] {
            switch natural {
            case "wood": return .forest
            case "scrub", "heath", "grassland", "wetland": return .park
            case "beach", "sand": return nil
            default: break
            }
        }
        if let landuse = tags["landuse"] {
            switch landuse {
            case "forest": return .forest
            case "grass", "village_green", "recreation_ground", "meadow", "allotments", "orchard",
                "farmland",
                "greenfield", "flowerbed":
                return .park
            case "residential", "garages": return .residential
            case "commercial", "retail": return .commercial
            case "industrial", "railway", "construction", "brownfield", "port", "depot":
                return .industrial
            case "cemetery": return .cemetery
            default: return nil
            }
        }
        if tags["amenity"] == "grave_yard" { return .cemetery }
        return nil
    }

    /// The kind of a place name: the city, its boroughs and towns larger, the rest smaller; nil for
    /// other points.
    package static func labelKind(_ tags: [String: String]) -> BasemapKind? {
        guard let place = tags["place"], let name = tags["name"], !name.isEmpty else { return nil }
        switch place {
        case "city": return .city
        case "town", "borough", "suburb": return .majorPlace
        case "quarter", "neighbourhood", "village", "hamlet", "island", "islet", "locality":
            return .place
        default: return nil
        }
    }

    /// Whether a way with these tags is a closed shape (an area) rather than a closed line (a
    /// roundabout).
    package static func isArea(_ tags: [String: String]) -> Bool {
        if tags["area"] == "yes" { return true }
        if tags["area"] == "no" { return false }
        if tags["highway"] != nil || tags["railway"] != nil
            || tags["waterway"] != nil && tags["waterway"] != "riverbank"
        {
            return false
        }
        return areaKind(tags) != nil
    }

    /// Whether the way is a piece of the coastline (land on its left, sea on its right).
    package static func isCoastline(_ tags: [String: String]) -> Bool {
        tags["natural"] == "coastline"
    }

    /// The name to show: the element's `name`, trimmed; nil when blank.
    package static func name(_ tags: [String: String]) -> String? {
        guard let name = tags["name"], let clean = TextHardening.clean(name, maximumLength: 120)
        else { return nil }
        return clean.isEmpty ? nil : clean
    }
}
