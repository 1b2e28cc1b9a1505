import BeaconModel

/// A point on the Web Mercator square (x east, y south; the world is 0…1 on
/// both axes at zoom 0), where cutting and simplifying are plain arithmetic.
struct WorldPoint: Sendable, Equatable {
    var x: Double
    var y: Double
}

/// An axis-aligned rectangle in world units.
struct WorldRect: Sendable, Equatable {
    var minX: Double
    var minY: Double
    var maxX: Double
    var maxY: Double

    func intersects(_ other: WorldRect) -> Bool {
        minX <= other.maxX && other.minX <= maxX && minY <= other.maxY && other.minY <= maxY
    }

    func contains(_ point: WorldPoint) -> Bool {
        point.x >= minX && point.x <= maxX && point.y >= minY && point.y <= maxY
    }

    func grown(by margin: Double) -> WorldRect {
        WorldRect(
            minX: minX - margin, minY: minY - margin, maxX: maxX + margin, maxY: maxY + margin)
    }

    /// The smallest rectangle around `points`, or nil for none.
    static func around(_ points: [WorldPoint]) -> WorldRect? {
        guard
            var rect = points.first.map({
                WorldRect(minX: $0.x, minY: $0.y, maxX: $0.x, maxY: $0.y)
            })
        else {
            return nil
        }
        for point in points.dropFirst() {
            rect.minX = min(rect.minX, point.x)
            rect.maxX = max(rect.maxX, point.x)
            rect.minY = min(rect.minY, point.y)
            rect.maxY = max(rect.maxY, point.y)
        }
        return rect
    }
}

/// The geometry a tile needs: simplification, cutting to the tile's
/// rectangle, and the area of a ring. Pure functions on world points.
enum TileGeometry {
    static func world(_ coordinate: Coordinate) -> WorldPoint {
        let position = WebMercator.position(of: coordinate, zoom: 0)
        return WorldPoint(x: position.x, y: position.y)
    }

    /// Douglas–Peucker: the points that keep the line within `tolerance` of
    /// itself (iterative, so a line of a million points cannot overflow the stack).
    static func simplified(_ points: [WorldPoint], tolerance: Double) -> [WorldPoint] {
        guard points.count > 2, tolerance > 0 else { return points }
        var keep = [Bool](repeating: false, count: points.count)
        keep[0] = true
        keep[points.count - 1] = true
        var stack = [(0, points.count - 1)]
        let limit = tolerance * tolerance
        while let (first, last) = stack.popLast() {
            guard last > first + 1 else { continue }
            var farthest = first
            var distance = -1.0
            for index in (first + 1)..<last {
                let d = squaredDistance(points[index], toSegment: points[first], points[last])
                if d > distance {
                    distance = d
                    farthest = index
                }
            }
            if distance > limit {
                keep[farthest] = true
                stack.append((first, farthest))
                stack.append((farthest, last))
            }
        }
        var result: [WorldPoint] = []
        result.reserveCapacity(points.count / 2)
        for index in points.indices where keep[index] { result.append(points[index]) }
        return result
    }

    static func squaredDistance(_ p: WorldPoint, toSegment a: WorldPoint, _ b: WorldPoint) -> Double
    {
        let dx = b.x - a.x
        let dy = b.y - a.y
        let length = dx * dx + dy * dy
        var t = length > 0 ? ((p.x - a.x) * dx + (p.y - a.y) * dy) / length : 0
        t = min(1, max(0, t))
        let ex = a.x + t * dx - p.x
        let ey = a.y + t * dy - p.y
        return ex * ex + ey * ey
    }

    /// The parts of a line inside `rect` (Liang–Barsky on each segment; a
    /// line that leaves and comes back becomes two parts).
    static func clipLine(_ points: [WorldPoint], to rect: WorldRect) -> [[WorldPoint]] {
        var parts: [[WorldPoint]] = []
        var current: [WorldPoint] = []
        for index in 1..<max(1, points.count) {
            guard let (a, b) = clipSegment(points[index - 1], points[index], to: rect) else {
                if current.count > 1 { parts.append(current) }
                current = []
                continue
            }
            if current.isEmpty || current.last! != a {
                if current.count > 1 { parts.append(current) }
                current = [a]
            }
            current.append(b)
            // The segment was cut short: the line leaves here.
            if b != points[index] {
                if current.count > 1 { parts.append(current) }
                current = []
            }
        }
        if current.count > 1 { parts.append(current) }
        return parts
    }

    static func clipSegment(_ a: WorldPoint, _ b: WorldPoint, to rect: WorldRect) -> (
        WorldPoint, WorldPoint
    )? {
        guard let (t0, t1) = clipParameters(from: a, to: b, rect) else { return nil }
        let dx = b.x - a.x
        let dy = b.y - a.y
        let start = t0 == 0 ? a : WorldPoint(x: a.x + t0 * dx, y: a.y + t0 * dy)
        let end = t1 == 1 ? b : WorldPoint(x: a.x + t1 * dx, y: a.y + t1 * dy)
        return (start, end)
    }

    /// The part of segment a→b inside `rect` as parameters t0 ≤ t1 (Liang–Barsky); nil when none.
    /// (The coastline clips in degrees with it too: x is the longitude, y the latitude.)
    static func clipParameters(from a: WorldPoint, to b: WorldPoint, _ rect: WorldRect) -> (
        Double, Double
    )? {
        var t0 = 0.0
        var t1 = 1.0
        let dx = b.x - a.x
        let dy = b.y - a.y
        for (p, q) in [
            (-dx, a.x - rect.minX), (dx, rect.maxX - a.x), (-dy, a.y - rect.minY),
            (dy, rect.maxY - a.y),
        ] {
            if p == 0 {
                if q < 0 { return nil }
                continue
            }
            let r = q / p
            if p < 0 {
                if r > t1 { return nil }
                if r > t0 { t0 = r }
            } else {
                if r < t0 { return nil }
                if r < t1 { t1 = r }
            }
        }
        return (t0, t1)
    }

    /// A ring cut to `rect` (Sutherland–Hodgman): still one ring, running
    /// along the rectangle's edge where the shape goes beyond it, which an
    /// even-odd fill draws right.
    static func clipRing(_ ring: [WorldPoint], to rect: WorldRect) -> [WorldPoint] {
        var output = ring
        let edges: [(WorldPoint) -> Bool] = [
            { $0.x >= rect.minX }, { $0.x <= rect.maxX }, { $0.y >= rect.minY },
            { $0.y <= rect.maxY },
        ]
        for (index, inside) in edges.enumerated() {
            guard !output.isEmpty else { break }
            let input = output
            output = []
            output.reserveCapacity(input.count)
            var previous = input[input.count - 1]
            for point in input {
                let pointInside = inside(point)
                if pointInside != inside(previous) {
                    output.append(crossing(previous, point, edge: index, rect: rect))
                }
                if pointInside { output.append(point) }
                previous = point
            }
        }
        return output
    }

    private static func crossing(_ a: WorldPoint, _ b: WorldPoint, edge: Int, rect: WorldRect)
        -> WorldPoint
    {
        switch edge {
        case 0, 1:
            let x = edge == 0 ? rect.minX : rect.maxX
            let t = (x - a.x) / (b.x - a.x)
            return WorldPoint(x: x, y: a.y + t * (b.y - a.y))
        default:
            let y = edge == 2 ? rect.minY : rect.maxY
            let t = (y - a.y) / (b.y - a.y)
            return WorldPoint(x: a.x + t * (b.x - a.x), y: y)
        }
    }

    /// The area a ring encloses (shoelace; positive or negative by direction).
    static func signedArea(_ ring: [WorldPoint]) -> Double {
        guard ring.count > 2 else { return 0 }
        var sum = 0.0
        var previous = ring[ring.count - 1]
        for point in ring {
            sum += previous.x * point.y - point.x * previous.y
            previous = point
        }
        return sum / 2
    }
}
