import BeaconCore
import BeaconHTML

/// The parts around every page's content: document head, header with
/// navigation, footer with the data attribution.
enum PageChrome {
    /// Forbids inline script and every other origin, so even a sanitiser bug could not run script.
    static let contentSecurityPolicy = contentSecurityPolicy(imageOrigin: nil)

    /// The policy, allowing images from `imageOrigin` too: the map tiles of a provider the owner chose.
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
        /// The page's path below its language's root, for the links to its translations (nil: none).
        var path: String? = nil
    }

    struct SEO {
        var url: String
        var image: String
        var siteName: String
        /// A place's page: its category's 1200×630 preview (`SitePaths.shareImage(for:)`), or its first
        /// photo, described by this.
        var largeImageAlt: String? = nil
        var imageWidth = 1200
        var imageHeight = 630
    }

    /// `context` says whether the site adds its own stylesheet (`assets/custom.css`), linked after ours.
    /// `root` is the way to the page's language root; assets are found from it (`SiteContext.assetRoot`).
    static func openDocument(_ b: inout HTMLBuffer, head: Head, root home: String, context: SiteContext) {
        let key = HeadParts.Key(
            root: home, includeScript: head.includeScript, includeHoursScript: head.includeHoursScript,
            includeMap: head.includeMap, includeShareScript: head.includeShareScript,
            includeGalleryScript: head.includeGalleryScript, includeMovedScript: head.includeMovedScript,
            mapImageOrigin: head.mapImageOrigin)
        let parts = context.headParts.parts(key) { headParts($0, context: context) }
        b.append(parts.opening)
        b.element("title", text: head.title)
        b.raw("\n")
        b.open("meta", ["name": "description", "content": head.description])
        b.raw("\n")
        b.append(parts.icons)
        if let seo = head.seo {
            b.open("link", ["rel": "canonical", "href": seo.url])
            b.raw("\n")
            for (property, content) in [
                ("og:type", "website"), ("og:site_name", seo.siteName), ("og:title", head.title),
                ("og:description", head.description), ("og:url", seo.url), ("og:image", seo.image),
                ("og:locale", context.language.openGraphLocale),
            ] {
                b.open("meta", ["property": property, "content": content])
                b.raw("\n")
            }
            for other in context.languages.all where other != context.language {
                b.open("meta", ["property": "og:locale:alternate", "content": other.openGraphLocale])
                b.raw("\n")
            }
            if let alt = seo.largeImageAlt {
                for (property, content) in [
                    ("og:image:width", String(seo.imageWidth)), ("og:image:height", String(seo.imageHeight)),
                    ("og:image:alt", alt),
                ] {
                    b.open("meta", ["property": property, "content": content])
                    b.raw("\n")
                }
            }
            for (name, content) in [
                ("twitter:card", seo.largeImageAlt == nil ? "summary" : "summary_large_image"),
                ("twitter:title", head.title),
                ("twitter:description", head.description), ("twitter:image", seo.image),
            ] {
                b.open("meta", ["name": name, "content": content])
                b.raw("\n")
            }
        }
        if let path = head.path, context.languages.all.count > 1 {
            // Absolute with a base URL (as search engines want them), else relative.
            // x-default: the main language, for a reader whose language the site does not have.
            let alternates = context.alternates(path: path, root: home)
            for (index, (language, href)) in ([alternates[0]] + alternates).enumerated() {
                let url =
                    context.baseURL.map { $0 + context.languages.folder(of: language) + SitePaths.pretty(path) } ?? href
                b.open(
                    "link", ["rel": "alternate", "hreflang": index == 0 ? "x-default" : language.rawValue, "href": url])
                b.raw("\n")
            }
        }
        b.append(parts.assets)
    }

    /// The head's lines that do not name the page (`HeadParts`), for `key`.
    private static func headParts(_ key: HeadParts.Key, context: SiteContext) -> HeadParts {
        let root = context.assetRoot(key.root)
        let opening = HTMLFragment.build { b in
            b.raw("<!DOCTYPE html>\n<html lang=\"")
            b.text(context.language.rawValue)
            b.raw("\" data-time-zone=\"")
            b.text(context.timeZone.identifier)
            b.raw("\">\n<head>\n<meta charset=\"utf-8\">\n")
            b.raw("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
            b.open(
                "meta",
                [
                    "http-equiv": "Content-Security-Policy",
                    "content": key.includeMap
                        ? contentSecurityPolicy(imageOrigin: key.mapImageOrigin) : contentSecurityPolicy,
                ])
            b.raw("\n<meta name=\"referrer\" content=\"strict-origin-when-cross-origin\">\n")
        }
        let icons = HTMLFragment.build { b in
            b.raw(
                "<meta name=\"color-scheme\" content=\"light dark\">\n<meta name=\"theme-color\" content=\"#20202A\">\n"
            )
            b.open("link", ["rel": "icon", "href": root + SitePaths.favicon, "type": "image/svg+xml"])
            b.raw("\n")
            b.open("link", ["rel": "apple-touch-icon", "href": root + SitePaths.touchIcon])
            b.raw("\n")
        }
        let assets = HTMLFragment.build { b in
            if key.includeMap {
                for sheet in SitePaths.mapStylesheets {
                    b.open("link", ["rel": "stylesheet", "href": root + sheet])
                    b.raw("\n")
                }
            }
            b.open("link", ["rel": "stylesheet", "href": root + SitePaths.stylesheet])
            b.raw("\n")
            if context.hasCustomStylesheet {
                b.open("link", ["rel": "stylesheet", "href": root + SitePaths.customStylesheet])
                b.raw("\n")
            }
            // The scripts' texts in each language (`ScriptTexts`) come first: every script below reads them.
            var scripts: [String] = [ScriptTexts.path]
            if key.includeHoursScript || key.includeScript { scripts.append(SitePaths.hoursScript) }
            if key.includeScript { scripts.append(SitePaths.queryScript) }
            if key.includeMap { scripts += SitePaths.mapScripts }
            if key.includeScript { scripts.append(SitePaths.script) }
            if key.includeShareScript { scripts.append(SitePaths.shareScript) }
            if key.includeGalleryScript { scripts.append(SitePaths.galleryScript) }
            if key.includeMovedScript { scripts.append(SitePaths.movedScript) }
            for script in scripts {
                b.open("script", ["src": root + script, "defer": ""])
                b.close("script")
                b.raw("\n")
            }
            // Links the web app manifest, registers the service worker (the guide offline) and shows
            // the offline note; on http(s) only (OfflineFiles).
            b.open("script", ["src": root + OfflineFiles.script, "defer": ""])
            b.close("script")
            b.raw("\n")
            b.raw("</head>\n")
        }
        return HeadParts(opening: opening, icons: icons, assets: assets)
    }

    /// The header up to the language switcher: brand and main navigation. `root` is the way to the language's root.
    static func header(root: String, section: NavigationSection, context: SiteContext) -> HTMLFragment {
        let t = context.strings
        return HTMLFragment.build { b in
            b.raw("<body>\n")
            b.element("a", ["class": "skip-link", "href": "#main"], text: t.skipToContent)
            b.raw("\n<header class=\"site-header\"><div class=\"site-header__inner\">")
            b.open("a", ["class": "brand", "href": root + context.paths.listPage()])
            b.open(
                "img",
                [
                    "class": "brand__icon", "src": context.assetRoot(root) + SitePaths.icon, "alt": "", "width": "40",
                    "height": "40",
                ])
            b.element("span", ["class": "brand__title"], text: context.title)
            b.close("a")
            b.open("nav", ["class": "site-nav", "aria-label": t.mainNavigation])
            b.raw("<ul>")
            b.raw("<li>")
            b.element(
                "a", ["href": root + context.paths.listPage(), "aria-current": section == .explore ? "page" : nil],
                text: t.explore)
            b.raw("</li><li>")
            b.element(
                "a",
                ["href": root + context.paths.favoritesPage, "aria-current": section == .favorites ? "page" : nil],
                text: t.myPlaces)
            b.raw("</li></ul>")
            b.close("nav")
        }
    }

    static let headerEnd = HTMLFragment.build { b in b.raw("</div></header>\n<main id=\"main\" class=\"main\">\n") }

    /// The whole header of the page at `path` (below its language's root): `chrome`'s, with the language switcher.
    static func appendHeader(
        _ b: inout HTMLBuffer, _ chrome: SiteContext.Chrome, path: String, root: String, context: SiteContext
    ) {
        b.append(chrome.header)
        languageSwitch(&b, path: path, root: root, context: context)
        b.append(chrome.headerEnd)
    }

    /// Links to the same page in the site's other languages, each named in its own language
    /// ("Bokmål", "Nynorsk", "English"); nothing for a site in one language.
    static func languageSwitch(_ b: inout HTMLBuffer, path: String, root: String, context: SiteContext) {
        guard context.languages.all.count > 1 else { return }
        b.open("nav", ["class": "language-switch", "aria-label": context.strings.languageSwitcher])
        b.raw("<ul>")
        for (language, href) in context.alternates(path: path, root: root) {
            b.raw("<li>")
            let current = language == context.language
            b.element(
                "a",
                [
                    "href": href, "lang": language.rawValue, "hreflang": language.rawValue,
                    "aria-current": current ? "true" : nil,
                ], text: language.ownName)
            b.raw("</li>")
        }
        b.raw("</ul>")
        b.close("nav")
    }

    static func footer(lastUpdated: String, context: SiteContext) -> HTMLFragment {
        let t = context.strings
        let source = context.source
        return HTMLFragment.build { b in
            b.raw("</main>\n<footer class=\"site-footer\"><div class=\"site-footer__inner\">")
            if source.kind == .sample {
                b.element("p", ["class": "data-notice"], text: t.sampleDataNotice)
            }
            b.raw("<p>Data © ")
            b.element("a", ["href": "https://www.openstreetmap.org/copyright"], text: t.osmContributors)
            if source.cameFromGeoapify {
                b.raw(" · ")
                b.element("a", ["href": "https://www.geoapify.com/"], text: "Powered by Geoapify")
            }
            b.raw("</p><p>")
            b.text(t.lastUpdated(lastUpdated))
            b.raw(" · ")
            b.text(t.sourceDescription(source.kind))
            b.raw(" · ")
            b.text(t.madeWith)
            b.raw("</p></div></footer>\n")
            b.raw("</body>\n</html>\n")
        }
    }
}
