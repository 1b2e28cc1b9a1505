import BeaconSystem

/// What makes a kind of place what it is: what the data, the addresses and the pages' looks need.
/// The presets are rows of `CategoryPreset.all`, named by the catalogues (`Templates`
/// `CategoryNames`); an owner's own kind (`categories` in the settings) carries its names with it.
/// A class, so that reading a category's row on every page of a big guide costs one reference
/// count, not one per field.
package final class CategoryDefinition: Sendable {
    /// The URL-safe id: the settings', the store's, the archive's and the page data's name for it.
    package let key: String
    /// The Geoapify category keys it holds (`categories.txt`); a parent key includes its children.
    package let geoapifyKeys: [String]
    /// The list page's folder in each language (`restauranter/`, `restaurants/`): a site uses its
    /// main language's, as it does for every folder (`PathWords`). An owner's kind's other
    /// languages' are the folders it had while that language came first.
    package let pathSegments: [Language: String]
    /// The symbol on cards, pins, chips and the detail page.
    package let icon: CategoryIcon
    package let animation: CategoryAnimation
    /// False where «Åpent nå» would mislead (a hotel's hours are its reception's).
    package let hasOpeningStatus: Bool
    /// False for a kind of place that has no street address as a rule (a park, a playground, a
    /// beach): one without an address is then not labelled «Adresse mangler», as if something were
    /// wrong with it.
    package let hasStreetAddress: Bool
    /// What `--category` accepts besides the key, Norwegian forms first; completion offers them.
    package let extraCommandLineNames: [String]
    /// An owner's kind: its names in each language and its search words. Nil for a preset.
    package let ownNames: OwnCategoryNames?
    /// OpenStreetMap tags (`amenity=nightclub`) a places file's feature may have to fall in an
    /// owner's kind, besides its Geoapify keys (a preset's tags are `OSMCategoryTags`').
    package let osmTags: [OSMTag]
    /// Where it sorts among kinds: presets in the table's order, then the owner's in the settings'
    /// order.
    package let order: Int

    /// The key first, then the Norwegian forms.
    var commandLineNames: [String] { [key] + extraCommandLineNames }

    init(
        _ key: String, geoapify: [String], paths: [Language: String], icon: CategoryIcon? = nil,
        animation: CategoryAnimation,
        openingStatus: Bool = true, streetAddress: Bool = true, commandLine: [String] = [],
        ownNames: OwnCategoryNames? = nil,
        osmTags: [OSMTag] = [], order: Int = 0
    ) {
        self.key = key
        geoapifyKeys = geoapify
        pathSegments = paths
        self.icon = icon ?? .builtIn(key)
        self.animation = animation
        hasOpeningStatus = openingStatus
        hasStreetAddress = streetAddress
        extraCommandLineNames = commandLine
        self.ownNames = ownNames
        self.osmTags = osmTags
        self.order = order
    }
}

/// An OpenStreetMap tag, `key=value`, as the settings write it.
package struct OSMTag: Sendable, Hashable {
    package let key: String
    package let value: String

    /// `amenity=nightclub`: a key of lower-case letters, digits, `_` and `:`, and a value of up to
    /// 64 characters without `;` (OSM's list separator) or `=`.
    package init?(_ text: String) {
        let parts = text.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, (1...64).contains(parts[0].utf8.count),
            (1...64).contains(parts[1].utf8.count),
            parts[0].utf8.allSatisfy({
                ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x5F || $0 == 0x3A
            }),
            !parts[1].contains(";"), !parts[1].contains("="),
            parts[1].unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7F })
        else { return nil }
        key = String(parts[0])
        value = String(parts[1])
    }

    package var text: String { key + "=" + value }

    /// Whether `object` (a feature's properties, or its `datasource.raw`) has the tag; a value list
    /// (`bar;nightclub`) counts each value.
    package func isOn(_ object: JSONValue?) -> Bool {
        guard let found = object?[key]?.looseString else { return false }
        return found == value
            || found.split(separator: ";").contains { $0.trimmingWhitespace() == value }
    }
}

/// A category's symbol: one of the built-in set (`assets/icons/NAME.svg`, drawn for this project)
/// or an SVG the owner put in the site's `assets/icons/`.
package enum CategoryIcon: Sendable, Hashable {
    case builtIn(String)
    case site(String)

    /// The built-in symbols: one per preset, and `place` for a kind without one of its own.
    package static let builtInNames: [String] = CategoryPreset.all.map(\.key) + ["place"]

    /// The file's path below the site's `assets/`.
    package var assetPath: String {
        switch self {
        case .builtIn(let name): "icons/\(name).svg"
        case .site(let file): "icons/\(file)"
        }
    }

    /// The CSS class that draws it (`cat-icon--bar`; an owner's file by its name without `.svg`).
    package var className: String {
        switch self {
        case .builtIn(let name): "cat-icon--" + name
        case .site(let file):
            "cat-icon--own-" + (file.hasSuffix(".svg") ? String(file.dropLast(4)) : file)
        }
    }
}

/// An owner's kind's names: singular and plural in each language the site has, and the everyday
/// words a search may find it by.
package struct OwnCategoryNames: Sendable, Hashable {
    package struct Names: Sendable, Hashable {
        package let one: String
        package let other: String
        package init(one: String, other: String) {
            self.one = one
            self.other = other
        }
    }
    package let names: [Language: Names]
    package let words: [String]

    /// Whether `key` is the key a plural of these names gives (`OwnCategorySettings`): the kind's
    /// key when that language was the site's first.
    func isNamed(byKey key: String) -> Bool {
        names.values.contains { TextFolding.slugStem($0.other) == key }
    }

    package init(names: [Language: Names], words: [String]) {
        self.names = names
        self.words = words
    }
}

/// The built-in kinds of place.
package enum CategoryPreset {
    /// The presets, the brief's three first. Their keys, and the folders guides in each language
    /// publish, are part of saved links: changing one moves pages.
    package static let all: [CategoryDefinition] = [
        CategoryDefinition(
            "restaurant", geoapify: ["catering.restaurant"],
            paths: [.nb: "restauranter", .nn: "restaurantar", .en: "restaurants"],
            animation: .rotate,
            commandLine: ["restauranter"], order: 0),
        CategoryDefinition(
            "cafe", geoapify: ["catering.cafe"],
            paths: [.nb: "kafeer", .nn: "kafear", .en: "cafes"], animation: .steam,
            commandLine: ["kafe", "kafeer"],
            order: 1),
        CategoryDefinition(
            "hotel", geoapify: ["accommodation.hotel"],
            paths: [.nb: "hoteller", .nn: "hotell", .en: "hotels"], animation: .bounce,
            openingStatus: false,
            commandLine: ["hotell", "hoteller"], order: 2),
        CategoryDefinition(
            "bar", geoapify: ["catering.bar", "catering.taproom"],
            paths: [.nb: "barer", .nn: "barar", .en: "bars"], animation: .tilt,
            commandLine: ["barer"], order: 3),
        CategoryDefinition(
            "pub", geoapify: ["catering.pub", "catering.biergarten"],
            paths: [.nb: "puber", .nn: "pubar", .en: "pubs"], animation: .tilt,
            commandLine: ["puber"], order: 4),
        CategoryDefinition(
            "fast-food", geoapify: ["catering.fast_food"],
            paths: [.nb: "gatekjokken", .nn: "gatekjokken", .en: "fast-food"], animation: .rotate,
            commandLine: ["gatekjokken", "fastfood"], order: 5),
        CategoryDefinition(
            "bakery", geoapify: ["commercial.food_and_drink.bakery"],
            paths: [.nb: "bakerier", .nn: "bakeri", .en: "bakeries"], animation: .steam,
            commandLine: ["bakerier"],
            order: 6),
        CategoryDefinition(
            "ice-cream", geoapify: ["catering.ice_cream"],
            paths: [.nb: "iskrembarer", .nn: "iskrembarar", .en: "ice-cream"], animation: .bounce,
            commandLine: ["iskrem", "is"], order: 7),
        CategoryDefinition(
            "museum", geoapify: ["entertainment.museum"],
            paths: [.nb: "museer", .nn: "museum", .en: "museums"], animation: .pulse,
            commandLine: ["museer"], order: 8),
        CategoryDefinition(
            "gallery", geoapify: ["entertainment.culture.gallery"],
            paths: [.nb: "gallerier", .nn: "galleri", .en: "galleries"], animation: .sway,
            commandLine: ["galleri", "gallerier"], order: 9),
        CategoryDefinition(
            "park", geoapify: ["leisure.park"],
            paths: [.nb: "parker", .nn: "parkar", .en: "parks"], animation: .sway,
            streetAddress: false,
            commandLine: ["parker"], order: 10),
        CategoryDefinition(
            "playground", geoapify: ["leisure.playground"],
            paths: [.nb: "lekeplasser", .nn: "leikeplassar", .en: "playgrounds"], animation: .sway,
            streetAddress: false, commandLine: ["lekeplass", "lekeplasser"], order: 11),
        CategoryDefinition(
            "sights", geoapify: ["tourism.sights", "tourism.attraction"],
            paths: [.nb: "severdigheter", .nn: "severdigheiter", .en: "sights"], animation: .pulse,
            streetAddress: false, commandLine: ["severdighet", "severdigheter", "viewpoint"],
            order: 12),
        CategoryDefinition(
            "beach", geoapify: ["beach", "leisure.spa.public_bath"],
            paths: [.nb: "badeplasser", .nn: "badeplassar", .en: "beaches"], animation: .sway,
            streetAddress: false, commandLine: ["badeplass", "badeplasser", "strand"], order: 13),
        CategoryDefinition(
            "library", geoapify: ["education.library"],
            paths: [.nb: "biblioteker", .nn: "bibliotek", .en: "libraries"], animation: .tilt,
            commandLine: ["bibliotek", "biblioteker"], order: 14),
        CategoryDefinition(
            "bookshop", geoapify: ["commercial.books"],
            paths: [.nb: "bokhandler", .nn: "bokhandlar", .en: "bookshops"], animation: .tilt,
            commandLine: ["bokhandel", "bokhandler"], order: 15),
        CategoryDefinition(
            "supermarket", geoapify: ["commercial.supermarket"],
            paths: [.nb: "dagligvarer", .nn: "daglegvarer", .en: "supermarkets"],
            animation: .bounce,
            commandLine: ["dagligvare", "dagligvarer", "butikk"], order: 16),
        CategoryDefinition(
            "hostel", geoapify: ["accommodation.hostel"],
            paths: [.nb: "vandrerhjem", .nn: "vandrarheimar", .en: "hostels"], animation: .bounce,
            openingStatus: false,
            commandLine: ["vandrerhjem"], order: 17),
        CategoryDefinition(
            "camping", geoapify: ["camping"],
            paths: [.nb: "campingplasser", .nn: "campingplassar", .en: "campsites"],
            animation: .sway,
            openingStatus: false,
            commandLine: ["campingplass", "campingplasser"], order: 18),
        CategoryDefinition(
            "cinema-theatre", geoapify: ["entertainment.cinema", "entertainment.culture.theatre"],
            paths: [.nb: "kino-og-teater", .nn: "kino-og-teater", .en: "cinemas-and-theatres"],
            animation: .pulse,
            commandLine: ["kino", "teater"], order: 19),
        // Every guide's catch-all, never fetched (`PlaceCategory.isFetched`): a saved place the
        // import found no kind for, and an own place of a kind the guide does not list. A guide
        // shows it only while it has places (`Guide.categories`).
        CategoryDefinition(
            "other", geoapify: [],
            paths: [.nb: "andre-steder", .nn: "andre-stader", .en: "other-places"],
            animation: .pulse,
            commandLine: ["andre", "annet", "andre-steder", "other-places"], order: 20),
    ]

    /// Each preset's position in `all`, by key.
    static let index: [String: Int] = Dictionary(
        uniqueKeysWithValues: all.enumerated().map { ($1.key, $0) })
}
