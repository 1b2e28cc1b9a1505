import BeaconHTML
import BeaconMap
import BeaconModel
import BeaconSite
import BeaconText
import FoundationEssentials

/// "Mine steder" as one self-contained HTML file (`sitegen share`): the
/// stylesheet and the icon inline, no script, no request to any host, so it
/// opens from an e-mail attachment or a USB stick. Its only links go to map
/// services.
package enum ShareFile {
    /// Only inline styles and data: images; nothing else may load.
    static let contentSecurityPolicy =
        "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'"

    /// In the file's head, so `sitegen share` can tell an earlier share file (which it may replace)
    /// from any other file (which it must not): the `meta` element `render` writes.
    package static let generatorMarker: StaticString =
        "<meta name=\"generator\" content=\"Beacon sitegen share\">"

    /// The largest a share file may grow with its photos: small enough to send by e-mail.
    package static let sizeLimit = 2_000_000

    /// A favorite's thumbnail, inline: the last build's smallest WebP of its first photo.
    package struct Thumbnail: Sendable {
        package var bytes: [UInt8]
        package var width: Int
        package var height: Int
        package var placeholder: String

        package init(bytes: [UInt8], width: Int, height: Int, placeholder: String) {
            self.bytes = bytes
            self.width = width
            self.height = height
            self.placeholder = placeholder
        }
    }

    /// The file, and how many of the favorites' photos were left out to keep it under `sizeLimit`.
    package struct Rendered {
        package var bytes: [UInt8]
        package var photosLeftOut: Int
    }

    /// `overview`: the still map of the favorites over the last build's basemap (nil: none).
    /// `thumbnails`: the favorites' photos, taken in the list's order while the file stays under
    /// `sizeLimit`.
    package static func render(
        _ guide: Guide, context: SiteContext, stylesheet: String, iconSVG: [UInt8],
        overview: ShareOverview? = nil,
        thumbnails: [PlaceID: Thumbnail]
    ) -> Rendered {
        let bare = render(
            guide, context: context, stylesheet: stylesheet, iconSVG: iconSVG, overview: overview)
        var budget = sizeLimit - bare.count
        var shown: [PlaceID: String] = [:]
        var leftOut = 0
        for place in guide.favorites {
            guard let thumbnail = thumbnails[place.id] else { continue }
            let uri = "data:image/webp;base64," + Data(thumbnail.bytes).base64EncodedString()
            // The image's markup besides the data: some 300 bytes.
            let cost = uri.utf8.count + 300
            guard cost <= budget else {
                leftOut += 1
                continue
            }
            budget -= cost
            shown[place.id] = uri
        }
        guard !shown.isEmpty else { return Rendered(bytes: bare, photosLeftOut: leftOut) }
        let bytes = render(
            guide, context: context, stylesheet: stylesheet, iconSVG: iconSVG, overview: overview,
            photo: { id in shown[id].flatMap { uri in thumbnails[id].map { (uri, $0) } } })
        return Rendered(bytes: bytes, photosLeftOut: leftOut)
    }

    static func render(
        _ guide: Guide, context: SiteContext, stylesheet: String, iconSVG: [UInt8],
        overview: ShareOverview? = nil,
        photo: (PlaceID) -> (uri: String, thumbnail: Thumbnail)? = { _ in nil }
    ) -> [UInt8] {
        let favorites = guide.favorites
        let t = context.strings
        let iconURI = "data:image/svg+xml;base64," + Data(iconSVG).base64EncodedString()
        var b = HTMLBuffer(capacity: 64_000 + favorites.count * 1_500)
        b.doctype()
        b.newline()
        b.element("html", ["lang": t.language.rawValue]) { b in
            b.newline()
            b.element("head") { b in
                b.newline()
                head(
                    &b, title: t.myPlaces + " – " + context.title, t, stylesheet: stylesheet,
                    iconURI: iconURI)
            }
            b.newline()
            b.element("body", class: "share-file") { b in
                b.newline()
                b.element("header", class: "site-header") { b in
                    b.element("div", class: "site-header__inner") { b in
                        b.element("span", class: "brand") { b in
                            b.voidElement(
                                "img",
                                [
                                    "class": "brand__icon", "src": iconURI, "alt": "",
                                    "width": "40", "height": "40",
                                ])
                            b.element("span", class: "brand__title", text: context.title)
                        }
                    }
                }
                b.newline()
                b.element("main", ["id": "main", "class": "main"]) { b in
                    b.newline()
                    Components.favoritesIntro(&b, lead: t.shareFileIntro, count: favorites.count, t)
                    if favorites.isEmpty {
                        b.element("p", class: "empty-state", text: t.noFavorites)
                    } else {
                        if let overview {
                            map(
                                &b, overview, centerLabel: context.settings.centerLabel,
                                names: favorites.map { $0.name(in: t.language) }, t)
                        }
                        b.element("ol", class: "place-list place-list--favorites") { b in
                            b.newline()
                            for (index, place) in favorites.enumerated() {
                                card(
                                    &b, place, number: overview == nil ? nil : index + 1,
                                    photo: photo(place.id), t)
                            }
                        }
                        b.newline()
                    }
                }
                b.newline()
                footer(&b, geoapify: guide.source.cameFromGeoapify, context: context)
                b.newline()
            }
            b.newline()
        }
        b.newline()
        return b.bytes
    }

    /// The head's lines: the generator (`generatorMarker`), the policy, the names, the icon and the
    /// stylesheet.
    static func head(
        _ b: inout HTMLBuffer, title: String, _ t: Strings, stylesheet: String, iconURI: String
    ) {
        b.voidElement("meta", ["charset": "utf-8"])
        b.newline()
        b.voidElement(
            "meta", ["name": "viewport", "content": "width=device-width, initial-scale=1"])
        b.newline()
        b.voidElement("meta", ["name": "generator", "content": "Beacon sitegen share"])
        b.newline()
        b.voidElement(
            "meta", ["http-equiv": "Content-Security-Policy", "content": contentSecurityPolicy])
        b.newline()
        b.voidElement("meta", ["name": "referrer", "content": "no-referrer"])
        b.newline()
        b.voidElement("meta", ["name": "color-scheme", "content": "light dark"])
        b.newline()
        b.element("title", text: title)
        b.newline()
        b.voidElement("meta", ["name": "description", "content": t.shareFileIntro])
        b.newline()
        b.voidElement("link", ["rel": "icon", "href": iconURI])
        b.newline()
        b.inlineStyleSheet(stylesheet)
        b.newline()
    }

    /// The data's credits and date, without links but to OpenStreetMap's copyright.
    static func footer(_ b: inout HTMLBuffer, geoapify: Bool, context: SiteContext) {
        let t = context.strings
        b.element("footer", class: "site-footer") { b in
            b.element("div", class: "site-footer__inner") { b in
                b.element("p") { b in
                    b.text("Data © ")
                    b.element(
                        "a", ["href": "https://www.openstreetmap.org/copyright"],
                        text: t.osmContributors)
                    if geoapify { b.text(" · Powered by Geoapify") }
                }
                b.element("p", text: t.lastUpdated(context.lastUpdatedText) + " · " + t.madeWith)
            }
        }
    }

    /// The favorites on a still map: water, green and major streets, a numbered pin per favorite
    /// with its name beside it where there is room (`ShareMapLabels`; the list below is the legend
    /// of the rest: each card carries its pin's number), and the guide's centre, named, that the
    /// distances are from. Drawn in the stylesheet's basemap colours (light and
    /// dark); no script, no image to fetch. Without a basemap, the pins stand on the plain ground
    /// and faint grid the guide's own maps have then.
    static func map(
        _ b: inout HTMLBuffer, _ overview: ShareOverview, centerLabel: String? = nil,
        names: [String] = [], _ t: Strings
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
                    "aria-label": t.favoritesMap, "xmlns": "http://www.w3.org/2000/svg",
                ]
            ) { b in
                b.element(
                    "rect", ["class": "share-map__land", "width": width, "height": height], text: ""
                )
                if plain {
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
                        [
                            "class": "share-map__shape share-map__" + layer.kind.rawValue,
                            "d": layer.path,
                        ],
                        text: "")
                }
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

    /// A favorite: what it is, where, its star and the owner's latest comment, and map links. With
    /// a map, its pin's number stands where the category's symbol would (the meta line names the
    /// kind), or on the corner of its photo. The address wraps rather than being cut off, and the
    /// hours are a small table of the week.
    static func card(
        _ b: inout HTMLBuffer, _ place: GuidePlace, number: Int? = nil,
        photo: (uri: String, thumbnail: Thumbnail)? = nil, _ t: Strings
    ) {
        let p = place.place
        b.element("li", class: "place-card share-card") { b in
            b.element("div", class: "place-card__link") { b in
                symbol(&b, p, number: number, photo: photo)
                b.element("div", class: "place-card__body") { b in
                    b.element("span", class: "place-card__name") {
                        Components.name(&$0, place, in: t.language)
                    }
                    Components.cardAddress(&b, p.address)
                    b.element(
                        "span", class: "place-card__meta",
                        text: t.singular(p.category) + " · " + t.distance(metres: place.wholeMetres)
                    )
                    if let raw = p.openingHours { hours(&b, raw, t) }
                }
                b.element("span", class: "place-card__aside") {
                    Components.rating(&$0, place.summary, t)
                }
            }
            if let comment = place.ratings.latest?.comment, !comment.trimmingWhitespace().isEmpty {
                Components.quotedComment(&b, comment, label: t.commentLabel)
            }
            b.element("p", class: "share-card__links") { b in
                b.element("a", ["href": MapLinks.appleMaps(p)], text: t.openInAppleMaps)
                b.text(" · ")
                b.element("a", ["href": MapLinks.googleMaps(p)], text: t.openInGoogleMaps)
                if let osm = p.id.openStreetMapURL {
                    b.text(" · ")
                    b.element("a", ["href": osm], text: t.openInOpenStreetMap)
                }
            }
        }
        b.newline()
    }

    /// The card's symbol: the photo, the pin's number (the list is an ordered list, so a screen
    /// reader says it; the mark is for the eye), both, or the category's symbol without a map.
    static func symbol(
        _ b: inout HTMLBuffer, _ p: Place, number: Int?,
        photo: (uri: String, thumbnail: Thumbnail)?
    ) {
        guard let photo else {
            if let number {
                b.element(
                    "span", ["class": "share-card__number", "aria-hidden": "true"],
                    text: String(number))
            } else {
                Components.categoryIcon(&b, p.category, in: "place-card__icon")
            }
            return
        }
        b.element("span", class: "share-card__symbol") { b in
            b.element("span", class: "place-card__photo") {
                $0.voidElement(
                    "img",
                    [
                        "class": PhotoMarkup.placeholderClass(photo.thumbnail.placeholder),
                        "src": photo.uri,
                        "width": String(photo.thumbnail.width),
                        "height": String(photo.thumbnail.height),
                        "alt": "",
                    ])
            }
            if let number {
                b.element(
                    "span",
                    [
                        "class": "share-card__number share-card__number--corner",
                        "aria-hidden": "true",
                    ],
                    text: String(number))
            }
        }
    }

    /// The week's hours as a table (`OpeningHours.weekRows`); hours the guide cannot read as the
    /// data has them, labelled so.
    static func hours(_ b: inout HTMLBuffer, _ raw: String, _ t: Strings) {
        guard let rows = OpeningHours.weekRows(raw, in: t.language) else {
            b.element(
                "span", class: "place-card__meta share-card__raw-hours",
                text: t.openingHoursNotInterpreted + ": " + raw)
            return
        }
        b.element("table", class: "week-hours") { b in
            b.element("caption", class: "visually-hidden", text: t.openingHours)
            b.element("tbody") { b in
                for row in rows {
                    b.element("tr") { b in
                        b.element("th", ["scope": "row"], text: row.days)
                        b.element("td", text: row.times)
                    }
                }
            }
        }
    }
}
