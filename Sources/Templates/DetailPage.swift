import BeaconHTML
import BeaconMap
import BeaconModel
import BeaconSite
import BeaconSystem
import BeaconText

/// A place's own page: its category animation, name, facts, map links, star
/// and the owner's ratings.
package enum DetailPage {
    package static func render(_ place: GuidePlace, context: SiteContext) -> [UInt8] {
        let path = context.paths.detailPage(slug: place.slug)
        let root = SiteContext.rootPrefix(depth: SitePaths.depth(of: path))
        let p = place.place
        let t = context.strings
        let distance = t.distance(metres: place.wholeMetres)
        let distanceText = t.distanceFrom(distance, context.centerName)
        // «Restaurant · Indisk, pizza»: what kind of place, as the data knows it.
        var kind = t.singular(p.category)
        if let cuisines = t.cuisineList(p.traits.cuisines) { kind += " · " + cuisines }
        var description = kind
        if let address = p.address.singleLine { description += " · " + address }
        description += " · " + distanceText

        // Hours the guide cannot read claim no status: they are shown as the data has them,
        // labelled so.
        let hoursLines = p.openingHours.flatMap { OpeningHours.lines($0, in: t.language) }
        let showsOpenStatus = hoursLines != nil && p.category.hasOpeningStatus
        let photos = context.photos[p.id] ?? []
        // No small map where the basemap has nothing to draw (the place is beyond the guide's
        // area).
        let showsMap = context.hasMap && context.basemap.covers(p.coordinate)
        let shownName = place.displayName(in: t.language)
        var b = HTMLBuffer(capacity: 6_000)
        PageChrome.page(
            &b,
            head: .init(
                title: shownName + " – " + context.title, description: description,
                includeHoursScript: showsOpenStatus, includeMap: showsMap, includeShareScript: true,
                includeGalleryScript: photos.count > 1,
                mapImageOrigin: context.mapImageOrigin,
                seo: context.seo(
                    for: path, category: p.category, photo: photos.first, placeName: shownName),
                path: path),
            chrome: context.chrome(depth: 2, section: .none), path: path, root: root,
            context: context
        ) { b in
            b.element("nav", ["class": "breadcrumbs", "aria-label": t.breadcrumbs]) { b in
                b.element("a", ["class": "back-link", "href": root + context.paths.listPage()]) {
                    b in
                    b.icon(.back)
                    b.text(t.backToList)
                }
            }
            b.newline()
            b.element(
                "article",
                [
                    "class": "place-detail place-detail--\(p.category.rawValue)",
                    "data-id": p.id.rawValue,
                ]
            ) { b in
                b.element("div", class: "place-detail__summary") { b in
                    gallery(&b, photos, placeName: shownName, root: context.assetRoot(root), t)
                    hero(&b, category: p.category, compact: !photos.isEmpty, t)
                    // One block beside a small symbol (under a photo), so no line of it wraps
                    // under the symbol.
                    b.element("div", class: "place-detail__title") { b in
                        b.element("h1", ["class": "place-detail__name", "dir": "auto"]) {
                            Components.name(&$0, place, in: t.language)
                        }
                        // A name shown in the page's language: the one on the sign follows, as
                        // the reader will see it there. It starts where the heading does; `bdi`
                        // gives a name in Arabic or Hebrew its own direction within the line.
                        if place.name(in: t.language) != place.name {
                            b.element(
                                "p",
                                [
                                    "class": "place-detail__local-name",
                                    "lang": place.names.nameLanguage,
                                ]
                            ) {
                                $0.element("bdi", text: place.name)
                            }
                        }
                        b.element(
                            "p", class: "place-detail__lead", text: kind + " · " + distanceText)
                    }
                    b.newline()
                    badges(&b, place, showsOpenStatus: showsOpenStatus, t)
                    b.newline()
                    savedLists(&b, context.savedListLinks[p.id] ?? [], root: root, t)
                    // The owner's words under the name they are about, not after the facts.
                    ownerNote(&b, p, t)
                    if !place.isInCurrentData {
                        b.element("p", class: "notice", text: t.notInData)
                    }
                    actions(&b, p, t)
                }
                b.element("div", class: "place-detail__info") { b in
                    if showsMap { placeMap(&b, place, context: context) }
                    facts(&b, p, hoursLines: hoursLines, t)
                    switch p.origin {
                    case .own: b.element("p", class: "place-source", text: t.ownPlaceSource)
                    case .corrected: b.element("p", class: "place-source", text: t.correctedSource)
                    case .data: break
                    }
                    ratings(&b, place, t)
                }
            }
            b.newline()
        }
        return b.bytes
    }

    /// Whether it is open now (filled in by the script), its star, and whether it is a favorite.
    static func badges(
        _ b: inout HTMLBuffer, _ place: GuidePlace, showsOpenStatus: Bool, _ t: Strings
    ) {
        b.element("div", class: "place-detail__badges") { b in
            if showsOpenStatus, let hours = place.place.openingHours {
                // Filled in by beacon-hours.js in the reader's browser ("Åpent · stenger kl.
                // 22:00", Oslo time).
                b.element(
                    "span",
                    [
                        "class": "open-status", "id": "open-status", "data-opening-hours": hours,
                        "hidden": "",
                    ],
                    text: "")
            }
            Components.rating(&b, place.summary, long: true, t)
            if place.isFavorite {
                b.element("span", class: "badge badge--favorite") { b in
                    b.append(Components.favoriteMarks[t.language]!)
                    b.element("span", ["aria-hidden": "true"], text: t.favorite)
                }
            }
        }
    }

    /// The category's symbol and its animation (CSS only); the café's steam with its pause switch
    /// on the symbol. `compact` under the owner's photo: the photo leads, the symbol says what kind
    /// of place it is.
    static func hero(
        _ b: inout HTMLBuffer, category: PlaceCategory, compact: Bool = false, _ t: Strings
    ) {
        let kind = "hero hero--\(category.animation.rawValue)" + (compact ? " hero--compact" : "")
        b.element("div", ["class": kind]) { b in
            b.element(heroStageTag) { b in
                if category.animation == .steam {
                    b.element("span", class: "steam") { b in
                        for _ in 1...3 { b.element("span", class: "steam__particle", text: "") }
                    }
                }
                Components.categoryIcon(&b, category, in: "hero__symbol")
            }
            if category.animation == .steam { pauseControl(&b, t) }
        }
        b.newline()
    }

    /// Made once, as every place's page has it.
    static let heroStageTag = HTMLStartTag("div", ["class": "hero__stage", "aria-hidden": "true"])

    /// The café's steam runs forever, so it has a pause switch (WCAG 2.2.2) that
    /// works without script: a checkbox the stylesheet reads (`:has`), drawn as a small
    /// icon button on the symbol, so it does not stand among the page's actions.
    static func pauseControl(_ b: inout HTMLBuffer, _ t: Strings) {
        b.element("p", class: "pause-control") { b in
            b.voidElement(
                "input", ["type": "checkbox", "id": "pause-animation", "class": "pause-toggle"])
            b.element("label", ["for": "pause-animation", "class": "pause-label"]) { b in
                b.icon(.pause)
                b.icon(.play)
                b.element("span", class: "visually-hidden", text: t.pauseAnimation)
            }
        }
    }

    /// A small map of the place and the guide's centre, drawn by `beacon-map.js` from the JSON
    /// beside it.
    static func placeMap(_ b: inout HTMLBuffer, _ place: GuidePlace, context: SiteContext) {
        let shownName = place.displayName(in: context.strings.language)
        b.element(
            "section",
            ["class": "place-map needs-script", "aria-label": context.strings.mapOf(shownName)]
        ) {
            $0.element("div", ["class": "place-map__canvas", "id": "place-map"], text: "")
        }
        b.newline()
        var pin: [(key: String, value: JSONValue)] = [
            ("lat", .number(PageData.rounded(place.coordinate.latitude))),
            ("lon", .number(PageData.rounded(place.coordinate.longitude))),
            ("n", .string(shownName)), ("c", .string(place.category.rawValue)),
        ]
        if let summary = place.summary {
            pin.append(("s", .number(Double(summary.roundedStars))))
            pin.append(("avg", .number(summary.sortAverage)))
        }
        // {"basemap":…,"place":{pin},"center":…,"star":…}: all but the pin is the site's
        // (`MapDataFrame`).
        let frame = context.detailMapFrame
        var bytes = frame.beforePlace
        bytes.reserveCapacity(frame.beforePlace.count + 160 + frame.afterPlace.count)
        JSONWriter(pretty: false).write(.object(pin), into: &bytes)
        bytes += frame.afterPlace
        b.scriptJSON(id: "beacon-map", bytes)
        b.newline()
    }

    /// The map data of a detail page around its pin: the same on every page, so written once per
    /// build.
    struct MapDataFrame: Sendable {
        var beforePlace: [UInt8]
        var afterPlace: [UInt8]

        init(settings: SiteSettings, basemap: PublishedBasemap) {
            let writer = JSONWriter(pretty: false)
            beforePlace = Array(#"{"basemap":"#.utf8)
            writer.write(MapData.basemap(basemap), into: &beforePlace)
            beforePlace += Array(#","place":"#.utf8)
            var center: [(key: String, value: JSONValue)] = [
                ("lat", .number(settings.center.latitude)),
                ("lon", .number(settings.center.longitude)),
            ]
            if let label = settings.centerLabel { center.append(("label", .string(label))) }
            afterPlace = Array(#","center":"#.utf8)
            writer.write(.object(center), into: &afterPlace)
            afterPlace += Array(#","star":"#.utf8)
            writer.write(
                .object([
                    ("path", .string(Components.starPath))
                ]),
                into: &afterPlace)
            afterPlace.append(UInt8(ascii: "}"))
        }
    }

    /// One row of what a reader does next, under the name: directions (Apple Maps, the brief's
    /// button), call, the place's own website (only what the data allows), and share (shown by
    /// `beacon-share.js`).
    static func actions(_ b: inout HTMLBuffer, _ p: Place, _ t: Strings) {
        b.element("div", class: "actions") { b in
            action(
                &b, .directions, t.directions,
                ["class": "button", "href": MapLinks.appleMapsDirections(p)])
            if let phone = p.phone, let href = SafeURL.telephoneHref(phone) {
                action(&b, .phone, t.call, ["class": "button button--secondary", "href": href])
            }
            if let website = p.website {
                action(
                    &b, .globe, t.websiteAction,
                    [
                        "class": "button button--secondary", "href": website,
                        "rel": "noopener noreferrer",
                    ])
            }
            Components.shareButtonOnly(&b, label: t.shareAction)
        }
        Components.shareStatus(&b)
        b.newline()
    }

    /// A link of the row of actions: its icon and its label.
    private static func action(
        _ b: inout HTMLBuffer, _ icon: Icon, _ label: String,
        _ attributes: KeyValuePairs<StaticString, String?>
    ) {
        b.element("a", attributes) { b in
            b.icon(icon)
            b.text(label)
        }
    }

    /// The owner's note on the place (an own place's `--note`, an imported description): Markdown,
    /// as comments are.
    /// «I listene: Søndagsfrokost, Når familien kommer på besøk», each a link to its list's page;
    /// nothing for a place in none.
    static func savedLists(
        _ b: inout HTMLBuffer, _ lists: [SiteContext.SavedListLink], root: String, _ t: Strings
    ) {
        guard !lists.isEmpty else { return }
        b.element("p", class: "place-lists") { b in
            b.icon(.list)
            b.element("span", class: "place-lists__label", text: t.inLists(lists.count))
            for (index, list) in lists.enumerated() {
                b.text(index == 0 ? " " : ", ")
                b.element("a", ["href": root + list.path, "dir": "auto"], text: list.name)
            }
        }
        b.newline()
    }

    static func ownerNote(_ b: inout HTMLBuffer, _ p: Place, _ t: Strings) {
        guard let note = p.ownerNote, !note.trimmingWhitespace().isEmpty else { return }
        b.element("section", ["class": "owner-note", "aria-labelledby": "owner-note-heading"]) {
            b in
            b.element("h2", ["id": "owner-note-heading"], text: t.ownerNote)
            Components.comment(&b, note)
        }
        b.newline()
    }

    /// The owner's ratings, newest first. None: no section, since a reader has no use for being
    /// told what the owner has not done yet.
    static func ratings(_ b: inout HTMLBuffer, _ place: GuidePlace, _ t: Strings) {
        guard !place.ratings.isEmpty else { return }
        b.element("section", ["class": "ratings", "aria-labelledby": "ratings-heading"]) { b in
            b.element("h2", ["id": "ratings-heading"], text: t.myRatings)
            b.element("ol", ["class": "rating-list"], flags: .reversed) { b in
                for rating in place.ratings.newestFirst {
                    b.element("li", class: "rating-entry") { b in
                        b.element("p", class: "rating-entry__head") { b in
                            Components.rating(&b, stars: rating.stars, t)
                            b.text(" ")
                            b.element(
                                "time", ["datetime": rating.date.iso],
                                text: t.language.longDate(rating.date))
                        }
                        if let comment = rating.comment, !comment.trimmingWhitespace().isEmpty {
                            Components.comment(&b, comment)
                        }
                    }
                }
            }
        }
        b.newline()
    }
}
