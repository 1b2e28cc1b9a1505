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

    package init(
        center: Coordinate = .osloS, centerLabel: String? = "Oslo S", radiusKm: Int = 5,
        placesPerCategory: Int = 20, title: String = "Beacon – steder rundt Oslo S",
        intro: String? = nil, baseURL: String? = nil, cacheHours: Int = 24
    ) {
        self.center = center
        self.centerLabel = centerLabel
        self.radiusKm = radiusKm
        self.placesPerCategory = placesPerCategory
        self.title = title
        self.intro = intro
        self.baseURL = baseURL
        self.cacheHours = cacheHours
    }

    package static let defaults = SiteSettings(
        intro: "Restauranter, kafeer og hoteller jeg liker i gangavstand fra Oslo S, med stjernene og kommentarene mine. Favorittene finner du under <em>Mine steder</em>."
    )

    package var radiusMetres: Int { radiusKm * 1000 }

    /// Every rule the settings must meet, as Norwegian messages; empty when valid.
    func problems() -> [String] {
        var problems: [String] = []
        if !(center.latitude.isFinite && abs(center.latitude) <= 90) {
            problems.append("breddegraden må være mellom -90 og 90 (er \(center.latitude))")
        }
        if !(center.longitude.isFinite && abs(center.longitude) <= 180) {
            problems.append("lengdegraden må være mellom -180 og 180 (er \(center.longitude))")
        }
        if !SiteSettings.radiusRange.contains(radiusKm) {
            problems.append("radius må være fra 1 til 10 km (er \(radiusKm))")
        }
        if !SiteSettings.placesPerCategoryRange.contains(placesPerCategory) {
            problems.append("antall steder per kategori må være fra 10 til 100 (er \(placesPerCategory))")
        }
        if title.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            problems.append("tittelen kan ikke være tom")
        }
        if !SiteSettings.cacheHoursRange.contains(cacheHours) {
            problems.append("cacheHours må være fra 0 til 8760 (er \(cacheHours))")
        }
        if let baseURL, SafeURL.href(baseURL, allowed: [.http, .https], allowRelative: false) == nil {
            problems.append("baseURL må være en http- eller https-adresse (er «\(baseURL)»)")
        }
        return problems
    }
}

import BeaconHTML
import Foundation

enum SettingsCodec {
    typealias Problem = StrictJSON.Problem

    static func decode(_ json: JSONValue) throws(Problem) -> SiteSettings {
        guard case .object = json else { throw Problem(path: "", message: "forventet et JSON-objekt") }
        try StrictJSON.requireKnownFields(json, path: "", known: ["format", "center", "radiusKm", "placesPerCategory", "title", "intro", "baseURL", "cacheHours"])
        try StrictJSON.requireFormat(json, current: SiteSettings.currentFormat)
        var settings = SiteSettings()
        if let center = json["center"] {
            guard case .object = center else { throw Problem(path: "center", message: "forventet {\"lat\": tall, \"lon\": tall}") }
            try StrictJSON.requireKnownFields(center, path: "center", known: ["lat", "lon", "label"])
            guard case .number(let lat) = center["lat"] ?? .null, case .number(let lon) = center["lon"] ?? .null else {
                throw Problem(path: "center", message: "forventet {\"lat\": tall, \"lon\": tall}")
            }
            settings.center = Coordinate(latitude: lat, longitude: lon)
            settings.centerLabel = try optionalString(center["label"], path: "center.label")
        }
        if let value = json["radiusKm"] { settings.radiusKm = try integer(value, path: "radiusKm") }
        if let value = json["placesPerCategory"] { settings.placesPerCategory = try integer(value, path: "placesPerCategory") }
        if let value = json["cacheHours"] { settings.cacheHours = try integer(value, path: "cacheHours") }
        if let title = try optionalString(json["title"], path: "title") { settings.title = title }
        settings.intro = try optionalString(json["intro"], path: "intro")
        settings.baseURL = try optionalString(json["baseURL"], path: "baseURL")
        return settings
    }

    static func integer(_ json: JSONValue, path: String) throws(Problem) -> Int {
        guard case .number(let n) = json, let integer = Int(exactly: n), abs(integer) < 1_000_000_000 else {
            throw Problem(path: path, message: "forventet et heltall")
        }
        return integer
    }

    static func optionalString(_ json: JSONValue?, path: String) throws(Problem) -> String? {
        guard let json, json != .null else { return nil }
        guard case .string(let text) = json else { throw Problem(path: path, message: "forventet tekst") }
        return text
    }

    static func encode(_ settings: SiteSettings) -> JSONValue {
        var center: [(key: String, value: JSONValue)] = [("lat", .number(settings.center.latitude)), ("lon", .number(settings.center.longitude))]
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
