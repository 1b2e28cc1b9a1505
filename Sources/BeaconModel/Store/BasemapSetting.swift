import BeaconHTML
import BeaconText

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

/// `"none"`, `"geoapify"`, `"osm"`, or `{"tiles", "attribution", "attributionURL"?, "maxZoom"?}`.
/// The shape is checked here; the values (the template's rules, lengths, ranges) by
/// `SiteSettings.problems`, like every other setting's.
extension BasemapSetting: Codable {
    static let expected =
        "forventet \"osm\", \"none\", \"geoapify\" eller {\"tiles\": \"https://…/{z}/{x}/{y}.png\", \"attribution\": \"© …\"}"

    package init(from decoder: any Decoder) throws {
        guard let name = try? decoder.singleValueContainer().decode(String.self) else {
            self = .provider(try TileProviderSetting(from: decoder))
            return
        }
        switch name {
        case "none": self = .plain
        case "geoapify": self = .geoapify
        case "osm": self = .openStreetMap
        default: throw StrictJSON.Refusal(at: decoder.codingPath, Self.expected)
        }
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .plain: try container.encode("none")
        case .geoapify: try container.encode("geoapify")
        case .openStreetMap: try container.encode("osm")
        case .provider(let provider): try container.encode(provider)
        }
    }
}

/// A tile provider the owner accepts: readers' browsers then fetch its tiles.
package struct TileProviderSetting: Sendable, Equatable, Codable {
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

    package init(
        tiles: String, attribution: String, attributionURL: String? = nil, maxZoom: Int? = nil
    ) {
        self.tiles = tiles
        self.attribution = attribution
        self.attributionURL = attributionURL
        self.maxZoom = maxZoom
    }

    package var effectiveMaxZoom: Int { maxZoom ?? TileProviderSetting.defaultMaxZoom }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.strictContainer(
            known: ["tiles", "attribution", "attributionURL", "maxZoom"],
            expected: BasemapSetting.expected)
        func required(_ key: JSONKey, missing: String) throws -> String {
            guard let text = try container.string(key) else {
                throw StrictJSON.Refusal(
                    at: container.codingPath + [key], missing, showsValue: false)
            }
            return text
        }
        self.init(
            tiles: try required(
                "tiles", missing: "mangler adressemalen for kartflisene (https://…/{z}/{x}/{y}.png)"
            ),
            attribution: try required(
                "attribution",
                missing:
                    "mangler kreditering av kartet (for eksempel «© OpenStreetMap-bidragsytere»)"),
            attributionURL: try container.string("attributionURL"),
            maxZoom: try container.integer("maxZoom"))
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: JSONKey.self)
        try container.encode(tiles, forKey: "tiles")
        try container.encode(attribution, forKey: "attribution")
        try container.encodeIfPresent(attributionURL, forKey: "attributionURL")
        try container.encodeIfPresent(maxZoom, forKey: "maxZoom")
    }

    /// The template's origin ("https://tiles.example.org", with ":port" when
    /// not 443): what the pages' Content-Security-Policy allows for images.
    /// Nil when the template breaks a rule.
    package var origin: String? {
        guard case .success(let origin) = TileProviderSetting.checkTemplate(tiles) else {
            return nil
        }
        return origin
    }

    func problems() -> [String] {
        var problems: [String] = []
        if case .failure(let reason) = TileProviderSetting.checkTemplate(tiles) {
            problems.append(
                "basemap.tiles \(reason) (er «\(TextHardening.clean(tiles, maximumLength: 120) ?? "")»)"
            )
        }
        let text = attribution.trimmingWhitespace()
        if !TileProviderSetting.attributionLength.contains(text.count)
            || text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
        {
            problems.append(
                "basemap.attribution må være en kreditering på 1 til 200 tegn uten kontrolltegn (er \(text.count) tegn)"
            )
        }
        if let attributionURL,
            SafeURL.href(attributionURL, allowed: [.http, .https], allowRelative: false) == nil
        {
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
