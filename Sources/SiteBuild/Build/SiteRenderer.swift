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
                photos: photos.photos, savedLists: guide.savedLists)
        }
        let all = guide.allPages
        let byCategory = Dictionary(
            uniqueKeysWithValues: guide.categories.map { ($0, guide.places(in: $0)) })
        // 404, favorites, details, the owner's lists
        var pages =
            1 + FavoritesPage.pageCount(guide) + all.count
            + Job.savedLists(count: guide.savedLists.count).pageCount
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
            .sharedFiles, .fixedPages, .allPlacesExport, .favoritesExports, .savedListExports,
            .searchEngineFiles, .offlineFiles,
            .favorites(pages: 1...FavoritesPage.pageCount(guide)),
            .savedLists(count: guide.savedLists.count),
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
        if changes.savedListExports { jobs.append(.savedListExports) }
        if changes.sitemap { jobs.append(.searchEngineFiles) }
        if changes.savedLists { jobs.append(.savedLists(count: guide.savedLists.count)) }
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
}
