import BeaconModel
import BeaconSite

/// Paths of the site's files, in one place so links and files agree. The pages' and exports'
/// folders are words of the site's main language (`PathWords`); the assets', data files' and tiles'
/// are the same in every guide.
package struct SitePaths: Sendable, Hashable {
    package let language: Language
    package let words: PathWords

    /// The paths of a site whose main language is `language`.
    package init(main language: Language) {
        self.language = language
        words = PathWords(language)
    }

    package func detailPage(slug: String) -> String { "\(words.places)/\(slug)/index.html" }

    package func categoryPage(_ category: PlaceCategory, page: Int = 1) -> String {
        let folder = category.pathSegment(in: language)
        return page == 1 ? "\(folder)/index.html" : "\(folder)/\(words.page)/\(page)/index.html"
    }

    package func listPage(page: Int = 1) -> String {
        page == 1 ? "index.html" : "\(words.page)/\(page)/index.html"
    }

    package var favoritesPage: String { "\(words.favorites)/index.html" }

    /// «Mine steder» is paginated like the lists, so no page grows past about 100 cards.
    package func favoritesPage(page: Int) -> String {
        page == 1 ? favoritesPage : "\(words.favorites)/\(words.page)/\(page)/index.html"
    }

    /// The owner's lists: `lister/index.html`.
    package var listsPage: String { "\(words.lists)/index.html" }
    /// One list's page: `lister/sondagsfrokost/index.html`.
    package func savedListPage(_ list: GuideList) -> String {
        "\(words.lists)/\(list.slug)/index.html"
    }
    /// A list's exports: `eksport/lister/sondagsfrokost.gpx` (`ext`: geojson, gpx, kml).
    package func savedListExport(_ list: GuideList, ext: String) -> String {
        "\(words.export)/\(words.lists)/\(list.slug).\(ext)"
    }

    package var allPlacesGeoJSON: String { "\(words.export)/\(words.places).geojson" }
    var favoritesGeoJSON: String { "\(words.export)/\(words.favorites).geojson" }
    var favoritesGPX: String { "\(words.export)/\(words.favorites).gpx" }
    var favoritesKML: String { "\(words.export)/\(words.favorites).kml" }

    package static let notFoundPage = "404.html"
    package static let stylesheet = "assets/beacon.css"
    /// The owner's own stylesheet, when the site's `assets/` has one.
    package static let customStylesheet = "assets/custom.css"
    static let script = "assets/beacon.js"
    static let hoursScript = "assets/beacon-hours.js"
    /// «Del siden» on «Mine steder»: the Web Share API, or the link copied.
    static let shareScript = "assets/beacon-share.js"
    static let galleryScript = "assets/beacon-gallery.js"
    /// The 404 page's: sends a reader on from a page's old address (`MovedAddresses`).
    static let movedScript = "assets/beacon-moved.js"
    /// The rules of search, filters and order (`window.BeaconQuery`), loaded before `script`.
    static let queryScript = "assets/beacon-query.js"
    /// Leaflet, its marker clustering (both copied from Debian's packages by the build) and our map
    /// code.
    static let mapScripts = [
        "assets/leaflet/leaflet.js", "assets/leaflet/leaflet.markercluster.js",
        "assets/beacon-basemap.js",
        "assets/beacon-map.js",
    ]
    static let mapStylesheets = ["assets/leaflet/leaflet.css", "assets/leaflet/MarkerCluster.css"]
    static let icon = "assets/beacon-icon.svg"
    package static let favicon = "favicon.svg"
    static let touchIcon = "assets/apple-touch-icon.png"
    static let shareImage = "assets/beacon-icon-512.png"
    /// A category's link-preview image (made by `scripts/make-icons`, one per preset); not
    /// precached: only link previews fetch it. An owner's own kind's page shows the site's image.
    package static func shareImage(for category: PlaceCategory) -> String {
        category.isPreset ? "\(shareImagePrefix)\(category.rawValue).png" : shareImage
    }
    package static let shareImagePrefix = "assets/share-"
    static let sitemap = "sitemap.xml"
    static let robots = "robots.txt"

    /// "steder/x/index.html" → "steder/x/"; "index.html" → "".
    static func pretty(_ path: String) -> String {
        if path == "index.html" { return "" }
        if path.hasSuffix("/index.html") { return String(path.dropLast("index.html".count)) }
        return path
    }

    /// Folder depth of a path ("steder/x/index.html" → 2).
    static func depth(of path: String) -> Int {
        path.utf8.reduce(0) { $1 == UInt8(ascii: "/") ? $0 + 1 : $0 }
    }
}

extension Guide {
    /// The paths of this guide's pages: its settings' main language's words.
    package var paths: SitePaths { SitePaths(main: settings.languages.main) }
}
