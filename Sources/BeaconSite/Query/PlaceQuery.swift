import BeaconModel
import BeaconText
import FoundationEssentials

/// The list page's search, filters and order, for `sitegen search`. The page
/// script has the same rules (`Resources/assets/beacon-query.js`); both run
/// one case table, `Tests/Fixtures/query-cases.json`. Every word of the search
/// must be found (folded) in the name, the address, the category's words or the place's cuisines
/// (named in every language by `cuisineWords`); the places whose own words (names, address,
/// cuisines) hold every word come first, then those found through their category's words
/// (`Matches.ownCount`), each part in the order asked for, so «kebab» lists Kebab Kongen before
/// every other fast-food place; filters combine with AND, except that the favorites are all shown,
/// wherever they are (the radius is for finding new places), and a favorite
/// that is no longer in the data is shown only there; every distance
/// is whole metres (`GuidePlace.wholeMetres`); every order's last tie-break
/// is the order the places came in (the guide's, which is the page data's).
package struct PlaceQuery: Sendable {
    package enum Sort: String, CaseIterable, Sendable {
        /// The owner's picks first (the default): favorites, then places rated at least
        /// `picksMinimumRating` by higher average (at three decimals), then the rest (unrated, or
        /// rated below it) nearer first.
        case recommended
        /// Nearest first.
        case distance
        /// Rated first; higher average (at three decimals), more ratings, nearer.
        case rating
        /// Alphabetical order of the query's language (`NorwegianCollation` for nb and nn, the
        /// search key's for en), then nearer.
        case name
    }

    package var text: String
    package var category: PlaceCategory?
    package var maximumDistanceKm: Double?
    /// Only places with this cuisine (an OSM value, `indian`).
    package var cuisine: String?
    var favoritesOnly: Bool
    package var sort: Sort
    /// The average (at three decimals) a place needs to be one of the owner's picks in
    /// `recommended` order; a favorite is one whatever its rating (`SiteSettings`).
    package var picksMinimumRating: Int = SiteSettings.defaultPicksMinimumRating
    /// Only places this says are open now (`sitegen search --open-now` asks their opening hours).
    package var isOpen: (@Sendable (GuidePlace) -> Bool)?
    /// Whose alphabet the name order follows (the page's language; the terminal's is bokmål).
    package var language: Language
    /// What a search may type for a cuisine key, folded (the catalogues' names in every language;
    /// Templates `CuisineNames.searchWords`); by default the value as given.
    package var cuisineWords: @Sendable (String) -> String = { $0.replacingAll("_", with: " ") }
    /// What a search may type for a category: its names in every language and its everyday words
    /// (Templates `CategoryNames.searchText`); by default its key.
    package var categoryWords: @Sendable (PlaceCategory) -> String = { $0.rawValue }

    package init(
        text: String = "", category: PlaceCategory? = nil, maximumDistanceKm: Double? = nil,
        favoritesOnly: Bool = false, sort: Sort = .recommended,
        isOpen: (@Sendable (GuidePlace) -> Bool)? = nil,
        language: Language = .nb
    ) {
        self.language = language
        self.text = text
        self.category = category
        self.maximumDistanceKm = maximumDistanceKm
        self.favoritesOnly = favoritesOnly
        self.sort = sort
        self.isOpen = isOpen
    }

    /// Open at a moment in Oslo (weekday 0 = Monday, minute of the day), by the place's hours;
    /// unknown is not open.
    package static func openAt(weekday: Int, minute: Int) -> @Sendable (GuidePlace) -> Bool {
        { place in
            guard place.category.hasOpeningStatus, let raw = place.openingHours,
                let hours = OpeningHours(raw)
            else {
                return false
            }
            return hours.isOpen(weekday: weekday, minute: minute) == true
        }
    }

    /// What a query found: its places in order, the `ownCount` first of them found in their own
    /// words (all of them without a search), the rest only through their category's words.
    package struct Matches: Sendable {
        package var places: [GuidePlace]
        package var ownCount: Int
    }

    package func apply(to places: [GuidePlace]) -> [GuidePlace] { matches(in: places).places }

    package func matches(in places: [GuidePlace]) -> Matches {
        let words = TextFolding.searchWords(text)
        let limit = maximumDistanceKm.map { $0 * 1000 }
        let cuisineWords = self.cuisineWords
        var categoryKeys: [PlaceCategory: String] = [:]
        // Whether each kept place was found only through its category's words, by its offset.
        var byCategory = Set<Int>()
        var kept: [(offset: Int, element: GuidePlace)] = []
        for (offset, place) in places.enumerated() {
            if let limit, !favoritesOnly, place.wholeMetres > limit { continue }
            if !favoritesOnly, !place.isInCurrentData { continue }
            if let category, place.category != category { continue }
            if let cuisine, !place.traits.cuisines.contains(cuisine) { continue }
            if favoritesOnly, !place.isFavorite { continue }
            if let isOpen, !isOpen(place) { continue }
            if !words.isEmpty {
                let own = PlaceQuery.ownSearchText(of: place, cuisineWords: cuisineWords)
                let missing = words.filter { !own.contains($0) }
                if !missing.isEmpty {
                    if categoryKeys[place.category] == nil {
                        categoryKeys[place.category] = TextFolding.searchKey(
                            categoryWords(place.category))
                    }
                    let key = categoryKeys[place.category]!
                    guard missing.allSatisfy({ key.contains($0) }) else { continue }
                    byCategory.insert(offset)
                }
            }
            kept.append((offset, place))
        }
        let sorted = order(kept)
        let own = sorted.filter { !byCategory.contains($0.offset) }
        return Matches(
            places: (own + sorted.filter { byCategory.contains($0.offset) }).map(\.element),
            ownCount: own.count)
    }

    /// The kept places (with their offsets in the guide's order, the last tie-break) in `sort`'s
    /// order.
    private func order(_ kept: [(offset: Int, element: GuidePlace)]) -> [(
        offset: Int, element: GuidePlace
    )] {
        let nearerFirst:
            ((offset: Int, element: GuidePlace), (offset: Int, element: GuidePlace)) -> Bool = {
                a, b in
                a.element.wholeMetres != b.element.wholeMetres
                    ? a.element.wholeMetres < b.element.wholeMetres : a.offset < b.offset
            }
        switch sort {
        case .recommended:
            // A pick's average orders it; every other place counts as unrated (0).
            let minimum = Double(picksMinimumRating)
            func pickAverage(_ place: GuidePlace) -> Double {
                guard let average = place.summary?.sortAverage else { return 0 }
                return place.isFavorite || average >= minimum ? average : 0
            }
            return kept.sorted { a, b in
                if a.element.isFavorite != b.element.isFavorite { return a.element.isFavorite }
                let (x, y) = (pickAverage(a.element), pickAverage(b.element))
                return x != y ? x > y : nearerFirst(a, b)
            }
        case .distance:
            return kept.sorted(by: nearerFirst)
        case .rating:
            return kept.sorted { a, b in
                switch (a.element.summary, b.element.summary) {
                case (let x?, let y?):
                    if x.sortAverage != y.sortAverage { return x.sortAverage > y.sortAverage }
                    if x.count != y.count { return x.count > y.count }
                    return nearerFirst(a, b)
                case (.some, nil): return true
                case (nil, .some): return false
                case (nil, nil): return nearerFirst(a, b)
                }
            }
        case .name:
            // By the name as the language's pages show it (`GuidePlace.name(in:)`).
            let language = language
            let keys = Dictionary(
                uniqueKeysWithValues: kept.map {
                    let name = $0.element.name(in: language)
                    return (
                        $0.offset,
                        language == .en
                            ? TextFolding.searchKey(name) : NorwegianCollation.sortKey(name)
                    )
                })
            return kept.sorted { a, b in
                let (x, y) = (keys[a.offset]!, keys[b.offset]!)
                return x != y ? NorwegianCollation.precedes(x, y) : nearerFirst(a, b)
            }
        }
    }

    /// What a search finds a place by of its own: the name and the names other languages' pages
    /// show, the address, the cuisines' words, folded (its category's words are looked in only for
    /// the words these lack).
    static func ownSearchText(of place: GuidePlace, cuisineWords: (String) -> String) -> String {
        TextFolding.searchKey(
            (place.names.allShown(for: place.name) + [place.address.singleLine ?? ""]
                + place.traits.cuisines.map(cuisineWords)).joined(separator: "\n"))
    }
}
