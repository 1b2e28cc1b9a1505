import BeaconModel
import BeaconSystem

/// KML as Google My Maps and Google Earth export it (also inside a KMZ): the document's name is the
/// file's title, each placemark in a folder has the folder's name as its list, a description is
/// HTML (in CDATA or escaped, or even written as XHTML) and is kept as it is for the sanitiser,
/// ExtendedData (`Data`'s value, `SchemaData`'s `SimpleData`) becomes tags.
///
/// A placemark is a place when it has a name and a Point (in a MultiGeometry, the first Point). One
/// with only lines or areas (LineString, Polygon, gx:Track) is skipped as not a point; one with no
/// name and no geometry as empty. One with a name and no geometry at all keeps its name and has no
/// position (the caller may look it up, as for a Google list); a Point whose coordinates are not a
/// position on Earth is skipped for them. Elements of other namespaces (gx:, Google's extensions)
/// are read past.
enum KMLPlacesReader {
    package static func read(_ bytes: [UInt8], format: ImportFormat) throws(ImportError.Reason)
        -> ImportedFile
    {
        try ImportXML.read(bytes, what: "KML") {
            (events: XMLEventReader) throws(XMLReadError) -> ImportedFile in
            var reader = Reader(file: ImportedFile(format: format))
            try reader.run(events)
            return reader.file
        }
    }

    /// The placemark being read.
    private struct Placemark {
        var sourceIndex: Int
        var name: String?
        var description: String?
        var address: String?
        var tags: [(key: String, value: String)] = []
        var link: String?
        var savedOn: CalendarDate?
        var sawPoint = false
        /// The first Point's position.
        var position: ImportText.Position?
        /// The first geometry that is not a point, in Norwegian.
        var otherKind: String?

        init(sourceIndex: Int) { self.sourceIndex = sourceIndex }
    }

    private struct Reader {
        var file: ImportedFile
        /// Local names of the open elements the reader went into.
        var path: [String] = []
        /// One entry per open Folder: its name once read.
        var folders: [String?] = []
        var placemark: Placemark?
        var items = 0
        /// The `name` of the open `<Data>`.
        var dataKey: String?

        mutating func run(_ events: XMLEventReader) throws(XMLReadError) {
            while let event = try events.next() {
                switch event {
                case .start(let selfClosing):
                    try start(events, selfClosing: selfClosing)
                case .text:
                    continue
                case .end:
                    switch path.popLast() {
                    case "Placemark": finish()
                    case "Folder": folders.removeLast()
                    case "Data": dataKey = nil
                    default: break
                    }
                }
            }
        }

        private mutating func start(_ events: XMLEventReader, selfClosing: Bool)
            throws(XMLReadError)
        {
            let (prefix, local) = events.nameParts
            if let prefix, prefix != "kml" {
                if prefix == "atom", local == "link", placemark != nil, placemark?.link == nil {
                    placemark?.link = events.attribute("href")
                }
                if prefix == "gx", local == "Track" || local == "MultiTrack" { noteOther("spor") }
                if !selfClosing { try events.skipElement() }
                return
            }
            if selfClosing {
                switch local {
                case "Placemark":
                    file.skipped.append(ImportSkip(name: nil, sourceIndex: items, reason: .empty))
                    items += 1
                case "Point": placemark?.sawPoint = true
                default: break
                }
                return
            }
            let parent = path.last
            switch local {
            case "name":
                let text = try events.content(maximumBytes: ImportXML.shortTextBytes)
                if parent == "Placemark" {
                    placemark?.name = ImportText.name(text)
                } else if parent == "Folder", !folders.isEmpty {
                    folders[folders.count - 1] = ImportText.name(text)
                } else if parent == "Document", file.title == nil,
                    path.filter({ $0 == "Document" }).count == 1
                {
                    file.title = ImportText.title(text)
                }
            case "description" where parent == "Placemark":
                placemark?.description = try events.content(
                    keepingMarkup: true, maximumBytes: ImportXML.longTextBytes)
            case "address" where parent == "Placemark":
                placemark?.address = try events.content(maximumBytes: ImportXML.shortTextBytes)
            case "coordinates":
                guard parent == "Point", placemark != nil, placemark?.position == nil else {
                    try events.skipElement()
                    return
                }
                placemark?.position = KMLPlacesReader.point(
                    try events.content(maximumBytes: ImportXML.shortTextBytes))
            case "when" where parent == "TimeStamp":
                placemark?.savedOn = ImportText.date(
                    try events.content(maximumBytes: ImportXML.shortTextBytes))
            case "value" where parent == "Data":
                let value = try events.content(maximumBytes: ImportXML.shortTextBytes)
                if let dataKey { placemark?.tags.append((dataKey, value)) }
            case "SimpleData":
                let key = events.attribute("name")
                let value = try events.content(maximumBytes: ImportXML.shortTextBytes)
                if let key { placemark?.tags.append((key, value)) }
            case "LineString", "LinearRing":
                noteOther("linje")
                try events.skipElement()
            case "Polygon":
                noteOther("flate")
                try events.skipElement()
            case "Model":
                noteOther("modell")
                try events.skipElement()
            case "Style", "StyleMap", "LookAt", "Camera", "Region", "Schema", "GroundOverlay",
                "ScreenOverlay",
                "PhotoOverlay", "NetworkLink":
                try events.skipElement()
            default:
                switch local {
                case "Placemark":
                    placemark = Placemark(sourceIndex: items)
                    items += 1
                case "Folder": folders.append(nil)
                case "Data": dataKey = events.attribute("name")
                case "Point": placemark?.sawPoint = true
                default: break
                }
                path.append(local)
            }
        }

        private mutating func noteOther(_ kind: String) {
            if placemark != nil, placemark?.otherKind == nil { placemark?.otherKind = kind }
        }

        private mutating func finish() {
            guard let placemark else { return }
            self.placemark = nil
            func skip(_ reason: ImportSkip.Reason) {
                file.skipped.append(
                    ImportSkip(
                        name: placemark.name, sourceIndex: placemark.sourceIndex, reason: reason))
            }
            if !placemark.sawPoint, let kind = placemark.otherKind {
                return skip(.notAPoint(kind: kind))
            }
            guard let name = placemark.name else {
                let isEmpty =
                    !placemark.sawPoint && placemark.description == nil && placemark.address == nil
                return skip(isEmpty ? .empty : .noName)
            }
            var coordinate: Coordinate?
            if placemark.sawPoint {
                guard case .valid(let valid) = placemark.position else {
                    return skip(.badCoordinates)
                }
                coordinate = valid
            }
            let tags = ImportText.tags(placemark.tags)
            let website = tags.first {
                ["website", "url", "nettside"].contains($0.key.lowercased())
            }?.value
            file.places.append(
                ImportedPlace(
                    name: name, coordinate: coordinate,
                    address: ImportText.address(placemark.address),
                    noteHTML: ImportText.noteHTML(html: placemark.description),
                    url: ImportText.webAddress(placemark.link) ?? ImportText.webAddress(website),
                    list: folders.last { $0 != nil } ?? nil, savedOn: placemark.savedOn,
                    osmTags: tags,
                    sourceIndex: placemark.sourceIndex))
        }
    }

    /// The first tuple of `lon,lat[,alt]`, spaces allowed around the commas; `.invalid` for
    /// anything else.
    static func point(_ text: String) -> ImportText.Position {
        var compact = ""
        var pendingSpace = false
        for character in text {
            if character.isWhitespace {
                pendingSpace = !compact.isEmpty
                continue
            }
            if pendingSpace, character != ",", compact.last != "," { compact.append(" ") }
            pendingSpace = false
            compact.append(character)
        }
        guard let tuple = compact.split(separator: " ").first else { return .invalid }
        let parts = tuple.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count >= 2, let longitude = Double(parts[0]), let latitude = Double(parts[1])
        else {
            return .invalid
        }
        return ImportText.position(latitude: latitude, longitude: longitude)
    }
}
