import BeaconModel
import BeaconSystem

/// Why basemap data could not be read. Each message says what the data seemed
/// to be and what was expected, since the usual causes (a server's error page
/// saved as the file, a download cut off, a .pbf extract) are fixed by the owner,
/// not by trying again with the same file.
package enum BasemapDataError: UserFacingError, Equatable {
    /// No bytes, or only whitespace.
    case empty
    /// Over `BasemapDataReader.maximumBytes`.
    case tooLarge(bytes: Int, limit: Int)
    /// A web page where data was expected: its title or error text, when it has one.
    case htmlPage(String?)
    /// Overpass API stopped with an error (a timeout, out of memory); its own words, cleaned.
    case overpassError(String)
    /// JSON or XML that breaks off or breaks its grammar, with where.
    case malformed(BasemapDataFormat, detail: String)
    /// Whole, but nested deeper than the reader goes: not cut off, and no OpenStreetMap data.
    case nestedTooDeep(BasemapDataFormat, detail: String)
    /// Well-formed, but not OpenStreetMap data: what it seemed to be instead.
    case unexpectedContent(String)
    /// A binary or compressed format that must be converted or unpacked first.
    case binary(BinaryKind)
    /// Neither JSON nor XML: the first few characters.
    case unrecognised(start: String)
    /// Recognised data with no elements or features at all (an empty answer).
    case noElements(BasemapDataFormat)
    case tooManyCoordinates(limit: Int)
    case tooManyElements(limit: Int)

    package enum BinaryKind: Sendable, Equatable {
        case pbf
        case gzip
        case bzip2
        case zip
    }

    package var userMessage: String {
        let expected =
            "Forventet GeoJSON (FeatureCollection), Overpass-JSON («elements») eller OSM-XML (<osm>)."
        switch self {
        case .empty:
            return "Kartdataene er tomme. \(expected)"
        case .tooLarge(let bytes, let limit):
            return
                "Kartdataene er for store (\(FileSystem.describe(bytes: bytes)), grensen er \(FileSystem.describe(bytes: limit))). "
                + "Hent et mindre område, eller bare det kartet tegner (veier, vann, grøntområder, stedsnavn)."
        case .htmlPage(let text):
            return "Kartdataene er en nettside (HTML), ikke OpenStreetMap-data"
                + (text.map { ": «\($0)»" } ?? "")
                + ". Serveren svarte trolig med en feilside; prøv igjen senere, eller sjekk adressen. \(expected)"
        case .overpassError(let text):
            return
                "Overpass API svarte med en feil: «\(text)». Svaret er ufullstendig og brukes ikke. "
                + "Prøv igjen senere, eller be om et mindre område."
        case .malformed(let format, let detail):
            return
                "Kartdataene ser ut som \(format.name), men kan ikke leses (\(detail)). "
                + "Filen kan være avkuttet under nedlastingen; hent den på nytt."
        case .nestedTooDeep(let format, let detail):
            return
                "Kartdataene ser ut som \(format.name), men kan ikke leses (\(detail)). "
                + "OpenStreetMap-data er aldri nøstet så dypt; sjekk at det er riktige kartdata."
        case .unexpectedContent(let what):
            return "Kartdataene er \(what), ikke OpenStreetMap-data. \(expected)"
        case .binary(let kind):
            switch kind {
            case .pbf:
                return
                    "Kartdataene er OSM PBF (et binært format), som ikke leses her. Gjør dem om til OSM-XML eller GeoJSON, "
                    + "for eksempel med «osmium cat utsnitt.osm.pbf -o utsnitt.osm» eller «osmium export utsnitt.osm.pbf -o utsnitt.geojson»."
            case .gzip:
                return
                    "Kartdataene er komprimert med gzip. Pakk dem ut først («gunzip utsnitt.osm.gz»). \(expected)"
            case .bzip2:
                return
                    "Kartdataene er komprimert med bzip2. Pakk dem ut først («bunzip2 utsnitt.osm.bz2»). \(expected)"
            case .zip:
                return "Kartdataene er en zip-fil. Pakk den ut først («unzip»). \(expected)"
            }
        case .unrecognised(let start):
            return
                "Kartdataene er verken GeoJSON, Overpass-JSON eller OSM-XML (de begynner med «\(start)»). \(expected)"
        case .noElements(let format):
            return
                "Kartdataene er \(format.name) uten ett eneste element. Sjekk at området (senter og radius, eller "
                + "avgrensningen i spørringen) ligger der kartet skal vise."
        case .tooManyCoordinates(let limit):
            return
                "Kartdataene har flere enn \(NorwegianFormat.integer(limit)) koordinater, grensen for ett kart. "
                + "Hent et mindre område, eller bare det kartet tegner (veier, vann, grøntområder, stedsnavn)."
        case .tooManyElements(let limit):
            return
                "Kartdataene har flere enn \(NorwegianFormat.integer(limit)) elementer, grensen for ett kart. "
                + "Hent et mindre område, eller bare det kartet tegner (veier, vann, grøntområder, stedsnavn)."
        }
    }

    package var exitStatus: ExitStatus { .dataError }
}

/// The formats basemap data is read in, as messages name them.
package enum BasemapDataFormat: Sendable, Equatable {
    case geoJSON
    case overpassJSON
    /// JSON not yet told apart (the syntax broke before its kind showed).
    case json
    case osmXML

    var name: String {
        switch self {
        case .geoJSON: "GeoJSON"
        case .overpassJSON: "et svar fra Overpass API (JSON)"
        case .json: "JSON"
        case .osmXML: "OSM-XML"
        }
    }
}
