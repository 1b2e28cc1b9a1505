/// Merges places with the owner's store into a `Guide`, in two parts so a
/// rebuild after a rating can skip the first: `base` (dedupe, distances,
/// nearest-first order, slugs; depends on the places, the centre and the
/// favorites outside the data) and `merge` (each place's ratings and favorite
/// mark from the store). Both linear in the number of places (the sort aside).
package enum GuideAssembler {
    /// `places` in priority order: a place that appears twice (under two
    /// categories, or twice in one answer) keeps its first appearance.
    package static func assemble(places: [Place], store: GuideStore, settings: SiteSettings, source: DataSourceInfo) -> Guide {
        merge(base(places: places, store: store, settings: settings), store: store, settings: settings, source: source)
    }

    /// The part of the guide the store's ratings do not shape.
    package static func base(places: [Place], store: GuideStore, settings: SiteSettings) -> GuideBase {
        var seen = Set<PlaceID>()
        seen.reserveCapacity(places.count)
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
        let unique = kept.map { (place: places[$0], distance: distances[$0]) }
        let outside = outsideFavorites(store: store, isInData: seen.contains, settings: settings)
        let slugs = SlugAssigner.assign((unique + outside).map { ($0.place.id, $0.place.name) })
        return GuideBase(
            inData: unique.map { GuideBase.Entry(place: $0.place, distanceMetres: $0.distance, slug: slugs[$0.place.id]!) },
            outside: outside.map { GuideBase.Entry(place: $0.place, distanceMetres: $0.distance, slug: slugs[$0.place.id]!) }
        )
    }

    /// Favorites the data does not have, rebuilt from their store snapshot, nearest first.
    static func outsideFavorites(store: GuideStore, isInData: (PlaceID) -> Bool, settings: SiteSettings) -> [(place: Place, distance: Double)] {
        var outside: [(place: Place, distance: Double)] = []
        for id in store.favoriteIDs where !isInData(id) {
            guard let snapshot = store.entries[id]?.snapshot else { continue }
            let place = snapshot.place(id: id)
            outside.append((place, place.coordinate.distance(to: settings.center)))
        }
        outside.sort { $0.distance != $1.distance ? $0.distance < $1.distance : $0.place.id < $1.place.id }
        return outside
    }

    /// Each place of `base` with its ratings and favorite mark from `store`.
    package static func merge(_ base: GuideBase, store: GuideStore, settings: SiteSettings, source: DataSourceInfo) -> Guide {
        func guidePlace(_ item: GuideBase.Entry, inData: Bool) -> GuidePlace {
            let entry = store.entries[item.place.id]
            let ratings = entry?.ratings ?? []
            return GuidePlace(
                place: item.place,
                slug: item.slug,
                distanceMetres: item.distanceMetres,
                ratings: ratings,
                summary: RatingSummary(ratings: ratings),
                favoriteSince: entry?.favoriteSince,
                isInCurrentData: inData
            )
        }
        return Guide(
            settings: settings,
            places: base.inData.map { guidePlace($0, inData: true) },
            favoritesOutsideData: base.outside.map { guidePlace($0, inData: false) },
            source: source
        )
    }
}

/// Gives every place a URL slug: the name's ASCII stem plus a short hash of
/// its identity ("cafe-bar-orken-k3x9a1"). Stable (depends only on name and
/// id), unique (a clash lengthens the hash), safe (no `/`, `.`, controls) and
/// bounded (at most 60 + 1 + 12 characters).
enum SlugAssigner {
    static func assign(_ places: [(id: PlaceID, name: String)]) -> [PlaceID: String] {
        // Base slugs first; only places whose base slug clashes need more work,
        // and they are resolved in id order, so the result never depends on input order.
        var stems: [PlaceID: String] = [:]
        stems.reserveCapacity(places.count)
        var byBase: [String: [PlaceID]] = [:]
        byBase.reserveCapacity(places.count)
        for (id, name) in places where stems[id] == nil {
            let stem = TextFolding.slugStem(name)
            stems[id] = stem
            byBase[stem + "-" + id.shortHash(length: 6), default: []].append(id)
        }
        var slugs: [PlaceID: String] = [:]
        slugs.reserveCapacity(stems.count)
        var clashing: [PlaceID] = []
        for (base, ids) in byBase {
            if ids.count == 1 {
                slugs[ids[0]] = base
            } else {
                let ordered = ids.sorted()
                slugs[ordered[0]] = base
                clashing += ordered.dropFirst()
            }
        }
        var taken = Set(byBase.keys)
        for id in clashing.sorted() {
            let stem = stems[id]!
            var slug = stem + "-" + id.shortHash(length: 12)
            var counter = 2
            while taken.contains(slug) {
                slug = stem + "-" + id.shortHash(length: 12) + "-\(counter)"
                counter += 1
            }
            taken.insert(slug)
            slugs[id] = slug
        }
        return slugs
    }
}
