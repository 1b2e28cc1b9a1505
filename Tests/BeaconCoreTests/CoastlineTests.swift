import BeaconTestSupport
import Testing

@testable import BeaconMap
@testable import BeaconModel
@testable import BeaconSystem

/// The sea from coastline ways (land on the left, water on the right), in a unit
/// rectangle: x is longitude, y latitude, north up.
@Suite struct CoastlineTests {
    let box = GeoBounds(south: 0, west: 0, north: 1, east: 1)

    /// What is drawn on top at `point`: land over sea (even-odd within each feature), nil for the
    /// background.
    func surface(_ features: [BasemapFeature], at x: Double, _ y: Double) -> BasemapKind? {
        let point = p(x, y)
        func covers(_ feature: BasemapFeature) -> Bool {
            guard case .area(let rings) = feature.geometry else { return false }
            return rings.filter { Coastline.contains($0, point) }.count % 2 == 1
        }
        if features.contains(where: { $0.kind == .land && covers($0) }) { return .land }
        if features.contains(where: { $0.kind == .sea && covers($0) }) { return .sea }
        return nil
    }

    func rings(_ features: [BasemapFeature], _ kind: BasemapKind) -> [[Coordinate]] {
        features.filter { $0.kind == kind }.flatMap { feature -> [[Coordinate]] in
            guard case .area(let rings) = feature.geometry else { return [] }
            return rings
        }
    }

    /// West to east across the rectangle, wavy: the land is north (left), the sea south.
    let eastWard = [p(-0.5, 0.5), p(0.3, 0.55), p(0.7, 0.45), p(1.5, 0.5)]

    @Test func anEastWestCoastHasTheSeaToTheSouth() throws {
        let features = Coastline.features(from: [eastWard], within: box)
        try #require(features.map(\.kind) == [.sea])
        let ring = rings(features, .sea)[0]
        #expect(ring.first == ring.last)
        // The polygon passes the two southern corners and neither northern one.
        #expect(ring.contains(p(1, 0)) && ring.contains(p(0, 0)))
        #expect(!ring.contains(p(0, 1)) && !ring.contains(p(1, 1)))
        // Entry and exit on the west and east edges, where the coast crosses them.
        #expect(ring.contains { $0.longitude == 0 && abs($0.latitude - 0.53125) < 1e-12 })
        #expect(ring.contains { $0.longitude == 1 && abs($0.latitude - 0.46875) < 1e-12 })
        #expect(surface(features, at: 0.5, 0.2) == .sea)
        #expect(surface(features, at: 0.05, 0.02) == .sea)
        #expect(surface(features, at: 0.5, 0.8) == nil)
        #expect(surface(features, at: 0.3, 0.53) == .sea)  // just south of the coast's bend
        #expect(surface(features, at: 0.3, 0.57) == nil)  // just north of it
        #expect(Coastline.signedArea(ring) < 0)  // clockwise: the water on the right of every edge
    }

    @Test func theCoastReversedPutsTheSeaOnTheOtherSide() throws {
        let features = Coastline.features(from: [eastWard.reversed()], within: box)
        try #require(features.map(\.kind) == [.sea])
        #expect(surface(features, at: 0.5, 0.8) == .sea)
        #expect(surface(features, at: 0.95, 0.98) == .sea)
        #expect(surface(features, at: 0.5, 0.2) == nil)
        let ring = rings(features, .sea)[0]
        #expect(ring.contains(p(0, 1)) && ring.contains(p(1, 1)))
        #expect(!ring.contains(p(0, 0)) && !ring.contains(p(1, 0)))
    }

    /// The sea comes in from the south edge into a bay between x = 0.4 and 0.6.
    @Test func aBayOpeningOnTheSouthEdge() throws {
        let bay = [p(0.4, -0.2), p(0.4, 0.7), p(0.6, 0.7), p(0.6, -0.2)]
        let features = Coastline.features(from: [bay], within: box)
        try #require(features.map(\.kind) == [.sea])
        #expect(surface(features, at: 0.5, 0.3) == .sea)
        #expect(surface(features, at: 0.5, 0.69) == .sea)
        #expect(surface(features, at: 0.2, 0.3) == nil)
        #expect(surface(features, at: 0.8, 0.3) == nil)
        #expect(surface(features, at: 0.5, 0.8) == nil)
        // No corner: the walk goes west along the south edge from 0.6 to 0.4.
        #expect(rings(features, .sea)[0].count == 4 + 1)
    }

    @Test func aPeninsulaIsTheBayReversed() throws {
        let peninsula = [p(0.6, -0.2), p(0.6, 0.7), p(0.4, 0.7), p(0.4, -0.2)]
        let features = Coastline.features(from: [peninsula], within: box)
        #expect(surface(features, at: 0.5, 0.3) == nil)
        #expect(surface(features, at: 0.2, 0.3) == .sea)
        #expect(surface(features, at: 0.5, 0.9) == .sea)
        let ring = try #require(rings(features, .sea).first)
        #expect(ring.filter { [p(0, 0), p(0, 1), p(1, 1), p(1, 0)].contains($0) }.count == 4)
    }

    /// Land north and south, a strait between: two chains make one polygon.
    @Test func twoCoastsMakeOneStrait() throws {
        let north = [p(-0.1, 0.8), p(1.1, 0.8)]  // land on the left: north
        let south = [p(1.1, 0.2), p(-0.1, 0.2)]  // westward, land on the left: south
        let features = Coastline.features(from: [north, south], within: box)
        try #require(features.map(\.kind) == [.sea])
        #expect(surface(features, at: 0.5, 0.5) == .sea)
        #expect(surface(features, at: 0.5, 0.9) == nil)
        #expect(surface(features, at: 0.5, 0.1) == nil)
        #expect(
            rings(features, .sea)[0].filter { $0.longitude == 0 || $0.longitude == 1 }.count == 4
                + 1)
    }

    @Test func twoBaysMakeTwoSeas() {
        let west = [p(0.1, -0.1), p(0.1, 0.5), p(0.3, 0.5), p(0.3, -0.1)]
        let east = [p(0.6, -0.1), p(0.6, 0.5), p(0.8, 0.5), p(0.8, -0.1)]
        let features = Coastline.features(from: [east, west], within: box)
        #expect(features.map(\.kind) == [.sea, .sea])
        #expect(surface(features, at: 0.2, 0.3) == .sea)
        #expect(surface(features, at: 0.7, 0.3) == .sea)
        #expect(surface(features, at: 0.45, 0.3) == nil)
        #expect(surface(features, at: 0.95, 0.3) == nil)
    }

    @Test func onlyAnIslandMakesTheRectangleSea() {
        // counter-clockwise
        let island = [p(0.4, 0.4), p(0.6, 0.4), p(0.6, 0.6), p(0.4, 0.6), p(0.4, 0.4)]
        let features = Coastline.features(from: [island], within: box)
        #expect(features.map(\.kind) == [.sea, .land])
        #expect(rings(features, .sea) == [[p(0, 1), p(1, 1), p(1, 0), p(0, 0), p(0, 1)]])
        #expect(rings(features, .land) == [island])
        #expect(surface(features, at: 0.5, 0.5) == .land)
        #expect(surface(features, at: 0.2, 0.2) == .sea)
    }

    @Test func anIslandOffTheMainlandIsLandInTheSea() {
        let island = [p(0.4, 0.1), p(0.6, 0.1), p(0.6, 0.3), p(0.4, 0.3), p(0.4, 0.1)]
        let features = Coastline.features(from: [eastWard, island], within: box)
        #expect(features.map(\.kind) == [.sea, .land])
        #expect(surface(features, at: 0.5, 0.2) == .land)
        #expect(surface(features, at: 0.2, 0.2) == .sea)
        #expect(surface(features, at: 0.5, 0.8) == nil)
        // An island outside the rectangle is left out.
        let far = island.map { p($0.longitude + 3, $0.latitude) }
        #expect(Coastline.features(from: [eastWard, far], within: box).map(\.kind) == [.sea])
    }

    /// An atoll: the lagoon's coast runs clockwise (water inside) within the island's.
    @Test func aLagoonIsAHoleInItsIsland() {
        let atoll = [p(0.2, 0.2), p(0.8, 0.2), p(0.8, 0.8), p(0.2, 0.8), p(0.2, 0.2)]
        let lagoon = [p(0.4, 0.4), p(0.4, 0.6), p(0.6, 0.6), p(0.6, 0.4), p(0.4, 0.4)]
        let features = Coastline.features(from: [lagoon, atoll], within: box)
        #expect(features.map(\.kind) == [.sea, .land])
        #expect(rings(features, .land).count == 2)
        #expect(surface(features, at: 0.3, 0.3) == .land)
        #expect(surface(features, at: 0.5, 0.5) == .sea)
        #expect(surface(features, at: 0.1, 0.1) == .sea)
    }

    /// The data stops in the middle of the rectangle: the end is joined straight to the nearest
    /// edge.
    @Test func aChainEndingInsideIsJoinedToTheNearestEdge() throws {
        let cut = [p(-0.5, 0.5), p(0.5, 0.5), p(0.5, 0.3)]
        let features = Coastline.features(from: [cut], within: box)
        try #require(features.map(\.kind) == [.sea])
        let ring = rings(features, .sea)[0]
        #expect(ring.contains(p(0.5, 0)))  // the south edge is nearest to (0.5, 0.3)
        #expect(ring.contains(p(0, 0)) && !ring.contains(p(1, 0)))
        #expect(surface(features, at: 0.25, 0.25) == .sea)
        #expect(surface(features, at: 0.75, 0.25) == nil)
        #expect(surface(features, at: 0.25, 0.75) == nil)
    }

    @Test func aChainStartingInsideIsJoinedToTheNearestEdge() throws {
        // westward from near the east edge: sea north
        let cut = [p(0.9, 0.6), p(0.5, 0.5), p(-0.5, 0.5)]
        let features = Coastline.features(from: [cut], within: box)
        let ring = try #require(rings(features, .sea).first)
        #expect(ring.first == p(1, 0.6))
        #expect(surface(features, at: 0.3, 0.8) == .sea)
        #expect(surface(features, at: 0.3, 0.2) == nil)
    }

    @Test func aCoastThatLeavesAndComesBackMakesOnePolygon() {
        let wander = [
            p(-0.5, 0.5), p(0.4, 0.5), p(0.4, 1.5), p(0.6, 1.5), p(0.6, 0.5), p(1.5, 0.5),
        ]
        let features = Coastline.features(from: [wander], within: box)
        #expect(features.map(\.kind) == [.sea])
        #expect(surface(features, at: 0.5, 0.9) == .sea)  // the inlet between the two crossings
        #expect(surface(features, at: 0.5, 0.2) == .sea)
        #expect(surface(features, at: 0.2, 0.8) == nil)
        #expect(surface(features, at: 0.8, 0.8) == nil)
    }

    @Test func waysInAnyOrderJoinHeadToTail() {
        let pieces = [
            [p(0.3, 0.55), p(0.7, 0.45)], [p(0.7, 0.45), p(1.5, 0.5)],
            [p(-0.5, 0.5), p(0.3, 0.55)],
        ]
        #expect(Coastline.chains(pieces).open == [eastWard])
        #expect(
            Coastline.features(from: pieces, within: box)
                == Coastline.features(from: [eastWard], within: box))
        // A way drawn the wrong way round is not turned: it stays a chain of its own.
        let wrong = [[p(-0.5, 0.5), p(0.3, 0.55)], [p(0.7, 0.45), p(0.3, 0.55)]]
        #expect(Coastline.chains(wrong).open.count == 2)
        // Ways that come round to their start are a ring.
        let ring = [[p(0, 0), p(1, 0)], [p(1, 1), p(0, 0)], [p(1, 0), p(1, 1)]]
        #expect(Coastline.chains(ring).closed == [[p(0, 0), p(1, 0), p(1, 1), p(0, 0)]])
    }

    @Test func withoutACoastInTheRectangleItsSideDecides() {
        #expect(Coastline.features(from: [], within: box).isEmpty)
        // The coast runs east along y = 2, north of the rectangle: the rectangle is on the water
        // side.
        let northOfBox = [p(-1, 2), p(2, 2)]
        #expect(rings(Coastline.features(from: [northOfBox], within: box), .sea).count == 1)
        // Westward, the rectangle is on the land side.
        #expect(Coastline.features(from: [northOfBox.reversed()], within: box).isEmpty)
        // Around a corner of a coast, the nearer segment's line decides.
        let corner = [p(-1, 2), p(2, 2), p(2, -1)]  // land outside the box's north-east
        #expect(Coastline.isOnWaterSide(of: [corner], p(0.5, 0.5)) == true)
        #expect(Coastline.isOnWaterSide(of: [corner.reversed()], p(0.5, 0.5)) == false)
        #expect(Coastline.isOnWaterSide(of: [], p(0.5, 0.5)) == nil)
    }

    @Test func brokenDataDoesNotCrash() {
        let bowtie = [p(0.2, 0.2), p(0.8, 0.8), p(0.8, 0.2), p(0.2, 0.8), p(0.2, 0.2)]
        _ = Coastline.features(from: [bowtie], within: box)
        let crossing = [[p(-1, 0.5), p(2, 0.5)], [p(0.5, -1), p(0.5, 2)], [p(0.5, 0.5)], []]
        let features = Coastline.features(from: crossing, within: box)
        #expect(!features.isEmpty)
        for feature in features {
            guard case .area(let rings) = feature.geometry else { continue }
            for ring in rings { #expect(ring.first == ring.last) }
        }
        // A chain along the edge, through a corner, and a rectangle of no size.
        _ = Coastline.features(
            from: [[p(0, 0), p(0, 1), p(1, 1)], [p(1, 1), p(2, 2)]], within: box)
        #expect(
            Coastline.features(
                from: [eastWard], within: GeoBounds(south: 0, west: 0, north: 0, east: 1)
            ).isEmpty)
    }

    /// Random walks in and around the rectangle, crossing each other as real data never should:
    /// every ring closes and the sea stays inside the rectangle.
    @Test func randomCoastsGiveClosedRingsInsideTheRectangle() {
        var random = seededGenerator()
        for _ in 0..<300 {
            var ways: [[Coordinate]] = []
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                var point = p(
                    Double.random(in: -0.5...1.5, using: &random),
                    Double.random(in: -0.5...1.5, using: &random))
                var way = [point]
                for _ in 0..<Int.random(in: 1...12, using: &random) {
                    point = p(
                        point.longitude + Double.random(in: -0.4...0.4, using: &random),
                        point.latitude + Double.random(in: -0.4...0.4, using: &random))
                    way.append(point)
                }
                if Bool.random(using: &random) { way.append(way[0]) }
                ways.append(way)
            }
            for feature in Coastline.features(from: ways, within: box) {
                guard case .area(let rings) = feature.geometry else {
                    Issue.record("not an area")
                    continue
                }
                for ring in rings {
                    #expect(ring.count >= 4 && ring.first == ring.last)
                    if feature.kind == .sea && rings.count == 1 && Coastline.signedArea(ring) != 0 {
                        let outside = ring.filter {
                            !(0...1).contains($0.longitude) || !(0...1).contains($0.latitude)
                        }
                        #expect(outside.isEmpty || ways.contains { $0.first == $0.last })
                    }
                }
            }
        }
    }

    /// Oslo's inner harbour in real degrees: the coast runs west to east along
    /// Bjørvika (sea south); the rectangle is a few hundred metres.
    @Test func realCoordinatesAtOslo() throws {
        let bounds = GeoBounds(south: 59.900, west: 10.730, north: 59.915, east: 10.770)
        let quay = [
            Coordinate(latitude: 59.9085, longitude: 10.7200),
            Coordinate(latitude: 59.9072, longitude: 10.7450),
            Coordinate(latitude: 59.9068, longitude: 10.7560),
            Coordinate(latitude: 59.9060, longitude: 10.7800),
        ]
        let features = Coastline.features(from: [quay], within: bounds)
        try #require(features.map(\.kind) == [.sea])
        let ring = rings(features, .sea)[0]
        let operaFjord = Coordinate(latitude: 59.9020, longitude: 10.7520)
        let station = Coordinate(latitude: 59.9111, longitude: 10.7503)
        #expect(Coastline.contains(ring, operaFjord))
        #expect(!Coastline.contains(ring, station))
    }
}

/// A coordinate from x (longitude) and y (latitude).
private func p(_ x: Double, _ y: Double) -> Coordinate { Coordinate(latitude: y, longitude: x) }
