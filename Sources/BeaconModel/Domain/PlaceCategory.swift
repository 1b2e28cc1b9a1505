/// A kind of place a guide holds: a preset of `CategoryPreset.all` or the owner's own, chosen in
/// the settings (`categories`; restaurant, café and hotel by default). Everything that differs per
/// kind (Geoapify keys, icon, animation, URL segment, an own kind's names) is data in its
/// `CategoryDefinition`; a preset's names are a row of the catalogues' `CategoryNames`, so a new
/// preset is one row in each.
package struct PlaceCategory: Sendable, Hashable, Comparable {
    package let definition: CategoryDefinition

    /// The URL-safe key (`restaurant`, `fast-food`, an own kind's `iskrembarer`): the page data's
    /// `c`, the archive's and the store's name.
    package var rawValue: String { definition.key }

    /// A preset by its key.
    package init?(rawValue: String) {
        guard let index = CategoryPreset.index[rawValue] else { return nil }
        definition = CategoryPreset.all[index]
    }

    package init(_ definition: CategoryDefinition) { self.definition = definition }

    /// A kind read from the store by its key alone: a preset, or an owner's own kind until the
    /// guide's settings give it its names (`resolved(in:)`); nil for a key no settings could have
    /// made.
    package init?(storedKey key: String) {
        if let preset = PlaceCategory(rawValue: key) {
            self = preset
            return
        }
        guard !key.isEmpty, key.utf8.count <= 60,
            key.utf8.allSatisfy({
                ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2D
            })
        else { return nil }
        let names = OwnCategoryNames.Names(one: key, other: key)
        definition = CategoryDefinition(
            key, geoapify: [], paths: [:], icon: .builtIn("place"), animation: .bounce,
            ownNames: OwnCategoryNames(names: [.nb: names, .nn: names, .en: names], words: []),
            order: Int.max)
    }

    /// This kind as the guide's `categories` define it (an own kind read from the store gets its
    /// names). An own kind's key is its main language's plural, so a store written while another of
    /// its languages came first names it by that language's: it is the same kind
    /// (`OwnCategoryNames.isNamed(byKey:)`).
    package func resolved(in categories: [PlaceCategory]) -> PlaceCategory {
        guard !isPreset else { return self }
        return categories.first { $0 == self }
            ?? categories.first { $0.definition.ownNames?.isNamed(byKey: rawValue) ?? false }
            ?? self
    }

    /// The category whose key is `key`: one of the guide's `categories` (an owner's own kind among
    /// them), else a preset.
    package static func named(_ key: String, in categories: [PlaceCategory]) -> PlaceCategory? {
        categories.first { $0.rawValue == key } ?? PlaceCategory(rawValue: key)
    }

    /// Two categories are one kind when their keys are: an owner's kind read back from the store or
    /// an archive is the settings' kind.
    package static func == (a: PlaceCategory, b: PlaceCategory) -> Bool {
        a.definition === b.definition || a.definition.key == b.definition.key
    }

    package func hash(into hasher: inout Hasher) { hasher.combine(definition.key) }

    package static let restaurant = PlaceCategory(rawValue: "restaurant")!
    package static let cafe = PlaceCategory(rawValue: "cafe")!
    package static let hotel = PlaceCategory(rawValue: "hotel")!

    /// «Andre steder»: the kind of a saved place no other kind fits (`CategoryPreset`'s last row).
    package static let other = PlaceCategory(rawValue: "other")!

    /// Whether the sources are asked for places of this kind: every kind but «Andre steder», which
    /// holds only the owner's own places.
    package var isFetched: Bool { self != .other }

    /// The brief's three, the guide's categories when the settings name none.
    package static let defaults: [PlaceCategory] = [.restaurant, .cafe, .hotel]

    /// Every preset an owner may choose, in the table's order (what completion, suggestions and
    /// `sitegen categories` offer): all but «Andre steder», which every guide has.
    package static let presets: [PlaceCategory] = builtIn.filter { $0 != .other }

    /// Every built-in kind, «Andre steder» included: what pages, archives and the page script's
    /// texts may meet.
    package static let builtIn: [PlaceCategory] = CategoryPreset.all.map(PlaceCategory.init)

    package static func < (a: PlaceCategory, b: PlaceCategory) -> Bool {
        (a.definition.order, a.definition.key) < (b.definition.order, b.definition.key)
    }

    /// Whether this is one of the built-in kinds (named by the catalogues), not an owner's own.
    package var isPreset: Bool { definition.ownNames == nil }

    /// The Geoapify category keys the Places requests ask for (parent keys include their children).
    package var geoapifyKeys: [String] { definition.geoapifyKeys }

    /// Whether «Åpent nå» means something for this kind of place. A hotel is open to its guests
    /// around the clock; the hours OSM gives for it are the reception's or the restaurant's, and a
    /// badge would mislead.
    package var hasOpeningStatus: Bool { definition.hasOpeningStatus }
    package var hasStreetAddress: Bool { definition.hasStreetAddress }

    package var icon: CategoryIcon { definition.icon }

    /// Whether the built-in sample data has places of this kind: only the brief's three.
    package var hasSampleData: Bool { PlaceCategory.defaults.contains(self) }

    /// The folder of the category's own list page in a site whose main language is `language`
    /// (an owner's kind's comes from that language's plural, a preset's from its table).
    package func pathSegment(in language: Language) -> String {
        definition.pathSegments[language] ?? definition.key
    }

    package var animation: CategoryAnimation { definition.animation }

    /// Whether a Geoapify key (`catering.cafe.coffee_shop`) falls under this category: it is one of
    /// its keys or below one.
    func matches(geoapifyKey key: String) -> Bool {
        geoapifyKeys.contains { key == $0 || key.hasPrefix($0 + ".") }
    }

    /// The first of `categories` a feature's Geoapify category list falls under (or, with
    /// `alsoMatching`, that otherwise fits it).
    package static func first(
        in categories: [PlaceCategory], matching geoapifyCategories: [String],
        alsoMatching: ((PlaceCategory) -> Bool)? = nil
    ) -> PlaceCategory? {
        categories.first { category in
            geoapifyCategories.contains { category.matches(geoapifyKey: $0) }
                || alsoMatching?(category) == true
        }
    }

    /// The names a user types on the command line, the documented English one first, then the
    /// Norwegian forms; shell completion offers these.
    package var commandLineNames: [String] { definition.commandLineNames }

    /// Parses the names a user types on the command line ("kafe", "cafe", "kafeer", "hotell",
    /// "fast-food" …), and also the English plural and a Geoapify key, which completion does not
    /// offer. The guide's own `categories` come first, so an owner's kind is found by any of its
    /// names.
    package init?(userInput: String, in categories: [PlaceCategory] = []) {
        let folded = TextFolding.searchKey(userInput)
        guard
            let category = (categories + PlaceCategory.presets).first(where: {
                $0.commandLineNames.contains(folded) || folded == $0.rawValue + "s"
                    || $0.geoapifyKeys.contains(folded)
            })
        else { return nil }
        self = category
    }

    /// «ukjent kategori «bra» (mente du «bar»?)»: the terminal's words for a name that is no
    /// preset.
    package static func unknownMessage(_ text: String) -> String {
        let shown = TextHardening.clean(text, maximumLength: 40) ?? ""
        let near = suggestions(for: text)
        return "ukjent kategori «\(shown)»"
            + (near.isEmpty
                ? " (kjente kategorier: " + presets.map(\.rawValue).joined(separator: ", ") + ")"
                : " (mente du \(near.map { "«\($0.rawValue)»" }.joined(separator: ", "))?)")
    }

    /// Up to three presets whose key or command-line names are close to `text`, for a message about
    /// a name that is none.
    package static func suggestions(for text: String) -> [PlaceCategory] {
        guard text.utf8.count <= 64 else { return [] }
        let wanted = Array(TextFolding.searchKey(text).utf8)
        let scored = presets.map { category -> (PlaceCategory, Int) in
            let names = [category.rawValue] + category.commandLineNames
            return (
                category,
                names.map { editDistance(wanted, Array(TextFolding.searchKey($0).utf8)) }.min()!
            )
        }
        let limit = max(2, wanted.count / 3)
        return scored.filter { $0.1 <= limit }.sorted { ($0.1, $0.0) < ($1.1, $1.0) }.prefix(3).map(
            \.0)
    }
}

/// A category by its key, as the store and the index of places write it (read by
/// `KeyedDecodingContainer.category`, as `PlaceCategory(storedKey:)`).
extension PlaceCategory: Encodable {
    static let expected = "forventet en kjent kategori, for eksempel restaurant, cafe eller hotel"

    package func encode(to encoder: any Encoder) throws { try rawValue.encode(to: encoder) }
}

/// The detail page's category animation, done in CSS (still under `prefers-reduced-motion`).
package enum CategoryAnimation: String, Sendable, CaseIterable {
    /// 360° once over 1 s, ease-in-out.
    case rotate
    /// Three particles rising and fading 1 → 0, ease-out, forever.
    case steam
    /// Spring from scale 0.5 to 1.0 with overshoot.
    case bounce
    /// A gentle swing about the bottom, like a tree or a hanging sign, twice.
    case sway
    /// A heartbeat: a little larger and back, twice.
    case pulse
    /// A lean and back with a slight lift, as a glass is raised.
    case tilt
}
