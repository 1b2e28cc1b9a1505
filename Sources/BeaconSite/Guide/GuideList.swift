import BeaconModel
import BeaconText

/// One of the owner's lists as the guide publishes it: its places that the guide has, in the order
/// its page shows them, each with the list's note on it.
package struct GuideList: Sendable {
    package let name: String
    /// The owner's Markdown, the lead of the list's page.
    package let description: String?
    package let order: SavedList.Order
    /// The folder of the list's page and the stem of its exports: the name's Latin letters, unique
    /// among the lists (`lister/sondagsfrokost/`).
    package let slug: String
    /// The places in the page's order: the owner's, nearest the centre, or best rated first.
    package let places: [GuidePlace]
    /// The list's note on each place that has one.
    package let notes: [PlaceID: String]
    /// How many of the list's places the guide does not have now (out of the radius, hidden,
    /// or gone from the data); the build says so.
    package let missingCount: Int

    /// The word a list whose name has no Latin letter takes for its folder (`liste-k3x9a1`).
    static let unnamedStem = "liste"

    /// The guide's lists, made from the store's: each place looked up in `placesByID`.
    package static func make(
        _ lists: [SavedList], placesByID: [PlaceID: GuidePlace]
    ) -> [GuideList] {
        let stems = lists.map { TextFolding.placeSlugStem($0.name, unnamed: unnamedStem) }
        var count: [String: Int] = [:]
        for stem in stems { count[stem, default: 0] += 1 }
        return zip(lists, stems).map { list, stem in
            // A stem two lists share, or none, gets the name's hash: stable however the lists move.
            let slug =
                count[stem, default: 0] > 1 || stem == unnamedStem
                ? stem + "-" + PlaceID(rawValue: TextFolding.searchKey(list.name)).shortHash()
                : stem
            let found = list.places.compactMap { placesByID[$0] }
            return GuideList(
                name: list.name, description: list.description, order: list.order, slug: slug,
                places: ordered(found, by: list.order), notes: list.notes,
                missingCount: list.places.count - found.count)
        }
    }

    /// `places` (in the owner's order) in `order`; ties keep the owner's order.
    static func ordered(_ places: [GuidePlace], by order: SavedList.Order) -> [GuidePlace] {
        let indexed = Array(places.enumerated())
        switch order {
        case .manual: return places
        case .nearest:
            return indexed.sorted {
                $0.element.distanceMetres != $1.element.distanceMetres
                    ? $0.element.distanceMetres < $1.element.distanceMetres : $0.offset < $1.offset
            }.map(\.element)
        case .rating:
            return indexed.sorted { a, b in
                let (x, y) = (a.element.summary, b.element.summary)
                switch (x, y) {
                case (nil, nil): return a.offset < b.offset
                case (nil, _): return false
                case (_, nil): return true
                case (let x?, let y?):
                    if x.average != y.average { return x.average > y.average }
                    if x.count != y.count { return x.count > y.count }
                    return a.offset < b.offset
                }
            }.map(\.element)
        }
    }
}
