import BeaconHTML
import BeaconModel
import BeaconSite
import BeaconSystem
import BeaconText

/// The site's files that are not HTML pages: exports of the places and the
/// favorites, and — with a base URL — `sitemap.xml` and `robots.txt`.
package enum SiteFiles {
    /// Every file with its path, in the order written.
    package static func exports(_ guide: Guide, context: SiteContext) -> [(
        path: String, bytes: [UInt8]
    )] {
        [allPlacesExport(guide, context: context)] + favoritesExports(guide, context: context)
    }

    /// `eksport/steder.geojson`: every place of the data.
    package static func allPlacesExport(_ guide: Guide, context: SiteContext) -> (
        path: String, bytes: [UInt8]
    ) {
        let places = guide.places
        let start = places.startIndex
        return (
            context.paths.allPlacesGeoJSON,
            GeoJSONExport.write(count: places.count) {
                (places[start + $0].place, extras(places[start + $0], context: context))
            }
        )
    }

    static func extras(_ place: GuidePlace, context: SiteContext) -> GeoJSONExport.Extras {
        .init(
            summary: place.summary, isFavorite: place.isFavorite,
            url: context.absoluteURL(for: context.paths.detailPage(slug: place.slug))
                ?? context.paths.detailPage(slug: place.slug))
    }

    /// The favorites as GeoJSON, GPX and KML, described in the context's language (paths below its
    /// folder).
    package static func favoritesExports(_ guide: Guide, context: SiteContext) -> [(
        path: String, bytes: [UInt8]
    )] {
        let favorites = guide.favorites
        let t = context.strings
        func extras(_ place: GuidePlace) -> GeoJSONExport.Extras {
            SiteFiles.extras(place, context: context)
        }
        let waypoints = favorites.map { place in
            // A waypoint is named as the file's language names the place.
            var named = place.place
            named.name = place.name(in: t.language)
            return PlaceExports.Waypoint(
                place: named, description: description(place, t),
                link: context.absoluteURL(for: context.paths.detailPage(slug: place.slug))
                    ?? MapLinks.appleMaps(place.place))
        }
        return [
            (
                context.paths.favoritesGeoJSON,
                GeoJSONExport.write(favorites.map { ($0.place, extras($0)) })
            ),
            (
                context.paths.favoritesGPX,
                PlaceExports.gpx(
                    waypoints, name: t.myPlaces + " – " + context.title, categoryName: t.singular)
            ),
            (
                context.paths.favoritesKML,
                PlaceExports.kml(waypoints, name: t.myPlaces + " – " + context.title)
            ),
        ]
    }

    /// "Kafé · Grüners gate 1, 0552 Oslo · 5 av 5 (2 vurderinger) · Byens beste filterkaffe."
    static func description(_ place: GuidePlace, _ t: Strings) -> String {
        var parts = [t.singular(place.category)]
        if let address = place.address.singleLine { parts.append(address) }
        if let summary = place.summary {
            parts.append("\(t.starsText(t.average(summary))) (\(t.ratingCount(summary.count)))")
        }
        if let comment = place.ratings.latest?.comment {
            let text = RichText.plainText(comment).trimmingWhitespace()
            if !text.isEmpty { parts.append(TextHardening.truncate(text, to: 300)) }
        }
        return parts.joined(separator: " · ")
    }

    /// Sitemap URLs per file (the protocol's limit).
    static let sitemapLimit = 50_000

    /// `sitemap.xml` (an index of parts beyond 50,000 pages) and `robots.txt`; nothing without a
    /// base URL. `pagePaths` are below a language's root; every language has each of them, and in a
    /// site of several languages each URL names its translations (`xhtml:link rel="alternate"
    /// hreflang`).
    package static func searchEngineFiles(pagePaths: [String], context: SiteContext) -> [(
        path: String, bytes: [UInt8]
    )] {
        guard let base = context.baseURL else { return [] }
        let languages = context.languages
        let multilingual = languages.all.count > 1
        var urls: [(path: String, language: Language)] = []
        urls.reserveCapacity(pagePaths.count * languages.all.count)
        for path in pagePaths {
            for language in languages.all { urls.append((path, language)) }
        }
        var files: [(path: String, bytes: [UInt8])] = []
        func address(_ path: String, _ language: Language) -> String {
            HTMLEscaping.escape(base + languages.folder(of: language) + SitePaths.pretty(path))
        }
        func urlset(_ urls: ArraySlice<(path: String, language: Language)>) -> [UInt8] {
            var out =
                "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\""
            out += multilingual ? " xmlns:xhtml=\"http://www.w3.org/1999/xhtml\">\n" : ">\n"
            for url in urls {
                out += "<url><loc>" + address(url.path, url.language) + "</loc>"
                if multilingual {
                    out +=
                        "<xhtml:link rel=\"alternate\" hreflang=\"x-default\" href=\""
                        + address(url.path, languages.main) + "\"/>"
                    for other in languages.all {
                        out +=
                            "<xhtml:link rel=\"alternate\" hreflang=\"\(other.rawValue)\" href=\""
                            + address(url.path, other) + "\"/>"
                    }
                }
                out += "</url>\n"
            }
            return Array((out + "</urlset>\n").utf8)
        }
        if urls.count <= sitemapLimit {
            files.append((SitePaths.sitemap, urlset(urls[...])))
        } else {
            var index =
                "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<sitemapindex xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
            var part = 1
            var start = 0
            while start < urls.count {
                let name = "sitemap-\(part).xml"
                files.append((name, urlset(urls[start..<min(start + sitemapLimit, urls.count)])))
                index += "<sitemap><loc>" + HTMLEscaping.escape(base + name) + "</loc></sitemap>\n"
                start += sitemapLimit
                part += 1
            }
            files.append((SitePaths.sitemap, Array((index + "</sitemapindex>\n").utf8)))
        }
        files.append(
            (
                SitePaths.robots,
                Array("User-agent: *\nAllow: /\n\nSitemap: \(base)\(SitePaths.sitemap)\n".utf8)
            ))
        return files
    }
}
