import BeaconCore
import BeaconHTML

/// The list pages: the front page ("Utforsk", every place, with the search
/// controls the script brings to life) and one page per category, both
/// split into pages of `pageSize` so a guide of 100,000 places stays light.
package enum ListPage {
    package static let pageSize = 100

    package struct Input {
        package var path: String
        /// Nil on the front page's list of every category.
        package var category: PlaceCategory?
        package var places: ArraySlice<GuidePlace>
        var totalCount: Int
        var page: Int
        package var pageCount: Int
        /// The data block for the script; only the front page has it.
        var scriptData: HTMLFragment?

        package init(path: String, category: PlaceCategory?, places: ArraySlice<GuidePlace>, totalCount: Int, page: Int, pageCount: Int, scriptData: HTMLFragment?) {
            self.path = path
            self.category = category
            self.places = places
            self.totalCount = totalCount
            self.page = page
            self.pageCount = pageCount
            self.scriptData = scriptData
        }
    }

    package static func pageCount(for count: Int) -> Int { max(1, (count + pageSize - 1) / pageSize) }

    package static func render(_ input: Input, context: SiteContext) -> [UInt8] {
        let depth = SitePaths.depth(of: input.path)
        let root = SiteContext.rootPrefix(depth: depth)
        let settings = context.settings
        let heading = input.category?.pluralName ?? Strings.explore
        let title = input.category == nil && input.page == 1
            ? settings.title
            : heading + (input.page > 1 ? " (side \(input.page))" : "") + " – " + settings.title
        let summary = Strings.withinRadius(count: input.totalCount, radiusKm: settings.radiusKm, center: context.centerName)
        var b = HTMLBuffer(capacity: 16_384 + input.places.count * 700)
        PageChrome.openDocument(&b, head: .init(title: title, description: summary + ".", includeScript: input.scriptData != nil,
                                                seo: context.seo(for: input.path)), root: root)
        let chrome = context.chrome(depth: depth, section: .explore)
        b.append(chrome.header)
        b.append(Components.starGradients)

        b.raw("<section class=\"page-intro\">")
        b.element("h1", text: heading)
        if input.category == nil, input.page == 1, let intro = context.intro, !intro.isEmpty {
            b.open("div", ["class": "lead"])
            b.append(intro)
            b.close("div")
        }
        b.raw("<p class=\"page-intro__summary\">")
        b.text(summary + ". ")
        if input.category == nil, input.page == 1 {
            b.element("a", ["class": "page-intro__download", "href": root + SitePaths.allPlacesGeoJSON, "download": ""], text: Strings.allPlacesDownload)
        }
        b.raw("</p>\n</section>\n")

        b.open("div", ["class": "explorer", "id": "explorer", "data-radius-km": String(settings.radiusKm)])
        if input.scriptData != nil { ExplorerControls.render(&b, settings: settings) }
        Components.categoryNavigation(&b, root: root, current: input.category)
        if input.scriptData != nil { ExplorerControls.renderStatusArea(&b) }
        b.element("p", ["class": "results-count", "id": "results-count", "role": "status"], text: Strings.placeCount(input.totalCount))
        b.raw("<ul class=\"place-list\" id=\"place-list\">\n")
        for place in input.places { Components.placeCard(&b, place, root: root) }
        b.raw("</ul>\n")
        if input.scriptData != nil { ExplorerControls.renderMapArea(&b) }
        let category = input.category
        Components.pagination(&b, page: input.page, pageCount: input.pageCount, root: root) { page in
            if let category { return SitePaths.categoryPage(category, page: page) }
            return SitePaths.listPage(page: page)
        }
        b.raw("</div>\n")
        if let data = input.scriptData { b.append(data) }
        b.append(chrome.footer)
        return b.bytes
    }
}

/// The search controls, the status area and the map container of the front
/// page. They stay hidden until the script has read its data; without the
/// script the page is a plain list with category links. The loading notice is
/// the one part shown from the start (CSS hides it when scripting is off);
/// `Resources/assets/beacon.js` removes it and un-hides the rest. The ids here
/// are the script's contract.
enum ExplorerControls {
    static func render(_ b: inout HTMLBuffer, settings: SiteSettings) {
        let radius = String(settings.radiusKm)
        b.raw("<p class=\"explorer-loading\" id=\"explorer-loading\"><span class=\"explorer-loading__dot\" aria-hidden=\"true\"></span>")
        b.text(Strings.explorerLoading)
        b.raw("</p>\n")
        b.open("div", ["class": "explorer-controls", "id": "explorer-controls", "role": "search", "aria-label": Strings.explorerControls, "hidden": ""])

        b.raw("<div class=\"explorer-field explorer-field--search\">")
        b.element("label", ["class": "explorer-field__label", "for": "explorer-search"], text: Strings.search)
        b.open("input", ["class": "explorer-input", "type": "search", "id": "explorer-search", "autocomplete": "off",
                         "spellcheck": "false", "aria-describedby": "explorer-search-hint"])
        b.element("p", ["class": "explorer-field__hint", "id": "explorer-search-hint"], text: Strings.searchHint)
        b.raw("</div>")

        b.raw("<div class=\"explorer-field explorer-field--radius\"><p class=\"explorer-field__label\" id=\"explorer-radius-text\">")
        b.element("label", ["for": "explorer-radius"], text: Strings.radius)
        b.raw(": ")
        b.element("span", ["id": "explorer-radius-value"], text: radius + " km")
        b.raw("</p>")
        b.open("input", ["class": "explorer-range", "type": "range", "id": "explorer-radius", "min": String(SiteSettings.radiusRange.lowerBound), "max": String(SiteSettings.radiusRange.upperBound), "step": "1",
                         "value": radius, "aria-valuetext": radius + " km"])
        b.raw("<p class=\"explorer-range__scale\" aria-hidden=\"true\"><span>1 km</span><span>10 km</span></p>")
        b.element("p", ["class": "explorer-field__note", "id": "explorer-radius-note", "hidden": ""], text: Strings.fetchedWithin(radiusKm: settings.radiusKm))
        b.raw("</div>")

        b.raw("<div class=\"explorer-field explorer-field--sort\">")
        b.element("label", ["class": "explorer-field__label", "for": "explorer-sort"], text: Strings.sortBy)
        b.raw("<select class=\"explorer-select\" id=\"explorer-sort\">")
        b.element("option", ["value": "distance"], text: Strings.distance)
        b.element("option", ["value": "rating"], text: Strings.sortRating)
        b.element("option", ["value": "name"], text: Strings.sortName)
        b.raw("</select></div>")

        b.raw("<div class=\"explorer-actions\">")
        b.open("div", ["class": "segmented explorer-toggle", "role": "group", "aria-label": Strings.showPlaces])
        b.raw("<ul><li>")
        b.element("button", ["type": "button", "data-favorites": "all", "aria-pressed": "true"], text: Strings.allPlaces)
        b.raw("</li><li><button type=\"button\" data-favorites=\"only\" aria-pressed=\"false\"><span aria-hidden=\"true\">♥ </span>")
        b.text(Strings.favorites)
        b.raw("</button></li></ul></div>")
        // "Åpent nå": a toggle (aria-pressed) the script un-hides when some place has hours it understands.
        b.raw("<button type=\"button\" class=\"button button--secondary explorer-open-now\" id=\"explorer-open-now\" aria-pressed=\"false\" aria-describedby=\"explorer-open-now-hint\" hidden=\"\"><span aria-hidden=\"true\">🕒 </span>")
        b.text(Strings.openNow)
        b.raw("</button>")
        b.element("span", ["class": "visually-hidden", "id": "explorer-open-now-hint"], text: Strings.openNowHint)
        b.raw("<button type=\"button\" class=\"button\" id=\"explorer-locate\"><span aria-hidden=\"true\">📍</span>")
        b.text(Strings.findNearestMe)
        b.raw("</button>")
        b.element("button", ["type": "button", "class": "button button--secondary", "id": "explorer-reset"], text: Strings.reset)
        b.raw("</div>")
        b.close("div")
        b.raw("\n")
    }

    static func renderStatusArea(_ b: inout HTMLBuffer) {
        b.open("div", ["class": "segmented explorer-view", "id": "explorer-view", "role": "group", "aria-label": Strings.viewMode, "hidden": ""])
        b.raw("<ul><li><button type=\"button\" data-view=\"list\" aria-pressed=\"true\"><span aria-hidden=\"true\">☰ </span>")
        b.text(Strings.listView)
        b.raw("</button></li><li><button type=\"button\" data-view=\"map\" aria-pressed=\"false\"><span aria-hidden=\"true\">🗺️ </span>")
        b.text(Strings.mapView)
        b.raw("</button></li></ul></div>\n")
        b.raw("<div class=\"explorer-status\" id=\"explorer-status\" hidden><p class=\"explorer-message\" id=\"explorer-message\" role=\"status\"></p>")
        b.open("button", ["type": "button", "class": "explorer-text-button", "id": "explorer-origin-reset", "hidden": ""])
        b.close("button")
        b.raw("</div>\n")
    }

    static func renderMapArea(_ b: inout HTMLBuffer) {
        b.raw("<div class=\"explorer-more\" id=\"explorer-more\" hidden><p class=\"explorer-more__status\" id=\"explorer-more-status\"></p>")
        b.element("button", ["type": "button", "class": "button button--secondary", "id": "explorer-more-button"], text: Strings.showMore)
        b.raw("</div>\n")
        b.raw("<div class=\"empty-state explorer-empty\" id=\"explorer-empty\" hidden><span class=\"empty-state__emoji\" aria-hidden=\"true\">🔍</span>")
        b.element("p", ["class": "explorer-empty__title"], text: Strings.noMatches)
        b.element("p", ["class": "explorer-empty__hint"], text: Strings.noMatchesHint)
        b.raw("</div>\n")
        b.open("section", ["class": "explorer-map", "id": "explorer-map", "aria-label": Strings.mapView, "hidden": ""])
        b.raw("<p class=\"explorer-map__note\" id=\"explorer-map-note\" hidden></p><div class=\"explorer-map__canvas\" id=\"explorer-map-canvas\"></div>")
        b.raw("<p class=\"explorer-map__legend\" aria-hidden=\"true\"><span>🍽️ ")
        b.text(PlaceCategory.restaurant.singularName)
        b.raw("</span><span>☕ ")
        b.text(PlaceCategory.cafe.singularName)
        b.raw("</span><span>🏨 ")
        b.text(PlaceCategory.hotel.singularName)
        b.raw("</span><span>★ ")
        b.text(Strings.rated)
        b.raw("</span></p>")
        b.close("section")
        b.raw("\n")
    }
}
