import BeaconModel
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
    /// The stem of a place whose name gives none, as the guide's pages write it
    /// (`PathWords.unnamedPlace`).
    let unnamed: String

    package init(places: [Place], language: Language) {
        var seen = Set<PlaceID>()
        self.places = places.filter { seen.insert($0.id).inserted }
        unnamed = PathWords(language).unnamedPlace
        let unnamed = unnamed
        self.slugs = SlugAssigner.assign(
            self.places.map { ($0.id, $0.slugName(in: language, unnamed: unnamed)) },
            unnamed: unnamed)
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
        // A place answers to its name and to the names the guide's other languages show («Chinese
        // Kitchen» for «中文小馆»): the owner may not be able to type the one on the sign.
        let exact = places.filter {
            $0.names.allShown(for: $0.name).contains { TextFolding.searchKey($0) == key }
        }
        if exact.count == 1 { return .found(exact[0]) }
        if exact.count > 1 { return .ambiguous(exact) }
        // "tim-wendelboe" (a slug without its hash) names the place as well as "Tim Wendelboe".
        let stem = TextFolding.placeSlugStem(query, unnamed: unnamed)
        let sameStem = places.filter {
            $0.names.allShown(for: $0.name).contains {
                TextFolding.placeSlugStem($0, unnamed: unnamed) == stem
            }
        }
        if sameStem.count == 1 { return .found(sameStem[0]) }
        if sameStem.count > 1 { return .ambiguous(sameStem) }
        // A page's old address (the place was renamed since): its slug ends in the same part of its
        // id.
        if let place = byIDPart(of: query) { return .found(place) }
        let partial = places.filter {
            $0.names.allShown(for: $0.name).contains { name in
                TextFolding.searchKey(name).contains(key)
                    || (stem != unnamed
                        && TextFolding.placeSlugStem(name, unnamed: unnamed).contains(stem))
            }
        }
        switch partial.count {
        case 0: return .notFound
        case 1: return .found(partial[0])
        default: return .ambiguous(partial)
        }
    }

    /// The one place whose slug ends in the part after `query`'s last dash (6 to 12 letters and
    /// digits, as `SlugAssigner` makes them; a longer one of the same start counts), or nil.
    func byIDPart(of query: String) -> Place? {
        guard let dash = query.lastIndex(of: "-") else { return nil }
        let end = query[query.index(after: dash)...]
        guard (6...12).contains(end.utf8.count),
            end.utf8.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x61 && $0 <= 0x7A) })
        else { return nil }
        let found = places.filter { place in
            guard let slug = slugs[place.id], let slugDash = slug.lastIndex(of: "-") else {
                return false
            }
            let other = slug[slug.index(after: slugDash)...]
            return other.utf8.count >= 6 && (other.hasPrefix(end) || end.hasPrefix(other))
        }
        return found.count == 1 ? found[0] : nil
    }
}
