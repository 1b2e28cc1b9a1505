import FoundationEssentials
import Synchronization

/// A place as the pages show it: the place itself merged with its distance
/// from the centre, the owner's ratings and favorite mark, and its URL slug.
/// The place's own fields read as this value's (`guidePlace.name`).
/// A class, not a struct: a page, a list and the page data all refer to the
/// same place, and at 100,000 places copying a dozen strings per reference
/// showed up in profiles.
///
/// The place and its slug are held, or, for a guide merged from a base
/// opened in place (`MappedGuideBase`), still in the archive: decoded when
/// first read, once, so a rebuild decodes only the places its pages show.
/// Decoding every place instead doubles a one-rating rebuild at 100,000
/// places and takes it past its target (`docs/performance.md`).
@dynamicMemberLookup
package final class GuidePlace: Sendable {
    /// The place, or (while `archived` holds it) a placeholder that owns no memory.
    private let heldPlace: Place
    private let heldSlug: String
    private let heldNameSuffix: String?
    /// Where the place lies in the kept archive, when it is not held.
    private let archived: ArchivedEntry?
    private let decoded = Mutex<DecodedEntry?>(nil)
    package let category: PlaceCategory
    package let distanceMetres: Double
    package let ratings: [Rating]
    package let summary: RatingSummary?
    package let favoriteSince: CalendarDate?
    /// False for a favorite kept from the store that the current data no
    /// longer has (outside the radius, or gone from the API).
    package let isInCurrentData: Bool

    package init(
        place: Place, slug: String, nameSuffix: String? = nil, distanceMetres: Double, ratings: [Rating],
        summary: RatingSummary?, favoriteSince: CalendarDate?, isInCurrentData: Bool
    ) {
        heldPlace = place
        heldSlug = slug
        heldNameSuffix = nameSuffix
        archived = nil
        category = place.category
        self.distanceMetres = distanceMetres
        self.ratings = ratings
        self.summary = summary
        self.favoriteSince = favoriteSince
        self.isInCurrentData = isInCurrentData
    }

    /// A place of the data still in `archive` at `offset` (its category and distance read from there already).
    init(
        archive: KeptArchive, offset: Int, idHash: UInt64, category: PlaceCategory, distanceMetres: Double,
        ratings: [Rating],
        favoriteSince: CalendarDate?
    ) {
        heldPlace = GuideBaseArchive.placeholder.place
        heldSlug = ""
        heldNameSuffix = nil
        archived = ArchivedEntry(archive: archive, offset: offset, idHash: idHash)
        self.category = category
        self.distanceMetres = distanceMetres
        self.ratings = ratings
        summary = RatingSummary(ratings: ratings)
        self.favoriteSince = favoriteSince
        isInCurrentData = true
    }

    package var place: Place { archived == nil ? heldPlace : decodedEntry().place }
    package var slug: String { archived == nil ? heldSlug : decodedEntry().slug }
    package var id: PlaceID { archived == nil ? heldPlace.id : decodedEntry().place.id }
    /// What tells this place apart from others of its name («Princes Street»; `NameSuffixes`), or nil.
    package var nameSuffix: String? { archived == nil ? heldNameSuffix : decodedEntry().nameSuffix }
    /// «Nando's · Princes Street»: the name as cards, titles, headings and pins show it.
    package var displayName: String { NameSuffixes.displayName(name, suffix: nameSuffix) }

    /// Whether `ids` has this place's id; a place still in the archive is looked up by its id's bytes there.
    package func isListed(in ids: PlaceIDTable<Void>) -> Bool {
        guard let archived else { return ids.value(for: heldPlace.id) != nil }
        return archived.archive.value(in: ids, idHash: archived.idHash, entryAt: archived.offset) != nil
    }

    /// The distance as pages show it and every order and radius compares it:
    /// whole metres (the page data's `d`, so the page script agrees).
    package var wholeMetres: Double { distanceMetres.rounded() }

    // The place's fields the pages read for every place, spelled out: through the key-path
    // subscript below, each read from another module is a run-time key-path projection, which a
    // rebuild that renders a few pages would spend a noticeable share of its time on.
    package var name: String { archived == nil ? heldPlace.name : decodedEntry().place.name }
    package var coordinate: Coordinate { archived == nil ? heldPlace.coordinate : decodedEntry().place.coordinate }
    package var address: PostalAddress { archived == nil ? heldPlace.address : decodedEntry().place.address }
    package var openingHours: String? { archived == nil ? heldPlace.openingHours : decodedEntry().place.openingHours }
    package var phone: String? { archived == nil ? heldPlace.phone : decodedEntry().place.phone }
    package var website: String? { archived == nil ? heldPlace.website : decodedEntry().place.website }
    package var email: String? { archived == nil ? heldPlace.email : decodedEntry().place.email }
    package var traits: PlaceTraits { archived == nil ? heldPlace.traits : decodedEntry().place.traits }
    package var ownerNote: String? { archived == nil ? heldPlace.ownerNote : decodedEntry().place.ownerNote }
    package var names: PlaceNames { archived == nil ? heldPlace.names : decodedEntry().place.names }

    /// The name pages in `language` show: the data's name in that language, if it has one
    /// (`PlaceNames.name(in:for:)`).
    package func name(in language: Language) -> String {
        let names = self.names
        return names.isEmpty ? name : names.name(in: language, for: name)
    }

    /// `displayName` in `language`: «The Museum of Kyoto», with the suffix when it has one.
    package func displayName(in language: Language) -> String {
        NameSuffixes.displayName(name(in: language), suffix: nameSuffix)
    }

    /// Any other field of the place itself.
    package subscript<Value>(dynamicMember keyPath: KeyPath<Place, Value>) -> Value { place[keyPath: keyPath] }
    package var isFavorite: Bool { favoriteSince != nil }

    /// The archived place and slug, decoded on the first read.
    private func decodedEntry() -> DecodedEntry {
        decoded.withLock { decoded in
            if let decoded { return decoded }
            let entry = DecodedEntry(archived!.archive.entry(at: archived!.offset))
            decoded = entry
            return entry
        }
    }
}

/// Where a place not yet decoded lies.
private struct ArchivedEntry: Sendable {
    let archive: KeptArchive
    let offset: Int
    /// `PlaceIDTable.idHash` of its id.
    let idHash: UInt64
}

/// A place decoded from the archive, shared by every read after the first.
private final class DecodedEntry: Sendable {
    let place: Place
    let slug: String
    let nameSuffix: String?

    init(_ entry: GuideBase.Entry) {
        place = entry.place
        slug = entry.slug
        nameSuffix = entry.nameSuffix
    }
}

/// Where the places of a build came from, for the pages' footer and the
/// build summary.
package struct DataSourceInfo: Sendable, Equatable {
    package enum Kind: Sendable, Equatable {
        /// The sample data shipped with the tool (no API key).
        case sample
        /// Fetched from Geoapify during this build.
        case live
        /// From the response cache; the oldest answer's age in seconds.
        case cache(ageSeconds: Int)
        /// From a places file given with `--places`.
        case file(name: String)
    }

    package var kind: Kind
    /// When the data was fetched (for a cached answer: when it was cached).
    package var fetchedAt: Date

    package init(kind: Kind, fetchedAt: Date) {
        self.kind = kind
        self.fetchedAt = fetchedAt
    }

    /// Geoapify asks for "Powered by Geoapify" where its data is shown.
    package var cameFromGeoapify: Bool {
        switch kind {
        case .live, .cache: true
        case .sample, .file: false
        }
    }
}

/// Everything one build publishes, as values.
package struct Guide: Sendable {
    package let settings: SiteSettings
    /// Places of the current data, nearest first.
    package let places: [GuidePlace]
    /// Favorites the current data does not have, rebuilt from their store snapshot.
    package let favoritesOutsideData: [GuidePlace]
    package let source: DataSourceInfo
    /// Every place that gets a detail page: `places`, then `favoritesOutsideData`.
    /// Made once (a build asks for it several times; at 100,000 places each copy
    /// is 100,000 reference counts).
    package let allPages: [GuidePlace]
    /// Favorites, nearest first (those outside the data after the others); made once.
    package let favorites: [GuidePlace]
    /// Each category's places of the data, nearest first; made once (the explorers, the list pages
    /// and the sitemap each ask, in every language).
    private let byCategory: [PlaceCategory: [GuidePlace]]

    init(settings: SiteSettings, places: [GuidePlace], favoritesOutsideData: [GuidePlace], source: DataSourceInfo) {
        self.settings = settings
        self.places = places
        self.favoritesOutsideData = favoritesOutsideData
        self.source = source
        allPages = places + favoritesOutsideData
        favorites = places.filter(\.isFavorite) + favoritesOutsideData
        var byCategory: [PlaceCategory: [GuidePlace]] = [:]
        for place in places { byCategory[place.category, default: []].append(place) }
        self.byCategory = byCategory
    }

    /// The kinds of place the guide holds, in the order the owner chose (`SiteSettings.categories`).
    package var categories: [PlaceCategory] { settings.categories }

    /// Every list the site has an explorer and list pages for: the front page's of all places (nil), then
    /// each category's. Full builds and rebuilds both name them from here, so a rebuild renders the same lists.
    package var lists: [PlaceCategory?] { [nil] + categories.map(Optional.some) }

    package func places(in category: PlaceCategory) -> [GuidePlace] {
        byCategory[category] ?? []
    }
}
