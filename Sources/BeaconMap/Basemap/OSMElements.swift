import BeaconModel

/// OpenStreetMap's elements as Overpass JSON and OSM XML give them, gathered
/// before anything is drawn: a way may come before the nodes it names
/// (`out body; >; out skel qt;`), a relation before its ways.
struct OSMElements {
    /// Every valid node's position, by id.
    var nodes = OSMNodeTable()
    var ways: [OSMWay] = []
    /// Only relations drawn as areas; the others' members are ways of their own.
    var relations: [OSMRelation] = []
    /// Any node, way or relation at all: an answer with none is empty, not merely undrawn.
    package var isEmpty = true

    mutating func addNode(
        id: Int64?, latitude: Double?, longitude: Double?, tags: [String: String],
        into collector: inout BasemapCollector
    ) throws(BasemapDataError) {
        isEmpty = false
        try collector.spendElement()
        try collector.spend(coordinates: 1)
        guard let latitude, let longitude,
            Coordinate(latitude: latitude, longitude: longitude).isValid
        else {
            return collector.skip(.invalidCoordinate)
        }
        let coordinate = Coordinate(latitude: latitude, longitude: longitude)
        if let id { nodes[id] = coordinate }
        if !tags.isEmpty, let kind = BasemapTags.labelKind(tags), let name = BasemapTags.name(tags)
        {
            collector.addLabel(kind, name: name, coordinate)
        }
    }

    mutating func addWay(_ way: OSMWay, into collector: inout BasemapCollector)
        throws(BasemapDataError)
    {
        isEmpty = false
        try collector.spendElement()
        try collector.spend(coordinates: max(way.refs.count, way.geometry?.count ?? 0))
        ways.append(way)
    }

    mutating func addRelation(
        tags: [String: String], members: [OSMMember], into collector: inout BasemapCollector
    ) throws(BasemapDataError) {
        isEmpty = false
        try collector.spendElement()
        for member in members {
            try collector.spendElement()
            try collector.spend(coordinates: member.geometry?.count ?? 0)
        }
        guard let kind = BasemapTagSummary.relationKind(tags) else { return }
        relations.append(OSMRelation(kind: kind, name: BasemapTags.name(tags), members: members))
    }

    // MARK: Assembly

    /// Lines, areas and coastline from the ways, areas from the relations (labels were drawn as the
    /// nodes came).
    func assemble(into collector: inout BasemapCollector) {
        let needsWayIndex = relations.contains { $0.members.contains { $0.geometry == nil } }
        var wayIndex: [Int64: Int] = [:]
        if needsWayIndex {
            wayIndex.reserveCapacity(ways.count)
            for (index, way) in ways.enumerated() { wayIndex[way.id] = index }
        }
        var memberWays = Set<Int64>()
        var assembled: [(kind: BasemapKind, name: String?, rings: [[Coordinate]])] = []
        for relation in relations {
            var pieces: [[Coordinate]] = []
            var missing = false
            for member in relation.members {
                memberWays.insert(member.ref)
                if let geometry = member.geometry {
                    let runs = OSMElements.runs(geometry)
                    missing = missing || runs.missing
                    pieces.append(contentsOf: runs.runs)
                } else if let index = wayIndex[member.ref] {
                    let runs = points(of: ways[index])
                    missing = missing || runs.missing || runs.runs.isEmpty
                    pieces.append(contentsOf: runs.runs)
                } else {
                    missing = true
                }
            }
            if missing { collector.skip(.missingElement) }
            let (rings, unclosed) = RingAssembly.rings(from: pieces)
            if unclosed > 0 { collector.skip(.unclosedRing, unclosed) }
            if !rings.isEmpty {
                assembled.append((relation.kind, relation.name, rings))
            } else if !missing && unclosed == 0 {
                collector.skip(relation.members.isEmpty ? .noGeometry : .tooFewPoints)
            }
        }
        for way in ways { draw(way, isMember: memberWays.contains(way.id), into: &collector) }
        for area in assembled { collector.addArea(area.kind, name: area.name, area.rings) }
    }

    private func draw(_ way: OSMWay, isMember: Bool, into collector: inout BasemapCollector) {
        guard let tags = way.tags else { return }
        guard !way.refs.isEmpty || !(way.geometry?.isEmpty ?? true) else {
            return collector.skip(.noGeometry)
        }
        let (runs, missing) = points(of: way)
        if missing { collector.skip(.missingElement) }
        if runs.isEmpty && !missing { return collector.skip(.tooFewPoints) }
        if tags.isCoastline {
            collector.coastline.append(contentsOf: runs)
            return
        }
        let isClosed =
            way.refs.count >= 4
            ? way.refs.first == way.refs.last
            : (way.geometry?.count ?? 0) >= 4 && way.geometry?.first == way.geometry?.last
        if isClosed, let kind = tags.closedWayKind {
            let points = runs.flatMap { $0 }
            if points.first == points.last, points.count >= 4 {
                collector.addArea(kind, name: tags.name, [points])
            } else if let ring = RingAssembly.closedAcrossSmallGap(points) {
                collector.addArea(kind, name: tags.name, [ring])
            } else if !points.isEmpty {
                collector.skip(.unclosedRing)
            }
        } else if let kind = tags.lineKind {
            for run in runs { collector.addLine(kind, name: tags.name, run) }
        } else if let kind = tags.closedWayKind, !isMember {
            // An area whose outline does not close (a fence with a gate left out).
            if let ring = RingAssembly.closedAcrossSmallGap(runs.flatMap { $0 }) {
                collector.addArea(kind, name: tags.name, [ring])
            } else {
                collector.skip(.unclosedRing)
            }
        }
    }

    /// The way's points in runs of nodes the data holds (a missing node breaks the line there).
    private func points(of way: OSMWay) -> (runs: [[Coordinate]], missing: Bool) {
        if let geometry = way.geometry, !geometry.isEmpty { return OSMElements.runs(geometry) }
        return OSMElements.runs(way.refs.map { nodes[$0] })
    }

    /// Runs of two points or more between the missing ones.
    static func runs(_ points: [Coordinate?]) -> (runs: [[Coordinate]], missing: Bool) {
        var runs: [[Coordinate]] = []
        var current: [Coordinate] = []
        var missing = false
        for point in points {
            if let point {
                current.append(point)
            } else {
                missing = true
                if current.count >= 2 { runs.append(current) }
                current = []
            }
        }
        if current.count >= 2 { runs.append(current) }
        return (runs, missing)
    }
}

struct OSMWay {
    var id: Int64
    /// Node ids; empty when the data gives coordinates only.
    var refs: [Int64]
    /// Coordinates given on the way itself (`out geom`); nil points lie outside Overpass' clipping
    /// box.
    var geometry: [Coordinate?]?
    /// Nil when the way draws nothing of its own: it is kept as a relation's possible member.
    var tags: BasemapTagSummary?
}

struct OSMRelation {
    var kind: BasemapKind
    var name: String?
    var members: [OSMMember]
}

/// A way in a relation (roles are not needed: rings are filled even-odd).
struct OSMMember {
    var ref: Int64
    /// The way's coordinates when the data gives them on the member (`out geom`).
    var geometry: [Coordinate?]?
}
