import BeaconCore
import BeaconHTML

/// The 404 page. A server shows it for any missing path, at any depth, so its
/// links cannot be relative: they start from the base URL when one is set,
/// else from the host's root.
package enum NotFoundPage {
    package static func render(context: SiteContext) -> [UInt8] {
        var root = context.settings.baseURL ?? "/"
        if !root.hasSuffix("/") { root += "/" }
        var b = HTMLBuffer(capacity: 4_096)
        PageChrome.openDocument(&b, head: .init(title: Strings.notFoundTitle + " – " + context.settings.title,
                                                description: Strings.notFoundText), root: root, context: context)
        b.append(PageChrome.header(settings: context.settings, root: root, section: .none))
        b.raw("<section class=\"page-intro not-found\"><p class=\"not-found__mark\">")
        b.open("img", ["class": "not-found__icon", "src": root + SitePaths.icon, "alt": "", "width": "88", "height": "88"])
        b.raw("</p>")
        b.element("h1", text: Strings.notFoundTitle)
        b.element("p", ["class": "lead"], text: Strings.notFoundText)
        b.raw("<p>")
        b.element("a", ["class": "button", "href": root + SitePaths.listPage()], text: Strings.goToFrontPage)
        b.raw("</p></section>\n")
        b.append(PageChrome.footer(source: context.source, lastUpdated: context.lastUpdatedText, root: root))
        return b.bytes
    }
}
