import Foundation

/// A place as the pages show it: the place itself merged with its distance
/// from the centre, the owner's ratings and favorite mark, and its URL slug.
/// The place's own fields read as this value's (`guidePlace.name`).
/// A class, not a struct: a page, a list and the page data all refer to the
/// same place, and at 100,000 places copying a dozen strings per reference
/// showed up in profiles.
@dynamicMemberLookup
package final class GuidePlace: Sendable {
    package let place: Place
    package let slug: String
    package let distanceMetres: Double
    package let ratings: [Rating]
    package let summary: RatingSummary?
    package let favoriteSince: CalendarDate?
    /// False for a favorite kept from the store that the current data no
    /// longer has (outside the radius, or gone from the API).
    package let isInCurrentData: Bool

    package init(place: Place, slug: String, distanceMetres: Double, ratings: [Rating], summary: RatingSummary?,
                favoriteSince: CalendarDate?, isInCurrentData: Bool) {
        self.place = place
        self.slug = slug
        self.distanceMetres = distanceMetres
        self.ratings = ratings
        self.summary = summary
        self.favoriteSince = favoriteSince
        self.isInCurrentData = isInCurrentData
    }

    package var id: PlaceID { place.id }

    /// The distance as pages show it and every order and radius compares it:
    /// whole metres (the page data's `d`, so the page script agrees).
    package var wholeMetres: Double { distanceMetres.rounded() }

    // The place's fields the pages read for every place, spelled out: through the key-path
    // subscript below, each read from another module is a run-time key-path projection
    // (a tenth of a one-rating rebuild at 10,000 places went to them).
    package var name: String { place.name }
    package var category: PlaceCategory { place.category }
    package var coordinate: Coordinate { place.coordinate }
    package var address: PostalAddress { place.address }
    package var openingHours: String? { place.openingHours }
    package var phone: String? { place.phone }
    package var website: String? { place.website }
    package var email: String? { place.email }

    /// Any other field of the place itself.
    package subscript<Value>(dynamicMember keyPath: KeyPath<Place, Value>) -> Value { place[keyPath: keyPath] }
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

    init(settings: SiteSettings, places: [GuidePlace], favoritesOutsideData: [GuidePlace], source: DataSourceInfo) {
        self.settings = settings
        self.places = places
        self.favoritesOutsideData = favoritesOutsideData
        self.source = source
        allPages = places + favoritesOutsideData
        favorites = places.filter(\.isFavorite) + favoritesOutsideData
    }

    package func places(in category: PlaceCategory) -> [GuidePlace] {
        places.filter { $0.category == category }
    }
}
