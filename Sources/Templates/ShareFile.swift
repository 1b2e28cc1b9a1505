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

    /// What a share file lists: the favorites, or one of the owner's lists (`ShareFile+List.swift`).
    struct Subject {
        /// The page's title (the site's title follows it).
        var title: String
        /// The head's description.
        var summary: String
        var places: [GuidePlace]
        /// The intro above the map and the cards (its `h1`).
        var intro: (inout HTMLBuffer) -> Void
        var emptyText: String
        /// The map's name, for a screen reader.
        var mapLabel: String
        /// Whether the cards carry their numbers without a map too (a list's order is its point).
        var alwaysNumbered = false
        /// The text quoted under a card in place of the owner's latest comment (a list's note).
        var note: (GuidePlace) -> String? = { _ in nil }
    }

    /// The favorites as a share file's subject.
    static func favorites(_ guide: Guide, _ t: Strings, siteTitle: String) -> Subject {
        let favorites = guide.favorites
        return Subject(
            title: t.myPlaces + " – " + siteTitle, summary: t.shareFileIntro, places: favorites,
            intro: {
                Components.favoritesIntro(&$0, lead: t.shareFileIntro, count: favorites.count, t)
            },
            emptyText: t.noFavorites, mapLabel: t.favoritesMap)
    }

    /// `overview`: the still map of the favorites over the last build's basemap (nil: none).
    /// `thumbnails`: the favorites' photos, taken in the list's order while the file stays under
    /// `sizeLimit`.
    package static func render(
        _ guide: Guide, context: SiteContext, stylesheet: String, iconSVG: [UInt8],
        overview: ShareOverview? = nil,
        thumbnails: [PlaceID: Thumbnail]
    ) -> Rendered {
        render(
            favorites(guide, context.strings, siteTitle: context.title), guide: guide,
            context: context, stylesheet: stylesheet, iconSVG: iconSVG, overview: overview,
            thumbnails: thumbnails)
    }

    static func render(
        _ subject: Subject, guide: Guide, context: SiteContext, stylesheet: String,
        iconSVG: [UInt8], overview: ShareOverview?, thumbnails: [PlaceID: Thumbnail]
    ) -> Rendered {
        let bare = render(
            subject, guide: guide, context: context, stylesheet: stylesheet, iconSVG: iconSVG,
            overview: overview)
        var budget = sizeLimit - bare.count
        var shown: [PlaceID: String] = [:]
        var leftOut = 0
        for place in subject.places {
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
            subject, guide: guide, context: context, stylesheet: stylesheet, iconSVG: iconSVG,
            overview: overview,
            photo: { id in shown[id].flatMap { uri in thumbnails[id].map { (uri, $0) } } })
        return Rendered(bytes: bytes, photosLeftOut: leftOut)
    }

    static func render(
        _ guide: Guide, context: SiteContext, stylesheet: String, iconSVG: [UInt8],
        overview: ShareOverview? = nil
    ) -> [UInt8] {
        render(
            favorites(guide, context.strings, siteTitle: context.title), guide: guide,
            context: context, stylesheet: stylesheet, iconSVG: iconSVG, overview: overview)
    }

    static func render(
        _ subject: Subject, guide: Guide, context: SiteContext, stylesheet: String,
        iconSVG: [UInt8], overview: ShareOverview? = nil,
        photo: (PlaceID) -> (uri: String, thumbnail: Thumbnail)? = { _ in nil }
    ) -> [UInt8] {
        let places = subject.places
        let t = context.strings
        let iconURI = "data:image/svg+xml;base64," + Data(iconSVG).base64EncodedString()
        var b = HTMLBuffer(capacity: 64_000 + places.count * 1_500)
        b.doctype()
        b.newline()
        b.element("html", ["lang": t.language.rawValue]) { b in
            b.newline()
            b.element("head") { b in
                b.newline()
                head(
                    &b, title: subject.title, description: subject.summary, t,
                    stylesheet: stylesheet, iconURI: iconURI)
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
                    subject.intro(&b)
                    if places.isEmpty {
                        b.element("p", class: "empty-state", text: subject.emptyText)
                    } else {
                        if let overview {
                            map(
                                &b, overview, centerLabel: context.settings.centerLabel,
                                names: places.map { $0.name(in: t.language) },
                                label: subject.mapLabel, t)
                        }
                        let numbered = overview != nil || subject.alwaysNumbered
                        b.element("ol", class: "place-list place-list--favorites") { b in
                            b.newline()
                            for (index, place) in places.enumerated() {
                                card(
                                    &b, place, number: numbered ? index + 1 : nil,
                                    photo: photo(place.id), note: subject.note(place), t)
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
        _ b: inout HTMLBuffer, title: String, description: String, _ t: Strings,
        stylesheet: String, iconURI: String
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
        b.voidElement("meta", ["name": "description", "content": description])
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
}
