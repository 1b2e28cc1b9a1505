import BeaconHTML

/// The parts around every page's content: document head, header with
/// navigation, footer with the data attribution.
enum PageChrome {
    /// Forbids inline script and every other origin, so even a sanitiser bug could not run script.
    static let contentSecurityPolicy = contentSecurityPolicy(imageOrigin: nil)

    /// The policy, allowing images from `imageOrigin` too: the map tiles of a provider the owner
    /// chose.
    static func contentSecurityPolicy(imageOrigin: String?) -> String {
        let images = imageOrigin.map { "img-src 'self' data: \($0)" } ?? "img-src 'self' data:"
        return
            "default-src 'none'; script-src 'self'; style-src 'self'; \(images); font-src 'self'; connect-src 'self'; manifest-src 'self'; base-uri 'none'; form-action 'none'"
    }

    struct Head {
        var title: String
        var description: String
        /// The list page's script (`beacon.js`).
        var includeScript: Bool = false
        /// The opening-hours script (`beacon-hours.js`): "Åpent nå" badges and filter.
        var includeHoursScript: Bool = false
        /// The map library (Leaflet, its clustering, `beacon-map.js`) and its stylesheets.
        var includeMap: Bool = false
        /// The share button's script (`beacon-share.js`).
        var includeShareScript: Bool = false
        /// The photo gallery's buttons (`beacon-gallery.js`): a place with several photos.
        var includeGalleryScript: Bool = false
        /// The 404 page's way on from an address the guide's pages have left (`beacon-moved.js`).
        var includeMovedScript: Bool = false
        /// The origin of a provider's map tiles, allowed in the policy for images.
        var mapImageOrigin: String? = nil
        /// Canonical link and Open Graph / Twitter tags (only with a base URL).
        var seo: SEO? = nil
        /// The page's path below its language's root, for the links to its translations (nil:
        /// none).
        var path: String? = nil
    }

    struct SEO {
        var url: String
        var image: String
        var siteName: String
        /// A place's page: its category's 1200×630 preview (`SitePaths.shareImage(for:)`), or its
        /// first photo, described by this.
        var largeImageAlt: String? = nil
        var imageWidth = 1200
        var imageHeight = 630
    }

    /// A page of the site: the document (`document`) around its body (`body`), whose `main`
    /// `content` writes. `path`: the page's, below its language's root, for the language switcher.
    static func page(
        _ b: inout HTMLBuffer, head: Head, chrome: SiteContext.Chrome, path: String, root: String,
        context: SiteContext, _ content: (inout HTMLBuffer) -> Void
    ) {
        document(&b, head: head, root: root, context: context) { b in
            body(&b, chrome, path: path, root: root, context: context, content)
        }
    }

    /// The doctype, then `html` in the page's language with the guide's time zone, holding the head
    /// and the body, whose content `body` writes. `context` says whether the site adds its own
    /// stylesheet (`assets/custom.css`), linked after ours. `root` is the way to the page's
    /// language root; assets are found from it (`SiteContext.assetRoot`).
    static func document(
        _ b: inout HTMLBuffer, head: Head, root home: String, context: SiteContext,
        _ body: (inout HTMLBuffer) -> Void
    ) {
        let key = HeadParts.Key(
            root: home, includeScript: head.includeScript,
            includeHoursScript: head.includeHoursScript,
            includeMap: head.includeMap, includeShareScript: head.includeShareScript,
            includeGalleryScript: head.includeGalleryScript,
            includeMovedScript: head.includeMovedScript,
            mapImageOrigin: head.mapImageOrigin)
        let parts = context.headParts.parts(key) { headParts($0, context: context) }
        b.doctype()
        b.newline()
        b.element(parts.document) { b in
            b.newline()
            b.element("head") { b in
                b.newline()
                b.append(parts.opening)
                namingLines(&b, head, icons: parts.icons, root: home, context: context)
                b.append(parts.assets)
            }
            b.newline()
            b.element("body") { b in
                b.newline()
                body(&b)
            }
            b.newline()
        }
        b.newline()
    }

    /// The head's lines that name the page: title, description, the icons (`icons`, the same on
    /// every page) and, with a base URL, canonical and sharing tags; the links to its translations.
    private static func namingLines(
        _ b: inout HTMLBuffer, _ head: Head, icons: HTMLFragment, root home: String,
        context: SiteContext
    ) {
        b.element("title", text: head.title)
        b.newline()
        b.voidElement("meta", ["name": "description", "content": head.description])
        b.newline()
        b.append(icons)
        if let seo = head.seo {
            b.voidElement("link", ["rel": "canonical", "href": seo.url])
            b.newline()
            for (property, content) in [
                ("og:type", "website"), ("og:site_name", seo.siteName), ("og:title", head.title),
                ("og:description", head.description), ("og:url", seo.url), ("og:image", seo.image),
                ("og:locale", context.language.openGraphLocale),
            ] {
                b.voidElement("meta", ["property": property, "content": content])
                b.newline()
            }
            for other in context.languages.all where other != context.language {
                b.voidElement(
                    "meta", ["property": "og:locale:alternate", "content": other.openGraphLocale])
                b.newline()
            }
            if let alt = seo.largeImageAlt {
                for (property, content) in [
                    ("og:image:width", String(seo.imageWidth)),
                    ("og:image:height", String(seo.imageHeight)),
                    ("og:image:alt", alt),
                ] {
                    b.voidElement("meta", ["property": property, "content": content])
                    b.newline()
                }
            }
            for (name, content) in [
                ("twitter:card", seo.largeImageAlt == nil ? "summary" : "summary_large_image"),
                ("twitter:title", head.title),
                ("twitter:description", head.description), ("twitter:image", seo.image),
            ] {
                b.voidElement("meta", ["name": name, "content": content])
                b.newline()
            }
        }
        if let path = head.path, context.languages.all.count > 1 {
            // Absolute with a base URL (as search engines want them), else relative.
            // x-default: the main language, for a reader whose language the site does not have.
            let alternates = context.alternates(path: path, root: home)
            for (index, (language, href)) in ([alternates[0]] + alternates).enumerated() {
                let url =
                    context.baseURL.map {
                        $0 + context.languages.folder(of: language) + SitePaths.pretty(path)
                    } ?? href
                b.voidElement(
                    "link",
                    [
                        "rel": "alternate",
                        "hreflang": index == 0 ? "x-default" : language.rawValue, "href": url,
                    ])
                b.newline()
            }
        }
    }

    /// The head's lines that do not name the page (`HeadParts`), for `key`.
    private static func headParts(_ key: HeadParts.Key, context: SiteContext) -> HeadParts {
        let root = context.assetRoot(key.root)
        let opening = HTMLFragment.build { b in
            b.voidElement("meta", ["charset": "utf-8"])
            b.newline()
            b.voidElement(
                "meta", ["name": "viewport", "content": "width=device-width, initial-scale=1"])
            b.newline()
            b.voidElement(
                "meta",
                [
                    "http-equiv": "Content-Security-Policy",
                    "content": key.includeMap
                        ? contentSecurityPolicy(imageOrigin: key.mapImageOrigin)
                        : contentSecurityPolicy,
                ])
            b.newline()
            b.voidElement(
                "meta", ["name": "referrer", "content": "strict-origin-when-cross-origin"])
            b.newline()
        }
        let icons = HTMLFragment.build { b in
            b.voidElement("meta", ["name": "color-scheme", "content": "light dark"])
            b.newline()
            b.voidElement("meta", ["name": "theme-color", "content": "#20202A"])
            b.newline()
            b.voidElement(
                "link", ["rel": "icon", "href": root + SitePaths.favicon, "type": "image/svg+xml"])
            b.newline()
            b.voidElement("link", ["rel": "apple-touch-icon", "href": root + SitePaths.touchIcon])
            b.newline()
        }
        let assets = HTMLFragment.build { b in
            if key.includeMap {
                for sheet in SitePaths.mapStylesheets {
                    b.voidElement("link", ["rel": "stylesheet", "href": root + sheet])
                    b.newline()
                }
            }
            b.voidElement("link", ["rel": "stylesheet", "href": root + SitePaths.stylesheet])
            b.newline()
            if context.hasCustomStylesheet {
                b.voidElement(
                    "link", ["rel": "stylesheet", "href": root + SitePaths.customStylesheet])
                b.newline()
            }
            // The scripts' texts in each language (`ScriptTexts`) come first: every script below
            // reads them.
            var scripts: [String] = [ScriptTexts.path]
            if key.includeHoursScript || key.includeScript { scripts.append(SitePaths.hoursScript) }
            if key.includeScript { scripts.append(SitePaths.queryScript) }
            if key.includeMap { scripts += SitePaths.mapScripts }
            if key.includeScript { scripts.append(SitePaths.script) }
            if key.includeShareScript { scripts.append(SitePaths.shareScript) }
            if key.includeGalleryScript { scripts.append(SitePaths.galleryScript) }
            if key.includeMovedScript { scripts.append(SitePaths.movedScript) }
            // Last, `beacon-offline.js` links the web app manifest, registers the service worker
            // (the guide offline) and shows the offline note; on http(s) only (OfflineFiles).
            for script in scripts + [OfflineFiles.script] {
                b.element("script", ["src": root + script, "defer": ""], text: "")
                b.newline()
            }
        }
        return HeadParts(
            document: HTMLStartTag(
                "html",
                ["lang": context.language.rawValue, "data-time-zone": context.timeZone.identifier]),
            opening: opening, icons: icons, assets: assets)
    }

    /// The body around the page's content: the skip link, the header (brand and navigation from
    /// `chrome`, and the language switcher of the page at `path`), `main`, which `content` writes,
    /// and the footer.
    static func body(
        _ b: inout HTMLBuffer, _ chrome: SiteContext.Chrome, path: String, root: String,
        context: SiteContext,
        _ content: (inout HTMLBuffer) -> Void
    ) {
        b.append(chrome.skipLink)
        b.element("header", class: "site-header") { b in
            b.element("div", class: "site-header__inner") { b in
                b.append(chrome.header)
                languageSwitch(&b, path: path, root: root, context: context)
            }
        }
        b.newline()
        b.element(mainTag) { b in
            b.newline()
            content(&b)
        }
        b.append(chrome.footer)
    }

    /// Made once, as every page has it.
    static let mainTag = HTMLStartTag("main", ["id": "main", "class": "main"])

    /// What every page at `root` in `section` has around its content, made once per build.
    static func chrome(root: String, section: NavigationSection, context: SiteContext)
        -> SiteContext.Chrome
    {
        SiteContext.Chrome(
            skipLink: HTMLFragment.build { b in
                b.element(
                    "a", ["class": "skip-link", "href": "#main"],
                    text: context.strings.skipToContent)
                b.newline()
            },
            header: header(root: root, section: section, context: context),
            footer: footer(lastUpdated: context.lastUpdatedText, context: context))
    }

    /// The header's brand and main navigation. `root` is the way to the language's root.
    static func header(root: String, section: NavigationSection, context: SiteContext)
        -> HTMLFragment
    {
        let t = context.strings
        return HTMLFragment.build { b in
            b.element("a", ["class": "brand", "href": root + context.paths.listPage()]) { b in
                b.voidElement(
                    "img",
                    [
                        "class": "brand__icon", "src": context.assetRoot(root) + SitePaths.icon,
                        "alt": "",
                        "width": "40", "height": "40",
                    ])
                b.element("span", class: "brand__title", text: context.title)
            }
            b.element("nav", ["class": "site-nav", "aria-label": t.mainNavigation]) { b in
                b.element("ul") { b in
                    b.element("li") {
                        $0.element(
                            "a",
                            [
                                "href": root + context.paths.listPage(),
                                "aria-current": section == .explore ? "page" : nil,
                            ],
                            text: t.explore)
                    }
                    b.element("li") {
                        $0.element(
                            "a",
                            [
                                "href": root + context.paths.favoritesPage,
                                "aria-current": section == .favorites ? "page" : nil,
                            ],
                            text: t.myPlaces)
                    }
                    // Only a guide with lists of the owner's has their page.
                    if context.hasSavedLists {
                        b.element("li") {
                            $0.element(
                                "a",
                                [
                                    "href": root + context.paths.listsPage,
                                    "aria-current": section == .lists ? "page" : nil,
                                ],
                                text: t.lists)
                        }
                    }
                }
            }
        }
    }

    /// Links to the same page in the site's other languages, each named in its own language
    /// ("Bokmål", "Nynorsk", "English"); nothing for a site in one language.
    static func languageSwitch(
        _ b: inout HTMLBuffer, path: String, root: String, context: SiteContext
    ) {
        guard context.languages.all.count > 1 else { return }
        b.element(
            "nav", ["class": "language-switch", "aria-label": context.strings.languageSwitcher]
        ) { b in
            b.element("ul") { b in
                for (language, href) in context.alternates(path: path, root: root) {
                    let current = language == context.language
                    b.element("li") {
                        $0.element(
                            "a",
                            [
                                "href": href, "lang": language.rawValue,
                                "hreflang": language.rawValue,
                                "aria-current": current ? "true" : nil,
                            ], text: language.ownName)
                    }
                }
            }
        }
    }

    /// The footer: the data's source and date, and its credits.
    static func footer(lastUpdated: String, context: SiteContext) -> HTMLFragment {
        let t = context.strings
        let source = context.source
        return HTMLFragment.build { b in
            b.newline()
            b.element("footer", class: "site-footer") { b in
                b.element("div", class: "site-footer__inner") { b in
                    if source.kind == .sample {
                        b.element("p", class: "data-notice", text: t.sampleDataNotice)
                    }
                    b.element("p") { b in
                        b.text("Data © ")
                        b.element(
                            "a", ["href": "https://www.openstreetmap.org/copyright"],
                            text: t.osmContributors)
                        if source.cameFromGeoapify {
                            b.text(" · ")
                            b.element(
                                "a", ["href": "https://www.geoapify.com/"],
                                text: "Powered by Geoapify")
                        }
                    }
                    b.element("p") { b in
                        b.text(t.lastUpdated(lastUpdated))
                        b.text(" · ")
                        b.text(t.sourceDescription(source))
                        b.text(" · ")
                        b.text(t.madeWith)
                    }
                }
            }
            b.newline()
        }
    }
}
