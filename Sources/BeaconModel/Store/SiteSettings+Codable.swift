/// The file form, in the order the file has always had its members; a member left at its default is
/// left out.
extension SiteSettings: Codable {
    /// More kinds than a chip row and a page of sections can show.
    static let maximumCategories = 40

    package init(from decoder: any Decoder) throws {
        let container = try decoder.strictContainer(
            known: [
                "format", "title", "center", "radiusKm", "placesPerCategory", "cacheHours", "intro",
                "baseURL",
                "basemap", "basemapData", "tileBudget", "source", "languages", "translations",
                "timeZone",
                "categories", "picksMinimumRating",
            ], expected: "forventet et JSON-objekt")
        _ = try container.format("format", readable: Self.currentFormat...Self.currentFormat)
        self.init()
        if container.contains("center") {
            let expected = "forventet {\"lat\": tall, \"lon\": tall}"
            let center = try container.superDecoder(forKey: "center").strictContainer(
                known: ["lat", "lon", "label"], expected: expected)
            func degrees(_ key: JSONKey) throws -> Double {
                guard center.contains(key) else {
                    throw StrictJSON.Refusal(
                        at: center.codingPath, "mangler \(key.stringValue) (\(expected))",
                        showsValue: false)
                }
                return try center.strict(key, as: Double.self, expected: "forventet et tall")
            }
            self.center = Coordinate(latitude: try degrees("lat"), longitude: try degrees("lon"))
            centerLabel = try center.string("label")
        }
        radiusKm = try container.integer("radiusKm") ?? radiusKm
        placesPerCategory = try container.integer("placesPerCategory") ?? placesPerCategory
        cacheHours = try container.integer("cacheHours") ?? cacheHours
        title = try container.string("title") ?? title
        intro = try container.string("intro")
        baseURL = try container.string("baseURL")
        basemap = try container.decodeIfPresent(BasemapSetting.self, forKey: "basemap")
        basemapData = try container.string("basemapData")
        tileBudget = try container.integer("tileBudget")
        source = try container.decodeIfPresent(PlacesSourceSetting.self, forKey: "source")
        languages =
            try container.decodeIfPresent(SiteLanguages.self, forKey: "languages") ?? languages
        if let translations = try container.decodeIfPresent(
            [String: OwnerTexts].self, forKey: "translations")
        {
            for code in Array(translations.keys).sorted() {
                guard let language = Language(code: code) else {
                    throw StrictJSON.Refusal(
                        at: container.codingPath + [JSONKey("translations")],
                        "ukjent språk «\(TextHardening.clean(code, maximumLength: 20) ?? "")»; "
                            + "guiden finnes på nb (bokmål), nn (nynorsk) og en (engelsk)",
                        showsValue: false)
                }
                self.translations[language] = translations[code]
            }
        }
        timeZone = try container.string("timeZone")
        if container.contains("categories"), try !container.decodeNil(forKey: "categories") {
            categories = try Self.categories(in: container, languages)
        }
        picksMinimumRating = try container.integer("picksMinimumRating") ?? picksMinimumRating
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: JSONKey.self)
        try container.encode(Self.currentFormat, forKey: "format")
        try container.encode(title, forKey: "title")
        var center = container.nestedContainer(keyedBy: JSONKey.self, forKey: "center")
        try center.encode(self.center.latitude, forKey: "lat")
        try center.encode(self.center.longitude, forKey: "lon")
        try center.encodeIfPresent(centerLabel, forKey: "label")
        try container.encode(radiusKm, forKey: "radiusKm")
        try container.encode(placesPerCategory, forKey: "placesPerCategory")
        try container.encode(cacheHours, forKey: "cacheHours")
        try container.encodeIfPresent(intro, forKey: "intro")
        try container.encodeIfPresent(baseURL, forKey: "baseURL")
        try container.encodeIfPresent(basemap, forKey: "basemap")
        try container.encodeIfPresent(basemapData, forKey: "basemapData")
        try container.encodeIfPresent(tileBudget, forKey: "tileBudget")
        try container.encodeIfPresent(source, forKey: "source")
        if languages != .bokmålOnly { try container.encode(languages, forKey: "languages") }
        if !translations.isEmpty {
            var members = container.nestedContainer(keyedBy: JSONKey.self, forKey: "translations")
            for code in translations.keys.map(\.rawValue).sorted() {
                if let language = Language(rawValue: code), let texts = translations[language] {
                    try members.encode(texts, forKey: JSONKey(code))
                }
            }
        }
        try container.encodeIfPresent(timeZone, forKey: "timeZone")
        if categories != PlaceCategory.defaults {
            var list = container.nestedUnkeyedContainer(forKey: "categories")
            for category in categories {
                if category.isPreset {
                    try list.encode(category.rawValue)
                } else {
                    try list.encode(OwnCategorySettings(category))
                }
            }
        }
        if picksMinimumRating != Self.defaultPicksMinimumRating {
            try container.encode(picksMinimumRating, forKey: "picksMinimumRating")
        }
    }

    /// `["bar", {"key": …}]`: preset keys and the owner's own kinds (`OwnCategorySettings`), each
    /// once, at least one, each at an address of its own.
    static func categories(
        in container: KeyedDecodingContainer<JSONKey>, _ languages: SiteLanguages
    ) throws -> [PlaceCategory] {
        let expected =
            "forventet en liste med kategorier, for eksempel [\"restaurant\", \"cafe\", \"bar\"]"
        guard var list = try? container.nestedUnkeyedContainer(forKey: "categories"),
            (1...maximumCategories).contains(list.count ?? 0)
        else {
            throw StrictJSON.Refusal(
                at: container.codingPath + [JSONKey("categories")],
                expected + ", høyst \(maximumCategories)")
        }
        var categories: [PlaceCategory] = []
        while !list.isAtEnd {
            let index = list.currentIndex
            let path = list.codingPath + [JSONKey(intValue: index)]
            let category: PlaceCategory
            if let name = try? list.decode(String.self) {
                guard let preset = PlaceCategory(rawValue: name) else {
                    throw StrictJSON.Refusal(
                        at: path, PlaceCategory.unknownMessage(name), showsValue: false)
                }
                category = preset
            } else {
                category = try OwnCategorySettings(from: list.superDecoder(), expected: expected)
                    .category(languages: languages, order: index, at: path)
            }
            let segment = category.pathSegment(in: languages.main)
            if let twin = categories.first(where: {
                $0.rawValue == category.rawValue || $0.pathSegment(in: languages.main) == segment
            }) {
                throw StrictJSON.Refusal(
                    at: path,
                    twin.rawValue == category.rawValue && twin.isPreset && category.isPreset
                        ? "«\(category.rawValue)» står to ganger"
                        : "får samme adresse (\(segment)/) som «\(twin.rawValue)» foran; velg et annet flertall",
                    showsValue: false)
            }
            categories.append(category)
        }
        return categories
    }

    /// The file form, byte for byte as it is saved.
    package var encodedBytes: [UInt8] { JSONValueEncoder.fileBytes(self) }
}

extension SiteSettings.OwnerTexts {
    package init(from decoder: any Decoder) throws {
        let container = try decoder.strictContainer(
            known: ["title", "intro"], expected: "forventet {\"title\": \"…\", \"intro\": \"…\"}")
        self.init(title: try container.string("title"), intro: try container.string("intro"))
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: JSONKey.self)
        try container.encodeIfPresent(title, forKey: "title")
        try container.encodeIfPresent(intro, forKey: "intro")
    }
}

/// `["nb", "nn", "en"]`: known codes, each once, at least one.
extension SiteLanguages: Codable {
    package init(from decoder: any Decoder) throws {
        let expected =
            "forventet en liste med språkkoder, for eksempel [\"nb\", \"nn\", \"en\"] (nb: bokmål, nn: nynorsk, en: engelsk)"
        var list: [Language] = []
        for (index, code) in try decoder.strictValue([String].self, expected: expected).enumerated()
        {
            let path = decoder.codingPath + [JSONKey(intValue: index)]
            guard let language = Language(code: code) else {
                throw StrictJSON.Refusal(
                    at: path,
                    "ukjent språk «\(TextHardening.clean(code, maximumLength: 20) ?? "")»; "
                        + "guiden finnes på nb (bokmål), nn (nynorsk) og en (engelsk)",
                    showsValue: false)
            }
            guard !list.contains(language) else {
                throw StrictJSON.Refusal(
                    at: path, "«\(language.rawValue)» står to ganger", showsValue: false)
            }
            list.append(language)
        }
        guard !list.isEmpty else { throw StrictJSON.Refusal(at: decoder.codingPath, expected) }
        self.init(list)
    }

    package func encode(to encoder: any Encoder) throws {
        try all.map(\.rawValue).encode(to: encoder)
    }
}
