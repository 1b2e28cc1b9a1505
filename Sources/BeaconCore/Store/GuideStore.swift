import BeaconSystem

/// The owner's own data: ratings and favorites,
/// keyed by the place's stable identity. Kept as a human-readable, versioned,
/// git-friendly JSON file (`beacon-store.json`).
package struct GuideStore: Sendable, Equatable {
    /// 2 added own places, corrections, hidden places, notes and photos; a format 1 file is read as before and
    /// rewritten as 2 on the first change, with a copy of it kept beside (`SiteFolder.saveStore`).
    static let currentFormat = 2
    static let readableFormats = 1...2
    package static let fileName = "beacon-store.json"

    package var entries: [PlaceID: Entry]

    package init(entries: [PlaceID: Entry] = [:]) {
        self.entries = entries
    }

    /// Everything the owner recorded about one place.
    package struct Entry: Sendable, Equatable {
        /// What the favorites page needs when the place is no longer in the data.
        package var snapshot: PlaceSnapshot?
        /// Set when the place is a favorite.
        var favoriteSince: CalendarDate?
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
            snapshot: PlaceSnapshot? = nil, favoriteSince: CalendarDate? = nil, ratings: [Rating] = [],
            own: OwnPlace? = nil, correction: PlaceCorrection? = nil, hidden: HiddenMark? = nil, note: String? = nil,
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
            favoriteSince == nil && ratings.isEmpty && own == nil && correction == nil && hidden == nil && note == nil
                && photos.isEmpty
        }
        /// Whether the entry changes what the guide's places are (not only their stars and marks). Photos
        /// do: they change what a place's page and card show.
        var editsPlace: Bool { own != nil || correction != nil || hidden != nil || note != nil || !photos.isEmpty }
    }

    package func ratings(for id: PlaceID) -> [Rating] { entries[id]?.ratings ?? [] }
    package func isFavorite(_ id: PlaceID) -> Bool { entries[id]?.isFavorite ?? false }

    var favoriteIDs: [PlaceID] {
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
            name: place.name, category: place.category, coordinate: place.coordinate, address: place.address.singleLine)
    }

    /// A place rebuilt from the snapshot, for favorites the current data no longer has.
    package func place(id: PlaceID) -> Place {
        Place(
            id: id, name: name, category: category, coordinate: coordinate,
            // A snapshot taken before the name stopped standing in for a missing address may hold it.
            address: PostalAddress(
                fallbackLine: address.flatMap { PostalAddress.isOnlyName($0, name: name) ? nil : $0 }))
    }
}

extension GuideStore {
    /// The file form, byte for byte as it is saved.
    package var encodedBytes: [UInt8] {
        var bytes: [UInt8] = []
        JSONWriter().write(StoreCodec.encode(self), into: &bytes)
        return bytes
    }
}

extension GuideStore {
    /// A store read back from `encodedBytes` (the copy a build keeps of the
    /// store its output shows); nil when the bytes are not a store.
    package init?(encodedBytes: [UInt8]) {
        guard let json = try? JSONParser.parse(bytes: encodedBytes), let store = try? StoreCodec.decode(json) else {
            return nil
        }
        self = store
    }
}
