/// Where a build's places come from when no places file is given (`"source"` in the settings).
/// Not in the file: Geoapify with a key; without one, the sample data for a guide the sample
/// covers (central Oslo) and OpenStreetMap (Overpass) anywhere else.
package enum PlacesSourceSetting: String, Sendable, Equatable, Codable, CaseIterable {
    case geoapify
    /// OpenStreetMap through the Overpass API: no key, the same data Geoapify serves.
    case openStreetMap = "osm"
    /// The sample data that ships with the tool, wherever the centre is.
    case sample
    /// `"none"`: the guide is the owner's own places and favorites, and asks no one for places.
    /// (Not named `none`, which on an optional would mean nil.)
    case ownOnly = "none"

    static let expected = "forventet \"geoapify\", \"osm\", \"sample\" eller \"none\""

    package init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let value = PlacesSourceSetting(rawValue: text) else {
            throw StrictJSON.Refusal(at: decoder.codingPath, Self.expected)
        }
        self = value
    }
}

extension PlacesSourceSetting {
    /// Where the sample's places are: a guide centred this close to Oslo S gets them when it has
    /// no key and no choice (the sample guide, and a guide nobody has moved yet).
    package static let sampleCenter = Coordinate.osloS
    package static let sampleReachMetres = 1_000.0

    /// The source in force: the owner's choice, else Geoapify with a key, else the sample for a
    /// guide at the sample's centre, else OpenStreetMap.
    package static func resolved(
        _ setting: PlacesSourceSetting?, hasKey: Bool, center: Coordinate
    ) -> PlacesSourceSetting {
        if let setting { return setting }
        if hasKey { return .geoapify }
        return center.distance(to: sampleCenter) <= sampleReachMetres ? .sample : .openStreetMap
    }
}
