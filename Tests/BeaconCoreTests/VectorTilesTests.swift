import Foundation
import Testing

@testable import BeaconMap
@testable import BeaconModel
@testable import BeaconSystem

/// Cutting our own basemap into tiles: the geometry, the plan, and the tile files the page reads.
@Suite struct VectorTilesTests {
    let unit = WorldRect(minX: 0, minY: 0, maxX: 1, maxY: 1)

    @Test func douglasPeuckerKeepsCornersAndDropsNearlyStraightPoints() {
        let line = [
            WorldPoint(x: 0, y: 0), WorldPoint(x: 1, y: 0.001), WorldPoint(x: 2, y: 0),
            WorldPoint(x: 2, y: 2),
        ]
        #expect(TileGeometry.simplified(line, tolerance: 0.01) == [line[0], line[2], line[3]])
        #expect(TileGeometry.simplified(line, tolerance: 0.0001) == line)
        // A long line is simplified without recursion.
        let zigzag = (0..<200_000).map { WorldPoint(x: Double($0), y: $0 % 2 == 0 ? 0 : 0.5) }
        #expect(TileGeometry.simplified(zigzag, tolerance: 1).count == 2)
    }

    @Test func aLineLeavingAndComingBackIsTwoParts() {
        let line = [
            WorldPoint(x: 0.5, y: 0.5), WorldPoint(x: 1.5, y: 0.5), WorldPoint(x: 1.5, y: 0.8),
            WorldPoint(x: 0.5, y: 0.8),
        ]
        let parts = TileGeometry.clipLine(line, to: unit)
        #expect(parts.count == 2)
        #expect(parts[0] == [WorldPoint(x: 0.5, y: 0.5), WorldPoint(x: 1, y: 0.5)])
        #expect(parts[1] == [WorldPoint(x: 1, y: 0.8), WorldPoint(x: 0.5, y: 0.8)])
        // Wholly outside: nothing; wholly inside: itself.
        #expect(
            TileGeometry.clipLine([WorldPoint(x: 2, y: 2), WorldPoint(x: 3, y: 3)], to: unit)
                .isEmpty)
        #expect(
            TileGeometry.clipLine(Array(line.prefix(1)) + [WorldPoint(x: 0.6, y: 0.6)], to: unit)
                .count == 1)
    }

    @Test func aRingLargerThanTheTileBecomesTheTilesSquare() {
        let big = [
            WorldPoint(x: -1, y: -1), WorldPoint(x: 2, y: -1), WorldPoint(x: 2, y: 2),
            WorldPoint(x: -1, y: 2),
        ]
        let cut = TileGeometry.clipRing(big, to: unit)
        #expect(abs(abs(TileGeometry.signedArea(cut)) - 1) < 1e-12)
        // A triangle half in: its area inside.
        let triangle = [WorldPoint(x: 0, y: 0), WorldPoint(x: 2, y: 0), WorldPoint(x: 0, y: 2)]
        #expect(
            abs(abs(TileGeometry.signedArea(TileGeometry.clipRing(triangle, to: unit))) - 1) < 1e-12
        )
        #expect(
            TileGeometry.clipRing(big.map { WorldPoint(x: $0.x + 10, y: $0.y) }, to: unit).isEmpty)
    }

    @Test func thePlanCoversTheCircleAtEachDataZoomWithinTheBudget() {
        let plan = VectorTilePlan(
            center: .osloS, radiusMetres: 5000, budget: VectorTilePlan.defaultBudget)
        #expect(plan.levels.map(\.zoom) == [10, 12, 14])
        let area = GeoCircle(center: .osloS, radiusMetres: 5000).withMargin
        for level in plan.levels {
            #expect(level == WebMercator.tiles(covering: area, zoom: level.zoom))
        }
        // A small budget: the top level shrinks to the square around the centre it pays for.
        let small = VectorTilePlan(center: .osloS, radiusMetres: 5000, budget: 30)
        let lower = small.levels.dropLast().reduce(0) { $0 + $1.count }
        let top = small.levels.last!
        #expect(small.tileCount <= 30)
        #expect(
            top.width == top.height && top.count == Int(Double(30 - lower).squareRoot()).squared)
        #expect(top.contains(WebMercator.tile(for: .osloS, zoom: top.zoom)))
        #expect(VectorTilePlan(center: .osloS, radiusMetres: 5000, budget: 0).levels.isEmpty)
    }

    /// A street across two tiles: each tile holds its part (plus the margin), on the 4096 grid,
    /// named; a footpath is not in the overview; a park too small to see at z10 is left out there.
    @Test func tilesHoldTheirPartsInDrawingOrder() throws {
        let plan = VectorTilePlan(center: .osloS, radiusMetres: 1000, budget: 500)
        let z14 = try #require(plan.levels.last)
        let middle = WebMercator.tile(for: .osloS, zoom: 14)
        let west = WebMercator.bounds(of: TileCoordinate(zoom: 14, x: middle.x, y: middle.y))
        let y = (west.north + west.south) / 2
        let street = BasemapFeature(
            kind: .minor, name: "Karl Johans \"gate\"",
            geometry: .line([
                Coordinate(latitude: y, longitude: west.west + (west.east - west.west) * 0.5),
                Coordinate(latitude: y, longitude: west.east + (west.east - west.west) * 0.5),
            ]))
        let path = BasemapFeature(kind: .path, geometry: .line(street.lineCoordinates))
        let park = BasemapFeature(
            kind: .park, name: "Lite",
            geometry: .area([
                [
                    Coordinate(latitude: y, longitude: west.west + 0.0001),
                    Coordinate(latitude: y + 0.0002, longitude: west.west + 0.0001),
                    Coordinate(latitude: y + 0.0002, longitude: west.west + 0.0003),
                ]
            ]))
        let tiles = VectorTiles.make([street, park, path], plan: plan)
        #expect(tiles.count == plan.tileCount)
        #expect(Set(tiles.map(\.path)).count == tiles.count)
        func text(_ zoom: Int, _ x: Int, _ y: Int) throws -> String {
            let tile = try #require(tiles.first { $0.zoom == zoom && $0.x == x && $0.y == y })
            #expect(tile.path == "kart/osm/\(zoom)/\(x)/\(y).js")
            return String(decoding: tile.bytes, as: UTF8.self)
        }
        let here = try text(14, middle.x, middle.y)
        let east = try text(14, middle.x + 1, middle.y)
        #expect(here.hasPrefix("BeaconBasemap.tile(14,\(middle.x),\(middle.y),{"))
        #expect(here.hasSuffix("});\n"))
        // Areas before lines, the path before the street; the name JSON-escaped.
        #expect(here.contains(#""k":["park","path","minor"]"#))
        #expect(here.contains(#"[2,"Karl Johans \"gate\"",[[2048,2048,"#))
        // The east tile's part starts in its margin (64 units before its west edge) and runs to the
        // middle.
        #expect(east.contains(#"[1,"Karl Johans \"gate\"",[[-64,2048,2112,0]]]"#))
        // At z10 no path or minor street, and the tiny park is gone.
        let overview = WebMercator.tile(for: .osloS, zoom: 10)
        #expect(
            try text(10, overview.x, overview.y)
                == "BeaconBasemap.tile(10,\(overview.x),\(overview.y),{\"k\":[],\"f\":[]});\n")
        #expect(z14.zoom == 14)
    }

    @Test func theTileArchiveRoundTripsAndRefusesWhatDoesNotAddUp() throws {
        let plan = VectorTilePlan(center: .osloS, radiusMetres: 1000, budget: 40)
        let tiles = VectorTiles.make(
            [BasemapFeature(kind: .majorPlace, name: "Sentrum", geometry: .point(.osloS))],
            plan: plan)
        let bytes = VectorTileArchive.encode(tiles)
        let back = try #require(VectorTileArchive.decode(bytes))
        #expect(back.map(\.path) == tiles.map(\.path) && back.map(\.bytes) == tiles.map(\.bytes))
        #expect(VectorTileArchive.decode(Array(bytes.dropLast())) == nil)
        #expect(VectorTileArchive.decode(Array("garbage".utf8)) == nil)
    }

    /// Issue: a word of a cached tile replaced by `alert('XSS1')` of the same length was published
    /// in every tile that held it. A changed byte fails the digest; a tile changed with its digest
    /// made anew is still no tile the encoder would write, so the cache is not used either way.
    @Test func aTamperedTileArchiveIsNotUsed() throws {
        let plan = VectorTilePlan(center: .osloS, radiusMetres: 1000, budget: 40)
        let tiles = VectorTiles.make(
            [BasemapFeature(kind: .majorPlace, name: "Sentrum Oslo", geometry: .point(.osloS))],
            plan: plan)
        let bytes = VectorTileArchive.encode(tiles)
        let word = Array(#""Sentrum Oslo""#.utf8)
        let script = Array(#"alert('XSS1')"#.utf8)
        #expect(word.count - 1 == script.count)
        let at = try #require(bytes.firstRange(of: word))
        var tampered = bytes
        tampered.replaceSubrange(at.lowerBound..<(at.upperBound - 1), with: script)
        #expect(VectorTileArchive.decode(tampered) == nil)
        // The same change with the digest made again, as a careful attacker would.
        let start = VectorTileArchive.magic.count + VectorTileArchive.digestLength
        let body = tampered[start...]
        let redigested =
            VectorTileArchive.magic + Array((VectorTileArchive.digest(body) + "\n").utf8) + body
        #expect(VectorTileArchive.decode(redigested) == nil)
        // A name changed to another name, digest and all, is a tile the encoder writes: that one is
        // kept.
        var renamed = Array(bytes[start...])
        while let range = renamed.firstRange(of: word) {
            renamed.replaceSubrange(range, with: Array(#""Zentrum Oslo""#.utf8))
        }
        let honest =
            VectorTileArchive.magic + Array((VectorTileArchive.digest(renamed[...]) + "\n").utf8)
            + renamed
        #expect(VectorTileArchive.decode(honest) != nil)
        // The older archive without a digest is not read: its tiles are cut again.
        #expect(
            VectorTileArchive.decode(Array("BEACON-VECTOR-TILES-1\n".utf8) + bytes[start...]) == nil
        )
    }
}

extension BasemapFeature {
    fileprivate var lineCoordinates: [Coordinate] {
        if case .line(let points) = geometry { return points }
        return []
    }
}

extension Int {
    fileprivate var squared: Int { self * self }
}
