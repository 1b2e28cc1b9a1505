/// Merges places with the owner's store into a `Guide`: one pass over the
/// places, dictionary lookups into the store, slugs assigned in one more pass.
/// Linear in the number of places.
public enum GuideAssembler {
    /// `places` in priority order: a place that appears twice (under two
    /// categories, or twice in one answer) keeps its first appearance.
    public static func assemble(places: [Place], store: GuideStore, settings: SiteSettings, source: DataSourceInfo) -> Guide {
        var seen = Set<PlaceID>()
        seen.reserveCapacity(places.count)
        var unique: [(place: Place, distance: Double)] = []
        unique.reserveCapacity(places.count)
        for place in places where seen.insert(place.id).inserted {
            unique.append((place, place.coordinate.distance(to: settings.center)))
        }
        // Nearest first; ties broken by id so the order never depends on input order.
        unique.sort { $0.distance != $1.distance ? $0.distance < $1.distance : $0.place.id < $1.place.id }

        var outside: [(place: Place, distance: Double)] = []
        for id in store.favoriteIDs where !seen.contains(id) {
            guard let snapshot = store.entries[id]?.snapshot else { continue }
            let place = snapshot.place(id: id)
            outside.append((place, place.coordinate.distance(to: settings.center)))
        }
        outside.sort { $0.distance != $1.distance ? $0.distance < $1.distance : $0.place.id < $1.place.id }

        let slugs = SlugAssigner.assign((unique + outside).map { ($0.place.id, $0.place.name) })

        func guidePlace(_ item: (place: Place, distance: Double), inData: Bool) -> GuidePlace {
            let entry = store.entries[item.place.id]
            let ratings = entry?.ratings ?? []
            return GuidePlace(
                place: item.place,
                slug: slugs[item.place.id]!,
                distanceMetres: item.distance,
                ratings: ratings,
                summary: RatingSummary(ratings: ratings),
                favoriteSince: entry?.favoriteSince,
                isInCurrentData: inData
            )
        }
        return Guide(
            settings: settings,
            places: unique.map { guidePlace($0, inData: true) },
            favoritesOutsideData: outside.map { guidePlace($0, inData: false) },
            source: source
        )
    }
}

/// Gives every place a URL slug: the name's ASCII stem plus a short hash of
/// its identity ("cafe-bar-orken-k3x9a1"). Stable (depends only on name and
/// id), unique (a clash lengthens the hash), safe (no `/`, `.`, controls) and
/// bounded (at most 60 + 1 + 12 characters).
public enum SlugAssigner {
    public static func assign(_ places: [(id: PlaceID, name: String)]) -> [PlaceID: String] {
        var slugs: [PlaceID: String] = [:]
        slugs.reserveCapacity(places.count)
        var owners: [String: PlaceID] = [:]
        owners.reserveCapacity(places.count)
        // Sorting by id makes clash resolution independent of input order.
        for (id, name) in places.sorted(by: { $0.id < $1.id }) where slugs[id] == nil {
            let stem = TextFolding.slugStem(name)
            var slug = stem + "-" + id.shortHash(length: 6)
            if owners[slug] != nil { slug = stem + "-" + id.shortHash(length: 12) }
            var counter = 2
            while owners[slug] != nil {
                slug = stem + "-" + id.shortHash(length: 12) + "-\(counter)"
                counter += 1
            }
            owners[slug] = id
            slugs[id] = slug
        }
        return slugs
    }
}
