/// One place as the guide knows it, whatever source it came from. Text fields
/// are already cleaned (`TextHardening`); they are still plain text and are
/// escaped wherever they are written.
public struct Place: Sendable, Hashable {
    public var id: PlaceID
    public var name: String
    public var category: PlaceCategory
    public var coordinate: Coordinate
    public var address: PostalAddress
    /// Raw OSM `opening_hours`, rendered by `OpeningHours`.
    public var openingHours: String?
    public var phone: String?
    /// Only http(s) URLs survive decoding.
    public var website: String?
    public var email: String?
    /// Geoapify's own id, kept so `sitegen rate` accepts it as a place name.
    public var providerID: String?

    public init(
        id: PlaceID, name: String, category: PlaceCategory, coordinate: Coordinate,
        address: PostalAddress = PostalAddress(), openingHours: String? = nil, phone: String? = nil,
        website: String? = nil, email: String? = nil, providerID: String? = nil
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
    }
}

/// The parts of an address the pages show; any of them may be missing.
/// Immutable, so the one-line form is worked out once, not on every page.
public struct PostalAddress: Sendable, Hashable {
    public let street: String?
    public let houseNumber: String?
    public let postcode: String?
    public let city: String?
    /// The provider's one-line address, used when the parts are missing.
    public let fallbackLine: String?
    /// "Karl Johans gate 1, 0154 Oslo"; nil when nothing is known.
    public let singleLine: String?

    public init(street: String? = nil, houseNumber: String? = nil, postcode: String? = nil, city: String? = nil, fallbackLine: String? = nil) {
        self.street = street
        self.houseNumber = houseNumber
        self.postcode = postcode
        self.city = city
        self.fallbackLine = fallbackLine
        var parts: [String] = []
        if let street {
            parts.append(houseNumber.map { street + " " + $0 } ?? street)
        }
        let town = [postcode, city].compactMap { $0 }.joined(separator: " ")
        if !town.isEmpty { parts.append(town) }
        if parts.isEmpty || street == nil, let fallbackLine {
            singleLine = fallbackLine
        } else {
            singleLine = parts.isEmpty ? nil : parts.joined(separator: ", ")
        }
    }
}
