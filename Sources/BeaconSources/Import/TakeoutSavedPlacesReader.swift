import BeaconModel
import BeaconSystem

/// Google Takeout's «Saved Places.json»: GeoJSON whose features carry Google's own properties.
///
/// The older form (`Title`, `Google Maps URL`, `Location` with `Business Name`, `Address` and `Geo
/// Coordinates` as strings, `Published`) and the newer one (`google_maps_url`, `location` with
/// `name` and `address`, `date`) are read alike. The newer form writes `[0,0]` for a place whose
/// position it leaves out: that is no position (the caller may look it up), not a place in the Gulf
/// of Guinea. A place with no title or business name may still have its name in the Google Maps
/// address (`?q=Caf%C3%A9+X`); one with none, a dropped pin, is skipped.
enum TakeoutSavedPlacesReader {
    /// Whether `features` are Takeout's: some feature has Google's URL or location among its
    /// properties.
    static func isTakeout(_ features: [JSONValue]) -> Bool {
        features.contains { feature in
            guard let properties = feature["properties"] else { return false }
            return ["Google Maps URL", "google_maps_url", "Location", "location"].contains {
                properties[$0] != nil
            }
        }
    }

    package static func read(_ features: [JSONValue]) -> ImportedFile {
        var file = ImportedFile(format: .takeoutSavedPlaces)
        for (index, feature) in features.enumerated() {
            let properties = feature["properties"]
            let location = properties?["Location"] ?? properties?["location"]
            let link = (properties?["Google Maps URL"] ?? properties?["google_maps_url"])?
                .looseString
            let name =
                ImportText.name(properties?["Title"]?.looseString)
                ?? ImportText.name(location?["Business Name"]?.looseString)
                ?? ImportText.name(location?["name"]?.looseString)
                ?? ImportText.nameInGoogleMapsURL(link)
            let position = self.position(feature, location: location)
            guard let name else {
                let isEmpty = position == .none && link == nil && location == nil
                file.skipped.append(
                    ImportSkip(name: nil, sourceIndex: index, reason: isEmpty ? .empty : .noName))
                continue
            }
            var coordinate: Coordinate?
            switch position {
            case .none: break
            case .valid(let valid): coordinate = valid
            case .invalid:
                file.skipped.append(
                    ImportSkip(name: name, sourceIndex: index, reason: .badCoordinates))
                continue
            }
            let note =
                (properties?["Comment"] ?? properties?["comment"] ?? properties?["Note"]
                    ?? properties?["note"])
            file.places.append(
                ImportedPlace(
                    name: name, coordinate: coordinate,
                    address: ImportText.address(
                        (location?["Address"] ?? location?["address"])?.looseString),
                    noteHTML: ImportText.noteHTML(plain: note?.looseString),
                    url: ImportText.webAddress(link),
                    savedOn: ImportText.date(
                        (properties?["Published"] ?? properties?["date"])?.looseString),
                    sourceIndex: index))
        }
        return file
    }

    /// The geometry's position, else the older form's `Geo Coordinates` (strings); `[0,0]` and
    /// `"0"` are none.
    private static func position(_ feature: JSONValue, location: JSONValue?) -> ImportText.Position
    {
        if let coordinates = feature["geometry"]?["coordinates"] {
            let pair = coordinates.arrayValue ?? []
            let longitude = pair.count >= 2 ? pair[0].looseDouble : nil
            let latitude = pair.count >= 2 ? pair[1].looseDouble : nil
            if longitude != 0 || latitude != 0 {
                return ImportText.position(latitude: latitude, longitude: longitude)
            }
        }
        if let given = location?["Geo Coordinates"] ?? location?["geo_coordinates"] {
            let latitude = (given["Latitude"] ?? given["latitude"])?.looseDouble
            let longitude = (given["Longitude"] ?? given["longitude"])?.looseDouble
            if latitude == 0 && longitude == 0 { return .none }
            return ImportText.position(latitude: latitude, longitude: longitude)
        }
        return .none
    }
}
