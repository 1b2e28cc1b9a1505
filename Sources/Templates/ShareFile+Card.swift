import BeaconHTML
import BeaconMap
import BeaconModel
import BeaconSite
import BeaconText

/// A place in the share file.
extension ShareFile {
    /// A place: what it is, where, its star and the list's `note` on it (else the owner's latest
    /// comment), and map links. With
    /// a map, its pin's number stands where the category's symbol would (the meta line names the
    /// kind), or on the corner of its photo. The address wraps rather than being cut off, and the
    /// hours are a small table of the week.
    static func card(
        _ b: inout HTMLBuffer, _ place: GuidePlace, number: Int? = nil,
        photo: (uri: String, thumbnail: Thumbnail)? = nil, note: String? = nil, _ t: Strings
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
            if let note, !note.trimmingWhitespace().isEmpty {
                Components.quotedComment(&b, note, label: t.shareListNoteLabel)
            } else if let comment = place.ratings.latest?.comment,
                !comment.trimmingWhitespace().isEmpty
            {
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
