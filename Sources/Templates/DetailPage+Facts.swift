import BeaconHTML
import BeaconModel
import BeaconText

/// The facts of a place, a row each: address, map links with the coordinates, opening hours,
/// traits, phone, website and e-mail.
extension DetailPage {
    /// The place in each map app: Apple Maps, Google Maps (by name and address), OpenStreetMap.
    static func mapLinks(_ b: inout HTMLBuffer, _ p: Place, _ t: Strings) {
        b.element("ul", class: "map-links") { b in
            b.element("li") {
                $0.element("a", ["href": MapLinks.appleMaps(p)], text: t.openInAppleMaps)
            }
            b.element("li") {
                $0.element("a", ["href": MapLinks.googleMaps(p)], text: t.openInGoogleMaps)
            }
            if let osm = p.id.openStreetMapURL {
                b.element("li") { $0.element("a", ["href": osm], text: t.openInOpenStreetMap) }
            }
        }
    }

    /// `hoursLines`: the opening hours read (`OpeningHours.lines`), nil when there are none or they
    /// do not parse.
    static func facts(_ b: inout HTMLBuffer, _ p: Place, hoursLines: [String]?, _ t: Strings) {
        let language = t.language
        b.element("dl", class: "facts") { b in
            if Components.showsAddress(p.address, of: p.category) {
                row(&b, t.address) { Components.address(&$0, p.address, of: p.category, t) }
            }
            // The coordinates with the map links: both say where the place is on a map.
            row(&b, t.mapsRow) { b in
                mapLinks(&b, p, t)
                b.element("p", class: "map-links__coordinates") { b in
                    b.element("span", class: "map-links__term", text: t.coordinates + ": ")
                    b.text(language.coordinate(p.coordinate))
                }
            }
            if let lines = hoursLines {
                // Each line's weekdays (0 = Monday), where it is in force: beacon-hours.js marks
                // today's on the guide's clock (a built page cannot know the day).
                let days = p.openingHours.flatMap(OpeningHours.daysInForce)
                row(&b, t.openingHours) { b in
                    b.element("ul", class: "hours") { b in
                        for (index, line) in lines.enumerated() {
                            let shown = days.flatMap { index < $0.count ? $0[index] : nil } ?? []
                            b.element(
                                "li",
                                [
                                    "data-days": shown.isEmpty
                                        ? nil : shown.map(String.init).joined(separator: " ")
                                ], text: line)
                        }
                    }
                }
            } else if let raw = p.openingHours {
                row(&b, t.openingHoursNotInterpreted) {
                    $0.element("span", class: "hours hours--raw", text: raw)
                }
            }
            traitRows(&b, p.traits, t)
            if let phone = p.phone {
                row(&b, t.phone) { b in
                    if let href = SafeURL.telephoneHref(phone) {
                        b.element("a", ["href": href], text: phone)
                    } else {
                        b.text(phone)
                    }
                }
            }
            if let website = p.website {
                row(&b, t.website) { b in
                    b.element(
                        "a", ["href": website, "rel": "noopener noreferrer"],
                        text: MapLinks.displayURL(website))
                }
            }
            if let email = p.email, email.containsBytes("@"),
                let href = SafeURL.href("mailto:" + email, allowed: [.mailto], allowRelative: false)
            {
                row(&b, t.email) { $0.element("a", ["href": href], text: email) }
            }
        }
        b.newline()
    }

    /// One fact: its term, and what `content` writes.
    private static func row(
        _ b: inout HTMLBuffer, _ term: String, _ content: (inout HTMLBuffer) -> Void
    ) {
        b.element("div", class: "facts__row") { b in
            b.element("dt", text: term)
            b.element("dd") { content(&$0) }
        }
    }

    /// Cuisine, diets, wheelchair access and price level, each in words, when the data has them.
    static func traitRows(_ b: inout HTMLBuffer, _ traits: PlaceTraits, _ t: Strings) {
        if let cuisines = t.cuisineList(traits.cuisines) {
            row(&b, t.cuisine) { $0.text(cuisines) }
        }
        let offers = [
            traits.vegetarian.map { t.vegetarianOffer[$0]! },
            traits.vegan.map { t.veganOffer[$0]! },
        ]
        .compactMap { $0 }
        if !offers.isEmpty { row(&b, t.diet) { $0.text(offers.joined(separator: " · ")) } }
        if let access = traits.wheelchair {
            row(&b, t.wheelchair) { $0.text(t.wheelchairAccess[access]!) }
        }
        if let level = traits.priceLevel {
            row(&b, t.priceLevel) { b in
                b.element("span", ["aria-hidden": "true"], text: Strings.priceSymbols(level) + " ")
                b.text("(" + t.priceLevelOf(level) + ")")
            }
        }
    }
}
