import Foundation
import Testing

@testable import BeaconMap
@testable import BeaconModel
@testable import BeaconSystem

@Suite struct WebMercatorTests {
    @Test func zoomZeroIsOneTile() {
        for coordinate in [
            Coordinate.osloS, Coordinate(latitude: -33.86, longitude: 151.21),
            Coordinate(latitude: 85.05, longitude: -180),
            Coordinate(latitude: -89, longitude: 180),
        ] {
            #expect(
                WebMercator.tile(for: coordinate, zoom: 0) == TileCoordinate(zoom: 0, x: 0, y: 0))
        }
        let world = WebMercator.bounds(of: TileCoordinate(zoom: 0, x: 0, y: 0))
        #expect(world.west == -180 && world.east == 180)
        #expect(abs(world.north - 85.0511287798) < 1e-9 && abs(world.south + 85.0511287798) < 1e-9)
    }

    /// Oslo S (59.9111, 10.7503) by the OSM wiki's formula ("Slippy map tilenames",
    /// xtile = ⌊(lon + 180) / 360 · 2^z⌋, ytile = ⌊(1 − asinh(tan φ) / π) / 2 · 2^z⌋),
    /// worked by hand: (lon + 180) / 360 = 0.529862; tan 59.9111° = 1.72584,
    /// asinh = ln(1.72584 + √(1 + 1.72584²)) = 1.31386, (1 − 1.31386 / π) / 2 = 0.290892.
    /// z=10: 542.6, 297.9; z=13: 4340.6, 2382.99 (close to the edge of row 2383: a test of the
    /// arithmetic); z=16: 34725.0, 19063.95.
    @Test(arguments: [
        (1, 1, 0), (5, 16, 9), (10, 542, 297), (13, 4340, 2382), (16, 34725, 19063),
    ])
    func osloSByHand(zoom: Int, x: Int, y: Int) {
        #expect(WebMercator.tile(for: .osloS, zoom: zoom) == TileCoordinate(zoom: zoom, x: x, y: y))
    }

    /// Published pairs from mapbox/mercantile's test suite (tests/test_funcs.py):
    /// `tile(20.6852, 40.1222, 9) == (285, 193)`, the bounds of tile 10/486/332
    /// (Ireland) `(-9.140625, 53.12040528310657, -8.7890625, 53.33087298301705)`,
    /// and the box (-105, 39.99, -104.99, 40) at zoom 14 in tiles 3413/6202 and 3413/6203.
    @Test func mercantilePublishedPairs() {
        #expect(
            WebMercator.tile(for: Coordinate(latitude: 40.1222, longitude: 20.6852), zoom: 9)
                == TileCoordinate(zoom: 9, x: 285, y: 193))
        let bounds = WebMercator.bounds(of: TileCoordinate(zoom: 10, x: 486, y: 332))
        #expect(abs(bounds.west - -9.140625) < 1e-7)
        #expect(abs(bounds.south - 53.12040528310657) < 1e-7)
        #expect(abs(bounds.east - -8.7890625) < 1e-7)
        #expect(abs(bounds.north - 53.33087298301705) < 1e-7)
        let range = WebMercator.tiles(
            covering: GeoBounds(south: 39.99, west: -105, north: 40, east: -104.99), zoom: 14)
        #expect(
            range.tiles == [
                TileCoordinate(zoom: 14, x: 3413, y: 6202),
                TileCoordinate(zoom: 14, x: 3413, y: 6203),
            ])
    }

    @Test func latitudesBeyondTheGridAreClampedAndEdgesBelongToTheLastTile() {
        #expect(
            WebMercator.tile(for: Coordinate(latitude: 90, longitude: 0), zoom: 3)
                == TileCoordinate(zoom: 3, x: 4, y: 0))
        #expect(
            WebMercator.tile(for: Coordinate(latitude: -90, longitude: 180), zoom: 3)
                == TileCoordinate(zoom: 3, x: 7, y: 7))
        #expect(
            WebMercator.tile(for: Coordinate(latitude: .nan, longitude: .infinity), zoom: 2).y == 2)
    }

    @Test func aTileHoldsItsOwnCorners() {
        for zoom in [3, 7, 13, 19] {
            let tile = WebMercator.tile(for: .osloS, zoom: zoom)
            let box = WebMercator.bounds(of: tile)
            #expect(box.south < Coordinate.osloS.latitude && Coordinate.osloS.latitude < box.north)
            #expect(box.west < Coordinate.osloS.longitude && Coordinate.osloS.longitude < box.east)
            // A point just inside the north-west corner is in the tile; one just outside is in the
            // neighbour.
            #expect(
                WebMercator.tile(
                    for: Coordinate(latitude: box.north - 1e-9, longitude: box.west + 1e-9),
                    zoom: zoom)
                    == tile)
            #expect(
                WebMercator.tile(
                    for: Coordinate(latitude: box.north + 1e-9, longitude: box.west - 1e-9),
                    zoom: zoom)
                    == TileCoordinate(zoom: zoom, x: tile.x - 1, y: tile.y - 1))
        }
    }

    @Test func theCircleMarginIsAQuarterOfTheRadiusAndAtLeast500Metres() {
        #expect(GeoCircle(center: .osloS, radiusMetres: 5000).withMargin.radiusMetres == 6250)
        #expect(GeoCircle(center: .osloS, radiusMetres: 1000).withMargin.radiusMetres == 1500)
    }

    @Test func theCoveringTilesHoldTheWholeCircle() {
        let circle = GeoCircle(center: .osloS, radiusMetres: 6250)
        for zoom in 8...16 {
            let range = WebMercator.tiles(covering: circle, zoom: zoom)
            let box = range.bounds
            // The four extreme points of the circle lie within the tiles.
            for bearing in stride(from: 0.0, to: 360, by: 15) {
                let point = destination(from: .osloS, metres: 6250, bearing: bearing)
                #expect(
                    box.south <= point.latitude && point.latitude <= box.north,
                    "zoom \(zoom) bearing \(bearing)")
                #expect(
                    box.west <= point.longitude && point.longitude <= box.east,
                    "zoom \(zoom) bearing \(bearing)")
                #expect(range.contains(WebMercator.tile(for: point, zoom: zoom)))
            }
            // And no column or row lies wholly outside the circle's box.
            let outer = circle.boundingBox
            #expect(
                WebMercator.bounds(of: TileCoordinate(zoom: zoom, x: range.minX, y: range.minY))
                    .east > outer.west)
            #expect(
                WebMercator.bounds(of: TileCoordinate(zoom: zoom, x: range.maxX, y: range.maxY))
                    .west < outer.east)
            #expect(
                WebMercator.bounds(of: TileCoordinate(zoom: zoom, x: range.minX, y: range.minY))
                    .south < outer.north)
            #expect(
                WebMercator.bounds(of: TileCoordinate(zoom: zoom, x: range.maxX, y: range.maxY))
                    .north > outer.south)
        }
    }

    /// The point `metres` from `start` on `bearing` (great circle, the Earth's mean radius).
    func destination(from start: Coordinate, metres: Double, bearing: Double) -> Coordinate {
        let delta = metres / Coordinate.earthRadiusMetres
        let theta = bearing * .pi / 180
        let phi1 = start.latitude * .pi / 180
        let lambda1 = start.longitude * .pi / 180
        let phi2 = asin(sin(phi1) * cos(delta) + cos(phi1) * sin(delta) * cos(theta))
        let lambda2 =
            lambda1 + atan2(sin(theta) * sin(delta) * cos(phi1), cos(delta) - sin(phi1) * sin(phi2))
        return Coordinate(latitude: phi2 * 180 / .pi, longitude: lambda2 * 180 / .pi)
    }
}

@Suite struct TilePlanTests {
    /// 5 km around Oslo S at the default budget: the plan docs/basemap.md quotes.
    @Test func fiveKilometresAroundOsloS() {
        let plan = TilePlan(center: .osloS, radiusMetres: 5000, budget: 300)
        let summary = plan.levels.map { "z\($0.zoom): \($0.width)×\($0.height) = \($0.count)" }
            .joined(separator: ", ")
        print(
            "5 km around Oslo S, budget 300: \(summary); total \(plan.tileCount) tiles, \(plan.credits) credits"
        )
        // Worked independently (the wiki's formula over the circle's box, 6.25 km with the margin):
        // z11 2×2, z12 3×3, z13 6×6, z14 11×12; z15 would add 21×22 = 462.
        #expect(plan.minZoom == 11)
        #expect(plan.maxZoom == 14)
        #expect(plan.levels.map(\.count) == [4, 9, 36, 132])
        #expect(plan.tileCount == 181)
        #expect(plan.credits == 45.25)
    }

    @Test(arguments: [1, 2, 3, 4, 5, 10, 50, 100, 181, 182, 300, 1000, 2000])
    func theBudgetIsNeverExceededAndZoomsAreContiguous(budget: Int) {
        for radius in [1000.0, 3000, 5000, 10_000] {
            for center in [
                Coordinate.osloS, Coordinate(latitude: 69.65, longitude: 18.96),
                Coordinate(latitude: -33.87, longitude: 151.21),
                Coordinate(latitude: 0, longitude: 0),
            ] {
                let plan = TilePlan(center: center, radiusMetres: radius, budget: budget)
                #expect(!plan.isEmpty)
                #expect(
                    plan.tileCount <= budget, "\(center) \(radius) m: \(plan.tileCount) > \(budget)"
                )
                #expect(plan.levels.map(\.zoom) == Array((plan.minZoom ?? 0)...(plan.maxZoom ?? 0)))
                #expect((plan.maxZoom ?? 99) <= TilePlan.highestZoom)
                #expect(plan.tiles.count == plan.tileCount)
                #expect(Set(plan.tiles).count == plan.tileCount)
                // Every zoom covers the whole circle (with its margin).
                for level in plan.levels {
                    #expect(level == WebMercator.tiles(covering: plan.area, zoom: level.zoom))
                }
                // The next zoom would not have fitted.
                if let top = plan.maxZoom, top < TilePlan.highestZoom {
                    #expect(
                        plan.tileCount + WebMercator.tiles(covering: plan.area, zoom: top + 1).count
                            > budget)
                }
            }
        }
    }

    @Test func theOverviewIsTheLargestZoomWithTheCircleInTwoByTwoTiles() {
        let plan = TilePlan(center: .osloS, radiusMetres: 5000, budget: 2000)
        let overview = try! #require(plan.levels.first)
        #expect(overview.width <= 2 && overview.height <= 2)
        let next = WebMercator.tiles(covering: plan.area, zoom: overview.zoom + 1)
        #expect(next.width > 2 || next.height > 2)
    }

    @Test func zoomStopsAt19() {
        let plan = TilePlan(center: .osloS, radiusMetres: 100, budget: 2000)
        #expect(plan.maxZoom == 19)
    }

    @Test func aBudgetTooSmallForTheOverviewGetsALowerZoom() {
        let plan = TilePlan(center: .osloS, radiusMetres: 5000, budget: 1)
        #expect(plan.tileCount == 1)
        #expect(plan.levels.count == 1)
    }

    @Test func boundsAreWhatEveryZoomCovers() throws {
        let plan = TilePlan(center: .osloS, radiusMetres: 5000, budget: 300)
        let bounds = try #require(plan.bounds)
        let box = plan.area.boundingBox
        #expect(
            bounds.south <= box.south && bounds.north >= box.north && bounds.west <= box.west
                && bounds.east >= box.east
        )
        for level in plan.levels {
            let covered = level.bounds
            #expect(covered.south <= bounds.south + 1e-9 && covered.north >= bounds.north - 1e-9)
            #expect(covered.west <= bounds.west + 1e-9 && covered.east >= bounds.east - 1e-9)
        }
    }
}
