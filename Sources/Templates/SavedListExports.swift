import BeaconModel
import BeaconSite
import BeaconSystem
import BeaconText

/// Each of the owner's lists as GeoJSON, GPX and KML (`eksport/lister/<slug>.<ext>`), its places in
/// the list page's order (`GuideList.places`: those the guide has), each with the list's note. Made
/// so each opens as a list of the list's name: a KML Folder (a layer in Google My Maps, a bookmark
/// list in Organic Maps, a list in `sitegen import`), GPX's `metadata/name` (Organic Maps), and
/// GeoJSON's `name` and `description` per feature (uMap's popup).
extension SiteFiles {
    /// Every list's three files, in the context's language (paths below its folder).
    package static func savedListExports(_ guide: Guide, context: SiteContext) -> [(
        path: String, bytes: [UInt8]
    )] {
        guide.savedLists.flatMap { savedListExports($0, context: context) }
    }

    /// The paths a list's exports take: for a rebuild to remove those of a list that is gone.
    package static func savedListExportPaths(_ list: GuideList, paths: SitePaths) -> [String] {
        savedListExtensions.map { paths.savedListExport(list, ext: $0) }
    }

    static let savedListExtensions = ["geojson", "gpx", "kml"]

    static func savedListExports(_ list: GuideList, context: SiteContext) -> [(
        path: String, bytes: [UInt8]
    )] {
        let t = context.strings
        let description = list.description.map(RichText.plainText).flatMap {
            TextHardening.clean($0, maximumLength: TextHardening.Limit.comment)
        }
        let waypoints = list.places.map { place in
            var named = place.place
            named.name = place.name(in: t.language)
            return PlaceExports.Waypoint(
                place: named, description: waypointDescription(place, t),
                link: context.absoluteURL(for: context.paths.detailPage(slug: place.slug))
                    ?? MapLinks.appleMaps(place.place),
                note: note(list, place))
        }
        let paths = context.paths
        return [
            (
                paths.savedListExport(list, ext: "geojson"),
                savedListGeoJSON(list, description: description, context: context)
            ),
            (
                paths.savedListExport(list, ext: "gpx"),
                PlaceExports.gpx(
                    waypoints, name: list.name, description: description,
                    categoryName: t.singular)
            ),
            (
                paths.savedListExport(list, ext: "kml"),
                PlaceExports.kml(
                    waypoints, name: list.name, description: description, folder: list.name)
            ),
        ]
    }

    /// The list's note on `place` as the reader sees it, on one line; nil without one.
    static func note(_ list: GuideList, _ place: GuidePlace) -> String? {
        list.notes[place.id].map(RichText.plainText).flatMap {
            TextHardening.clean($0, maximumLength: TextHardening.Limit.comment)
        }
    }

    /// "Kafé · Grüners gate 1, 0552 Oslo": what the place is and where (the note says the rest).
    static func waypointDescription(_ place: GuidePlace, _ t: Strings) -> String {
        [t.singular(place.category), place.address.singleLine].compactMap { $0 }
            .joined(separator: " · ")
    }

    /// A FeatureCollection with the list's `name` and `description` beside `features` (RFC 7946's
    /// foreign members, which readers that do not know them pass over); each feature's properties
    /// are plain values: name, category (in the file's language), address, note (also as
    /// `description`, which uMap shows and `sitegen import` reads as the note), the place's page,
    /// and its position in the list from 1.
    static func savedListGeoJSON(_ list: GuideList, description: String?, context: SiteContext)
        -> [UInt8]
    {
        let t = context.strings
        var out: [UInt8] = []
        var collection = JSONObjectBytes(taking: &out)
        collection.string("type", "FeatureCollection")
        collection.string("name", list.name)
        collection.string("description", description)
        collection.raw("features") { bytes in
            bytes.append(UInt8(ascii: "["))
            for (index, place) in list.places.enumerated() {
                bytes.append(contentsOf: index == 0 ? [0x0A] : [0x2C, 0x0A])
                var feature = JSONObjectBytes(taking: &bytes)
                feature.string("type", "Feature")
                feature.string("id", place.id.rawValue)
                feature.raw("geometry") { GeoJSONExport.point(place.coordinate, to: &$0) }
                feature.raw("properties") { bytes in
                    var properties = JSONObjectBytes(taking: &bytes)
                    let note = note(list, place)
                    properties.string("name", place.name(in: t.language))
                    properties.string("category", t.singular(place.category))
                    properties.string("address", place.address.singleLine)
                    properties.string("note", note)
                    properties.string("description", note)
                    properties.string(
                        "url",
                        context.absoluteURL(for: context.paths.detailPage(slug: place.slug))
                            ?? context.paths.detailPage(slug: place.slug))
                    properties.number("position", Double(index + 1))
                    properties.finish(into: &bytes)
                }
                feature.finish(into: &bytes)
            }
            bytes.append(contentsOf: "\n]".utf8)
        }
        collection.finish(into: &out)
        out.append(0x0A)
        return out
    }
}
