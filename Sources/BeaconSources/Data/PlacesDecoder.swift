import BeaconModel
import BeaconSystem
import FoundationEssentials
import Synchronization

/// Turns a GeoJSON FeatureCollection — a Geoapify Places answer, or any
/// RFC 7946 file of points with a `name` (uMap, Overpass, an earlier export) —
/// into places. Decoding is loose, as real data demands: no property is
/// required except a name and a position, numbers are accepted where text was
/// expected, unknown members are ignored, and an odd feature is skipped with a
/// reason instead of failing the whole answer.
///
/// Unnamed features are skipped (a guide entry without a name helps nobody; the
/// live request also sends `conditions=named`).
package struct PlacesDecoder: Sendable {
    /// The category every feature gets, when the request asked for one category; otherwise it is
    /// the first of `categories` that the feature's Geoapify `categories`, its plain `category` or
    /// its OSM tags (`amenity=bar`) fall under, then this default.
    var assignedCategory: PlaceCategory?
    var defaultCategory: PlaceCategory?
    /// The guide's categories, in the owner's order.
    var categories: [PlaceCategory]
    /// The country an address whose data names none is written the way of
    /// (`SiteSettings.addressCountry`).
    var addressCountry: String?

    package init(
        assignedCategory: PlaceCategory? = nil, defaultCategory: PlaceCategory? = nil,
        categories: [PlaceCategory] = PlaceCategory.defaults, addressCountry: String? = nil
    ) {
        self.assignedCategory = assignedCategory
        self.defaultCategory = defaultCategory
        self.categories = categories
        self.addressCountry = addressCountry
    }

    package struct Result: Sendable {
        package var places: [Place]
        package var skipped: [SkippedFeature]
    }

    package struct SkippedFeature: Sendable, Equatable {
        var index: Int
        package var reason: Reason

        package enum Reason: Error, Sendable, Equatable {
            case noName
            case noPosition
            case noCategory
            case duplicate(PlaceID)
            case notAFeature
        }

        /// "369 hoppet over: 266 uten navn, 103 uten kjent kategori": how many for each reason,
        /// most first.
        package static func summary(_ skipped: [SkippedFeature]) -> String {
            var counts: [(text: String, count: Int)] = []
            for feature in skipped {
                let text =
                    switch feature.reason {
                    case .noName: "uten navn"
                    case .noPosition: "uten gyldig posisjon"
                    case .noCategory: "uten kjent kategori"
                    case .duplicate: "det samme stedet to ganger"
                    case .notAFeature: "ikke GeoJSON-steder (Feature)"
                    }
                if let index = counts.firstIndex(where: { $0.text == text }) {
                    counts[index].count += 1
                } else {
                    counts.append((text, 1))
                }
            }
            let parts = counts.sorted { $0.count > $1.count }.map {
                "\(NorwegianFormat.integer($0.count)) \($0.text)"
            }
            return "\(NorwegianFormat.integer(skipped.count)) hoppet over"
                + (parts.isEmpty ? "" : ": " + parts.joined(separator: ", "))
        }
    }

    package enum Failure: Error, Sendable, Equatable {
        /// Valid JSON, but not a FeatureCollection.
        case notAFeatureCollection
    }

    package func decode(_ json: JSONValue) throws(Failure) -> Result {
        guard let features = json["features"]?.arrayValue else {
            // A single Feature (Place Details answers one) is accepted too.
            if json["type"]?.looseString == "Feature" { return decode(features: [json]) }
            throw .notAFeatureCollection
        }
        return decode(features: features)
    }

    /// Decodes a FeatureCollection straight from its bytes, parsing and decoding chunks of features
    /// on all cores. Falls back to parsing the whole document when the layout is unusual. `bytes`
    /// is consumed: its end marker is added in place (a file read by `FileSystem` has room for it),
    /// so a 90 MB places file is not copied.
    package func decode(bytes: consuming [UInt8]) throws -> Result {
        let document = JSONDocument(bytes)
        if let fast = features(of: document) { return fast }
        return try decode(document.parseWhole())
    }

    /// The features split out of `document` and decoded on all cores; nil when the layout is
    /// unusual or the JSON is invalid anywhere (the whole document is then parsed, to report
    /// where).
    private func features(of document: JSONDocument) -> Result? {
        guard let (ranges, otherRanges) = document.featureRanges() else { return nil }
        // Everything outside the features must be valid JSON as well.
        for range in otherRanges where (try? document.parse(range)) == nil { return nil }
        let invalid = Atomic<Bool>(false)
        let decoded = decodeInParallel(count: ranges.count) { index in
            guard let feature = try? document.parse(ranges[index]) else {
                invalid.store(true, ordering: .relaxed)
                return .failure(.notAFeature)
            }
            return decodeFeature(feature)
        }
        // Invalid JSON anywhere: let the full parse report where.
        guard !invalid.load(ordering: .relaxed) else { return nil }
        return Self.collect(decoded)
    }

    func decode(features: [JSONValue]) -> Result {
        Self.collect(decodeInParallel(count: features.count) { decodeFeature(features[$0]) })
    }

    /// Keeps the first of each identity, in the file's order. Each place is
    /// moved out of `decoded`, not copied.
    static func collect(_ decoded: consuming [Swift.Result<Place, SkippedFeature.Reason>]) -> Result
    {
        var places: [Place] = []
        places.reserveCapacity(decoded.count)
        var skipped: [SkippedFeature] = []
        var seen = Set<PlaceID>()
        seen.reserveCapacity(decoded.count)
        var decoded = decoded
        for index in decoded.indices {
            var outcome = Swift.Result<Place, SkippedFeature.Reason>.failure(.noName)
            swap(&outcome, &decoded[index])  // moved out, not copied
            switch outcome {
            case .success(let place):
                if seen.insert(place.id).inserted {
                    places.append(place)
                } else {
                    skipped.append(SkippedFeature(index: index, reason: .duplicate(place.id)))
                }
            case .failure(let reason):
                skipped.append(SkippedFeature(index: index, reason: reason))
            }
        }
        return Result(places: places, skipped: skipped)
    }

    /// Each feature decodes on its own, so big files use every core; the
    /// results keep the file's order.
    func decodeInParallel(
        count: Int, _ decode: @Sendable (Int) -> Swift.Result<Place, SkippedFeature.Reason>
    ) -> [Swift
        .Result<Place, SkippedFeature.Reason>]
    {
        ParallelChunks.map(count: count, chunkSize: 1_024, decode)
    }

    func decodeFeature(_ feature: JSONValue) -> Swift.Result<Place, SkippedFeature.Reason> {
        guard case .object = feature, let properties = feature["properties"],
            case .object = properties
        else {
            return .failure(.notAFeature)
        }
        let raw = properties["datasource"]?["raw"]
        guard
            let name = TextHardening.clean(
                text("name", in: properties) ?? text("name", in: raw),
                maximumLength: TextHardening.Limit.name)
        else {
            return .failure(.noName)
        }
        guard let coordinate = position(of: feature, properties: properties) else {
            return .failure(.noPosition)
        }
        guard let category = assignedCategory ?? category(properties: properties, raw: raw) else {
            return .failure(.noCategory)
        }
        let providerID = text("place_id", in: properties)
        let id = identity(
            properties: properties, raw: raw, feature: feature, name: name, coordinate: coordinate)
        let contact = properties["contact"]
        var place =
            Place(
                id: id,
                name: name,
                category: category,
                coordinate: coordinate,
                address: address(properties: properties, raw: raw, name: name),
                openingHours: TextHardening.clean(
                    text("opening_hours", in: properties) ?? text("opening_hours", in: raw),
                    maximumLength: TextHardening.Limit.openingHours),
                phone: TextHardening.clean(
                    text("phone", in: contact) ?? text("phone", "contact:phone", in: raw),
                    maximumLength: TextHardening.Limit.phone),
                website: WebsiteAddress.normalized(
                    text("website", in: properties)
                        ?? text("website", "contact:website", "url", in: raw)),
                email: TextHardening.clean(
                    text("email", in: contact) ?? text("email", "contact:email", in: raw),
                    maximumLength: 200),
                providerID: providerID.flatMap { TextHardening.clean($0, maximumLength: 300) },
                traits: traits(properties: properties, raw: raw)
            )
        place.names = names(properties: properties, raw: raw, name: name)
        return .success(place)
    }

    /// The name in the languages a guide can be in (Geoapify's `name_international`, OSM's
    /// `name:xx` in the properties or in `datasource.raw`), and which language `name` itself is in.
    /// A name equal to `name` is no translation; English is not taken as `name`'s language, since
    /// names no one translated (a brand, a Norwegian name) are often tagged `name:en` all the same.
    private func names(properties: JSONValue, raw: JSONValue?, name: String) -> PlaceNames {
        var names = PlaceNames()
        func take(_ code: Substring, _ value: JSONValue) {
            guard PlaceNames.isLanguageCode(code),
                let text = TextHardening.clean(
                    value.looseString, maximumLength: TextHardening.Limit.name)
            else { return }
            if text == name {
                if code != "en", names.nameLanguage == nil { names.nameLanguage = String(code) }
                return
            }
            switch code {
            case "en": names.english = names.english ?? text
            case "nb": names.bokmål = names.bokmål ?? text
            case "nn": names.nynorsk = names.nynorsk ?? text
            case "no": names.norwegian = names.norwegian ?? text
            default: break
            }
        }
        if case .object(let pairs)? = properties["name_international"] {
            for (key, value) in pairs { take(key[...], value) }
        }
        for object in [properties, raw] {
            guard case .object(let pairs)? = object else { continue }
            for (key, value) in pairs where key.utf8.starts(with: "name:".utf8) {
                take(key.dropFirst(5), value)
            }
        }
        return names
    }

    /// The first of `keys` that `object` has as text (a number reads as its digits).
    private func text(_ keys: String..., in object: JSONValue?) -> String? {
        for key in keys {
            if let value = object?[key]?.looseString { return value }
        }
        return nil
    }

    /// The first of the guide's categories the feature falls in: by Geoapify's `categories`, a
    /// plain `category`, the OSM tags (the built-in table's and an owner's kind's own), else the
    /// default one.
    private func category(properties: JSONValue, raw: JSONValue?) -> PlaceCategory? {
        let listed = properties["categories"]?.arrayValue?.compactMap(\.looseString) ?? []
        // A value list (`bar;restaurant`) counts each value, in its order.
        func osmKeys(_ object: JSONValue?) -> [String] {
            OSMCategoryTags.tagKeys.flatMap { tag -> [String] in
                guard let value = object?[tag]?.looseString else { return [] }
                if let key = OSMCategoryTags.geoapifyKeys[tag + "=" + value] { return [key] }
                guard value.contains(";") else { return [] }
                return value.split(separator: ";").compactMap {
                    OSMCategoryTags.geoapifyKeys[tag + "=" + $0.trimmingWhitespace()]
                }
            }
        }
        // An owner's kind by its own OSM tags (`"osm": ["amenity=nightclub"]`), in the guide's
        // order.
        func hasOwnTags(_ category: PlaceCategory) -> Bool {
            category.definition.osmTags.contains { $0.isOn(properties) || $0.isOn(raw) }
        }
        // A plain `category`: one of the guide's keys (our own export writes them), or a Geoapify
        // key.
        func named(_ text: String?) -> PlaceCategory? {
            guard let text else { return nil }
            return categories.first { $0.rawValue == text }
                ?? PlaceCategory.first(in: categories, matching: [text])
        }
        return PlaceCategory.first(in: categories, matching: listed)
            ?? named(text("category", in: properties))
            ?? PlaceCategory.first(
                in: categories, matching: osmKeys(properties) + osmKeys(raw),
                alsoMatching: hasOwnTags)
            ?? defaultCategory
    }

    /// Geoapify's address parts, else the OSM tags: in `datasource.raw`, or in the properties
    /// themselves (overpass-turbo and osmtogeojson exports).
    private func address(properties: JSONValue, raw: JSONValue?, name: String) -> PostalAddress {
        func part(_ key: String) -> String? {
            text(key, in: properties) ?? text("addr:" + key, in: raw)
                ?? text("addr:" + key, in: properties)
        }
        let country = AddressStyle.countryCode(
            properties["country_code"]?.looseString ?? part("country"))
        // Read only where the address shows it. Geoapify's `state` is a name ("Washington"): its
        // code, else OSM's tag, else the code for that name (older Geoapify answers give only the
        // name).
        let writtenIn = country ?? addressCountry
        let state =
            writtenIn.flatMap { AddressStyle.stateSeparators[$0] } == nil
            ? nil
            : AddressStyle.stateCode(
                given: properties["state_code"]?.looseString ?? text("addr:state", in: raw)
                    ?? text("addr:state", in: properties),
                name: text("state", in: properties), in: writtenIn)
        return PostalAddress(
            street: TextHardening.clean(part("street"), maximumLength: TextHardening.Limit.address),
            houseNumber: TextHardening.clean(part("housenumber"), maximumLength: 20),
            postcode: TextHardening.clean(part("postcode"), maximumLength: 20),
            city: TextHardening.clean(part("city"), maximumLength: 100),
            country: country, state: state, writtenAsIn: addressCountry,
            fallbackLine: TextHardening.clean(
                fallbackAddressLine(properties: properties, name: name),
                maximumLength: TextHardening.Limit.address)
        )
    }

    /// Cuisine, diets, wheelchair access and price level: Geoapify's `catering`, `facilities` and
    /// category keys (`catering.restaurant.indian`, `wheelchair.limited`), else the OSM tags in
    /// `datasource.raw` or in the properties themselves (an Overpass or osmtogeojson export, our
    /// own export). One pass over each object's members: this runs for every feature of a
    /// 100,000-place file.
    func traits(properties: JSONValue, raw: JSONValue?) -> PlaceTraits {
        var cuisine: String?
        var vegetarian: String?
        var vegan: String?
        var wheelchair: String?
        var price: String?
        var catering: JSONValue?
        var facilities: JSONValue?
        var categories: [JSONValue] = []
        /// The first value of each tag wins: the raw tags are read before the properties.
        func read(_ object: JSONValue?, geoapify: Bool) {
            guard case .object(let members)? = object else { return }
            for member in members {
                switch member.key {
                case "cuisine": if cuisine == nil { cuisine = member.value.looseString }
                case "diet:vegetarian":
                    if vegetarian == nil { vegetarian = member.value.looseString }
                case "diet:vegan": if vegan == nil { vegan = member.value.looseString }
                case "wheelchair": if wheelchair == nil { wheelchair = member.value.looseString }
                case "price_level": if price == nil { price = member.value.looseString }
                case "catering" where geoapify: catering = member.value
                case "facilities" where geoapify: facilities = member.value
                case "categories" where geoapify: categories = member.value.arrayValue ?? []
                default: break
                }
            }
        }
        read(raw, geoapify: false)
        read(properties, geoapify: true)
        // Geoapify's own members come before the tags.
        if let value = catering?["cuisine"]?.looseString { cuisine = value }
        let diet = catering?["diet"]
        if let value = diet?["vegetarian"]?.looseString { vegetarian = value }
        if let value = diet?["vegan"]?.looseString { vegan = value }
        if let value = facilities?["wheelchair"]?.looseString { wheelchair = value }

        var cuisines = PlaceTraits.cuisines(from: cuisine)
        var vegetarianOffer = PlaceTraits.diet(vegetarian)
        var veganOffer = PlaceTraits.diet(vegan)
        var access = PlaceTraits.wheelchair(wheelchair)
        // The category keys: the third part of a catering key is a cuisine
        // (`catering.restaurant.indian`); Geoapify lists its conditions beside them (`vegan`,
        // `wheelchair.limited`).
        var cuisineKeys: [Substring] = []
        for case .string(let key) in categories {
            if key.hasPrefix("catering."), cuisines.isEmpty {
                let parts = key.split(separator: ".")
                if parts.count == 3 { cuisineKeys.append(parts[2]) }
                continue
            }
            switch key {
            case "vegetarian", "vegetarian.yes": vegetarianOffer = vegetarianOffer ?? .yes
            case "vegetarian.only": vegetarianOffer = vegetarianOffer ?? .only
            case "vegan", "vegan.yes": veganOffer = veganOffer ?? .yes
            case "vegan.only": veganOffer = veganOffer ?? .only
            case "wheelchair.yes": access = access ?? .yes
            case "wheelchair.limited": access = access ?? .limited
            case "wheelchair.no": access = access ?? .no
            default: break
            }
        }
        if cuisines.isEmpty, !cuisineKeys.isEmpty {
            cuisines = PlaceTraits.cuisines(from: cuisineKeys.joined(separator: ";"))
        }
        return PlaceTraits(
            cuisines: cuisines, vegetarian: vegetarianOffer, vegan: veganOffer, wheelchair: access,
            priceLevel: PlaceTraits.priceLevel(price))
    }

    /// Geoapify's own `lat`/`lon` (its representative point, also for buildings) when present, else
    /// the Point geometry; for a building or area (OpenStreetMap ways and relations, which
    /// overpass-turbo and osmtogeojson export as polygons) or a line, the middle of its points.
    func position(of feature: JSONValue, properties: JSONValue) -> Coordinate? {
        if let lat = properties["lat"]?.looseDouble, let lon = properties["lon"]?.looseDouble {
            let coordinate = Coordinate(latitude: lat, longitude: lon)
            if coordinate.isValid { return coordinate }
        }
        guard let geometry = feature["geometry"], let coordinates = geometry["coordinates"] else {
            return nil
        }
        func point(_ pair: JSONValue) -> Coordinate? {
            guard let pair = pair.arrayValue, pair.count >= 2, let lon = pair[0].looseDouble,
                let lat = pair[1].looseDouble
            else { return nil }
            let coordinate = Coordinate(latitude: lat, longitude: lon)
            return coordinate.isValid ? coordinate : nil
        }
        /// The mean of a run of points (a ring's closing point once); nil when any is not a
        /// position.
        func middle(_ points: JSONValue?) -> Coordinate? {
            guard var list = points?.arrayValue?.prefix(10_000), !list.isEmpty else { return nil }
            if list.count > 1, list.first == list.last { list = list.dropLast() }
            var latitude = 0.0
            var longitude = 0.0
            for pair in list {
                guard let c = point(pair) else { return nil }
                latitude += c.latitude
                longitude += c.longitude
            }
            let mean = Coordinate(
                latitude: latitude / Double(list.count), longitude: longitude / Double(list.count))
            return mean.isValid ? mean : nil
        }
        switch geometry["type"]?.looseString {
        case "Point": return point(coordinates)
        case "LineString", "MultiPoint": return middle(coordinates)
        case "Polygon", "MultiLineString": return middle(coordinates.arrayValue?.first)
        case "MultiPolygon": return middle(coordinates.arrayValue?.first?.arrayValue?.first)
        default: return nil
        }
    }

    /// OSM element first (stable), then Geoapify's `place_id`, then the
    /// feature's own id, then a hash of name and position.
    func identity(
        properties: JSONValue, raw: JSONValue?, feature: JSONValue, name: String,
        coordinate: Coordinate
    )
        -> PlaceID
    {
        if let type = raw?["osm_type"]?.looseString, let id = raw?["osm_id"]?.looseString,
            let osm = PlaceID.osm(type: type, id: id)
        {
            return osm
        }
        if let type = properties["osm_type"]?.looseString,
            let id = properties["osm_id"]?.looseString,
            let osm = PlaceID.osm(type: type, id: id)
        {
            return osm
        }
        for value in [properties["@id"], properties["id"], feature["id"]].compactMap({
            $0?.looseString
        }) {
            if let osm = Self.osmReference(value) { return osm }
            // Our own exports write "geoapify/…" and "local/…" identities.
            for prefix in ["geoapify/", "local/"] where value.hasPrefix(prefix) {
                if let provider = PlaceID.provider(String(value.dropFirst(prefix.count))) {
                    return PlaceID(
                        rawValue: prefix + provider.rawValue.dropFirst("geoapify/".count))
                }
            }
        }
        if let placeID = properties["place_id"]?.looseString,
            let provider = PlaceID.provider(placeID)
        {
            return provider
        }
        if let featureID = feature["id"]?.looseString, let local = PlaceID.provider(featureID) {
            return PlaceID(rawValue: "local/" + local.rawValue.dropFirst("geoapify/".count))
        }
        let fingerprint = PlaceID(
            rawValue: "\(name)|\(coordinate.latitude)|\(coordinate.longitude)"
        ).shortHash(
            length: 12)
        return PlaceID(rawValue: "local/\(fingerprint)")
    }

    /// "node/123" or "way/45" as Overpass and osmtogeojson write them.
    static func osmReference(_ value: String) -> PlaceID? {
        let parts = value.split(separator: "/")
        guard parts.count == 2 else { return nil }
        return PlaceID.osm(type: String(parts[0]), id: String(parts[1]))
    }

    /// A one-line address given as such (`address`: our own exports, hand-made files), unless it is
    /// only the place's name. Geoapify's `formatted` and `address_line1/2` are not one: without a
    /// street they hold the name and the town (the street, when there is one, comes from the
    /// parts).
    func fallbackAddressLine(properties: JSONValue, name: String) -> String? {
        guard let line = properties["address"]?.looseString else { return nil }
        return PostalAddress.isOnlyName(line, name: name) ? nil : line
    }
}
