/// The kinds of place a guide can hold, one row each: what the data, the addresses and the pages' looks
/// need. Their names and search words, in each language, are the catalogues' (`Templates`
/// `CategoryNames`). A class, so that reading a category's row on every page of a big guide costs one
/// reference count, not one per field.
package final class CategoryPreset: Sendable {
    /// The URL-safe id: the settings', the store's, the archive's and the page data's name for it.
    package let key: String
    /// The Geoapify category keys it holds (`categories.txt`); a parent key includes its children.
    package let geoapifyKeys: [String]
    /// The list page's folder (`restauranter/`), from the bokmål plural.
    package let pathSegment: String
    package let emoji: String
    package let animation: CategoryAnimation
    /// False where «Åpent nå» would mislead (a hotel's hours are its reception's).
    package let hasOpeningStatus: Bool
    /// What `--category` accepts besides the key, Norwegian forms first; completion offers them.
    package let extraCommandLineNames: [String]

    /// The key first, then the Norwegian forms.
    var commandLineNames: [String] { [key] + extraCommandLineNames }

    init(
        _ key: String, geoapify: [String], path: String, emoji: String, animation: CategoryAnimation,
        openingStatus: Bool = true,
        commandLine: [String] = []
    ) {
        self.key = key
        geoapifyKeys = geoapify
        pathSegment = path
        self.emoji = emoji
        self.animation = animation
        hasOpeningStatus = openingStatus
        extraCommandLineNames = commandLine
    }

    /// The presets, the brief's three first. Their keys and URL segments are what earlier guides published:
    /// changing one moves pages and breaks saved links.
    package static let all: [CategoryPreset] = [
        CategoryPreset(
            "restaurant", geoapify: ["catering.restaurant"],
            path: "restauranter", emoji: "🍽️", animation: .rotate, commandLine: ["restauranter"]),
        CategoryPreset(
            "cafe", geoapify: ["catering.cafe"],
            path: "kafeer", emoji: "☕", animation: .steam, commandLine: ["kafe", "kafeer"]),
        CategoryPreset(
            "hotel", geoapify: ["accommodation.hotel"],
            path: "hoteller", emoji: "🏨", animation: .bounce, openingStatus: false,
            commandLine: ["hotell", "hoteller"]),
        CategoryPreset(
            "bar", geoapify: ["catering.bar", "catering.taproom"],
            path: "barer", emoji: "🍸", animation: .bounce, commandLine: ["barer"]),
        CategoryPreset(
            "pub", geoapify: ["catering.pub", "catering.biergarten"],
            path: "puber", emoji: "🍺", animation: .bounce, commandLine: ["puber"]),
        CategoryPreset(
            "fast-food", geoapify: ["catering.fast_food"],
            path: "gatekjokken", emoji: "🍔", animation: .rotate, commandLine: ["gatekjokken", "fastfood"]),
        CategoryPreset(
            "bakery", geoapify: ["commercial.food_and_drink.bakery"],
            path: "bakerier", emoji: "🥐", animation: .steam, commandLine: ["bakerier"]),
        CategoryPreset(
            "ice-cream", geoapify: ["catering.ice_cream"],
            path: "iskrembarer", emoji: "🍦", animation: .bounce, commandLine: ["iskrem", "is"]),
        CategoryPreset(
            "museum", geoapify: ["entertainment.museum"],
            path: "museer", emoji: "🏛️", animation: .bounce, commandLine: ["museer"]),
        CategoryPreset(
            "gallery", geoapify: ["entertainment.culture.gallery"],
            path: "gallerier", emoji: "🖼️", animation: .bounce, commandLine: ["galleri", "gallerier"]),
        CategoryPreset(
            "park", geoapify: ["leisure.park"],
            path: "parker", emoji: "🌳", animation: .bounce, commandLine: ["parker"]),
        CategoryPreset(
            "playground", geoapify: ["leisure.playground"],
            path: "lekeplasser", emoji: "🛝", animation: .bounce, commandLine: ["lekeplass", "lekeplasser"]),
        CategoryPreset(
            "sights", geoapify: ["tourism.sights", "tourism.attraction"],
            path: "severdigheter", emoji: "📸", animation: .bounce,
            commandLine: ["severdighet", "severdigheter", "viewpoint"]),
        CategoryPreset(
            "beach", geoapify: ["beach", "leisure.spa.public_bath"],
            path: "badeplasser", emoji: "🏖️", animation: .bounce, commandLine: ["badeplass", "badeplasser", "strand"]),
        CategoryPreset(
            "library", geoapify: ["education.library"],
            path: "biblioteker", emoji: "📚", animation: .bounce, commandLine: ["bibliotek", "biblioteker"]),
        CategoryPreset(
            "bookshop", geoapify: ["commercial.books"],
            path: "bokhandler", emoji: "📖", animation: .bounce, commandLine: ["bokhandel", "bokhandler"]),
        CategoryPreset(
            "supermarket", geoapify: ["commercial.supermarket"],
            path: "dagligvarer", emoji: "🛒", animation: .bounce, commandLine: ["dagligvare", "dagligvarer", "butikk"]),
        CategoryPreset(
            "hostel", geoapify: ["accommodation.hostel"],
            path: "vandrerhjem", emoji: "🛏️", animation: .bounce, openingStatus: false,
            commandLine: ["vandrerhjem"]),
        CategoryPreset(
            "camping", geoapify: ["camping"],
            path: "campingplasser", emoji: "🏕️", animation: .bounce, openingStatus: false,
            commandLine: ["campingplass", "campingplasser"]),
        CategoryPreset(
            "cinema-theatre", geoapify: ["entertainment.cinema", "entertainment.culture.theatre"],
            path: "kino-og-teater", emoji: "🎭", animation: .bounce, commandLine: ["kino", "teater"]),
    ]

    /// Each preset's position in `all`, by key.
    static let index: [String: Int] = Dictionary(uniqueKeysWithValues: all.enumerated().map { ($1.key, $0) })
}
