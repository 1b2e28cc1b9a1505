import BeaconModel
import FoundationEssentials
import Glibc

/// A small still map of the favorites for the share file (`sitegen share`),
/// which loads nothing: water, green and the major streets from the last
/// build's basemap tiles around the favorites, and a numbered pin per
/// favorite, as SVG path data in a box of `width` × `height` units. Only
/// numbers and letters go into the paths (the tiles' names are not used).
package struct ShareOverview: Sendable, Equatable {
    package var width: Double
    package var height: Double
    /// One path per kind that has shapes, in drawing order.
    package var layers: [(kind: BasemapKind, path: String)]
    /// The favorites' pins, in the list's order.
    package var pins: [(x: Double, y: Double)]
    /// The guide's centre, when it lies on the map (the distances in the list are from it).
    package var center: (x: Double, y: Double)? = nil

    package static func == (a: ShareOverview, b: ShareOverview) -> Bool {
        a.width == b.width && a.height == b.height && a.layers.map(\.kind) == b.layers.map(\.kind)
            && a.layers.map(\.path) == b.layers.map(\.path) && a.pins.map(\.x) == b.pins.map(\.x)
            && a.pins.map(\.y) == b.pins.map(\.y) && a.center?.x == b.center?.x
            && a.center?.y == b.center?.y
    }

    /// The kinds an overview draws: at this scale the minor streets and paths are noise.
    static let drawn: Set<BasemapKind> = [
        .sea, .land, .water, .park, .forest, .cemetery, .waterway, .tertiary, .secondary, .primary,
        .motorway,
    ]
    package static let width = 400.0
    /// The data zoom the overview reads (the city level: every major street, simplified for it).
    package static let dataZoom = 12

    /// The tiles (`kart/osm/12/x/y.js` paths) an overview of `places` reads.
    package static func tilePaths(for places: [Coordinate], aspect: Double? = nil)
        -> [TileCoordinate]
    {
        guard let box = box(places, aspect: aspect) else { return [] }
        let scale = Double(1 << dataZoom)
        let minX = Int((box.minX * scale).rounded(.down))
        let maxX = Int((box.maxX * scale).rounded(.down))
        let minY = Int((box.minY * scale).rounded(.down))
        let maxY = Int((box.maxY * scale).rounded(.down))
        // A favorites list spread over a country is not drawn (its box would be mostly empty
        // tiles).
        guard maxX - minX < 8, maxY - minY < 8 else { return [] }
        return (minY...maxY).flatMap { y in
            (minX...maxX).map { TileCoordinate(zoom: dataZoom, x: $0, y: y) }
        }
    }

    /// The favorites' box in world units, grown by an eighth on each side and to at least about 800
    /// m. `plain`: there is no ground to draw (no tiles), so the box is kept low and wide: it shows
    /// where the favorites lie from each other without a tall empty panel. `aspect` (height over
    /// width): the box grown to it, for a frame of that shape (a list's cover).
    static func box(_ places: [Coordinate], plain: Bool = false, aspect: Double? = nil)
        -> WorldRect?
    {
        guard var rect = WorldRect.around(places.map(TileGeometry.world)) else { return nil }
        let least = 800 / 40_075_016.0 / max(0.2, cos((places[0].latitude) * .pi / 180))
        let grow = max((rect.maxX - rect.minX) / 8, (rect.maxY - rect.minY) / 8)
        rect = rect.grown(by: grow)
        if rect.maxX - rect.minX < least {
            let middle = (rect.minX + rect.maxX) / 2
            rect.minX = middle - least / 2
            rect.maxX = middle + least / 2
        }
        if rect.maxY - rect.minY < least * 0.6 {
            let middle = (rect.minY + rect.maxY) / 2
            rect.minY = middle - least * 0.3
            rect.maxY = middle + least * 0.3
        }
        // Not taller than wide by much, nor a sliver.
        let height = rect.maxY - rect.minY
        let width = rect.maxX - rect.minX
        if height > width * 1.1 {
            let middle = (rect.minX + rect.maxX) / 2
            rect.minX = middle - height / 2.2
            rect.maxX = middle + height / 2.2
        } else if height < width * 0.45 {
            let middle = (rect.minY + rect.maxY) / 2
            rect.minY = middle - width * 0.225
            rect.maxY = middle + width * 0.225
        }
        let tall = rect.maxY - rect.minY
        if plain && tall > (rect.maxX - rect.minX) * 0.6 {
            let middle = (rect.minX + rect.maxX) / 2
            rect.minX = middle - tall / 1.2
            rect.maxX = middle + tall / 1.2
        }
        if let aspect {
            // A cover's pins keep clear of its edges, which a card's corners round off.
            rect = rect.grown(by: max(rect.maxX - rect.minX, rect.maxY - rect.minY) / 8)
            let (wide, high) = (rect.maxX - rect.minX, rect.maxY - rect.minY)
            if high < wide * aspect {
                let middle = (rect.minY + rect.maxY) / 2
                rect.minY = middle - wide * aspect / 2
                rect.maxY = middle + wide * aspect / 2
            } else {
                let middle = (rect.minX + rect.maxX) / 2
                rect.minX = middle - high / aspect / 2
                rect.maxX = middle + high / aspect / 2
            }
        }
        return rect
    }

    /// The overview of `places` over the tiles' shapes (`tiles`: each tile's coordinate and its
    /// file's bytes), with `center` marked when it lies on it; nil without places. `framing`: the
    /// places the frame is fitted to, when not all of them (a pin outside it is left out).
    package static func make(
        places: [Coordinate], tiles: [(TileCoordinate, [UInt8])], center: Coordinate? = nil,
        aspect: Double? = nil, framing: [Coordinate]? = nil
    )
        -> ShareOverview?
    {
        guard let box = box(framing ?? places, plain: tiles.isEmpty, aspect: aspect) else {
            return nil
        }
        let unit = width / (box.maxX - box.minX)
        let height = ((box.maxY - box.minY) * unit).rounded()
        func point(_ world: WorldPoint) -> (Double, Double) {
            ((world.x - box.minX) * unit, (world.y - box.minY) * unit)
        }
        var paths: [BasemapKind: String] = [:]
        let frame = WorldRect(minX: 0, minY: 0, maxX: width, maxY: height).grown(by: 8)
        for (tile, bytes) in tiles {
            guard let features = VectorTiles.decode(bytes) else { continue }
            let size = 1 / Double(1 << tile.zoom)
            for feature in features where drawn.contains(feature.kind) {
                for part in feature.parts {
                    let points = part.map { grid in
                        let p = point(
                            WorldPoint(
                                x: (Double(tile.x) + Double(grid.x) / Double(VectorTiles.extent))
                                    * size,
                                y: (Double(tile.y) + Double(grid.y) / Double(VectorTiles.extent))
                                    * size))
                        return WorldPoint(x: p.0, y: p.1)
                    }
                    let simple = TileGeometry.simplified(points, tolerance: 0.4)
                    let pieces =
                        feature.kind.isArea
                        ? [TileGeometry.clipRing(simple, to: frame)].filter { $0.count >= 3 }
                        : TileGeometry.clipLine(simple, to: frame)
                    for piece in pieces {
                        var d = paths[feature.kind] ?? ""
                        for (index, p) in piece.enumerated() {
                            d += (index == 0 ? "M" : "L") + number(p.x) + " " + number(p.y)
                        }
                        if feature.kind.isArea { d += "Z" }
                        paths[feature.kind] = d
                    }
                }
            }
        }
        let layers = paths.sorted { $0.key < $1.key }.map { (kind: $0.key, path: $0.value) }
        let pins = places.map { point(TileGeometry.world($0)) }.map { (x: $0.0, y: $0.1) }
        var overview = ShareOverview(width: width, height: height, layers: layers, pins: pins)
        if let center {
            let (x, y) = point(TileGeometry.world(center))
            if x >= 0, x <= width, y >= 0, y <= height { overview.center = (x, y) }
        }
        return overview
    }

    /// A coordinate in the box, to a tenth of a unit.
    package static func number(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        let sign = tenths < 0 ? "-" : ""
        let magnitude = tenths.magnitude
        return magnitude % 10 == 0
            ? sign + String(magnitude / 10)
            : sign + String(magnitude / 10) + "." + String(magnitude % 10)
    }
}
