import BeaconText

/// What the data says a place offers beyond its name and address: its cuisine, whether it caters
/// for vegetarians and vegans, wheelchair access, and a price level. Each is optional; most places
/// have none. The values are OpenStreetMap's (`cuisine=indian;pizza`, `diet:vegan=only`,
/// `wheelchair=limited`), read from whichever shape the data came in (`PlacesDecoder`).
package struct PlaceTraits: Sendable, Hashable {
    /// OSM cuisine values, lower case with underscores (`indian`, `fish_and_chips`), in the data's
    /// order, no repeats. The catalogues name the common ones; an unknown value is shown as given.
    package var cuisines: [String]
    package var vegetarian: DietOffer?
    package var vegan: DietOffer?
    package var wheelchair: WheelchairAccess?
    /// 1 (cheap) to 4 (expensive).
    package var priceLevel: Int?

    package init(
        cuisines: [String] = [], vegetarian: DietOffer? = nil, vegan: DietOffer? = nil,
        wheelchair: WheelchairAccess? = nil, priceLevel: Int? = nil
    ) {
        self.cuisines = cuisines
        self.vegetarian = vegetarian
        self.vegan = vegan
        self.wheelchair = wheelchair
        self.priceLevel = priceLevel.flatMap { Self.priceLevels.contains($0) ? $0 : nil }
    }

    package static let none = PlaceTraits()
    package var isEmpty: Bool { self == .none }

    package static let priceLevels = 1...4
    /// More cuisines than this is a tagging mistake, not a menu.
    static let maximumCuisines = 6
    static let maximumCuisineLength = 40

    /// How far a place caters for a diet (OSM `diet:*`: `yes`, `only`, `limited`; `no` is not kept:
    /// the pages say what a place offers, not everything it lacks).
    package enum DietOffer: String, Sendable, Hashable, CaseIterable {
        case limited, yes, only
    }

    /// OSM `wheelchair`: `yes`, `limited`, `no` (a reader who needs step-free access wants the «no»
    /// too).
    package enum WheelchairAccess: String, Sendable, Hashable, CaseIterable {
        case yes, limited, no
    }

    // MARK: Reading the data's values

    /// `indian;Pizza; fish and chips` → `["indian", "pizza", "fish_and_chips"]`: lower case, spaces
    /// as underscores, empty parts, repeats and over-long values dropped.
    package static func cuisines(from value: String?) -> [String] {
        guard let value else { return [] }
        var out: [String] = []
        for part in value.split(whereSeparator: { $0 == ";" || $0 == "," }) {
            let key = cuisineKey(String(part))
            if !key.isEmpty, key.count <= maximumCuisineLength, !out.contains(key) {
                out.append(key)
            }
            if out.count == maximumCuisines { break }
        }
        return out
    }

    /// One cuisine value as a key: trimmed, lower case, spaces and dashes as underscores, only
    /// letters, digits and underscores kept (any script: `日本料理` stays as it is).
    static func cuisineKey(_ text: String) -> String {
        guard let clean = TextHardening.clean(text, maximumLength: maximumCuisineLength * 2) else {
            return ""
        }
        var key = ""
        for character in clean.lowercased() {
            if character.isLetter || character.isNumber {
                key.append(character)
            } else if character == " " || character == "-" || character == "_", !key.isEmpty,
                key.last != "_"
            {
                key.append("_")
            }
        }
        while key.last == "_" { key.removeLast() }
        return key
    }

    /// `yes`, `only`, `limited` (and `true` from Geoapify's booleans); anything else is not an
    /// offer.
    package static func diet(_ value: String?) -> DietOffer? {
        switch value.map({ $0.trimmingWhitespace().lowercased() }) {
        case "yes", "true", "1": .yes
        case "only": .only
        case "limited", "partial": .limited
        default: nil
        }
    }

    package static func wheelchair(_ value: String?) -> WheelchairAccess? {
        switch value.map({ $0.trimmingWhitespace().lowercased() }) {
        case "yes", "true", "designated": .yes
        case "limited", "partial": .limited
        case "no", "false": .no
        default: nil
        }
    }

    /// `2`, `"2"`, `"$$"`, `"€€"`, `"kr kr"`: a level from 1 to 4; anything else is none.
    package static func priceLevel(_ value: String?) -> Int? {
        guard let value = value?.trimmingWhitespace(), !value.isEmpty else { return nil }
        if let number = Int(value) { return priceLevels.contains(number) ? number : nil }
        let symbols = value.filter { !$0.isWhitespace }
        guard let first = symbols.first, "$€£¥".contains(first), symbols.allSatisfy({ $0 == first })
        else {
            return nil
        }
        return priceLevels.contains(symbols.count) ? symbols.count : nil
    }

    // MARK: A compact form for the guide's archive

    /// `indian;pizza|vegetarian|vegan|wheelchair|price` (`-` for none): what `GuideBaseArchive`
    /// stores. Nil for a place with no traits, so most entries cost the archive one missing string.
    package var archived: String? {
        guard !isEmpty else { return nil }
        return [
            cuisines.joined(separator: ";"), vegetarian?.rawValue ?? "-", vegan?.rawValue ?? "-",
            wheelchair?.rawValue ?? "-", priceLevel.map(String.init) ?? "-",
        ].joined(separator: "|")
    }

    /// The traits from `archived`; nil when the text is not of that form.
    package init?(archived text: String) {
        let parts = text.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 5 else { return nil }
        func field<T: RawRepresentable<String>>(_ part: String) -> T?? {
            part == "-" ? .some(nil) : T(rawValue: part).map { .some($0) }
        }
        guard let vegetarian: DietOffer? = field(parts[1]), let vegan: DietOffer? = field(parts[2]),
            let wheelchair: WheelchairAccess? = field(parts[3])
        else { return nil }
        let price = parts[4] == "-" ? nil : Int(parts[4])
        if parts[4] != "-", price.map(Self.priceLevels.contains) != true { return nil }
        self.init(
            cuisines: parts[0].isEmpty ? [] : parts[0].split(separator: ";").map(String.init),
            vegetarian: vegetarian, vegan: vegan, wheelchair: wheelchair, priceLevel: price)
    }
}
