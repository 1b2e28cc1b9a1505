/// Reads and writes `GuideStore` as JSON. Reading is strict: anything that
/// does not match the documented format — a wrong type, a number out of
/// range, a field this version does not know — is an error naming where it
/// is, so a file is never half-read and then overwritten without what it held.
enum StoreCodec {
    typealias Problem = StrictJSON.Problem

    static func decode(_ json: JSONValue) throws(Problem) -> GuideStore {
        guard case .object = json else { throw Problem(path: "", message: "forventet et JSON-objekt") }
        try StrictJSON.requireKnownFields(json, path: "", known: ["format", "places"])
        try StrictJSON.requireFormat(json, current: GuideStore.currentFormat)
        var store = GuideStore()
        guard let places = json["places"] else { return store }
        guard case .object(let members) = places else { throw Problem(path: "places", message: "forventet et objekt") }
        for (key, value) in members {
            let path = "places.\(key)"
            guard !key.isEmpty, key.count <= 300 else { throw Problem(path: path, message: "ugyldig steds-id") }
            store.entries[PlaceID(rawValue: key)] = try decodeEntry(value, path: path)
        }
        return store
    }

    static func decodeEntry(_ json: JSONValue, path: String) throws(Problem) -> GuideStore.Entry {
        guard case .object = json else { throw Problem(path: path, message: "forventet et objekt") }
        try StrictJSON.requireKnownFields(json, path: path, known: ["place", "favoriteSince", "ratings"])
        var entry = GuideStore.Entry()
        if let place = json["place"] {
            entry.snapshot = try decodeSnapshot(place, path: path + ".place")
        }
        if let since = json["favoriteSince"] {
            entry.favoriteSince = try decodeDate(since, path: path + ".favoriteSince")
        }
        if let ratings = json["ratings"] {
            guard let items = ratings.arrayValue else {
                throw Problem(path: path + ".ratings", message: "forventet en liste")
            }
            for (index, item) in items.enumerated() {
                entry.ratings.append(try decodeRating(item, path: "\(path).ratings[\(index)]"))
            }
        }
        return entry
    }

    static func decodeRating(_ json: JSONValue, path: String) throws(Problem) -> Rating {
        guard case .object = json else { throw Problem(path: path, message: "forventet et objekt") }
        try StrictJSON.requireKnownFields(json, path: path, known: ["stars", "date", "comment"])
        guard case .number(let number) = json["stars"] ?? .null, let stars = Int(exactly: number),
            Rating.allowedStars.contains(stars)
        else {
            throw Problem(path: path + ".stars", message: "forventet et helt tall fra 1 til 5")
        }
        let date = try decodeDate(json["date"] ?? .null, path: path + ".date")
        var comment: String?
        if let value = json["comment"], value != .null {
            guard case .string(let text) = value else {
                throw Problem(path: path + ".comment", message: "forventet tekst")
            }
            comment = text
        }
        return Rating(stars: stars, date: date, comment: comment)
    }

    static func decodeDate(_ json: JSONValue, path: String) throws(Problem) -> CalendarDate {
        guard case .string(let text) = json, let date = CalendarDate(iso: text) else {
            throw Problem(path: path, message: "forventet en dato på formen ÅÅÅÅ-MM-DD")
        }
        return date
    }

    static func decodeSnapshot(_ json: JSONValue, path: String) throws(Problem) -> PlaceSnapshot {
        guard case .object = json else { throw Problem(path: path, message: "forventet et objekt") }
        try StrictJSON.requireKnownFields(json, path: path, known: ["name", "category", "address", "lat", "lon"])
        guard case .string(let name) = json["name"] ?? .null,
            let cleanName = TextHardening.clean(name, maximumLength: TextHardening.Limit.name)
        else {
            throw Problem(path: path + ".name", message: "forventet et navn")
        }
        guard case .string(let categoryText) = json["category"] ?? .null,
            let category = PlaceCategory(storedKey: categoryText)
        else {
            throw Problem(
                path: path + ".category",
                message: "forventet en kjent kategori, for eksempel restaurant, cafe eller hotel")
        }
        guard case .number(let lat) = json["lat"] ?? .null, case .number(let lon) = json["lon"] ?? .null,
            Coordinate(latitude: lat, longitude: lon).isValid
        else {
            throw Problem(path: path, message: "forventet gyldige koordinater (lat, lon)")
        }
        var address: String?
        if let value = json["address"], value != .null {
            guard case .string(let text) = value else {
                throw Problem(path: path + ".address", message: "forventet tekst")
            }
            address = TextHardening.clean(text, maximumLength: TextHardening.Limit.address)
        }
        return PlaceSnapshot(
            name: cleanName, category: category, coordinate: Coordinate(latitude: lat, longitude: lon), address: address
        )
    }

    static func encode(_ store: GuideStore) -> JSONValue {
        var places: [(key: String, value: JSONValue)] = []
        for id in store.entries.keys.sorted() {
            let entry = store.entries[id]!
            guard !entry.isEmpty else { continue }
            var members: [(key: String, value: JSONValue)] = []
            if let snapshot = entry.snapshot {
                var place: [(key: String, value: JSONValue)] = [
                    ("name", .string(snapshot.name)),
                    ("category", .string(snapshot.category.rawValue)),
                ]
                if let address = snapshot.address { place.append(("address", .string(address))) }
                place.append(("lat", .number(snapshot.coordinate.latitude)))
                place.append(("lon", .number(snapshot.coordinate.longitude)))
                members.append(("place", .object(place)))
            }
            if let since = entry.favoriteSince { members.append(("favoriteSince", .string(since.iso))) }
            if !entry.ratings.isEmpty {
                members.append(
                    (
                        "ratings",
                        .array(
                            entry.ratings.map { rating in
                                var fields: [(key: String, value: JSONValue)] = [
                                    ("stars", .number(Double(rating.stars))), ("date", .string(rating.date.iso)),
                                ]
                                if let comment = rating.comment { fields.append(("comment", .string(comment))) }
                                return .object(fields)
                            })
                    ))
            }
            places.append((id.rawValue, .object(members)))
        }
        return .object([("format", .number(Double(GuideStore.currentFormat))), ("places", .object(places))])
    }
}
