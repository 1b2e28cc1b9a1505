import BeaconModel
import BeaconSite
import BeaconText

/// The names of OpenStreetMap's common `cuisine` values in each language: part of the catalogues,
/// kept as one table with the three languages side by side so that no value is named in one and
/// missing in another. Bokmål and nynorsk names are written as in running text (lower case:
/// «indisk, pizza»); the pages capitalise the first word of a list. A value not here is shown as
/// the data gives it (`fish_and_chips` → «fish and chips»).
package enum CuisineNames {
    struct Row {
        let key: String
        let nb: String
        let nn: String
        let en: String
    }

    /// The values OSM uses most for restaurants, cafés, fast food and bars (taginfo, 2026), and the
    /// ones Geoapify's category keys carry (`catering.restaurant.indian`).
    static let rows: [Row] = [
        Row(key: "afghan", nb: "afghansk", nn: "afghansk", en: "Afghan"),
        Row(key: "african", nb: "afrikansk", nn: "afrikansk", en: "African"),
        Row(key: "american", nb: "amerikansk", nn: "amerikansk", en: "American"),
        Row(key: "arab", nb: "arabisk", nn: "arabisk", en: "Arab"),
        Row(key: "argentinian", nb: "argentinsk", nn: "argentinsk", en: "Argentinian"),
        Row(key: "asian", nb: "asiatisk", nn: "asiatisk", en: "Asian"),
        Row(key: "austrian", nb: "østerriksk", nn: "austerriksk", en: "Austrian"),
        Row(key: "bagel", nb: "bagels", nn: "bagels", en: "bagels"),
        Row(key: "bakery", nb: "bakeri", nn: "bakeri", en: "bakery"),
        Row(key: "balkan", nb: "balkansk", nn: "balkansk", en: "Balkan"),
        Row(key: "barbecue", nb: "grill", nn: "grill", en: "barbecue"),
        Row(key: "bbq", nb: "grill", nn: "grill", en: "barbecue"),
        Row(key: "bistro", nb: "bistro", nn: "bistro", en: "bistro"),
        Row(key: "brazilian", nb: "brasiliansk", nn: "brasiliansk", en: "Brazilian"),
        Row(key: "breakfast", nb: "frokost", nn: "frukost", en: "breakfast"),
        Row(key: "british", nb: "britisk", nn: "britisk", en: "British"),
        Row(key: "brunch", nb: "brunsj", nn: "brunsj", en: "brunch"),
        Row(key: "bubble_tea", nb: "boblete", nn: "bobleté", en: "bubble tea"),
        Row(key: "burger", nb: "burger", nn: "burgar", en: "burgers"),
        Row(key: "burrito", nb: "burrito", nn: "burrito", en: "burritos"),
        Row(key: "cake", nb: "kaker", nn: "kaker", en: "cakes"),
        Row(key: "caribbean", nb: "karibisk", nn: "karibisk", en: "Caribbean"),
        Row(key: "chicken", nb: "kylling", nn: "kylling", en: "chicken"),
        Row(key: "chinese", nb: "kinesisk", nn: "kinesisk", en: "Chinese"),
        Row(key: "chocolate", nb: "sjokolade", nn: "sjokolade", en: "chocolate"),
        Row(key: "coffee", nb: "kaffe", nn: "kaffi", en: "coffee"),
        Row(key: "coffee_shop", nb: "kaffebar", nn: "kaffibar", en: "coffee shop"),
        Row(key: "crepe", nb: "crêpes", nn: "crêpes", en: "crêpes"),
        Row(key: "croatian", nb: "kroatisk", nn: "kroatisk", en: "Croatian"),
        Row(key: "curry", nb: "curry", nn: "karri", en: "curry"),
        Row(key: "czech", nb: "tsjekkisk", nn: "tsjekkisk", en: "Czech"),
        Row(key: "danish", nb: "dansk", nn: "dansk", en: "Danish"),
        Row(key: "deli", nb: "delikatesser", nn: "delikatesser", en: "deli"),
        Row(key: "dessert", nb: "desserter", nn: "dessertar", en: "desserts"),
        Row(key: "donut", nb: "smultringer", nn: "smultringar", en: "doughnuts"),
        Row(key: "dumpling", nb: "dumplings", nn: "dumplings", en: "dumplings"),
        Row(key: "ethiopian", nb: "etiopisk", nn: "etiopisk", en: "Ethiopian"),
        Row(key: "european", nb: "europeisk", nn: "europeisk", en: "European"),
        Row(key: "falafel", nb: "falafel", nn: "falafel", en: "falafel"),
        Row(key: "filipino", nb: "filippinsk", nn: "filippinsk", en: "Filipino"),
        Row(key: "fine_dining", nb: "gourmet", nn: "gourmet", en: "fine dining"),
        Row(key: "fish", nb: "fisk", nn: "fisk", en: "fish"),
        Row(
            key: "fish_and_chips", nb: "fish and chips", nn: "fish and chips", en: "fish and chips"),
        Row(key: "french", nb: "fransk", nn: "fransk", en: "French"),
        Row(key: "friture", nb: "frityr", nn: "frityr", en: "fried food"),
        Row(key: "frozen_yogurt", nb: "frozen yogurt", nn: "frozen yoghurt", en: "frozen yogurt"),
        Row(key: "fusion", nb: "fusjon", nn: "fusjon", en: "fusion"),
        Row(key: "georgian", nb: "georgisk", nn: "georgisk", en: "Georgian"),
        Row(key: "german", nb: "tysk", nn: "tysk", en: "German"),
        Row(key: "greek", nb: "gresk", nn: "gresk", en: "Greek"),
        Row(key: "gyros", nb: "gyros", nn: "gyros", en: "gyros"),
        Row(key: "hawaiian", nb: "hawaiisk", nn: "hawaiisk", en: "Hawaiian"),
        Row(key: "hot_dog", nb: "pølser", nn: "pølser", en: "hot dogs"),
        Row(key: "hungarian", nb: "ungarsk", nn: "ungarsk", en: "Hungarian"),
        Row(key: "ice_cream", nb: "is", nn: "is", en: "ice cream"),
        Row(key: "indian", nb: "indisk", nn: "indisk", en: "Indian"),
        Row(key: "indonesian", nb: "indonesisk", nn: "indonesisk", en: "Indonesian"),
        Row(key: "international", nb: "internasjonal", nn: "internasjonal", en: "international"),
        Row(key: "irish", nb: "irsk", nn: "irsk", en: "Irish"),
        Row(key: "italian", nb: "italiensk", nn: "italiensk", en: "Italian"),
        Row(key: "jamaican", nb: "jamaicansk", nn: "jamaicansk", en: "Jamaican"),
        Row(key: "japanese", nb: "japansk", nn: "japansk", en: "Japanese"),
        Row(key: "juice", nb: "juice", nn: "jus", en: "juice"),
        Row(key: "kebab", nb: "kebab", nn: "kebab", en: "kebab"),
        Row(key: "korean", nb: "koreansk", nn: "koreansk", en: "Korean"),
        Row(
            key: "latin_american", nb: "latinamerikansk", nn: "latinamerikansk",
            en: "Latin American"),
        Row(key: "lebanese", nb: "libanesisk", nn: "libanesisk", en: "Lebanese"),
        Row(key: "local", nb: "lokal mat", nn: "lokal mat", en: "local food"),
        Row(key: "malaysian", nb: "malaysisk", nn: "malaysisk", en: "Malaysian"),
        Row(key: "mediterranean", nb: "middelhavsmat", nn: "middelhavsmat", en: "Mediterranean"),
        Row(key: "mexican", nb: "meksikansk", nn: "meksikansk", en: "Mexican"),
        Row(key: "middle_eastern", nb: "midtøstensk", nn: "midtaustleg", en: "Middle Eastern"),
        Row(key: "moroccan", nb: "marokkansk", nn: "marokkansk", en: "Moroccan"),
        Row(key: "nepalese", nb: "nepalsk", nn: "nepalsk", en: "Nepalese"),
        Row(key: "noodle", nb: "nudler", nn: "nudlar", en: "noodles"),
        Row(key: "nordic", nb: "nordisk", nn: "nordisk", en: "Nordic"),
        Row(key: "norwegian", nb: "norsk", nn: "norsk", en: "Norwegian"),
        Row(key: "oriental", nb: "orientalsk", nn: "orientalsk", en: "oriental"),
        Row(key: "pancake", nb: "pannekaker", nn: "pannekaker", en: "pancakes"),
        Row(key: "pasta", nb: "pasta", nn: "pasta", en: "pasta"),
        Row(key: "pastry", nb: "bakverk", nn: "bakverk", en: "pastries"),
        Row(key: "persian", nb: "persisk", nn: "persisk", en: "Persian"),
        Row(key: "peruvian", nb: "peruansk", nn: "peruansk", en: "Peruvian"),
        Row(key: "pizza", nb: "pizza", nn: "pizza", en: "pizza"),
        Row(key: "poke", nb: "poke", nn: "poke", en: "poke"),
        Row(key: "polish", nb: "polsk", nn: "polsk", en: "Polish"),
        Row(key: "portuguese", nb: "portugisisk", nn: "portugisisk", en: "Portuguese"),
        Row(key: "ramen", nb: "ramen", nn: "ramen", en: "ramen"),
        Row(key: "regional", nb: "lokal mat", nn: "lokal mat", en: "regional"),
        Row(key: "russian", nb: "russisk", nn: "russisk", en: "Russian"),
        Row(key: "salad", nb: "salat", nn: "salat", en: "salads"),
        Row(key: "sandwich", nb: "smørbrød", nn: "smørbrød", en: "sandwiches"),
        Row(key: "scandinavian", nb: "skandinavisk", nn: "skandinavisk", en: "Scandinavian"),
        Row(key: "scottish", nb: "skotsk", nn: "skotsk", en: "Scottish"),
        Row(key: "seafood", nb: "sjømat", nn: "sjømat", en: "seafood"),
        Row(key: "shawarma", nb: "shawarma", nn: "shawarma", en: "shawarma"),
        Row(key: "smoothie", nb: "smoothie", nn: "smoothie", en: "smoothies"),
        Row(key: "soup", nb: "suppe", nn: "suppe", en: "soup"),
        Row(key: "spanish", nb: "spansk", nn: "spansk", en: "Spanish"),
        Row(key: "steak_house", nb: "steakhouse", nn: "steakhouse", en: "steakhouse"),
        Row(key: "sushi", nb: "sushi", nn: "sushi", en: "sushi"),
        Row(key: "swedish", nb: "svensk", nn: "svensk", en: "Swedish"),
        Row(key: "syrian", nb: "syrisk", nn: "syrisk", en: "Syrian"),
        Row(key: "tacos", nb: "taco", nn: "taco", en: "tacos"),
        Row(key: "taiwanese", nb: "taiwansk", nn: "taiwansk", en: "Taiwanese"),
        Row(key: "tapas", nb: "tapas", nn: "tapas", en: "tapas"),
        Row(key: "tea", nb: "te", nn: "te", en: "tea"),
        Row(key: "tex_mex", nb: "tex-mex", nn: "tex-mex", en: "Tex-Mex"),
        Row(key: "thai", nb: "thai", nn: "thai", en: "Thai"),
        Row(key: "turkish", nb: "tyrkisk", nn: "tyrkisk", en: "Turkish"),
        Row(key: "ukrainian", nb: "ukrainsk", nn: "ukrainsk", en: "Ukrainian"),
        Row(key: "uzbek", nb: "usbekisk", nn: "usbekisk", en: "Uzbek"),
        Row(key: "vegan", nb: "vegansk", nn: "vegansk", en: "vegan"),
        Row(key: "vegetarian", nb: "vegetar", nn: "vegetar", en: "vegetarian"),
        Row(key: "vietnamese", nb: "vietnamesisk", nn: "vietnamesisk", en: "Vietnamese"),
        Row(key: "waffle", nb: "vafler", nn: "vaflar", en: "waffles"),
        Row(key: "wings", nb: "kyllingvinger", nn: "kyllingvenger", en: "chicken wings"),
    ]

    static let byKey: [String: Row] = Dictionary(
        rows.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })

    /// The names of `language`, by key.
    static func names(in language: Language) -> [String: String] {
        byKey.mapValues { row in
            switch language {
            case .nb: row.nb
            case .nn: row.nn
            case .en: row.en
            }
        }
    }

    /// A value as the data gives it, for a reader: underscores as spaces.
    static func asGiven(_ key: String) -> String { key.replacingAll("_", with: " ") }

    /// What a search may type for `key`, in any language on any page: the value itself and its
    /// three names, folded and without repeats («indian indisk»).
    package static func searchWords(_ key: String) -> String {
        var words: [String] = []
        for name in [asGiven(key)] + (byKey[key].map { [$0.nb, $0.nn, $0.en] } ?? []) {
            let folded = TextFolding.searchKey(name)
            if !words.contains(folded) { words.append(folded) }
        }
        return words.joined(separator: " ")
    }

    /// The cuisine of `guide` (its keys) that `text` names: the value itself, or its name in any
    /// language, folded («Indisk», «indian», «fish and chips»).
    package static func key(matching text: String, among keys: Set<String>) -> String? {
        let folded = TextFolding.searchKey(text).trimmingWhitespace()
        guard !folded.isEmpty else { return nil }
        let underscored = folded.replacingAll(" ", with: "_")
        if keys.contains(underscored) { return underscored }
        return keys.sorted().first { key in
            let row = byKey[key]
            return [row?.nb, row?.nn, row?.en].contains { name in
                name.map { TextFolding.searchKey($0) } == folded
            }
        }
    }

    /// The guide's commonest cuisines, most places first (then by key): what to offer a reader.
    package static func commonest(in places: [GuidePlace], limit: Int) -> [String] {
        var counts: [String: Int] = [:]
        for place in places where place.isInCurrentData {
            for key in place.traits.cuisines { counts[key, default: 0] += 1 }
        }
        return counts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
            .prefix(limit).map(\.key)
    }
}
