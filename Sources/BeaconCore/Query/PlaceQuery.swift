import Foundation

/// The list page's filters and sort, in one component: `sitegen search`
/// runs it in the terminal, and the page script implements the same rules
/// (tested against each other). Filters combine with AND.
package struct PlaceQuery: Sendable {
    package enum Sort: String, CaseIterable, Sendable {
        /// Nearest first.
        case distance
        /// Highest average first, more ratings before fewer, unrated last.
        case rating
        /// A–Å with Norwegian collation (Æ, Ø, Å after Z; "Aa" as Å).
        case name
    }

    package var text: String
    package var category: PlaceCategory?
    package var maximumDistanceKm: Double?
    var favoritesOnly: Bool
    package var sort: Sort
    /// Only places open at this moment (weekday 0 = Monday, minute of the day).
    package var openAt: (weekday: Int, minute: Int)?

    package init(text: String = "", category: PlaceCategory? = nil, maximumDistanceKm: Double? = nil,
                favoritesOnly: Bool = false, sort: Sort = .distance, openAt: (weekday: Int, minute: Int)? = nil) {
        self.text = text
        self.category = category
        self.maximumDistanceKm = maximumDistanceKm
        self.favoritesOnly = favoritesOnly
        self.sort = sort
        self.openAt = openAt
    }

    package func apply(to places: [GuidePlace]) -> [GuidePlace] {
        let term = TextFolding.searchKey(text.trimmingCharacters(in: .whitespacesAndNewlines))
        let limit = maximumDistanceKm.map { $0 * 1000 }
        var result = places.filter { place in
            if let category, place.category != category { return false }
            if favoritesOnly, !place.isFavorite { return false }
            if let limit, place.distanceMetres > limit { return false }
            if let openAt {
                guard let raw = place.openingHours, let hours = OpeningHours(raw),
                      hours.isOpen(weekday: openAt.weekday, minute: openAt.minute) == true else { return false }
            }
            return term.isEmpty || PlaceQuery.searchText(of: place).contains(term)
        }
        switch sort {
        case .distance:
            result.sort(by: PlaceQuery.nearerFirst)
        case .rating:
            result.sort { a, b in
                switch (a.summary, b.summary) {
                case let (x?, y?):
                    if x.average != y.average { return x.average > y.average }
                    if x.count != y.count { return x.count > y.count }
                    return PlaceQuery.nearerFirst(a, b)
                case (.some, nil): return true
                case (nil, .some): return false
                case (nil, nil): return PlaceQuery.nearerFirst(a, b)
                }
            }
        case .name:
            result.sort { a, b in
                let order = NorwegianCollation.compare(a.name, b.name)
                return order != .orderedSame ? order == .orderedAscending : PlaceQuery.nearerFirst(a, b)
            }
        }
        return result
    }

    static func nearerFirst(_ a: GuidePlace, _ b: GuidePlace) -> Bool {
        a.distanceMetres != b.distanceMetres ? a.distanceMetres < b.distanceMetres : a.id < b.id
    }

    /// What the text search looks in: name, address and category, folded.
    static func searchText(of place: GuidePlace) -> String {
        TextFolding.searchKey([place.name, place.address.singleLine ?? "",
                               place.category.singularName, place.category.pluralName].joined(separator: "\n"))
    }
}

/// Norwegian alphabetical order, as `Intl.Collator('nb')` gives it in the
/// browser: … X, Y, Z, Æ, Ø, Å, with "Aa" sorted as Å. The locale is passed
/// explicitly (the machine's own locale is POSIX in CI).
enum NorwegianCollation {
    static let locale = Locale(identifier: "nb_NO")

    static func compare(_ a: String, _ b: String) -> ComparisonResult {
        a.compare(b, options: [.caseInsensitive], range: nil, locale: locale)
    }
}
