/// How a country writes a street address on one line. Most of Europe puts the house number after the
/// street and the postcode before the town ("Grüners gate 1, 0552 Oslo"); Britain, Ireland, North
/// America, Australia and others put the number first and the town before the postcode ("2 Lothian Road,
/// Edinburgh EH1 2DU"); France and a few more put the number first and the postcode before the town
/// ("12 Rue Oberkampf, 75011 Paris"). A place without a known country is written the first way, the
/// sample's and most of the guides' own.
enum AddressStyle: Sendable {
    case numberAfterStreet
    case numberFirst
    case numberFirstTownBeforePostcode

    /// `country`: an ISO 3166-1 alpha-2 code in lower case (`PostalAddress.country`).
    init(country: String?) {
        switch country {
        case "gb", "im", "je", "gg", "ie", "us", "pr", "gu", "vi", "ca", "au", "nz", "za", "in", "sg", "ph", "hk",
            "mt":
            self = .numberFirstTownBeforePostcode
        case "fr", "mc", "lu", "re", "gp", "mq", "gf", "yt", "pm", "nc", "pf", "my":
            self = .numberFirst
        default:
            self = .numberAfterStreet
        }
    }

    func street(_ street: String, number: String?) -> String {
        guard let number else { return street }
        return self == .numberAfterStreet ? street + " " + number : number + " " + street
    }

    func town(postcode: String?, city: String?) -> String {
        let parts = self == .numberFirstTownBeforePostcode ? [city, postcode] : [postcode, city]
        return parts.compactMap { $0 }.joined(separator: " ")
    }

    /// A country as the data gives it (`gb` from Geoapify, `GB` in an OSM `addr:country` tag), as
    /// `PostalAddress.country` keeps it; nil for anything that is not two Latin letters.
    static func countryCode(_ text: String?) -> String? {
        guard let text, text.utf8.count == 2, text.utf8.allSatisfy({ (0x41...0x5A).contains($0 & 0xDF) })
        else { return nil }
        return text.lowercased()
    }
}
