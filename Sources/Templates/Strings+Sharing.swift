import BeaconCore

/// Texts for exports and sharing.
extension Strings {
    static let takeTheList = "Ta med deg listen"
    static let exportsIntro = "Åpne favorittene i Organic Maps, OsmAnd, Google My Maps eller Google Earth, eller del dem videre."
    static let gpxLink = "GPX (Organic Maps, OsmAnd)"
    static let kmlLink = "KML (Google My Maps, Google Earth)"
    static let geoJSONLink = "GeoJSON"
    static let allPlacesDownload = "Last ned alle stedene (GeoJSON)"
    static let shareFileTitle = "Mine steder"
    static let shareFileIntro = "En liste over favorittstedene mine, med vurderinger og kartlenker."
}
