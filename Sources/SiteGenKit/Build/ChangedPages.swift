import BeaconCore
import Templates

/// The files a change touches, found by comparing the guide the output
/// shows (the last build's) with the new one: a place's page when anything
/// about that place changed; a list page or data file when any place in its
/// slice changed or moved; favorites pages and exports when a favorite did;
/// the sitemap when the set of pages did. The explorers (front and category
/// pages) and the offline files are rendered whenever anything changed; the
/// writer keeps those whose bytes came out the same.
///
/// Only valid when everything else the pages show is unchanged (settings,
/// source line, assets, basemap, the binary): the build checks that with
/// the context key before it asks.
struct ChangedPages: Sendable {
    /// Indices into the new guide's `allPages` whose detail page is rendered.
    var details: [Int] = []
    /// List pages from 2 on (page 1 is the explorer), per list: nil is the front page's list of all.
    var listPages: [PlaceCategory?: [Int]] = [:]
    /// Indices of the data files (`PageData.chunks`) rendered again.
    var dataChunks: [Int] = []
    var favorites = false
    var allPlacesExport = false
    /// When only these places of the data changed and none moved: the export is patched, not written anew.
    var exportPositions: [Int]?
    /// When only these places (of `allPages`) changed and none moved: the data files are patched.
    var chunkPositions: [Int]?
    var sitemap = false
    /// Pages of the previous output the new site no longer has, below a language's root (in every language).
    var removals: [String] = []
    /// Files shared by every language the new site no longer has (data files).
    var sharedRemovals: [String] = []

    /// Every file to remove, with each language's folder.
    func removals(in languages: SiteLanguages) -> [String] {
        languages.all.flatMap { language in removals.map { languages.folder(of: language) + $0 } } + sharedRemovals
    }

    var isEmpty: Bool {
        details.isEmpty && listPages.values.allSatisfy(\.isEmpty) && dataChunks.isEmpty && !favorites
            && !allPlacesExport
            && !sitemap && removals.isEmpty && sharedRemovals.isEmpty
    }

    /// Whether two values of a place look alike on every page.
    static func looksTheSame(_ a: GuidePlace, _ b: GuidePlace) -> Bool {
        a === b
            || (a.slug == b.slug && a.nameSuffix == b.nameSuffix && a.distanceMetres == b.distanceMetres
                && a.ratings == b.ratings
                && a.favoriteSince == b.favoriteSince && a.isInCurrentData == b.isInCurrentData && a.place == b.place)
    }

    /// Positions where two lists differ (a different place, or the same one looking different).
    /// Lists of different lengths differ from the first position the shorter lacks.
    static func differingPositions(_ old: [GuidePlace], _ new: [GuidePlace]) -> [Int] {
        var positions: [Int] = []
        for index in 0..<min(old.count, new.count) where !looksTheSame(old[index], new[index]) {
            positions.append(index)
        }
        if old.count != new.count { positions += min(old.count, new.count)..<max(old.count, new.count) }
        return positions
    }

    /// The plan for going from `old` (what the output shows) to `new`.
    /// `oldChunkPaths`: the data files the output has now.
    static func between(
        old: Guide, new: Guide, oldChunkPaths: [String], layout: PageData.Layout
    ) -> ChangedPages {
        let oldAll = old.allPages
        let newAll = new.allPages
        let aligned = oldAll.count == newAll.count && zip(oldAll, newAll).allSatisfy({ $0.id == $1.id })
        if aligned,
            let plan = placesChangedWhereTheyStand(old: old, new: new, oldChunkPaths: oldChunkPaths, layout: layout)
        {
            return plan
        }
        var plan = ChangedPages()
        plan.addDetailPages(old: oldAll, new: newAll, aligned: aligned, paths: new.paths)
        plan.addListPages(old: old, new: new)
        plan.addDataFiles(old: oldAll, new: newAll, oldChunkPaths: oldChunkPaths, layout: layout)
        plan.addFavoritesAndExport(old: old, new: new)
        return plan
    }

    /// The same places in the same order, none of another category now (a renamed place, new hours, a
    /// rating; no place moved across the radius, so every chip keeps its count): one comparison pass, then
    /// the pages that show the changed ones. Nil when the guides differ in more than that.
    private static func placesChangedWhereTheyStand(
        old: Guide, new: Guide, oldChunkPaths: [String], layout: PageData.Layout
    ) -> ChangedPages? {
        let oldAll = old.allPages
        let newAll = new.allPages
        guard old.places.count == new.places.count && old.chipCounts == new.chipCounts else { return nil }
        let changed = differingPositions(oldAll, newAll)
        guard changed.allSatisfy({ oldAll[$0].category == newAll[$0].category }) else { return nil }
        var plan = pagesShowing(
            changed, in: new, favoritesGained: new.favorites.count - old.favorites.count,
            oldChunkPaths: oldChunkPaths, layout: layout
        ) { oldAll[$0].isFavorite }
        plan.removeOldPages(ofRenamed: changed, old: oldAll, new: newAll, paths: new.paths)
        return plan
    }

    /// A place at one of `positions` (the same place in both lists) whose slug changed: its old page goes.
    private mutating func removeOldPages(
        ofRenamed positions: [Int], old: [GuidePlace], new: [GuidePlace], paths: SitePaths
    ) {
        for index in positions where old[index].slug != new[index].slug {
            removals.append(paths.detailPage(slug: old[index].slug))
            sitemap = true
        }
    }

    /// Detail pages: by position when the places are the same ones in the same order, else by identity.
    private mutating func addDetailPages(old: [GuidePlace], new: [GuidePlace], aligned: Bool, paths: SitePaths) {
        if aligned {
            details = Self.differingPositions(old, new)
            removeOldPages(ofRenamed: details, old: old, new: new, paths: paths)
            return
        }
        var oldByID: [PlaceID: GuidePlace] = [:]
        oldByID.reserveCapacity(old.count)
        for place in old { oldByID[place.id] = place }
        var newSlugs = Set<String>()
        newSlugs.reserveCapacity(new.count)
        for (index, place) in new.enumerated() {
            newSlugs.insert(place.slug)
            if let previous = oldByID[place.id], Self.looksTheSame(previous, place) { continue }
            details.append(index)
        }
        removals += old.filter { !newSlugs.contains($0.slug) }.map { paths.detailPage(slug: $0.slug) }
        sitemap = true
    }

    /// List pages of the front page and of each category. Every one shows each category's count on its
    /// chip: when one changes, all are rendered again.
    private mutating func addListPages(old: Guide, new: Guide) {
        let countsChanged = old.chipCounts != new.chipCounts
        for category in new.lists {
            let oldList = category.map { old.places(in: $0) } ?? old.places
            let newList = category.map { new.places(in: $0) } ?? new.places
            let oldCount = ListPage.pageCount(for: oldList.count)
            let newCount = ListPage.pageCount(for: newList.count)
            var pages = Set<Int>()
            if oldList.count != newList.count || countsChanged {
                // «Side 3 av 40» and the totals change on every page.
                pages.formUnion(1...newCount)
            } else {
                for position in Self.differingPositions(oldList, newList) {
                    pages.insert(position / ListPage.pageSize + 1)
                }
            }
            pages.remove(1)
            listPages[category] = pages.sorted()
            if newCount < oldCount {
                removals += ((newCount + 1)...oldCount).map { page in
                    category.map { new.paths.categoryPage($0, page: page) } ?? new.paths.listPage(page: page)
                }
            }
            if newCount != oldCount { sitemap = true }
        }
    }

    /// Data files of a big guide: those holding a changed place, or all when the places are more or fewer.
    private mutating func addDataFiles(
        old: [GuidePlace], new: [GuidePlace], oldChunkPaths: [String], layout: PageData.Layout
    ) {
        let newChunkCount = layout.chunkCount(placeCount: new.count)
        if oldChunkPaths.count == newChunkCount && old.count == new.count {
            dataChunks = Array(Set(Self.differingPositions(old, new).map { $0 / layout.chunkSize })).filter {
                $0 < newChunkCount
            }.sorted()
        } else {
            dataChunks = Array(0..<newChunkCount)
        }
        let keptChunks = Set(oldChunkPaths.indices).subtracting(dataChunks).filter { $0 < newChunkCount }
        sharedRemovals += oldChunkPaths.indices.filter { !keptChunks.contains($0) }.map { oldChunkPaths[$0] }
    }

    /// Favorites: their pages and exports; and the export of all places.
    private mutating func addFavoritesAndExport(old: Guide, new: Guide) {
        favorites = !Self.differingPositions(old.favorites, new.favorites).isEmpty
        let oldFavoritePages = ListPage.pageCount(for: old.favorites.count)
        let newFavoritePages = ListPage.pageCount(for: new.favorites.count)
        if newFavoritePages < oldFavoritePages {
            removals += ((newFavoritePages + 1)...oldFavoritePages).map { new.paths.favoritesPage(page: $0) }
        }
        if newFavoritePages != oldFavoritePages { sitemap = true }
        allPlacesExport = !Self.differingPositions(old.places, new.places).isEmpty
    }

    /// The plan when only the store changed and the guide's base is the one
    /// the output was made from, or that base with places edited where they
    /// stand (`edited`, from `MappedGuideBase.patch`): the places whose store
    /// entries differ are found from the two stores (small), and their
    /// positions by one pass over the guide, so nothing is compared place by place.
    static func forStoreChange(
        old oldStore: GuideStore, new guide: Guide, store newStore: GuideStore,
        edited: [GuideBase.EditedPlace] = [], oldChunkPaths: [String], layout: PageData.Layout
    ) -> ChangedPages {
        var changed = Set(edited.map(\.id))
        for (id, entry) in newStore.entries where oldStore.entries[id] != entry {
            changed.insert(id)
        }
        for id in oldStore.entries.keys where newStore.entries[id] == nil { changed.insert(id) }
        guard !changed.isEmpty else { return ChangedPages() }
        var favoritesGained = 0
        for id in changed {
            let was = oldStore.entries[id]?.isFavorite ?? false
            let now = newStore.entries[id]?.isFavorite ?? false
            favoritesGained += (now ? 1 : 0) - (was ? 1 : 0)
        }
        let all = guide.allPages
        // Found by id bytes where the places are still in the kept archive (none is decoded for it).
        let table = PlaceIDTable(changed.map { ($0, ()) })
        let positions = all.indices.filter { all[$0].isListed(in: table) }
        var plan = pagesShowing(
            positions, in: guide, favoritesGained: favoritesGained, oldChunkPaths: oldChunkPaths, layout: layout
        ) {
            index in
            oldStore.entries[all[index].id]?.isFavorite ?? false
        }
        for place in edited where place.oldSlug != place.newSlug {
            plan.removals.append(guide.paths.detailPage(slug: place.oldSlug))
            plan.sitemap = true
        }
        return plan
    }

    /// The pages that show the places at `positions` (of `guide.allPages`, ascending) when no
    /// place moved: their own pages, the list pages and data files they are on, the export lines,
    /// and «Mine steder» when one is or was a favorite (`wasFavorite`) or the count changed.
    private static func pagesShowing(
        _ positions: [Int], in guide: Guide, favoritesGained: Int, oldChunkPaths: [String], layout: PageData.Layout,
        wasFavorite: (Int) -> Bool
    ) -> ChangedPages {
        var plan = ChangedPages()
        guard let last = positions.last else { return plan }
        plan.chunkPositions = positions
        let all = guide.allPages
        let inDataCount = guide.places.count
        let chunkCount = layout.chunkCount(placeCount: all.count)
        var positionInCategory: [PlaceCategory: Int] = [:]
        var listPages: [PlaceCategory?: Set<Int>] = [:]
        var chunks = Set<Int>()
        var next = 0
        for index in 0...last {
            let category = all[index].category
            let inCategory = positionInCategory[category] ?? 0
            if index < inDataCount { positionInCategory[category] = inCategory + 1 }
            guard positions[next] == index else { continue }
            next += 1
            plan.details.append(index)
            if chunkCount > 0 { chunks.insert(index / layout.chunkSize) }
            if all[index].isFavorite || wasFavorite(index) { plan.favorites = true }
            if index < inDataCount {
                plan.allPlacesExport = true
                plan.exportPositions = plan.exportPositions ?? []
                plan.exportPositions?.append(index)
                listPages[nil, default: []].insert(index / ListPage.pageSize + 1)
                listPages[category, default: []].insert(inCategory / ListPage.pageSize + 1)
            }
        }
        for (list, pages) in listPages { plan.listPages[list] = pages.subtracting([1]).sorted() }
        plan.dataChunks = chunks.sorted()
        plan.sharedRemovals += plan.dataChunks.filter { $0 < oldChunkPaths.count }.map { oldChunkPaths[$0] }
        if favoritesGained != 0 { plan.favorites = true }
        let newFavoritePages = ListPage.pageCount(for: guide.favorites.count)
        let oldFavoritePages = ListPage.pageCount(for: guide.favorites.count - favoritesGained)
        if newFavoritePages < oldFavoritePages {
            plan.removals += ((newFavoritePages + 1)...oldFavoritePages).map { guide.paths.favoritesPage(page: $0) }
        }
        if newFavoritePages != oldFavoritePages { plan.sitemap = true }
        return plan
    }
}
