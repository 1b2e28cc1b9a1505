import BeaconSystem

/// An owner's own kind of place in the settings' `categories`, beside the presets' names:
///
///     {"key": "catering.ice_cream", "name": {"nb": ["Iskrembar", "Iskrembarer"], "en": ["Ice cream", "Ice cream"]},
///      "icon": "ice-cream", "animation": "bounce", "words": ["gelato"], "openingStatus": true}
///
/// `key` is one Geoapify category key or a list of them (a parent includes its children); `name` gives the
/// singular and plural in every language the site has; the rest is optional. The kind's id and URL segment
/// are the main language's plural made URL-safe («iskrembarer»).
enum OwnCategorySettings {
    typealias Problem = StrictJSON.Problem

    static let fields = ["key", "name", "words", "icon", "animation", "openingStatus", "osm"]
    static let maximumKeys = 20
    static let maximumWords = 40

    /// Top-level folders of the output a category's folder must not take (the presets' are clear of them too:
    /// `CategoryPresetTests`): pages, exports and pagination in any language, assets, a big guide's data
    /// files, map tiles, photos, languages.
    package static let reservedSegments: Set<String> = PathWords.allFolders.union([
        "assets", "kart", "data", "bilder", "nb", "nn", "en",
    ])

    static func category(
        _ json: JSONValue, path: String, languages: SiteLanguages, order: Int
    ) throws(Problem) -> PlaceCategory {
        try StrictJSON.requireKnownFields(json, path: path, known: fields)
        let keys = try geoapifyKeys(json["key"], path: path + ".key")
        let names = try self.names(json["name"], path: path + ".name", languages: languages)
        let main = names[languages.main]!
        let segment = TextFolding.slugStem(main.other)
        // A name of no Latin letters or digits (`slugStem` would call it «sted») has no address of its own.
        let hasLetters = main.other.unicodeScalars.contains { scalar in
            (scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)))
                || !TextFolding.latinFolding(scalar).isEmpty
        }
        guard hasLetters, !reservedSegments.contains(segment) else {
            throw Problem(
                path: path + ".name." + languages.main.rawValue,
                message: "«\(main.other)» kan ikke bli en adresse på nettstedet; velg et annet flertall")
        }
        // A preset's key names that preset everywhere (the store, the archive, `--category`).
        if let preset = PlaceCategory(rawValue: segment) {
            throw Problem(
                path: path + ".name." + languages.main.rawValue,
                message: "«\(main.other)» gir nøkkelen «\(segment)», som er en innebygd kategori; bruk den "
                    + "(\"\(preset.rawValue)\" i listen) eller velg et annet flertall")
        }
        var words: [String] = []
        if let value = json["words"], value != .null {
            guard case .array(let items) = value, items.count <= maximumWords else {
                throw Problem(path: path + ".words", message: "forventet en liste med opptil \(maximumWords) ord")
            }
            for (index, item) in items.enumerated() {
                guard case .string(let text) = item, let word = TextHardening.clean(text, maximumLength: 60) else {
                    throw Problem(path: path + ".words[\(index)]", message: "forventet et ord")
                }
                words.append(word)
            }
        }
        let icon = try self.icon(json["icon"], path: path + ".icon")
        var animation = CategoryAnimation.bounce
        if let value = json["animation"], value != .null {
            guard case .string(let text) = value, let chosen = CategoryAnimation(rawValue: text) else {
                throw Problem(
                    path: path + ".animation",
                    message: "forventet en av " + CategoryAnimation.allCases.map(\.rawValue).joined(separator: ", "))
            }
            animation = chosen
        }
        var openingStatus = true
        if let value = json["openingStatus"], value != .null {
            guard case .bool(let flag) = value else {
                throw Problem(path: path + ".openingStatus", message: "forventet true eller false")
            }
            openingStatus = flag
        }
        var osmTags: [OSMTag] = []
        if let value = json["osm"], value != .null {
            let expected = "forventet OpenStreetMap-merkelapper som \"amenity=nightclub\", én eller en liste"
            let items: [JSONValue] =
                switch value {
                case .string: [value]
                case .array(let list) where !list.isEmpty && list.count <= maximumKeys: list
                default: []
                }
            guard !items.isEmpty else { throw Problem(path: path + ".osm", message: expected) }
            for (index, item) in items.enumerated() {
                guard case .string(let text) = item, let tag = OSMTag(text) else {
                    throw Problem(path: path + ".osm[\(index)]", message: expected)
                }
                if !osmTags.contains(tag) { osmTags.append(tag) }
            }
        }
        let commandLine = OwnCategorySettings.commandLineNames(names, except: segment)
        return PlaceCategory(
            CategoryDefinition(
                segment, geoapify: keys, paths: Self.paths(names, main: languages.main, segment: segment), icon: icon,
                animation: animation,
                openingStatus: openingStatus, commandLine: commandLine,
                ownNames: OwnCategoryNames(names: names, words: words), osmTags: osmTags,
                order: CategoryPreset.all.count + order))
    }

    /// The kind's folder: the main language's plural (`segment`). Each other language's plural gives the
    /// folder the kind had while that language came first, for the 404 page's way on (`MovedAddresses`).
    static func paths(_ names: [Language: OwnCategoryNames.Names], main: Language, segment: String) -> [Language:
        String]
    {
        var paths: [Language: String] = [:]
        for (language, name) in names {
            let slug = TextFolding.slugStem(name.other, unnamed: "")
            if !slug.isEmpty, !reservedSegments.contains(slug) { paths[language] = slug }
        }
        paths[main] = segment
        return paths
    }

    /// `"catering.ice_cream"` or a list of such: keys Geoapify knows, each once.
    static func geoapifyKeys(_ json: JSONValue?, path: String) throws(Problem) -> [String] {
        let expected = "forventet en Geoapify-kategori, for eksempel \"catering.ice_cream\", eller en liste med dem"
        var texts: [String]
        switch json {
        case .string(let text): texts = [text]
        case .array(let items) where !items.isEmpty && items.count <= maximumKeys:
            texts = []
            for item in items {
                guard case .string(let text) = item else { throw Problem(path: path, message: expected) }
                texts.append(text)
            }
        default: throw Problem(path: path, message: expected)
        }
        var keys: [String] = []
        for text in texts {
            guard GeoapifyCategoryKeys.isKnown(text) else {
                let shown = TextHardening.clean(text, maximumLength: 60) ?? ""
                let near = GeoapifyCategoryKeys.nearest(to: text, limit: 3)
                throw Problem(
                    path: path,
                    message: "Geoapify har ingen kategori «\(shown)»"
                        + (near.isEmpty
                            ? " (se sitegen categories --keys)"
                            : " (mente du " + near.map { "«\($0)»" }.joined(separator: ", ") + "?)"))
            }
            if !keys.contains(text) { keys.append(text) }
        }
        return keys
    }

    /// `{"nb": ["Iskrembar", "Iskrembarer"], …}`: a singular and a plural (or one name for both) in each of
    /// the site's languages.
    static func names(
        _ json: JSONValue?, path: String, languages: SiteLanguages
    ) throws(Problem) -> [Language: OwnCategoryNames.Names] {
        guard case .object(let members)? = json else {
            throw Problem(
                path: path,
                message: "forventet navn per språk, for eksempel {\"nb\": [\"Iskrembar\", \"Iskrembarer\"]}")
        }
        var names: [Language: OwnCategoryNames.Names] = [:]
        for (code, value) in members {
            guard let language = Language(rawValue: code) else {
                throw Problem(path: path + "." + code, message: "ukjent språk (bruk nb, nn eller en)")
            }
            let pair: [JSONValue] =
                switch value {
                case .string: [value, value]
                case .array(let items): items
                default: []
                }
            guard pair.count == 2, case .string(let one) = pair[0], case .string(let other) = pair[1],
                let singular = TextHardening.clean(one, maximumLength: 60),
                let plural = TextHardening.clean(other, maximumLength: 60)
            else {
                throw Problem(path: path + "." + code, message: "forventet [\"entall\", \"flertall\"]")
            }
            names[language] = OwnCategoryNames.Names(one: singular, other: plural)
        }
        for language in languages.all where names[language] == nil {
            throw Problem(path: path, message: "mangler navn på \(language.ownName) (\(language.rawValue))")
        }
        return names
    }

    /// A built-in symbol by name (`ice-cream`, `place`), or an SVG file in the site's `assets/icons/`
    /// (`gelato.svg`). Without one, the general place symbol.
    static func icon(_ json: JSONValue?, path: String) throws(Problem) -> CategoryIcon {
        guard let json, json != .null else { return .builtIn("place") }
        guard case .string(let name) = json else { throw Problem(path: path, message: "forventet et ikonnavn") }
        if CategoryIcon.builtInNames.contains(name) { return .builtIn(name) }
        let stem = name.hasSuffix(".svg") ? String(name.dropLast(4)) : ""
        guard !stem.isEmpty, stem.utf8.count <= 60,
            stem.utf8.allSatisfy({ ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2D })
        else {
            throw Problem(
                path: path,
                message: "forventet et innebygd ikon (" + CategoryIcon.builtInNames.joined(separator: ", ")
                    + ") eller en SVG-fil i assets/icons/ med små bokstaver, tall og bindestrek (gelato.svg)")
        }
        return .site(name)
    }

    /// What `--category` accepts for an own kind besides its id: its names in each language, URL-safe.
    static func commandLineNames(_ names: [Language: OwnCategoryNames.Names], except id: String) -> [String] {
        var out: [String] = []
        for language in Language.allCases {
            guard let pair = names[language] else { continue }
            for name in [pair.one, pair.other] {
                let slug = TextFolding.slugStem(name)
                if slug != id, !slug.isEmpty, !out.contains(slug) { out.append(slug) }
            }
        }
        return out
    }

    /// The file form of an own kind, as `category` reads it.
    static func encoded(_ category: PlaceCategory) -> JSONValue {
        let definition = category.definition
        let own = definition.ownNames!
        var members: [(key: String, value: JSONValue)] = [
            (
                "key",
                definition.geoapifyKeys.count == 1
                    ? .string(definition.geoapifyKeys[0]) : .array(definition.geoapifyKeys.map { .string($0) })
            ),
            (
                "name",
                .object(
                    Language.allCases.compactMap { language in
                        own.names[language].map {
                            (language.rawValue, JSONValue.array([.string($0.one), .string($0.other)]))
                        }
                    })
            ),
        ]
        if !own.words.isEmpty { members.append(("words", .array(own.words.map { .string($0) }))) }
        switch definition.icon {
        case .builtIn("place"): break
        case .builtIn(let name), .site(let name): members.append(("icon", .string(name)))
        }
        if definition.animation != .bounce { members.append(("animation", .string(definition.animation.rawValue))) }
        if !definition.hasOpeningStatus { members.append(("openingStatus", .bool(false))) }
        if !definition.osmTags.isEmpty { members.append(("osm", .array(definition.osmTags.map { .string($0.text) }))) }
        return .object(members)
    }
}
