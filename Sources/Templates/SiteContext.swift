import BeaconHTML
import BeaconMap
import BeaconModel
import BeaconSite
import BeaconText
import FoundationEssentials

/// Which main-navigation entry a page belongs to.
enum NavigationSection: Int, Sendable, CaseIterable {
    case explore
    case favorites
    /// The owner's lists: the lists page and each list's.
    case lists
    case none
}

/// What every page of one build shares, computed once: the settings, the
/// data-source line, and the page chrome (head links, header, footer) as
/// ready-made fragments for each folder depth and navigation state.
package struct SiteContext: Sendable {
    package let settings: SiteSettings
    /// The guide's clock, which the page script reads opening hours by (`data-time-zone` on
    /// `<html>`).
    package let timeZone: GuideTimeZone
    package let source: DataSourceInfo
    /// The intro text after sanitising.
    package let intro: SanitizedHTML?
    /// What the maps draw under the pins.
    package let basemap: PublishedBasemap
    /// Whether the map library (Leaflet) is published with the site: without it, no page has a map.
    package let hasMap: Bool
    /// The owner's photos of each place, in their order (`PhotoProcessing`).
    package let photos: [PlaceID: [ShownPhoto]]
    /// Whether the site adds its own stylesheet (`assets/custom.css`), loaded after the built-in
    /// one.
    package let hasCustomStylesheet: Bool
    /// The texts of this context's language.
    package let strings: Strings
    /// The guide's title in this language (`title(of:in:strings:)`).
    package let title: String
    /// Every language the site publishes, the main one first.
    package let languages: SiteLanguages
    /// Where this language's pages are, from the site root: "" (main language) or "nn/".
    package let folder: String
    /// The paths of the site's pages and exports, in the main language's words.
    package let paths: SitePaths
    /// "21. november 2026": when the data was fetched.
    let lastUpdatedText: String
    private(set) var chrome: [ChromeKey: Chrome]
    /// The head's lines that do not name the page, made on first use (`HeadParts`).
    let headParts = HeadPartsMemo()
    /// A detail page's map data but its pin.
    let detailMapFrame: DetailPage.MapDataFrame
    /// Whether the guide has lists of the owner's: then the header links to them.
    package let hasSavedLists: Bool
    /// The lists that hold each place, in the store's order («I listene: …» on its page).
    let savedListLinks: [PlaceID: [SavedListLink]]

    /// One of the owner's lists as a place's page links to it.
    struct SavedListLink: Sendable {
        var name: String
        /// Its page, below the language's root (`SitePaths.savedListPage`).
        var path: String
    }

    struct ChromeKey: Hashable {
        var depth: Int
        var section: NavigationSection
    }

    /// What a page has around its content (`PageChrome.body`) but the language switcher, which
    /// names the page.
    struct Chrome: Sendable {
        /// The link past the header, first in the body.
        var skipLink: HTMLFragment
        /// The header's brand and main navigation.
        var header: HTMLFragment
        var footer: HTMLFragment
    }

    /// The owner's title in `language`; one the tool made from the centre, said in the page's own
    /// words (the settings keep it in bokmål, where `init` and `center set` wrote it).
    static func title(of settings: SiteSettings, in language: Language, strings: Strings) -> String
    {
        if let own = settings.translations[language]?.title { return own }
        guard settings.titleIsMadeFromCenter else { return settings.title }
        if settings.title == SiteSettings.defaults.title { return strings.builtInTitle }
        return settings.centerLabel.map(strings.titleAround) ?? strings.titleWithoutCenter
    }

    /// The owner's introduction in `language`; the built-in guide's, in the page's own words.
    package static func intro(of settings: SiteSettings, in language: Language) -> String? {
        if let own = settings.translations[language]?.intro { return own }
        guard settings.intro == SiteSettings.defaults.intro else { return settings.intro }
        return Strings.of(language).builtInIntro
    }

    /// Deepest folder a page lives in (`steder/<slug>/index.html` is 2).
    static let maximumDepth = 3

    /// The context of the site's pages in `language` (nil: the main language).
    package init(
        settings: SiteSettings, source: DataSourceInfo, intro: SanitizedHTML?,
        basemap: PublishedBasemap = .none,
        hasMap: Bool = false,
        hasCustomStylesheet: Bool = false, language: Language? = nil,
        photos: [PlaceID: [ShownPhoto]] = [:], savedLists: [GuideList] = []
    ) {
        self.settings = settings
        self.photos = photos
        let timeZone = settings.guideTimeZone
        self.timeZone = timeZone
        self.languages = settings.languages
        let language = language ?? settings.languages.main
        self.strings = Strings.of(language)
        self.title = Self.title(of: settings, in: language, strings: strings)
        self.folder = settings.languages.folder(of: language)
        self.paths = SitePaths(main: settings.languages.main)
        self.source = source
        self.intro = intro
        self.basemap = basemap
        self.hasMap = hasMap
        self.hasCustomStylesheet = hasCustomStylesheet
        self.detailMapFrame = DetailPage.MapDataFrame(settings: settings, basemap: basemap)
        self.lastUpdatedText = language.longDate(timeZone.today(source.fetchedAt))
        hasSavedLists = !savedLists.isEmpty
        var links: [PlaceID: [SavedListLink]] = [:]
        for list in savedLists {
            let link = SavedListLink(name: list.name, path: paths.savedListPage(list))
            for place in list.places { links[place.id, default: []].append(link) }
        }
        savedListLinks = links
        self.chrome = [:]
        var chrome: [ChromeKey: Chrome] = [:]
        for depth in 0...SiteContext.maximumDepth {
            let root = SiteContext.rootPrefix(depth: depth)
            for section in NavigationSection.allCases {
                chrome[ChromeKey(depth: depth, section: section)] = PageChrome.chrome(
                    root: root, section: section, context: self)
            }
        }
        self.chrome = chrome
    }

    /// The language of this context's pages.
    package var language: Language { strings.language }

    /// The way to the site root (assets, data, tiles) from a page whose way to its language's root
    /// is `root`.
    func assetRoot(_ root: String) -> String {
        guard !folder.isEmpty else { return root }
        // "https://…/guide/nn/" and "./nn/" (the 404 and offline pages) end in the folder: drop it.
        if root.hasSuffix("/" + folder) { return String(root.dropLast(folder.count)) }
        return root + "../"
    }

    /// The same page in every language of the site, the main one first: the
    /// language, and the link to it from a page of this language at `path`
    /// whose way to its language's root is `root`.
    func alternates(path: String, root: String) -> [(language: Language, href: String)] {
        languages.all.map { other in
            // The file itself ("…/index.html"), as every link of the site names it, so `file://`
            // works too.
            (other, assetRoot(root) + languages.folder(of: other) + path)
        }
    }

    /// "", "../", "../../" …: the way back to the site root from a page `depth` folders down.
    static func rootPrefix(depth: Int) -> String {
        String(repeating: "../", count: depth)
    }

    func chrome(depth: Int, section: NavigationSection) -> Chrome {
        chrome[ChromeKey(depth: min(depth, SiteContext.maximumDepth), section: section)]!
    }

    /// The centre's name for running text ("Oslo S"), or nil.
    var centerName: String? { settings.centerLabel }

    /// The base URL with exactly one trailing slash, when the settings name one.
    package var baseURL: String? {
        guard var base = settings.baseURL?.trimmingSpaces(), !base.isEmpty else { return nil }
        while base.hasSuffix("/") { base.removeLast() }
        return base + "/"
    }

    /// The published address of a page of this language ("https://example.org/guide/nn/steder/x/"),
    /// or nil without a base URL.
    func absoluteURL(for path: String) -> String? {
        guard let baseURL else { return nil }
        return baseURL + folder + SitePaths.pretty(path)
    }

    /// The published address of a file shared by every language
    /// ("https://example.org/guide/assets/…").
    func absoluteSiteURL(for path: String) -> String? {
        baseURL.map { $0 + path }
    }

    /// The provider's origin when the basemap's tiles come from one (for the pages' policy).
    var mapImageOrigin: String? {
        if case .remote(_, let origin, _) = basemap.source { return origin }
        return nil
    }

    /// Canonical link and sharing tags for a page; nil without a base URL (link previews need
    /// absolute addresses). A place's page (`category`) shows its category's large preview image. A
    /// favorite of a kind the guide does not hold (its image is not published) shows the site's
    /// image.
    func seo(for path: String, category: PlaceCategory? = nil) -> PageChrome.SEO? {
        let own = category.flatMap { settings.categories.contains($0) && $0.isPreset ? $0 : nil }
        let imagePath = own.map(SitePaths.shareImage(for:)) ?? SitePaths.shareImage
        guard let url = absoluteURL(for: path), let image = absoluteSiteURL(for: imagePath) else {
            return nil
        }
        return PageChrome.SEO(
            url: url, image: image, siteName: title, largeImageAlt: own.map(strings.singular))
    }

    /// The same for a place's page with photos: the first one's JPEG, 1,200 pixels wide, is the
    /// preview.
    func seo(for path: String, category: PlaceCategory?, photo: ShownPhoto?, placeName: String)
        -> PageChrome.SEO?
    {
        var seo = seo(for: path, category: category)
        if let photo, let image = absoluteSiteURL(for: photo.jpeg.path) {
            seo?.image = image
            seo?.largeImageAlt = photo.alt ?? strings.photoOf(placeName)
            seo?.imageWidth = photo.jpeg.width
            seo?.imageHeight = photo.jpeg.height
        }
        return seo
    }
}
