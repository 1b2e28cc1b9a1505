import BeaconModel
import BeaconSystem
import BeaconText

/// What a feature's properties say of the place: its names in other languages, its category, its
/// address and its traits.
extension PlacesDecoder {
    /// The name in the languages a guide can be in (Geoapify's `name_international`, OSM's
    /// `name:xx` in the properties or in `datasource.raw`), and which language `name` itself is in.
    /// A name equal to `name` is no translation; English is not taken as `name`'s language, since
    /// names no one translated (a brand, a Norwegian name) are often tagged `name:en` all the same.
    func names(properties: JSONValue, raw: JSONValue?, name: String) -> PlaceNames {
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

    /// The first of the guide's categories the feature falls in: by Geoapify's `categories`, a
    /// plain `category`, the OSM tags (the built-in table's and an owner's kind's own), else the
    /// default one.
    func category(
        properties: JSONValue, raw: JSONValue?, among categories: [PlaceCategory],
        orDefault: Bool = true
    ) -> PlaceCategory? {
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
            ?? (orDefault ? defaultCategory : nil)
    }

    /// Geoapify's address parts, else the OSM tags: in `datasource.raw`, or in the properties
    /// themselves (overpass-turbo and osmtogeojson exports).
    func address(properties: JSONValue, raw: JSONValue?, name: String) -> PostalAddress {
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
        let street = TextHardening.clean(part("street"), maximumLength: TextHardening.Limit.address)
        let city = TextHardening.clean(part("city"), maximumLength: 100)
        // Without a street, the part of town the data names, the most precise first: OSM's
        // `addr:place` (an address without a street), then suburb, quarter, ward, district.
        let area =
            street != nil
            ? nil
            : PostalAddress.area(
                part: TextHardening.clean(
                    text("addr:place", in: raw) ?? text("addr:place", in: properties)
                        ?? part("suburb") ?? part("quarter") ?? part("subdistrict")
                        ?? part("district"),
                    maximumLength: 100),
                city: city)
        return PostalAddress(
            street: street,
            houseNumber: TextHardening.clean(part("housenumber"), maximumLength: 20),
            postcode: TextHardening.clean(part("postcode"), maximumLength: 20),
            city: city,
            country: country, state: state, writtenAsIn: addressCountry,
            fallbackLine: TextHardening.clean(
                fallbackAddressLine(properties: properties, name: name),
                maximumLength: TextHardening.Limit.address),
            area: area
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

    /// A one-line address given as such (`address`: our own exports, hand-made files), unless it is
    /// only the place's name. Geoapify's `formatted` and `address_line1/2` are not one: without a
    /// street they hold the name and the town (the street, when there is one, comes from the
    /// parts).
    func fallbackAddressLine(properties: JSONValue, name: String) -> String? {
        guard let line = properties["address"]?.looseString else { return nil }
        return PostalAddress.isOnlyName(line, name: name) ? nil : line
    }
}
