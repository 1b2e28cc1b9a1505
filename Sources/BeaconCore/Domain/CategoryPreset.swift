/// The kinds of place a guide can hold, one row each, with the three languages side by side so that no
/// kind is named in one and missing in another. The pages' category names come from here through the
/// catalogues (`Strings.singular`, `Strings.plural`); the terminal, which speaks bokmål, and the search
/// (`PlaceQuery`, the page script through `assets/beacon-text.js`) read it too.
package struct CategoryPreset: Sendable {
    /// A name in one language: singular («Kafé») and plural («Kafeer»).
    package struct Names: Sendable {
        package let one: String
        package let other: String
    }

    /// The URL-safe id: the settings', the store's, the archive's and the page data's name for it.
    package let key: String
    /// The Geoapify category keys it holds (`categories.txt`); a parent key includes its children.
    package let geoapifyKeys: [String]
    package let nb: Names
    package let nn: Names
    package let en: Names
    /// Everyday words a search may use besides the bokmål names, in all three languages.
    package let words: [String]
    /// The list page's folder (`restauranter/`), from the bokmål plural.
    package let pathSegment: String
    package let emoji: String
    package let animation: CategoryAnimation
    /// False where «Åpent nå» would mislead (a hotel's hours are its reception's).
    package let hasOpeningStatus: Bool
    /// What `--category` accepts besides the key, Norwegian forms first; completion offers them.
    package let extraCommandLineNames: [String]

    package func names(in language: Language) -> Names {
        switch language {
        case .nb: nb
        case .nn: nn
        case .en: en
        }
    }

    /// The key first, then the Norwegian forms.
    var commandLineNames: [String] { [key] + extraCommandLineNames }

    init(
        _ key: String, geoapify: [String], nb: (String, String), nn: (String, String), en: (String, String),
        words: [String], path: String, emoji: String, animation: CategoryAnimation, openingStatus: Bool = true,
        commandLine: [String] = []
    ) {
        self.key = key
        geoapifyKeys = geoapify
        self.nb = Names(one: nb.0, other: nb.1)
        self.nn = Names(one: nn.0, other: nn.1)
        self.en = Names(one: en.0, other: en.1)
        self.words = words
        pathSegment = path
        self.emoji = emoji
        self.animation = animation
        hasOpeningStatus = openingStatus
        extraCommandLineNames = commandLine
    }

    /// The presets, the brief's three first. Their keys, names, words and URL segments are what earlier
    /// guides published: changing one moves pages and breaks saved links.
    package static let all: [CategoryPreset] = [
        CategoryPreset(
            "restaurant", geoapify: ["catering.restaurant"], nb: ("Restaurant", "Restauranter"),
            nn: ("Restaurant", "Restaurantar"), en: ("Restaurant", "Restaurants"),
            words: [
                "mat", "spise", "middag", "lunsj", "restaurant", "restaurantar", "restaurants", "food", "dinner",
                "lunch",
            ],
            path: "restauranter", emoji: "🍽️", animation: .rotate, commandLine: ["restauranter"]),
        CategoryPreset(
            "cafe", geoapify: ["catering.cafe"], nb: ("Kafé", "Kafeer"), nn: ("Kafé", "Kafear"), en: ("Café", "Cafés"),
            words: ["kaffe", "kaffebar", "cafe", "coffee", "kafe", "kafear", "kaffi", "cafes"],
            path: "kafeer", emoji: "☕", animation: .steam, commandLine: ["kafe", "kafeer"]),
        CategoryPreset(
            "hotel", geoapify: ["accommodation.hotel"], nb: ("Hotell", "Hoteller"), nn: ("Hotell", "Hotell"),
            en: ("Hotel", "Hotels"), words: ["overnatting", "hostel", "hotel", "hotell", "hotels", "accommodation"],
            path: "hoteller", emoji: "🏨", animation: .bounce, openingStatus: false,
            commandLine: ["hotell", "hoteller"]),
        CategoryPreset(
            "bar", geoapify: ["catering.bar", "catering.taproom"], nb: ("Bar", "Barer"), nn: ("Bar", "Barar"),
            en: ("Bar", "Bars"),
            words: [
                "barer", "barar", "bars", "drink", "drinker", "drinkar", "drinks", "cocktail", "cocktails", "utested",
                "øl", "vin", "beer", "wine",
            ],
            path: "barer", emoji: "🍸", animation: .bounce, commandLine: ["barer"]),
        CategoryPreset(
            "pub", geoapify: ["catering.pub", "catering.biergarten"], nb: ("Pub", "Puber"), nn: ("Pub", "Pubar"),
            en: ("Pub", "Pubs"),
            words: [
                "puber", "pubar", "pubs", "øl", "ølbar", "ølstove", "beer", "pint", "kneipe", "vertshus", "tavern",
            ],
            path: "puber", emoji: "🍺", animation: .bounce, commandLine: ["puber"]),
        CategoryPreset(
            "fast-food", geoapify: ["catering.fast_food"], nb: ("Gatekjøkken", "Gatekjøkken"),
            nn: ("Gatekjøkken", "Gatekjøkken"), en: ("Fast food place", "Fast food"),
            words: [
                "gatekjokken", "hurtigmat", "fastfood", "fast", "takeaway", "burger", "kebab", "pølse", "grill",
                "snacks", "food",
            ],
            path: "gatekjokken", emoji: "🍔", animation: .rotate, commandLine: ["gatekjokken", "fastfood"]),
        CategoryPreset(
            "bakery", geoapify: ["commercial.food_and_drink.bakery"], nb: ("Bakeri", "Bakerier"),
            nn: ("Bakeri", "Bakeri"), en: ("Bakery", "Bakeries"),
            words: [
                "bakerier", "bakeries", "bakar", "baker", "brød", "brod", "bread", "bakst", "kaker", "pastry", "cakes",
                "bolle", "boller",
            ],
            path: "bakerier", emoji: "🥐", animation: .steam, commandLine: ["bakerier"]),
        CategoryPreset(
            "ice-cream", geoapify: ["catering.ice_cream"], nb: ("Iskrembar", "Iskrembarer"),
            nn: ("Iskrembar", "Iskrembarar"), en: ("Ice cream shop", "Ice cream shops"),
            words: [
                "is", "iskrem", "iskrembarer", "iskrembarar", "gelato", "ice", "cream", "icecream", "softis", "dessert",
            ],
            path: "iskrembarer", emoji: "🍦", animation: .bounce, commandLine: ["iskrem", "is"]),
        CategoryPreset(
            "museum", geoapify: ["entertainment.museum"], nb: ("Museum", "Museer"), nn: ("Museum", "Museum"),
            en: ("Museum", "Museums"),
            words: [
                "museer", "museums", "utstilling", "utstillingar", "exhibition", "kultur", "culture", "historie",
                "history",
            ],
            path: "museer", emoji: "🏛️", animation: .bounce, commandLine: ["museer"]),
        CategoryPreset(
            "gallery", geoapify: ["entertainment.culture.gallery"], nb: ("Galleri", "Gallerier"),
            nn: ("Galleri", "Galleri"), en: ("Gallery", "Galleries"),
            words: [
                "gallerier", "galleries", "kunst", "art", "kunstgalleri", "utstilling", "exhibition", "maleri",
                "paintings",
            ],
            path: "gallerier", emoji: "🖼️", animation: .bounce, commandLine: ["galleri", "gallerier"]),
        CategoryPreset(
            "park", geoapify: ["leisure.park"], nb: ("Park", "Parker"), nn: ("Park", "Parkar"), en: ("Park", "Parks"),
            words: [
                "parker", "parkar", "parks", "grøntområde", "gront", "garden", "hage", "hagar", "green", "picnic",
                "piknik", "tur", "walk",
            ],
            path: "parker", emoji: "🌳", animation: .bounce, commandLine: ["parker"]),
        CategoryPreset(
            "playground", geoapify: ["leisure.playground"], nb: ("Lekeplass", "Lekeplasser"),
            nn: ("Leikeplass", "Leikeplassar"), en: ("Playground", "Playgrounds"),
            words: [
                "lekeplasser", "leikeplass", "leikeplassar", "playgrounds", "barn", "born", "children", "kids", "lek",
                "leik", "play", "huske", "sklie",
            ],
            path: "lekeplasser", emoji: "🛝", animation: .bounce, commandLine: ["lekeplass", "lekeplasser"]),
        CategoryPreset(
            "sights", geoapify: ["tourism.sights", "tourism.attraction"], nb: ("Severdighet", "Severdigheter"),
            nn: ("Severdigheit", "Severdigheiter"), en: ("Sight", "Sights"),
            words: [
                "severdigheter", "severdigheit", "severdigheiter", "sight", "sightseeing", "attraksjon", "attraksjonar",
                "attraction", "attractions", "utsikt", "utsiktspunkt", "viewpoint", "view", "monument", "landemerke",
                "landmark",
            ],
            path: "severdigheter", emoji: "📸", animation: .bounce,
            commandLine: ["severdighet", "severdigheter", "viewpoint"]),
        CategoryPreset(
            "beach", geoapify: ["beach", "leisure.spa.public_bath"], nb: ("Badeplass", "Badeplasser"),
            nn: ("Badeplass", "Badeplassar"), en: ("Beach or swimming spot", "Beaches and swimming spots"),
            words: [
                "badeplasser", "badeplassar", "beaches", "strand", "strender", "strender", "bad", "bade", "bading",
                "swim", "swimming", "bathing", "sjøbad", "sjobad", "friluftsbad",
            ],
            path: "badeplasser", emoji: "🏖️", animation: .bounce, commandLine: ["badeplass", "badeplasser", "strand"]),
        CategoryPreset(
            "library", geoapify: ["education.library"], nb: ("Bibliotek", "Biblioteker"),
            nn: ("Bibliotek", "Bibliotek"),
            en: ("Library", "Libraries"),
            words: [
                "biblioteker", "libraries", "bøker", "boker", "bøkar", "bokar", "books", "lese", "lesa", "read", "lån",
                "lan",
            ],
            path: "biblioteker", emoji: "📚", animation: .bounce, commandLine: ["bibliotek", "biblioteker"]),
        CategoryPreset(
            "bookshop", geoapify: ["commercial.books"], nb: ("Bokhandel", "Bokhandler"),
            nn: ("Bokhandel", "Bokhandlar"),
            en: ("Bookshop", "Bookshops"),
            words: [
                "bokhandler", "bokhandlar", "bookshops", "bookstore", "bookstores", "bøker", "boker", "bøkar", "bokar",
                "books", "bok", "book",
            ],
            path: "bokhandler", emoji: "📖", animation: .bounce, commandLine: ["bokhandel", "bokhandler"]),
        CategoryPreset(
            "supermarket", geoapify: ["commercial.supermarket"], nb: ("Dagligvarebutikk", "Dagligvarebutikker"),
            nn: ("Daglegvarebutikk", "Daglegvarebutikkar"), en: ("Supermarket", "Supermarkets"),
            words: [
                "dagligvarebutikker", "daglegvarebutikk", "daglegvarebutikkar", "supermarkets", "butikk", "butikkar",
                "butikker", "matbutikk", "dagligvarer", "daglegvarer", "grocery", "groceries", "shop", "handle",
                "kjøpe",
            ],
            path: "dagligvarer", emoji: "🛒", animation: .bounce, commandLine: ["dagligvare", "dagligvarer", "butikk"]),
        CategoryPreset(
            "hostel", geoapify: ["accommodation.hostel"], nb: ("Vandrerhjem", "Vandrerhjem"),
            nn: ("Vandrarheim", "Vandrarheimar"), en: ("Hostel", "Hostels"),
            words: [
                "vandrerhjem", "vandrarheim", "vandrarheimar", "hostel", "hostels", "overnatting", "overnatting",
                "accommodation", "backpacker", "sovesal", "dormitory",
            ],
            path: "vandrerhjem", emoji: "🛏️", animation: .bounce, openingStatus: false,
            commandLine: ["vandrerhjem"]),
        CategoryPreset(
            "camping", geoapify: ["camping"], nb: ("Campingplass", "Campingplasser"),
            nn: ("Campingplass", "Campingplassar"),
            en: ("Campsite", "Campsites"),
            words: [
                "campingplasser", "campingplassar", "campsites", "camping", "telt", "tent", "campingvogn", "caravan",
                "bobil", "overnatting", "accommodation",
            ],
            path: "campingplasser", emoji: "🏕️", animation: .bounce, openingStatus: false,
            commandLine: ["campingplass", "campingplasser"]),
        CategoryPreset(
            "cinema-theatre", geoapify: ["entertainment.cinema", "entertainment.culture.theatre"],
            nb: ("Kino eller teater", "Kinoer og teatre"), nn: ("Kino eller teater", "Kinoar og teater"),
            en: ("Cinema or theatre", "Cinemas and theatres"),
            words: [
                "kino", "kinoer", "kinoar", "teater", "teatre", "teatra", "cinema", "cinemas", "movie", "movies",
                "film", "filmer", "theatre", "theatres", "theater", "scene", "forestilling", "show", "play",
            ],
            path: "kino-og-teater", emoji: "🎭", animation: .bounce, commandLine: ["kino", "teater"]),
    ]

    /// Each preset's position in `all`, by key.
    static let index: [String: Int] = Dictionary(uniqueKeysWithValues: all.enumerated().map { ($1.key, $0) })
}
