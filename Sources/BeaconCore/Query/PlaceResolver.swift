import BeaconText
import FoundationEssentials

/// Finds the place a person means on the command line: by its slug, its id
/// (`node/123` or Geoapify's `place_id`), its exact name, or an unambiguous
/// part of its name (case- and accent-insensitive).
package struct PlaceResolver: Sendable {
    package enum Resolution: Sendable {
        case found(Place)
        case ambiguous([Place])
        case notFound
    }

    let places: [Place]
    let slugs: [PlaceID: String]
    /// The stem of a place whose name gives none, as the guide's pages write it (`PathWords.unnamedPlace`).
    let unnamed: String

    package init(places: [Place], language: Language) {
        var seen = Set<PlaceID>()
        self.places = places.filter { seen.insert($0.id).inserted }
        unnamed = PathWords(language).unnamedPlace
        self.slugs = SlugAssigner.assign(self.places.map { ($0.id, $0.name) }, unnamed: unnamed)
    }

    package func slug(of place: Place) -> String? { slugs[place.id] }

    package func resolve(_ text: String) -> Resolution {
        let query = text.trimmingWhitespace()
        guard !query.isEmpty else { return .notFound }
        if let place = places.first(where: {
            slugs[$0.id] == query || $0.id.rawValue == query || $0.providerID == query
        }) {
            return .found(place)
        }
        let key = TextFolding.searchKey(query)
        let exact = places.filter { TextFolding.searchKey($0.name) == key }
        if exact.count == 1 { return .found(exact[0]) }
        if exact.count > 1 { return .ambiguous(exact) }
        // "tim-wendelboe" (a slug without its hash) names the place as well as "Tim Wendelboe".
        let stem = TextFolding.slugStem(query, unnamed: unnamed)
        let sameStem = places.filter { TextFolding.slugStem($0.name, unnamed: unnamed) == stem }
        if sameStem.count == 1 { return .found(sameStem[0]) }
        if sameStem.count > 1 { return .ambiguous(sameStem) }
        let partial = places.filter {
            TextFolding.searchKey($0.name).contains(key)
                || (stem != unnamed && TextFolding.slugStem($0.name, unnamed: unnamed).contains(stem))
        }
        switch partial.count {
        case 0: return .notFound
        case 1: return .found(partial[0])
        default: return .ambiguous(partial)
        }
    }
}
