import BeaconSystem
import BeaconText

/// One of the owner's named collections of places («Want to go», «Søndagsfrokost»), in its order:
/// a Takeout saved list or a My Maps folder keeps its name here when imported. The store holds
/// them beside the places (format 3; a store without lists is still written as format 2, byte for
/// byte as before).
package struct SavedList: Sendable, Equatable {
    /// The owner's name, in any script; unique in the store (folded: «want to go» is «Want to Go»).
    package var name: String
    /// The places in the list's order, each once.
    package var places: [PlaceID]

    package init(name: String, places: [PlaceID] = []) {
        self.name = name
        self.places = places
    }

    /// The most one list holds: more than any owner's list, few enough that a page of it stays a page.
    package static let maximumPlaces = 5_000
    static let maximumNameLength = 100

    /// Whether `other` names this list (case and accents aside).
    package func isNamed(_ other: String) -> Bool {
        TextFolding.searchKey(name) == TextFolding.searchKey(other)
    }
}

extension GuideStore {
    /// The list named `name` (case and accents aside).
    package func list(named name: String) -> SavedList? {
        lists.first { $0.isNamed(name) }
    }

    /// Puts `id` last in the list named `name`, making the list when there is none; false when it
    /// was there already (or the list is full).
    @discardableResult
    package mutating func addToList(named name: String, _ id: PlaceID) -> Bool {
        guard let cleaned = TextHardening.clean(name, maximumLength: SavedList.maximumNameLength)
        else { return false }
        guard let index = lists.firstIndex(where: { $0.isNamed(cleaned) }) else {
            lists.append(SavedList(name: cleaned, places: [id]))
            return true
        }
        guard !lists[index].places.contains(id),
            lists[index].places.count < SavedList.maximumPlaces
        else { return false }
        lists[index].places.append(id)
        return true
    }
}

/// `{"name": "Want to go", "places": ["own/…", "node/…"]}`.
extension SavedList: Codable {
    package init(from decoder: any Decoder) throws {
        let container = try decoder.strictContainer(known: ["name", "places"])
        name = try container.strict("name", as: String.self, expected: "forventet et navn") {
            TextHardening.clean($0, maximumLength: SavedList.maximumNameLength)
        }
        let ids =
            try container.strictIfPresent(
                "places", as: [String].self, expected: "forventet en liste med steds-id-er") ?? []
        guard ids.count <= SavedList.maximumPlaces else {
            throw StrictJSON.Refusal(
                at: decoder.codingPath + [JSONKey("places")],
                "en liste kan ha høyst \(SavedList.maximumPlaces) steder", showsValue: false)
        }
        var seen = Set<String>()
        for id in ids {
            guard !id.isEmpty, id.count <= 300, seen.insert(id).inserted else {
                throw StrictJSON.Refusal(
                    at: decoder.codingPath + [JSONKey("places")],
                    "ugyldig eller gjentatt steds-id «\(TextHardening.clean(id, maximumLength: 60) ?? "")»",
                    showsValue: false)
            }
        }
        places = ids.map(PlaceID.init(rawValue:))
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: JSONKey.self)
        try container.encode(name, forKey: "name")
        try container.encode(places.map(\.rawValue), forKey: "places")
    }
}
