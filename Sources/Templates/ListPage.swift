import BeaconCore

/// The list pages: the front page ("Utforsk", every place, with the search
/// controls the script brings to life) and one page per category, both
/// split into pages of `pageSize` so a guide of 100,000 places stays light.
public enum ListPage {
    public static let pageSize = 100

    public struct Input {
        public var path: String
        /// Nil on the front page's list of every category.
        public var category: PlaceCategory?
        public var places: ArraySlice<GuidePlace>
        public var totalCount: Int
        public var page: Int
        public var pageCount: Int
        /// The data block for the script; only the front page has it.
        public var scriptData: HTMLFragment?

        public init(path: String, category: PlaceCategory?, places: ArraySlice<GuidePlace>, totalCount: Int, page: Int, pageCount: Int, scriptData: HTMLFragment?) {
            self.path = path
            self.category = category
            self.places = places
            self.totalCount = totalCount
            self.page = page
            self.pageCount = pageCount
            self.scriptData = scriptData
        }
    }

    public static func pageCount(for count: Int) -> Int { max(1, (count + pageSize - 1) / pageSize) }

    public static func render(_ input: Input, context: SiteContext) -> [UInt8] {
        let depth = SitePaths.depth(of: input.path)
        let root = SiteContext.rootPrefix(depth: depth)
        let settings = context.settings
        let heading = input.category?.pluralName ?? Strings.explore
        let title = input.category == nil && input.page == 1
            ? settings.title
            : heading + (input.page > 1 ? " (side \(input.page))" : "") + " – " + settings.title
        let summary = Strings.withinRadius(count: input.totalCount, radiusKm: settings.radiusKm, center: context.centerName)
        var b = HTMLBuffer(capacity: 16_384 + input.places.count * 700)
        PageChrome.openDocument(&b, head: .init(title: title, description: summary + ".", includeScript: input.scriptData != nil), root: root)
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
        b.element("p", ["class": "page-intro__summary"], text: summary + ".")
        b.raw("</section>\n")

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
/// script the page is a plain list with category links.
enum ExplorerControls {
    static func render(_ b: inout HTMLBuffer, settings: SiteSettings) {
        b.raw("")
    }

    static func renderStatusArea(_ b: inout HTMLBuffer) {
        b.raw("")
    }

    static func renderMapArea(_ b: inout HTMLBuffer) {
        b.raw("")
    }
}
