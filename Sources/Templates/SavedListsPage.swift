import BeaconHTML
import BeaconMap
import BeaconModel
import BeaconSite
import BeaconText

/// The owner's lists (`lister/`): a card for each, as a shelf of guides: a cover (the photo of its
/// first place that has one, else a still map of its numbered places, `ListCover`), its name, how
/// many places and its description. «Mine steder» comes first when there are favourites. Published only when
/// the guide has lists.
package enum SavedListsPage {
    /// `map`: a list's still map (`ListCover.overview`), for a list without photos.
    package static func render(
        _ guide: Guide, context: SiteContext,
        map: (_ places: [GuidePlace]) -> ShareOverview? = { _ in nil }
    ) -> [UInt8] {
        let path = context.paths.listsPage
        let depth = SitePaths.depth(of: path)
        let root = SiteContext.rootPrefix(depth: depth)
        let t = context.strings
        var b = HTMLBuffer(capacity: 4_096 + guide.savedLists.count * 1_200)
        PageChrome.page(
            &b,
            head: .init(
                title: t.lists + " – " + context.title, description: t.listsIntro,
                seo: context.seo(for: path), path: path),
            chrome: context.chrome(depth: depth, section: .lists), path: path, root: root,
            context: context
        ) { b in
            b.element("section", class: "page-intro") { b in
                b.element("h1", text: t.lists)
                b.element("p", class: "lead", text: t.listsIntro)
                // «Mine steder» is one of them.
                let count = guide.savedLists.count + (guide.favorites.isEmpty ? 0 : 1)
                b.element("p", class: "page-intro__summary", text: t.listCount(count))
            }
            b.newline()
            b.element("ul", class: "list-cards") { b in
                b.newline()
                if !guide.favorites.isEmpty {
                    card(
                        &b, name: t.myPlaces, href: root + context.paths.favoritesPage,
                        places: guide.favorites, description: .escapingPlainText(t.favoritesIntro),
                        root: root, context: context, map: map)
                }
                for list in guide.savedLists {
                    let words = list.description.flatMap {
                        $0.trimmingWhitespace().isEmpty ? nil : RichText.html(for: $0)
                    }
                    card(
                        &b, name: list.name, href: root + context.paths.savedListPage(list),
                        places: list.places, description: words, root: root, context: context,
                        map: map)
                }
            }
            b.newline()
        }
        return b.bytes
    }

    /// One list's card. The name is the link, stretched over the card by the stylesheet, so links
    /// in the description stay links of their own (a link may not hold another).
    static func card(
        _ b: inout HTMLBuffer, name: String, href: String, places: [GuidePlace],
        description: SanitizedHTML?, root: String, context: SiteContext,
        map: (_ places: [GuidePlace]) -> ShareOverview?
    ) {
        let t = context.strings
        b.element("li", class: "list-card") { b in
            cover(&b, places, root: root, context: context, map: map)
            b.element("div", class: "list-card__body") { b in
                b.element("h2", class: "list-card__name") {
                    $0.element("a", ["href": href, "dir": "auto"], text: name)
                }
                b.element("p", class: "list-card__count", text: t.placeCount(places.count))
                if let description {
                    b.element("div", class: "comment list-card__description") {
                        $0.append(description)
                    }
                }
            }
        }
        b.newline()
    }

    /// How wide a cover is drawn: a third of the page on a wide screen, half on a tablet, the
    /// screen less its margins on a phone.
    static let coverSizes = "(min-width: 64rem) 24rem, (min-width: 48rem) 45vw, calc(100vw - 2rem)"

    /// The photo of the first place the owner gave one, decorative (the name says what the card
    /// is); else the still map of its places; else (no places) a Deep Blue tile with a list's
    /// symbol.
    static func cover(
        _ b: inout HTMLBuffer, _ places: [GuidePlace], root: String, context: SiteContext,
        map: (_ places: [GuidePlace]) -> ShareOverview?
    ) {
        let photo =
            context.photos.isEmpty
            ? nil : places.lazy.compactMap { context.photos[$0.id]?.first }.first
        b.element("div", ["class": "list-card__cover", "aria-hidden": "true"]) { b in
            if let photo {
                let assets = context.assetRoot(root)
                b.element("picture") { b in
                    b.voidElement(
                        "source",
                        [
                            "type": "image/webp",
                            "srcset": PhotoMarkup.srcset(photo, root: assets),
                            "sizes": coverSizes,
                        ])
                    b.voidElement(
                        "img",
                        [
                            "class": PhotoMarkup.placeholderClass(photo.placeholder),
                            "src": assets + photo.jpeg.path, "width": String(photo.width),
                            "height": String(photo.height), "alt": "", "decoding": "async",
                            "loading": "lazy",
                        ])
                }
            } else if let overview = map(places) {
                ListCover.svg(&b, overview)
            } else if let first = places.first {
                Components.categoryIcon(&b, first.category, in: "list-card__symbol")
            } else {
                b.element("span", class: "list-card__symbol") { $0.icon(.list) }
            }
        }
    }
}
