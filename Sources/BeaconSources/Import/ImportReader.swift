import BeaconModel
import BeaconSystem

/// The files `sitegen import` reads, told apart by content, never by name: a download is named
/// anything, and a «.json» may be Takeout's, GeoJSON or Overpass'. Each reader lives in its own
/// file; this one tells them apart and turns what breaks into an `ImportError` naming the file.
///
/// An item that is not a place is skipped with one reason, the first that holds in this order:
/// empty (nothing to read), not a point (a line, an area, a track), no name, bad coordinates. So a
/// nameless line is a line, and a nameless point with broken coordinates is nameless.
package enum ImportReader {
    /// The command refuses larger files before reading them: a Takeout of thousands of places is a
    /// few megabytes, an Overpass answer for a city tens.
    package static let maximumFileBytes = 256 << 20

    /// Every places file `bytes` holds, each with its name for messages: the file itself, or for
    /// a Google Takeout archive each places file in it (`TakeoutArchive`).
    package static func files(_ bytes: [UInt8], fileName: String) throws(ImportError)
        -> [(name: String, content: ImportedFile)]
    {
        if bytes.starts(with: [0x50, 0x4B, 0x03, 0x04]),
            let archive = try? ZipArchive(bytes), archive.kmlEntry == nil,
            TakeoutArchive.isTakeout(archive)
        {
            return try TakeoutArchive.read(archive, name: fileName).map { ($0.name, $0.content) }
        }
        return [(fileName, try read(bytes, fileName: fileName))]
    }

    /// Tells the format by content and reads it. `fileName` is only for messages.
    package static func read(_ bytes: [UInt8], fileName: String) throws(ImportError) -> ImportedFile
    {
        do {
            return try read(bytes)
        } catch {
            throw ImportError(fileName: fileName, reason: error)
        }
    }

    package static func read(_ bytes: [UInt8]) throws(ImportError.Reason) -> ImportedFile {
        guard bytes.count <= maximumFileBytes else {
            throw .tooLarge(bytes: bytes.count, limit: maximumFileBytes)
        }
        if bytes.starts(with: [0x50, 0x4B, 0x03, 0x04])
            || bytes.starts(with: [0x50, 0x4B, 0x05, 0x06])
        {
            return try readKMZ(bytes)
        }
        if let utf16 = UTF16Text.decoded(bytes) {
            // XML says its encoding and libxml2 reads it; JSON and CSV are read as UTF-8 only.
            guard utf16.first(where: { !$0.isWhitespace }) == "<" else { throw .utf16 }
            return try readXML(bytes, head: Array(utf16.utf8), inside: nil)
        }
        if let binary = binaryKind(bytes) { throw .unrecognised(seemsToBe: binary) }
        var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while start < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[start]) { start += 1 }
        guard start < bytes.count else { throw .empty }
        switch bytes[start] {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            try requireUTF8(bytes)
            return try readJSON(bytes)
        case UInt8(ascii: "<"):
            // In the encoding it declares (UTF-8 unless it says otherwise), checked as it is read.
            return try readXML(bytes, head: bytes, inside: nil)
        default:
            guard GoogleListCSVReader.isGoogleList(bytes) else {
                throw .unrecognised(seemsToBe: nil)
            }
            try requireUTF8(bytes)
            do {
                return try GoogleListCSVReader.read(bytes)
            } catch {
                switch error {
                case .tooManyColumns(let row):
                    throw .tooManyColumns(row: row, limit: CSVRecords.maximumColumns)
                case .fieldTooLong(let row):
                    throw .fieldTooLong(row: row, limit: CSVRecords.maximumFieldBytes)
                case .unterminatedQuote(let row):
                    throw .malformed(
                        what: "CSV", detail: "et felt i anførselstegn i rad \(row) slutter aldri")
                }
            }
        }
    }

    // MARK: JSON

    private static func readJSON(_ bytes: [UInt8]) throws(ImportError.Reason) -> ImportedFile {
        let value: JSONValue
        do {
            value = try JSONParser.parse(bytes: bytes)
        } catch {
            throw error.isTooDeep
                ? .nestedTooDeep(what: "JSON", detail: error.localizedDescription)
                : .malformed(what: "JSON", detail: error.localizedDescription)
        }
        guard case .object = value else { throw .unrecognised(seemsToBe: "en JSON-liste") }
        if let elements = value["elements"]?.arrayValue {
            return try OverpassPlacesReader.read(value, elements: elements)
        }
        let type = value["type"]?.looseString
        if type == "FeatureCollection" || value["features"] != nil {
            guard let features = value["features"]?.arrayValue else {
                throw .malformed(what: "GeoJSON", detail: "«features» er ikke en liste")
            }
            if TakeoutSavedPlacesReader.isTakeout(features) {
                return TakeoutSavedPlacesReader.read(features)
            }
            return GeoJSONPlacesReader.read(
                features, title: (value["name"] ?? value["title"])?.looseString)
        }
        if type == "Feature" {
            if TakeoutSavedPlacesReader.isTakeout([value]) {
                return TakeoutSavedPlacesReader.read([value])
            }
            return GeoJSONPlacesReader.read([value], title: nil)
        }
        throw .unrecognised(seemsToBe: "JSON uten «features» eller «elements»")
    }

    // MARK: XML

    /// KML, GPX or OpenStreetMap XML by the root element, found in `head` (the bytes, or their text
    /// when they are UTF-16); `inside` is the KMZ the text came from.
    private static func readXML(_ bytes: [UInt8], head: [UInt8], inside kmz: ImportFormat?)
        throws(ImportError.Reason)
        -> ImportedFile
    {
        let root = try rootElement(head)
        let local = root.map { $0.split(separator: ":").last.map(String.init) ?? $0 }
        switch local?.lowercased() {
        case "kml": return try KMLPlacesReader.read(bytes, format: kmz ?? .kml)
        case "gpx" where kmz == nil: return try GPXPlacesReader.read(bytes)
        case "osm" where kmz == nil: return try OSMXMLPlacesReader.read(bytes)
        case "html", "!doctype html": throw .unrecognised(seemsToBe: "en nettside (HTML)")
        case "osmchange": throw .unrecognised(seemsToBe: "en OpenStreetMap-endringsfil (osmChange)")
        case nil: throw .malformed(what: "XML", detail: "fant ikke rotelementet")
        default:
            let name = TextHardening.clean(root, maximumLength: 40) ?? "?"
            throw .unrecognised(seemsToBe: "XML med rotelementet <\(name)>")
        }
    }

    /// The first element's name, past the XML declaration, comments and a DOCTYPE (`!doctype html`
    /// for a page's). A DOCTYPE that declares anything is refused here already, whatever the root.
    static func rootElement(_ bytes: [UInt8]) throws(ImportError.Reason) -> String? {
        // Only what comes before the root is scanned, however long: comments, declarations, a
        // DOCTYPE.
        let head = bytes[...]
        var index = head.startIndex
        while let open = head[index...].firstIndex(of: UInt8(ascii: "<")) {
            let rest = head[open...]
            func after(_ literal: String) -> Int? {
                rest.firstRange(of: Array(literal.utf8))?.upperBound
            }
            if rest.starts(with: Array("<!--".utf8)) {
                guard let end = after("-->") else { return nil }
                index = end
            } else if rest.starts(with: Array("<?".utf8)) {
                guard let end = after("?>") else { return nil }
                index = end
            } else if rest.starts(with: Array("<!".utf8)) {
                let declaration = rest.prefix { $0 != UInt8(ascii: ">") }
                if declaration.contains(UInt8(ascii: "[")) { throw .declaresEntities }
                let lower = String(decoding: declaration, as: UTF8.self).lowercased()
                if lower.hasPrefix("<!doctype html") { return "!doctype html" }
                guard declaration.endIndex < rest.endIndex else { return nil }
                index = declaration.endIndex + 1
            } else {
                let name = rest.dropFirst().prefix {
                    $0 != UInt8(ascii: ">") && $0 != UInt8(ascii: "/") && $0 > 0x20
                }
                return String(decoding: name, as: UTF8.self)
            }
        }
        return nil
    }

    // MARK: KMZ

    private static func readKMZ(_ bytes: [UInt8]) throws(ImportError.Reason) -> ImportedFile {
        let kml: [UInt8]
        do throws(ImportError.ZipProblem) {
            let archive = try ZipArchive(bytes)
            guard let entry = archive.kmlEntry else { throw .noKML }
            kml = try archive.contents(of: entry)
        } catch {
            throw .zip(error)
        }
        let head = UTF16Text.decoded(kml).map { Array($0.utf8) } ?? kml
        return try readXML(kml, head: head, inside: .kmz)
    }

    // MARK: Bytes

    /// JSON and CSV are read as UTF-8 (XML is read in the encoding it declares).
    private static func requireUTF8(_ bytes: [UInt8]) throws(ImportError.Reason) {
        if let offset = JSONParser.firstInvalidUTF8(bytes) {
            throw .invalidUTF8(offset: offset, byte: bytes[offset])
        }
    }

    /// What a file that is plainly no text is, from its signature.
    private static func binaryKind(_ bytes: [UInt8]) -> String? {
        let signatures: [([UInt8], String)] = [
            ([0x89, 0x50, 0x4E, 0x47], "et PNG-bilde"),
            ([0xFF, 0xD8, 0xFF], "et JPEG-bilde"),
            (Array("GIF8".utf8), "et GIF-bilde"),
            (Array("%PDF".utf8), "en PDF"),
            ([0x1F, 0x8B], "en gzip-komprimert fil (pakk den ut først)"),
            (Array("BZh".utf8), "en bzip2-komprimert fil (pakk den ut først)"),
            (Array("SQLite format 3".utf8), "en SQLite-database"),
        ]
        return signatures.first { bytes.starts(with: $0.0) }?.1
    }
}
