import Foundation
import BeaconCore
import Templates

/// Steps 4 and 5 of a build: renders every page and hands each to the writer
/// as soon as it is ready. Detail pages — nearly all of a big site — render in
/// parallel chunks on all cores; no page is kept after it is written, so memory
/// stays bounded however many places there are.
struct SiteRenderer: Sendable {
    var guide: Guide
    var assets: AssetBundle
    var writer: SiteWriter

    /// Places per rendering task: big enough to amortise scheduling, small enough to balance.
    static let chunkSize = 256

    /// Renders and writes everything; returns the number of HTML pages.
    func renderAll() async throws -> Int {
        let intro = guide.settings.intro.map { RichText.html(for: $0) }
        let context = SiteContext(settings: guide.settings, source: guide.source, intro: intro)
        var pages = 0

        for asset in assets.files { try writer.write(asset.bytes, to: asset.path) }

        // Front page and its continuation pages.
        let scriptData = PageData.fragment(for: guide)
        pages += try writeList(path: { SitePaths.listPage(page: $0) }, category: nil, places: guide.places, context: context, scriptData: scriptData)
        for category in PlaceCategory.allCases {
            pages += try writeList(path: { SitePaths.categoryPage(category, page: $0) }, category: category,
                                   places: guide.places(in: category), context: context, scriptData: nil)
        }
        try writer.write(FavoritesPage.render(guide, context: context), to: SitePaths.favoritesPage)
        try writer.write(NotFoundPage.render(context: context), to: SitePaths.notFoundPage)
        pages += 2

        let all = guide.allPages
        let writer = self.writer
        try await withThrowingTaskGroup(of: Void.self) { group in
            let workers = max(1, ProcessInfo.processInfo.activeProcessorCount)
            var next = 0
            func addChunk() {
                guard next < all.count else { return }
                let range = next..<min(next + SiteRenderer.chunkSize, all.count)
                next = range.upperBound
                group.addTask {
                    for place in all[range] {
                        try writer.write(DetailPage.render(place, context: context), to: SitePaths.detailPage(slug: place.slug))
                    }
                }
            }
            // Bounded: at most one chunk per core in flight.
            for _ in 0..<workers { addChunk() }
            while try await group.next() != nil { addChunk() }
        }
        return pages + all.count
    }

    private func writeList(path: (Int) -> String, category: PlaceCategory?, places: [GuidePlace], context: SiteContext, scriptData: HTMLFragment?) throws -> Int {
        let pageCount = ListPage.pageCount(for: places.count)
        for page in 1...pageCount {
            let start = (page - 1) * ListPage.pageSize
            let slice = places[start..<min(start + ListPage.pageSize, places.count)]
            let input = ListPage.Input(path: path(page), category: category, places: slice, totalCount: places.count,
                                       page: page, pageCount: pageCount, scriptData: page == 1 ? scriptData : nil)
            try writer.write(ListPage.render(input, context: context), to: input.path)
        }
        return pageCount
    }
}
