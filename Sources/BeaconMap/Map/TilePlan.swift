import BeaconModel

/// Which basemap tiles a build fetches and publishes: every tile over the
/// guide's circle (plus a margin) for a run of zoom levels, from an overview
/// (the circle in at most 2 × 2 tiles) upward, as far as the tile budget
/// allows. A plan never exceeds its budget, its zooms are contiguous, and
/// each zoom covers the whole circle.
package struct TilePlan: Sendable, Equatable {
    /// Geoapify charges 0.25 credits per tile (4 tiles = 1 credit).
    package static let creditsPerTile = 0.25
    /// Past this zoom the raster styles add nothing (and OSM's own tiles stop).
    package static let highestZoom = 19
    /// How many tiles a build may publish when the settings say nothing.
    package static let defaultBudget = SiteSettings.defaultTileBudget

    /// The area planned for: the guide's circle grown by its margin.
    package var area: GeoCircle
    /// One rectangle per zoom, lowest zoom first, contiguous.
    package var levels: [TileRange]

    package init(area: GeoCircle, levels: [TileRange]) {
        self.area = area
        self.levels = levels
    }

    /// The plan for a guide of `radiusMetres` around `center`, within `budget` tiles.
    package init(
        center: Coordinate, radiusMetres: Double, budget: Int,
        highestZoom: Int = TilePlan.highestZoom
    ) {
        let area = GeoCircle(center: center, radiusMetres: radiusMetres).withMargin
        let top = min(max(0, highestZoom), WebMercator.zoomRange.upperBound)
        let budget = max(0, budget)
        var levels: [TileRange] = []
        guard budget > 0 else {
            self.init(area: area, levels: [])
            return
        }
        // The overview: the largest zoom where the circle fits in 2 × 2 tiles
        // (the count only grows with the zoom, so the first that does not fit ends the search).
        var overview = 0
        while overview < top {
            let next = WebMercator.tiles(covering: area, zoom: overview + 1)
            guard next.width <= 2 && next.height <= 2 else { break }
            overview += 1
        }
        // A budget too small for the overview gets the largest lower zoom it pays for (zoom 0 is
        // one tile).
        var start = overview
        while start > 0 && WebMercator.tiles(covering: area, zoom: start).count > budget {
            start -= 1
        }
        var total = 0
        for zoom in start...top {
            let range = WebMercator.tiles(covering: area, zoom: zoom)
            guard total + range.count <= budget else { break }
            levels.append(range)
            total += range.count
        }
        self.init(area: area, levels: levels)
    }

    package var isEmpty: Bool { levels.isEmpty }
    package var minZoom: Int? { levels.first?.zoom }
    package var maxZoom: Int? { levels.last?.zoom }
    package var tileCount: Int { levels.reduce(0) { $0 + $1.count } }
    package var credits: Double { Double(tileCount) * TilePlan.creditsPerTile }

    /// Every tile, zoom by zoom (lowest first), row by row.
    package var tiles: [TileCoordinate] { levels.flatMap(\.tiles) }

    /// The area every zoom of the plan covers completely: the highest zoom's
    /// tiles (each zoom's rectangle lies within the one below it, so this is
    /// the smallest). A map limited to it never asks for a tile the plan lacks.
    package var bounds: GeoBounds? { levels.last?.bounds }

    /// The plan cut to its first `count` zoom levels (when higher ones could not be had).
    package func prefix(levels count: Int) -> TilePlan {
        TilePlan(area: area, levels: Array(levels.prefix(count)))
    }
}
