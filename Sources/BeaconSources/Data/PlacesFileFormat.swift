import BeaconModel
import BeaconText

/// What a places file that is not GeoJSON of places is, told from its first bytes, so the owner
/// hears what they gave and what to do, not «ugyldig JSON, linje 1» or «fant ingen features».
/// (Reading these formats is the import command's work; the build reads GeoJSON.)
package enum PlacesFileFormat: Sendable, Equatable {
    case kml
    case kmz
    case gpx
    case osmXML
    /// Overpass API's own JSON (`"elements"`), not its GeoJSON.
    case overpassJSON
    /// Google Takeout's «Saved Places.json» (either form): GeoJSON, but no name or category sitegen
    /// reads.
    case googleTakeout

    /// The format `head` (a file's first few kilobytes) shows, or nil for anything else.
    package static func recognise(_ head: [UInt8]) -> PlacesFileFormat? {
        if head.starts(with: [0x50, 0x4B, 0x03, 0x04]) { return .kmz }
        let text = String(decoding: head, as: UTF8.self)
        var start = text.drop { $0 == "\u{FEFF}" || $0.isWhitespace }
        if start.hasPrefix("<") {
            // Past the XML declaration and comments to the first element.
            while let open = start.firstIndex(of: "<"),
                start[open...].hasPrefix("<?") || start[open...].hasPrefix("<!")
            {
                guard let close = start[open...].firstIndex(of: ">") else { return nil }
                start = start[start.index(after: close)...].drop { $0.isWhitespace }
            }
            let element = start.dropFirst().prefix { $0.isLetter || $0 == ":" }.lowercased()
            switch element {
            case "kml", "kml:kml": return .kml
            case "gpx": return .gpx
            case "osm": return .osmXML
            default: return nil
            }
        }
        guard start.hasPrefix("{") else { return nil }
        if text.containsBytes("\"Google Maps URL\"") || text.containsBytes("\"google_maps_url\"") {
            return .googleTakeout
        }
        if text.containsBytes("\"elements\"")
            && (text.containsBytes("Overpass API") || text.containsBytes("\"osm3s\"")
                || !text.containsBytes("\"features\""))
        {
            return .overpassJSON
        }
        return nil
    }

    /// What the file is and what to do with it, for `PlaceSourceError.unsupportedFormat`.
    package func explanation(path: String) -> String {
        let name = ShellWord.path(path.split(separator: "/").last.map(String.init) ?? path)
        switch self {
        case .kml:
            return
                "Stedsfilen \(path) er KML (fra Google My Maps eller Google Earth), ikke GeoJSON. sitegen bygger fra GeoJSON: "
                + "gjør den om, for eksempel med «ogr2ogr -f GeoJSON steder.geojson \(name)» (GDAL) eller på geojson.io, "
                + "og oppgi kategorien med --category."
        case .kmz:
            return
                "Stedsfilen \(path) er KMZ (en zip-fil med KML), ikke GeoJSON. Pakk den ut («unzip \(name)» gir doc.kml), "
                + "gjør doc.kml om til GeoJSON («ogr2ogr -f GeoJSON steder.geojson doc.kml»), og oppgi kategorien med --category."
        case .gpx:
            return
                "Stedsfilen \(path) er GPX (fra en GPS eller en kartapp), ikke GeoJSON. Gjør punktene om til GeoJSON, for eksempel med "
                + "«ogr2ogr -f GeoJSON steder.geojson \(name) waypoints» (GDAL), og oppgi kategorien med --category."
        case .osmXML:
            return
                "Stedsfilen \(path) er OpenStreetMap-XML, ikke GeoJSON. Gjør den om med «osmtogeojson \(name) > steder.geojson», "
                + "eller hent stedene som GeoJSON fra overpass-turbo.eu (Eksporter → GeoJSON)."
        case .overpassJSON:
            return
                "Stedsfilen \(path) er et svar fra Overpass API i dets eget JSON-format («elements»), ikke GeoJSON. "
                + "Eksporter stedene som GeoJSON fra overpass-turbo.eu (Eksporter → GeoJSON), eller gjør filen om med "
                + "«osmtogeojson \(name) > steder.geojson»."
        case .googleTakeout:
            return
                "Stedsfilen \(path) er «Lagrede steder» fra Google Takeout: stedene der har ingen kategori, og navnet står "
                + "der sitegen ikke leser det, så filen kan ikke bygges som den er (heller ikke med --category). Lag en GeoJSON-fil "
                + "der hvert sted har «name» og «categories» (for eksempel catering.restaurant), eller vent på importkommandoen."
        }
    }
}
