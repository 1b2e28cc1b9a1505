import BeaconModel
import BeaconSystem
import FoundationEssentials
import Glibc

/// What a build asks a source for: one category's places around the centre.
package struct PlacesRequest: Sendable, Hashable {
    package var category: PlaceCategory
    package var center: Coordinate
    package var radiusMetres: Int
    var limit: Int
    /// ISO 639-1 language for names and addresses.
    var language: String

    package init(
        category: PlaceCategory, center: Coordinate, radiusMetres: Int, limit: Int,
        language: String = "no"
    ) {
        self.category = category
        self.center = center
        self.radiusMetres = radiusMetres
        self.limit = limit
        self.language = language
    }

    /// What an answer to this request may hold: places within the radius
    /// (`slack`: a fraction more, for the API's own distance arithmetic),
    /// nearest first, at most `limit`, whatever a source sent. Returns them
    /// and how many were not.
    func admitted(_ places: [Place], slack: Double = 0) -> (places: [Place], dropped: Int) {
        let radius = Double(radiusMetres) * (1 + slack)
        let kept = places.lazy
            .map { ($0, $0.coordinate.distance(to: center)) }
            .filter { $0.1 <= radius }
            .sorted { $0.1 < $1.1 }
            .prefix(limit)
            .map(\.0)
        return (Array(kept), places.count - kept.count)
    }
}

/// One category's answer, with where it came from.
package struct FetchedPlaces: Sendable {
    package var places: [Place]
    package var skipped: [PlacesDecoder.SkippedFeature]
    package var origin: Origin
    /// Something the user should know (a stale cache was used, say), in Norwegian.
    package var warning: String?
    /// A hash of the answer's bytes, so a build can tell that nothing changed.
    package var contentHash: UInt64?

    package enum Origin: Sendable, Equatable {
        case sample(dataDate: Date)
        case live(fetchedAt: Date)
        case cache(savedAt: Date, stale: Bool)
    }

    package init(
        places: [Place], skipped: [PlacesDecoder.SkippedFeature] = [], origin: Origin,
        warning: String? = nil,
        contentHash: UInt64? = nil
    ) {
        self.places = places
        self.skipped = skipped
        self.origin = origin
        self.warning = warning
        self.contentHash = contentHash
    }
}

/// Where the places of a category come from: the sample data, or Geoapify
/// through the response cache. Tests pass their own (a loopback server behind
/// the real client, or a folder of fixtures).
package protocol PlaceSource: Sendable {
    func places(for request: PlacesRequest) async throws -> FetchedPlaces
    /// Every category of a build, in the requests' order. By default each is asked on its own, all
    /// at once (each fails or succeeds on its own); a source that answers all in one request
    /// (Overpass) asks once.
    func places(for requests: [PlacesRequest]) async throws -> [FetchedPlaces]
}

extension PlaceSource {
    package func places(for requests: [PlacesRequest]) async throws -> [FetchedPlaces] {
        try await withThrowingTaskGroup(of: (Int, FetchedPlaces).self) { group in
            for (index, request) in requests.enumerated() {
                group.addTask { (index, try await places(for: request)) }
            }
            var results = [FetchedPlaces?](repeating: nil, count: requests.count)
            for try await (index, fetched) in group { results[index] = fetched }
            return results.map { $0! }
        }
    }
}

/// How a build may use a source's cache:
/// - normal: a fresh cached answer (younger than the time-to-live) is used as is; otherwise the
///   source is asked and its answer cached;
/// - `refresh`: the source is always asked (pull to refresh);
/// - `offline`: only the cache, stale or not; a missing entry is an error.
package enum PlaceFetchMode: Sendable { case normal, refresh, offline }

/// Why a source could not deliver a category.
package enum PlaceSourceError: UserFacingError, Equatable {
    case sampleDataMissing(path: String)
    case sampleDataCorrupt(path: String, detail: String)
    case placesFileMissing(path: String)
    case placesFileUnreadable(FileError)
    case placesFileCorrupt(path: String, detail: String)
    case placesFileEmpty(path: String, skipped: [PlacesDecoder.SkippedFeature])
    /// Not GeoJSON of places, but a format the file's first bytes show (KML, GPX, Overpass JSON …).
    case unsupportedFormat(path: String, format: PlacesFileFormat)

    package var userMessage: String {
        switch self {
        case .sampleDataMissing(let path):
            return
                "Fant ikke eksempeldataene (\(path)). Denne utgaven av sitegen er bygget uten dem; bygg den på nytt fra prosjektmappen."
        case .sampleDataCorrupt(let path, let detail):
            return "Eksempeldataene i \(path) kan ikke leses: \(detail)."
        case .placesFileMissing(let path):
            return "Fant ikke stedsfilen \(path)."
        case .placesFileUnreadable(let error):
            return "Stedsfilen kan ikke brukes: \(error.userMessage)"
        case .placesFileCorrupt(let path, let detail):
            return
                "Stedsfilen \(path) kan ikke leses: \(detail). Den må være en GeoJSON FeatureCollection."
        case .placesFileEmpty(let path, let skipped):
            let hint =
                PlacesDecoder.SkippedFeature.kindsAdvice(skipped).map { " " + $0 + "." }
                ?? (skipped.contains { if case .noCategory = $0.reason { true } else { false } }
                    ? " Oppgi en kategori med --category for stedene som mangler den." : "")
            return
                "Stedsfilen \(path) inneholder ingen brukbare steder (\(PlacesDecoder.SkippedFeature.summary(skipped)))."
                + hint
        case .unsupportedFormat(let path, let format):
            return format.explanation(path: path)
        }
    }

    package var exitStatus: ExitStatus {
        switch self {
        case .sampleDataMissing, .placesFileMissing: .ioError
        case .placesFileUnreadable(let error): error.exitStatus
        default: .dataError
        }
    }
}

/// The sample data shipped with the tool (Geoapify answers around Oslo S, one
/// per category; compiled into `sitegen`, see `BuiltInFiles`), used when there
/// is no API key. It behaves like the API: places within the radius, nearest
/// first, at most `limit`.
package struct SampleDataSource: PlaceSource {
    /// A category's answer file, or nil when there is none.
    let contents: @Sendable (PlaceCategory) -> [UInt8]?
    /// Where a category's answer comes from, for messages.
    let location: @Sendable (PlaceCategory) -> String
    /// When the answers were fetched: what the pages show as the data's date,
    /// so a rebuild on another day does not change every page.
    package let dataDate: Date

    package init(
        dataDate: Date, location: @escaping @Sendable (PlaceCategory) -> String,
        contents: @escaping @Sendable (PlaceCategory) -> [UInt8]?
    ) {
        self.dataDate = dataDate
        self.location = location
        self.contents = contents
    }

    /// Answers in a folder (`<category>.json`), as tests and benchmarks use them.
    package init(folder: String, dataDate: Date) {
        let path: @Sendable (PlaceCategory) -> String = { folder + "/" + $0.rawValue + ".json" }
        self.init(
            dataDate: dataDate, location: path, contents: { try? FileSystem.readIfExists(path($0)) }
        )
    }

    package func places(for request: PlacesRequest) async throws -> FetchedPlaces {
        // The sample has the brief's three kinds only; of any other it simply has none.
        guard request.category.hasSampleData else {
            var hasher = ContentHasher()
            hasher.combine("no-sample:" + request.category.rawValue)
            return FetchedPlaces(
                places: [], skipped: [], origin: .sample(dataDate: dataDate),
                contentHash: hasher.value)
        }
        let name = location(request.category)
        guard let bytes = contents(request.category) else {
            throw PlaceSourceError.sampleDataMissing(path: name)
        }
        let decoded: PlacesDecoder.Result
        do {
            decoded = try PlacesDecoder(assignedCategory: request.category).decode(
                JSONParser.parse(bytes: bytes))
        } catch let error as JSONParseError {
            throw PlaceSourceError.sampleDataCorrupt(
                path: name, detail: "ugyldig JSON, \(error.localizedDescription)")
        } catch {
            throw PlaceSourceError.sampleDataCorrupt(
                path: name, detail: "ikke en GeoJSON FeatureCollection")
        }
        var hasher = ContentHasher()
        hasher.combine(bytes)
        return FetchedPlaces(
            places: request.admitted(decoded.places).places, skipped: decoded.skipped,
            origin: .sample(dataDate: dataDate), contentHash: hasher.value)
    }
}

/// A places file given with `--places`: any GeoJSON FeatureCollection of
/// points with a `name` (Geoapify, uMap, Overpass, an earlier export). Every
/// usable feature is kept: the file is the owner's own selection.
package enum PlacesFile {
    /// The largest places file read (a million places take about 900 MB).
    static let maximumBytes = 2 << 30

    package static func load(
        path: String, defaultCategory: PlaceCategory?,
        categories: [PlaceCategory] = PlaceCategory.defaults,
        addressCountry: String? = nil
    ) throws(PlaceSourceError) -> PlacesDecoder.Result {
        try decode(
            read(path: path), path: path, defaultCategory: defaultCategory, categories: categories,
            addressCountry: addressCountry)
    }

    /// "device:inode:size:mtime:ctime" of the file (following a symbolic link), or nil.
    /// Any write changes the change time, which cannot be set back.
    package static func identity(path: String) -> String? {
        guard let info = FileSystem.status(path) else { return nil }
        return
            "\(info.device):\(info.inode):\(info.size):\(info.modifiedSeconds).\(info.modifiedNanoseconds):"
            + "\(info.changedSeconds).\(info.changedNanoseconds)"
    }

    package static func read(path: String) throws(PlaceSourceError) -> [UInt8] {
        let bytes: [UInt8]?
        do { bytes = try FileSystem.readIfExists(path, limit: maximumBytes) } catch {
            throw .placesFileUnreadable(error)
        }
        guard let bytes else { throw .placesFileMissing(path: path) }
        return bytes
    }

    /// `bytes` is consumed: the decoder adds its end marker in place instead of copying the whole
    /// file.
    package static func decode(
        _ bytes: consuming [UInt8], path: String, defaultCategory: PlaceCategory?,
        categories: [PlaceCategory] = PlaceCategory.defaults, addressCountry: String? = nil
    ) throws(PlaceSourceError) -> PlacesDecoder.Result {
        let decoder = PlacesDecoder(
            defaultCategory: defaultCategory, categories: categories, addressCountry: addressCountry
        )
        let result: PlacesDecoder.Result
        do {
            result = try decoder.decode(bytes: consume bytes)
        } catch let error as JSONParseError {
            if let format = recognisedFormat(path: path) {
                throw .unsupportedFormat(path: path, format: format)
            }
            throw .placesFileCorrupt(
                path: path, detail: "ugyldig JSON, \(error.localizedDescription)")
        } catch {
            if let format = recognisedFormat(path: path) {
                throw .unsupportedFormat(path: path, format: format)
            }
            throw .placesFileCorrupt(path: path, detail: "fant ingen «features»")
        }
        guard !result.places.isEmpty else {
            if let format = recognisedFormat(path: path) {
                throw .unsupportedFormat(path: path, format: format)
            }
            throw .placesFileEmpty(path: path, skipped: result.skipped)
        }
        return result
    }

    /// The format of a file that gave no places, from its first bytes (read again: only on this way
    /// out).
    static func recognisedFormat(path: String) -> PlacesFileFormat? {
        FileSystem.readPrefix(path, maximumBytes: 8192).flatMap(PlacesFileFormat.recognise)
    }
}

/// No places but the owner's own (`"source": "none"`): every kind is empty, and nothing is asked
/// (a build skips it: `PlaceLoading.fetch`).
package struct NoPlaceSource: PlaceSource {
    package init() {}

    package func places(for request: PlacesRequest) async throws -> FetchedPlaces {
        var hasher = ContentHasher()
        hasher.combine("own-only:" + request.category.rawValue)
        return FetchedPlaces(
            places: [], origin: .live(fetchedAt: Date(timeIntervalSince1970: 0)),
            contentHash: hasher.value)
    }
}
