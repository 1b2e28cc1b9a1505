import BeaconHTML

/// The 404 page. A server shows it for any missing path, at any depth, so its
/// links cannot be relative: they start from the base URL when one is set,
/// else from the host's root.
package enum NotFoundPage {
    package static func render(context: SiteContext) -> [UInt8] {
        let t = context.strings
        var root = context.baseURL ?? "/"
        root += context.folder
        return MessagePage.render(
            context: context, root: root, title: t.notFoundTitle, heading: t.notFoundTitle,
            text: t.notFoundText, block: "not-found",
            links: [.init(text: t.goToFrontPage, href: root + context.paths.listPage())],
            movedAddresses: MovedAddresses.json(settings: context.settings))
    }
}
