/// A kind of place a guide holds: one of the presets in `CategoryPreset.all`, chosen by the owner
/// (`categories` in the settings; restaurant, café and hotel by default). Everything that differs per
/// kind (Geoapify keys, emoji, animation, URL segment) is data in that table, and its names are a row of
/// the catalogues' `CategoryNames`, so a new kind is one row in each.
package struct PlaceCategory: Sendable, Hashable, Comparable {
    /// The position of the category's preset in `CategoryPreset.all`: cheap to hash and compare.
    let presetIndex: Int

    package var preset: CategoryPreset { CategoryPreset.all[presetIndex] }

    /// The URL-safe key (`restaurant`, `fast-food`): the page data's `c`, the archive's and the store's name.
    package var rawValue: String { preset.key }

    package init?(rawValue: String) {
        guard let index = CategoryPreset.index[rawValue] else { return nil }
        presetIndex = index
    }

    init(presetIndex: Int) { self.presetIndex = presetIndex }

    package static let restaurant = PlaceCategory(rawValue: "restaurant")!
    package static let cafe = PlaceCategory(rawValue: "cafe")!
    package static let hotel = PlaceCategory(rawValue: "hotel")!

    /// The brief's three, the guide's categories when the settings name none.
    package static let defaults: [PlaceCategory] = [.restaurant, .cafe, .hotel]

    /// Every preset, in the table's order (what completion and suggestions offer).
    package static let presets: [PlaceCategory] = CategoryPreset.all.indices.map(PlaceCategory.init(presetIndex:))

    package static func < (a: PlaceCategory, b: PlaceCategory) -> Bool { a.presetIndex < b.presetIndex }

    /// The Geoapify category keys the Places requests ask for (parent keys include their children).
    package var geoapifyKeys: [String] { preset.geoapifyKeys }

    /// Whether «Åpent nå» means something for this kind of place. A hotel is open to its guests around
    /// the clock; the hours OSM gives for it are the reception's or the restaurant's, and a badge would mislead.
    package var hasOpeningStatus: Bool { preset.hasOpeningStatus }

    package var emoji: String { preset.emoji }

    /// Whether the built-in sample data has places of this kind: only the brief's three.
    package var hasSampleData: Bool { PlaceCategory.defaults.contains(self) }

    /// The URL segment of the category's own list page (from the bokmål plural).
    package var pathSegment: String { preset.pathSegment }

    package var animation: CategoryAnimation { preset.animation }

    /// Whether a Geoapify key (`catering.cafe.coffee_shop`) falls under this category: it is one of its
    /// keys or below one.
    func matches(geoapifyKey key: String) -> Bool {
        geoapifyKeys.contains { key == $0 || key.hasPrefix($0 + ".") }
    }

    /// The first of `categories` a feature's Geoapify category list falls under.
    static func first(in categories: [PlaceCategory], matching geoapifyCategories: [String]) -> PlaceCategory? {
        categories.first { category in geoapifyCategories.contains { category.matches(geoapifyKey: $0) } }
    }

    /// The names a user types on the command line, the documented English one first, then the Norwegian
    /// forms; shell completion offers these.
    package var commandLineNames: [String] { preset.commandLineNames }

    /// Parses the names a user types on the command line ("kafe", "cafe", "kafeer", "hotell", "fast-food" …),
    /// and also the English plural and a Geoapify key, which completion does not offer.
    package init?(userInput: String) {
        let folded = TextFolding.searchKey(userInput)
        guard
            let category = PlaceCategory.presets.first(where: {
                $0.commandLineNames.contains(folded) || folded == $0.rawValue + "s" || $0.geoapifyKeys.contains(folded)
            })
        else { return nil }
        self = category
    }

    /// «ukjent kategori «bra» (mente du «bar»?)»: the terminal's words for a name that is no preset.
    package static func unknownMessage(_ text: String) -> String {
        let shown = TextHardening.clean(text, maximumLength: 40) ?? ""
        let near = suggestions(for: text)
        return "ukjent kategori «\(shown)»"
            + (near.isEmpty
                ? " (kjente kategorier: " + presets.map(\.rawValue).joined(separator: ", ") + ")"
                : " (mente du \(near.map { "«\($0.rawValue)»" }.joined(separator: ", "))?)")
    }

    /// Up to three presets whose key or command-line names are close to `text`, for a message about a name
    /// that is none.
    package static func suggestions(for text: String) -> [PlaceCategory] {
        guard text.utf8.count <= 64 else { return [] }
        let wanted = Array(TextFolding.searchKey(text).utf8)
        let scored = presets.map { category -> (PlaceCategory, Int) in
            let names = [category.rawValue] + category.commandLineNames
            return (category, names.map { editDistance(wanted, Array(TextFolding.searchKey($0).utf8)) }.min()!)
        }
        let limit = max(2, wanted.count / 3)
        return scored.filter { $0.1 <= limit }.sorted { ($0.1, $0.0) < ($1.1, $1.0) }.prefix(3).map(\.0)
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
