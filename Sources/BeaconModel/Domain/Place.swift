import BeaconText

/// One place as the guide knows it, whatever source it came from. Text fields
/// are already cleaned (`TextHardening`); they are still plain text and are
/// escaped wherever they are written.
package struct Place: Sendable, Hashable {
    package var id: PlaceID
    package var name: String
    package var category: PlaceCategory
    package var coordinate: Coordinate
    package var address: PostalAddress
    /// Raw OSM `opening_hours`, rendered by `OpeningHours`.
    package var openingHours: String?
    package var phone: String?
    /// Only http(s) URLs survive decoding.
    package var website: String?
    package var email: String?
    /// Geoapify's own id, kept so `sitegen rate` accepts it as a place name.
    package var providerID: String?
    /// Cuisine, diets, wheelchair access, price level: what the data knows of them.
    package var traits: PlaceTraits
    /// Whether the owner added or corrected it (the pages say so).
    package var origin: PlaceOrigin = .data
    /// The owner's note on the place (`place add --note`, an import's description): a little
    /// formatting allowed, so it goes through the sanitiser like a rating's comment.
    package var ownerNote: String?
    /// Its name in other languages, and the language of `name`, where the data gives them.
    package var names: PlaceNames = .none

    package init(
        id: PlaceID, name: String, category: PlaceCategory, coordinate: Coordinate,
        address: PostalAddress = PostalAddress(), openingHours: String? = nil, phone: String? = nil,
        website: String? = nil, email: String? = nil, providerID: String? = nil,
        traits: PlaceTraits = .none
    ) {
        self.id = id
        self.name = name
        self.category = category
        self.coordinate = coordinate
        self.address = address
        self.openingHours = openingHours
        self.phone = phone
        self.website = website
        self.email = email
        self.providerID = providerID
        self.traits = traits
    }
}

/// Every fact of a place, by one name each, for the index of places the terminal commands read
/// (`PlaceIndex`): a fact a place gains is a line in each method. The address, traits and names are
/// written flat (those two in their archive form), so none of the parts needs a Codable conformance
/// of its own: each would cost the binary kilobytes. The address's one-line form is kept as the
/// build wrote it.
extension Place: Codable {
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: JSONKey.self)
        func text(_ key: JSONKey) throws -> String? {
            try container.decodeIfPresent(String.self, forKey: key)
        }
        self.init(
            id: PlaceID(rawValue: try container.decode(String.self, forKey: "id")),
            name: try container.decode(String.self, forKey: "name"),
            category: try container.category("category"),
            coordinate: Coordinate(
                latitude: try container.decode(Double.self, forKey: "lat"),
                longitude: try container.decode(Double.self, forKey: "lon")),
            address: PostalAddress(
                street: try text("street"), houseNumber: try text("houseNumber"),
                postcode: try text("postcode"),
                city: try text("city"), country: try text("country"), state: try text("state"),
                fallbackLine: try text("addressLine"), singleLine: try text("address"),
                area: try text("area")),
            openingHours: try text("hours"), phone: try text("phone"), website: try text("website"),
            email: try text("email"), providerID: try text("providerID"),
            traits: try text("traits").flatMap(PlaceTraits.init(archived:)) ?? .none)
        origin = try text("origin").flatMap(PlaceOrigin.init(rawValue:)) ?? .data
        ownerNote = try text("note")
        names = try text("names").flatMap(PlaceNames.init(archived:)) ?? .none
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: JSONKey.self)
        try container.encode(coordinate.latitude, forKey: "lat")
        try container.encode(coordinate.longitude, forKey: "lon")
        let texts: [(JSONKey, String?)] = [
            ("id", id.rawValue), ("name", name), ("category", category.rawValue),
            ("address", address.singleLine), ("area", address.area),
            ("addressLine", address.fallbackLine), ("street", address.street),
            ("houseNumber", address.houseNumber),
            ("postcode", address.postcode), ("city", address.city), ("country", address.country),
            ("state", address.state), ("hours", openingHours), ("phone", phone),
            ("website", website),
            ("email", email), ("providerID", providerID), ("traits", traits.archived),
            ("origin", origin == .data ? nil : origin.rawValue), ("note", ownerNote),
            ("names", names.archived),
        ]
        for (key, text) in texts { try container.encodeIfPresent(text, forKey: key) }
    }
}

/// Where a place in the guide comes from: the data, the owner (`sitegen place add`, `sitegen
/// import`), or the data with the owner's corrections (`sitegen place edit`).
package enum PlaceOrigin: String, Sendable, Hashable {
    case data
    case own
    case corrected
}

/// The parts of an address the pages show; any of them may be missing.
/// Immutable, so the one-line form is worked out once, not on every page,
/// and shared, not copied: a class, so that copying a place costs one
/// reference count for its address instead of six.
package final class PostalAddress: Sendable, Hashable {
    package let street: String?
    package let houseNumber: String?
    package let postcode: String?
    package let city: String?
    /// The country's ISO 3166-1 alpha-2 code in lower case ("gb"), when the data gives it: it
    /// decides the order of the one-line form (`AddressStyle`).
    package let country: String?
    /// The state or province as its code ("WA"), when the data gives it: shown where the country
    /// writes it.
    package let state: String?
    /// A one-line address given as such (never the place's name), used when there is no street.
    package let fallbackLine: String?
    /// "Karl Johans gate 1, 0154 Oslo", "2 Lothian Road, Edinburgh EH1 2DU"; nil when no street is
    /// known (a postcode and town alone do not find the door; the pages then say «Adresse
    /// mangler»).
    package let singleLine: String?
    /// Where the place is when the data names no street: its part of town and the town ("Hoàn
    /// Kiếm, Hà Nội"), from the address's suburb, district or city; nil when there is a street
    /// (`singleLine` says more) or the data names no such part.
    package let area: String?

    /// The parts with their one-line form already worked out (read back from `GuideBaseArchive`).
    package init(
        street: String?, houseNumber: String?, postcode: String?, city: String?, country: String?,
        state: String?,
        fallbackLine: String?, singleLine: String?, area: String? = nil
    ) {
        self.street = street
        self.houseNumber = houseNumber
        self.postcode = postcode
        self.city = city
        self.country = country
        self.state = state
        self.fallbackLine = fallbackLine
        self.singleLine = singleLine
        self.area = area
    }

    /// `writtenAsIn`: the country whose way the address is written in when `country` is nil (the
    /// guide's).
    package init(
        street: String? = nil, houseNumber: String? = nil, postcode: String? = nil,
        city: String? = nil,
        country: String? = nil, state: String? = nil, writtenAsIn guideCountry: String? = nil,
        fallbackLine: String? = nil, area: String? = nil
    ) {
        self.street = street
        self.houseNumber = houseNumber
        self.postcode = postcode
        self.city = city
        self.country = country
        self.state = state
        self.fallbackLine = fallbackLine
        let writtenAs = country ?? guideCountry
        let style = AddressStyle(country: writtenAs)
        var parts: [String] = []
        if let street { parts.append(style.street(street, number: houseNumber)) }
        let stateSeparator = writtenAs.flatMap { AddressStyle.stateSeparators[$0] }
        let town = style.town(
            postcode: postcode, city: city, state: stateSeparator == nil ? nil : state,
            separator: stateSeparator ?? " ")
        if !town.isEmpty { parts.append(town) }
        singleLine = street == nil ? fallbackLine : parts.joined(separator: ", ")
        self.area = singleLine == nil ? area : nil
    }

    /// What a card shows of where the place is: the address, else its area, else nothing (a
    /// missing address is the detail page's to say, not every card's).
    package var shortLine: String? { singleLine ?? area }

    /// "Hoàn Kiếm, Hà Nội" from the most precise part of town the data names and the town; the
    /// town alone when it names no part, nil when it names neither. A part named as the town is
    /// said once.
    package static func area(part: String?, city: String?) -> String? {
        guard let part else { return city }
        guard let city,
            TextFolding.searchKey(part).trimmingWhitespace()
                != TextFolding.searchKey(city).trimmingWhitespace()
        else { return part }
        return part + ", " + city
    }

    /// Whether the one-line form puts the house number before the street ("112 Princes Street"): as
    /// the data's country or the guide's wrote it, read back from the line so that it survives the
    /// archive.
    package var numberComesFirst: Bool {
        guard let street, let houseNumber, let singleLine else { return false }
        return singleLine.hasPrefix(houseNumber + " " + street)
    }

    /// Whether `line` says no more than the place's name (case and accents aside): what providers
    /// put where an address is missing.
    package static func isOnlyName(_ line: String, name: String) -> Bool {
        TextFolding.searchKey(line).trimmingWhitespace()
            == TextFolding.searchKey(name).trimmingWhitespace()
    }

    package static func == (a: PostalAddress, b: PostalAddress) -> Bool {
        a === b
            || (a.street == b.street && a.houseNumber == b.houseNumber && a.postcode == b.postcode
                && a.city == b.city
                && a.country == b.country && a.state == b.state && a.fallbackLine == b.fallbackLine
                && a.singleLine == b.singleLine && a.area == b.area)
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(street)
        hasher.combine(houseNumber)
        hasher.combine(postcode)
        hasher.combine(city)
        hasher.combine(country)
        hasher.combine(state)
        hasher.combine(fallbackLine)
        hasher.combine(singleLine)
        hasher.combine(area)
    }
}
