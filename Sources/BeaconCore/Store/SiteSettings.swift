import BeaconHTML
import BeaconSystem
import BeaconText
import FoundationEssentials

/// The site's saved settings: where the guide is
/// centred, how far and how many places it fetches, and how it presents itself.
/// Stored as `beacon-settings.json` in the site folder, created with defaults.
package struct SiteSettings: Sendable, Equatable {
    static let currentFormat = 1
    package static let fileName = "beacon-settings.json"
    package static let radiusRange = 1...10
    static let placesPerCategoryRange = 10...100
    static let cacheHoursRange = 0...(24 * 365)

    package var center: Coordinate
    /// A name for the centre, shown on the pages ("fra Oslo S").
    package var centerLabel: String?
    package var radiusKm: Int
    package var placesPerCategory: Int
    package var title: String
    /// A short introduction on the list page; may hold a little HTML (sanitised).
    package var intro: String?
    /// Where the site will be published ("https://example.org/guide/"); enables canonical links.
    package var baseURL: String?
    /// How long a cached API answer counts as fresh.
    package var cacheHours: Int
    /// What the maps draw under the pins; nil (not in the file): our own
    /// basemap from OpenStreetMap data (`BasemapSetting.resolved`).
    package var basemap: BasemapSetting?
    /// An OpenStreetMap extract for our own basemap (`basemapData`: OSM XML,
    /// Overpass JSON or GeoJSON), relative to the site folder; nil: the
    /// sample's compiled-in Oslo data for the sample guide, else Overpass.
    package var basemapData: String?
    /// The most basemap tiles one build may publish; nil: `TilePlan.defaultBudget`.
    package var tileBudget: Int?
    /// The languages the pages are published in; the first at the site root, the others under `nn/`, `en/`.
    package var languages: SiteLanguages
    /// The owner's title and intro for the other languages (`translations` in the file);
    /// `title` and `intro` are the main language's, and stand in where a translation is missing.
    package var translations: [Language: OwnerTexts] = [:]
    /// The IANA name of the guide's time zone (`timeZone` in the file); nil: the zone at the centre.
    package var timeZone: String?
    /// The kinds of place the guide holds, in the order its chips show them (`categories` in the file:
    /// preset keys); the brief's restaurant, café and hotel when the file names none.
    package var categories: [PlaceCategory] = PlaceCategory.defaults

    /// The country a place whose data names none is taken to be in, for the order of its address
    /// (`AddressStyle`): the one of the guide's time zone, where that decides it.
    package var addressCountry: String? { AddressStyle.country(ofTimeZone: guideTimeZone.identifier) }

    /// The zone opening hours and dates go by: the owner's, or the one at the centre.
    package var guideTimeZone: GuideTimeZone {
        timeZone.flatMap(GuideTimeZone.init(identifier:)) ?? GuideTimeZone.at(center)
    }

    /// What the owner writes about the guide, in one language.
    package struct OwnerTexts: Sendable, Equatable {
        package var title: String?
        package var intro: String?
        package init(title: String? = nil, intro: String? = nil) {
            self.title = title
            self.intro = intro
        }
    }

    /// The title `sitegen init` gives a guide centred on `label` when the owner names none.
    package static func titleFollowing(label: String?) -> String {
        label.map { "Steder rundt \($0)" } ?? "Min stedsguide"
    }

    /// Moves the centre to `coordinate`, named `label`. A title that only named the old centre (the one
    /// `init` made from its label, or the built-in one) follows the new one; a title the owner wrote stays.
    /// Returns the new title when it changed.
    package mutating func moveCenter(to coordinate: Coordinate, label: String?) -> String? {
        let followsCenter = titleIsMadeFromCenter
        center = coordinate
        centerLabel = label
        let newTitle = Self.titleFollowing(label: label)
        guard followsCenter, title != newTitle else { return nil }
        title = newTitle
        return newTitle
    }

    /// Whether the title only names the centre (the one `init` made from its label, or the built-in one), so
    /// that it is the tool's words, not the owner's: each language's pages then say it in their own.
    package var titleIsMadeFromCenter: Bool {
        title == Self.titleFollowing(label: centerLabel) || title == Self.defaults.title
    }

    package init(
        center: Coordinate = .osloS, centerLabel: String? = "Oslo S", radiusKm: Int = 5,
        placesPerCategory: Int = 20, title: String = "Beacon – steder rundt Oslo S",
        intro: String? = nil, baseURL: String? = nil, cacheHours: Int = 24,
        basemap: BasemapSetting? = nil, tileBudget: Int? = nil, languages: SiteLanguages = .bokmålOnly
    ) {
        self.languages = languages
        self.center = center
        self.centerLabel = centerLabel
        self.radiusKm = radiusKm
        self.placesPerCategory = placesPerCategory
        self.title = title
        self.intro = intro
        self.baseURL = baseURL
        self.cacheHours = cacheHours
        self.basemap = basemap
        self.tileBudget = tileBudget
    }

    /// `basemapData` names a file in the site folder: a relative path without «..» (the build
    /// then also refuses a link out of the folder).
    static func basemapDataProblem(_ path: String) -> String? {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        if path.trimmingWhitespace().isEmpty || path.hasPrefix("/") || parts.contains("..") || path.utf8.count > 500
            || path.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
        {
            return
                "basemapData må være en fil i nettstedsmappen, som «kart/oslo.osm» (er «\(TextHardening.clean(path, maximumLength: 120) ?? "")»)"
        }
        return nil
    }

    package static let defaults = SiteSettings(
        intro:
            "Restauranter, kafeer og hoteller jeg liker i gangavstand fra Oslo S, med stjernene og kommentarene mine. Favorittene finner du under <em>Mine steder</em>."
    )

    package var radiusMetres: Int { radiusKm * 1000 }

    static let tileBudgetRange = 1...2000

    /// The tile budget in force: the saved one, or the default.
    package var effectiveTileBudget: Int { tileBudget ?? TilePlan.defaultBudget }

    /// Every rule the settings must meet, as Norwegian messages that each name the field as the file
    /// writes it and the value it has; empty when valid.
    func problems() -> [String] {
        var problems: [String] = []
        if !(center.latitude.isFinite && abs(center.latitude) <= 90) {
            problems.append(
                "center.lat (breddegraden) må være fra -90 til 90 (er \(JSONValue.format(number: center.latitude)))")
        }
        if !(center.longitude.isFinite && abs(center.longitude) <= 180) {
            problems.append(
                "center.lon (lengdegraden) må være fra -180 til 180 (er \(JSONValue.format(number: center.longitude)))")
        }
        if !SiteSettings.radiusRange.contains(radiusKm) {
            problems.append("radiusKm må være fra 1 til 10 (er \(radiusKm))")
        }
        if !SiteSettings.placesPerCategoryRange.contains(placesPerCategory) {
            problems.append("placesPerCategory må være fra 10 til 100 (er \(placesPerCategory))")
        }
        if title.trimmingWhitespace().isEmpty {
            problems.append("title kan ikke være tom")
        }
        if !SiteSettings.cacheHoursRange.contains(cacheHours) {
            problems.append("cacheHours må være fra 0 til 8760 (er \(cacheHours))")
        }
        if let baseURL {
            switch SettingsAddress.parse(baseURL, schemes: ["http", "https"], maximumLength: 500) {
            case .success(let address) where address.hasQueryOrFragment:
                problems.append(
                    "baseURL kan ikke ha ? eller # (den er adressen sidene ligger på; er «\(TextHardening.clean(baseURL, maximumLength: 120) ?? "")»)"
                )
            case .success: break
            case .failure(let problem):
                problems.append(
                    "baseURL \(problem.reason) (er «\(TextHardening.clean(baseURL, maximumLength: 120) ?? "")»)")
            }
        }
        if let basemapData, let problem = SiteSettings.basemapDataProblem(basemapData) {
            problems.append(problem)
        }
        if let tileBudget, !SiteSettings.tileBudgetRange.contains(tileBudget) {
            problems.append("tileBudget må være fra 1 til 2000 kartfliser (er \(tileBudget))")
        }
        if case .provider(let provider) = basemap {
            problems += provider.problems()
        }
        if let timeZone, GuideTimeZone(identifier: timeZone) == nil {
            let shown = TextHardening.clean(timeZone, maximumLength: 60) ?? ""
            let near = GuideTimeZone.suggestions(for: timeZone)
            problems.append(
                "ukjent tidssone «\(shown)» i timeZone; bruk et navn fra IANA-databasen, for eksempel «Europe/Oslo»"
                    + (near.isEmpty ? "" : " (mente du \(near.map { "«\($0)»" }.joined(separator: ", "))?)"))
        }
        for (language, texts) in translations.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            if let title = texts.title, title.trimmingWhitespace().isEmpty {
                problems.append("translations.\(language.rawValue).title kan ikke være tom")
            }
        }
        return problems
    }
}

enum SettingsCodec {
    typealias Problem = StrictJSON.Problem

    static func decode(_ json: JSONValue) throws(Problem) -> SiteSettings {
        guard case .object = json else { throw Problem(path: "", message: "forventet et JSON-objekt") }
        try StrictJSON.requireKnownFields(
            json, path: "",
            known: [
                "format", "center", "radiusKm", "placesPerCategory", "title", "intro", "baseURL", "cacheHours",
                "basemap", "basemapData", "tileBudget", "languages", "translations", "timeZone", "categories",
            ])
        try StrictJSON.requireFormat(json, current: SiteSettings.currentFormat)
        var settings = SiteSettings()
        if let center = json["center"] {
            guard case .object = center else {
                throw Problem(
                    path: "center",
                    message: "forventet {\"lat\": tall, \"lon\": tall} (er \(StrictJSON.shown(center)))")
            }
            try StrictJSON.requireKnownFields(center, path: "center", known: ["lat", "lon", "label"])
            func degrees(_ field: String) throws(Problem) -> Double {
                guard let value = center[field] else {
                    throw Problem(
                        path: "center", message: "mangler \(field) (forventet {\"lat\": tall, \"lon\": tall})")
                }
                guard case .number(let number) = value else {
                    throw Problem(
                        path: "center." + field, message: "forventet et tall (er \(StrictJSON.shown(value)))")
                }
                return number
            }
            settings.center = Coordinate(latitude: try degrees("lat"), longitude: try degrees("lon"))
            settings.centerLabel = try optionalString(center["label"], path: "center.label")
        }
        if let value = json["radiusKm"] { settings.radiusKm = try integer(value, path: "radiusKm") }
        if let value = json["placesPerCategory"] {
            settings.placesPerCategory = try integer(value, path: "placesPerCategory")
        }
        if let value = json["cacheHours"] { settings.cacheHours = try integer(value, path: "cacheHours") }
        if let title = try optionalString(json["title"], path: "title") { settings.title = title }
        settings.intro = try optionalString(json["intro"], path: "intro")
        settings.baseURL = try optionalString(json["baseURL"], path: "baseURL")
        if let value = json["basemap"], value != .null { settings.basemap = try basemap(value) }
        settings.basemapData = try optionalString(json["basemapData"], path: "basemapData")
        if let value = json["tileBudget"], value != .null {
            settings.tileBudget = try integer(value, path: "tileBudget")
        }
        if let value = json["languages"], value != .null { settings.languages = try languages(value) }
        if let value = json["translations"], value != .null { settings.translations = try translations(value) }
        settings.timeZone = try optionalString(json["timeZone"], path: "timeZone")
        if let value = json["categories"], value != .null {
            settings.categories = try categories(value, languages: settings.languages)
        }
        return settings
    }

    /// `["bar", "pub", {"key": "catering.ice_cream", "name": {…}}]`: preset keys and the owner's own kinds
    /// (`OwnCategorySettings`), each once, at least one, each at an address of its own.
    static func categories(_ json: JSONValue, languages: SiteLanguages) throws(Problem) -> [PlaceCategory] {
        let expected =
            "forventet en liste med kategorier, for eksempel [\"restaurant\", \"cafe\", \"bar\"]"
        guard case .array(let items) = json, !items.isEmpty, items.count <= maximumCategories else {
            throw Problem(path: "categories", message: expected + ", høyst \(maximumCategories)")
        }
        var categories: [PlaceCategory] = []
        for (index, item) in items.enumerated() {
            let path = "categories[\(index)]"
            let category: PlaceCategory
            switch item {
            case .string(let name):
                guard let preset = PlaceCategory(rawValue: name) else {
                    throw Problem(path: path, message: PlaceCategory.unknownMessage(name))
                }
                category = preset
            case .object:
                category = try OwnCategorySettings.category(item, path: path, languages: languages, order: index)
            default: throw Problem(path: path, message: expected)
            }
            let segment = category.pathSegment(in: languages.main)
            if let twin = categories.first(where: {
                $0.rawValue == category.rawValue || $0.pathSegment(in: languages.main) == segment
            }) {
                throw Problem(
                    path: path,
                    message: twin.rawValue == category.rawValue && twin.isPreset && category.isPreset
                        ? "«\(category.rawValue)» står to ganger"
                        : "får samme adresse (\(segment)/) som «\(twin.rawValue)» foran; velg et annet flertall"
                )
            }
            categories.append(category)
        }
        return categories
    }

    /// More kinds than a chip row and a page of sections can show.
    static let maximumCategories = 40

    /// `{"en": {"title": "…", "intro": "…"}, "nn": {…}}`: the owner's texts per language.
    static func translations(_ json: JSONValue) throws(Problem) -> [Language: SiteSettings.OwnerTexts] {
        guard case .object(let members) = json else {
            throw Problem(path: "translations", message: "forventet {\"en\": {\"title\": \"…\", \"intro\": \"…\"}}")
        }
        var translations: [Language: SiteSettings.OwnerTexts] = [:]
        for (code, texts) in members {
            guard let language = Language(code: code) else {
                let shown = TextHardening.clean(code, maximumLength: 20) ?? ""
                throw Problem(
                    path: "translations",
                    message: "ukjent språk «\(shown)»; guiden finnes på nb (bokmål), nn (nynorsk) og en (engelsk)")
            }
            let path = "translations.\(language.rawValue)"
            guard case .object = texts else {
                throw Problem(path: path, message: "forventet {\"title\": \"…\", \"intro\": \"…\"}")
            }
            try StrictJSON.requireKnownFields(texts, path: path, known: ["title", "intro"])
            translations[language] = .init(
                title: try optionalString(texts["title"], path: path + ".title"),
                intro: try optionalString(texts["intro"], path: path + ".intro"))
        }
        return translations
    }

    /// `["nb", "nn", "en"]`: known codes, each once, at least one.
    static func languages(_ json: JSONValue) throws(Problem) -> SiteLanguages {
        let expected =
            "forventet en liste med språkkoder, for eksempel [\"nb\", \"nn\", \"en\"] (nb: bokmål, nn: nynorsk, en: engelsk)"
        guard case .array(let items) = json, !items.isEmpty else { throw Problem(path: "languages", message: expected) }
        var languages: [Language] = []
        for (index, item) in items.enumerated() {
            guard case .string(let code) = item else { throw Problem(path: "languages[\(index)]", message: expected) }
            guard let language = Language(code: code) else {
                let shown = TextHardening.clean(code, maximumLength: 20) ?? ""
                throw Problem(
                    path: "languages[\(index)]",
                    message: "ukjent språk «\(shown)»; guiden finnes på nb (bokmål), nn (nynorsk) og en (engelsk)")
            }
            guard !languages.contains(language) else {
                throw Problem(path: "languages[\(index)]", message: "«\(language.rawValue)» står to ganger")
            }
            languages.append(language)
        }
        return SiteLanguages(languages)
    }

    /// `"none"`, `"geoapify"`, or `{"tiles", "attribution", "attributionURL"?, "maxZoom"?}`.
    /// The shape is checked here; the values (the template's rules, lengths,
    /// ranges) by `SiteSettings.problems`, like every other setting's.
    static func basemap(_ json: JSONValue) throws(Problem) -> BasemapSetting {
        let expected =
            "forventet \"osm\", \"none\", \"geoapify\" eller {\"tiles\": \"https://…/{z}/{x}/{y}.png\", \"attribution\": \"© …\"}"
        switch json {
        case .string("none"): return .plain
        case .string("geoapify"): return .geoapify
        case .string("osm"): return .openStreetMap
        case .string(let other):
            throw Problem(
                path: "basemap", message: "\(expected) (er «\(TextHardening.clean(other, maximumLength: 60) ?? "")»)")
        case .object:
            try StrictJSON.requireKnownFields(
                json, path: "basemap", known: ["tiles", "attribution", "attributionURL", "maxZoom"])
            guard let tiles = try optionalString(json["tiles"], path: "basemap.tiles") else {
                throw Problem(
                    path: "basemap.tiles", message: "mangler adressemalen for kartflisene (https://…/{z}/{x}/{y}.png)")
            }
            guard let attribution = try optionalString(json["attribution"], path: "basemap.attribution") else {
                throw Problem(
                    path: "basemap.attribution",
                    message: "mangler kreditering av kartet (for eksempel «© OpenStreetMap-bidragsytere»)")
            }
            let maxZoom: Int? =
                if let value = json["maxZoom"], value != .null { try integer(value, path: "basemap.maxZoom") } else {
                    nil
                }
            return .provider(
                TileProviderSetting(
                    tiles: tiles, attribution: attribution,
                    attributionURL: try optionalString(json["attributionURL"], path: "basemap.attributionURL"),
                    maxZoom: maxZoom))
        default:
            throw Problem(path: "basemap", message: expected)
        }
    }

    static func integer(_ json: JSONValue, path: String) throws(Problem) -> Int {
        guard case .number(let n) = json, let integer = Int(exactly: n), abs(integer) < 1_000_000_000 else {
            throw Problem(path: path, message: "forventet et heltall (er \(StrictJSON.shown(json)))")
        }
        return integer
    }

    static func optionalString(_ json: JSONValue?, path: String) throws(Problem) -> String? {
        guard let json, json != .null else { return nil }
        guard case .string(let text) = json else {
            throw Problem(path: path, message: "forventet tekst (er \(StrictJSON.shown(json)))")
        }
        return text
    }

    static func encode(_ settings: SiteSettings) -> JSONValue {
        var center: [(key: String, value: JSONValue)] = [
            ("lat", .number(settings.center.latitude)), ("lon", .number(settings.center.longitude)),
        ]
        if let label = settings.centerLabel { center.append(("label", .string(label))) }
        var members: [(key: String, value: JSONValue)] = [
            ("format", .number(Double(SiteSettings.currentFormat))),
            ("title", .string(settings.title)),
            ("center", .object(center)),
            ("radiusKm", .number(Double(settings.radiusKm))),
            ("placesPerCategory", .number(Double(settings.placesPerCategory))),
            ("cacheHours", .number(Double(settings.cacheHours))),
        ]
        if let intro = settings.intro { members.append(("intro", .string(intro))) }
        if let baseURL = settings.baseURL { members.append(("baseURL", .string(baseURL))) }
        switch settings.basemap {
        case nil: break
        case .plain?: members.append(("basemap", .string("none")))
        case .geoapify?: members.append(("basemap", .string("geoapify")))
        case .openStreetMap?: members.append(("basemap", .string("osm")))
        case .provider(let provider)?:
            var object: [(key: String, value: JSONValue)] = [
                ("tiles", .string(provider.tiles)), ("attribution", .string(provider.attribution)),
            ]
            if let url = provider.attributionURL { object.append(("attributionURL", .string(url))) }
            if let maxZoom = provider.maxZoom { object.append(("maxZoom", .number(Double(maxZoom)))) }
            members.append(("basemap", .object(object)))
        }
        if let basemapData = settings.basemapData { members.append(("basemapData", .string(basemapData))) }
        if let tileBudget = settings.tileBudget { members.append(("tileBudget", .number(Double(tileBudget)))) }
        if settings.languages != .bokmålOnly {
            members.append(("languages", .array(settings.languages.all.map { .string($0.rawValue) })))
        }
        if !settings.translations.isEmpty {
            members.append(
                (
                    "translations",
                    .object(
                        settings.translations.sorted { $0.key.rawValue < $1.key.rawValue }.map { language, texts in
                            var object: [(key: String, value: JSONValue)] = []
                            if let title = texts.title { object.append(("title", .string(title))) }
                            if let intro = texts.intro { object.append(("intro", .string(intro))) }
                            return (language.rawValue, .object(object))
                        })
                ))
        }
        if let timeZone = settings.timeZone { members.append(("timeZone", .string(timeZone))) }
        if settings.categories != PlaceCategory.defaults {
            members.append(
                (
                    "categories",
                    .array(
                        settings.categories.map {
                            $0.isPreset ? .string($0.rawValue) : OwnCategorySettings.encoded($0)
                        })
                ))
        }
        return .object(members)
    }
}

extension SiteSettings {
    /// The file form, byte for byte as it is saved.
    package var encodedBytes: [UInt8] {
        var bytes: [UInt8] = []
        JSONWriter().write(SettingsCodec.encode(self), into: &bytes)
        return bytes
    }
}

/// What the pages' maps draw under the pins, as the owner chose it.
package enum BasemapSetting: Sendable, Equatable {
    /// `"none"` in the file: pins and circles on a plain background. (Not
    /// named `none`, which on an optional would mean nil.)
    case plain
    /// Geoapify's raster tiles, fetched by the build (with the key) and published with the site.
    case geoapify
    /// A provider's tiles, which readers' browsers fetch from it.
    case provider(TileProviderSetting)

    /// Our own basemap, drawn by the pages from OpenStreetMap data the build
    /// cuts into vector tiles (`"osm"` in the file; the default).
    case openStreetMap

    /// The choice in force: the saved one, else our own basemap.
    package static func resolved(_ setting: BasemapSetting?) -> BasemapSetting {
        setting ?? .openStreetMap
    }
}

/// A tile provider the owner accepts: readers' browsers then fetch its tiles.
package struct TileProviderSetting: Sendable, Equatable {
    static let attributionLength = 1...200
    static let maxZoomRange = 1...22
    static let defaultMaxZoom = 19

    /// An https URL template with {z}, {x} and {y}.
    package var tiles: String
    /// The credit the provider requires ("© Example, © OpenStreetMap-bidragsytere").
    package var attribution: String
    /// Where the credit links (http or https).
    package var attributionURL: String?
    /// The highest zoom the provider serves (default 19).
    package var maxZoom: Int?

    package init(tiles: String, attribution: String, attributionURL: String? = nil, maxZoom: Int? = nil) {
        self.tiles = tiles
        self.attribution = attribution
        self.attributionURL = attributionURL
        self.maxZoom = maxZoom
    }

    package var effectiveMaxZoom: Int { maxZoom ?? TileProviderSetting.defaultMaxZoom }

    /// The template's origin ("https://tiles.example.org", with ":port" when
    /// not 443): what the pages' Content-Security-Policy allows for images.
    /// Nil when the template breaks a rule.
    package var origin: String? {
        guard case .success(let origin) = TileProviderSetting.checkTemplate(tiles) else { return nil }
        return origin
    }

    func problems() -> [String] {
        var problems: [String] = []
        if case .failure(let reason) = TileProviderSetting.checkTemplate(tiles) {
            problems.append("basemap.tiles \(reason) (er «\(TextHardening.clean(tiles, maximumLength: 120) ?? "")»)")
        }
        let text = attribution.trimmingWhitespace()
        if !TileProviderSetting.attributionLength.contains(text.count)
            || text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
        {
            problems.append(
                "basemap.attribution må være en kreditering på 1 til 200 tegn uten kontrolltegn (er \(text.count) tegn)"
            )
        }
        if let attributionURL, SafeURL.href(attributionURL, allowed: [.http, .https], allowRelative: false) == nil {
            problems.append(
                "basemap.attributionURL må være en http- eller https-adresse (er «\(TextHardening.clean(attributionURL, maximumLength: 120) ?? "")»)"
            )
        }
        if let maxZoom, !TileProviderSetting.maxZoomRange.contains(maxZoom) {
            problems.append("basemap.maxZoom må være fra 1 til 22 (er \(maxZoom))")
        }
        return problems
    }

    enum TemplateCheck: Equatable {
        case success(origin: String)
        case failure(String)
    }

    /// An https URL with a host (letters, digits, dots and hyphens; a port
    /// allowed), no user or password, {z}, {x} and {y} in it, and only
    /// printable ASCII without spaces, quotes, angle brackets or backslashes
    /// (it goes into the pages and, as an origin, into their policy).
    static func checkTemplate(_ template: String) -> TemplateCheck {
        let address: SettingsAddress
        switch SettingsAddress.parse(template, schemes: ["https"], maximumLength: 500) {
        case .success(let parsed): address = parsed
        case .failure(let problem): return .failure(problem.reason)
        }
        for placeholder in ["{z}", "{x}", "{y}"] where !template.contains(placeholder) {
            return .failure("må inneholde {z}, {x} og {y}")
        }
        return .success(origin: address.origin)
    }
}
