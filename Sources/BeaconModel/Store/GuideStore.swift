import BeaconSystem
import FoundationEssentials

/// The owner's own data: ratings and favorites,
/// keyed by the place's stable identity. Kept as a human-readable, versioned,
/// git-friendly JSON file (`beacon-store.json`).
package struct GuideStore: Sendable, Equatable {
    /// 2 added own places, corrections, hidden places, notes and photos; 3 the owner's lists. A
    /// store is written in the lowest format that holds it (2 without lists, so a store an older
    /// sitegen wrote stays byte for byte as it was); an older file is read as before and, when a
    /// change needs a newer format, copied beside first (`SiteFolder.saveStore`).
    static let currentFormat = 3
    static let readableFormats = 1...3
    package static let fileName = "beacon-store.json"

    package var entries: [PlaceID: Entry]
    /// The owner's named lists (`SavedList`), in the order they were made.
    package var lists: [SavedList] = []

    package init(entries: [PlaceID: Entry] = [:], lists: [SavedList] = []) {
        self.entries = entries
        self.lists = lists
    }

    /// The format the store is written in: 3 only when it has lists.
    package var format: Int { lists.isEmpty ? 2 : 3 }

    /// Everything the owner recorded about one place.
    package struct Entry: Sendable, Equatable {
        /// What the favorites page needs when the place is no longer in the data.
        package var snapshot: PlaceSnapshot?
        /// Set when the place is a favorite.
        package var favoriteSince: CalendarDate?
        /// In the order they were given.
        package var ratings: [Rating]
        /// Set when the owner added the place (its id is then `own/…`).
        package var own: OwnPlace?
        /// The owner's corrections to a place from the data.
        package var correction: PlaceCorrection?
        /// Set when the owner keeps a place from the data out of the guide.
        package var hidden: HiddenMark?
        /// The owner's note, shown on the place's page (rich text, sanitised like a comment).
        package var note: String?
        /// The owner's photos of the place, in their order (`sitegen photo`).
        package var photos: [PlacePhoto]

        package init(
            snapshot: PlaceSnapshot? = nil, favoriteSince: CalendarDate? = nil,
            ratings: [Rating] = [],
            own: OwnPlace? = nil, correction: PlaceCorrection? = nil, hidden: HiddenMark? = nil,
            note: String? = nil,
            photos: [PlacePhoto] = []
        ) {
            self.snapshot = snapshot
            self.favoriteSince = favoriteSince
            self.ratings = ratings
            self.own = own
            self.correction = correction
            self.hidden = hidden
            self.note = note
            self.photos = photos
        }

        package var isFavorite: Bool { favoriteSince != nil }
        package var isEmpty: Bool {
            favoriteSince == nil && ratings.isEmpty && own == nil && correction == nil
                && hidden == nil && note == nil
                && photos.isEmpty
        }
        /// Whether the entry changes what the guide's places are (not only their stars and marks).
        /// Photos do: they change what a place's page and card show.
        var editsPlace: Bool {
            own != nil || correction != nil || hidden != nil || note != nil || !photos.isEmpty
        }
    }

    package func ratings(for id: PlaceID) -> [Rating] { entries[id]?.ratings ?? [] }
    package func isFavorite(_ id: PlaceID) -> Bool { entries[id]?.isFavorite ?? false }

    package var favoriteIDs: [PlaceID] {
        entries.filter { $0.value.isFavorite }.map(\.key).sorted()
    }

    /// Adds one rating as its own entry and refreshes the place's snapshot.
    package mutating func addRating(_ rating: Rating, to place: Place) {
        var entry = entries[place.id] ?? Entry()
        entry.snapshot = PlaceSnapshot(place)
        entry.ratings.append(rating)
        entries[place.id] = entry
    }

    /// Returns false when it already was a favorite.
    @discardableResult
    package mutating func addFavorite(_ place: Place, on date: CalendarDate) -> Bool {
        var entry = entries[place.id] ?? Entry()
        entry.snapshot = PlaceSnapshot(place)
        let wasFavorite = entry.isFavorite
        if !wasFavorite { entry.favoriteSince = date }
        entries[place.id] = entry
        return !wasFavorite
    }

    /// Returns false when it was not a favorite. Ratings stay.
    @discardableResult
    package mutating func removeFavorite(_ id: PlaceID) -> Bool {
        guard var entry = entries[id], entry.isFavorite else { return false }
        entry.favoriteSince = nil
        entries[id] = entry.isEmpty ? nil : entry
        return true
    }
}

/// A copy of what a favorite or rating needs to be shown without the live data.
package struct PlaceSnapshot: Sendable, Hashable {
    package var name: String
    package var category: PlaceCategory
    package var coordinate: Coordinate
    package var address: String?

    package init(name: String, category: PlaceCategory, coordinate: Coordinate, address: String?) {
        self.name = name
        self.category = category
        self.coordinate = coordinate
        self.address = address
    }

    package init(_ place: Place) {
        self.init(
            name: place.name, category: place.category, coordinate: place.coordinate,
            address: place.address.singleLine)
    }

    /// A place rebuilt from the snapshot, for favorites the current data no longer has.
    package func place(id: PlaceID) -> Place {
        Place(
            id: id, name: name, category: category, coordinate: coordinate,
            // A snapshot taken before the name stopped standing in for a missing address may hold
            // it.
            address: PostalAddress(
                fallbackLine: address.flatMap {
                    PostalAddress.isOnlyName($0, name: name) ? nil : $0
                }))
    }
}

/// The file form: the entries by id, each member left out when it holds nothing. A format 1 file is
/// read as format 1 knew it: the members format 2 added are unknown there.
extension GuideStore: Codable {
    package init(from decoder: any Decoder) throws {
        let container = try decoder.strictContainer(
            known: ["format", "places", "lists"], expected: "forventet et JSON-objekt")
        let format = try container.format("format", readable: Self.readableFormats)
        self.init()
        if container.contains("lists") {
            guard format >= 3 else {
                throw StrictJSON.Refusal(
                    at: [JSONKey("lists")], "lister krever format 3", showsValue: false)
            }
            lists =
                try container.strictIfPresent(
                    "lists", as: [SavedList].self, expected: "forventet en liste") ?? []
            var names = Set<String>()
            for list in lists where !names.insert(TextFolding.searchKey(list.name)).inserted {
                throw StrictJSON.Refusal(
                    at: [JSONKey("lists")], "to lister heter «\(list.name)»", showsValue: false)
            }
        }
        guard container.contains("places") else { return }
        guard let places = try? container.nestedContainer(keyedBy: JSONKey.self, forKey: "places")
        else {
            throw StrictJSON.Refusal(at: [JSONKey("places")], "forventet et objekt")
        }
        // In order, so that of two wrong entries the same one is named each time.
        for id in places.allKeys.map(\.stringValue).sorted() {
            guard !id.isEmpty, id.count <= 300 else {
                throw StrictJSON.Refusal(
                    at: places.codingPath + [JSONKey(id)], "ugyldig steds-id", showsValue: false)
            }
            let entry = try Entry(from: places.superDecoder(forKey: JSONKey(id)), format: format)
            entries[PlaceID(rawValue: id)] = entry
        }
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: JSONKey.self)
        try container.encode(format, forKey: "format")
        var places = container.nestedContainer(keyedBy: JSONKey.self, forKey: "places")
        for id in entries.keys.sorted() {
            guard let entry = entries[id], !entry.isEmpty else { continue }
            try places.encode(entry, forKey: JSONKey(id.rawValue))
        }
        if !lists.isEmpty { try container.encode(lists, forKey: "lists") }
    }

    /// The file form, byte for byte as it is saved.
    package var encodedBytes: [UInt8] { JSONValueEncoder.fileBytes(self) }

    /// A store read back from `encodedBytes` (the copy a build keeps of the store its output
    /// shows); nil when the bytes are not a store.
    package init?(encodedBytes: [UInt8]) {
        guard let store = try? JSONDecoder().decode(GuideStore.self, from: Data(encodedBytes))
        else { return nil }
        self = store
    }
}

extension GuideStore.Entry: Encodable {
    /// An entry of a file of `format` (1 knew only `place`, `favoriteSince` and `ratings`).
    init(from decoder: any Decoder, format: Int) throws {
        let container = try decoder.strictContainer(
            known: format == 1
                ? ["place", "favoriteSince", "ratings"]
                : [
                    "place", "own", "correction", "hidden", "note", "photos", "favoriteSince",
                    "ratings",
                ])
        self.init(
            own: try container.decodeIfPresent(OwnPlace.self, forKey: "own"),
            correction: try container.decodeIfPresent(PlaceCorrection.self, forKey: "correction"),
            hidden: try container.decodeIfPresent(HiddenMark.self, forKey: "hidden"),
            note: try container.text("note", limit: TextHardening.Limit.comment),
            photos: try PlacePhoto.list(in: container, at: "photos"))
        if own != nil, correction != nil || hidden != nil {
            throw StrictJSON.Refusal(
                at: decoder.codingPath, "et eget sted kan ikke også ha «correction» eller «hidden»",
                showsValue: false)
        }
        snapshot = try container.decodeIfPresent(PlaceSnapshot.self, forKey: "place")
        favoriteSince = try container.dateIfPresent("favoriteSince")
        ratings =
            try container.strictIfPresent(
                "ratings", as: [Rating].self, expected: "forventet en liste") ?? []
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: JSONKey.self)
        try container.encodeIfPresent(snapshot, forKey: "place")
        try container.encodeIfPresent(own, forKey: "own")
        try container.encodeIfPresent(correction, forKey: "correction")
        try container.encodeIfPresent(hidden, forKey: "hidden")
        try container.encodeIfPresent(note, forKey: "note")
        if !photos.isEmpty { try container.encode(photos, forKey: "photos") }
        try container.encodeIfPresent(favoriteSince, forKey: "favoriteSince")
        if !ratings.isEmpty { try container.encode(ratings, forKey: "ratings") }
    }
}

/// `{"name", "category", "address"?, "lat", "lon"}`.
extension PlaceSnapshot: Codable {
    package init(from decoder: any Decoder) throws {
        let container = try decoder.strictContainer(known: [
            "name", "category", "address", "lat", "lon",
        ])
        self.init(
            name: try container.strict("name", as: String.self, expected: "forventet et navn") {
                TextHardening.clean($0, maximumLength: TextHardening.Limit.name)
            },
            category: try container.category("category"),
            coordinate: try container.coordinate(lat: "lat", lon: "lon"),
            address: try container.string("address").flatMap {
                TextHardening.clean($0, maximumLength: TextHardening.Limit.address)
            })
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: JSONKey.self)
        try container.encode(name, forKey: "name")
        try container.encode(category, forKey: "category")
        try container.encodeIfPresent(address, forKey: "address")
        try container.encode(coordinate.latitude, forKey: "lat")
        try container.encode(coordinate.longitude, forKey: "lon")
    }
}
