import BeaconCore
import BeaconHTML

/// The explorer's controls. The category chips are links and work everywhere;
/// the rest (search, filters, "Finn nærmeste meg", the list/map switch) needs
/// the script, so CSS hides it when scripting is off (`.needs-script`) and the
/// no-script page is the plain list with its pagination. The ids here are the
/// contract with `Resources/assets/beacon.js`.
enum ExplorerControls {
    /// "Finn nærmeste meg" ("Nær meg" on a phone): the one button that moves the centre to the reader.
    static func locateButton(_ b: inout HTMLBuffer, _ t: Strings) {
        b.raw("<button type=\"button\" class=\"button locate-button needs-script\" id=\"explorer-locate\">")
        b.icon(.locate)
        b.element("span", ["class": "label-long"], text: t.findNearestMe)
        b.element("span", ["class": "label-short"], text: t.nearMe)
        b.raw("</button>")
    }

    /// The sticky bar: search and the filter button, the category chips, and the filter panel.
    static func bar(
        _ b: inout HTMLBuffer, root: String, current: PlaceCategory?, categories: [PlaceCategory],
        counts: [PlaceCategory?: Int] = [:], settings: SiteSettings, context: SiteContext, interactive: Bool
    ) {
        b.raw("<div class=\"explorer-bar\" id=\"explorer-bar\">")
        if interactive {
            searchRow(&b, hint: searchHint(categories: settings.categories, context.strings), context.strings)
        }
        chips(
            &b, root: root, paths: context.paths, current: current, categories: categories, counts: counts,
            context.strings)
        if interactive {
            cuisineChips(&b, context.strings)
            filterPanel(&b, settings: settings, context: context)
        }
        b.raw("</div>\n")
    }

    /// What the search field's hint offers as examples: the catalogue's own for the brief's three kinds;
    /// for a guide of other kinds, the plurals of its first two as they are written in running text
    /// («barer», «puber»), so the hint never suggests what the guide cannot have.
    static func searchHint(categories: [PlaceCategory], _ t: Strings) -> String {
        guard categories != PlaceCategory.defaults, let first = categories.first else { return t.searchHint }
        func inText(_ category: PlaceCategory) -> String { t.plural(category).lowercased() }
        return t.searchHintFor(inText(first), categories.dropFirst().first.map(inText))
    }

    static func searchRow(_ b: inout HTMLBuffer, hint: String, _ t: Strings) {
        b.open("div", ["class": "explorer-bar__row needs-script", "role": "search", "aria-label": t.explorerControls])
        b.raw("<div class=\"search-field\">")
        b.element("label", ["class": "visually-hidden", "for": "explorer-search"], text: t.search)
        b.icon(.search)
        b.open(
            "input",
            [
                "class": "search-field__input", "type": "search", "id": "explorer-search",
                "placeholder": t.searchPlaceholder,
                "autocomplete": "off", "spellcheck": "false", "aria-describedby": "explorer-search-hint",
            ])
        b.element("span", ["class": "visually-hidden", "id": "explorer-search-hint"], text: hint)
        b.raw(
            "</div><button type=\"button\" class=\"filter-button\" id=\"explorer-filters-button\" aria-expanded=\"false\" aria-controls=\"explorer-filters\">"
        )
        b.icon(.filter)
        b.element("span", text: t.filters)
        b.raw(
            "<span class=\"filter-button__count\" id=\"explorer-filter-count\" aria-hidden=\"true\" hidden></span></button>"
        )
        b.close("div")
    }

    /// The categories as one row of links that scrolls sideways on a narrow screen, each with how many
    /// places it has within the guide's radius (what its page lists first).
    static func chips(
        _ b: inout HTMLBuffer, root: String, paths: SitePaths, current: PlaceCategory?, categories: [PlaceCategory],
        counts: [PlaceCategory?: Int] = [:], _ t: Strings
    ) {
        func count(_ category: PlaceCategory?) {
            guard let n = counts[category] else { return }
            b.text(" ")
            b.element("span", ["class": "chip__count"], text: t.language.integer(n))
        }
        b.open("nav", ["class": "chips", "aria-label": t.categories])
        b.raw("<ul><li>")
        b.open(
            "a",
            [
                "class": "chip", "href": root + paths.listPage(), "aria-current": current == nil ? "page" : nil,
                "data-category": "all",
            ])
        b.text(t.all)
        count(nil)
        b.close("a")
        b.raw("</li>")
        for category in categories {
            b.raw("<li>")
            b.open(
                "a",
                [
                    "class": "chip", "href": root + paths.categoryPage(category),
                    "aria-current": current == category ? "page" : nil, "data-category": category.rawValue,
                ])
            Components.categoryIcon(&b, category, in: "chip__icon")
            b.text(t.plural(category))
            count(category)
            b.close("a")
            b.raw("</li>")
        }
        b.raw("</ul>")
        b.close("nav")
    }

    /// The cuisines' row under the categories: «Alle kjøkken» here; `beacon.js` adds a chip for each
    /// cuisine the page's places have when one category has most of them, and shows the row then.
    static func cuisineChips(_ b: inout HTMLBuffer, _ t: Strings) {
        b.open(
            "div",
            [
                "class": "chips chips--cuisine needs-script", "id": "explorer-cuisines", "role": "group",
                "aria-label": t.cuisine, "hidden": "",
            ])
        b.raw("<ul><li>")
        b.element(
            "button",
            ["type": "button", "class": "chip chip--cuisine", "data-cuisine": "", "aria-pressed": "true"],
            text: t.allCuisines)
        b.raw("</li></ul>")
        b.close("div")
    }

    /// Radius, order, favorites, open now and reset, behind the filter button.
    /// The slider offers only what can change the result: 1 km up to the radius
    /// the places were fetched within.
    static func filterPanel(_ b: inout HTMLBuffer, settings: SiteSettings, context: SiteContext) {
        let t = context.strings
        let radius = String(settings.radiusKm)
        b.open(
            "div",
            ["class": "filter-panel", "id": "explorer-filters", "role": "group", "aria-label": t.filters, "hidden": ""])
        b.raw("<div class=\"filter-panel__field filter-panel__field--radius\">")
        if settings.radiusKm > SiteSettings.radiusRange.lowerBound {
            b.raw("<p class=\"filter-panel__label\">")
            b.element("label", ["for": "explorer-radius"], text: t.radius)
            b.raw(" ")
            b.element("span", ["class": "filter-panel__value", "id": "explorer-radius-value"], text: radius + " km")
            b.raw("</p>")
            b.open(
                "input",
                [
                    "class": "explorer-range", "type": "range", "id": "explorer-radius",
                    "min": String(SiteSettings.radiusRange.lowerBound),
                    "max": radius, "step": "1", "value": radius, "aria-valuetext": radius + " km",
                    "aria-describedby": "explorer-radius-note",
                ])
        }
        b.element(
            "p", ["class": "filter-panel__note", "id": "explorer-radius-note"],
            text: t.coverage(settings.radiusKm, context.centerName) + ".")
        b.raw("</div><div class=\"filter-panel__field\">")
        b.element("label", ["class": "filter-panel__label", "for": "explorer-sort"], text: t.sortBy)
        b.raw("<select class=\"explorer-select\" id=\"explorer-sort\">")
        // «Anbefalt» first: the default (beacon.js), the owner's picks before the rest.
        b.element("option", ["value": "recommended"], text: t.sortRecommended)
        b.element("option", ["value": "distance"], text: t.sortDistance)
        b.element("option", ["value": "rating"], text: t.sortRating)
        b.element("option", ["value": "name"], text: t.sortName)
        b.raw("</select></div><div class=\"filter-panel__toggles\">")
        b.raw("<button type=\"button\" class=\"toggle\" id=\"explorer-favorites\" aria-pressed=\"false\">")
        b.icon(.heart)
        b.text(t.favoritesOnly)
        b.raw("</button>")
        // "Åpent nå": the script un-hides it when some place has hours it understands.
        b.raw(
            "<button type=\"button\" class=\"toggle\" id=\"explorer-open-now\" aria-pressed=\"false\" aria-describedby=\"explorer-open-now-hint\" hidden>"
        )
        b.icon(.clock)
        b.text(t.openNow)
        b.raw("</button>")
        b.element(
            "span", ["class": "visually-hidden", "id": "explorer-open-now-hint"],
            text: context.timeZone.isNorways ? t.openNowHint : t.openNowHintAbroad)
        b.raw("</div><div class=\"filter-panel__actions\">")
        b.element(
            "button", ["type": "button", "class": "button button--secondary", "id": "explorer-reset"], text: t.reset)
        b.element("button", ["type": "button", "class": "button", "id": "explorer-filters-done"], text: t.showResults)
        b.raw("</div>")
        b.close("div")
    }

    /// Where distances are measured from, and why not from the reader when that failed.
    static func status(_ b: inout HTMLBuffer) {
        b.raw(
            "<div class=\"explorer-status\" id=\"explorer-status\" hidden><p class=\"explorer-message\" id=\"explorer-message\" role=\"status\"></p>"
        )
        b.element(
            "button", ["type": "button", "class": "explorer-text-button", "id": "explorer-origin-reset", "hidden": ""],
            text: "")
        b.raw("</div>\n")
    }

    /// "Vis flere" under a long list, and the empty state.
    static func moreAndEmpty(_ b: inout HTMLBuffer, _ t: Strings) {
        b.raw(
            "<div class=\"explorer-more\" id=\"explorer-more\" hidden><p class=\"explorer-more__status\" id=\"explorer-more-status\"></p>"
        )
        b.element(
            "button", ["type": "button", "class": "button button--secondary", "id": "explorer-more-button"],
            text: t.showMore)
        b.raw("</div>\n")
        b.raw(
            "<div class=\"empty-state explorer-empty\" id=\"explorer-empty\" hidden><span class=\"empty-state__icon\">")
        b.icon(.search)
        b.raw("</span>")
        b.element("p", ["class": "explorer-empty__title"], text: t.noMatches)
        b.element("p", ["class": "explorer-empty__hint"], text: t.noMatchesHint)
        b.raw("</div>\n")
    }

    /// The map's place: beside the list on a wide screen, instead of it on a narrow one, and first, under the
    /// sheet of the results, on a phone when the guide has a basemap. Over it: «Søk i dette området» and «Vis
    /// alle» (a wide screen, once the reader has moved the map), and the round «Finn meg» that `beacon.js` puts
    /// in the map's corner above the credits when the map comes first.
    static func map(_ b: inout HTMLBuffer, categories: [PlaceCategory], _ t: Strings) {
        b.open("section", ["class": "explorer-map needs-script", "id": "explorer-map", "aria-label": t.mapView])
        b.raw("<div class=\"explorer-map__canvas\" id=\"explorer-map-canvas\"></div>")
        b.raw("<div class=\"map-area\">")
        b.open(
            "button",
            ["type": "button", "class": "map-area__button", "id": "explorer-area-search", "hidden": ""])
        b.icon(.search)
        b.text(t.searchThisArea)
        b.close("button")
        b.element(
            "button",
            [
                "type": "button", "class": "map-area__button map-area__button--undo", "id": "explorer-area-reset",
                "hidden": "",
            ],
            text: t.showAllPlaces)
        b.raw("</div>")
        b.raw("<button type=\"button\" class=\"map-locate\" id=\"explorer-map-locate\" hidden>")
        b.icon(.locate)
        b.element("span", ["class": "visually-hidden"], text: t.findMe)
        b.raw("</button>")
        b.raw("<p class=\"explorer-map__legend\" aria-hidden=\"true\">")
        for category in categories {
            b.raw("<span>")
            Components.categoryIcon(&b, category, in: "legend__icon")
            b.text(t.singular(category))
            b.raw("</span>")
        }
        b.raw("<span>")
        b.append(Components.starIcons[5])
        b.text(t.rated)
        b.raw("</span></p>")
        b.close("section")
        b.raw("\n")
    }

    /// The handle of the results' sheet when the map comes first on a phone: the count of the list (what the
    /// reader pulls up), a button that opens and closes the sheet (`beacon.js` keeps its state and count).
    static func sheetHandle(_ b: inout HTMLBuffer, count: String) {
        b.raw(
            "<button type=\"button\" class=\"sheet-handle needs-script\" id=\"explorer-sheet-handle\" aria-expanded=\"false\" aria-controls=\"place-list\">"
        )
        b.raw("<span class=\"sheet-handle__grip\" aria-hidden=\"true\"></span>")
        b.element("span", ["class": "sheet-handle__count", "id": "explorer-sheet-count"], text: count)
        b.icon(.chevronUp)
        b.raw("</button>")
    }

    /// What a screen reader hears when the sheet opens or closes by a drag or the back button (`beacon.js`).
    static func sheetStatus(_ b: inout HTMLBuffer) {
        b.raw("<p class=\"visually-hidden\" id=\"explorer-sheet-status\" role=\"status\"></p>\n")
    }

    /// Liste / Kart, floating at the bottom of a narrow screen (a wide one shows both).
    static func viewSwitch(_ b: inout HTMLBuffer, _ t: Strings) {
        b.open(
            "div",
            ["class": "view-switch needs-script", "id": "explorer-view", "role": "group", "aria-label": t.viewMode])
        b.raw("<button type=\"button\" data-view=\"list\" aria-pressed=\"true\">")
        b.icon(.list)
        b.text(t.listView)
        b.raw("</button><button type=\"button\" data-view=\"map\" aria-pressed=\"false\">")
        b.icon(.map)
        b.text(t.mapView)
        b.raw("</button>")
        b.close("div")
        b.raw("\n")
    }
}
