import BeaconHTML
import BeaconModel
import BeaconSite
import BeaconSystem
import FoundationEssentials
import Synchronization
import Templates

/// Steps 4 and 5 of a build: renders every page and hands each to the writer
/// as soon as it is ready. Detail pages — nearly all of a big site — render in
/// parallel chunks on all cores; no page is kept after it is written, so memory
/// stays bounded however many places there are.
struct SiteRenderer: Sendable {
    var guide: Guide
    var assets: AssetBundle
    var writer: SiteWriter
    var basemap: BasemapInput = .none
    /// The owner's photos: shown by the pages, their files published with every full render.
    var photos = PhotoProcessing()
    /// Where the explorer finds the places (`BuildOptions.pageData`).
    var pageData = PageData.Layout.standard
    /// Names this build's caches in the reader's browser (from the build fingerprint).
    var buildVersion: String = "dev"
    /// Pages written so far and in all, as jobs finish (the terminal's status line).
    var onProgress: @Sendable (_ done: Int, _ total: Int) -> Void = { _, _ in }

    /// Places per rendering task: big enough to amortise scheduling, small enough to balance.
    static let chunkSize = 256

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
        case searchEngineFiles
        /// Basemap tiles `range` of `basemap.tiles`.
        case tiles(Range<Int>)
        /// The photos' published files `range` of `photos.files`.
        case photos(Range<Int>)
        /// The web app manifest and the service worker (offline use).
        case offlineFiles
        /// Pages `pages` of «Mine steder».
        case favorites(pages: ClosedRange<Int>)
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
                .favorites:
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
            case .allPlacesExport, .favoritesExports, .searchEngineFiles, .tiles, .photos,
                .offlineFiles, .sharedFiles:
                0
            }
        }
    }

    /// What a render did.
    struct Rendered: Sendable {
        /// HTML pages the site has.
        var pages: Int
        /// HTML pages rendered (all of them, unless only a change was).
        var rendered: Int
        /// The site's data files, in order (none for a guide that keeps its places inline).
        var chunkPaths: [String]
    }

    /// Renders and writes everything, or with `plan` only what it touches
    /// (`previousChunkPaths`: the data files the output has now).
    func render(plan: RebuildPlan? = nil, previousChunkPaths: [String] = []) throws -> Rendered {
        let contexts = guide.settings.languages.all.map { language in
            SiteContext(
                settings: guide.settings, source: guide.source,
                intro: SiteContext.intro(of: guide.settings, in: language).map {
                    RichText.html(for: $0)
                },
                basemap: basemap.published,
                hasMap: assets.hasMapLibrary, hasCustomStylesheet: assets.hasCustomStylesheet,
                language: language,
                photos: photos.photos)
        }
        let all = guide.allPages
        let byCategory = Dictionary(
            uniqueKeysWithValues: guide.categories.map { ($0, guide.places(in: $0)) })
        var pages = 1 + FavoritesPage.pageCount(guide) + all.count  // 404, favorites, details
        for category in guide.lists {
            pages += ListPage.pageCount(
                for: category.map { byCategory[$0]?.count ?? 0 } ?? guide.places.count)
        }
        // A big guide's places go into data files the explorer pages name (so they stay light).
        let chunkCount = pageData.chunkCount(placeCount: all.count)
        let chunkIndices = plan.map { $0.dataChunks } ?? Array(0..<chunkCount)
        var chunkPaths =
            previousChunkPaths.count == chunkCount
            ? previousChunkPaths : [String](repeating: "", count: chunkCount)

        // Each language's pages and favorites exports, in its folder; the rest once.
        let siteJobs = plan.map { partialJobs($0) } ?? fullJobs(byCategory: byCategory)
        var jobs: [(job: Job, context: SiteContext)] = []
        for job in siteJobs {
            if job.isPerLanguage {
                jobs += contexts.map { (job, $0) }
            } else {
                jobs.append((job, contexts[0]))
            }
        }
        pages *= contexts.count
        let total = jobs.reduce(0) { $0 + $1.job.pageCount }
        let done = Mutex(0)
        let onProgress = onProgress
        let finished: @Sendable (Job) -> Void = { job in
            done.withLock {
                $0 += job.pageCount
                onProgress($0, total)
            }
        }
        // The data files first, on all cores (the explorers name them); then every job, the longest
        // (the export) first.
        let written = try writeDataFiles(chunkIndices, of: all)
        for (index, path) in zip(chunkIndices, written) { chunkPaths[index] = path }
        try runOnAllCores(
            jobs.filter { $0.job.isAllPlacesExport } + jobs.filter { !$0.job.isAllPlacesExport },
            contexts: contexts, all: all, byCategory: byCategory, chunkPaths: chunkPaths,
            finished: finished)
        return Rendered(pages: pages, rendered: total, chunkPaths: chunkPaths)
    }

    /// Runs `jobs` on all cores, each job on one; after a job fails, the rest are skipped and its
    /// error is thrown.
    private func runOnAllCores(
        _ jobs: [(job: Job, context: SiteContext)], contexts: [SiteContext], all: [GuidePlace],
        byCategory: [PlaceCategory: [GuidePlace]], chunkPaths: [String],
        finished: @Sendable (Job) -> Void
    ) throws {
        let failure = Mutex<(any Error)?>(nil)
        ParallelChunks.forEach(count: jobs.count, chunkSize: 1) { range in
            for (job, context) in jobs[range] where failure.withLock({ $0 == nil }) {
                do {
                    try run(
                        job, context: context, contexts: contexts, all: all, byCategory: byCategory,
                        chunkPaths: chunkPaths)
                    finished(job)
                } catch {
                    failure.withLock { $0 = $0 ?? error }
                }
            }
        }
        if let error = failure.withLock({ $0 }) { throw error }
    }

    /// Data files `indices` of `all`'s places, written as they are made (each is about 1.3 MB).
    private func writeDataFiles(_ indices: [Int], of all: [GuidePlace]) throws -> [String] {
        let writer = self.writer
        let photos = self.photos.photos
        let layout = pageData
        let paths = guide.paths
        let written = ParallelChunks.map(count: indices.count, chunkSize: 1) {
            index -> Result<String, SiteWriterError> in
            let chunk = PageData.chunk(
                part: indices[index], of: all, paths: paths, photos: photos, layout: layout)
            return Result { () throws(SiteWriterError) in
                try writer.write(chunk.bytes, to: chunk.path)
                return chunk.path
            }
        }
        return try written.map { try $0.get() }
    }

    /// Every file of the site.
    private func fullJobs(byCategory: [PlaceCategory: [GuidePlace]]) -> [Job] {
        var jobs: [Job] = [
            .sharedFiles, .fixedPages, .allPlacesExport, .favoritesExports, .searchEngineFiles,
            .offlineFiles,
            .favorites(pages: 1...FavoritesPage.pageCount(guide)),
        ]
        var tileStart = 0
        while tileStart < basemap.tiles.count {
            let end = min(tileStart + SiteRenderer.chunkSize, basemap.tiles.count)
            jobs.append(.tiles(tileStart..<end))
            tileStart = end
        }
        var photoStart = 0
        while photoStart < photos.files.count {
            let end = min(photoStart + 16, photos.files.count)
            jobs.append(.photos(photoStart..<end))
            photoStart = end
        }
        let listsPerJob = 8
        for category in guide.lists {
            let pageCount = ListPage.pageCount(
                for: category.map { byCategory[$0]?.count ?? 0 } ?? guide.places.count)
            // The first page is the explorer, rendered with its page data.
            jobs.append(.explorer(category: category))
            var first = 2
            while first <= pageCount {
                let last = min(pageCount, first + listsPerJob - 1)
                jobs.append(.listPages(category: category, pages: first...last))
                first = last + 1
            }
        }
        var start = 0
        let count = guide.allPages.count
        while start < count {
            let end = min(start + SiteRenderer.chunkSize, count)
            jobs.append(.details(start..<end))
            start = end
        }
        return jobs
    }

    /// What `changes` touch; the offline files always (they name this build).
    private func partialJobs(_ changes: RebuildPlan) -> [Job] {
        var jobs: [Job] = [.offlineFiles]
        guard !changes.isEmpty else { return jobs }
        jobs += guide.lists.map { Job.explorer(category: $0) }
        if changes.allPlacesExport { jobs.append(.allPlacesExport) }
        if changes.favorites {
            jobs += [.favoritesExports, .favorites(pages: 1...FavoritesPage.pageCount(guide))]
        }
        if changes.sitemap { jobs.append(.searchEngineFiles) }
        for (category, pages) in changes.listPages.sorted(by: {
            ($0.key?.rawValue ?? "") < ($1.key?.rawValue ?? "")
        }) {
            jobs += pages.map { Job.listPages(category: category, pages: $0...$0) }
        }
        var start = 0
        while start < changes.details.count {
            let end = min(start + SiteRenderer.chunkSize, changes.details.count)
            jobs.append(.someDetails(changes.details[start..<end]))
            start = end
        }
        return jobs
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

    /// The first page of each explorer (front page and categories) and the favorites page: what a
    /// reader needs first.
    func explorerPaths() -> [String] {
        let paths = guide.paths
        return [paths.listPage()] + guide.categories.map { paths.categoryPage($0) } + [
            paths.favoritesPage
        ]
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
