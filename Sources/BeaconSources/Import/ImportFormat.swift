/// The files `sitegen import` reads, told apart by content (`ImportReader`).
package enum ImportFormat: String, Sendable, CaseIterable {
    /// Google Takeout's «Saved Places.json», in its older form (`Title`, `Location`) or its newer
    /// one (`location`, `google_maps_url`).
    case takeoutSavedPlaces
    /// A Google Maps saved list as CSV (Takeout's «Saved» folder: `Title,Note,URL`, newer ones with
    /// more columns).
    case googleListCSV
    case kml
    /// A zip holding KML (`doc.kml`), as Google My Maps and Google Earth export it.
    case kmz
    case gpx
    case geoJSON
    /// Overpass API's own JSON (`elements`), not its GeoJSON.
    case overpassJSON
    /// OpenStreetMap XML (`<osm>`): JOSM's files, osmium's, the API's, Overpass' XML answers.
    case osmXML

    /// The format's name in messages and the import summary.
    package var displayName: String {
        switch self {
        case .takeoutSavedPlaces: "Google Takeout (Lagrede steder)"
        case .googleListCSV: "Google Maps-liste (CSV)"
        case .kml: "KML (Google My Maps)"
        case .kmz: "KMZ (Google My Maps)"
        case .gpx: "GPX"
        case .geoJSON: "GeoJSON"
        case .overpassJSON: "Overpass JSON"
        case .osmXML: "OpenStreetMap-XML"
        }
    }
}
