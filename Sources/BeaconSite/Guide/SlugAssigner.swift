import BeaconModel
import BeaconSystem

/// Gives every place a URL slug: the name's ASCII stem plus a short hash of
/// its identity ("cafe-bar-orken-k3x9a1"). Stable (depends only on name and
/// id), unique (a clash lengthens the hash), safe (no `/`, `.`, controls) and
/// bounded (at most 60 + 1 + 12 characters).
enum SlugAssigner {
    /// One slug per id (the first name given for an id counts). `unnamed`: the stem of a place
    /// whose name gives none (`PathWords.unnamedPlace`).
    static func assign(_ places: [(id: PlaceID, name: String)], unnamed: String) -> [PlaceID:
        String]
    {
        var seen = Set<PlaceID>(minimumCapacity: places.count)
        let unique = places.filter { seen.insert($0.id).inserted }
        let slugs = slugs(count: unique.count, unnamed: unnamed) { unique[$0] }
        var byID: [PlaceID: String] = [:]
        byID.reserveCapacity(unique.count)
        for (place, slug) in zip(unique, slugs) { byID[place.id] = slug }
        return byID
    }

    /// The slug of each of `count` places with distinct ids (`place(i)` gives
    /// the i-th), in that order. The base slugs are made on all cores; only
    /// places whose base slug clashes need more work, and they are resolved
    /// in id order, so the result never depends on the order of the places.
    /// `clashed`: whether any two places shared a base slug (so some slugs are longer).
    static func slugs(
        count: Int, unnamed: String, place: @Sendable (Int) -> (id: PlaceID, name: String)
    ) -> [String] {
        var slugs = ParallelChunks.map(count: count, chunkSize: 4_096) { index in
            let (id, name) = place(index)
            return baseSlug(id: id, name: name, unnamed: unnamed)
        }
        // The smallest id keeps a base slug that several places share.
        var owner: [String: Int] = [:]
        owner.reserveCapacity(count)
        var losers: [Int] = []
        for index in 0..<count {
            let slug = slugs[index]
            guard let other = owner[slug] else {
                owner[slug] = index
                continue
            }
            if place(index).id < place(other).id {
                owner[slug] = index
                losers.append(other)
            } else {
                losers.append(index)
            }
        }
        guard !losers.isEmpty else { return slugs }
        var taken = Set<String>()
        for index in losers.sorted(by: { place($0).id < place($1).id }) {
            let (id, name) = place(index)
            let stem =
                TextFolding.placeSlugStem(name, unnamed: unnamed) + "-" + id.shortHash(length: 12)
            var slug = stem
            var counter = 2
            while owner[slug] != nil || taken.contains(slug) {
                slug = stem + "-\(counter)"
                counter += 1
            }
            taken.insert(slug)
            slugs[index] = slug
        }
        return slugs
    }

    /// The slug a place has when no other shares its base slug.
    static func baseSlug(id: PlaceID, name: String, unnamed: String) -> String {
        TextFolding.placeSlugStem(name, unnamed: unnamed) + "-" + id.shortHash(length: 6)
    }
}
