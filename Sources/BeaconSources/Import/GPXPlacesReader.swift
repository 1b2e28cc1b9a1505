import BeaconModel
import BeaconSystem

/// GPX (1.1, and 1.0's differences) as GPS units and map apps write it: each waypoint (`<wpt>`)
/// with its `name`, `desc` and `cmt` (plain text, made into the note), `time` (the day it was
/// saved), `link href` (1.0: `url`) and `type` (the kind). The file's name is `metadata/name` (1.0:
/// `name` under the root). Tracks and routes are not places: each counts as one skipped item, with
/// its name.
enum GPXPlacesReader {
    package static func read(_ bytes: [UInt8]) throws(ImportError.Reason) -> ImportedFile {
        try ImportXML.read(bytes, what: "GPX") {
            (events: XMLEventReader) throws(XMLReadError) -> ImportedFile in
            var reader = Reader()
            try reader.run(events)
            return reader.file
        }
    }

    private struct Waypoint {
        var sourceIndex: Int
        var position: ImportText.Position
        var name: String?
        var description: String?
        var comment: String?
        var time: String?
        var type: String?
        var link: String?
    }

    private struct Reader {
        var file = ImportedFile(format: .gpx)
        var path: [String] = []
        var items = 0
        var waypoint: Waypoint?
        /// The track or route being read: where it stands, «spor» or «rute», its name.
        var line: (sourceIndex: Int, kind: String, name: String?)?

        mutating func run(_ events: XMLEventReader) throws(XMLReadError) {
            while let event = try events.next() {
                switch event {
                case .start(let selfClosing):
                    try start(events, selfClosing: selfClosing)
                case .text:
                    continue
                case .end:
                    switch path.popLast() {
                    case "wpt": finishWaypoint()
                    case "trk", "rte": finishLine()
                    default: break
                    }
                }
            }
        }

        private mutating func start(_ events: XMLEventReader, selfClosing: Bool)
            throws(XMLReadError)
        {
            let local = events.nameParts.local
            let parent = path.last
            switch local {
            case "wpt" where parent == "gpx":
                let position: ImportText.Position =
                    !events.hasAttribute("lat") && !events.hasAttribute("lon")
                    ? .none
                    : ImportText.position(
                        latitude: events.double("lat"), longitude: events.double("lon"))
                waypoint = Waypoint(sourceIndex: items, position: position)
                items += 1
                if selfClosing { finishWaypoint() } else { path.append(local) }
            case "trk", "rte":
                guard parent == "gpx" else { return try skip(events, selfClosing) }
                line = (items, local == "trk" ? "spor" : "rute", nil)
                items += 1
                if selfClosing { finishLine() } else { path.append(local) }
            case _ where selfClosing:
                if local == "link", parent == "wpt", waypoint?.link == nil {
                    waypoint?.link = events.attribute("href")
                }
            case "name":
                let text = try events.content(maximumBytes: ImportXML.shortTextBytes)
                switch parent {
                case "metadata", "gpx": file.title = file.title ?? ImportText.title(text)
                case "wpt": waypoint?.name = ImportText.name(text)
                case "trk", "rte": line?.name = ImportText.name(text)
                default: break
                }
            case "desc" where parent == "wpt":
                waypoint?.description = try events.content(maximumBytes: ImportXML.longTextBytes)
            case "cmt" where parent == "wpt":
                waypoint?.comment = try events.content(maximumBytes: ImportXML.longTextBytes)
            case "time" where parent == "wpt":
                waypoint?.time = try events.content(maximumBytes: ImportXML.shortTextBytes)
            case "type" where parent == "wpt":
                waypoint?.type = try events.content(maximumBytes: ImportXML.shortTextBytes)
            case "url" where parent == "wpt":
                let text = try events.content(maximumBytes: ImportXML.shortTextBytes)
                if waypoint?.link == nil { waypoint?.link = text }
            case "link" where parent == "wpt":
                if waypoint?.link == nil { waypoint?.link = events.attribute("href") }
                try events.skipElement()
            case "extensions":
                try events.skipElement()
            default:
                path.append(local)
            }
        }

        private func skip(_ events: XMLEventReader, _ selfClosing: Bool) throws(XMLReadError) {
            if !selfClosing { try events.skipElement() }
        }

        private mutating func finishWaypoint() {
            guard let waypoint else { return }
            self.waypoint = nil
            func skip(_ reason: ImportSkip.Reason) {
                file.skipped.append(
                    ImportSkip(
                        name: waypoint.name, sourceIndex: waypoint.sourceIndex, reason: reason))
            }
            guard let name = waypoint.name else {
                return skip(waypoint.position == .none ? .empty : .noName)
            }
            guard case .valid(let coordinate) = waypoint.position else {
                return skip(.badCoordinates)
            }
            file.places.append(
                ImportedPlace(
                    name: name, coordinate: coordinate,
                    noteHTML: ImportText.noteHTML(
                        plain: ImportText.joined(waypoint.description, waypoint.comment)),
                    url: ImportText.webAddress(waypoint.link),
                    savedOn: ImportText.date(waypoint.time),
                    kind: TextHardening.clean(
                        waypoint.type, maximumLength: TextHardening.Limit.name),
                    sourceIndex: waypoint.sourceIndex))
        }

        private mutating func finishLine() {
            guard let line else { return }
            self.line = nil
            file.skipped.append(
                ImportSkip(
                    name: line.name, sourceIndex: line.sourceIndex,
                    reason: .notAPoint(kind: line.kind)))
        }
    }
}
