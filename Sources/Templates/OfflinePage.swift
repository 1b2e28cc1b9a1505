import BeaconCore
import BeaconHTML

/// The page the service worker answers with when the reader is offline and
/// has never opened the page asked for (`offline.html`, precached).
///
/// The worker serves it in place of a page at any depth, so its links to the
/// site start with "./" (right at the root, where the file is) and the worker
/// turns that "./" into "../../" for a page two folders down (see
/// `ServiceWorkerScript`). No other link on it starts with "./".
enum OfflinePage {
    /// The root prefix the worker rewrites.
    static let root = "./"

    static func render(context: SiteContext) -> [UInt8] {
        let root = OfflinePage.root
        var b = HTMLBuffer(capacity: 4_096)
        PageChrome.openDocument(&b, head: .init(title: Strings.offlineTitle + " – " + context.settings.title,
                                                description: Strings.offlineText), root: root, context: context)
        b.append(PageChrome.header(settings: context.settings, root: root, section: .none))
        b.raw("<section class=\"page-intro offline-page\"><p class=\"offline-page__mark\">")
        b.open("img", ["class": "offline-page__icon", "src": root + SitePaths.icon, "alt": "", "width": "88", "height": "88"])
        b.raw("</p>")
        b.element("h1", text: Strings.offlineHeading)
        b.element("p", ["class": "lead"], text: Strings.offlineText)
        b.raw("<p class=\"offline-page__links\">")
        b.element("a", ["class": "button", "href": root + SitePaths.listPage()], text: Strings.goToFrontPage)
        b.raw(" ")
        b.element("a", ["class": "button button--secondary", "href": root + SitePaths.favoritesPage], text: Strings.myPlaces)
        b.raw("</p></section>\n")
        b.append(PageChrome.footer(source: context.source, lastUpdated: context.lastUpdatedText, root: root))
        return b.bytes
    }
}
