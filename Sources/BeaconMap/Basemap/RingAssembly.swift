import BeaconModel

/// A multipolygon's member ways joined into closed rings. OpenStreetMap splits
/// a lake's shore or a park's fence into many ways, in any order and either
/// direction; they are joined end to end where their endpoints are equal.
/// Outer and inner rings are not told apart: areas are filled even-odd, so an
/// inner ring is a hole wherever it lies.
enum RingAssembly {
    /// The widest gap, as a share of the ring's length, closed with a straight
    /// segment: a missing way or two on a long shore, not half the outline.
    static let closableGap = 0.1

    /// Closed rings (the first point repeated at the end), and how many could not be closed.
    static func rings(from pieces: [[Coordinate]]) -> (rings: [[Coordinate]], unclosed: Int) {
        var rings: [[Coordinate]] = []
        var open: [[Coordinate]] = []
        for piece in pieces where piece.count >= 2 {
            if piece.first == piece.last {
                rings.append(piece)
            } else {
                open.append(piece)
            }
        }
        var byEndpoint: [Coordinate: [Int]] = [:]
        for (index, piece) in open.enumerated() {
            byEndpoint[piece[0], default: []].append(index)
            byEndpoint[piece[piece.count - 1], default: []].append(index)
        }
        var used = [Bool](repeating: false, count: open.count)
        var unclosed = 0
        for start in open.indices where !used[start] {
            used[start] = true
            var ring = open[start]
            // Forward from the last point; where that stops short, backward from the first.
            while ring.first != ring.last,
                let next = unused(at: ring[ring.count - 1], byEndpoint, used)
            {
                used[next] = true
                let piece = open[next]
                if piece[0] == ring[ring.count - 1] {
                    ring.append(contentsOf: piece.dropFirst())
                } else {
                    ring.append(contentsOf: piece.reversed().dropFirst())
                }
            }
            var before: [Coordinate] = []  // points before the first, nearest first
            while (before.last ?? ring[0]) != ring.last,
                let next = unused(at: before.last ?? ring[0], byEndpoint, used)
            {
                used[next] = true
                let piece = open[next]
                if piece[piece.count - 1] == (before.last ?? ring[0]) {
                    before.append(contentsOf: piece.dropLast().reversed())
                } else {
                    before.append(contentsOf: piece.dropFirst())
                }
            }
            if !before.isEmpty { ring = before.reversed() + ring }
            if ring.first == ring.last {
                rings.append(ring)
            } else if let closed = closedAcrossSmallGap(ring) {
                rings.append(closed)
            } else {
                unclosed += 1
            }
        }
        return (rings.filter { $0.count >= 4 }, unclosed)
    }

    /// `points` closed with a straight segment when the gap between its ends is
    /// small beside its length; nil when the gap is too wide or there is no area.
    static func closedAcrossSmallGap(_ points: [Coordinate]) -> [Coordinate]? {
        guard points.count >= 3, let first = points.first, let last = points.last else {
            return nil
        }
        var length = 0.0
        for index in 1..<points.count { length += points[index - 1].distance(to: points[index]) }
        let gap = first.distance(to: last)
        guard length > 0, gap <= closableGap * length else { return nil }
        return points + [first]
    }

    private static func unused(
        at point: Coordinate, _ byEndpoint: [Coordinate: [Int]], _ used: [Bool]
    ) -> Int? {
        byEndpoint[point]?.first { !used[$0] }
    }
}

/// A ring's points with the first repeated at the end, as every area ring is
/// kept (GeoJSON's rule), whether or not it came closed.
func closedRing(_ points: [Coordinate]) -> [Coordinate] {
    guard let first = points.first, points.last != first else { return points }
    return points + [first]
}
