import BeaconHTML
import BeaconModel
import BeaconSite
import BeaconSystem
import BeaconText

/// "Mine steder": the owner's favorites with their stars and latest comment,
/// meant to be shared: a share button, and the explorer's map (`beacon-map.js`)
/// with the pins of this page's favorites.
package enum FavoritesPage {
    /// How many pages «Mine steder» has (100 favorites a page, as the lists).
    package static func pageCount(_ guide: Guide) -> Int {
        ListPage.pageCount(for: guide.favorites.count)
    }

    package static func render(_ guide: Guide, context: SiteContext, page: Int = 1) -> [UInt8] {
        let path = context.paths.favoritesPage(page: page)
        let depth = SitePaths.depth(of: path)
        let root = SiteContext.rootPrefix(depth: depth)
        let t = context.strings
        let all = guide.favorites
        let pageCount = ListPage.pageCount(for: all.count)
        let favorites = all[
            min(
                all.count, (page - 1) * ListPage.pageSize)..<min(
                    all.count, page * ListPage.pageSize)]
        let withMap = context.hasMap && !favorites.isEmpty
        var b = HTMLBuffer(capacity: 8_192 + favorites.count * 1_100)
        PageChrome.page(
            &b,
            head: .init(
                title: t.myPlaces + " – " + context.title,
                description: t.favoritesIntro, includeMap: withMap,
                includeShareScript: !all.isEmpty,
                mapImageOrigin: context.mapImageOrigin, seo: context.seo(for: path), path: path),
            chrome: context.chrome(depth: depth, section: .favorites), path: path, root: root,
            context: context
        ) { b in
            // Nothing to share yet: no button.
            Components.favoritesIntro(
                &b, lead: t.favoritesIntro, count: all.count, sharing: !all.isEmpty, t)
            guard !favorites.isEmpty else {
                b.element("p", class: "empty-state") { b in
                    b.element("span", class: "empty-state__icon") { $0.icon(.heart) }
                    b.text(t.noFavorites)
                }
                b.newline()
                return
            }
            // With a map: above the list on a phone, beside it (and staying in view) on a wide
            // screen.
            if withMap {
                b.element("div", class: "favorites-body") { b in
                    // Every favorite on the map, whichever page lists it.
                    map(&b, all[...], root: root, context: context)
                    list(&b, favorites, root: root, context: context)
                }
                b.newline()
            } else {
                list(&b, favorites, root: root, context: context)
            }
            Components.pagination(&b, page: page, pageCount: pageCount, root: root, t) {
                context.paths.favoritesPage(page: $0)
            }
            exportLinks(&b, root: root, paths: context.paths, t)
        }
        return b.bytes
    }

    /// The page's favorites, one card a line.
    static func list(
        _ b: inout HTMLBuffer, _ favorites: ArraySlice<GuidePlace>, root: String,
        context: SiteContext
    ) {
        b.element("ul", class: "place-list place-list--favorites") { b in
            b.newline()
            for place in favorites {
                favoriteCard(
                    &b, place, root: root, paths: context.paths,
                    photo: .init(place, root: root, context: context),
                    context.strings)
            }
        }
        b.newline()
    }

    /// The map of `favorites` (all of them), drawn by `beacon-map.js` from the JSON beside it:
    /// `{"basemap":…,"center":…,"star":…,"places":[{id,n,c,lat,lon,u,meta,s?,label?}],
    /// "far"?:{"places":[index…],"go":"1 til, 931 km unna","back":"Tilbake til 150 steder"}}`, each
    /// link relative to this page and each text in its language, so the script adds none. `far`:
    /// the favorites far from the rest (`MapGroups`), which the map leaves to a button.
    static func map(
        _ b: inout HTMLBuffer, _ favorites: ArraySlice<GuidePlace>, root: String,
        context: SiteContext
    ) {
        let t = context.strings
        b.element("section", ["class": "favorites-map needs-script", "aria-label": t.favoritesMap])
        {
            $0.element("div", ["class": "favorites-map__canvas", "id": "favorites-map"], text: "")
        }
        b.newline()
        let settings = context.settings
        var center: [(key: String, value: JSONValue)] = [
            ("lat", .number(settings.center.latitude)), ("lon", .number(settings.center.longitude)),
        ]
        if let label = settings.centerLabel { center.append(("label", .string(label))) }
        let pins: [JSONValue] = favorites.map { .object(pin($0, root: root, context: context)) }
        let data: JSONValue = .object(
            [
                ("basemap", MapData.basemap(context.basemap)), ("center", .object(center)),
                (
                    "star",
                    .object([
                        ("path", .string(Components.starPath))
                    ])
                ),
                ("label", .string(t.favoritesMap)), ("places", .array(pins)),
            ] + farAway(favorites.map(\.coordinate), t))
        var bytes: [UInt8] = []
        JSONWriter(pretty: false).write(data, into: &bytes)
        b.scriptJSON(id: "beacon-favorites-map", bytes)
        b.newline()
    }

    /// A pin of the favourites' map and of a list's (`SavedListPage`): `{id,n,c,lat,lon,u,meta,
    /// s?,avg?,label?,ph?,pw?,phh?,pc?}`, its link relative to the page at `root`.
    static func pin(_ place: GuidePlace, root: String, context: SiteContext) -> [(
        key: String, value: JSONValue
    )] {
        let t = context.strings
        var pin: [(key: String, value: JSONValue)] = [
            ("id", .string(place.id.rawValue)), ("n", .string(place.name(in: t.language))),
            ("c", .string(place.category.rawValue)),
            ("lat", .number(PageData.rounded(place.coordinate.latitude))),
            ("lon", .number(PageData.rounded(place.coordinate.longitude))),
            ("u", .string(root + context.paths.detailPage(slug: place.slug))),
            (
                "meta",
                .string(
                    t.singular(place.category) + " · " + t.distance(metres: place.wholeMetres))
            ),
        ]
        if let summary = place.summary {
            pin.append(("s", .number(Double(summary.roundedStars))))
            pin.append(("avg", .number(summary.sortAverage)))
            pin.append(("label", .string(t.ratingLabel(summary))))
        }
        if let photo = context.photos[place.id]?.first {
            let small = photo.source(atLeast: PhotoMarkup.thumbnailWidth)
            pin.append(("ph", .string(context.assetRoot(root) + small.path)))
            pin.append(("pw", .number(Double(small.width))))
            pin.append(("phh", .number(Double(small.height))))
            pin.append(("pc", .string(PhotoMarkup.placeholderClass(photo.placeholder) ?? "")))
        }
        return pin
    }

    /// The map data's `far` entry, when some favorites lie far from the rest.
    static func farAway(_ coordinates: [Coordinate], _ t: Strings) -> [(
        key: String, value: JSONValue
    )] {
        guard let groups = MapGroups.split(coordinates), !groups.far.isEmpty else { return [] }
        return [
            (
                "far",
                .object([
                    ("places", .array(groups.far.map { .number(Double($0)) })),
                    ("go", .string(groups.farLabel(t))),
                    ("back", .string(t.backToTheRest(t.placeCount(groups.main.count)))),
                ])
            )
        ]
    }

    /// Downloads of the favorites for map apps.
    static func exportLinks(_ b: inout HTMLBuffer, root: String, paths: SitePaths, _ t: Strings) {
        exportLinks(
            &b, root: root,
            gpx: paths.favoritesGPX, kml: paths.favoritesKML, geoJSON: paths.favoritesGeoJSON,
            intro: t.exportsIntro, t)
    }

    /// «Ta med deg listen»: a list's GPX, KML and GeoJSON (the favourites' or one of the lists').
    static func exportLinks(
        _ b: inout HTMLBuffer, root: String, gpx: String, kml: String, geoJSON: String,
        intro: String, _ t: Strings
    ) {
        b.element("section", ["class": "exports", "aria-labelledby": "exports-heading"]) { b in
            b.element("h2", ["id": "exports-heading"], text: t.takeTheList)
            b.element("p", text: intro)
            b.element("ul", class: "exports__links") { b in
                for (path, label) in [
                    (gpx, t.gpxLink), (kml, t.kmlLink), (geoJSON, t.geoJSONLink),
                ] {
                    b.element("li") {
                        $0.element("a", ["href": root + path, "download": ""], text: label)
                    }
                }
            }
        }
        b.newline()
    }

    /// A card like the list's, with the latest comment (or the owner's note) under it.
    static func favoriteCard(
        _ b: inout HTMLBuffer, _ place: GuidePlace, root: String, paths: SitePaths,
        photo: Components.CardPhoto?,
        _ t: Strings
    ) {
        // The owner's note on the place stands in for a comment.
        let comment = place.ratings.latest?.comment
        let label = comment == nil ? t.ownerNote + ":" : t.commentLabel
        guard let comment = comment ?? place.place.ownerNote,
            !comment.trimmingWhitespace().isEmpty
        else {
            Components.placeCard(
                &b, place, root: root, paths: paths, t, photo: photo, showsComment: false)
            return
        }
        Components.placeCard(
            &b, place, root: root, paths: paths, t, photo: photo, showsComment: false
        ) { b in
            Components.quotedComment(&b, comment, label: label)
        }
    }
}
