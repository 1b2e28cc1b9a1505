import BeaconCore
import BeaconHTML
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

    /// In the file's head, so `sitegen share` can tell an earlier share file
    /// (which it may replace) from any other file (which it must not).
    package static let generatorMarker: StaticString = "<meta name=\"generator\" content=\"Beacon sitegen share\">"

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

    /// `overview`: the still map of the favorites over the last build's basemap (nil: none). `thumbnails`:
    /// the favorites' photos, taken in the list's order while the file stays under `sizeLimit`.
    package static func render(
        _ guide: Guide, context: SiteContext, stylesheet: String, iconSVG: [UInt8], overview: ShareOverview? = nil,
        thumbnails: [PlaceID: Thumbnail]
    ) -> Rendered {
        let bare = render(guide, context: context, stylesheet: stylesheet, iconSVG: iconSVG, overview: overview)
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
        _ guide: Guide, context: SiteContext, stylesheet: String, iconSVG: [UInt8], overview: ShareOverview? = nil,
        photo: (PlaceID) -> (uri: String, thumbnail: Thumbnail)? = { _ in nil }
    ) -> [UInt8] {
        let favorites = guide.favorites
        let t = context.strings
        let iconURI = "data:image/svg+xml;base64," + Data(iconSVG).base64EncodedString()
        var b = HTMLBuffer(capacity: 64_000 + favorites.count * 1_500)
        b.raw("<!DOCTYPE html>\n<html lang=\"")
        b.text(t.language.rawValue)
        b.raw("\">\n<head>\n<meta charset=\"utf-8\">\n")
        b.raw("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
        b.raw(generatorMarker)
        b.raw("\n")
        b.open("meta", ["http-equiv": "Content-Security-Policy", "content": contentSecurityPolicy])
        b.raw(
            "\n<meta name=\"referrer\" content=\"no-referrer\">\n<meta name=\"color-scheme\" content=\"light dark\">\n")
        b.element("title", text: t.myPlaces + " – " + context.title)
        b.raw("\n")
        b.open("meta", ["name": "description", "content": t.shareFileIntro])
        b.raw("\n")
        b.open("link", ["rel": "icon", "href": iconURI])
        b.raw("\n")
        b.inlineStyleSheet(stylesheet)
        b.raw(
            "\n</head>\n<body class=\"share-file\">\n<header class=\"site-header\"><div class=\"site-header__inner\"><span class=\"brand\">"
        )
        b.open("img", ["class": "brand__icon", "src": iconURI, "alt": "", "width": "40", "height": "40"])
        b.element("span", ["class": "brand__title"], text: context.title)
        b.raw("</span></div></header>\n<main id=\"main\" class=\"main\">\n")
        b.append(Components.starGradients)
        Components.favoritesIntro(&b, lead: t.shareFileIntro, count: favorites.count, t)
        if favorites.isEmpty {
            b.element("p", ["class": "empty-state"], text: t.noFavorites)
        } else {
            if let overview { map(&b, overview, t) }
            b.raw("<ol class=\"place-list place-list--favorites\">\n")
            for (index, place) in favorites.enumerated() {
                card(&b, place, number: overview == nil ? nil : index + 1, photo: photo(place.id), t)
            }
            b.raw("</ol>\n")
        }
        b.raw("</main>\n<footer class=\"site-footer\"><div class=\"site-footer__inner\"><p>Data © ")
        b.element("a", ["href": "https://www.openstreetmap.org/copyright"], text: t.osmContributors)
        if guide.source.cameFromGeoapify { b.raw(" · Powered by Geoapify") }
        b.raw("</p><p>")
        b.text(t.lastUpdated(context.lastUpdatedText) + " · " + t.madeWith)
        b.raw("</p></div></footer>\n</body>\n</html>\n")
        return b.bytes
    }

    /// The favorites on a still map: water, green and major streets, a numbered pin per favorite. Drawn
    /// in the stylesheet's basemap colours (light and dark); no script, no image to fetch. Without a
    /// basemap, the pins stand on the plain ground and faint grid the guide's own maps have then.
    static func map(_ b: inout HTMLBuffer, _ overview: ShareOverview, _ t: Strings) {
        let width = ShareOverview.number(overview.width)
        let height = ShareOverview.number(overview.height)
        let plain = overview.layers.isEmpty
        b.open("figure", ["class": plain ? "share-map share-map--plain" : "share-map"])
        b.open(
            "svg",
            [
                "class": "share-map__svg", "viewBox": "0 0 \(width) \(height)", "role": "img",
                "aria-label": t.favoritesMap, "xmlns": "http://www.w3.org/2000/svg",
            ])
        b.open("rect", ["class": "share-map__land", "width": width, "height": height])
        b.close("rect")
        if plain {
            var grid = ""
            for x in stride(from: 40.0, to: overview.width, by: 40) { grid += "M\(Int(x)) 0V\(height)" }
            for y in stride(from: 40.0, to: overview.height, by: 40) { grid += "M0 \(Int(y))H\(width)" }
            b.open("path", ["class": "share-map__grid", "d": grid])
            b.close("path")
        }
        for layer in overview.layers {
            b.open("path", ["class": "share-map__shape share-map__" + layer.kind.rawValue, "d": layer.path])
            b.close("path")
        }
        for (index, pin) in overview.pins.enumerated() {
            let x = ShareOverview.number(pin.x)
            let y = ShareOverview.number(pin.y)
            b.open("g", ["class": "share-map__pin"])
            b.open("circle", ["cx": x, "cy": y, "r": "10"])
            b.close("circle")
            b.element("text", ["x": x, "y": y], text: String(index + 1))
            b.close("g")
        }
        b.close("svg")
        b.close("figure")
        b.raw("\n")
    }

    /// A favorite: what it is, where, its star and the owner's latest comment, and map links.
    static func card(
        _ b: inout HTMLBuffer, _ place: GuidePlace, number: Int? = nil,
        photo: (uri: String, thumbnail: Thumbnail)? = nil, _ t: Strings
    ) {
        let p = place.place
        b.open("li", ["class": "place-card share-card"])
        b.raw("<div class=\"place-card__link\">")
        // The pin's number on the map above (the list is an ordered list: a screen reader says it).
        if let number {
            b.element("span", ["class": "share-card__number", "aria-hidden": "true"], text: String(number))
        }
        if let photo {
            b.raw("<span class=\"place-card__photo\">")
            b.open(
                "img",
                [
                    "class": PhotoMarkup.placeholderClass(photo.thumbnail.placeholder), "src": photo.uri,
                    "width": String(photo.thumbnail.width), "height": String(photo.thumbnail.height), "alt": "",
                ])
            b.raw("</span>")
        } else {
            Components.categoryIcon(&b, p.category, in: "place-card__icon")
        }
        b.raw("<span class=\"place-card__body\">")
        b.open("span", ["class": "place-card__name"])
        Components.name(&b, place, in: t.language)
        b.close("span")
        Components.address(&b, p.address.singleLine, of: p.category, class: "place-card__address", t)
        b.raw("<span class=\"place-card__meta\">")
        b.text(t.singular(p.category) + " · " + t.distance(metres: place.wholeMetres))
        b.raw("</span>")
        if let raw = p.openingHours {
            b.element(
                "span", ["class": "place-card__meta"],
                text: OpeningHours.lines(raw, in: t.language)?.joined(separator: "; ")
                    ?? t.openingHoursNotInterpreted + ": " + raw)
        }
        b.raw("</span><span class=\"place-card__aside\">")
        Components.rating(&b, place.summary, t)
        b.raw("</span></div>")
        if let comment = place.ratings.latest?.comment, !comment.trimmingWhitespace().isEmpty {
            Components.comment(&b, comment)
        }
        b.raw("<p class=\"share-card__links\">")
        b.element("a", ["href": MapLinks.appleMaps(p)], text: t.openInAppleMaps)
        b.raw(" · ")
        b.element("a", ["href": MapLinks.googleMaps(p)], text: t.openInGoogleMaps)
        if let osm = p.id.openStreetMapURL {
            b.raw(" · ")
            b.element("a", ["href": osm], text: t.openInOpenStreetMap)
        }
        b.raw("</p></li>\n")
    }
}
