import BeaconModel

/// Which of our own basemap's tiles a build writes. Data is cut at a few
/// zooms only (`dataZooms`); the page draws each for its own zoom and the
/// ones above it up to the next, so z10 serves z10–11, z12 serves z12–13 and
/// z14 every zoom from 14 up (its coordinates are fine enough for z20). The
/// lower levels cover the guide's circle and its margin; the top level does
/// too when the budget allows, else the square of tiles around the centre it
/// pays for (beyond it the page draws the level below, with fewer details).
package struct VectorTilePlan: Sendable, Equatable {
    package static let dataZooms = [10, 12, 14]
    /// Tiles a build may write when the settings name no `tileBudget`: enough
    /// for street detail over a guide of about 15 km radius.
    package static let defaultBudget = 1_500

    /// One rectangle per data zoom, lowest first.
    package var levels: [TileRange]

    package init(levels: [TileRange]) { self.levels = levels }

    package init(center: Coordinate, radiusMetres: Double, budget: Int) {
        let area = GeoCircle(center: center, radiusMetres: radiusMetres).withMargin
        var remaining = max(0, budget)
        var levels: [TileRange] = []
        for zoom in VectorTilePlan.dataZooms {
            var range = WebMercator.tiles(covering: area, zoom: zoom)
            if range.count > remaining {
                // The square around the centre's tile that the rest of the budget pays for.
                let side = Int(Double(remaining).squareRoot())
                guard side >= 1 else { break }
                let middle = WebMercator.tile(for: center, zoom: zoom)
                let minX = max(range.minX, min(middle.x - (side - 1) / 2, range.maxX - side + 1))
                let minY = max(range.minY, min(middle.y - (side - 1) / 2, range.maxY - side + 1))
                range = TileRange(
                    zoom: zoom, minX: minX, maxX: min(range.maxX, minX + side - 1), minY: minY,
                    maxY: min(range.maxY, minY + side - 1))
                levels.append(range)
                break
            }
            levels.append(range)
            remaining -= range.count
        }
        self.init(levels: levels)
    }

    package var tileCount: Int { levels.reduce(0) { $0 + $1.count } }
    package var minZoom: Int? { levels.first?.zoom }
    package var maxZoom: Int? { levels.last?.zoom }
}
