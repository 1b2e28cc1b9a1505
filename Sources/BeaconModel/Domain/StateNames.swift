extension AddressStyle {
    /// The state or province an address in `country` shows: the code the data gives (`state_code`,
    /// `addr:state`), else the code of the name it gives instead, there or in `name` (Geoapify's
    /// `state`).
    package static func stateCode(given: String?, name: String? = nil, in country: String?)
        -> String?
    {
        stateCode(given) ?? stateCode(named: given, in: country)
            ?? stateCode(named: name, in: country)
    }

    /// The code an address shows for a state or province the data gives only by name: Geoapify's
    /// `state` ("Ontario") where its answer has no `state_code`, as its older Canadian answers have
    /// none, or an OSM `addr:state` written out ("California"). `country` is where the address is
    /// written (`stateSeparators`); nil for a name it does not know.
    package static func stateCode(named name: String?, in country: String?) -> String? {
        guard let name, let country, let names = stateNames[country] else { return nil }
        return names[name.lowercased()]
    }

    /// Postal codes by lower-case name, for the countries whose addresses show them. Canada's
    /// French names are there too; Geoapify writes «Quebec» and «Québec» both.
    private static let stateNames: [String: [String: String]] = [
        "us": [
            "alabama": "AL", "alaska": "AK", "arizona": "AZ", "arkansas": "AR", "california": "CA",
            "colorado": "CO",
            "connecticut": "CT", "delaware": "DE", "district of columbia": "DC", "florida": "FL",
            "georgia": "GA",
            "hawaii": "HI", "idaho": "ID", "illinois": "IL", "indiana": "IN", "iowa": "IA",
            "kansas": "KS",
            "kentucky": "KY", "louisiana": "LA", "maine": "ME", "maryland": "MD",
            "massachusetts": "MA",
            "michigan": "MI", "minnesota": "MN", "mississippi": "MS", "missouri": "MO",
            "montana": "MT",
            "nebraska": "NE", "nevada": "NV", "new hampshire": "NH", "new jersey": "NJ",
            "new mexico": "NM",
            "new york": "NY", "north carolina": "NC", "north dakota": "ND", "ohio": "OH",
            "oklahoma": "OK",
            "oregon": "OR", "pennsylvania": "PA", "rhode island": "RI", "south carolina": "SC",
            "south dakota": "SD", "tennessee": "TN", "texas": "TX", "utah": "UT", "vermont": "VT",
            "virginia": "VA", "washington": "WA", "west virginia": "WV", "wisconsin": "WI",
            "wyoming": "WY",
        ],
        "ca": [
            "alberta": "AB", "british columbia": "BC", "colombie-britannique": "BC",
            "manitoba": "MB",
            "new brunswick": "NB", "nouveau-brunswick": "NB", "newfoundland and labrador": "NL",
            "terre-neuve-et-labrador": "NL", "northwest territories": "NT",
            "territoires du nord-ouest": "NT",
            "nova scotia": "NS", "nouvelle-écosse": "NS", "nunavut": "NU", "ontario": "ON",
            "prince edward island": "PE", "île-du-prince-édouard": "PE", "quebec": "QC",
            "québec": "QC",
            "saskatchewan": "SK", "yukon": "YT",
        ],
        "au": [
            "australian capital territory": "ACT", "new south wales": "NSW",
            "northern territory": "NT",
            "queensland": "QLD", "south australia": "SA", "tasmania": "TAS", "victoria": "VIC",
            "western australia": "WA",
        ],
    ]
}
