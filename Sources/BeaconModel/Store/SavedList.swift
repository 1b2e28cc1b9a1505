import BeaconSystem
import BeaconText

/// One of the owner's named collections of places («Søndagsfrokost», «Want to go»): its places in
/// the owner's order, a description and a note per place, both Markdown. A Takeout saved list or a
/// My Maps folder keeps its name here when imported. The store holds them beside the places
/// (format 3; a store without lists is still written as format 2, byte for byte as before). The
/// favourites are the built-in list «Mine steder», kept as marks on the places (`favoriteSince`).
package struct SavedList: Sendable, Equatable {
    /// The owner's name, in any script; unique in the store (folded: «want to go» is «Want to Go»).
    package var name: String
    /// What the list is for, in Markdown: the lead of its page.
    package var description: String?
    /// The places in the owner's order, each once.
    package var places: [PlaceID]
    /// A note per place in this list («Kom før ti»), in Markdown; only for places in `places`.
    package var notes: [PlaceID: String]
    /// How the list's page orders its places.
    package var order: Order

    package init(
        name: String, description: String? = nil, places: [PlaceID] = [],
        notes: [PlaceID: String] = [:], order: Order = .manual
    ) {
        self.name = name
        self.description = description
        self.places = places
        self.notes = notes
        self.order = order
    }

    /// The orders a list's page can take: the owner's, nearest the centre first, best rated first.
    package enum Order: String, Sendable, CaseIterable {
        case manual, nearest, rating
    }

    /// The most one list holds: more than any owner's list, few enough that a page of it stays a page.
    package static let maximumPlaces = 5_000
    package static let maximumNameLength = 100

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

    /// The lists that hold `id`, in the store's order.
    package func lists(holding id: PlaceID) -> [SavedList] {
        lists.filter { $0.places.contains(id) }
    }

    /// Puts `id` last in the list named `name`, making the list when there is none; false when it
    /// was there already (or the list is full). What is there keeps its place and note.
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

/// `{"name": "Søndagsfrokost", "description"?: "…", "order"?: "nearest", "places": ["own/…",
/// "node/…"], "notes"?: {"node/…": "Kom før ti"}}`; a list written before descriptions, notes and
/// orders is read as a list with none.
extension SavedList: Codable {
    package init(from decoder: any Decoder) throws {
        let container = try decoder.strictContainer(known: [
            "name", "description", "order", "places", "notes",
        ])
        name = try container.strict("name", as: String.self, expected: "forventet et navn") {
            TextHardening.clean($0, maximumLength: SavedList.maximumNameLength)
        }
        description = try container.text("description", limit: TextHardening.Limit.comment)
        order =
            try container.strictIfPresent(
                "order", as: String.self, expected: "forventet «manual», «nearest» eller «rating»",
                Order.init(rawValue:)) ?? .manual
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
        notes = [:]
        guard container.contains("notes") else { return }
        let raw =
            try container.strictIfPresent(
                "notes", as: [String: String].self,
                expected: "forventet et objekt med en tekst per steds-id") ?? [:]
        for (id, text) in raw {
            let path = decoder.codingPath + [JSONKey("notes"), JSONKey(id)]
            guard seen.contains(id) else {
                throw StrictJSON.Refusal(at: path, "et notat for et sted som ikke er i listen")
            }
            guard let clean = TextHardening.clean(text, maximumLength: TextHardening.Limit.comment)
            else { throw StrictJSON.Refusal(at: path, "forventet tekst som ikke er tom") }
            notes[PlaceID(rawValue: id)] = clean
        }
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: JSONKey.self)
        try container.encode(name, forKey: "name")
        try container.encodeIfPresent(description, forKey: "description")
        if order != .manual { try container.encode(order.rawValue, forKey: "order") }
        try container.encode(places.map(\.rawValue), forKey: "places")
        guard !notes.isEmpty else { return }
        // In the list's order, so a diff of the file reads as the list does.
        var members = container.nestedContainer(keyedBy: JSONKey.self, forKey: "notes")
        for id in places { try members.encodeIfPresent(notes[id], forKey: JSONKey(id.rawValue)) }
    }
}
