import BeaconMap
import BeaconModel
import BeaconSystem
import BeaconText

/// The files that make the published guide an installable app that works
/// offline: the web app manifest, the service worker and the offline page.
/// Every path in them is relative (to the manifest, or to the worker's scope),
/// so the site works from any folder of any host.
package enum OfflineFiles {
    package static let manifestPath = "manifest.webmanifest"
    package static let serviceWorkerPath = "sw.js"
    package static let offlinePagePath = "offline.html"
    /// Registers the worker and shows the offline note; on every page but the share file.
    static let script = "assets/beacon-offline.js"

    /// The manifest's icons: (path, size, purpose). The files are in `Resources/assets`.
    static let icons: [(path: String, size: Int, purpose: String)] = [
        ("assets/beacon-icon-192.png", 192, "any"),
        (SitePaths.shareImage, 512, "any"),
        ("assets/beacon-icon-maskable-512.png", 512, "maskable"),
    ]

    /// Zoom levels of the basemap precached on install (the lowest); tiles of the others are kept
    /// as they are seen.
    static let precachedZoomLevels = 2

    /// Deep Blue: the installed app's title bar and splash screen around the icon.
    static let themeColor = "#20202A"
    /// The light page background (`--bg` in beacon.css).
    static let backgroundColor = "#FFF9F4"

    /// `version` names this build's caches; `explorerPaths` are the pages a
    /// reader needs first; `tiles` are the basemap's (zoom, path).
    /// `contexts`: one per language, the main one first (each has its offline page).
    package static func files(
        contexts: [SiteContext], version: String, assetPaths: [String], explorerPaths: [String],
        tiles: [(zoom: Int, path: String)]
    ) -> [(path: String, bytes: [UInt8])] {
        let others = contexts.dropFirst().map { ($0.folder, offlinePagePath(of: $0)) }
        let manifests = contexts.map { (manifestPath(of: $0), Array(manifest(context: $0).utf8)) }
        let worker = serviceWorker(
            version: version,
            assetPaths: manifests.dropFirst().map(\.0) + assetPaths + others.map(\.1),
            explorerPaths: explorerPaths, tiles: tiles, languageOfflinePages: others)
        return manifests + [(serviceWorkerPath, Array(worker.utf8))]
            + contexts.map { (offlinePagePath(of: $0), OfflinePage.render(context: $0)) }
    }

    /// "manifest.webmanifest" for the main language, "manifest-nn.webmanifest" for nynorsk
    /// (`beacon-offline.js` links the page's).
    static func manifestPath(of context: SiteContext) -> String {
        context.folder.isEmpty ? manifestPath : "manifest-\(context.language.rawValue).webmanifest"
    }

    /// "offline.html" for the main language, "offline-nn.html" for nynorsk: all at the site root,
    /// where their "./" links start (the worker serves them in place of a page at any depth).
    static func offlinePagePath(of context: SiteContext) -> String {
        context.folder.isEmpty ? offlinePagePath : "offline-\(context.language.rawValue).html"
    }

    /// The web app manifest: what a phone needs to put the guide on its home screen. In the
    /// context's language, starting at its front page; an app of its own per language (its `id`).
    static func manifest(context: SiteContext) -> String {
        let t = context.strings
        let title = context.title.trimmingSpaces()
        let shortName = !title.isEmpty && title.count <= 12 ? title : Strings.appShortName
        let icons: [JSONValue] = OfflineFiles.icons.map { icon in
            .object([
                ("src", .string(icon.path)), ("sizes", .string("\(icon.size)x\(icon.size)")),
                ("type", .string("image/png")), ("purpose", .string(icon.purpose)),
            ])
        }
        let manifest: JSONValue = .object([
            ("name", .string(title.isEmpty ? Strings.appShortName : title)),
            ("short_name", .string(shortName)),
            (
                "description",
                .string(
                    t.appDescription(
                        t.categoryList(context.settings.categories), context.settings.centerLabel))
            ),
            ("lang", .string(t.language.rawValue)),
            ("dir", .string("ltr")),
            ("id", .string("./" + context.folder)),
            ("start_url", .string("./" + context.folder)),
            ("scope", .string("./")),
            ("display", .string("standalone")),
            ("theme_color", .string(themeColor)),
            ("background_color", .string(backgroundColor)),
            ("icons", .array(icons)),
        ])
        return JSONWriter(pretty: true).string(manifest)
    }

    /// `sw.js`: the worker's script with this build's values in front.
    static func serviceWorker(
        version: String, assetPaths: [String], explorerPaths: [String],
        tiles: [(zoom: Int, path: String)],
        languageOfflinePages: [(folder: String, page: String)] = []
    ) -> String {
        var build: [(key: String, value: JSONValue)] = [
            ("version", .string(version)),
            ("offlinePage", .string(offlinePagePath)),
            ("storedFolders", .array(storedFolders.map { .string($0) })),
            (
                "precache",
                .array(
                    precache(assetPaths: assetPaths, explorerPaths: explorerPaths, tiles: tiles).map
                    { .string($0) })
            ),
        ]
        if !languageOfflinePages.isEmpty {
            build.append(
                (
                    "languageOfflinePages",
                    .object(languageOfflinePages.map { ($0.folder, .string($0.page)) })
                ))
        }
        return ServiceWorkerScript.render(build: .object(build))
    }

    /// Where files the reader comes across are kept as they arrive: the assets, the basemap's tiles
    /// ("kart/"), a big guide's place data ("data/"; each file's name changes with its content) and
    /// the photos the reader has seen ("bilder/", named by content too; none is stored ahead).
    static let storedFolders: [String] = {
        let template = PublishedTile.pathTemplate
        let tileFolder = template.firstIndex(of: "{").map { String(template[..<$0]) } ?? "kart/"
        return ["assets/", tileFolder, PageData.dataFolder, photoFolder]
    }()

    /// The published photos' folder (`PhotoProcessing` writes them there).
    package static let photoFolder = "bilder/"

    /// What the worker stores on install: the offline page, the explorer pages, the 404 page, the
    /// manifest, every asset (icons included; not the link-preview images) and the tiles of the
    /// lowest zoom levels. Each path once, in that order, as it is written in a URL (`URLPath`: an
    /// asset named `a#b.png` must not fail the install).
    static func precache(
        assetPaths: [String], explorerPaths: [String], tiles: [(zoom: Int, path: String)]
    ) -> [String] {
        let zooms = Set(Array(Set(tiles.map(\.zoom)).sorted().prefix(precachedZoomLevels)))
        var seen = Set<String>()
        var paths: [String] = []
        for path in [offlinePagePath] + explorerPaths + [SitePaths.notFoundPage, manifestPath]
            + icons.map(\.path) + assetPaths.filter({ !$0.hasPrefix(SitePaths.shareImagePrefix) })
            + tiles.filter({ zooms.contains($0.zoom) }).map(\.path)
        where seen.insert(path).inserted {
            paths.append(URLPath.encoded(path))
        }
        return paths
    }
}
