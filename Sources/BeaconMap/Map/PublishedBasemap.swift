import BeaconModel

/// What the pages' maps draw under the pins, as one build published it: the
/// pages and the page script read this, never the settings, so a basemap the
/// build could not get is simply not offered.
package struct PublishedBasemap: Sendable, Equatable {
    package enum Source: Sendable, Equatable {
        /// Pins and circles on a plain background.
        case none
        /// Tiles published with the site, at `pathTemplate` ("kart/{z}/{x}/{y}.png",
        /// relative to the site root), for zoom levels `minZoom...maxZoom`, covering `bounds`.
        case published(pathTemplate: String, minZoom: Int, maxZoom: Int, bounds: GeoBounds)
        /// Tiles the reader's browser fetches from a provider: an https URL template
        /// with {z}, {x} and {y}; `origin` ("https://tiles.example.org") is what the
        /// pages' Content-Security-Policy then allows for images.
        case remote(urlTemplate: String, origin: String, maxZoom: Int)
        /// Our own vector tiles published with the site, at `pathTemplate`
        /// ("kart/osm/{z}/{x}/{y}.js"), one rectangle of tiles per data zoom (`VectorTilePlan`),
        /// drawn by `beacon-basemap.js`. `coverage`: the area the data behind them covers, when it
        /// is less than the tiles' (the sample's extract of central Oslo); the page draws the rest
        /// as a grid, and a place beyond it gets no small map.
        case vector(pathTemplate: String, levels: [TileRange], coverage: GeoBounds? = nil)
    }

    package var source: Source
    /// The credits the map shows (Geoapify, OpenStreetMap, or the provider's own).
    package var attribution: [MapCredit]

    package init(source: Source, attribution: [MapCredit]) {
        self.source = source
        self.attribution = attribution
    }

    package static let none = PublishedBasemap(source: .none, attribution: [])

    /// Whether the basemap draws anything at `coordinate`. Tiles published with the site cover the
    /// guide's area only: a place beyond it (a favorite in another country, a place from a file far
    /// off) would get a map with nothing under its pin. A provider's tiles cover the world; no
    /// basemap draws nowhere and everywhere alike (the pins on plain ground).
    package func covers(_ coordinate: Coordinate) -> Bool {
        switch source {
        case .none, .remote: return true
        case .published(_, _, _, let bounds):
            return bounds.contains(coordinate)
        case .vector(_, let levels, let coverage):
            guard let coarsest = levels.min(by: { $0.zoom < $1.zoom }) else { return false }
            return coarsest.contains(WebMercator.tile(for: coordinate, zoom: coarsest.zoom))
                && coverage.map { $0.contains(coordinate) } ?? true
        }
    }
}

/// One credit on the map: its text, and where it links.
package struct MapCredit: Sendable, Equatable {
    package var text: String
    package var url: String?

    package init(text: String, url: String?) {
        self.text = text
        self.url = url
    }
}

/// A latitude/longitude box.
package struct GeoBounds: Sendable, Equatable {
    package var south: Double
    package var west: Double
    package var north: Double
    package var east: Double

    package init(south: Double, west: Double, north: Double, east: Double) {
        self.south = south
        self.west = west
        self.north = north
        self.east = east
    }

    package func contains(_ coordinate: Coordinate) -> Bool {
        (south...north).contains(coordinate.latitude)
            && (west...east).contains(coordinate.longitude)
    }

    /// The part both boxes cover; nil when they do not meet.
    package func intersection(_ other: GeoBounds) -> GeoBounds? {
        let box = GeoBounds(
            south: max(south, other.south), west: max(west, other.west),
            north: min(north, other.north),
            east: min(east, other.east))
        return box.south < box.north && box.west < box.east ? box : nil
    }
}

/// One basemap tile the build publishes: a 256 px PNG of Geoapify's, or one
/// of our own vector tiles (a script file); Web Mercator numbering.
package struct PublishedTile: Sendable {
    package var zoom: Int
    package var x: Int
    package var y: Int
    package var bytes: [UInt8]
    /// Where it goes in `output/`: its template with the numbers filled in.
    package var path: String

    package init(
        zoom: Int, x: Int, y: Int, bytes: [UInt8], pathTemplate: String = PublishedTile.pathTemplate
    ) {
        self.zoom = zoom
        self.x = x
        self.y = y
        self.bytes = bytes
        self.path = PublishedTile.path(pathTemplate, zoom: zoom, x: x, y: y)
    }

    /// Geoapify's raster tiles.
    package static let pathTemplate = "kart/{z}/{x}/{y}.png"

    package static func path(_ template: String = pathTemplate, zoom: Int, x: Int, y: Int) -> String
    {
        template.replacing("{z}", with: String(zoom)).replacing("{x}", with: String(x))
            .replacing("{y}", with: String(y))
    }
}
