import BeaconHTML
import BeaconModel

/// The map, and what a narrow screen adds around it: the results' sheet over it and the switch
/// between list and map.
extension ExplorerControls {
    /// The map's place: beside the list on a wide screen, instead of it on a narrow one, and first,
    /// under the sheet of the results, on a phone when the guide has a basemap. Over it: «Søk i
    /// dette området» and «Vis alle» (a wide screen, once the reader has moved the map), and the
    /// round «Finn meg» that `beacon.js` puts in the map's corner above the credits when the map
    /// comes first.
    static func map(_ b: inout HTMLBuffer, categories: [PlaceCategory], _ t: Strings) {
        b.element(
            "section",
            ["class": "explorer-map needs-script", "id": "explorer-map", "aria-label": t.mapView]
        ) { b in
            b.element(
                "div", ["class": "explorer-map__canvas", "id": "explorer-map-canvas"], text: "")
            b.element("div", class: "map-area") { b in
                b.element(
                    "button",
                    [
                        "type": "button", "class": "map-area__button", "id": "explorer-area-search",
                        "hidden": "",
                    ]
                ) { b in
                    b.icon(.search)
                    b.text(t.searchThisArea)
                }
                b.element(
                    "button",
                    [
                        "type": "button", "class": "map-area__button map-area__button--undo",
                        "id": "explorer-area-reset", "hidden": "",
                    ],
                    text: t.showAllPlaces)
            }
            b.element(
                "button", ["type": "button", "class": "map-locate", "id": "explorer-map-locate"],
                flags: .hidden
            ) { b in
                b.icon(.locate)
                b.element("span", class: "visually-hidden", text: t.findMe)
            }
            b.element("p", ["class": "explorer-map__legend", "aria-hidden": "true"]) { b in
                for category in categories {
                    b.element("span") { b in
                        Components.categoryIcon(&b, category, in: "legend__icon")
                        b.text(t.singular(category))
                    }
                }
                b.element("span") { b in
                    b.append(Components.fullStar)
                    b.text(t.rated)
                }
            }
        }
        b.newline()
    }

    /// The handle of the results' sheet when the map comes first on a phone: the count of the list
    /// (what the reader pulls up), a button that opens and closes the sheet (`beacon.js` keeps its
    /// state and count).
    static func sheetHandle(_ b: inout HTMLBuffer, count: String) {
        b.element(
            "button",
            [
                "type": "button", "class": "sheet-handle needs-script",
                "id": "explorer-sheet-handle",
                "aria-expanded": "false", "aria-controls": "place-list",
            ]
        ) { b in
            b.element("span", ["class": "sheet-handle__grip", "aria-hidden": "true"], text: "")
            b.element(
                "span", ["class": "sheet-handle__count", "id": "explorer-sheet-count"], text: count)
            b.icon(.chevronUp)
        }
    }

    /// What a screen reader hears when the sheet opens or closes by a drag or the back button
    /// (`beacon.js`).
    static func sheetStatus(_ b: inout HTMLBuffer) {
        b.element(
            "p", ["class": "visually-hidden", "id": "explorer-sheet-status", "role": "status"],
            text: "")
        b.newline()
    }

    /// Liste / Kart, floating at the bottom of a narrow screen (a wide one shows both).
    static func viewSwitch(_ b: inout HTMLBuffer, _ t: Strings) {
        b.element(
            "div",
            [
                "class": "view-switch needs-script", "id": "explorer-view", "role": "group",
                "aria-label": t.viewMode,
            ]
        ) { b in
            b.element("button", ["type": "button", "data-view": "list", "aria-pressed": "true"]) {
                b in
                b.icon(.list)
                b.text(t.listView)
            }
            b.element("button", ["type": "button", "data-view": "map", "aria-pressed": "false"]) {
                b in
                b.icon(.map)
                b.text(t.mapView)
            }
        }
        b.newline()
    }
}
