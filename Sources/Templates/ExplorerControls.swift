import BeaconHTML
import BeaconModel

/// The explorer's controls. The category chips are links and work everywhere;
/// the rest (search, filters, "Finn nærmeste meg", the list/map switch) needs
/// the script, so CSS hides it when scripting is off (`.needs-script`) and the
/// no-script page is the plain list with its pagination. The ids here are the
/// contract with `Resources/assets/beacon.js`.
enum ExplorerControls {
    /// "Finn nærmeste meg" ("Nær meg" on a phone): the one button that moves the centre to the
    /// reader.
    static func locateButton(_ b: inout HTMLBuffer, _ t: Strings) {
        b.element(
            "button",
            [
                "type": "button", "class": "button locate-button needs-script",
                "id": "explorer-locate",
            ]
        ) { b in
            b.icon(.locate)
            b.element("span", class: "label-long", text: t.findNearestMe)
            b.element("span", class: "label-short", text: t.nearMe)
        }
    }

    /// The sticky bar: search and the filter button, the category chips, and the filter panel.
    static func bar(
        _ b: inout HTMLBuffer, root: String, current: PlaceCategory?, categories: [PlaceCategory],
        counts: [PlaceCategory?: Int] = [:], settings: SiteSettings, context: SiteContext,
        interactive: Bool
    ) {
        b.element("div", ["class": "explorer-bar", "id": "explorer-bar"]) { b in
            if interactive {
                searchRow(
                    &b, hint: searchHint(categories: settings.categories, context.strings),
                    context.strings)
            }
            chips(
                &b, root: root, paths: context.paths, current: current, categories: categories,
                counts: counts,
                context.strings)
            if interactive {
                cuisineChips(&b, context.strings)
                filterPanel(&b, settings: settings, context: context)
            }
        }
        b.newline()
    }

    /// What the search field's hint offers as examples: the catalogue's own for the brief's three
    /// kinds; for a guide of other kinds, the plurals of its first two as they are written in
    /// running text («barer», «puber»), so the hint never suggests what the guide cannot have.
    static func searchHint(categories: [PlaceCategory], _ t: Strings) -> String {
        guard categories != PlaceCategory.defaults, let first = categories.first else {
            return t.searchHint
        }
        func inText(_ category: PlaceCategory) -> String { t.plural(category).lowercased() }
        return t.searchHintFor(inText(first), categories.dropFirst().first.map(inText))
    }

    static func searchRow(_ b: inout HTMLBuffer, hint: String, _ t: Strings) {
        b.element(
            "div",
            [
                "class": "explorer-bar__row needs-script", "role": "search",
                "aria-label": t.explorerControls,
            ]
        ) { b in
            b.element("div", class: "search-field") { b in
                b.element(
                    "label", ["class": "visually-hidden", "for": "explorer-search"], text: t.search)
                b.icon(.search)
                b.voidElement(
                    "input",
                    [
                        "class": "search-field__input", "type": "search", "id": "explorer-search",
                        "placeholder": t.searchPlaceholder,
                        "autocomplete": "off", "spellcheck": "false",
                        "aria-describedby": "explorer-search-hint",
                    ])
                b.element(
                    "span", ["class": "visually-hidden", "id": "explorer-search-hint"], text: hint)
            }
            b.element(
                "button",
                [
                    "type": "button", "class": "filter-button", "id": "explorer-filters-button",
                    "aria-expanded": "false",
                    "aria-controls": "explorer-filters",
                ]
            ) { b in
                b.icon(.filter)
                b.element("span", text: t.filters)
                b.element(
                    "span",
                    [
                        "class": "filter-button__count", "id": "explorer-filter-count",
                        "aria-hidden": "true",
                    ],
                    flags: .hidden, text: "")
            }
        }
    }

    /// The categories as one row of links that scrolls sideways on a narrow screen, each with how
    /// many places it has within the guide's radius (what its page lists first).
    static func chips(
        _ b: inout HTMLBuffer, root: String, paths: SitePaths, current: PlaceCategory?,
        categories: [PlaceCategory],
        counts: [PlaceCategory?: Int] = [:], _ t: Strings
    ) {
        func count(_ b: inout HTMLBuffer, _ category: PlaceCategory?) {
            guard let n = counts[category] else { return }
            b.text(" ")
            b.element("span", class: "chip__count", text: t.language.integer(n))
        }
        b.element("nav", ["class": "chips", "aria-label": t.categories]) { b in
            b.element("ul") { b in
                b.element("li") { b in
                    b.element(
                        "a",
                        [
                            "class": "chip", "href": root + paths.listPage(),
                            "aria-current": current == nil ? "page" : nil, "data-category": "all",
                        ]
                    ) { b in
                        b.text(t.all)
                        count(&b, nil)
                    }
                }
                for category in categories {
                    b.element("li") { b in
                        b.element(
                            "a",
                            [
                                "class": "chip", "href": root + paths.categoryPage(category),
                                "aria-current": current == category ? "page" : nil,
                                "data-category": category.rawValue,
                            ]
                        ) { b in
                            Components.categoryIcon(&b, category, in: "chip__icon")
                            b.text(t.plural(category))
                            count(&b, category)
                        }
                    }
                }
            }
        }
    }

    /// The cuisines' row under the categories: «Alle kjøkken» here; `beacon.js` adds a chip for
    /// each cuisine the page's places have when one category has most of them, and shows the row
    /// then.
    static func cuisineChips(_ b: inout HTMLBuffer, _ t: Strings) {
        b.element(
            "div",
            [
                "class": "chips chips--cuisine needs-script", "id": "explorer-cuisines",
                "role": "group",
                "aria-label": t.cuisine, "hidden": "",
            ]
        ) { b in
            b.element("ul") { b in
                b.element("li") {
                    $0.element(
                        "button",
                        [
                            "type": "button", "class": "chip chip--cuisine", "data-cuisine": "",
                            "aria-pressed": "true",
                        ],
                        text: t.allCuisines)
                }
            }
        }
    }

    /// Radius, order, favorites, open now and reset, behind the filter button.
    /// The slider offers only what can change the result: 1 km up to the radius
    /// the places were fetched within.
    static func filterPanel(_ b: inout HTMLBuffer, settings: SiteSettings, context: SiteContext) {
        let t = context.strings
        let radius = String(settings.radiusKm)
        b.element(
            "div",
            [
                "class": "filter-panel", "id": "explorer-filters", "role": "group",
                "aria-label": t.filters, "hidden": "",
            ]
        ) { b in
            b.element("div", class: "filter-panel__field filter-panel__field--radius") { b in
                if settings.radiusKm > SiteSettings.radiusRange.lowerBound {
                    b.element("p", class: "filter-panel__label") { b in
                        b.element("label", ["for": "explorer-radius"], text: t.radius)
                        b.text(" ")
                        b.element(
                            "span",
                            ["class": "filter-panel__value", "id": "explorer-radius-value"],
                            text: radius + " km")
                    }
                    b.voidElement(
                        "input",
                        [
                            "class": "explorer-range", "type": "range", "id": "explorer-radius",
                            "min": String(SiteSettings.radiusRange.lowerBound),
                            "max": radius, "step": "1", "value": radius,
                            "aria-valuetext": radius + " km",
                            "aria-describedby": "explorer-radius-note",
                        ])
                }
                b.element(
                    "p", ["class": "filter-panel__note", "id": "explorer-radius-note"],
                    text: t.coverage(settings.radiusKm, context.centerName) + ".")
            }
            b.element("div", class: "filter-panel__field") { b in
                b.element(
                    "label", ["class": "filter-panel__label", "for": "explorer-sort"],
                    text: t.sortBy)
                b.element("select", ["class": "explorer-select", "id": "explorer-sort"]) { b in
                    // «Anbefalt» first: the default (beacon.js), the owner's picks before the rest.
                    b.element("option", ["value": "recommended"], text: t.sortRecommended)
                    b.element("option", ["value": "distance"], text: t.sortDistance)
                    b.element("option", ["value": "rating"], text: t.sortRating)
                    b.element("option", ["value": "name"], text: t.sortName)
                }
            }
            b.element("div", class: "filter-panel__toggles") { b in
                b.element(
                    "button",
                    [
                        "type": "button", "class": "toggle", "id": "explorer-favorites",
                        "aria-pressed": "false",
                    ]
                ) { b in
                    b.icon(.heart)
                    b.text(t.favoritesOnly)
                }
                // "Åpent nå": the script un-hides it when some place has hours it understands.
                b.element(
                    "button",
                    [
                        "type": "button", "class": "toggle", "id": "explorer-open-now",
                        "aria-pressed": "false",
                        "aria-describedby": "explorer-open-now-hint",
                    ],
                    flags: .hidden
                ) { b in
                    b.icon(.clock)
                    b.text(t.openNow)
                }
                b.element(
                    "span", ["class": "visually-hidden", "id": "explorer-open-now-hint"],
                    text: context.timeZone.isNorways ? t.openNowHint : t.openNowHintAbroad)
            }
            b.element("div", class: "filter-panel__actions") { b in
                b.element(
                    "button",
                    [
                        "type": "button", "class": "button button--secondary",
                        "id": "explorer-reset",
                    ],
                    text: t.reset)
                b.element(
                    "button", ["type": "button", "class": "button", "id": "explorer-filters-done"],
                    text: t.showResults)
            }
        }
    }

    /// Where distances are measured from, and why not from the reader when that failed.
    static func status(_ b: inout HTMLBuffer) {
        b.element("div", ["class": "explorer-status", "id": "explorer-status"], flags: .hidden) {
            b in
            b.element(
                "p", ["class": "explorer-message", "id": "explorer-message", "role": "status"],
                text: "")
            b.element(
                "button",
                [
                    "type": "button", "class": "explorer-text-button",
                    "id": "explorer-origin-reset", "hidden": "",
                ],
                text: "")
        }
        b.newline()
    }

    /// "Vis flere" under a long list, and the empty state.
    static func moreAndEmpty(_ b: inout HTMLBuffer, _ t: Strings) {
        b.element("div", ["class": "explorer-more", "id": "explorer-more"], flags: .hidden) { b in
            b.element(
                "p", ["class": "explorer-more__status", "id": "explorer-more-status"], text: "")
            b.element(
                "button",
                [
                    "type": "button", "class": "button button--secondary",
                    "id": "explorer-more-button",
                ],
                text: t.showMore)
        }
        b.newline()
        b.element(
            "div", ["class": "empty-state explorer-empty", "id": "explorer-empty"], flags: .hidden
        ) { b in
            b.element("span", class: "empty-state__icon") { $0.icon(.search) }
            b.element("p", class: "explorer-empty__title", text: t.noMatches)
            b.element("p", class: "explorer-empty__hint", text: t.noMatchesHint)
            b.element(
                "button",
                [
                    "type": "button", "class": "button button--secondary",
                    "id": "explorer-empty-reset",
                ],
                flags: .hidden, text: t.resetAll)
        }
        b.newline()
    }
}
