import BeaconModel
import BeaconSystem

/// One element of an Overpass API JSON answer (`"elements": [...]`), as the API writes it for `out
/// body`, `out skel`, `out geom` and `out center`:
///
///     {"type": "node", "id": 1, "lat": 59.91, "lon": 10.75, "tags": {...}}
///     {"type": "way", "id": 2, "nodes": [1, 3], "geometry": [{"lat": …, "lon": …}, null], "tags": {...}}
///     {"type": "relation", "id": 4, "members": [{"type": "way", "ref": 2, "role": "outer",
///      "geometry": [...]}], "tags": {...}}
///
/// Read straight from the bytes, member by member: a city's answer is a million of these, and a
/// tree of each would cost more than the reading. A way with only a `center` has no shape to draw.
enum OverpassElement {
    package static func read(
        _ reader: inout JSONParser.Reader, into elements: inout OSMElements,
        collector: inout BasemapCollector
    ) throws {
        guard reader.nextByte == UInt8(ascii: "{") else {
            _ = try reader.parseValue(depth: 2)  // not an element: nothing to draw
            return
        }
        var type: String?
        var id: Int64?
        var latitude: Double?
        var longitude: Double?
        var tags: [String: String] = [:]
        var refs: [Int64] = []
        var geometry: [Coordinate?]?
        var members: [OSMMember] = []
        var more = try reader.openObject()
        while more {
            switch try reader.memberName() {
            case "type": type = try reader.text(depth: 3)
            case "id": id = try reader.integer(depth: 3)
            case "lat": latitude = try reader.number(depth: 3)
            case "lon": longitude = try reader.number(depth: 3)
            case "tags": tags = try self.tags(&reader)
            case "nodes": refs = try ids(&reader, limit: collector.maximumCoordinates)
            case "geometry": geometry = try points(&reader, collector: &collector)
            case "members": members = try self.members(&reader, collector: &collector)
            default: _ = try reader.parseValue(depth: 3)
            }
            more = try reader.nextMember()
        }
        switch type {
        case "node":
            try elements.addNode(
                id: id, latitude: latitude, longitude: longitude, tags: tags, into: &collector)
        case "way":
            let way = OSMWay(
                id: id ?? 0, refs: refs, geometry: geometry, tags: BasemapTagSummary(tags))
            try elements.addWay(way, into: &collector)
        case "relation":
            try elements.addRelation(tags: tags, members: members, into: &collector)
        default:
            return  // areas, counts, timelines: nothing to draw
        }
    }

    /// An object of text values; anything else is empty.
    static func tags(_ reader: inout JSONParser.Reader) throws -> [String: String] {
        guard reader.nextByte == UInt8(ascii: "{") else {
            _ = try reader.parseValue(depth: 3)
            return [:]
        }
        var tags: [String: String] = [:]
        var more = try reader.openObject()
        while more {
            let key = try reader.memberName()
            if let value = try reader.text(depth: 4) { tags[key] = value }
            more = try reader.nextMember()
        }
        return tags
    }

    /// Node ids; an item that is not one is left out. (The ids are counted against the
    /// budget with their way; `limit` only stops one array from outgrowing it first.)
    private static func ids(_ reader: inout JSONParser.Reader, limit: Int) throws -> [Int64] {
        guard reader.nextByte == UInt8(ascii: "[") else {
            _ = try reader.parseValue(depth: 3)
            return []
        }
        var ids: [Int64] = []
        var more = try reader.openArray()
        while more {
            if let id = try reader.integer(depth: 4) { ids.append(id) }
            if ids.count > limit { throw BasemapDataError.tooManyCoordinates(limit: limit) }
            more = try reader.nextItem()
        }
        return ids
    }

    /// `{"lat": …, "lon": …}` items; null (outside the query's box) and invalid ones
    /// (counted) are nil. Counted against the budget with their way or relation.
    private static func points(
        _ reader: inout JSONParser.Reader, collector: inout BasemapCollector
    ) throws -> [Coordinate?] {
        guard reader.nextByte == UInt8(ascii: "[") else {
            _ = try reader.parseValue(depth: 3)
            return []
        }
        var points: [Coordinate?] = []
        var invalid = false
        var more = try reader.openArray()
        while more {
            if reader.nextByte == UInt8(ascii: "{") {
                var latitude: Double?
                var longitude: Double?
                var inner = try reader.openObject()
                while inner {
                    switch try reader.memberName() {
                    case "lat": latitude = try reader.number(depth: 5)
                    case "lon": longitude = try reader.number(depth: 5)
                    default: _ = try reader.parseValue(depth: 5)
                    }
                    inner = try reader.nextMember()
                }
                if let latitude, let longitude,
                    Coordinate(latitude: latitude, longitude: longitude).isValid
                {
                    points.append(Coordinate(latitude: latitude, longitude: longitude))
                } else {
                    invalid = true
                    points.append(nil)
                }
            } else {
                _ = try reader.parseValue(depth: 4)
                points.append(nil)
            }
            if points.count > collector.maximumCoordinates {
                throw BasemapDataError.tooManyCoordinates(limit: collector.maximumCoordinates)
            }
            more = try reader.nextItem()
        }
        if invalid { collector.skip(.invalidCoordinate) }
        return points
    }

    /// The way members (with their coordinates under `out geom`); nodes and relations are left out.
    private static func members(
        _ reader: inout JSONParser.Reader, collector: inout BasemapCollector
    ) throws -> [OSMMember] {
        guard reader.nextByte == UInt8(ascii: "[") else {
            _ = try reader.parseValue(depth: 3)
            return []
        }
        var members: [OSMMember] = []
        var more = try reader.openArray()
        while more {
            if reader.nextByte == UInt8(ascii: "{") {
                var type: String?
                var ref: Int64?
                var geometry: [Coordinate?]?
                var inner = try reader.openObject()
                while inner {
                    switch try reader.memberName() {
                    case "type": type = try reader.text(depth: 5)
                    case "ref": ref = try reader.integer(depth: 5)
                    case "geometry": geometry = try points(&reader, collector: &collector)
                    default: _ = try reader.parseValue(depth: 5)
                    }
                    inner = try reader.nextMember()
                }
                if type == "way", let ref {
                    members.append(OSMMember(ref: ref, geometry: geometry))
                }
            } else {
                _ = try reader.parseValue(depth: 4)
            }
            more = try reader.nextItem()
        }
        return members
    }
}
