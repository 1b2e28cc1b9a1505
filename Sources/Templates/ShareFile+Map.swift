import BeaconHTML
import BeaconMap
import BeaconModel
import BeaconSite
import BeaconText

/// The share file's still map.
extension ShareFile {
    /// The places on a still map (`label` names it; the favorites' by default): water, green and
    /// major streets, a numbered pin per place
    /// with its name beside it where there is room (`ShareMapLabels`; the list below is the legend
    /// of the rest: each card carries its pin's number), and the guide's centre, named, that the
    /// distances are from. Drawn in the stylesheet's basemap colours (light and
    /// dark); no script, no image to fetch. Without a basemap, the pins stand on the plain ground
    /// and faint grid the guide's own maps have then.
    static func map(
        _ b: inout HTMLBuffer, _ overview: ShareOverview, centerLabel: String? = nil,
        names: [String] = [], label: String? = nil, _ t: Strings
    ) {
        // The centre's name first, then the favorites', each where it clears the pins and the
        // names before it.
        let centerName = overview.center == nil ? nil : centerLabel
        let placed = ShareMapLabels.place(
            pins: (overview.center.map { [$0] } ?? []) + overview.pins,
            names: (centerName.map { [$0] } ?? (overview.center == nil ? [] : [""])) + names,
            center: nil, width: overview.width, height: overview.height)
        let centerPlace = overview.center == nil ? nil : placed.first ?? nil
        let labels = overview.center == nil ? placed : Array(placed.dropFirst())
        let width = ShareOverview.number(overview.width)
        let height = ShareOverview.number(overview.height)
        let plain = overview.layers.isEmpty
        b.element("figure", class: plain ? "share-map share-map--plain" : "share-map") { b in
            b.element(
                "svg",
                [
                    "class": "share-map__svg", "viewBox": "0 0 \(width) \(height)", "role": "img",
                    "aria-label": label ?? t.favoritesMap, "xmlns": "http://www.w3.org/2000/svg",
                ]
            ) { b in
                ground(&b, overview)
                if let center = overview.center {
                    let x = ShareOverview.number(center.x)
                    let y = ShareOverview.number(center.y)
                    b.element("g", class: "share-map__center") { b in
                        b.element("circle", ["cx": x, "cy": y, "r": "5"], text: "")
                        if let centerName {
                            b.element(
                                "text",
                                [
                                    "x": centerPlace.map { ShareOverview.number($0.x) } ?? x,
                                    "y": ShareOverview.number(centerPlace?.y ?? center.y + 17),
                                    "text-anchor": centerPlace?.anchor ?? "middle",
                                ], text: centerName)
                        }
                    }
                }
                for label in labels {
                    guard let label else { continue }
                    b.element(
                        "text",
                        [
                            "class": "share-map__label", "x": ShareOverview.number(label.x),
                            "y": ShareOverview.number(label.y), "text-anchor": label.anchor,
                        ], text: label.text)
                }
                for (index, pin) in overview.pins.enumerated() {
                    let x = ShareOverview.number(pin.x)
                    let y = ShareOverview.number(pin.y)
                    b.element("g", class: "share-map__pin") { b in
                        b.element("circle", ["cx": x, "cy": y, "r": "10"], text: "")
                        b.element("text", ["x": x, "y": y], text: String(index + 1))
                    }
                }
            }
        }
        b.newline()
    }

    /// A still map's ground: the land, then water, green and streets over it, or, without a
    /// basemap, a faint grid (the share file's map and a list's cover both stand on it).
    static func ground(_ b: inout HTMLBuffer, _ overview: ShareOverview) {
        let width = ShareOverview.number(overview.width)
        let height = ShareOverview.number(overview.height)
        b.element("rect", ["class": "share-map__land", "width": width, "height": height], text: "")
        if overview.layers.isEmpty {
            var grid = ""
            for x in stride(from: 40.0, to: overview.width, by: 40) {
                grid += "M\(Int(x)) 0V\(height)"
            }
            for y in stride(from: 40.0, to: overview.height, by: 40) {
                grid += "M0 \(Int(y))H\(width)"
            }
            b.element("path", ["class": "share-map__grid", "d": grid], text: "")
        }
        for layer in overview.layers {
            b.element(
                "path",
                ["class": "share-map__shape share-map__" + layer.kind.rawValue, "d": layer.path],
                text: "")
        }
    }
}
