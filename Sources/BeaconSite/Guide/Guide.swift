import BeaconModel
import FoundationEssentials

/// A place as the pages show it: the place itself merged with its distance
/// from the centre, the owner's ratings and favorite mark, and its URL slug.
/// The place's own fields read as this value's (`guidePlace.name`).
///
/// An immutable value whose fields sit behind one reference: a page, a list and the page data all
/// hold the same place, and copying one is then one reference count rather than one for each of the
/// place's many strings (at 100,000 places those counts were a fifth of a full build).
@dynamicMemberLookup
package struct GuidePlace: Sendable, Equatable {
    private final class Fields: Sendable {
        let place: Place
        let slug: String
        let nameSuffix: String?
        let distanceMetres: Double
        let ratings: [Rating]
        let summary: RatingSummary?
        package let favoriteSince: CalendarDate?
        let isInCurrentData: Bool

        init(
            place: Place, slug: String, nameSuffix: String?, distanceMetres: Double,
            ratings: [Rating],
            summary: RatingSummary?, favoriteSince: CalendarDate?, isInCurrentData: Bool
        ) {
            self.place = place
            self.slug = slug
            self.nameSuffix = nameSuffix
            self.distanceMetres = distanceMetres
            self.ratings = ratings
            self.summary = summary
            self.favoriteSince = favoriteSince
            self.isInCurrentData = isInCurrentData
        }
    }

    private let fields: Fields

    package init(
        place: Place, slug: String, nameSuffix: String? = nil, distanceMetres: Double,
        ratings: [Rating],
        summary: RatingSummary?, favoriteSince: CalendarDate?, isInCurrentData: Bool
    ) {
        fields = Fields(
            place: place, slug: slug, nameSuffix: nameSuffix, distanceMetres: distanceMetres,
            ratings: ratings,
            summary: summary, favoriteSince: favoriteSince, isInCurrentData: isInCurrentData)
    }

    package static func == (a: GuidePlace, b: GuidePlace) -> Bool {
        a.fields === b.fields
            || (a.place == b.place && a.slug == b.slug && a.nameSuffix == b.nameSuffix
                && a.distanceMetres == b.distanceMetres && a.ratings == b.ratings
                && a.summary == b.summary
                && a.favoriteSince == b.favoriteSince && a.isInCurrentData == b.isInCurrentData)
    }

    package var place: Place { fields.place }
    package var slug: String { fields.slug }
    /// What tells this place apart from others of its name («Princes Street»; `NameSuffixes`), or
    /// nil.
    package var nameSuffix: String? { fields.nameSuffix }
    package var distanceMetres: Double { fields.distanceMetres }
    package var ratings: [Rating] { fields.ratings }
    package var summary: RatingSummary? { fields.summary }
    package var favoriteSince: CalendarDate? { fields.favoriteSince }
    /// False for a favorite kept from the store that the current data no
    /// longer has (outside the radius, or gone from the API).
    package var isInCurrentData: Bool { fields.isInCurrentData }

    // The place's fields every page reads, spelled out: through the key-path subscript below, each
    // read from another module is a run-time key-path projection and a copy of the whole place.
    package var id: PlaceID { fields.place.id }
    package var name: String { fields.place.name }
    package var category: PlaceCategory { fields.place.category }
    package var coordinate: Coordinate { fields.place.coordinate }
    package var address: PostalAddress { fields.place.address }
    package var openingHours: String? { fields.place.openingHours }
    package var phone: String? { fields.place.phone }
    package var website: String? { fields.place.website }
    package var email: String? { fields.place.email }
    package var traits: PlaceTraits { fields.place.traits }
    package var ownerNote: String? { fields.place.ownerNote }
    package var names: PlaceNames { fields.place.names }
    package var origin: PlaceOrigin { fields.place.origin }

    /// «Nando's · Princes Street»: the name as cards, titles, headings and pins show it.
    package var displayName: String { NameSuffixes.displayName(name, suffix: nameSuffix) }

    /// The distance as pages show it and every order and radius compares it:
    /// whole metres (the page data's `d`, so the page script agrees).
    package var wholeMetres: Double { distanceMetres.rounded() }

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
    package subscript<Value>(dynamicMember keyPath: KeyPath<Place, Value>) -> Value {
        fields.place[keyPath: keyPath]
    }
    package var isFavorite: Bool { favoriteSince != nil }
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
        /// None: the guide is the owner's own places and favorites (`"source": "none"`).
        case ownOnly
    }

    /// Who answered a live or cached request.
    package enum Provider: String, Sendable, Equatable {
        case geoapify
        /// OpenStreetMap through the Overpass API.
        case openStreetMap = "osm"
    }

    package var kind: Kind
    /// When the data was fetched (for a cached answer: when it was cached).
    package var fetchedAt: Date
    /// Whose answers `.live` and `.cache` are.
    package var provider: Provider

    package init(kind: Kind, fetchedAt: Date, provider: Provider = .geoapify) {
        self.kind = kind
        self.fetchedAt = fetchedAt
        self.provider = provider
    }

    /// Geoapify asks for "Powered by Geoapify" where its data is shown.
    package var cameFromGeoapify: Bool {
        switch kind {
        case .live, .cache: provider == .geoapify
        case .sample, .file, .ownOnly: false
        }
    }
}

/// Everything one build publishes, as values.
package struct Guide: Sendable {
    package let settings: SiteSettings
    /// Every place that gets a detail page: the data's places nearest first, then the favorites the
    /// current data does not have, rebuilt from their store snapshot.
    package let allPages: [GuidePlace]
    /// How many of `allPages` are the data's.
    private let inDataCount: Int
    package let source: DataSourceInfo
    /// Favorites, nearest first (those outside the data after the others); made once.
    package let favorites: [GuidePlace]
    /// Each category's places of the data, nearest first; made once (the explorers, the list pages
    /// and the sitemap each ask, in every language).
    private let byCategory: [PlaceCategory: [GuidePlace]]

    /// The owner's lists (`GuideList`), in the store's order.
    package let savedLists: [GuideList]

    init(
        settings: SiteSettings, allPages: [GuidePlace], inDataCount: Int, source: DataSourceInfo,
        savedLists: [SavedList] = []
    ) {
        self.settings = settings
        self.allPages = allPages
        self.inDataCount = inDataCount
        self.source = source
        favorites = allPages.filter(\.isFavorite)
        var byCategory: [PlaceCategory: [GuidePlace]] = [:]
        for place in allPages[..<inDataCount] {
            byCategory[place.category, default: []].append(place)
        }
        self.byCategory = byCategory
        if savedLists.isEmpty {
            self.savedLists = []
        } else {
            let byID = Dictionary(allPages.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
            self.savedLists = GuideList.make(savedLists, placesByID: byID)
        }
        categories =
            settings.categories.contains(.other) || byCategory[.other] == nil
            ? settings.categories : settings.categories + [.other]
    }

    /// Places of the current data, nearest first.
    package var places: ArraySlice<GuidePlace> { allPages[..<inDataCount] }
    /// Favorites the current data does not have.
    package var favoritesOutsideData: ArraySlice<GuidePlace> { allPages[inDataCount...] }

    /// The kinds of place the guide holds, in the order the owner chose
    /// (`SiteSettings.categories`), then «Andre steder» when some own place is filed there.
    package let categories: [PlaceCategory]

    /// Every list the site has an explorer and list pages for: the front page's of all places
    /// (nil), then each category's. Full builds and rebuilds both name them from here, so a rebuild
    /// renders the same lists.
    package var lists: [PlaceCategory?] { [nil] + categories.map(Optional.some) }

    /// The owner's lists that hold `id`, for a place's page («I listene: …»).
    package func savedLists(holding id: PlaceID) -> [GuideList] {
        savedLists.filter { list in list.places.contains { $0.id == id } }
    }

    package func places(in category: PlaceCategory) -> [GuidePlace] {
        byCategory[category] ?? []
    }

    /// The places of a list: a category's, or (nil) all of the data's.
    package func list(_ category: PlaceCategory?) -> ArraySlice<GuidePlace> {
        category.map { places(in: $0)[...] } ?? places
    }
}
