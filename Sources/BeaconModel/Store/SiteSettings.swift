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
    /// A short introduction on the list page, in Markdown (`OwnerText`: rendered, then sanitised).
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
    /// The most basemap tiles one build may publish; nil: `defaultTileBudget`.
    package var tileBudget: Int?
    /// Where the places come from without a places file; nil (not in the file): by the key and
    /// the centre (`PlacesSourceSetting`).
    package var source: PlacesSourceSetting?
    /// The languages the pages are published in; the first at the site root, the others under
    /// `nn/`, `en/`.
    package var languages: SiteLanguages
    /// The owner's title and intro for the other languages (`translations` in the file);
    /// `title` and `intro` are the main language's, and stand in where a translation is missing.
    package var translations: [Language: OwnerTexts] = [:]
    /// The IANA name of the guide's time zone (`timeZone` in the file); nil: the zone at the
    /// centre.
    package var timeZone: String?
    /// The kinds of place the guide holds, in the order its chips show them (`categories` in the
    /// file: preset keys); the brief's restaurant, café and hotel when the file names none.
    package var categories: [PlaceCategory] = PlaceCategory.defaults
    /// The average a rated place needs to be one of the owner's picks, first in «Anbefalt» order
    /// beside the favorites (`picksMinimumRating` in the file); a place rated lower is ordered
    /// with the unrated ones.
    package var picksMinimumRating: Int = SiteSettings.defaultPicksMinimumRating
    package static let defaultPicksMinimumRating = 4
    static let picksMinimumRatingRange = 1...5

    /// The country a place whose data names none is taken to be in, for the order of its address
    /// (`AddressStyle`): the one of the guide's time zone, where that decides it.
    package var addressCountry: String? {
        AddressStyle.country(ofTimeZone: guideTimeZone.identifier)
    }

    /// The zone opening hours and dates go by: the owner's, or the one at the centre.
    package var guideTimeZone: GuideTimeZone {
        timeZone.flatMap(GuideTimeZone.init(identifier:)) ?? GuideTimeZone.at(center)
    }

    /// What the owner writes about the guide, in one language.
    package struct OwnerTexts: Sendable, Equatable, Codable {
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

    /// Moves the centre to `coordinate`, named `label`. A title that only named the old centre (the
    /// one `init` made from its label, or the built-in one) follows the new one; a title the owner
    /// wrote stays. Returns the new title when it changed.
    package mutating func moveCenter(to coordinate: Coordinate, label: String?) -> String? {
        let followsCenter = titleIsMadeFromCenter
        center = coordinate
        centerLabel = label
        let newTitle = Self.titleFollowing(label: label)
        guard followsCenter, title != newTitle else { return nil }
        title = newTitle
        return newTitle
    }

    /// Whether the title only names the centre (the one `init` made from its label, or the built-in
    /// one), so that it is the tool's words, not the owner's: each language's pages then say it in
    /// their own.
    package var titleIsMadeFromCenter: Bool {
        title == Self.titleFollowing(label: centerLabel) || title == Self.defaults.title
    }

    package init(
        center: Coordinate = .osloS, centerLabel: String? = "Oslo S", radiusKm: Int = 5,
        placesPerCategory: Int = 20, title: String = "Beacon – steder rundt Oslo S",
        intro: String? = nil, baseURL: String? = nil, cacheHours: Int = 24,
        basemap: BasemapSetting? = nil, tileBudget: Int? = nil,
        languages: SiteLanguages = .bokmålOnly
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
        if path.trimmingWhitespace().isEmpty || path.hasPrefix("/") || parts.contains("..")
            || path.utf8.count > 500
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
    package var effectiveTileBudget: Int { tileBudget ?? Self.defaultTileBudget }
    /// How many raster tiles a build may publish when the settings say nothing.
    package static let defaultTileBudget = 300

    /// Every rule the settings must meet, as Norwegian messages that each name the field as the
    /// file writes it and the value it has; empty when valid.
    func problems() -> [String] {
        var problems: [String] = []
        if !(center.latitude.isFinite && abs(center.latitude) <= 90) {
            problems.append(
                "center.lat (breddegraden) må være fra -90 til 90 (er \(JSONValue.format(number: center.latitude)))"
            )
        }
        if !(center.longitude.isFinite && abs(center.longitude) <= 180) {
            problems.append(
                "center.lon (lengdegraden) må være fra -180 til 180 (er \(JSONValue.format(number: center.longitude)))"
            )
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
                    "baseURL \(problem.reason) (er «\(TextHardening.clean(baseURL, maximumLength: 120) ?? "")»)"
                )
            }
        }
        if let basemapData, let problem = SiteSettings.basemapDataProblem(basemapData) {
            problems.append(problem)
        }
        if !SiteSettings.picksMinimumRatingRange.contains(picksMinimumRating) {
            problems.append(
                "picksMinimumRating (hvor mange stjerner et sted må ha for å anbefales) må være fra 1 til 5 (er \(picksMinimumRating))"
            )
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
                    + (near.isEmpty
                        ? "" : " (mente du \(near.map { "«\($0)»" }.joined(separator: ", "))?)"))
        }
        for (language, texts) in translations.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            if let title = texts.title, title.trimmingWhitespace().isEmpty {
                problems.append("translations.\(language.rawValue).title kan ikke være tom")
            }
        }
        return problems
    }
}
