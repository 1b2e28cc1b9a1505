import BeaconHTML
import BeaconMap
import BeaconModel
import BeaconSite

/// A list's cover on the lists page when none of its places has a photo: a still map of its places
/// (`ShareOverview`: water, green and the major streets of the guide's own basemap), each a
/// numbered pin as on the list's page, in the frame of the cover. Drawn in the stylesheet's
/// basemap colours, light and dark; no script, nothing to fetch.
package enum ListCover {
    /// The cover's shape, height over width (`.list-card__cover`'s aspect ratio).
    package static let aspect = 0.5

    /// The still map of `places` over the basemap's tiles (`tile`: a tile's bytes, if the site
    /// publishes it); nil without places. A cover is a picture, not the list's map: it frames the
    /// places the basemap covers, so one place beyond the basemap's edge does not leave most of
    /// the cover bare ground (the list's page maps them all).
    package static func overview(
        _ places: [GuidePlace], tile: (TileCoordinate) -> [UInt8]?
    ) -> ShareOverview? {
        let all = places.map(\.coordinate)
        let covered = all.filter {
            tile(WebMercator.tile(for: $0, zoom: ShareOverview.dataZoom)) != nil
        }
        let framing = covered.isEmpty ? all : covered
        let tiles = ShareOverview.tilePaths(for: framing, aspect: aspect).compactMap { coordinate in
            tile(coordinate).map { (coordinate, $0) }
        }
        return ShareOverview.make(places: all, tiles: tiles, aspect: aspect, framing: framing)
    }

    /// The map as an SVG filling the cover, decorative (the card's name and count say what it
    /// is). The pins are drawn last, the first place's on top.
    static func svg(_ b: inout HTMLBuffer, _ overview: ShareOverview) {
        let width = ShareOverview.number(overview.width)
        let height = ShareOverview.number(overview.height)
        let plain = overview.layers.isEmpty
        b.element(
            "svg",
            [
                "class": plain ? "list-card__map share-map--plain" : "list-card__map",
                "viewBox": "0 0 \(width) \(height)", "preserveAspectRatio": "xMidYMid slice",
                "aria-hidden": "true", "focusable": "false",
            ]
        ) { b in
            ShareFile.ground(&b, overview)
            for (index, pin) in overview.pins.enumerated().reversed() {
                let x = ShareOverview.number(pin.x)
                let y = ShareOverview.number(pin.y)
                b.element("g", class: "share-map__pin") { b in
                    b.element("circle", ["cx": x, "cy": y, "r": "12"], text: "")
                    b.element("text", ["x": x, "y": y], text: String(index + 1))
                }
            }
        }
    }
}
