import Foundation
import BeaconCore
import BeaconHTML
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
    /// Names this build's caches in the reader's browser (from the build fingerprint).
    var buildVersion: String = "dev"
    /// Pages written so far and in all, as jobs finish (the terminal's status line).
    var onProgress: @Sendable (_ done: Int, _ total: Int) -> Void = { _, _ in }

    /// Places per rendering task: big enough to amortise scheduling, small enough to balance.
    static let chunkSize = 256

    /// One unit of work for a core.
    enum Job: Sendable {
        case details(Range<Int>)
        /// List pages `pages` of a category (nil: the front page's list of all).
        case listPages(category: PlaceCategory?, pages: ClosedRange<Int>)
        /// The first page of the front page (nil) or a category's: the explorer, with its page data.
        case explorer(category: PlaceCategory?)
        case fixedPages
        case exports
        case searchEngineFiles
        /// Basemap tiles `range` of `basemap.tiles`.
        case tiles(Range<Int>)
        /// The web app manifest and the service worker (offline use).
        case offlineFiles
        /// A big guide's place data file `index` (`PageData.chunks`).
        case dataChunk(Int)
        /// Pages `pages` of «Mine steder».
        case favorites(pages: ClosedRange<Int>)

        /// HTML pages the job writes (favorites and 404 are the fixed pages).
        var pageCount: Int {
            switch self {
            case .details(let range): range.count
            case .listPages(_, let pages): pages.count
            case .explorer: 1
            case .fixedPages: 1
            case .favorites(let pages): pages.count
            case .exports, .searchEngineFiles, .tiles, .offlineFiles, .dataChunk: 0
            }
        }
    }

    /// Renders and writes everything; returns the number of HTML pages.
    func renderAll() async throws -> Int {
        let intro = guide.settings.intro.map { RichText.html(for: $0) }
        let context = SiteContext(settings: guide.settings, source: guide.source, intro: intro, basemap: basemap.published,
                                  hasMap: assets.hasMapLibrary, hasCustomStylesheet: assets.hasCustomStylesheet)

        // A big guide's places go into data files the explorer pages name (so they stay light).
        let chunks = PageData.chunks(for: guide)
        var jobs: [Job] = [.fixedPages, .exports, .searchEngineFiles, .offlineFiles] + chunks.indices.map { Job.dataChunk($0) }
            + [.favorites(pages: 1...FavoritesPage.pageCount(guide))]
        var tileStart = 0
        while tileStart < basemap.tiles.count {
            let end = min(tileStart + SiteRenderer.chunkSize, basemap.tiles.count)
            jobs.append(.tiles(tileStart..<end))
            tileStart = end
        }
        var pages = 1 + FavoritesPage.pageCount(guide) // 404, favorites
        let listsPerJob = 8
        for category in [nil] + PlaceCategory.allCases.map(Optional.some) {
            let count = category.map { guide.places(in: $0).count } ?? guide.places.count
            let pageCount = ListPage.pageCount(for: count)
            pages += pageCount
            // The first page is the explorer, rendered with its page data.
            jobs.append(.explorer(category: category))
            var first = 2
            while first <= pageCount {
                let last = min(pageCount, first + listsPerJob - 1)
                jobs.append(.listPages(category: category, pages: first...last))
                first = last + 1
            }
        }
        let all = guide.allPages
        var start = 0
        while start < all.count {
            let end = min(start + SiteRenderer.chunkSize, all.count)
            jobs.append(.details(start..<end))
            start = end
        }
        pages += all.count

        let byCategory = Dictionary(grouping: guide.places, by: { $0.category })
        let renderer = self
        let total = pages
        try await withThrowingTaskGroup(of: Int.self) { group in
            // Bounded: at most one job per core in flight.
            let workers = max(1, ProcessInfo.processInfo.activeProcessorCount)
            var next = 0
            var done = 0
            func addJob() {
                guard next < jobs.count else { return }
                let job = jobs[next]
                next += 1
                group.addTask {
                    try renderer.run(job, context: context, all: all, byCategory: byCategory, chunks: chunks)
                    return job.pageCount
                }
            }
            for _ in 0..<workers { addJob() }
            while let finished = try await group.next() {
                done += finished
                onProgress(done, total)
                addJob()
            }
        }
        return pages
    }

    func run(_ job: Job, context: SiteContext, all: [GuidePlace], byCategory: [PlaceCategory: [GuidePlace]], chunks: [PageData.Chunk]) throws {
        switch job {
        case .details(let range):
            for place in all[range] {
                try writer.write(DetailPage.render(place, context: context), to: SitePaths.detailPage(slug: place.slug))
            }
        case .listPages(let category, let pages):
            let places = category.map { byCategory[$0] ?? [] } ?? guide.places
            for page in pages { try writeList(page: page, category: category, places: places, context: context, scriptData: nil) }
        case .explorer(let category):
            let places = category.map { byCategory[$0] ?? [] } ?? guide.places
            try writeList(page: 1, category: category, places: places, context: context, scriptData: PageData.fragment(for: guide, category: category, context: context, chunks: chunks))
        case .exports:
            for file in SiteFiles.exports(guide, context: context) { try writer.write(file.bytes, to: file.path) }
        case .searchEngineFiles:
            guard context.baseURL != nil else { return }
            for file in SiteFiles.searchEngineFiles(pagePaths: pagePaths(), context: context) { try writer.write(file.bytes, to: file.path) }
        case .favorites(let pages):
            for page in pages {
                try writer.write(FavoritesPage.render(guide, context: context, page: page), to: SitePaths.favoritesPage(page: page))
            }
        case .dataChunk(let index):
            try writer.write(chunks[index].bytes, to: chunks[index].path)
        case .tiles(let range):
            for tile in basemap.tiles[range] { try writer.write(tile.bytes, to: tile.path) }
        case .offlineFiles:
            let files = OfflineFiles.files(context: context, version: buildVersion, assetPaths: assets.files.map(\.path),
                                           explorerPaths: explorerPaths(), tiles: basemap.tiles.map { ($0.zoom, $0.path) })
            for file in files { try writer.write(file.bytes, to: file.path) }
        case .fixedPages:
            for asset in assets.files { try writer.write(asset.bytes, to: asset.path) }
            try writer.write(NotFoundPage.render(context: context), to: SitePaths.notFoundPage)
        }
    }

    /// The first page of each explorer (front page and categories) and the favorites page: what a reader needs first.
    func explorerPaths() -> [String] {
        [SitePaths.listPage()] + PlaceCategory.allCases.map { SitePaths.categoryPage($0) } + [SitePaths.favoritesPage]
    }

    /// Every HTML page of the site except the 404 page, for the sitemap.
    func pagePaths() -> [String] {
        var paths: [String] = []
        for page in 1...ListPage.pageCount(for: guide.places.count) { paths.append(SitePaths.listPage(page: page)) }
        for category in PlaceCategory.allCases {
            for page in 1...ListPage.pageCount(for: guide.places(in: category).count) { paths.append(SitePaths.categoryPage(category, page: page)) }
        }
        for page in 1...FavoritesPage.pageCount(guide) { paths.append(SitePaths.favoritesPage(page: page)) }
        for place in guide.allPages { paths.append(SitePaths.detailPage(slug: place.slug)) }
        return paths
    }

    private func writeList(page: Int, category: PlaceCategory?, places: [GuidePlace], context: SiteContext, scriptData: HTMLFragment?) throws {
        let pageCount = ListPage.pageCount(for: places.count)
        let start = (page - 1) * ListPage.pageSize
        let slice = places[start..<min(start + ListPage.pageSize, places.count)]
        let path = category.map { SitePaths.categoryPage($0, page: page) } ?? SitePaths.listPage(page: page)
        let input = ListPage.Input(path: path, category: category, places: slice, totalCount: places.count,
                                   page: page, pageCount: pageCount, scriptData: scriptData)
        try writer.write(ListPage.render(input, context: context), to: input.path)
    }
}
