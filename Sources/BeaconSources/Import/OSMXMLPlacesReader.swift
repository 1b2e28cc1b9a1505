import BeaconMap
import BeaconModel
import BeaconSystem

/// OpenStreetMap XML (`<osm version="0.6">`) as JOSM saves an edit, as osmium and the API's map
/// call write it, and as Overpass answers in XML: the places among its nodes, ways and relations,
/// read as Overpass JSON's are (`OSMImportElement`): every element an item, a place when it has a
/// name and a position. A node stands where it is; a way or relation at its `<center>` (`out
/// center`), else the middle of its `<bounds>` (`out bb`), of the points on its `<nd>`s (`out
/// geom`), or of its nodes, looked up by id once the whole file is read (Overpass' `out body; >;
/// out skel qt;` puts them after the way). A relation's points are those of its member nodes and
/// ways; a way whose nodes are not in the file is skipped for its position. An element JOSM marks
/// `action="delete"`, or one a history marks `visible="false"`, is no longer on the map and no item
/// at all. The event loop is the basemap's (`OSMXMLReader`).
enum OSMXMLPlacesReader {
    package static func read(_ bytes: [UInt8]) throws(ImportError.Reason) -> ImportedFile {
        var reader = Reader()
        try ImportXML.read(bytes, what: "OpenStreetMap-XML") {
            (events: XMLEventReader) throws(XMLReadError) in
            try reader.run(events)
        }
        if let remark = reader.remark { try OSMImportElement.requireComplete(remark: remark) }
        return reader.finished()
    }

    /// A way or relation whose position waits for nodes that may come later in the file.
    private struct Waiting {
        var type: String
        var id: String?
        var tags: [(key: String, value: String)]
        var index: Int
        var nodes: [Int64]
        var ways: [Int64]
    }

    private struct Reader {
        var file = ImportedFile(format: .osmXML)
        /// Overpass' remark, read when it may say the answer was cut short.
        var remark: String?
        private var items = 0
        /// Every node's position, for ways and relations.
        private var nodes = OSMNodeTable()
        /// Every way's node ids, one after another, and where each way's are (for relations).
        private var wayNodes: [Int64] = []
        private var wayRanges: [Int64: Range<Int>] = [:]
        private var waiting: [Waiting] = []

        // The element being read.
        private var type: String?
        private var id: String?
        private var idNumber: Int64?
        private var deleted = false
        private var tags: [(key: String, value: String)] = []
        private var position = ImportText.Position.none
        /// Points from `<nd lat lon>` (`out geom`), in a way or a relation's members.
        private var points: [Coordinate] = []
        private var refs: [Int64] = []
        private var memberNodes: [Int64] = []
        private var memberWays: [Int64] = []

        mutating func run(_ events: XMLEventReader) throws(XMLReadError) {
            while let event = try events.next() {
                switch event {
                case .start(let selfClosing):
                    try start(events, selfClosing: selfClosing)
                case .text:
                    continue
                case .end:
                    if events.depth == 2, type != nil { finish() }
                }
            }
        }

        private mutating func start(_ events: XMLEventReader, selfClosing: Bool)
            throws(XMLReadError)
        {
            if events.depth == 2 {
                if events.isName("remark"), !selfClosing {
                    remark = try events.content(maximumBytes: ImportXML.shortTextBytes)
                    return
                }
                guard
                    events.isName("node") || events.isName("way") || events.isName("relation")
                        || events.isName("count") || events.isName("area")
                else { return }
                begin(events)
                if selfClosing { finish() }
                return
            }
            guard type != nil else { return }
            if events.isName("tag") {
                if let key = events.attribute("k"), let value = events.attribute("v") {
                    tags.append((key, value))
                }
            } else if events.isName("nd") {
                if let ref = events.int64("ref"), events.depth == 3 { refs.append(ref) }
                if events.hasAttribute("lat") || events.hasAttribute("lon"),
                    case .valid(let point) = ImportText.position(
                        latitude: events.double("lat"), longitude: events.double("lon"))
                {
                    points.append(point)
                }
            } else if events.isName("member") {
                // `out geom` puts a member node's position on the member itself.
                if events.hasAttribute("lat") || events.hasAttribute("lon"),
                    case .valid(let point) = ImportText.position(
                        latitude: events.double("lat"), longitude: events.double("lon"))
                {
                    points.append(point)
                }
                guard let ref = events.int64("ref") else { return }
                if events.attribute("type", is: "node") { memberNodes.append(ref) }
                if events.attribute("type", is: "way") { memberWays.append(ref) }
            } else if events.isName("center") {
                position = ImportText.position(
                    latitude: events.double("lat"), longitude: events.double("lon"))
            } else if events.isName("bounds"), position == .none,
                let south = events.double("minlat"), let north = events.double("maxlat"),
                let west = events.double("minlon"), let east = events.double("maxlon")
            {
                position = OSMImportElement.middle(
                    south: south, north: north, west: west, east: east)
            }
        }

        private mutating func begin(_ events: XMLEventReader) {
            type = events.name
            id = events.attribute("id")
            idNumber = events.int64("id")
            deleted =
                events.attribute("action", is: "delete") || events.attribute("visible", is: "false")
            tags.removeAll(keepingCapacity: true)
            points.removeAll(keepingCapacity: true)
            refs.removeAll(keepingCapacity: true)
            memberNodes.removeAll(keepingCapacity: true)
            memberWays.removeAll(keepingCapacity: true)
            position = .none
            if type == "node" {
                position = ImportText.position(
                    latitude: events.double("lat"), longitude: events.double("lon"))
            }
        }

        private mutating func finish() {
            guard let type else { return }
            self.type = nil
            guard !deleted else { return }
            let index = items
            items += 1
            if type == "node", let idNumber, case .valid(let coordinate) = position {
                nodes[idNumber] = coordinate
            }
            if type == "way", let idNumber {
                wayRanges[idNumber] = wayNodes.count..<wayNodes.count + refs.count
                wayNodes.append(contentsOf: refs)
            }
            if position == .none, !points.isEmpty { position = OSMImportElement.middle(of: points) }
            let named = tags.contains { $0.key == "name" }
            if position == .none, named, type == "way" || type == "relation" {
                // Its nodes may come later: placed once the whole file is read.
                waiting.append(
                    Waiting(
                        type: type, id: id, tags: tags, index: index,
                        nodes: type == "way" ? refs : memberNodes,
                        ways: memberWays))
                return
            }
            let known = position
            OSMImportElement.add(type: type, id: id, tags: tags, index: index, to: &file) { known }
        }

        /// The file with the waiting ways and relations placed among the rest, in the file's order.
        mutating func finished() -> ImportedFile {
            guard !waiting.isEmpty else { return file }
            for element in waiting {
                var points = element.nodes.compactMap { nodes[$0] }
                for way in element.ways {
                    guard let range = wayRanges[way] else { continue }
                    points += wayNodes[range].compactMap { nodes[$0] }
                }
                OSMImportElement.add(
                    type: element.type, id: element.id, tags: element.tags, index: element.index,
                    to: &file
                ) { OSMImportElement.middle(of: points) }
            }
            file.places.sort { $0.sourceIndex < $1.sourceIndex }
            file.skipped.sort { $0.sourceIndex < $1.sourceIndex }
            return file
        }
    }
}
