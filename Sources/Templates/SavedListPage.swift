import BeaconHTML
import BeaconModel
import BeaconSite
import BeaconSystem
import BeaconText

/// One of the owner's lists (`lister/sondagsfrokost/`): its name, description and order, its
/// places as numbered cards with the list's note on each, and a map whose pins carry the same
/// numbers (`beacon-map.js`), so the list is the map's legend.
package enum SavedListPage {
    package static func render(_ list: GuideList, context: SiteContext) -> [UInt8] {
        let path = context.paths.savedListPage(list)
        let depth = SitePaths.depth(of: path)
        let root = SiteContext.rootPrefix(depth: depth)
        let t = context.strings
        let withMap = context.hasMap && !list.places.isEmpty
        var b = HTMLBuffer(capacity: 8_192 + list.places.count * 1_400)
        PageChrome.page(
            &b,
            head: .init(
                title: list.name + " – " + context.title,
                description: headDescription(list, t), includeMap: withMap,
                includeShareScript: true, mapImageOrigin: context.mapImageOrigin,
                seo: context.seo(for: path), path: path),
            chrome: context.chrome(depth: depth, section: .lists), path: path, root: root,
            context: context
        ) { b in
            b.element("nav", ["class": "breadcrumbs", "aria-label": t.breadcrumbs]) { b in
                b.element("a", ["class": "back-link", "href": root + context.paths.listsPage]) {
                    b in
                    b.icon(.back)
                    b.text(t.backToLists)
                }
            }
            b.newline()
            intro(&b, list, context: context)
            if list.places.isEmpty {
                b.element("p", class: "empty-state") { b in
                    b.element("span", class: "empty-state__icon") { $0.icon(.list) }
                    b.text(t.emptyList)
                }
                b.newline()
            } else if withMap {
                // As «Mine steder»: the map above the list on a phone, beside it on a wide screen.
                b.element("div", class: "favorites-body saved-list-body") { b in
                    map(&b, list, root: root, context: context)
                    places(&b, list, root: root, context: context)
                }
                b.newline()
            } else {
                places(&b, list, root: root, context: context)
            }
            // The list's GPX, KML and GeoJSON, as «Mine steder»'s are linked.
            if !list.places.isEmpty {
                let paths = context.paths
                FavoritesPage.exportLinks(
                    &b, root: root, gpx: paths.savedListExport(list, ext: "gpx"),
                    kml: paths.savedListExport(list, ext: "kml"),
                    geoJSON: paths.savedListExport(list, ext: "geojson"),
                    intro: context.strings.listExportsIntro, context.strings)
            }
        }
        return b.bytes
    }

    /// The page's meta description: the list's own words on one line, else how many places.
    static func headDescription(_ list: GuideList, _ t: Strings) -> String {
        let words = list.description.map(RichText.plainText)?.trimmingWhitespace() ?? ""
        return words.isEmpty
            ? t.placeCount(list.places.count) : TextHardening.truncate(words, to: 300)
    }

    /// The name, the owner's description (Markdown, sanitised), «4 steder · I min rekkefølge» and
    /// the share button.
    static func intro(_ b: inout HTMLBuffer, _ list: GuideList, context: SiteContext) {
        let t = context.strings
        b.element("section", class: "page-intro saved-list-intro") { b in
            b.element("h1", ["dir": "auto"], text: list.name)
            if let description = list.description, !description.trimmingWhitespace().isEmpty {
                b.element("div", class: "lead comment saved-list-intro__description") {
                    $0.append(RichText.html(for: description))
                }
            }
            b.element(
                "p", class: "page-intro__summary",
                text: t.placeCount(list.places.count) + " · "
                    + t.listOrder(list.order, context.centerName))
            if !list.places.isEmpty { Components.shareButton(&b, t) }
        }
        b.newline()
    }

    /// The places in the page's order, numbered from 1, each with the list's note under it.
    static func places(_ b: inout HTMLBuffer, _ list: GuideList, root: String, context: SiteContext)
    {
        let t = context.strings
        b.element("ol", class: "place-list place-list--favorites place-list--numbered") { b in
            b.newline()
            for (index, place) in list.places.enumerated() {
                let note = list.notes[place.id].flatMap {
                    $0.trimmingWhitespace().isEmpty ? nil : $0
                }
                Components.placeCard(
                    &b, place, root: root, paths: context.paths, t,
                    photo: .init(place, root: root, context: context), showsComment: false,
                    number: index + 1,
                    below: note.map { note in
                        { Components.quotedComment(&$0, note, label: t.ownerNote + ":") }
                    })
            }
        }
        b.newline()
    }

    /// The list's map, drawn by `beacon-map.js` from the JSON beside it: `{"basemap":…,"star":…,
    /// "label":…,"places":[{…FavoritesPage.pin…,"num":1}]}`, the pins in the page's order.
    static func map(_ b: inout HTMLBuffer, _ list: GuideList, root: String, context: SiteContext) {
        let label = context.strings.mapOf(list.name)
        b.element(
            "section", ["class": "favorites-map saved-list-map needs-script", "aria-label": label]
        ) {
            $0.element("div", ["class": "favorites-map__canvas", "id": "list-map"], text: "")
        }
        b.newline()
        let pins: [JSONValue] = list.places.enumerated().map { index, place in
            .object(
                FavoritesPage.pin(place, root: root, context: context) + [
                    ("num", .number(Double(index + 1)))
                ])
        }
        let data: JSONValue = .object([
            ("basemap", MapData.basemap(context.basemap)),
            ("star", .object([("path", .string(Components.starPath))])),
            ("label", .string(label)), ("places", .array(pins)),
        ])
        var bytes: [UInt8] = []
        JSONWriter(pretty: false).write(data, into: &bytes)
        b.scriptJSON(id: "beacon-list-map", bytes)
        b.newline()
    }
}
