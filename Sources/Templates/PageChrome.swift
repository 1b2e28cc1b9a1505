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
        return "default-src 'none'; script-src 'self'; style-src 'self'; \(images); font-src 'self'; connect-src 'self'; manifest-src 'self'; base-uri 'none'; form-action 'none'"
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
        /// The origin of a provider's map tiles, allowed in the policy for images.
        var mapImageOrigin: String? = nil
        /// Canonical link and Open Graph / Twitter tags (only with a base URL).
        var seo: SEO? = nil
    }

    struct SEO {
        var url: String
        var image: String
        var siteName: String
    }

    /// `context` says whether the site adds its own stylesheet (`assets/custom.css`), linked after ours.
    static func openDocument(_ b: inout HTMLBuffer, head: Head, root: String, context: SiteContext) {
        b.raw("<!DOCTYPE html>\n<html lang=\"nb\">\n<head>\n<meta charset=\"utf-8\">\n")
        b.raw("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
        b.open("meta", ["http-equiv": "Content-Security-Policy", "content": head.includeMap ? contentSecurityPolicy(imageOrigin: head.mapImageOrigin) : contentSecurityPolicy])
        b.raw("\n<meta name=\"referrer\" content=\"strict-origin-when-cross-origin\">\n")
        b.element("title", text: head.title)
        b.raw("\n")
        b.open("meta", ["name": "description", "content": head.description])
        b.raw("\n<meta name=\"color-scheme\" content=\"light dark\">\n<meta name=\"theme-color\" content=\"#20202A\">\n")
        b.open("link", ["rel": "icon", "href": root + SitePaths.favicon, "type": "image/svg+xml"])
        b.raw("\n")
        b.open("link", ["rel": "apple-touch-icon", "href": root + SitePaths.touchIcon])
        b.raw("\n")
        if let seo = head.seo {
            b.open("link", ["rel": "canonical", "href": seo.url])
            b.raw("\n")
            for (property, content) in [("og:type", "website"), ("og:site_name", seo.siteName), ("og:title", head.title),
                                        ("og:description", head.description), ("og:url", seo.url), ("og:image", seo.image),
                                        ("og:locale", "nb_NO")] {
                b.open("meta", ["property": property, "content": content])
                b.raw("\n")
            }
            for (name, content) in [("twitter:card", "summary"), ("twitter:title", head.title),
                                    ("twitter:description", head.description), ("twitter:image", seo.image)] {
                b.open("meta", ["name": name, "content": content])
                b.raw("\n")
            }
        }
        if head.includeMap {
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
        var scripts: [String] = []
        if head.includeHoursScript || head.includeScript { scripts.append(SitePaths.hoursScript) }
        if head.includeScript { scripts.append(SitePaths.queryScript) }
        if head.includeMap { scripts += SitePaths.mapScripts }
        if head.includeScript { scripts.append(SitePaths.script) }
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

    static func header(settings: SiteSettings, root: String, section: NavigationSection) -> HTMLFragment {
        HTMLFragment.build { b in
            b.raw("<body>\n")
            b.element("a", ["class": "skip-link", "href": "#main"], text: Strings.skipToContent)
            b.raw("\n<header class=\"site-header\"><div class=\"site-header__inner\">")
            b.open("a", ["class": "brand", "href": root + SitePaths.listPage()])
            b.open("img", ["class": "brand__icon", "src": root + SitePaths.icon, "alt": "", "width": "40", "height": "40"])
            b.element("span", ["class": "brand__title"], text: settings.title)
            b.close("a")
            b.open("nav", ["class": "site-nav", "aria-label": Strings.mainNavigation])
            b.raw("<ul>")
            b.raw("<li>")
            b.element("a", ["href": root + SitePaths.listPage(), "aria-current": section == .explore ? "page" : nil], text: Strings.explore)
            b.raw("</li><li>")
            b.element("a", ["href": root + SitePaths.favoritesPage, "aria-current": section == .favorites ? "page" : nil], text: Strings.myPlaces)
            b.raw("</li></ul>")
            b.close("nav")
            b.raw("</div></header>\n<main id=\"main\" class=\"main\">\n")
        }
    }

    static func footer(source: DataSourceInfo, lastUpdated: String, root: String) -> HTMLFragment {
        HTMLFragment.build { b in
            b.raw("</main>\n<footer class=\"site-footer\"><div class=\"site-footer__inner\">")
            if source.kind == .sample {
                b.element("p", ["class": "data-notice"], text: Strings.sampleDataNotice)
            }
            b.raw("<p>Data © ")
            b.element("a", ["href": "https://www.openstreetmap.org/copyright"], text: Strings.osmContributors)
            if source.cameFromGeoapify {
                b.raw(" · ")
                b.element("a", ["href": "https://www.geoapify.com/"], text: "Powered by Geoapify")
            }
            b.raw("</p><p>")
            b.text(Strings.lastUpdated(lastUpdated))
            b.raw(" · ")
            b.text(sourceDescription(source))
            b.raw(" · ")
            b.text(Strings.madeWith)
            b.raw("</p></div></footer>\n")
            b.raw("</body>\n</html>\n")
        }
    }

    /// "eksempeldata", "hentet fra Geoapify", "fra mellomlageret" …
    static func sourceDescription(_ source: DataSourceInfo) -> String {
        switch source.kind {
        case .sample: "eksempeldata"
        case .live: "hentet fra Geoapify"
        case .cache: "hentet fra Geoapify (fra mellomlageret)"
        case .file(let name): "fra stedsfilen \(name)"
        }
    }
}
