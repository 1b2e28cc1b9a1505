import BeaconModel

/// The part of a guide that the owner's ratings do not shape: the places of
/// the data (deduplicated, nearest first, each with its distance and slug)
/// and the favorites outside the data. A build keeps it between runs
/// (`GuideBaseArchive`), so a rebuild after a rating or a favorite with the
/// same places and settings neither parses the places again nor sorts them:
/// it merges the new store into it.
package struct GuideBase: Sendable {
    package struct Entry: Sendable, Equatable {
        package var place: Place
        package var distanceMetres: Double
        package var slug: String
        /// What tells it apart from places of the same name (`NameSuffixes`); nil for a name of its
        /// own.
        package var nameSuffix: String?

        package init(place: Place, distanceMetres: Double, slug: String, nameSuffix: String? = nil)
        {
            self.place = place
            self.distanceMetres = distanceMetres
            self.slug = slug
            self.nameSuffix = nameSuffix
        }
    }

    /// The data's places, nearest first, then the favorites outside the data.
    package internal(set) var entries: [Entry]
    let inDataCount: Int
    /// Corrections and hidden marks whose place the data no longer has (the build reports them; not
    /// archived: a kept base is reused only with the same data and edits, whose build already
    /// reported them).
    package var editsWithoutPlace: [EditWithoutPlace] = []
    /// Own places of a kind the guide no longer holds, left out (reported by the build).
    package var ownPlacesOutsideCategories: [Place] = []

    package struct EditWithoutPlace: Sendable {
        package var id: PlaceID
        package var entry: GuideStore.Entry
    }

    /// The data's places, nearest first.
    package var inData: ArraySlice<Entry> { entries[..<inDataCount] }
    /// Favorites the data does not have, as the store's snapshots describe them, nearest first.
    package var outside: ArraySlice<Entry> { entries[inDataCount...] }

    package init(inData: [Entry], outside: [Entry]) {
        var entries = inData
        entries.append(contentsOf: outside)
        self.init(entries: entries, inDataCount: inData.count)
    }

    init(entries: [Entry], inDataCount: Int) {
        self.entries = entries
        self.inDataCount = inDataCount
    }

    /// Whether this base is still the one `store` would give: the same
    /// favorites outside the data, from the same snapshots (a new one there
    /// could change the slugs). Ratings and favorites within the data do not matter.
    package func fits(_ store: GuideStore, settings: SiteSettings) -> Bool {
        let favorites = Set(store.favoriteIDs)
        if favorites.isEmpty { return outside.isEmpty }
        var inDataFavorites = Set<PlaceID>()
        for entry in inData where favorites.contains(entry.place.id) {
            inDataFavorites.insert(entry.place.id)
        }
        return fits(store, settings: settings, favoritesInData: inDataFavorites)
    }

    /// The same, told which of the store's favorites the data has (`GuideAssembler.mergeIfFits`
    /// finds them as it merges).
    func fits(_ store: GuideStore, settings: SiteSettings, favoritesInData: Set<PlaceID>) -> Bool {
        let favorites = store.favoriteIDs
        // Cheap first: no favorite anywhere.
        if favorites.isEmpty { return outside.isEmpty }
        let now = GuideAssembler.outsideFavorites(
            store: store, isInData: favoritesInData.contains, settings: settings)
        return now.count == outside.count
            && zip(now, outside).allSatisfy {
                $0.place.id == $1.place.id && $0.place == $1.place
                    && $0.distance == $1.distanceMetres
            }
    }
}
