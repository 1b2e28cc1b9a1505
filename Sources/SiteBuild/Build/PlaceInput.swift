import BeaconModel
import BeaconSite
import BeaconSystem
import BeaconText

/// The places as a build first has them: a places file's bytes, hashed
/// before they are parsed (so an unchanged rebuild skips even that), or the
/// answers of a place source.
enum PlaceInput {
    case file(PlaceLoading.RawFile)
    case fetched(PlaceLoading.Loaded)

    /// Where the places came from, known before any parsing.
    var source: DataSourceInfo {
        switch self {
        case .file(let raw):
            DataSourceInfo(
                kind: .file(name: PathText.lastComponent(raw.path)), fetchedAt: raw.modified)
        case .fetched(let loaded): loaded.source
        }
    }
}

extension PlaceInput {
    /// A hash of the places as they came: a places file's name and bytes (and
    /// the category given to features that name none, which shapes the places
    /// as much), or each answer's hash with the data's source; nil when an answer has none.
    func contentKey(defaultCategory: PlaceCategory?) -> String? {
        var hasher = ContentHasher()
        switch self {
        case .file(let raw):
            guard let defaultCategory else { return raw.contentKey }
            hasher.combine(raw.contentKey)
            hasher.combine("default-category:" + defaultCategory.rawValue)
        case .fetched(let loaded):
            hasher.combine(loaded.source)
            for hash in loaded.contentHashes {
                guard let hash else { return nil }
                hasher.combine(hash)
            }
        }
        return hasher.hex
    }
}
