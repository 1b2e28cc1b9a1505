import BeaconCore
import BeaconHTML

/// The 404 page. A server shows it for any missing path, at any depth, so its
/// links cannot be relative: they start from the base URL when one is set,
/// else from the host's root.
package enum NotFoundPage {
    package static func render(context: SiteContext) -> [UInt8] {
        var root = context.settings.baseURL ?? "/"
        if !root.hasSuffix("/") { root += "/" }
        return MessagePage.render(context: context, root: root, title: Strings.notFoundTitle, heading: Strings.notFoundTitle,
                                  text: Strings.notFoundText, block: "not-found",
                                  links: [.init(text: Strings.goToFrontPage, href: root + SitePaths.listPage())])
    }
}
