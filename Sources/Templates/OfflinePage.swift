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

    /// Links to the site start with "./" (the site root): the language's own pages with "./nn/".
    static func render(context: SiteContext) -> [UInt8] {
        let t = context.strings
        let root = OfflinePage.root + context.folder
        return MessagePage.render(
            context: context, root: root, title: t.offlineTitle, heading: t.offlineHeading,
            text: t.offlineText, block: "offline-page",
            links: [
                .init(text: t.goToFrontPage, href: root + context.paths.listPage()),
                .init(text: t.myPlaces, href: root + context.paths.favoritesPage, secondary: true),
            ],
            linksClass: "offline-page__links")
    }
}
