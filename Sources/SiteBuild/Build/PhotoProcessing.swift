import BeaconModel
import BeaconSite
import BeaconSystem
import BeaconText
import FoundationEssentials
import Templates

/// The build's photos: every photo of a place the guide shows, made into its published sizes once
/// (kept in `PhotoCache`), spread over the cores, one photo per core (libvips runs one thread per
/// photo). A photo that cannot be made is named in a warning and left out; the rest of the guide is
/// built. libvips is loaded only when some place has a photo.
package struct PhotoProcessing {
    /// The photos each place shows, in the owner's order.
    var photos: [PlaceID: [ShownPhoto]] = [:]
    /// The published files: where in the site, and the cached file that holds the bytes.
    package var files: [(path: String, source: String)] = []
    package var warnings: [String] = []
    /// How many photos were made now (not taken from the cache).
    var made = 0

    package static let folder = String(OfflineFiles.photoFolder.dropLast())

    private enum Outcome: Sendable {
        case made(PhotoCache.Entry)
        case failed(String)
    }

    static func run(store: GuideStore, guide: Guide, site: SiteFolder) -> PhotoProcessing {
        var result = PhotoProcessing()
        let withPhotos = store.placesWithPhotos
        let cache = PhotoCache(site: site)
        // What no photo of the store needs any more goes (a removed photo's sizes, an earlier
        // pipeline's).
        defer {
            cache.prune(keeping: Set(withPhotos.flatMap { $0.photos.map { stem(of: $0.file) } }))
        }
        guard !withPhotos.isEmpty else { return result }
        var shown: [PlaceID: GuidePlace] = [:]
        let wanted = Set(withPhotos.map(\.id))
        for place in guide.allPages where wanted.contains(place.id) { shown[place.id] = place }

        // Each original once, however many places show it.
        var order: [String] = []
        var seen = Set<String>()
        for (id, photos) in withPhotos where shown[id] != nil {
            for photo in photos where seen.insert(photo.file).inserted { order.append(photo.file) }
        }
        let stems = order
        let cached = stems.map { cache.entry(for: stem(of: $0)) }
        let missing = stems.indices.filter { cached[$0] == nil }
        let outcomes = ParallelChunks.map(count: missing.count, chunkSize: 1) {
            position -> Outcome in
            let file = stems[missing[position]]
            guard let bytes = FileSystem.readCacheFile(site.root + "/" + file, limit: 200 << 20)
            else {
                return .failed(PhotoMissing(file: file).userMessage)
            }
            let processed: ProcessedPhoto
            do throws(PhotoError) { processed = try PhotoPipeline.process(bytes, name: file) } catch
            {
                return .failed(error.userMessage)
            }
            do throws(FileError) {
                return .made(try cache.store(processed, for: stem(of: file)))
            } catch {
                return .failed(error.userMessage)
            }
        }
        var entries: [String: PhotoCache.Entry] = [:]
        for (index, entry) in cached.enumerated() { if let entry { entries[stems[index]] = entry } }
        var failed: [String: String] = [:]
        for (position, outcome) in outcomes.enumerated() {
            switch outcome {
            case .made(let entry):
                entries[stems[missing[position]]] = entry
                result.made += 1
            case .failed(let message): failed[stems[missing[position]]] = message
            }
        }
        // libvips missing is said once, not once per photo.
        let messages = Array(Set(failed.values)).sorted()
        result.warnings += messages.map { "Bilder: " + $0 }

        var published = Set<String>()
        for (id, photos) in withPhotos where shown[id] != nil {
            var list: [ShownPhoto] = []
            for photo in photos {
                guard let entry = entries[photo.file] else { continue }
                var sources: [ShownPhoto.Source] = []
                var jpeg: ShownPhoto.Source?
                for variant in entry.variants {
                    let isWebP = variant.format == .webp
                    let path =
                        "\(folder)/\(stem(of: photo.file))-\(variant.width).\(isWebP ? "webp" : "jpg")"
                    let source = ShownPhoto.Source(
                        width: variant.width, height: variant.height, path: path)
                    if isWebP { sources.append(source) } else { jpeg = source }
                    if published.insert(path).inserted { result.files.append((path, variant.file)) }
                }
                guard let jpeg, !sources.isEmpty else { continue }
                list.append(
                    ShownPhoto(
                        alt: photo.alt, credit: photo.credit, width: entry.width,
                        height: entry.height,
                        placeholder: entry.placeholder, sources: sources, jpeg: jpeg))
            }
            if !list.isEmpty { result.photos[id] = list }
        }
        let withoutAlt = withPhotos.filter {
            shown[$0.id] != nil && $0.photos.contains { $0.alt == nil }
        }
        if !withoutAlt.isEmpty {
            let names = withoutAlt.prefix(5).compactMap { shown[$0.id]?.name }.map { "«\($0)»" }
            result.warnings.append(
                "Bilder uten beskrivelse (--alt) hos \(names.joined(separator: ", "))"
                    + (withoutAlt.count > 5 ? " og \(withoutAlt.count - 5) til" : "")
                    + ": sidene sier «Bilde av NAVN». Gi en beskrivelse for dem som ikke ser bildet, med "
                    + "«sitegen photo edit STED N --alt TEKST».")
        }
        return result
    }

    /// A digest of what the photos make the pages show (part of the context key: a photo added,
    /// removed, reordered or re-described renders every page again).
    static func digest(_ store: GuideStore) -> String {
        var hasher = ContentHasher()
        hasher.combine(PhotoCache.version)
        for (id, photos) in store.placesWithPhotos {
            hasher.combine(id.rawValue)
            for photo in photos {
                hasher.combine(photo.file)
                hasher.combine(photo.alt ?? "-")
                hasher.combine(photo.credit ?? "-")
            }
        }
        return hasher.hex
    }

    /// "photos/ab12….jpg" → "ab12…".
    package static func stem(of file: String) -> String {
        PathText.removingExtension(PathText.lastComponent(file))
    }
}

/// An original the store names that is not in `photos/` (deleted by hand) or cannot be read.
struct PhotoMissing: UserFacingError {
    var file: String
    package var userMessage: String {
        "\(file) finnes ikke (eller er ikke en vanlig fil). Legg bildet til igjen med «sitegen photo add», "
            + "eller fjern det med «sitegen photo remove»."
    }
    package var exitStatus: ExitStatus { .dataError }
}
