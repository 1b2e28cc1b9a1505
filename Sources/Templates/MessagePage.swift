import BeaconHTML

/// A page that only says something and offers a way on: the 404 page and the
/// offline page. Its links start at `root`, which each page chooses for where
/// it may be shown.
enum MessagePage {
    struct Link {
        var text: String
        var href: String
        var secondary = false
    }

    /// `block`: the CSS block name (`not-found`, `offline-page`) of the section, its mark and icon;
    /// `linksClass`: a class for the paragraph of links, if it has one; `movedAddresses`: the data
    /// of `beacon-moved.js`, which sends a reader on from an old address (the 404 page).
    static func render(
        context: SiteContext, root: String, title: String, heading: String, text: String,
        block: String, links: [Link], linksClass: String? = nil, movedAddresses: [UInt8]? = nil
    ) -> [UInt8] {
        var b = HTMLBuffer(capacity: 4_096)
        PageChrome.page(
            &b,
            head: .init(
                title: title + " – " + context.title, description: text,
                includeMovedScript: movedAddresses != nil),
            chrome: PageChrome.chrome(root: root, section: .none, context: context),
            path: context.paths.listPage(),
            root: root, context: context
        ) { b in
            b.element("section", ["class": "page-intro " + block]) { b in
                b.element("p", ["class": block + "__mark"]) {
                    $0.voidElement(
                        "img",
                        [
                            "class": block + "__icon",
                            "src": context.assetRoot(root) + SitePaths.icon, "alt": "",
                            "width": "88", "height": "88",
                        ])
                }
                b.element("h1", text: heading)
                b.element("p", class: "lead", text: text)
                b.element("p", ["class": linksClass]) { b in
                    for (index, link) in links.enumerated() {
                        if index > 0 { b.text(" ") }
                        b.element(
                            "a",
                            [
                                "class": link.secondary ? "button button--secondary" : "button",
                                "href": link.href,
                            ],
                            text: link.text)
                    }
                }
            }
            b.newline()
            if let movedAddresses {
                b.scriptJSON(id: "beacon-moved", movedAddresses)
                b.newline()
            }
        }
        return b.bytes
    }
}
