import BeaconHTML
import BeaconModel
import BeaconSite

/// The explorer pages: the front page ("Utforsk", every place) and one page per
/// category, the same page pre-set to its category. Each is split into pages of
/// `pageSize` so a guide of 100,000 places stays light; the first page of each
/// carries the page data, and the script (`beacon.js`) brings search, filters,
/// "Finn nærmeste meg" and the map to life on it.
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
        /// The data block for the script; only each explorer's first page has it.
        var scriptData: HTMLFragment?
        /// The categories the guide has places in: only they get a chip (and a line in the map's
        /// legend).
        var categories: [PlaceCategory]
        /// The places within the guide's radius, all (nil) and of each category: the chips' counts.
        var chipCounts: [PlaceCategory?: Int]
        /// Where in the whole list (of `totalCount`) the places beyond the radius begin, nearest
        /// first; with `outsideRadius` (on an explorer's first page: the script's list leaves them
        /// out), they are listed apart.
        var outsideStart: Int
        var outsideRadius: ArraySlice<GuidePlace>

        package init(
            path: String, category: PlaceCategory?, places: ArraySlice<GuidePlace>, totalCount: Int,
            page: Int,
            pageCount: Int, scriptData: HTMLFragment?,
            categories: [PlaceCategory] = PlaceCategory.defaults,
            outsideStart: Int? = nil, outsideRadius: ArraySlice<GuidePlace> = [],
            chipCounts: [PlaceCategory?: Int] = [:]
        ) {
            self.categories = categories
            self.chipCounts = chipCounts
            self.outsideStart = outsideStart ?? totalCount
            self.outsideRadius = outsideRadius
            self.path = path
            self.category = category
            self.places = places
            self.totalCount = totalCount
            self.page = page
            self.pageCount = pageCount
            self.scriptData = scriptData
        }
    }

    package static func pageCount(for count: Int) -> Int {
        max(1, (count + pageSize - 1) / pageSize)
    }

    package static func render(_ input: Input, context: SiteContext) -> [UInt8] {
        let depth = SitePaths.depth(of: input.path)
        let root = SiteContext.rootPrefix(depth: depth)
        let settings = context.settings
        let t = context.strings
        let heading = input.category.map { t.plural($0) } ?? t.explore
        let title =
            input.category == nil && input.page == 1
            ? context.title
            : heading + (input.page > 1 ? t.pageSuffix(input.page) : "") + " – " + context.title
        let interactive = input.scriptData != nil
        // The explorer's count is what its list shows: the places within the radius.
        let summary = t.withinRadius(
            interactive ? input.outsideStart : input.totalCount, settings.radiusKm,
            context.centerName)
        let withMap = interactive && context.hasMap
        var b = HTMLBuffer(capacity: 16_384 + input.places.count * 700)
        PageChrome.page(
            &b,
            head: .init(
                title: title, description: summary + ".", includeScript: interactive,
                includeMap: withMap, mapImageOrigin: context.mapImageOrigin,
                seo: context.seo(for: input.path), path: input.path),
            chrome: context.chrome(depth: depth, section: .explore), path: input.path, root: root,
            context: context
        ) { b in
            b.element(
                "div",
                [
                    "class": "explorer", "id": "explorer",
                    "data-category": input.category?.rawValue ?? "all",
                ]
            ) { b in
                b.element("div", class: "explorer-head") { b in
                    b.element("div", class: "explorer-head__text") { b in
                        b.element("h1", text: heading)
                        b.element(
                            "p",
                            [
                                "class": "results-count", "id": "results-count", "role": "status",
                                "tabindex": "-1",
                            ],
                            text: summary)
                    }
                    if interactive { ExplorerControls.locateButton(&b, t) }
                }
                b.newline()
                // A category without places leads nowhere: no chip for it (its own page still shows
                // its chip).
                let shownCategories = (context.settings.categories + [.other]).filter {
                    input.categories.contains($0) || $0 == input.category
                }
                ExplorerControls.bar(
                    &b, root: root, current: input.category, categories: shownCategories,
                    counts: input.chipCounts,
                    settings: settings, context: context, interactive: interactive)
                b.element("div", class: "explorer-body") { b in
                    results(
                        &b, input, summary: summary, withMap: withMap, root: root, context: context)
                    if withMap { ExplorerControls.map(&b, categories: shownCategories, t) }
                    if withMap { ExplorerControls.sheetStatus(&b) }
                }
                b.newline()
                if withMap { ExplorerControls.viewSwitch(&b, t) }
            }
            b.newline()
            if interactive { outsideRadius(&b, input, root: root, context: context) }
            if input.category == nil, input.page == 1 { about(&b, root: root, context: context) }
            if let data = input.scriptData { b.append(data) }
        }
        return b.bytes
    }

    /// The results: on a phone whose guide has a basemap, the sheet over the map (`beacon.js`
    /// decides), pulled up by its handle; where the distances are measured from, at their top.
    static func results(
        _ b: inout HTMLBuffer, _ input: Input, summary: String, withMap: Bool, root: String,
        context: SiteContext
    ) {
        let t = context.strings
        let interactive = input.scriptData != nil
        b.element("div", ["class": "explorer-results", "id": "explorer-results"]) { b in
            if withMap { ExplorerControls.sheetHandle(&b, count: summary) }
            if interactive { ExplorerControls.status(&b) }
            // A list on one page comes in the script's default order («Anbefalt»), so the first
            // paint is the order the script keeps, and a reader without script meets the owner's
            // picks first too. Longer lists keep the guide's order (nearest first): their later
            // pages, rendered only when their own places change, could not follow an order that a
            // new rating reshuffles.
            let cards =
                input.pageCount == 1
                ? recommended(input.places, context: context)[...] : input.places
            placeList(&b, cards, id: "place-list", root: root, context: context)
            if interactive { ExplorerControls.moreAndEmpty(&b, t) }
            let category = input.category
            Components.pagination(&b, page: input.page, pageCount: input.pageCount, root: root, t) {
                page in
                if let category { return context.paths.categoryPage(category, page: page) }
                return context.paths.listPage(page: page)
            }
        }
    }

    /// The places in «Anbefalt» order, the owner's picks by the guide's setting.
    static func recommended(_ places: ArraySlice<GuidePlace>, context: SiteContext) -> [GuidePlace]
    {
        var query = PlaceQuery(sort: .recommended)
        query.picksMinimumRating = context.settings.picksMinimumRating
        return query.apply(to: Array(places))
    }

    /// The places' cards, one a line.
    static func placeList(
        _ b: inout HTMLBuffer, _ places: ArraySlice<GuidePlace>, id: String? = nil, root: String,
        context: SiteContext
    ) {
        b.element("ul", ["class": "place-list", "id": id]) { b in
            b.newline()
            for place in places {
                Components.placeCard(
                    &b, place, root: root, paths: context.paths, context.strings,
                    photo: .init(place, root: root, context: context))
            }
        }
        b.newline()
    }

    /// Most shown: the places the data has beyond the radius (a file or an answer reaches past it),
    /// which the script's list leaves out: folded away, so every page the build publishes is linked
    /// from an explorer.
    static let outsideRadiusShown = pageSize

    /// The places beyond the radius, folded under their count; past `outsideRadiusShown`, a link to
    /// the plain list page where they go on.
    static func outsideRadius(
        _ b: inout HTMLBuffer, _ input: Input, root: String, context: SiteContext
    ) {
        guard !input.outsideRadius.isEmpty else { return }
        let t = context.strings
        let count = input.totalCount - input.outsideStart
        b.element("details", ["class": "outside-radius", "id": "outside-radius"]) { b in
            b.element(
                "summary",
                text: t.outsideRadius(count, context.settings.radiusKm, context.centerName))
            b.element("p", class: "muted", text: t.outsideRadiusNote)
            placeList(
                &b, input.outsideRadius.prefix(outsideRadiusShown), root: root, context: context)
            if count > outsideRadiusShown {
                let next = input.outsideStart + outsideRadiusShown
                let page = next / pageSize + 1
                let path =
                    input.category.map { context.paths.categoryPage($0, page: page) }
                    ?? context.paths.listPage(page: page)
                b.element("p") { $0.element("a", ["href": root + path], text: t.outsideRadiusRest) }
            }
        }
        b.newline()
    }

    /// After the list: the owner's introduction, what the guide covers, and the download.
    static func about(_ b: inout HTMLBuffer, root: String, context: SiteContext) {
        let t = context.strings
        b.element("section", ["class": "about", "aria-labelledby": "about-heading"]) { b in
            b.element("h2", ["id": "about-heading"], text: t.aboutGuide)
            if let intro = context.intro, !intro.isEmpty {
                b.element("div", class: "lead") { $0.append(intro) }
            }
            b.element("p", text: t.coverage(context.settings.radiusKm, context.centerName) + ".")
            b.element(
                "a",
                [
                    "class": "about__download",
                    "href": context.assetRoot(root) + context.paths.allPlacesGeoJSON,
                    "download": "",
                ]
            ) { b in
                b.icon(.download)
                b.text(t.allPlacesDownload)
            }
        }
        b.newline()
    }
}
