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
        MessagePage.render(context: context, root: root, title: Strings.offlineTitle, heading: Strings.offlineHeading,
                           text: Strings.offlineText, block: "offline-page",
                           links: [.init(text: Strings.goToFrontPage, href: root + SitePaths.listPage()),
                                   .init(text: Strings.myPlaces, href: root + SitePaths.favoritesPage, secondary: true)],
                           linksClass: "offline-page__links")
    }
}
