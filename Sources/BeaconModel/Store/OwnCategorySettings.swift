import BeaconSystem

/// An owner's own kind of place in the settings' `categories`, beside the presets' names:
///
///     {"key": "catering.ice_cream", "name": {"nb": ["Iskrembar", "Iskrembarer"], "en": ["Ice cream", "Ice cream"]},
///      "icon": "ice-cream", "animation": "bounce", "words": ["gelato"], "openingStatus": true}
///
/// `key` is one Geoapify category key or a list of them (a parent includes its children); `name`
/// gives the singular and plural in every language the site has; the rest is optional. The kind's
/// id and URL segment are the main language's plural made URL-safe («iskrembarer»).
struct OwnCategorySettings: Codable {
    static let maximumKeys = 20
    static let maximumWords = 40

    /// Top-level folders of the output a category's folder must not take (the presets' are clear of
    /// them too: `CategoryPresetTests`): pages, exports and pagination in any language, assets, a
    /// big guide's data files, map tiles, photos, languages.
    package static let reservedSegments: Set<String> = PathWords.allFolders.union([
        "assets", "kart", "data", "bilder", "nb", "nn", "en",
    ])

    /// Geoapify keys it knows, each once.
    package var geoapifyKeys: [String]
    /// The names in each language the file gives; whether the site's languages all have one is the
    /// settings' to say (`category`).
    var names: [Language: OwnCategoryNames.Names]
    var words: [String] = []
    var icon = CategoryIcon.builtIn("place")
    var animation = CategoryAnimation.bounce
    var openingStatus = true
    var osmTags: [OSMTag] = []

    /// The file form of an own kind.
    init(_ category: PlaceCategory) {
        let definition = category.definition
        geoapifyKeys = definition.geoapifyKeys
        names = definition.ownNames?.names ?? [:]
        words = definition.ownNames?.words ?? []
        icon = definition.icon
        animation = definition.animation
        openingStatus = definition.hasOpeningStatus
        osmTags = definition.osmTags
    }

    init(from decoder: any Decoder) throws {
        try self.init(from: decoder, expected: "forventet et objekt")
    }

    init(from decoder: any Decoder, expected: String) throws {
        let container = try decoder.strictContainer(
            known: ["key", "name", "words", "icon", "animation", "openingStatus", "osm"],
            expected: expected)
        let keyExpected =
            "forventet en Geoapify-kategori, for eksempel \"catering.ice_cream\", eller en liste med dem"
        geoapifyKeys = []
        for text in try container.oneOrMore("key", expected: keyExpected) ?? [] {
            guard GeoapifyCategoryKeys.isKnown(text) else {
                let near = GeoapifyCategoryKeys.nearest(to: text, limit: 3)
                throw StrictJSON.Refusal(
                    at: container.codingPath + [JSONKey("key")],
                    "Geoapify har ingen kategori «\(TextHardening.clean(text, maximumLength: 60) ?? "")»"
                        + (near.isEmpty
                            ? " (se sitegen categories --keys)"
                            : " (mente du " + near.map { "«\($0)»" }.joined(separator: ", ") + "?)"),
                    showsValue: false)
            }
            if !geoapifyKeys.contains(text) { geoapifyKeys.append(text) }
        }
        if geoapifyKeys.isEmpty {
            throw StrictJSON.Refusal(at: container.codingPath + [JSONKey("key")], keyExpected)
        }
        names = [:]
        let named = try container.strict(
            "name", as: [String: NamePair].self,
            expected:
                "forventet navn per språk, for eksempel {\"nb\": [\"Iskrembar\", \"Iskrembarer\"]}")
        for code in Array(named.keys).sorted() {
            guard let language = Language(rawValue: code) else {
                throw StrictJSON.Refusal(
                    at: container.codingPath + [JSONKey("name"), JSONKey(code)],
                    "ukjent språk (bruk nb, nn eller en)", showsValue: false)
            }
            names[language] = named[code]?.names
        }
        let wordList = try container.strictIfPresent(
            "words", as: [String].self,
            expected: "forventet en liste med opptil \(Self.maximumWords) ord",
            element: "forventet et ord", { $0.count <= Self.maximumWords ? $0 : nil })
        for (index, text) in (wordList ?? []).enumerated() {
            guard let word = TextHardening.clean(text, maximumLength: 60) else {
                throw StrictJSON.Refusal(
                    at: container.codingPath + [JSONKey("words"), JSONKey(intValue: index)],
                    "forventet et ord")
            }
            words.append(word)
        }
        icon =
            try container.strictIfPresent(
                "icon", as: String.self, expected: "forventet et ikonnavn"
            ) { name in
                try Self.icon(name, at: container.codingPath + [JSONKey("icon")])
            } ?? icon
        animation =
            try container.strictIfPresent(
                "animation", as: String.self,
                expected: "forventet en av "
                    + CategoryAnimation.allCases.map(\.rawValue).joined(separator: ", "),
                CategoryAnimation.init(rawValue:)) ?? animation
        openingStatus =
            try container.strictIfPresent(
                "openingStatus", as: Bool.self, expected: "forventet true eller false")
            ?? openingStatus
        let tagExpected =
            "forventet OpenStreetMap-merkelapper som \"amenity=nightclub\", én eller en liste"
        for (index, text) in (try container.oneOrMore("osm", expected: tagExpected) ?? [])
            .enumerated()
        {
            guard let tag = OSMTag(text) else {
                throw StrictJSON.Refusal(
                    at: container.codingPath + [JSONKey("osm"), JSONKey(intValue: index)],
                    tagExpected)
            }
            if !osmTags.contains(tag) { osmTags.append(tag) }
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: JSONKey.self)
        if geoapifyKeys.count == 1 {
            try container.encode(geoapifyKeys[0], forKey: "key")
        } else {
            try container.encode(geoapifyKeys, forKey: "key")
        }
        var members = container.nestedContainer(keyedBy: JSONKey.self, forKey: "name")
        for language in Language.allCases {
            guard let pair = names[language] else { continue }
            try members.encode([pair.one, pair.other], forKey: JSONKey(language.rawValue))
        }
        if !words.isEmpty { try container.encode(words, forKey: "words") }
        switch icon {
        case .builtIn("place"): break
        case .builtIn(let name), .site(let name): try container.encode(name, forKey: "icon")
        }
        if animation != .bounce { try container.encode(animation.rawValue, forKey: "animation") }
        if !openingStatus { try container.encode(false, forKey: "openingStatus") }
        if !osmTags.isEmpty { try container.encode(osmTags.map(\.text), forKey: "osm") }
    }

    /// `["Iskrembar", "Iskrembarer"]`, or one name for both.
    private struct NamePair: Decodable {
        var names: OwnCategoryNames.Names

        init(from decoder: any Decoder) throws {
            let pair =
                (try? decoder.singleValueContainer().decode(String.self)).map { [$0, $0] }
                ?? (try? [String](from: decoder)) ?? []
            guard pair.count == 2, let singular = TextHardening.clean(pair[0], maximumLength: 60),
                let plural = TextHardening.clean(pair[1], maximumLength: 60)
            else {
                throw StrictJSON.Refusal(
                    at: decoder.codingPath, "forventet [\"entall\", \"flertall\"]")
            }
            names = OwnCategoryNames.Names(one: singular, other: plural)
        }
    }

    /// The kind, by the rules that depend on the site's languages (`path`: where the file has it).
    /// Its id and URL segment are the main language's plural made URL-safe («iskrembarer»).
    func category(languages: SiteLanguages, order: Int, at path: [any CodingKey]) throws
        -> PlaceCategory
    {
        for language in languages.all where names[language] == nil {
            throw StrictJSON.Refusal(
                at: path + [JSONKey("name")],
                "mangler navn på \(language.ownName) (\(language.rawValue))",
                showsValue: false)
        }
        let main = names[languages.main]!
        let segment = TextFolding.slugStem(main.other)
        let mainPath = path + [JSONKey("name"), JSONKey(languages.main.rawValue)]
        // A name of no Latin letters or digits (`slugStem` would call it «sted») has no address of
        // its own.
        let hasLetters = main.other.unicodeScalars.contains { scalar in
            (scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)))
                || !TextFolding.latinFolding(scalar).isEmpty
        }
        guard hasLetters, !Self.reservedSegments.contains(segment) else {
            throw StrictJSON.Refusal(
                at: mainPath,
                "«\(main.other)» kan ikke bli en adresse på nettstedet; velg et annet flertall",
                showsValue: false)
        }
        // A preset's key names that preset everywhere (the store, the archive, `--category`).
        if let preset = PlaceCategory(rawValue: segment) {
            throw StrictJSON.Refusal(
                at: mainPath,
                "«\(main.other)» gir nøkkelen «\(segment)», som er en innebygd kategori; bruk den "
                    + "(\"\(preset.rawValue)\" i listen) eller velg et annet flertall",
                showsValue: false)
        }
        return PlaceCategory(
            CategoryDefinition(
                segment, geoapify: geoapifyKeys,
                paths: Self.paths(names, main: languages.main, segment: segment),
                icon: icon, animation: animation, openingStatus: openingStatus,
                commandLine: Self.commandLineNames(names, except: segment),
                ownNames: OwnCategoryNames(names: names, words: words), osmTags: osmTags,
                order: CategoryPreset.all.count + order))
    }

    /// The kind's folder: the main language's plural (`segment`). Each other language's plural
    /// gives the folder the kind had while that language came first, for the 404 page's way on
    /// (`MovedAddresses`).
    static func paths(_ names: [Language: OwnCategoryNames.Names], main: Language, segment: String)
        -> [Language:
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

    /// A built-in symbol by name (`ice-cream`, `place`), or an SVG file in the site's
    /// `assets/icons/` (`gelato.svg`).
    static func icon(_ name: String, at path: [any CodingKey]) throws -> CategoryIcon {
        if CategoryIcon.builtInNames.contains(name) { return .builtIn(name) }
        let stem = name.hasSuffix(".svg") ? String(name.dropLast(4)) : ""
        guard !stem.isEmpty, stem.utf8.count <= 60,
            stem.utf8.allSatisfy({
                ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2D
            })
        else {
            throw StrictJSON.Refusal(
                at: path,
                "forventet et innebygd ikon (" + CategoryIcon.builtInNames.joined(separator: ", ")
                    + ") eller en SVG-fil i assets/icons/ med små bokstaver, tall og bindestrek (gelato.svg)"
            )
        }
        return .site(name)
    }

    /// What `--category` accepts for an own kind besides its id: its names in each language,
    /// URL-safe.
    static func commandLineNames(_ names: [Language: OwnCategoryNames.Names], except id: String)
        -> [String]
    {
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
}

extension KeyedDecodingContainer<JSONKey> {
    /// `"x"` or `["x", "y"]`, up to `maximumKeys`: Geoapify keys and OSM tags are written either
    /// way.
    fileprivate func oneOrMore(_ key: Key, expected: String) throws -> [String]? {
        if let one = try? decode(String.self, forKey: key) { return [one] }
        return try strictIfPresent(key, as: [String].self, expected: expected) { list in
            (1...OwnCategorySettings.maximumKeys).contains(list.count) ? list : nil
        }
    }
}
