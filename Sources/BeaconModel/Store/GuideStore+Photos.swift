/// The owner's photos of places, in the store: each place's in the owner's order, the originals
/// shared between places by name (`PlacePhoto.file`).
extension GuideStore {
    /// A place's photos in the owner's order; none when it has none.
    package func photos(of id: PlaceID) -> [PlacePhoto] { entries[id]?.photos ?? [] }

    /// Every original some place refers to: what `photos/` must hold.
    package var photoFiles: Set<String> {
        var files = Set<String>()
        for entry in entries.values { files.formUnion(entry.photos.map(\.file)) }
        return files
    }

    /// The places that have photos, in id order.
    package var placesWithPhotos: [(id: PlaceID, photos: [PlacePhoto])] {
        entries.compactMap { id, entry in entry.photos.isEmpty ? nil : (id, entry.photos) }.sorted {
            $0.id < $1.id
        }
    }

    package enum PhotoAddition: Equatable, Sendable {
        case added
        /// The place already had that original; nothing changed (its alt and credit stay).
        case alreadyThere
        /// The place has `PlacePhoto.maximumPerPlace`.
        case full
    }

    /// Adds `photo` after the place's others, keeping a copy of the place (as a note does) so the
    /// store can name it when the data no longer has it.
    package mutating func addPhoto(_ photo: PlacePhoto, to place: Place) -> PhotoAddition {
        var entry = entries[place.id] ?? Entry()
        if entry.photos.contains(where: { $0.file == photo.file }) { return .alreadyThere }
        guard entry.photos.count < PlacePhoto.maximumPerPlace else { return .full }
        entry.photos.append(photo)
        if entry.snapshot == nil { entry.snapshot = PlaceSnapshot(place) }
        entries[place.id] = entry
        return .added
    }

    /// Removes the place's photo at `index` (0-based); nil when there is none there.
    @discardableResult
    package mutating func removePhoto(at index: Int, of id: PlaceID) -> PlacePhoto? {
        guard var entry = entries[id], entry.photos.indices.contains(index) else { return nil }
        let removed = entry.photos.remove(at: index)
        entries[id] = entry.isEmpty ? nil : entry
        return removed
    }

    /// Removes all the place's photos and returns them.
    @discardableResult
    package mutating func removePhotos(of id: PlaceID) -> [PlacePhoto] {
        guard var entry = entries[id] else { return [] }
        let removed = entry.photos
        entry.photos = []
        entries[id] = entry.isEmpty ? nil : entry
        return removed
    }

    /// Puts the place's photos in `order` (0-based indices of the present order, each once); false,
    /// with nothing changed, when `order` is not such a permutation.
    @discardableResult
    package mutating func reorderPhotos(of id: PlaceID, _ order: [Int]) -> Bool {
        guard var entry = entries[id], order.count == entry.photos.count,
            order.sorted() == Array(entry.photos.indices)
        else { return false }
        entry.photos = order.map { entry.photos[$0] }
        entries[id] = entry
        return true
    }

    /// Changes photo `index` of the place: `alt` and `credit` nil leave that text as it is,
    /// `.some(nil)` removes it. Nil, with nothing changed, when the place has no such photo.
    package mutating func editPhoto(at index: Int, of id: PlaceID, alt: String??, credit: String??)
        -> PlacePhoto?
    {
        guard var entry = entries[id], entry.photos.indices.contains(index) else { return nil }
        if let alt { entry.photos[index].alt = alt }
        if let credit { entry.photos[index].credit = credit }
        entries[id] = entry
        return entry.photos[index]
    }
}
