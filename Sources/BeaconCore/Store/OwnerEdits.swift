/// A place the owner added to the guide themselves (`sitegen place add`, `sitegen import`): it lives in
/// the store, not in the data, so a refresh never drops it.
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
        openingHours: String? = nil, website: String? = nil, phone: String? = nil, addedOn: CalendarDate,
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

/// The owner's corrections to a place from the data (`sitegen place edit`): each field given replaces
/// the data's, and keeps doing so after a refresh. An empty string clears the data's value.
package struct PlaceCorrection: Sendable, Hashable {
    package var name: String?
    package var category: PlaceCategory?
    package var address: String?
    package var openingHours: String?
    package var website: String?
    package var phone: String?
    package var correctedOn: CalendarDate

    package init(
        name: String? = nil, category: PlaceCategory? = nil, address: String? = nil, openingHours: String? = nil,
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
        name == nil && category == nil && address == nil && openingHours == nil && website == nil && phone == nil
    }

    /// `place` with the corrections applied (idempotent: applying twice gives the same place).
    package func applied(to place: Place) -> Place {
        var place = place
        if let name, !name.isEmpty, name != place.name {
            // The owner's name is the name in every language: the data's translations were of the old one.
            place.name = name
            place.names = .none
        }
        if let category { place.category = category }
        if let address { place.address = PostalAddress(fallbackLine: address.isEmpty ? nil : address) }
        if let openingHours { place.openingHours = openingHours.isEmpty ? nil : openingHours }
        if let website { place.website = website.isEmpty ? nil : website }
        if let phone { place.phone = phone.isEmpty ? nil : phone }
        if place.origin == .data { place.origin = .corrected }
        return place
    }
}

/// A place from the data the owner keeps out of the guide (`sitegen place hide`).
package struct HiddenMark: Sendable, Hashable {
    package var since: CalendarDate
    /// «Stengt for godt»: for the owner's own memory; not published.
    package var reason: String?

    package init(since: CalendarDate, reason: String? = nil) {
        self.since = since
        self.reason = reason
    }
}
