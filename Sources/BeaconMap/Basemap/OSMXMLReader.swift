import BeaconModel
import BeaconSystem

/// OSM XML into elements, as the API's map call, osmium, JOSM and Overpass
/// write it:
///
///     <osm version="0.6"><bounds …/>
///      <node id="1" lat="59.91" lon="10.75"><tag k="place" v="suburb"/></node>
///      <way id="2"><nd ref="1"/>…<tag k="highway" v="primary"/></way>
///      <relation id="3"><member type="way" ref="2" role="outer"/><tag …/></relation>
///     </osm>
///
/// Overpass' `out geom` puts `lat`/`lon` on a way's `<nd>` and `<nd>` children
/// in a `<member>`. An element JOSM marks `action="delete"`, or one a history
/// file marks `visible="false"`, is no longer on the map.
enum OSMXMLReader {
    package static func read(_ bytes: [UInt8], into collector: inout BasemapCollector)
        throws(BasemapDataError) -> OSMElements
    {
        let result: Result<OSMElements, BasemapDataError> = XMLEventReader.read(
            bytes, maximumDepth: maximumDepth
        ) { events in
            var reader = Reader(events: events)
            do {
                try reader.run(into: &collector)
                return .success(reader.elements)
            } catch let error as XMLReadError {
                return .failure(
                    error.isTooDeep
                        ? .nestedTooDeep(.osmXML, detail: error.description)
                        : .malformed(.osmXML, detail: error.description))
            } catch let error as BasemapDataError {
                return .failure(error)
            } catch {
                return .failure(.malformed(.osmXML, detail: "\(error)"))
            }
        }
        return try result.get()
    }

    /// OSM XML nests four deep (osm, relation, member, nd); anything far deeper is not OSM data.
    static let maximumDepth = 32

    private struct Reader {
        let events: XMLEventReader
        var elements = OSMElements()

        private enum Current {
            case none
            case node(id: Int64?, latitude: Double?, longitude: Double?)
            case way(id: Int64)
            case relation
        }

        private var current = Current.none
        /// An element no longer on the map, read past.
        private var deleted = false
        private var tags: [String: String] = [:]
        private var refs: [Int64] = []
        private var geometry: [Coordinate?] = []
        /// Whether any `<nd>` of the element carries coordinates (`out geom`).
        private var hasGeometry = false
        private var invalidPoints = false
        /// The `<nd>`s of the current element so far.
        private var ndCount = 0
        private var members: [OSMMember] = []
        /// The way member being read, with the points Overpass gives inside it.
        private var member: OSMMember?

        init(events: XMLEventReader) {
            self.events = events
        }

        mutating func run(into collector: inout BasemapCollector) throws {
            var sawRoot = false
            while let event = try events.next() {
                switch event {
                case .start(let selfClosing):
                    if !sawRoot {
                        sawRoot = true
                        guard events.isName("osm") else {
                            throw BasemapDataError.unexpectedContent(rootName())
                        }
                        continue
                    }
                    try start(selfClosing: selfClosing, into: &collector)
                case .text:
                    continue
                case .end:
                    try end(into: &collector)
                }
            }
        }

        private func rootName() -> String {
            let name = events.name
            return name.lowercased() == "osmchange"
                ? "en OpenStreetMap-endringsfil (osmChange)" : "XML med rotelementet <\(name)>"
        }

        private mutating func start(selfClosing: Bool, into collector: inout BasemapCollector)
            throws
        {
            switch current {
            case .none:
                guard events.depth <= 2 else { return }
                if events.isName("node") {
                    begin(.node(id: int("id"), latitude: double("lat"), longitude: double("lon")))
                } else if events.isName("way") {
                    begin(.way(id: int("id") ?? 0))
                } else if events.isName("relation") {
                    begin(.relation)
                } else if events.isName("remark") && !selfClosing {
                    let text = try events.content()
                    if text.lowercased().contains("error") {
                        throw BasemapDataError.overpassError(BasemapDataReader.cleanedMessage(text))
                    }
                    return
                } else {
                    return
                }
                if selfClosing { try finish(into: &collector) }
            default:
                if events.isName("tag") {
                    guard let key = events.attribute("k"), let value = events.attribute("v") else {
                        return
                    }
                    tags[key] = value
                } else if events.isName("nd") {
                    ndCount += 1
                    // One way's worth beyond the whole budget is refused before it is held.
                    if ndCount > collector.maximumCoordinates {
                        throw BasemapDataError.tooManyCoordinates(
                            limit: collector.maximumCoordinates)
                    }
                    let point = coordinate()
                    if member != nil {
                        member!.geometry!.append(point)
                    } else if case .way = current {
                        if let ref = int("ref") { refs.append(ref) }
                        if hasGeometry {
                            // Points start where the first coordinates came; the `<nd>`s before had
                            // none.
                            if geometry.count < ndCount - 1 {
                                geometry.append(
                                    contentsOf: repeatElement(
                                        nil, count: ndCount - 1 - geometry.count))
                            }
                            geometry.append(point)
                        }
                    }
                } else if events.isName("member"), case .relation = current {
                    guard events.attribute("type", is: "way"), let ref = int("ref") else { return }
                    member = OSMMember(ref: ref, geometry: [])
                    if selfClosing { endMember() }
                }
            }
        }

        private mutating func end(into collector: inout BasemapCollector) throws {
            switch current {
            case .node where events.isName("node"), .way where events.isName("way"):
                try finish(into: &collector)
            case .relation where events.isName("member"):
                endMember()
            case .relation where events.isName("relation"):
                try finish(into: &collector)
            default:
                return
            }
        }

        private mutating func begin(_ element: Current) {
            current = element
            deleted =
                events.attribute("action", is: "delete") || events.attribute("visible", is: "false")
            tags.removeAll(keepingCapacity: true)
            refs.removeAll(keepingCapacity: true)
            geometry.removeAll(keepingCapacity: true)
            hasGeometry = false
            invalidPoints = false
            ndCount = 0
            members.removeAll(keepingCapacity: true)
            member = nil
        }

        private mutating func endMember() {
            guard var member else { return }
            if member.geometry?.isEmpty ?? true { member.geometry = nil }
            members.append(member)
            self.member = nil
        }

        private mutating func finish(into collector: inout BasemapCollector)
            throws(BasemapDataError)
        {
            defer { current = .none }
            guard !deleted else { return }
            if invalidPoints { collector.skip(.invalidCoordinate) }
            switch current {
            case .none:
                return
            case .node(let id, let latitude, let longitude):
                try elements.addNode(
                    id: id, latitude: latitude, longitude: longitude, tags: tags, into: &collector)
            case .way(let id):
                let way = OSMWay(
                    id: id, refs: refs, geometry: hasGeometry ? geometry : nil,
                    tags: BasemapTagSummary(tags))
                try elements.addWay(way, into: &collector)
            case .relation:
                try elements.addRelation(tags: tags, members: members, into: &collector)
            }
        }

        /// The `lat`/`lon` on the current `<nd>` (`out geom`): nil when it has none (outside
        /// Overpass' box) or when they are invalid, which is counted.
        private mutating func coordinate() -> Coordinate? {
            guard events.hasAttribute("lat") || events.hasAttribute("lon") else { return nil }
            hasGeometry = true
            guard let latitude = double("lat"), let longitude = double("lon"),
                Coordinate(latitude: latitude, longitude: longitude).isValid
            else {
                invalidPoints = true
                return nil
            }
            return Coordinate(latitude: latitude, longitude: longitude)
        }

        private func int(_ name: StaticString) -> Int64? { events.int64(name) }
        private func double(_ name: StaticString) -> Double? { events.double(name) }
    }
}
