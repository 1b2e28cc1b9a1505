import BeaconHTML
import BeaconModel
import BeaconSite

/// Pieces that appear on several pages.
enum Components {
    /// A category's symbol (`assets/icons/`, drawn through a CSS mask in the text colour,
    /// `.cat-icon`), decorative: the kind is named in words beside it. `role`: the class of its
    /// place in the layout.
    static func categoryIcon(_ b: inout HTMLBuffer, _ category: PlaceCategory, in role: String) {
        b.element(
            "span",
            ["class": "\(role) cat-icon \(category.icon.className)", "aria-hidden": "true"],
            text: "")
    }

    static let starPath =
        "M12 2.2l2.95 6.3 6.85.8-5.07 4.7 1.36 6.8L12 17.4l-6.09 3.4 1.36-6.8L2.2 9.3l6.85-.8z"
    /// A star filled by `average` (`StarFill`): the empty star, and over it the same star in a
    /// viewport that ends where the fill does, so no page needs an id or a style per average.
    /// `beacon-text.js`'s `starIcon` makes the same markup.
    static func star(_ b: inout HTMLBuffer, average: Double, class name: String = "star") {
        b.element(
            "svg",
            ["class": name, "viewBox": "0 0 24 24", "aria-hidden": "true", "focusable": "false"]
        ) { b in
            b.element("path", ["class": "star__shape", "d": starPath], text: "")
            b.element(
                "svg",
                [
                    "class": "star__fill", "width": StarFill.widthText(average: average),
                    "height": "24",
                ]
            ) { $0.element("path", ["class": "star__shape", "d": starPath], text: "") }
        }
    }

    /// A whole star: the map's legend («Vurdert»).
    static let fullStar = HTMLFragment.build { star(&$0, average: 5) }

    /// One star filled by the average (`StarFill`), the average beside it («4,5»; on the place's
    /// page «4,5 av 5 · 2 vurderinger»), and the full sentence for screen readers. Nothing when
    /// there are no ratings.
    static func rating(
        _ b: inout HTMLBuffer, _ summary: RatingSummary?, long: Bool = false, _ t: Strings
    ) {
        guard let summary else { return }
        let average = t.average(summary)
        badge(
            &b, long: long, average: summary.sortAverage,
            shown: long ? t.starsText(average) + " · " + t.ratingCount(summary.count) : average,
            label: t.ratingLabel(summary))
    }

    /// One of the owner's ratings: a whole number of stars («4»), its star filled as much.
    static func rating(_ b: inout HTMLBuffer, stars: Int, _ t: Strings) {
        badge(
            &b, long: false, average: Double(stars), shown: String(stars),
            label: t.ratingLabel(String(stars), 1))
    }

    private static func badge(
        _ b: inout HTMLBuffer, long: Bool, average: Double, shown: String, label: String
    ) {
        b.element("span", class: long ? "rating rating--long" : "rating") { b in
            star(&b, average: average)
            b.element("span", ["class": "rating__text", "aria-hidden": "true"], text: shown)
            b.element("span", class: "visually-hidden", text: label)
        }
    }

    /// The heart with its name, in each language.
    static let favoriteMarks: [Language: HTMLFragment] = Dictionary(
        uniqueKeysWithValues: Language.allCases.map { ($0, favoriteMark(Strings.of($0))) })

    static func favoriteMark(_ t: Strings) -> HTMLFragment {
        HTMLFragment.build { b in
            b.element("span", class: "favorite-mark") { b in
                b.element(
                    "svg",
                    [
                        "class": "heart", "viewBox": "0 0 24 24", "aria-hidden": "true",
                        "focusable": "false",
                    ]
                ) {
                    $0.selfClosing(
                        "path",
                        [
                            "d":
                                "M12 21s-7.5-4.6-9.6-9.2C.9 8.5 2.8 4.5 6.6 4.5c2.2 0 3.7 1.3 4.4 2.5h2c.7-1.2 2.2-2.5 4.4-2.5 3.8 0 5.7 4 4.2 7.3C19.5 16.4 12 21 12 21z"
                        ])
                }
                b.element("span", class: "visually-hidden", text: t.favorite)
            }
        }
    }

    /// "Mine steder", a line about the list and how many: the favorites page and the share file.
    /// `sharing`: the share button and where it reports (the favorites page; the share file has no
    /// script).
    static func favoritesIntro(
        _ b: inout HTMLBuffer, lead: String, count: Int, sharing: Bool = false, _ t: Strings
    ) {
        b.element("section", class: "page-intro") { b in
            b.element("h1", text: t.myPlaces)
            b.element("p", class: "lead", text: lead)
            b.element("p", class: "page-intro__summary", text: t.placeCount(count))
            if sharing { shareButton(&b, t) }
        }
        b.newline()
    }

    /// «Del siden»: hidden until `beacon-share.js` shows it (no script, no button that does
    /// nothing); the line beside it says that the link was copied.
    static func shareButton(_ b: inout HTMLBuffer, _ t: Strings) {
        b.element("div", class: "share-bar") { b in
            shareButtonOnly(&b, label: t.sharePage)
            shareStatus(&b)
        }
    }

    /// Made once, as every place's page has the button (`HTMLStartTag`).
    static let shareButtonTag = HTMLStartTag(
        "button",
        ["type": "button", "class": "button button--secondary share-button", "id": "share-page"],
        flags: .hidden)

    /// The share button alone (a detail page's row of actions has it last, `label` «Del»).
    static func shareButtonOnly(_ b: inout HTMLBuffer, label: String) {
        b.element(shareButtonTag) { b in
            b.icon(.share)
            b.text(label)
        }
    }

    /// Made once, as every place's page has it.
    static let shareStatusTag = HTMLStartTag(
        "p", ["class": "share-bar__status", "id": "share-status", "role": "status"])

    /// Where `beacon-share.js` says the link was copied.
    static func shareStatus(_ b: inout HTMLBuffer) {
        b.element(shareStatusTag, text: "")
    }

    /// One place in a list: the whole card links to its page. Its kind is the cuisines when the
    /// data knows them («Indisk, pizza»), else the category; what it offers follows as marks
    /// (`traitMarks`). The newest comment is one quoted line of it (`showsComment`; «Mine steder»
    /// shows the whole comment under the card instead); The owner's first photo (`photo`) stands
    /// where the category's symbol would; `number`: its place in one of the owner's lists. `beacon.js` draws the explorer's cards the same way.
    static func placeCard(
        _ b: inout HTMLBuffer, _ place: GuidePlace, root: String, paths: SitePaths, _ t: Strings,
        photo: CardPhoto? = nil,
        showsComment: Bool = true, number: Int? = nil, below: ((inout HTMLBuffer) -> Void)? = nil
    ) {
        b.element("li", ["class": "place-card", "data-id": place.id.rawValue]) { b in
            b.element(
                "a",
                ["class": "place-card__link", "href": root + paths.detailPage(slug: place.slug)]
            ) { b in
                // A list's place shows its number as its pin on the list's map does: in place of
                // the symbol, or over the corner of the picture when the list has photos (the
                // stylesheet decides, `.place-list--numbered`).
                if let number {
                    b.element("span", class: "place-card__number", text: String(number))
                }
                if let photo {
                    PhotoMarkup.thumbnail(&b, photo.photo, root: photo.assetRoot)
                } else {
                    categoryIcon(&b, place.category, in: "place-card__icon")
                }
                b.element("span", class: "place-card__body") { b in
                    b.element("span", class: "place-card__name") {
                        name(&$0, place, in: t.language)
                    }
                    cardAddress(&b, place.address)
                    let traits = place.traits
                    b.element("span", class: "place-card__meta") { b in
                        b.text(t.cuisineList(traits.cuisines) ?? t.singular(place.category))
                        b.text(" · ")
                        b.text(t.distance(metres: place.wholeMetres))
                    }
                    traitMarks(&b, traits, t)
                }
                b.element("span", class: "place-card__aside") { b in
                    if place.isFavorite { b.append(favoriteMarks[t.language]!) }
                    rating(&b, place.summary, t)
                }
                // Under the lines and the aside, as wide as the card: the comment here, and the
                // open status `beacon.js` puts before it.
                if showsComment, let comment = RichText.cardComment(place) {
                    b.element("span", class: "place-card__footer") { cardComment(&$0, comment, t) }
                }
            }
            below?(&b)
        }
        b.newline()
    }

    /// A card's marks: vegetarian and vegan offers, wheelchair access, price level, each with its
    /// words (`beacon.js` draws the same). Offers the data calls limited, and no access, are left
    /// to the detail page.
    static func traitMarks(_ b: inout HTMLBuffer, _ traits: PlaceTraits, _ t: Strings) {
        let vegetarian = traits.vegetarian.flatMap {
            cardOffer($0, mark: t.vegetarianMark, t.vegetarianOffer)
        }
        let vegan = traits.vegan.flatMap { cardOffer($0, mark: t.veganMark, t.veganOffer) }
        let wheelchair = traits.wheelchair == .yes ? t.wheelchairMark : nil
        guard vegetarian != nil || vegan != nil || wheelchair != nil || traits.priceLevel != nil
        else { return }
        b.element("span", class: "marks") { b in
            if let vegetarian { b.element("span", class: "mark mark--diet", text: vegetarian) }
            if let vegan { b.element("span", class: "mark mark--diet", text: vegan) }
            if let wheelchair { b.element("span", class: "mark mark--access", text: wheelchair) }
            if let level = traits.priceLevel { priceMark(&b, level, t) }
        }
    }

    /// «Vegetar» for a place that offers it, «Bare vegetar» for one that offers nothing else.
    static func cardOffer(
        _ offer: PlaceTraits.DietOffer, mark: String, _ texts: [PlaceTraits.DietOffer: String]
    ) -> String? {
        switch offer {
        case .limited: nil
        case .yes: mark
        case .only: texts[.only]
        }
    }

    /// «$$», and for a screen reader «Prisnivå: 2 av 4».
    static func priceMark(_ b: inout HTMLBuffer, _ level: Int, _ t: Strings) {
        b.element("span", class: "mark mark--price") { b in
            b.element("span", ["aria-hidden": "true"], text: Strings.priceSymbols(level))
            b.element(
                "span", class: "visually-hidden", text: t.priceLevel + ": " + t.priceLevelOf(level))
        }
    }

    /// «Byens beste filterkaffe» on one line, named for screen readers as the owner's.
    static func cardComment(_ b: inout HTMLBuffer, _ comment: String, _ t: Strings) {
        b.element("span", class: "place-card__comment") { b in
            b.element("span", class: "visually-hidden", text: t.commentLabel)
            b.text(" ")
            b.text(t.quoted(comment))
        }
    }

    /// The name in `language` (`GuidePlace.name(in:)`), and what tells it apart from places of the
    /// same name, muted («Nando's · Princes Street»). A name shown as the data has it, in a
    /// language the page is not in, is marked with that language when the data says which.
    static func name(_ b: inout HTMLBuffer, _ place: GuidePlace, in language: Language) {
        let shown = place.name(in: language)
        if shown == place.name, let other = place.names.nameLanguage(differingFrom: language) {
            b.element("span", ["lang": other], text: shown)
        } else {
            b.text(shown)
        }
        if let suffix = place.nameSuffix {
            b.element("span", ["class": "name-suffix"], text: NameSuffixes.separator + suffix)
        }
    }

    /// The address on a place's page, or «Adresse mangler» muted: a missing one is said, never
    /// filled with the name. Without a street, the part of town the data names, and that the
    /// street is missing («Hoàn Kiếm, Hà Nội · gateadresse mangler»). Nothing for a place of a
    /// kind that has no street address as a rule (a park).
    static func address(
        _ b: inout HTMLBuffer, _ address: PostalAddress, of category: PlaceCategory, _ t: Strings
    ) {
        guard showsAddress(address, of: category) else { return }
        if let line = address.singleLine {
            b.text(line)
        } else if let area = address.area {
            b.text(area)
            guard category.hasStreetAddress else { return }
            b.element("span", class: "address--missing", text: " · " + t.streetAddressMissing)
        } else {
            b.element("span", class: "address--missing", text: t.addressMissing)
        }
    }

    /// A card's line of where the place is: the address, else the part of town the data names
    /// («Hoàn Kiếm, Hà Nội»), else nothing. A missing address is said on the place's page, where
    /// it informs; on every other card of a messy city it would be noise. `beacon.js` draws the
    /// same.
    static func cardAddress(_ b: inout HTMLBuffer, _ address: PostalAddress) {
        guard let line = address.shortLine else { return }
        b.element("span", class: "place-card__address", text: line)
    }

    /// Whether a place's page has an address to show or to say is missing: not a park's that has
    /// none.
    static func showsAddress(_ address: PostalAddress, of category: PlaceCategory) -> Bool {
        address.shortLine != nil || category.hasStreetAddress
    }

    /// A card's photo and the way to the site's root, where `bilder/` is (a page in /nn/ is a level
    /// further).
    struct CardPhoto {
        var photo: ShownPhoto
        var assetRoot: String

        /// The first photo of `place`, if the owner gave it any. The context is borrowed: an
        /// initialiser owns its arguments, and copying the whole context for every card showed in
        /// big builds' profiles.
        init?(_ place: GuidePlace, root: String, context: borrowing SiteContext) {
            guard !context.photos.isEmpty, let first = context.photos[place.id]?.first else {
                return nil
            }
            photo = first
            assetRoot = context.assetRoot(root)
        }
    }

    /// "Forrige · 1 2 3 · Neste" for lists longer than one page.
    static func pagination(
        _ b: inout HTMLBuffer, page: Int, pageCount: Int, root: String, _ t: Strings,
        path: (Int) -> String
    ) {
        guard pageCount > 1 else { return }
        b.element("nav", ["class": "pagination", "aria-label": t.pagination]) { b in
            b.element("p", class: "pagination__status", text: t.pageOf(page, pageCount))
            b.element("ul") { b in
                if page > 1 {
                    b.element("li") {
                        $0.element(
                            "a", ["href": root + path(page - 1), "rel": "prev"],
                            text: "← " + t.previousPage)
                    }
                }
                for number in pageNumbers(page: page, pageCount: pageCount) {
                    b.element("li") { b in
                        if number == 0 {
                            b.element("span", class: "pagination__gap", text: "…")
                        } else {
                            b.element(
                                "a",
                                [
                                    "href": root + path(number),
                                    "aria-current": number == page ? "page" : nil,
                                ],
                                text: String(number))
                        }
                    }
                }
                if page < pageCount {
                    b.element("li") {
                        $0.element(
                            "a", ["href": root + path(page + 1), "rel": "next"],
                            text: t.nextPage + " →")
                    }
                }
            }
        }
        b.newline()
    }

    /// First, last and neighbours of the current page; 0 marks a gap.
    static func pageNumbers(page: Int, pageCount: Int) -> [Int] {
        var numbers: [Int] = []
        for n in 1...pageCount where n == 1 || n == pageCount || abs(n - page) <= 2 {
            if let last = numbers.last, n > last + 1 { numbers.append(0) }
            numbers.append(n)
        }
        return numbers
    }

    /// A comment or a note: its Markdown rendered and sanitised (`RichText`).
    static func comment(_ b: inout HTMLBuffer, _ text: String) {
        b.element("div", class: "comment") { $0.append(RichText.html(for: text)) }
    }

    /// The owner's whole comment under a favorite's card: quoted as the explorer's one line is
    /// (the stylesheet adds the language's quotation marks around it), named for screen readers
    /// as the owner's (`label`: «Min kommentar:», or «Notat:» for a note), and lined up with the
    /// card's name.
    static func quotedComment(_ b: inout HTMLBuffer, _ text: String, label: String) {
        b.element("div", class: "comment comment--quoted") { b in
            b.element("span", class: "visually-hidden", text: label)
            b.append(RichText.html(for: text))
        }
    }
}
