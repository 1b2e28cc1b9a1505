import BeaconSystem

/// Reads and writes `GuideStore` as JSON. Reading is strict: anything that
/// does not match the documented format — a wrong type, a number out of
/// range, a field this version does not know — is an error naming where it
/// is, so a file is never half-read and then overwritten without what it held.
enum StoreCodec {
    typealias Problem = StrictJSON.Problem

    static func decode(_ json: JSONValue) throws(Problem) -> GuideStore {
        guard case .object = json else { throw Problem(path: "", message: "forventet et JSON-objekt") }
        try StrictJSON.requireKnownFields(json, path: "", known: ["format", "places"])
        try StrictJSON.requireFormat(json, readable: GuideStore.readableFormats)
        var store = GuideStore()
        // A format 1 file is read as format 1 knew it: the fields of format 2 are unknown there.
        let isFormat1 = json["format"] == .number(1)
        guard let places = json["places"] else { return store }
        guard case .object(let members) = places else { throw Problem(path: "places", message: "forventet et objekt") }
        for (key, value) in members {
            let path = "places.\(key)"
            guard !key.isEmpty, key.count <= 300 else { throw Problem(path: path, message: "ugyldig steds-id") }
            store.entries[PlaceID(rawValue: key)] = try decodeEntry(value, path: path, format1: isFormat1)
        }
        return store
    }

    static func decodeEntry(_ json: JSONValue, path: String, format1: Bool = false) throws(Problem) -> GuideStore.Entry
    {
        guard case .object = json else { throw Problem(path: path, message: "forventet et objekt") }
        let format2 = ["own", "correction", "hidden", "note", "photos"]
        try StrictJSON.requireKnownFields(
            json, path: path, known: ["place", "favoriteSince", "ratings"] + (format1 ? [] : format2))
        var entry = GuideStore.Entry()
        if let own = json["own"] { entry.own = try decodeOwnPlace(own, path: path + ".own") }
        if let correction = json["correction"] {
            entry.correction = try decodeCorrection(correction, path: path + ".correction")
        }
        if let hidden = json["hidden"] { entry.hidden = try decodeHidden(hidden, path: path + ".hidden") }
        if let note = json["note"] {
            entry.note = try decodeText(note, path: path + ".note", limit: TextHardening.Limit.comment)
        }
        if let photos = json["photos"] { entry.photos = try decodePhotos(photos, path: path + ".photos") }
        if entry.own != nil, entry.correction != nil || entry.hidden != nil {
            throw Problem(path: path, message: "et eget sted kan ikke også ha «correction» eller «hidden»")
        }
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

    static func decodeOwnPlace(_ json: JSONValue, path: String) throws(Problem) -> OwnPlace {
        guard case .object = json else { throw Problem(path: path, message: "forventet et objekt") }
        try StrictJSON.requireKnownFields(
            json, path: path,
            known: ["name", "category", "lat", "lon", "address", "hours", "website", "phone", "added", "importedFrom"])
        guard let name = try decodeText(json["name"] ?? .null, path: path + ".name", limit: TextHardening.Limit.name)
        else { throw Problem(path: path + ".name", message: "forventet et navn") }
        let category = try decodeCategory(json["category"] ?? .null, path: path + ".category")
        let coordinate = try decodeCoordinate(json, path: path)
        return OwnPlace(
            name: name, category: category, coordinate: coordinate,
            address: try optionalText(
                json, "address", path: path, limit: TextHardening.Limit.address, keepsEmpty: false),
            openingHours: try optionalText(
                json, "hours", path: path, limit: TextHardening.Limit.openingHours, keepsEmpty: false),
            website: try website(json, path: path, keepsEmpty: false),
            phone: try optionalText(json, "phone", path: path, limit: TextHardening.Limit.phone, keepsEmpty: false),
            addedOn: try decodeDate(json["added"] ?? .null, path: path + ".added"),
            importedFrom: try optionalText(
                json, "importedFrom", path: path, limit: TextHardening.Limit.title, keepsEmpty: false))
    }

    static func decodeCorrection(_ json: JSONValue, path: String) throws(Problem) -> PlaceCorrection {
        guard case .object = json else { throw Problem(path: path, message: "forventet et objekt") }
        try StrictJSON.requireKnownFields(
            json, path: path, known: ["name", "category", "address", "hours", "website", "phone", "date"])
        var correction = PlaceCorrection(correctedOn: try decodeDate(json["date"] ?? .null, path: path + ".date"))
        // An empty text is kept: it clears the data's value.
        correction.name = try optionalText(json, "name", path: path, limit: TextHardening.Limit.name, keepsEmpty: false)
        if let category = json["category"] {
            correction.category = try decodeCategory(category, path: path + ".category")
        }
        correction.address = try optionalText(json, "address", path: path, limit: TextHardening.Limit.address)
        correction.openingHours = try optionalText(json, "hours", path: path, limit: TextHardening.Limit.openingHours)
        correction.website = try website(json, path: path, keepsEmpty: true)
        correction.phone = try optionalText(json, "phone", path: path, limit: TextHardening.Limit.phone)
        return correction
    }

    static func decodeHidden(_ json: JSONValue, path: String) throws(Problem) -> HiddenMark {
        guard case .object = json else { throw Problem(path: path, message: "forventet et objekt") }
        try StrictJSON.requireKnownFields(json, path: path, known: ["since", "reason"])
        return HiddenMark(
            since: try decodeDate(json["since"] ?? .null, path: path + ".since"),
            reason: try optionalText(json, "reason", path: path, limit: TextHardening.Limit.comment))
    }

    /// At most `PlacePhoto.maximumPerPlace`, each original once, each named as `photo add` names it.
    static func decodePhotos(_ json: JSONValue, path: String) throws(Problem) -> [PlacePhoto] {
        guard let items = json.arrayValue else { throw Problem(path: path, message: "forventet en liste") }
        guard items.count <= PlacePhoto.maximumPerPlace else {
            throw Problem(
                path: path, message: "for mange bilder (\(items.count), grensen er \(PlacePhoto.maximumPerPlace))")
        }
        var photos: [PlacePhoto] = []
        for (index, item) in items.enumerated() {
            let itemPath = "\(path)[\(index)]"
            guard case .object = item else { throw Problem(path: itemPath, message: "forventet et objekt") }
            try StrictJSON.requireKnownFields(item, path: itemPath, known: ["file", "alt", "credit"])
            guard case .string(let file) = item["file"] ?? .null, PlacePhoto.isValidFile(file) else {
                throw Problem(
                    path: itemPath + ".file",
                    message:
                        "forventet et filnavn slik «sitegen photo add» lager det: «photos/», 32 heksadesimale sifre "
                        + "(0–9, a–f) og en filendelse (jpg, png, webp, gif, heic, heif, tif, tiff eller avif)")
            }
            guard !photos.contains(where: { $0.file == file }) else {
                throw Problem(path: itemPath + ".file", message: "bildet står allerede tidligere i lista")
            }
            photos.append(
                PlacePhoto(
                    file: file,
                    alt: try optionalText(item, "alt", path: itemPath, limit: PlacePhoto.Limit.alt, keepsEmpty: false),
                    credit: try optionalText(
                        item, "credit", path: itemPath, limit: PlacePhoto.Limit.credit, keepsEmpty: false)))
        }
        return photos
    }

    static func decodeCategory(_ json: JSONValue, path: String) throws(Problem) -> PlaceCategory {
        guard case .string(let text) = json, let category = PlaceCategory(storedKey: text) else {
            throw Problem(path: path, message: "forventet en kjent kategori, for eksempel restaurant, cafe eller hotel")
        }
        return category
    }

    static func decodeCoordinate(_ json: JSONValue, path: String) throws(Problem) -> Coordinate {
        guard case .number(let lat) = json["lat"] ?? .null, case .number(let lon) = json["lon"] ?? .null,
            Coordinate(latitude: lat, longitude: lon).isValid
        else {
            throw Problem(path: path, message: "forventet gyldige koordinater (lat, lon)")
        }
        return Coordinate(latitude: lat, longitude: lon)
    }

    /// A text field, cleaned; nil for null. `keepsEmpty`: whether an empty text stays (a correction's
    /// empty value clears the data's) or is refused.
    static func decodeText(_ json: JSONValue, path: String, limit: Int, keepsEmpty: Bool = false) throws(Problem)
        -> String?
    {
        if json == .null { return nil }
        guard case .string(let text) = json else { throw Problem(path: path, message: "forventet tekst") }
        if keepsEmpty, text.isEmpty { return "" }
        guard let clean = TextHardening.clean(text, maximumLength: limit) else {
            throw Problem(path: path, message: "forventet tekst som ikke er tom")
        }
        return clean
    }

    static func optionalText(
        _ json: JSONValue, _ field: String, path: String, limit: Int, keepsEmpty: Bool = true
    ) throws(Problem) -> String? {
        guard let value = json[field] else { return nil }
        return try decodeText(value, path: path + "." + field, limit: limit, keepsEmpty: keepsEmpty)
    }

    /// A website, by the rules every website is read by (`WebsiteAddress`); a correction's empty text (which
    /// clears the data's) kept as it is.
    static func website(_ json: JSONValue, path: String, keepsEmpty: Bool) throws(Problem) -> String? {
        guard
            let text = try optionalText(
                json, "website", path: path, limit: TextHardening.Limit.url, keepsEmpty: keepsEmpty)
        else { return nil }
        if text.isEmpty { return text }
        switch WebsiteAddress.checked(text) {
        case .success(let address): return address
        case .failure(let refusal):
            let shown = TextHardening.clean(text, maximumLength: 120) ?? ""
            throw Problem(path: path + ".website", message: "nettsiden \(refusal.words) (er «\(shown)»)")
        }
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
            if let own = entry.own { members.append(("own", encode(own))) }
            if let correction = entry.correction { members.append(("correction", encode(correction))) }
            if let hidden = entry.hidden {
                var fields: [(key: String, value: JSONValue)] = [("since", .string(hidden.since.iso))]
                if let reason = hidden.reason { fields.append(("reason", .string(reason))) }
                members.append(("hidden", .object(fields)))
            }
            if let note = entry.note { members.append(("note", .string(note))) }
            if !entry.photos.isEmpty { members.append(("photos", .array(entry.photos.map(encode)))) }
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

    static func encode(_ own: OwnPlace) -> JSONValue {
        var fields: [(key: String, value: JSONValue)] = [
            ("name", .string(own.name)), ("category", .string(own.category.rawValue)),
            ("lat", .number(own.coordinate.latitude)), ("lon", .number(own.coordinate.longitude)),
        ]
        if let address = own.address { fields.append(("address", .string(address))) }
        if let hours = own.openingHours { fields.append(("hours", .string(hours))) }
        if let website = own.website { fields.append(("website", .string(website))) }
        if let phone = own.phone { fields.append(("phone", .string(phone))) }
        fields.append(("added", .string(own.addedOn.iso)))
        if let from = own.importedFrom { fields.append(("importedFrom", .string(from))) }
        return .object(fields)
    }

    static func encode(_ photo: PlacePhoto) -> JSONValue {
        var fields: [(key: String, value: JSONValue)] = [("file", .string(photo.file))]
        if let alt = photo.alt { fields.append(("alt", .string(alt))) }
        if let credit = photo.credit { fields.append(("credit", .string(credit))) }
        return .object(fields)
    }

    static func encode(_ correction: PlaceCorrection) -> JSONValue {
        var fields: [(key: String, value: JSONValue)] = []
        if let name = correction.name { fields.append(("name", .string(name))) }
        if let category = correction.category { fields.append(("category", .string(category.rawValue))) }
        if let address = correction.address { fields.append(("address", .string(address))) }
        if let hours = correction.openingHours { fields.append(("hours", .string(hours))) }
        if let website = correction.website { fields.append(("website", .string(website))) }
        if let phone = correction.phone { fields.append(("phone", .string(phone))) }
        fields.append(("date", .string(correction.correctedOn.iso)))
        return .object(fields)
    }
}
