import BeaconModel
import BeaconSystem
import Synchronization

/// Merges places with the owner's store into a `Guide`, in two parts so a
/// rebuild after a rating can skip the first: `base` (dedupe, distances,
/// nearest-first order, slugs; depends on the places, the centre and the
/// favorites outside the data) and `merge` (each place's ratings and favorite
/// mark from the store). Both linear in the number of places (the sort aside).
package enum GuideAssembler {
    /// `places` in priority order: a place that appears twice (under two
    /// categories, or twice in one answer) keeps its first appearance.
    package static func assemble(
        places: [Place], store: GuideStore, settings: SiteSettings, source: DataSourceInfo
    )
        -> Guide
    {
        merge(
            base(places: places, store: store, settings: settings), store: store,
            settings: settings, source: source)
    }

    /// The part of the guide the store's ratings do not shape. `places` is
    /// consumed: each kept place is moved into its entry, not copied (at
    /// 100,000 places, copies cost millions of reference-count updates).
    package static func base(places: consuming [Place], store: GuideStore, settings: SiteSettings)
        -> GuideBase
    {
        baseAndOrder(places: places, store: store, settings: settings).base
    }

    /// The base, and for each entry of the data the index in `places` it came from.
    static func baseAndOrder(places: consuming [Place], store: GuideStore, settings: SiteSettings)
        -> (
            base: GuideBase, order: [Int]
        )
    {
        // The owner's edits: hidden places are skipped as if seen, corrected ones changed where
        // they lie, own places appended after the data's.
        let edits = PlaceEdits(store: store, settings: settings)
        var seen = Set<PlaceID>(edits.hiddenIDs)
        seen.reserveCapacity(places.count)
        var unmatched: [(id: PlaceID, entry: GuideStore.Entry)] = []
        if !edits.isEmpty {
            for index in places.indices {
                if let edited = edits.edited(places[index], categories: settings.categories) {
                    places[index] = edited
                }
            }
            var inData = Set<PlaceID>()
            for index in places.indices { inData.insert(places[index].id) }
            unmatched = edits.unmatched(isInData: inData.contains)
            places += edits.ownPlaces
        }
        var kept: [Int] = []
        kept.reserveCapacity(places.count)
        var distances = [Double](repeating: 0, count: places.count)
        for (index, place) in places.enumerated() where seen.insert(place.id).inserted {
            kept.append(index)
            distances[index] = place.coordinate.distance(to: settings.center)
        }
        // Nearest first; ties broken by id so the order never depends on input
        // order. Indices are sorted, not places: moving big values is costly.
        kept.sort { a, b in
            distances[a] != distances[b] ? distances[a] < distances[b] : places[a].id < places[b].id
        }
        let outside = outsideFavorites(store: store, isInData: seen.contains, settings: settings)
        var entries = moveEntries(out: &places, at: kept, distances: distances)
        entries += outside.map {
            GuideBase.Entry(place: $0.place, distanceMetres: $0.distance, slug: "")
        }
        let slugs: [String]
        let suffixes: [String?]
        // `named` shares the entries' storage only for this block, so the slugs go in without a
        // copy.
        do {
            let named = entries
            let language = settings.languages.main
            let unnamed = PathWords(language).unnamedPlace
            slugs = SlugAssigner.slugs(count: named.count, unnamed: unnamed) {
                (named[$0].place.id, named[$0].place.slugName(in: language, unnamed: unnamed))
            }
            suffixes = NameSuffixes.suffixes(count: named.count) {
                (named[$0].place.name, named[$0].place.address)
            }
        }
        for index in entries.indices {
            entries[index].slug = slugs[index]
            entries[index].nameSuffix = suffixes[index]
        }
        var base = GuideBase(entries: entries, inDataCount: kept.count)
        base.editsWithoutPlace = unmatched.map {
            GuideBase.EditWithoutPlace(id: $0.id, entry: $0.entry)
        }
        base.ownPlacesOutsideCategories = edits.ownOutsideCategories
        return (base, kept)
    }

    /// Entries for `places[indices]`, in that order, each place moved out of
    /// the array (its slot left holding a placeholder that owns nothing).
    private static func moveEntries(
        out places: inout [Place], at indices: [Int], distances: [Double]
    ) -> [GuideBase
        .Entry]
    {
        let placeholder = GuideBaseArchive.placeholder.place
        var entries: [GuideBase.Entry] = []
        entries.reserveCapacity(indices.count)
        for index in indices {
            var place = placeholder
            // a move: no reference count of the place's fields changes
            swap(&place, &places[index])
            entries.append(
                GuideBase.Entry(place: place, distanceMetres: distances[index], slug: ""))
        }
        return entries
    }

    /// Favorites the data does not have, rebuilt from their store snapshot, nearest first.
    static func outsideFavorites(
        store: GuideStore, isInData: (PlaceID) -> Bool, settings: SiteSettings
    ) -> [(
        place: Place, distance: Double
    )] {
        var outside: [(place: Place, distance: Double)] = []
        for id in store.favoriteIDs where !isInData(id) {
            // A hidden place stays out, favorite or not; an own place is in the data unless its
            // kind is not.
            guard let entry = store.entries[id], entry.hidden == nil, entry.own == nil,
                let snapshot = entry.snapshot
            else { continue }
            var place = snapshot.place(id: id)
            place.category = place.category.resolved(in: settings.categories)
            outside.append((place, place.coordinate.distance(to: settings.center)))
        }
        outside.sort {
            $0.distance != $1.distance ? $0.distance < $1.distance : $0.place.id < $1.place.id
        }
        return outside
    }

    /// Each place of `base` with its ratings and favorite mark from `store`.
    package static func merge(
        _ base: GuideBase, store: GuideStore, settings: SiteSettings, source: DataSourceInfo
    )
        -> Guide
    {
        mergeMatching(base, store: store, settings: settings, source: source).guide
    }

    /// `merge`, when `base` still fits `store` (`GuideBase.fits`); nil when it
    /// does not. One pass: the lookups that merge the store also tell which
    /// favorites the data has, so no set of every place is built to ask.
    package static func mergeIfFits(
        _ base: GuideBase, store: GuideStore, settings: SiteSettings, source: DataSourceInfo
    ) -> Guide? {
        let (guide, favoritesInData) = mergeMatching(
            base, store: store, settings: settings, source: source)
        return base.fits(store, settings: settings, favoritesInData: favoritesInData) ? guide : nil
    }

    /// The merge on all cores, with the favorites it found among the data's places.
    private static func mergeMatching(
        _ base: GuideBase, store: GuideStore, settings: SiteSettings,
        source: DataSourceInfo
    ) -> (guide: Guide, favoritesInData: Set<PlaceID>) {
        let entries = base.entries
        let inDataCount = base.inDataCount
        let found = Mutex<Set<PlaceID>>([])
        @Sendable func place(_ index: Int) -> GuidePlace {
            let item = entries[index]
            let entry = store.entries[item.place.id]
            if index < inDataCount, let entry, entry.isFavorite {
                _ = found.withLock { $0.insert(item.place.id) }
            }
            return guidePlace(item, entry, isInCurrentData: index < inDataCount)
        }
        let guide = Guide(
            settings: settings,
            allPages: ParallelChunks.map(count: entries.count, chunkSize: 2_048, place),
            inDataCount: inDataCount, source: source, savedLists: store.lists)
        return (guide, found.withLock { $0 })
    }

    /// A held entry as the guide shows it, with its ratings and favorite mark from `entry` (its
    /// store entry).
    private static func guidePlace(
        _ item: GuideBase.Entry, _ entry: GuideStore.Entry?, isInCurrentData: Bool
    )
        -> GuidePlace
    {
        let ratings = entry?.ratings ?? []
        return GuidePlace(
            place: item.place, slug: item.slug, nameSuffix: item.nameSuffix,
            distanceMetres: item.distanceMetres,
            ratings: ratings,
            summary: RatingSummary(ratings: ratings), favoriteSince: entry?.favoriteSince,
            isInCurrentData: isInCurrentData)
    }
}
