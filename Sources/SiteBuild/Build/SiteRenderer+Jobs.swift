import BeaconHTML
import BeaconMap
import BeaconModel
import BeaconSite
import BeaconSystem
import Templates

/// The units of work a render is cut into, and what each one renders and writes.
extension SiteRenderer {
    /// One unit of work for a core.
    enum Job: Sendable {
        case details(Range<Int>)
        /// The detail pages of these places (indices into `allPages`): what a change touched.
        case someDetails(ArraySlice<Int>)
        /// List pages `pages` of a category (nil: the front page's list of all).
        case listPages(category: PlaceCategory?, pages: ClosedRange<Int>)
        /// The first page of the front page (nil) or a category's: the explorer, with its page
        /// data.
        case explorer(category: PlaceCategory?)
        case fixedPages
        /// `eksport/steder.geojson`.
        case allPlacesExport
        case favoritesExports
        /// Each of the owner's lists as GeoJSON, GPX and KML.
        case savedListExports
        case searchEngineFiles
        /// Basemap tiles `range` of `basemap.tiles`.
        case tiles(Range<Int>)
        /// The photos' published files `range` of `photos.files`.
        case photos(Range<Int>)
        /// The web app manifest and the service worker (offline use).
        case offlineFiles
        /// Pages `pages` of «Mine steder».
        case favorites(pages: ClosedRange<Int>)
        /// The owner's lists: the lists page and each list's.
        case savedLists(count: Int)
        /// The assets and the page scripts' texts.
        case sharedFiles

        var isAllPlacesExport: Bool {
            if case .allPlacesExport = self { true } else { false }
        }

        /// Whether the job writes one language's files (below its folder), not files all languages
        /// share.
        var isPerLanguage: Bool {
            switch self {
            case .details, .someDetails, .listPages, .explorer, .fixedPages, .favoritesExports,
                .savedListExports, .favorites, .savedLists:
                true
            case .allPlacesExport, .searchEngineFiles, .tiles, .photos, .offlineFiles, .sharedFiles:
                false
            }
        }

        /// HTML pages the job writes (favorites and 404 are the fixed pages).
        var pageCount: Int {
            switch self {
            case .details(let range): range.count
            case .someDetails(let indices): indices.count
            case .listPages(_, let pages): pages.count
            case .explorer: 1
            case .fixedPages: 1
            case .favorites(let pages): pages.count
            case .savedLists(let count): count == 0 ? 0 : 1 + count
            case .allPlacesExport, .favoritesExports, .savedListExports, .searchEngineFiles, .tiles,
                .photos, .offlineFiles, .sharedFiles:
                0
            }
        }
    }

    /// Runs `job` for `context`'s language (`contexts`: every language's, the main one first).
    func run(
        _ job: Job, context: SiteContext, contexts: [SiteContext], all: [GuidePlace],
        byCategory: [PlaceCategory: [GuidePlace]], chunkPaths: [String]
    ) throws {
        let writer = LanguageWriter(writer: writer, folder: job.isPerLanguage ? context.folder : "")
        switch job {
        case .details(let range):
            for place in all[range] {
                try writer.write(
                    DetailPage.render(place, context: context),
                    to: context.paths.detailPage(slug: place.slug))
            }
        case .someDetails(let indices):
            for index in indices {
                try writer.write(
                    DetailPage.render(all[index], context: context),
                    to: context.paths.detailPage(slug: all[index].slug)
                )
            }
        case .listPages(let category, let pages):
            let places = category.map { (byCategory[$0] ?? [])[...] } ?? guide.places
            for page in pages {
                try writeList(
                    page: page, category: category, places: places, context: context,
                    scriptData: nil, writer: writer)
            }
        case .explorer(let category):
            let places = category.map { (byCategory[$0] ?? [])[...] } ?? guide.places
            try writeList(
                page: 1, category: category, places: places, context: context,
                scriptData: PageData.fragment(
                    for: guide, category: category, context: context, chunkPaths: chunkPaths),
                writer: writer)
        case .allPlacesExport:
            try self.writer.write(
                SiteFiles.allPlacesExport(guide, context: context).bytes,
                to: context.paths.allPlacesGeoJSON)
        case .favoritesExports:
            for file in SiteFiles.favoritesExports(guide, context: context) {
                try writer.write(file.bytes, to: file.path)
            }
        case .savedListExports:
            for file in SiteFiles.savedListExports(guide, context: context) {
                try writer.write(file.bytes, to: file.path)
            }
        case .searchEngineFiles:
            guard context.baseURL != nil else { return }
            for file in SiteFiles.searchEngineFiles(pagePaths: pagePaths(), context: context) {
                try writer.write(file.bytes, to: file.path)
            }
        case .favorites(let pages):
            for page in pages {
                try writer.write(
                    FavoritesPage.render(guide, context: context, page: page),
                    to: context.paths.favoritesPage(page: page)
                )
            }
        case .savedLists:
            guard !guide.savedLists.isEmpty else { return }
            // The covers' maps read the city level of our own basemap, as `sitegen share` does.
            var tiles: [TileCoordinate: [UInt8]] = [:]
            for tile in basemap.tiles where tile.zoom == ShareOverview.dataZoom {
                tiles[TileCoordinate(zoom: tile.zoom, x: tile.x, y: tile.y)] = tile.bytes
            }
            try writer.write(
                SavedListsPage.render(guide, context: context) { places in
                    ListCover.overview(places) { tiles[$0] }
                }, to: context.paths.listsPage)
            for list in guide.savedLists {
                try writer.write(
                    SavedListPage.render(list, context: context),
                    to: context.paths.savedListPage(list))
            }
        case .tiles(let range):
            for tile in basemap.tiles[range] { try writer.write(tile.bytes, to: tile.path) }
        case .photos(let range):
            for file in photos.files[range] {
                // The cache is ours and was written moments ago; read as any file, so a loss is an
                // error that names it.
                try writer.write(try FileSystem.read(file.source, limit: 64 << 20), to: file.path)
            }
        case .offlineFiles:
            let files = OfflineFiles.files(
                contexts: contexts, version: buildVersion,
                assetPaths: assets.precachedPaths + [ScriptTexts.path],
                explorerPaths: contexts.flatMap { context in
                    explorerPaths().map { context.folder + $0 }
                },
                tiles: basemap.tiles.map { ($0.zoom, $0.path) })
            for file in files { try writer.write(file.bytes, to: file.path) }
        case .sharedFiles:
            // The texts are the build's own, made from its catalogues (a file of that name among
            // the site's assets is named as unused).
            for asset in assets.files { try writer.write(asset.bytes, to: asset.path) }
            try writer.write(
                ScriptTexts.file(
                    languages: guide.settings.languages, categories: guide.settings.categories),
                to: ScriptTexts.path)
        case .fixedPages:
            try writer.write(NotFoundPage.render(context: context), to: SitePaths.notFoundPage)
        }
    }

    /// The first page of each explorer (front page and categories), the favorites page and the
    /// owner's lists: what a reader needs first.
    func explorerPaths() -> [String] {
        let paths = guide.paths
        return [paths.listPage()] + guide.categories.map { paths.categoryPage($0) } + [
            paths.favoritesPage
        ] + savedListPaths()
    }

    /// The lists page and each list's; none for a guide without lists.
    func savedListPaths() -> [String] {
        let paths = guide.paths
        guard !guide.savedLists.isEmpty else { return [] }
        return [paths.listsPage] + guide.savedLists.map { paths.savedListPage($0) }
    }

    /// Every HTML page of the site except the 404 page, for the sitemap. A category without places
    /// keeps its page (an old link still lands on «Ingen steder her») but is not offered to search
    /// engines.
    func pagePaths() -> [String] {
        let site = guide.paths
        var paths: [String] = []
        for page in 1...ListPage.pageCount(for: guide.places.count) {
            paths.append(site.listPage(page: page))
        }
        for category in guide.categories where !guide.places(in: category).isEmpty {
            for page in 1...ListPage.pageCount(for: guide.places(in: category).count) {
                paths.append(site.categoryPage(category, page: page))
            }
        }
        for page in 1...FavoritesPage.pageCount(guide) {
            paths.append(site.favoritesPage(page: page))
        }
        paths += savedListPaths()
        for place in guide.allPages { paths.append(site.detailPage(slug: place.slug)) }
        return paths
    }

    private func writeList(
        page: Int, category: PlaceCategory?, places: ArraySlice<GuidePlace>, context: SiteContext,
        scriptData: HTMLFragment?,
        writer: LanguageWriter
    ) throws {
        let pageCount = ListPage.pageCount(for: places.count)
        let start = (page - 1) * ListPage.pageSize
        let slice = places[start..<min(start + ListPage.pageSize, places.count)]
        let path =
            category.map { context.paths.categoryPage($0, page: page) }
            ?? context.paths.listPage(page: page)
        // Only an explorer's first page lists the places beyond the radius apart. Nearest first,
        // they are the list's end: found by halving (a loop over them for each of a big guide's
        // thousand list pages took seconds).
        var outsideStart = places.count
        if scriptData != nil {
            let radius = Double(guide.settings.radiusKm) * 1000
            var low = 0
            while low < outsideStart {
                let middle = (low + outsideStart) / 2
                if places[middle].wholeMetres > radius {
                    outsideStart = middle
                } else {
                    low = middle + 1
                }
            }
        }
        let input = ListPage.Input(
            path: path, category: category, places: slice, totalCount: places.count,
            page: page, pageCount: pageCount, scriptData: scriptData,
            categories: guide.categories.filter { !guide.places(in: $0).isEmpty },
            outsideStart: outsideStart,
            outsideRadius: places[outsideStart...], chipCounts: guide.chipCounts)
        try writer.write(ListPage.render(input, context: context), to: input.path)
    }
}

/// The writer for one language's files: each path below the language's folder ("nn/").
struct LanguageWriter {
    var writer: SiteWriter
    package var folder: String

    func write(_ bytes: [UInt8], to path: String) throws(SiteWriterError) {
        try writer.write(bytes, to: folder + path)
    }

    func write(_ bytes: [UInt8], to path: String, knownToDiffer: Bool) throws(SiteWriterError) {
        try writer.write(bytes, to: folder + path, knownToDiffer: knownToDiffer)
    }
}
