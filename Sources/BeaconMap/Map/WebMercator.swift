import BeaconModel
import FoundationEssentials
import Glibc

/// One tile of the standard slippy-map grid (Web Mercator, EPSG:3857): at
/// zoom `z` the world is 2^z × 2^z tiles, x from the antimeridian eastward,
/// y from the north edge (85.0511° N) southward.
package struct TileCoordinate: Sendable, Hashable, Comparable, CustomStringConvertible {
    package var zoom: Int
    package var x: Int
    package var y: Int

    package init(zoom: Int, x: Int, y: Int) {
        self.zoom = zoom
        self.x = x
        self.y = y
    }

    package static func < (a: TileCoordinate, b: TileCoordinate) -> Bool {
        (a.zoom, a.y, a.x) < (b.zoom, b.y, b.x)
    }

    package var description: String { "\(zoom)/\(x)/\(y)" }
}

/// A rectangle of tiles at one zoom: columns `minX...maxX`, rows `minY...maxY`.
package struct TileRange: Sendable, Equatable {
    package var zoom: Int
    package var minX: Int
    package var maxX: Int
    package var minY: Int
    package var maxY: Int

    package init(zoom: Int, minX: Int, maxX: Int, minY: Int, maxY: Int) {
        self.zoom = zoom
        self.minX = minX
        self.maxX = maxX
        self.minY = minY
        self.maxY = maxY
    }

    package var width: Int { maxX - minX + 1 }
    package var height: Int { maxY - minY + 1 }
    package var count: Int { width * height }

    /// Row by row, north to south, west to east.
    package var tiles: [TileCoordinate] {
        (minY...maxY).flatMap { y in
            (minX...maxX).map { x in TileCoordinate(zoom: zoom, x: x, y: y) }
        }
    }

    package func contains(_ tile: TileCoordinate) -> Bool {
        tile.zoom == zoom && (minX...maxX).contains(tile.x) && (minY...maxY).contains(tile.y)
    }

    /// The area the rectangle covers.
    package var bounds: GeoBounds {
        let northWest = WebMercator.bounds(of: TileCoordinate(zoom: zoom, x: minX, y: minY))
        let southEast = WebMercator.bounds(of: TileCoordinate(zoom: zoom, x: maxX, y: maxY))
        return GeoBounds(
            south: southEast.south, west: northWest.west, north: northWest.north,
            east: southEast.east)
    }
}

/// A circle on the ground: a centre and a radius in metres.
package struct GeoCircle: Sendable, Equatable {
    package var center: Coordinate
    package var radiusMetres: Double

    package init(center: Coordinate, radiusMetres: Double) {
        self.center = center
        self.radiusMetres = radiusMetres
    }

    /// The circle grown by the margin a map needs around what it shows: a
    /// quarter of the radius, at least 500 m (so a pin at the edge is not at
    /// the edge of the tiles).
    package var withMargin: GeoCircle {
        GeoCircle(center: center, radiusMetres: radiusMetres + max(radiusMetres * 0.25, 500))
    }

    /// The latitude/longitude box around the circle (on a sphere of the
    /// Earth's mean radius), cut at the poles and at ±180° longitude.
    package var boundingBox: GeoBounds {
        let angular = radiusMetres / Coordinate.earthRadiusMetres * 180 / .pi
        let south = max(-90, center.latitude - angular)
        let north = min(90, center.latitude + angular)
        // Longitude degrees shrink with the cosine of the latitude; take the
        // widest latitude the box reaches (nearest a pole), and the whole
        // world's width when the box reaches a pole.
        let widest = max(abs(south), abs(north))
        let cosine = cos(widest * .pi / 180)
        let halfWidth = cosine > 1e-9 ? min(180, angular / cosine) : 180
        return GeoBounds(
            south: south, west: max(-180, center.longitude - halfWidth),
            north: north, east: min(180, center.longitude + halfWidth))
    }
}

/// The arithmetic of the slippy-map grid, as the OpenStreetMap wiki gives it
/// ("Slippy map tilenames"): pure functions on values.
package enum WebMercator {
    /// The latitude of the grid's north (and, negated, south) edge: atan(sinh(π)).
    package static let maximumLatitude = 85.0511287798066
    /// Where tile numbers still fit comfortably in an Int and a Double is exact.
    package static let zoomRange = 0...30

    /// The fractional grid position of a coordinate at `zoom` (x east, y south),
    /// latitude clamped to the grid's edges, longitude to ±180.
    package static func position(of coordinate: Coordinate, zoom: Int) -> (x: Double, y: Double) {
        let n = pow(2, Double(clampedZoom(zoom)))
        let latitude = min(
            maximumLatitude,
            max(-maximumLatitude, coordinate.latitude.isFinite ? coordinate.latitude : 0))
        let longitude = min(
            180, max(-180, coordinate.longitude.isFinite ? coordinate.longitude : 0))
        let phi = latitude * .pi / 180
        let x = (longitude + 180) / 360 * n
        let y = (1 - asinh(tan(phi)) / .pi) / 2 * n
        return (x, y)
    }

    /// The tile that holds `coordinate` at `zoom`. The east edge (180°) and the
    /// south edge belong to the last column and row.
    package static func tile(for coordinate: Coordinate, zoom: Int) -> TileCoordinate {
        let zoom = clampedZoom(zoom)
        let last = (1 << zoom) - 1
        let (x, y) = position(of: coordinate, zoom: zoom)
        return TileCoordinate(
            zoom: zoom, x: min(last, max(0, Int(x.rounded(.down)))),
            y: min(last, max(0, Int(y.rounded(.down)))))
    }

    /// The latitude/longitude box of a tile.
    package static func bounds(of tile: TileCoordinate) -> GeoBounds {
        let n = pow(2, Double(clampedZoom(tile.zoom)))
        func longitude(_ x: Int) -> Double { Double(x) / n * 360 - 180 }
        func latitude(_ y: Int) -> Double { atan(sinh(.pi * (1 - 2 * Double(y) / n))) * 180 / .pi }
        return GeoBounds(
            south: latitude(tile.y + 1), west: longitude(tile.x), north: latitude(tile.y),
            east: longitude(tile.x + 1))
    }

    /// Every tile at `zoom` whose square meets the box.
    package static func tiles(covering box: GeoBounds, zoom: Int) -> TileRange {
        let northWest = tile(for: Coordinate(latitude: box.north, longitude: box.west), zoom: zoom)
        let southEast = tile(for: Coordinate(latitude: box.south, longitude: box.east), zoom: zoom)
        return TileRange(
            zoom: northWest.zoom, minX: min(northWest.x, southEast.x),
            maxX: max(northWest.x, southEast.x),
            minY: min(northWest.y, southEast.y), maxY: max(northWest.y, southEast.y))
    }

    /// Every tile at `zoom` whose square meets the circle's bounding box (the
    /// circle as given: grow it with `withMargin` first for a map's margin).
    package static func tiles(covering circle: GeoCircle, zoom: Int) -> TileRange {
        tiles(covering: circle.boundingBox, zoom: zoom)
    }

    static func clampedZoom(_ zoom: Int) -> Int {
        min(zoomRange.upperBound, max(zoomRange.lowerBound, zoom))
    }
}
