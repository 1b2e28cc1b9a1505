import BeaconModel

/// The names of the kinds of place (`CategoryPreset.all`) in each language, and the everyday words
/// a search may use for them: part of the catalogues, kept as one table with the three languages
/// side by side so that no kind is named in one and missing in another. The pages name a category
/// by its row (`Strings.singular`, `Strings.plural`); the terminal, which speaks bokmål, by the
/// bokmål names; a search, on the pages (`assets/beacon-text.js`) and in `sitegen search`
/// (`PlaceQuery.categoryWords`), by every name in every language and the words.
package enum CategoryNames {
    /// A name in one language: singular («Kafé») and plural («Kafeer»).
    package struct Names: Sendable {
        package let one: String
        package let other: String
    }

    struct Row: Sendable {
        let key: String
        let nb: Names
        let nn: Names
        let en: Names
        /// Everyday words besides the names, in all three languages («mat», «middag», «food»,
        /// «dinner»).
        let words: [String]

        init(
            _ key: String, nb: (String, String), nn: (String, String), en: (String, String),
            words: [String]
        ) {
            self.key = key
            self.nb = Names(one: nb.0, other: nb.1)
            self.nn = Names(one: nn.0, other: nn.1)
            self.en = Names(one: en.0, other: en.1)
            self.words = words
        }
    }

    /// One row per preset, by key. The brief's three are named and searched for as earlier guides
    /// were.
    static let rows: [Row] = [
        Row(
            "restaurant", nb: ("Restaurant", "Restauranter"), nn: ("Restaurant", "Restaurantar"),
            en: ("Restaurant", "Restaurants"),
            words: [
                "mat", "spise", "middag", "lunsj", "restaurant", "restaurantar", "restaurants",
                "food", "dinner",
                "lunch",
            ]),
        Row(
            "cafe", nb: ("Kafé", "Kafeer"), nn: ("Kafé", "Kafear"), en: ("Café", "Cafés"),
            words: ["kaffe", "kaffebar", "cafe", "coffee", "kafe", "kafear", "kaffi", "cafes"]),
        Row(
            "hotel", nb: ("Hotell", "Hoteller"), nn: ("Hotell", "Hotell"), en: ("Hotel", "Hotels"),
            words: ["overnatting", "hostel", "hotel", "hotell", "hotels", "accommodation"]),
        Row(
            "bar", nb: ("Bar", "Barer"), nn: ("Bar", "Barar"), en: ("Bar", "Bars"),
            words: [
                "barer", "barar", "bars", "drink", "drinker", "drinkar", "drinks", "cocktail",
                "cocktails", "utested",
                "øl", "vin", "beer", "wine",
            ]),
        Row(
            "pub", nb: ("Pub", "Puber"), nn: ("Pub", "Pubar"), en: ("Pub", "Pubs"),
            words: [
                "puber", "pubar", "pubs", "øl", "ølbar", "ølstove", "beer", "pint", "kneipe",
                "vertshus", "tavern",
            ]),
        Row(
            "fast-food", nb: ("Gatekjøkken", "Gatekjøkken"), nn: ("Gatekjøkken", "Gatekjøkken"),
            en: ("Fast food place", "Fast food"),
            words: [
                "gatekjokken", "hurtigmat", "fastfood", "fast", "takeaway", "burger", "kebab",
                "pølse", "grill",
                "snacks", "food",
            ]),
        Row(
            "bakery", nb: ("Bakeri", "Bakerier"), nn: ("Bakeri", "Bakeri"),
            en: ("Bakery", "Bakeries"),
            words: [
                "bakerier", "bakeries", "bakar", "baker", "brød", "brod", "bread", "bakst", "kaker",
                "pastry", "cakes",
                "bolle", "boller",
            ]),
        Row(
            "ice-cream", nb: ("Iskrembar", "Iskrembarer"), nn: ("Iskrembar", "Iskrembarar"),
            en: ("Ice cream shop", "Ice cream shops"),
            words: [
                "is", "iskrem", "iskrembarer", "iskrembarar", "gelato", "ice", "cream", "icecream",
                "softis", "dessert",
            ]),
        Row(
            "museum", nb: ("Museum", "Museer"), nn: ("Museum", "Museum"), en: ("Museum", "Museums"),
            words: [
                "museer", "museums", "utstilling", "utstillingar", "exhibition", "kultur",
                "culture", "historie",
                "history",
            ]),
        Row(
            "gallery", nb: ("Galleri", "Gallerier"), nn: ("Galleri", "Galleri"),
            en: ("Gallery", "Galleries"),
            words: [
                "gallerier", "galleries", "kunst", "art", "kunstgalleri", "utstilling",
                "exhibition", "maleri",
                "paintings",
            ]),
        Row(
            "park", nb: ("Park", "Parker"), nn: ("Park", "Parkar"), en: ("Park", "Parks"),
            words: [
                "parker", "parkar", "parks", "grøntområde", "gront", "garden", "hage", "hagar",
                "green", "picnic",
                "piknik", "tur", "walk",
            ]),
        Row(
            "playground", nb: ("Lekeplass", "Lekeplasser"), nn: ("Leikeplass", "Leikeplassar"),
            en: ("Playground", "Playgrounds"),
            words: [
                "lekeplasser", "leikeplass", "leikeplassar", "playgrounds", "barn", "born",
                "children", "kids", "lek",
                "leik", "play", "huske", "sklie",
            ]),
        Row(
            "sights", nb: ("Severdighet", "Severdigheter"), nn: ("Severdigheit", "Severdigheiter"),
            en: ("Sight", "Sights"),
            words: [
                "severdigheter", "severdigheit", "severdigheiter", "sight", "sightseeing",
                "attraksjon", "attraksjonar",
                "attraction", "attractions", "utsikt", "utsiktspunkt", "viewpoint", "view",
                "monument", "landemerke",
                "landmark",
            ]),
        Row(
            "beach", nb: ("Badeplass", "Badeplasser"), nn: ("Badeplass", "Badeplassar"),
            en: ("Beach or swimming spot", "Beaches and swimming spots"),
            words: [
                "badeplasser", "badeplassar", "beaches", "strand", "strender", "strender", "bad",
                "bade", "bading",
                "swim", "swimming", "bathing", "sjøbad", "sjobad", "friluftsbad",
            ]),
        Row(
            "library", nb: ("Bibliotek", "Biblioteker"), nn: ("Bibliotek", "Bibliotek"),
            en: ("Library", "Libraries"),
            words: [
                "biblioteker", "libraries", "bøker", "boker", "bøkar", "bokar", "books", "lese",
                "lesa", "read", "lån",
                "lan",
            ]),
        Row(
            "bookshop", nb: ("Bokhandel", "Bokhandler"), nn: ("Bokhandel", "Bokhandlar"),
            en: ("Bookshop", "Bookshops"),
            words: [
                "bokhandler", "bokhandlar", "bookshops", "bookstore", "bookstores", "bøker",
                "boker", "bøkar", "bokar",
                "books", "bok", "book",
            ]),
        Row(
            "supermarket", nb: ("Dagligvarebutikk", "Dagligvarebutikker"),
            nn: ("Daglegvarebutikk", "Daglegvarebutikkar"), en: ("Supermarket", "Supermarkets"),
            words: [
                "dagligvarebutikker", "daglegvarebutikk", "daglegvarebutikkar", "supermarkets",
                "butikk", "butikkar",
                "butikker", "matbutikk", "dagligvarer", "daglegvarer", "grocery", "groceries",
                "shop", "handle",
                "kjøpe",
            ]),
        Row(
            "hostel", nb: ("Vandrerhjem", "Vandrerhjem"), nn: ("Vandrarheim", "Vandrarheimar"),
            en: ("Hostel", "Hostels"),
            words: [
                "vandrerhjem", "vandrarheim", "vandrarheimar", "hostel", "hostels", "overnatting",
                "overnatting",
                "accommodation", "backpacker", "sovesal", "dormitory",
            ]),
        Row(
            "camping", nb: ("Campingplass", "Campingplasser"),
            nn: ("Campingplass", "Campingplassar"),
            en: ("Campsite", "Campsites"),
            words: [
                "campingplasser", "campingplassar", "campsites", "camping", "telt", "tent",
                "campingvogn", "caravan",
                "bobil", "overnatting", "accommodation",
            ]),
        Row(
            "cinema-theatre", nb: ("Kino eller teater", "Kinoer og teatre"),
            nn: ("Kino eller teater", "Kinoar og teater"),
            en: ("Cinema or theatre", "Cinemas and theatres"),
            words: [
                "kino", "kinoer", "kinoar", "teater", "teatre", "teatra", "cinema", "cinemas",
                "movie", "movies",
                "film", "filmer", "theatre", "theatres", "theater", "scene", "forestilling", "show",
                "play",
            ]),
        Row(
            "other", nb: ("Annet sted", "Andre steder"), nn: ("Anna stad", "Andre stader"),
            en: ("Other place", "Other places"),
            words: ["annet", "anna", "diverse", "other", "misc", "miscellaneous"]),
    ]

    static let byKey: [String: Row] = Dictionary(uniqueKeysWithValues: rows.map { ($0.key, $0) })

    /// The row of `category`: a preset's from the table (a test checks each has one), an owner's
    /// kind's from its own names (a language the site does not publish takes the main one's names).
    static func row(_ category: PlaceCategory) -> Row {
        if let own = category.definition.ownNames {
            let fallback =
                own.names[.nb] ?? own.names[.nn] ?? own.names[.en]
                ?? OwnCategoryNames.Names(one: category.rawValue, other: category.rawValue)
            func pair(_ language: Language) -> (String, String) {
                let names = own.names[language] ?? fallback
                return (names.one, names.other)
            }
            return Row(
                category.rawValue, nb: pair(.nb), nn: pair(.nn), en: pair(.en), words: own.words)
        }
        return byKey[category.rawValue]
            ?? Row(
                category.rawValue, nb: (category.rawValue, category.rawValue),
                nn: (category.rawValue, category.rawValue),
                en: (category.rawValue, category.rawValue), words: [])
    }

    /// The category's names in `language`.
    package static func names(_ category: PlaceCategory, in language: Language) -> Names {
        let row = row(category)
        return switch language {
        case .nb: row.nb
        case .nn: row.nn
        case .en: row.en
        }
    }

    /// The bokmål singular («Kafé»): the terminal's name for the category.
    package static func singular(_ category: PlaceCategory) -> String {
        names(category, in: .nb).one
    }

    /// The bokmål plural in running text («kafeer»): the terminal's messages.
    package static func pluralInText(_ category: PlaceCategory) -> String {
        names(category, in: .nb).other.lowercased()
    }

    /// Every word a search may find the category by: its names in the three languages and its
    /// everyday words.
    package static func searchWords(_ category: PlaceCategory) -> [String] {
        let row = row(category)
        return [row.nb.one, row.nb.other] + row.words + [
            row.nn.one, row.nn.other, row.en.one, row.en.other,
        ]
    }

    /// The same as one text, for `PlaceQuery.categoryWords` (and the shared query table's
    /// `categoryWords`).
    package static func searchText(_ category: PlaceCategory) -> String {
        searchWords(category).joined(separator: " ")
    }
}
