/// How a country writes a street address on one line. Most of Europe puts the house number after
/// the street and the postcode before the town ("Grüners gate 1, 0552 Oslo"); Britain, Ireland,
/// North America, Australia and others put the number first and the town before the postcode ("2
/// Lothian Road, Edinburgh EH1 2DU"); France and a few more put the number first and the postcode
/// before the town ("12 Rue Oberkampf, 75011 Paris"). A place without a known country is written
/// the first way, the sample's and most of the guides' own.
package enum AddressStyle: Sendable {
    case numberAfterStreet
    case numberFirst
    case numberFirstTownBeforePostcode

    /// `country`: an ISO 3166-1 alpha-2 code in lower case (`PostalAddress.country`).
    init(country: String?) {
        self = country.flatMap { Self.countryStyles[$0] } ?? .numberAfterStreet
    }

    /// The countries that write addresses otherwise than the first way (one lookup for every place
    /// read).
    private static let countryStyles: [String: AddressStyle] = {
        var styles: [String: AddressStyle] = [:]
        for country in [
            "gb", "im", "je", "gg", "ie", "us", "pr", "gu", "vi", "ca", "au", "nz", "za", "in",
            "sg", "ph", "hk", "mt",
        ] {
            styles[country] = .numberFirstTownBeforePostcode
        }
        for country in [
            "fr", "mc", "lu", "re", "gp", "mq", "gf", "yt", "pm", "nc", "pf", "my", "vn",
        ] {
            styles[country] = .numberFirst
        }
        return styles
    }()

    func street(_ street: String, number: String?) -> String {
        guard let number else { return street }
        return self == .numberAfterStreet ? street + " " + number : number + " " + street
    }

    /// "0552 Oslo", "Edinburgh EH1 2DU"; with `state` (shown where `stateSeparators` says):
    /// "Seattle, WA 98117", "Sydney NSW 2000".
    func town(postcode: String?, city: String?, state: String? = nil, separator: String = " ")
        -> String
    {
        guard self == .numberFirstTownBeforePostcode else {
            return [postcode, city].compactMap { $0 }.joined(separator: " ")
        }
        var line = city ?? ""
        if let state { line += line.isEmpty ? state : separator + state }
        if let postcode { line += line.isEmpty ? postcode : " " + postcode }
        return line
    }

    /// The countries whose addresses name the state or province after the town, and what goes
    /// between them.
    package static let stateSeparators: [String: String] = ["us": ", ", "ca": ", ", "au": " "]

    /// A state or province as the data gives its code ("WA" from Geoapify's `state_code` or OSM's
    /// `addr:state`, "NSW"), in capitals; nil for anything that is not two or three Latin letters
    /// (a name such as "Washington" included).
    package static func stateCode(_ text: String?) -> String? {
        guard let text, (2...3).contains(text.utf8.count),
            text.utf8.allSatisfy({ (0x41...0x5A).contains($0 & 0xDF) })
        else { return nil }
        return text.uppercased()
    }

    /// The country of the time zone `identifier` where it writes addresses otherwise than the first
    /// way (most zones are one country's, and the rest write them as the first way does); nil for
    /// the others. For the places of a guide whose data names no country (an OpenStreetMap export
    /// seldom does).
    static func country(ofTimeZone identifier: String) -> String? {
        if let country = zoneCountries[identifier] { return country }
        for (prefix, country) in zonePrefixCountries where identifier.hasPrefix(prefix) {
            return country
        }
        return nil
    }

    private static let zonePrefixCountries = [
        ("America/Indiana/", "us"), ("America/Kentucky/", "us"), ("America/North_Dakota/", "us"),
        ("Australia/", "au"),
    ]

    private static let zoneCountries: [String: String] = {
        var countries: [String: String] = [
            "Europe/London": "gb", "Europe/Belfast": "gb", "Europe/Dublin": "ie",
            "Europe/Isle_of_Man": "im",
            "Europe/Jersey": "je", "Europe/Guernsey": "gg", "Europe/Malta": "mt",
            "Europe/Paris": "fr",
            "Europe/Monaco": "mc", "Europe/Luxembourg": "lu", "Pacific/Honolulu": "us",
            "America/Puerto_Rico": "pr",
            "Pacific/Auckland": "nz", "Pacific/Chatham": "nz", "Africa/Johannesburg": "za",
            "Asia/Kolkata": "in",
            "Asia/Calcutta": "in", "Asia/Singapore": "sg", "Asia/Manila": "ph",
            "Asia/Hong_Kong": "hk",
            "Asia/Kuala_Lumpur": "my", "Asia/Kuching": "my", "Indian/Reunion": "re",
            "America/Guadeloupe": "gp",
            "America/Martinique": "mq", "America/Cayenne": "gf", "Pacific/Noumea": "nc",
            "Pacific/Tahiti": "pf", "Asia/Ho_Chi_Minh": "vn", "Asia/Saigon": "vn",
        ]
        for city in [
            "New_York", "Chicago", "Denver", "Los_Angeles", "Phoenix", "Anchorage", "Juneau",
            "Sitka", "Metlakatla",
            "Yakutat", "Nome", "Adak", "Boise", "Detroit", "Menominee", "Indianapolis",
            "Louisville",
        ] {
            countries["America/" + city] = "us"
        }
        for city in [
            "Toronto", "Montreal", "Vancouver", "Edmonton", "Winnipeg", "Halifax", "St_Johns",
            "Regina",
            "Swift_Current", "Moncton", "Glace_Bay", "Goose_Bay", "Whitehorse", "Dawson",
            "Dawson_Creek",
            "Fort_Nelson", "Creston", "Cambridge_Bay", "Inuvik", "Iqaluit", "Rankin_Inlet",
            "Resolute", "Atikokan",
            "Blanc-Sablon", "Yellowknife", "Nipigon", "Thunder_Bay", "Rainy_River", "Pangnirtung",
        ] {
            countries["America/" + city] = "ca"
        }
        return countries
    }()

    /// A country as the data gives it (`gb` from Geoapify, `GB` in an OSM `addr:country` tag), as
    /// `PostalAddress.country` keeps it; nil for anything that is not two Latin letters.
    package static func countryCode(_ text: String?) -> String? {
        guard let text, text.utf8.count == 2,
            text.utf8.allSatisfy({ (0x41...0x5A).contains($0 & 0xDF) })
        else { return nil }
        // Geoapify's are lower case already: no new string for them.
        return text.utf8.allSatisfy({ $0 >= 0x61 }) ? text : text.lowercased()
    }
}
