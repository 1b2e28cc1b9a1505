import BeaconModel
import BeaconSystem
import FoundationEssentials

extension GeoapifyClient {
    /// `/v2/place-details` at a point: what Geoapify knows of the place there (its name and
    /// categories). Each answer is kept in `cache`, so an import run again asks nothing; an answer
    /// that does not read is not kept.
    package func placeDetailsOnce(at point: Coordinate, cache: ResponseCache)
        async throws(GeoapifyError)
        -> (details: [PlaceDetails], fromCache: Bool)
    {
        let url = self.url(
            path: "/v2/place-details",
            query: [
                ("lat", MachineNumber.decimal(point.latitude, places: 6)),
                ("lon", MachineNumber.decimal(point.longitude, places: 6)),
                ("features", "details"),
            ])
        let key = ResponseCache.key(for: url, kind: "details")
        if let entry = cache.entry(for: key, now: now()),
            let json = try? JSONParser.parse(entry.body)
        {
            return (PlaceDetails.decode(json), true)
        }
        let body = try await fetch(url)
        guard let json = try? JSONParser.parse(body), json["features"]?.arrayValue != nil else {
            throw .unexpectedBody("JSON uten «features»")
        }
        try? cache.store(body, url: url, key: key, at: now())
        return (PlaceDetails.decode(json), false)
    }
}

/// A place Geoapify's Place Details answer names: its name, position and category keys.
package struct PlaceDetails: Sendable, Equatable {
    package var name: String
    package var coordinate: Coordinate
    package var categories: [String]

    /// The features of an answer that have a name, a position and categories.
    package static func decode(_ json: JSONValue) -> [PlaceDetails] {
        (json["features"]?.arrayValue ?? []).compactMap { feature in
            let properties = feature["properties"]
            guard
                let name = properties?["name"]?.looseString.flatMap({
                    TextHardening.clean($0, maximumLength: TextHardening.Limit.name)
                }),
                let lat = properties?["lat"]?.looseDouble, let lon = properties?["lon"]?.looseDouble
            else { return nil }
            let coordinate = Coordinate(latitude: lat, longitude: lon)
            let categories =
                properties?["categories"]?.arrayValue?.compactMap(\.looseString) ?? []
            guard coordinate.isValid, !categories.isEmpty else { return nil }
            return PlaceDetails(name: name, coordinate: coordinate, categories: categories)
        }
    }
}
