import BeaconMap
import BeaconSystem

/// The basemap as the page script reads it (`beacon-map.js`): where tiles come from, the zooms and
/// area they cover, and the credits to show.
///
///     {"tiles":"kart/{z}/{x}/{y}.png","minZoom":11,"maxZoom":15,"bounds":[s,w,n,e],"credits":[{"t":…,"u":…}]}
///     {"tiles":"https://…/{z}/{x}/{y}.png","remote":true,"maxZoom":19,"credits":[…]}
///     {"vector":"kart/osm/{z}/{x}/{y}.js","levels":[[z,minX,minY,maxX,maxY],…],"covers":[s,w,n,e],"credits":[…]}
///                                                      (our own; `covers` when the data covers less than the tiles)
///     {"credits":[]}                                   (no basemap: pins on a plain background)
///
/// A published template is relative to the site root; the script prefixes it.
enum MapData {
    static func basemap(_ basemap: PublishedBasemap) -> JSONValue {
        var object: [(key: String, value: JSONValue)] = []
        switch basemap.source {
        case .none:
            break
        case .published(let pathTemplate, let minZoom, let maxZoom, let bounds):
            object = [
                ("tiles", .string(pathTemplate)), ("minZoom", .number(Double(minZoom))),
                ("maxZoom", .number(Double(maxZoom))),
                (
                    "bounds",
                    .array(
                        [bounds.south, bounds.west, bounds.north, bounds.east].map { .number($0) })
                ),
            ]
        case .vector(let pathTemplate, let levels, let coverage):
            object = [
                ("vector", .string(pathTemplate)),
                (
                    "levels",
                    .array(
                        levels.map { level in
                            .array(
                                [level.zoom, level.minX, level.minY, level.maxX, level.maxY].map {
                                    .number(Double($0))
                                }
                            )
                        })
                ),
            ]
            if let coverage {
                object.append(
                    (
                        "covers",
                        .array(
                            [coverage.south, coverage.west, coverage.north, coverage.east].map {
                                .number($0)
                            })
                    ))
            }
        case .remote(let urlTemplate, _, let maxZoom):
            object = [
                ("tiles", .string(urlTemplate)), ("remote", .bool(true)),
                ("maxZoom", .number(Double(maxZoom))),
            ]
        }
        let credits: [JSONValue] = basemap.attribution.map { credit in
            var entry: [(key: String, value: JSONValue)] = [("t", .string(credit.text))]
            if let url = credit.url { entry.append(("u", .string(url))) }
            return .object(entry)
        }
        object.append(("credits", .array(credits)))
        return .object(object)
    }
}
