import BeaconHTML
import BeaconModel
import BeaconSite
import BeaconSystem
import Templates

/// Which files a build renders: every one, or, when only the owner's store changed since the output
/// was made (a rating, a favorite, a note on a place), those that show the places whose store
/// entries differ.
///
/// Only that one case is narrowed: a change to the places, the settings, the assets, the basemap,
/// the photos, the source line or `sitegen` itself renders every page (the writer still writes only
/// the files whose bytes differ). The build knows the store changed alone when the last build's
/// record holds the same context key and base key (`Keys`), and the store that output shows is kept
/// beside it.
struct RebuildPlan: Sendable {
    /// Indices into the guide's `allPages` whose detail page is rendered.
    var details: [Int] = []
    /// List pages from 2 on (page 1 is the explorer), per list: nil is the front page's list of
    /// all.
    var listPages: [PlaceCategory?: [Int]] = [:]
    /// Indices of the data files (`PageData.chunks`) rendered again.
    var dataChunks: [Int] = []
    var favorites = false
    /// The owner's lists: the lists page and each list's.
    var savedLists = false
    var allPlacesExport = false
    /// The owner's lists' exports (`RebuildPlan+SavedLists.swift`).
    var savedListExports = false
    var sitemap = false
    /// Pages of the previous output the new site no longer has, below a language's root (in every
    /// language).
    var removals: [String] = []
    /// Files shared by every language the new site no longer has: the data files written anew (they
    /// are named by their content).
    var sharedRemovals: [String] = []

    /// Every file to remove, with each language's folder.
    func removals(in languages: SiteLanguages) -> [String] {
        languages.all.flatMap { language in removals.map { languages.folder(of: language) + $0 } }
            + sharedRemovals
    }

    var isEmpty: Bool {
        details.isEmpty && listPages.values.allSatisfy(\.isEmpty) && dataChunks.isEmpty
            && !favorites && !savedLists && !savedListExports
            && !allPlacesExport && !sitemap && removals.isEmpty && sharedRemovals.isEmpty
    }

    /// What a build is made from, as two hashes the record keeps.
    struct Keys: Sendable, Equatable {
        /// Everything every page shows besides the places: settings, assets, basemap, photos, the
        /// output path, the source line and its date, the binary.
        var context: String
        /// What the guide's base is made from (the places, the settings, the owner's edits); nil
        /// when the places cannot be keyed (an answer without a hash).
        var base: String?

        init(
            settings: SiteSettings, assets: AssetBundle, outputPath: String, places: PlaceInput,
            baseKey: String?,
            basemap: BasemapInput, photos: PhotoProcessing
        ) {
            var context = ContentHasher()
            context.combine("beacon-context-2")
            context.combine(BuildFingerprint.executableIdentity)
            // Comments and notes are other pages with libcmark than without.
            context.combine(OwnerText.rendererIdentity)
            context.combine(settings.encodedBytes)
            context.combine(assets)
            context.combine(outputPath)
            context.combine(basemap)
            context.combine(places.source)
            context.combine(settings.guideTimeZone.today(places.source.fetchedAt).norwegianLong)
            context.combine(photos)
            self.context = context.hex
            base = baseKey
        }

        /// The base's key, known before the guide is made (the base is read back by it).
        /// `placeEdits`: the store's `placeEditsDigest` (own places, corrections, hidden places and
        /// notes shape the base).
        static func baseKey(settings: SiteSettings, placesKey: String?, placeEdits: String)
            -> String?
        {
            guard let placesKey else { return nil }
            var base = ContentHasher()
            base.combine("beacon-base-2")
            base.combine(BuildFingerprint.executableIdentity)
            base.combine(settings.encodedBytes)
            base.combine(placesKey)
            base.combine(placeEdits)
            return base.hex
        }
    }

    /// The plan when only the store changed: the places whose store entries differ between the
    /// store the output shows (`old`) and the new one, and the pages that show them.
    /// `oldChunkPaths`: the data files the output has now.
    static func forStoreChange(
        old oldStore: GuideStore, new newStore: GuideStore, guide: Guide, oldChunkPaths: [String],
        layout: PageData.Layout
    ) -> RebuildPlan {
        var changed = Set<PlaceID>()
        for (id, entry) in newStore.entries where oldStore.entries[id] != entry {
            changed.insert(id)
        }
        for id in oldStore.entries.keys where newStore.entries[id] == nil { changed.insert(id) }
        var plan = RebuildPlan()
        plan.planSavedListExports(
            old: oldStore, new: newStore, changed: changed, paths: guide.paths)
        let listsChanged = oldStore.lists != newStore.lists
        guard !changed.isEmpty || listsChanged else { return plan }
        // The lists' pages show their places' cards (stars, hearts, an order by rating) and the
        // lists page the favourites: any change to the store renders them, a page a list.
        plan.savedLists = !guide.savedLists.isEmpty
        if listsChanged { plan.listsChange(old: oldStore.lists, new: newStore.lists, guide: guide) }
        var favoritesGained = 0
        for id in changed {
            let was = oldStore.entries[id]?.isFavorite ?? false
            let now = newStore.entries[id]?.isFavorite ?? false
            favoritesGained += (now ? 1 : 0) - (was ? 1 : 0)
        }
        let all = guide.allPages
        let inDataCount = guide.places.count
        let chunkCount = layout.chunkCount(placeCount: all.count)
        var positionInCategory: [PlaceCategory: Int] = [:]
        var listPages: [PlaceCategory?: Set<Int>] = [:]
        var chunks = Set<Int>()
        for index in all.indices {
            let place = all[index]
            let inCategory = positionInCategory[place.category] ?? 0
            if index < inDataCount { positionInCategory[place.category] = inCategory + 1 }
            guard changed.contains(place.id) else { continue }
            plan.details.append(index)
            if chunkCount > 0 { chunks.insert(index / layout.chunkSize) }
            if place.isFavorite || (oldStore.entries[place.id]?.isFavorite ?? false) {
                plan.favorites = true
            }
            if index < inDataCount {
                plan.allPlacesExport = true
                listPages[nil, default: []].insert(index / ListPage.pageSize + 1)
                listPages[place.category, default: []].insert(inCategory / ListPage.pageSize + 1)
            }
        }
        for (list, pages) in listPages { plan.listPages[list] = pages.subtracting([1]).sorted() }
        plan.details = Array(Set(plan.details)).sorted()
        plan.dataChunks = chunks.sorted()
        plan.sharedRemovals = plan.dataChunks.filter { $0 < oldChunkPaths.count }.map {
            oldChunkPaths[$0]
        }
        if favoritesGained != 0 { plan.favorites = true }
        let newFavoritePages = ListPage.pageCount(for: guide.favorites.count)
        let oldFavoritePages = ListPage.pageCount(for: guide.favorites.count - favoritesGained)
        if newFavoritePages < oldFavoritePages {
            plan.removals += ((newFavoritePages + 1)...oldFavoritePages).map {
                guide.paths.favoritesPage(page: $0)
            }
        }
        if newFavoritePages != oldFavoritePages { plan.sitemap = true }
        return plan
    }

    /// A list made, renamed, described, deleted or its places changed: the page of every place in
    /// a list before or after («I listene: …» names the lists, and a rename may move another
    /// list's slug), the sitemap, and the pages of lists the guide no longer has. (A guide that
    /// gains its first list or loses its last renders everything: the header's «Lister» comes or
    /// goes.)
    private mutating func listsChange(old: [SavedList], new: [SavedList], guide: Guide) {
        let members = Set(old.flatMap(\.places) + new.flatMap(\.places))
        let all = guide.allPages
        details.append(contentsOf: all.indices.filter { members.contains(all[$0].id) })
        sitemap = true
        let paths = guide.paths
        let kept = Set(guide.savedLists.map { paths.savedListPage($0) })
        removals += GuideList.make(old, placesByID: [:]).map { paths.savedListPage($0) }.filter {
            !kept.contains($0)
        }
    }
}

extension ContentHasher {
    /// What the photos make the pages show: a photo added, removed, described anew or no longer
    /// made renders every page again.
    mutating func combine(_ photos: PhotoProcessing) {
        combine(UInt64(photos.photos.count))
        for (id, list) in photos.photos.sorted(by: { $0.key < $1.key }) {
            combine(id.rawValue)
            for photo in list {
                for part in [
                    photo.alt ?? "-", photo.credit ?? "-", photo.placeholder,
                    "\(photo.width)x\(photo.height)",
                    photo.jpeg.path,
                ] {
                    combine(part)
                }
                for source in photo.sources { combine(source.path) }
            }
        }
        combine(UInt64(photos.warnings.count))
    }
}
