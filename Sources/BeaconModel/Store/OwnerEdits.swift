/// A place the owner added to the guide themselves (`sitegen place add`, `sitegen import`): it
/// lives in the store, not in the data, so a refresh never drops it.
package struct OwnPlace: Sendable, Hashable {
    package var name: String
    package var category: PlaceCategory
    package var coordinate: Coordinate
    package var address: String?
    /// OSM `opening_hours` syntax, as for places from the data.
    package var openingHours: String?
    package var website: String?
    package var phone: String?
    package var addedOn: CalendarDate
    /// Where it came from when imported («Saved Places.json»), for `sitegen places --own`.
    package var importedFrom: String?

    package init(
        name: String, category: PlaceCategory, coordinate: Coordinate, address: String? = nil,
        openingHours: String? = nil, website: String? = nil, phone: String? = nil,
        addedOn: CalendarDate,
        importedFrom: String? = nil
    ) {
        self.name = name
        self.category = category
        self.coordinate = coordinate
        self.address = address
        self.openingHours = openingHours
        self.website = website
        self.phone = phone
        self.addedOn = addedOn
        self.importedFrom = importedFrom
    }

    /// The place as the guide shows it.
    package func place(id: PlaceID, note: String?) -> Place {
        var place = Place(
            id: id, name: name, category: category, coordinate: coordinate,
            address: PostalAddress(fallbackLine: address), openingHours: openingHours, phone: phone,
            website: website)
        place.origin = .own
        place.ownerNote = note
        return place
    }
}

/// The owner's corrections to a place from the data (`sitegen place edit`): each field given
/// replaces the data's, and keeps doing so after a refresh. An empty string clears the data's
/// value.
package struct PlaceCorrection: Sendable, Hashable, Codable {
    package var name: String?
    package var category: PlaceCategory?
    package var address: String?
    package var openingHours: String?
    package var website: String?
    package var phone: String?
    package var correctedOn: CalendarDate

    package init(
        name: String? = nil, category: PlaceCategory? = nil, address: String? = nil,
        openingHours: String? = nil,
        website: String? = nil, phone: String? = nil, correctedOn: CalendarDate
    ) {
        self.name = name
        self.category = category
        self.address = address
        self.openingHours = openingHours
        self.website = website
        self.phone = phone
        self.correctedOn = correctedOn
    }

    /// Whether it corrects anything at all.
    package var isEmpty: Bool {
        name == nil && category == nil && address == nil && openingHours == nil && website == nil
            && phone == nil
    }

    /// `place` with the corrections applied (idempotent: applying twice gives the same place).
    package func applied(to place: Place) -> Place {
        var place = place
        if let name, !name.isEmpty, name != place.name {
            // The owner's name is the name in every language: the data's translations were of the
            // old one.
            place.name = name
            place.names = .none
        }
        if let category { place.category = category }
        if let address {
            place.address = PostalAddress(fallbackLine: address.isEmpty ? nil : address)
        }
        if let openingHours { place.openingHours = openingHours.isEmpty ? nil : openingHours }
        if let website { place.website = website.isEmpty ? nil : website }
        if let phone { place.phone = phone.isEmpty ? nil : phone }
        if place.origin == .data { place.origin = .corrected }
        return place
    }
}

/// A place from the data the owner keeps out of the guide (`sitegen place hide`).
package struct HiddenMark: Sendable, Hashable, Codable {
    package var since: CalendarDate
    /// «Stengt for godt»: for the owner's own memory; not published.
    package var reason: String?

    package init(since: CalendarDate, reason: String? = nil) {
        self.since = since
        self.reason = reason
    }
}

/// `{"name", "category", "lat", "lon", "address"?, "hours"?, "website"?, "phone"?, "added",
/// "importedFrom"?}`.
extension OwnPlace: Codable {
    package init(from decoder: any Decoder) throws {
        let container = try decoder.strictContainer(known: [
            "name", "category", "lat", "lon", "address", "hours", "website", "phone", "added",
            "importedFrom",
        ])
        guard let name = try container.text("name", limit: TextHardening.Limit.name) else {
            throw StrictJSON.Refusal(
                at: container.codingPath + [JSONKey("name")], "forventet et navn")
        }
        self.init(
            name: name,
            category: try container.category("category"),
            coordinate: try container.coordinate(lat: "lat", lon: "lon"),
            address: try container.text("address", limit: TextHardening.Limit.address),
            openingHours: try container.text("hours", limit: TextHardening.Limit.openingHours),
            website: try container.website(keepsEmpty: false),
            phone: try container.text("phone", limit: TextHardening.Limit.phone),
            addedOn: try container.date("added"),
            importedFrom: try container.text("importedFrom", limit: TextHardening.Limit.title))
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: JSONKey.self)
        try container.encode(name, forKey: "name")
        try container.encode(category, forKey: "category")
        try container.encode(coordinate.latitude, forKey: "lat")
        try container.encode(coordinate.longitude, forKey: "lon")
        try container.encodeIfPresent(address, forKey: "address")
        try container.encodeIfPresent(openingHours, forKey: "hours")
        try container.encodeIfPresent(website, forKey: "website")
        try container.encodeIfPresent(phone, forKey: "phone")
        try container.encode(addedOn, forKey: "added")
        try container.encodeIfPresent(importedFrom, forKey: "importedFrom")
    }
}

/// `{"name"?, "category"?, "address"?, "hours"?, "website"?, "phone"?, "date"}`; an empty text (but
/// a name) is kept: it clears the data's value.
extension PlaceCorrection {
    package init(from decoder: any Decoder) throws {
        let container = try decoder.strictContainer(known: [
            "name", "category", "address", "hours", "website", "phone", "date",
        ])
        self.init(
            name: try container.text("name", limit: TextHardening.Limit.name),
            category: try container.categoryIfPresent("category"),
            address: try container.text(
                "address", limit: TextHardening.Limit.address, keepsEmpty: true),
            openingHours: try container.text(
                "hours", limit: TextHardening.Limit.openingHours, keepsEmpty: true),
            website: try container.website(keepsEmpty: true),
            phone: try container.text("phone", limit: TextHardening.Limit.phone, keepsEmpty: true),
            correctedOn: try container.date("date"))
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: JSONKey.self)
        try container.encodeIfPresent(name, forKey: "name")
        try container.encodeIfPresent(category, forKey: "category")
        try container.encodeIfPresent(address, forKey: "address")
        try container.encodeIfPresent(openingHours, forKey: "hours")
        try container.encodeIfPresent(website, forKey: "website")
        try container.encodeIfPresent(phone, forKey: "phone")
        try container.encode(correctedOn, forKey: "date")
    }
}

/// `{"since", "reason"?}`.
extension HiddenMark {
    package init(from decoder: any Decoder) throws {
        let container = try decoder.strictContainer(known: ["since", "reason"])
        self.init(
            since: try container.date("since"),
            reason: try container.text(
                "reason", limit: TextHardening.Limit.comment, keepsEmpty: true))
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: JSONKey.self)
        try container.encode(since, forKey: "since")
        try container.encodeIfPresent(reason, forKey: "reason")
    }
}

extension KeyedDecodingContainer<JSONKey> {
    /// The `website`, by the rules every website is read by (`WebsiteAddress`); a correction's
    /// empty text (which clears the data's) kept as it is.
    fileprivate func website(keepsEmpty: Bool) throws -> String? {
        guard let text = try text("website", limit: TextHardening.Limit.url, keepsEmpty: keepsEmpty)
        else {
            return nil
        }
        if text.isEmpty { return text }
        switch WebsiteAddress.checked(text) {
        case .success(let address): return address
        case .failure(let refusal):
            throw StrictJSON.Refusal(
                at: codingPath + [JSONKey("website")],
                "nettsiden \(refusal.words) (er «\(TextHardening.clean(text, maximumLength: 120) ?? "")»)",
                showsValue: false)
        }
    }
}
