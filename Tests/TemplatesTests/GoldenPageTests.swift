import Foundation
import Testing

@testable import BeaconMap
@testable import BeaconSystem
@testable import Templates

/// Golden (snapshot) tests: each page kind rendered from `TemplateFixtures`
/// must equal its file in `Golden/`. After an intended change, update them with
///
///     UPDATE_GOLDEN=1 swift test --filter GoldenPageTests
///
/// and review the diff of `Tests/TemplatesTests/Golden/` before committing.
@Suite struct GoldenPageTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Golden")
        .path

    func check(_ name: String, _ bytes: [UInt8]) throws {
        let path = GoldenPageTests.folder + "/" + name
        if ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] == "1" {
            try FileSystem.writeAtomically(bytes, to: path)
            return
        }
        guard let expected = try FileSystem.readIfExists(path) else {
            Issue.record(
                "Missing golden file \(name); run UPDATE_GOLDEN=1 swift test --filter GoldenPageTests"
            )
            return
        }
        if expected != bytes {
            let actualPath = NSTemporaryDirectory() + "/golden-actual-" + name
            try FileSystem.writeAtomically(bytes, to: actualPath)
            Issue.record(
                "\(name) differs from its golden file; actual output in \(actualPath) (diff it, then UPDATE_GOLDEN=1 if intended)"
            )
        }
    }

    @Test func listPage() throws {
        let guide = TemplateFixtures.guide
        let input = ListPage.Input(
            path: SitePaths(main: .nb).listPage(), category: nil, places: guide.places[...],
            totalCount: guide.places.count,
            page: 1, pageCount: 1,
            scriptData: PageData.fragment(
                for: guide, category: nil, context: TemplateFixtures.context))
        try check("list.html", ListPage.render(input, context: TemplateFixtures.context))
    }

    @Test func categoryPage() throws {
        let cafes = TemplateFixtures.guide.places(in: .cafe)
        let input = ListPage.Input(
            path: SitePaths(main: .nb).categoryPage(.cafe), category: .cafe, places: cafes[...],
            totalCount: cafes.count,
            page: 1, pageCount: 1,
            scriptData: PageData.fragment(
                for: TemplateFixtures.guide, category: .cafe, context: TemplateFixtures.context))
        try check("category-cafe.html", ListPage.render(input, context: TemplateFixtures.context))
    }

    @Test func detailPages() throws {
        try check(
            "detail-cafe.html",
            DetailPage.render(
                TemplateFixtures.place(TemplateFixtures.cafe), context: TemplateFixtures.context))
        try check(
            "detail-restaurant.html",
            DetailPage.render(
                TemplateFixtures.place(TemplateFixtures.restaurant),
                context: TemplateFixtures.context))
        try check(
            "detail-hotel.html",
            DetailPage.render(
                TemplateFixtures.place(TemplateFixtures.hotel), context: TemplateFixtures.context))
    }

    @Test func favoritesPage() throws {
        try check(
            "favorites.html",
            FavoritesPage.render(TemplateFixtures.guide, context: TemplateFixtures.context))
    }

    /// The owner's lists (`ListFixtures`): the lists page with its still-map covers, a list's page,
    /// and a place's page that names its lists (the header then links to them).
    @Test func savedListPages() throws {
        let guide = ListFixtures.guide
        let context = ListFixtures.context()
        try check(
            "lists.html",
            SavedListsPage.render(guide, context: context) {
                ShareOverview.make(
                    places: $0.map(\.coordinate), tiles: [], aspect: ListCover.aspect)
            })
        try check("saved-list.html", SavedListPage.render(guide.savedLists[0], context: context))
        try check(
            "detail-cafe-in-lists.html",
            DetailPage.render(
                guide.allPages.first { $0.id == TemplateFixtures.cafe.id }!, context: context))
    }

    @Test func notFoundPage() throws {
        try check("404.html", NotFoundPage.render(context: TemplateFixtures.context))
    }
}
