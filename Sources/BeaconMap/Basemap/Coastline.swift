import BeaconModel
import Glibc

/// The sea, from the coastline. OpenStreetMap has no sea polygons near a city:
/// it has the coast, as ways with the land on their left and the water on
/// their right. Within the rectangle the tiles cover, each stretch of coast is
/// closed into water along the rectangle's edge; closed rings are islands.
///
/// Geometry is planar in degrees (longitude as x, latitude as y), which keeps
/// sides and crossings right for an axis-aligned rectangle at any latitude.
enum Coastline {
    /// `.sea` areas for the water the coast `ways` bound within `bounds`, then
    /// one `.land` area of the islands (drawn over the sea; a lagoon inside an
    /// island is a hole in it, by even-odd filling).
    static func features(from ways: [[Coordinate]], within bounds: GeoBounds) -> [BasemapFeature] {
        guard bounds.north > bounds.south, bounds.east > bounds.west else { return [] }
        let (open, closed) = chains(ways)
        let pieces = open.flatMap { self.pieces(of: $0, within: bounds) }
        var sea = seaPolygons(pieces, within: bounds)
        let (land, water) = islands(closed.filter { Box($0).intersects(bounds) })
        if pieces.isEmpty {
            // No coast crosses the rectangle: it is all sea or all land. Islands in it say sea;
            // else the side of the nearest coast does; with no coast at all, it is land.
            let isSea =
                !land.isEmpty || isOnWaterSide(of: open, Coordinate.centre(of: bounds)) == true
            if isSea { sea = [rectangle(bounds)] }
        }
        var features = (sea + water).map { BasemapFeature(kind: .sea, geometry: .area([$0])) }
        if !land.isEmpty { features.append(BasemapFeature(kind: .land, geometry: .area(land))) }
        return features
    }

    // MARK: Chains

    /// The ways joined head to tail where one ends as the next begins, never
    /// reversed (the direction says where the water is): open chains, and
    /// closed rings (first point repeated at the end).
    static func chains(_ ways: [[Coordinate]]) -> (open: [[Coordinate]], closed: [[Coordinate]]) {
        let ways = ways.filter { $0.count >= 2 }
        var byFirst: [Coordinate: [Int]] = [:]
        var lasts = Set<Coordinate>()
        for (index, way) in ways.enumerated() {
            byFirst[way[0], default: []].append(index)
            lasts.insert(way[way.count - 1])
        }
        var used = [Bool](repeating: false, count: ways.count)
        var open: [[Coordinate]] = []
        var closed: [[Coordinate]] = []
        func follow(from start: Int) {
            used[start] = true
            var chain = ways[start]
            while chain.first != chain.last,
                let next = byFirst[chain[chain.count - 1]]?.first(where: { !used[$0] })
            {
                used[next] = true
                chain.append(contentsOf: ways[next].dropFirst())
            }
            if chain.first != chain.last {
                open.append(chain)
            } else if chain.count >= 4 {
                closed.append(chain)
            }
        }
        // A chain begins where no way ends; what is left after them are rings.
        for index in ways.indices where !used[index] && !lasts.contains(ways[index][0]) {
            follow(from: index)
        }
        for index in ways.indices where !used[index] { follow(from: index) }
        return (open, closed)
    }

    // MARK: Clipping

    /// The stretches of `chain` inside `bounds`, each running from a point on the
    /// edge to a point on the edge: where the chain starts or ends inside (the
    /// data stops short), a straight segment joins it to the nearest edge point.
    static func pieces(of chain: [Coordinate], within bounds: GeoBounds) -> [[Coordinate]] {
        var pieces: [[Coordinate]] = []
        var current: [Coordinate] = []
        func finish() {
            defer { current = [] }
            guard current.count >= 2, let first = current.first, let last = current.last else {
                return
            }
            if !isOnEdge(first, bounds) { current.insert(nearestEdgePoint(first, bounds), at: 0) }
            if !isOnEdge(last, bounds) { current.append(nearestEdgePoint(last, bounds)) }
            pieces.append(current)
        }
        for index in chain.indices.dropFirst() {
            let a = chain[index - 1]
            let b = chain[index]
            guard let (t0, t1) = clip(a, b, bounds) else {
                finish()
                continue
            }
            if t0 > 0 { finish() }  // entering from outside
            if current.isEmpty { current.append(t0 > 0 ? point(a, b, t0, bounds) : a) }
            let end = t1 < 1 ? point(a, b, t1, bounds) : b
            if end != current.last { current.append(end) }
            if t1 < 1 { finish() }  // leaving
        }
        finish()
        return pieces
    }

    /// The part of segment a→b inside `bounds` as parameters t0 ≤ t1 (Liang–Barsky); nil when none.
    static func clip(_ a: Coordinate, _ b: Coordinate, _ bounds: GeoBounds) -> (Double, Double)? {
        TileGeometry.clipParameters(
            from: WorldPoint(x: a.longitude, y: a.latitude),
            to: WorldPoint(x: b.longitude, y: b.latitude),
            WorldRect(minX: bounds.west, minY: bounds.south, maxX: bounds.east, maxY: bounds.north))
    }

    /// The point at `t` on a→b, kept inside `bounds` and put exactly on an edge it is a hair from.
    private static func point(_ a: Coordinate, _ b: Coordinate, _ t: Double, _ bounds: GeoBounds)
        -> Coordinate
    {
        var point = Coordinate(
            latitude: min(
                max(a.latitude + t * (b.latitude - a.latitude), bounds.south), bounds.north),
            longitude: min(
                max(a.longitude + t * (b.longitude - a.longitude), bounds.west), bounds.east))
        let tolerance = edgeTolerance(bounds)
        if abs(point.latitude - bounds.north) <= tolerance { point.latitude = bounds.north }
        if abs(point.latitude - bounds.south) <= tolerance { point.latitude = bounds.south }
        if abs(point.longitude - bounds.east) <= tolerance { point.longitude = bounds.east }
        if abs(point.longitude - bounds.west) <= tolerance { point.longitude = bounds.west }
        return point
    }

    private static func edgeTolerance(_ bounds: GeoBounds) -> Double {
        1e-9 * max(bounds.north - bounds.south, bounds.east - bounds.west)
    }

    private static func isOnEdge(_ point: Coordinate, _ bounds: GeoBounds) -> Bool {
        point.latitude == bounds.north || point.latitude == bounds.south
            || point.longitude == bounds.east
            || point.longitude == bounds.west
    }

    /// The edge point nearest `point`, which lies inside `bounds`.
    private static func nearestEdgePoint(_ point: Coordinate, _ bounds: GeoBounds) -> Coordinate {
        let toNorth = bounds.north - point.latitude
        let toEast = bounds.east - point.longitude
        let toSouth = point.latitude - bounds.south
        let toWest = point.longitude - bounds.west
        switch min(toNorth, toEast, toSouth, toWest) {
        case toNorth: return Coordinate(latitude: bounds.north, longitude: point.longitude)
        case toEast: return Coordinate(latitude: point.latitude, longitude: bounds.east)
        case toSouth: return Coordinate(latitude: bounds.south, longitude: point.longitude)
        default: return Coordinate(latitude: point.latitude, longitude: bounds.west)
        }
    }

    // MARK: Closing the water

    /// Water polygons from `pieces` (water on their right): from a piece's exit,
    /// clockwise along the edge, passing the corners, to the next entry, until
    /// the walk comes back to the piece it began with.
    static func seaPolygons(_ pieces: [[Coordinate]], within bounds: GeoBounds) -> [[Coordinate]] {
        let edge = Edge(bounds)
        let entries = pieces.map { edge.position($0[0]) }
        let exits = pieces.map { edge.position($0[$0.count - 1]) }
        var used = [Bool](repeating: false, count: pieces.count)
        var polygons: [[Coordinate]] = []
        for start in pieces.indices where !used[start] {
            used[start] = true
            var ring = pieces[start]
            var current = start
            while true {
                // The first entry clockwise from here; the start is always a candidate, so the walk
                // ends.
                var next = start
                var distance = edge.clockwise(from: exits[current], to: entries[start])
                for candidate in pieces.indices where !used[candidate] {
                    let d = edge.clockwise(from: exits[current], to: entries[candidate])
                    if d < distance {
                        next = candidate
                        distance = d
                    }
                }
                ring.append(contentsOf: edge.corners(from: exits[current], distance: distance))
                if next == start { break }
                used[next] = true
                ring.append(contentsOf: pieces[next])
                current = next
            }
            polygons.append(closedRing(ring))
        }
        return polygons
    }

    private static func rectangle(_ bounds: GeoBounds) -> [Coordinate] {
        [
            Coordinate(latitude: bounds.north, longitude: bounds.west),
            Coordinate(latitude: bounds.north, longitude: bounds.east),
            Coordinate(latitude: bounds.south, longitude: bounds.east),
            Coordinate(latitude: bounds.south, longitude: bounds.west),
            Coordinate(latitude: bounds.north, longitude: bounds.west),
        ]
    }

    /// The rectangle's edge as one line, clockwise from the north-west corner
    /// (north up): a position is the distance walked along it, in degrees.
    private struct Edge {
        let bounds: GeoBounds
        let width: Double
        let height: Double
        var perimeter: Double { 2 * (width + height) }

        init(_ bounds: GeoBounds) {
            self.bounds = bounds
            width = bounds.east - bounds.west
            height = bounds.north - bounds.south
        }

        /// Where `point` (on or next to the edge) lies along it: on the nearest side.
        func position(_ point: Coordinate) -> Double {
            let toNorth = abs(bounds.north - point.latitude)
            let toEast = abs(bounds.east - point.longitude)
            let toSouth = abs(point.latitude - bounds.south)
            let toWest = abs(point.longitude - bounds.west)
            let position: Double
            switch min(toNorth, toEast, toSouth, toWest) {
            case toNorth: position = point.longitude - bounds.west
            case toEast: position = width + (bounds.north - point.latitude)
            case toSouth: position = width + height + (bounds.east - point.longitude)
            default: position = 2 * width + height + (point.latitude - bounds.south)
            }
            return position >= perimeter ? 0 : max(position, 0)
        }

        func clockwise(from a: Double, to b: Double) -> Double {
            let d = b - a
            return d >= 0 ? d : d + perimeter
        }

        /// The corners passed walking `distance` clockwise from `position`, in order.
        func corners(from position: Double, distance: Double) -> [Coordinate] {
            let corners: [(Double, Coordinate)] = [
                (0, Coordinate(latitude: bounds.north, longitude: bounds.west)),
                (width, Coordinate(latitude: bounds.north, longitude: bounds.east)),
                (width + height, Coordinate(latitude: bounds.south, longitude: bounds.east)),
                (2 * width + height, Coordinate(latitude: bounds.south, longitude: bounds.west)),
            ]
            // Spelt out step by step: as one chain of closures over tuples it took the type checker
            // 1.5 s.
            var passed: [(distance: Double, corner: Coordinate)] = []
            for (start, corner) in corners {
                let along = clockwise(from: position, to: start)
                if along > 0 && along < distance { passed.append((along, corner)) }
            }
            return passed.sorted { $0.distance < $1.distance }.map(\.corner)
        }
    }

    // MARK: Islands

    /// Closed rings sorted by what they hold: counter-clockwise rings hold land
    /// (the land is on the left), with the clockwise rings inside them as holes;
    /// a clockwise ring inside none holds water.
    static func islands(_ rings: [[Coordinate]]) -> (land: [[Coordinate]], water: [[Coordinate]]) {
        let outlines = rings.filter { signedArea($0) > 0 }
        var land = outlines
        var water: [[Coordinate]] = []
        let boxes = outlines.map(Box.init)
        for ring in rings where signedArea(ring) <= 0 {
            let inside = outlines.indices.contains { index in
                boxes[index].contains(ring[0]) && contains(outlines[index], ring[0])
            }
            if inside {
                land.append(ring)
            } else {
                water.append(ring)
            }
        }
        return (land, water)
    }

    /// Twice the ring's area, positive when it runs counter-clockwise (north up).
    static func signedArea(_ ring: [Coordinate]) -> Double {
        var sum = 0.0
        for index in ring.indices.dropFirst() {
            let a = ring[index - 1]
            let b = ring[index]
            sum += a.longitude * b.latitude - b.longitude * a.latitude
        }
        return sum
    }

    /// Whether `point` lies inside `ring` (even-odd; a self-crossing ring gives an answer, not a
    /// crash).
    static func contains(_ ring: [Coordinate], _ point: Coordinate) -> Bool {
        var inside = false
        for index in ring.indices.dropFirst() {
            let a = ring[index - 1]
            let b = ring[index]
            if (a.latitude > point.latitude) != (b.latitude > point.latitude) {
                let x =
                    a.longitude + (point.latitude - a.latitude) / (b.latitude - a.latitude)
                    * (b.longitude - a.longitude)
                if point.longitude < x { inside.toggle() }
            }
        }
        return inside
    }

    /// Whether `point` lies on the water side (right) of the nearest of `chains`; nil when there
    /// are none.
    static func isOnWaterSide(of chains: [[Coordinate]], _ point: Coordinate) -> Bool? {
        // Longitude scaled so that distances compare as on the ground; sides keep their sign.
        let scale = max(cos(point.latitude * .pi / 180), 0.01)
        var best: (distance: Double, cross: Double)?
        for chain in chains {
            for index in chain.indices.dropFirst() {
                let ax = (chain[index - 1].longitude - point.longitude) * scale
                let ay = chain[index - 1].latitude - point.latitude
                let bx = (chain[index].longitude - point.longitude) * scale
                let by = chain[index].latitude - point.latitude
                let dx = bx - ax
                let dy = by - ay
                let lengthSquared = dx * dx + dy * dy
                guard lengthSquared > 0 else { continue }
                let t = -(ax * dx + ay * dy) / lengthSquared
                // The nearest point; a corner exactly, so that both its segments find it equally
                // near.
                let (x, y) = t <= 0 ? (ax, ay) : t >= 1 ? (bx, by) : (ax + t * dx, ay + t * dy)
                let distance = x * x + y * y
                // a×b over the segment's length: how far the point is from the segment's line, and
                // on which side.
                let cross = (ax * by - ay * bx) / lengthSquared.squareRoot()
                // At a shared corner both segments are nearest: the one whose line lies farther
                // tells the side.
                if best == nil || distance < best!.distance
                    || (distance == best!.distance && abs(cross) > abs(best!.cross))
                {
                    best = (distance, cross)
                }
            }
        }
        // The point is at the origin: a positive a×b means it lies left of a→b, on the land.
        return best.map { $0.cross < 0 }
    }
}

/// A bounding box, to skip what cannot meet.
struct Box {
    var south = Double.infinity
    var west = Double.infinity
    var north = -Double.infinity
    var east = -Double.infinity

    init(_ points: [Coordinate]) {
        for point in points { add(point) }
    }

    mutating func add(_ point: Coordinate) {
        south = min(south, point.latitude)
        north = max(north, point.latitude)
        west = min(west, point.longitude)
        east = max(east, point.longitude)
    }

    func intersects(_ bounds: GeoBounds) -> Bool {
        south <= bounds.north && north >= bounds.south && west <= bounds.east && east >= bounds.west
    }

    func contains(_ point: Coordinate) -> Bool {
        point.latitude >= south && point.latitude <= north && point.longitude >= west
            && point.longitude <= east
    }
}

extension Coordinate {
    static func centre(of bounds: GeoBounds) -> Coordinate {
        Coordinate(
            latitude: (bounds.south + bounds.north) / 2, longitude: (bounds.west + bounds.east) / 2)
    }
}
