/// The three kinds of place a guide holds. Everything that differs per kind
/// (API key, Norwegian words, emoji, animation, URL segment) lives here so a
/// fourth category is one new case.
package enum PlaceCategory: String, CaseIterable, Sendable, Hashable {
    case restaurant
    case cafe
    case hotel

    /// The Geoapify category key asked for in the Places request.
    var geoapifyKey: String {
        switch self {
        case .restaurant: "catering.restaurant"
        case .cafe: "catering.cafe"
        case .hotel: "accommodation.hotel"
        }
    }

    package var singularName: String {
        switch self {
        case .restaurant: "Restaurant"
        case .cafe: "Kafé"
        case .hotel: "Hotell"
        }
    }

    package var pluralName: String {
        switch self {
        case .restaurant: "Restauranter"
        case .cafe: "Kafeer"
        case .hotel: "Hoteller"
        }
    }

    /// The everyday words a search for this kind of place may use, beyond
    /// its names, in bokmål, nynorsk and English alike: a reader may search in
    /// any of them on any page (the page script's `CATEGORIES[…].words` are the same).
    package var searchWords: [String] {
        switch self {
        case .restaurant:
            ["mat", "spise", "middag", "lunsj", "restaurant", "restaurantar", "restaurants", "food", "dinner", "lunch"]
        case .cafe: ["kaffe", "kaffebar", "cafe", "coffee", "kafe", "kafear", "kaffi", "cafes"]
        case .hotel: ["overnatting", "hostel", "hotel", "hotell", "hotels", "accommodation"]
        }
    }

    /// Whether "Åpent nå" means something for this kind of place. A hotel is
    /// open to its guests around the clock; the hours OSM gives for it are the
    /// reception's or the restaurant's, and a badge would mislead.
    package var hasOpeningStatus: Bool { self != .hotel }

    /// Lower-case plural, for running text ("Henter kafeer …").
    package var pluralNameLowercased: String { pluralName.lowercased() }

    package var emoji: String {
        switch self {
        case .restaurant: "🍽️"
        case .cafe: "☕"
        case .hotel: "🏨"
        }
    }

    /// The URL segment of the category's own list page.
    package var pathSegment: String {
        switch self {
        case .restaurant: "restauranter"
        case .cafe: "kafeer"
        case .hotel: "hoteller"
        }
    }

    package var animation: CategoryAnimation {
        switch self {
        case .restaurant: .rotate
        case .cafe: .steam
        case .hotel: .bounce
        }
    }

    /// Finds the category for a Geoapify category list: a feature belongs to a
    /// category when it lists the key itself or a sub-key (`catering.cafe.coffee_shop`).
    static func matching(geoapifyCategories: [String]) -> [PlaceCategory] {
        allCases.filter { category in
            let key = category.geoapifyKey
            return geoapifyCategories.contains { $0 == key || $0.hasPrefix(key + ".") }
        }
    }

    /// The names a user types on the command line, the documented English one
    /// first, then the Norwegian forms; shell completion offers these.
    package var commandLineNames: [String] {
        switch self {
        case .restaurant: ["restaurant", "restauranter"]
        case .cafe: ["cafe", "kafe", "kafeer"]
        case .hotel: ["hotel", "hotell", "hoteller"]
        }
    }

    /// Parses the names a user types on the command line ("kafe", "cafe", "kafeer", "hotell" …),
    /// and also the English plural and the Geoapify key, which completion does not offer.
    package init?(userInput: String) {
        let folded = TextFolding.searchKey(userInput)
        guard
            let category = PlaceCategory.allCases.first(where: {
                $0.commandLineNames.contains(folded) || folded == $0.rawValue + "s" || folded == $0.geoapifyKey
            })
        else { return nil }
        self = category
    }
}

/// The detail page's category animation, done in CSS (still under `prefers-reduced-motion`).
package enum CategoryAnimation: String, Sendable {
    /// 360° once over 1 s, ease-in-out.
    case rotate
    /// Three particles rising and fading 1 → 0, ease-out, forever.
    case steam
    /// Spring from scale 0.5 to 1.0 with overshoot.
    case bounce
}
