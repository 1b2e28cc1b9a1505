import BeaconMap
import BeaconModel
import BeaconSite
import BeaconSources
import BeaconSystem
import BeaconText
import FoundationEssentials
import Templates

/// Step 2 of a build: the places, from a places file, from Geoapify (through
/// the response cache) when there is an API key, or else from the sample data.
struct PlaceLoading: Sendable {
    var options: BuildOptions
    var environment: [String: String]
    var console: any Console
    var placeSource: (any PlaceSource)?

    struct Loaded: Sendable {
        var places: [Place]
        var source: DataSourceInfo
        var warnings: [String]
        /// Hashes of the answers, per category in order (for the build fingerprint).
        var contentHashes: [UInt64?]
    }

    /// The places from the API (through the cache) or the sample data.
    func fetch(settings: SiteSettings) async throws -> Loaded {
        let source = try placeSource ?? chooseSource(settings: settings)
        if source is NoPlaceSource {
            // The owner's places only: dated as the store, which holds them.
            let store = options.site.root + "/" + GuideStore.fileName
            let changed =
                (try? FileManager.default.attributesOfItem(atPath: store)[.modificationDate]
                    as? Date) ?? options.now()
            return Loaded(
                places: [], source: DataSourceInfo(kind: .ownOnly, fetchedAt: changed),
                warnings: [], contentHashes: [])
        }
        return try await loadCategories(from: source, settings: settings)
    }

    /// A places file's date and content key, and its bytes unless the file is
    /// the very one the last build read (same inode, size, modification and
    /// change time: the change time cannot be set back), in which case the key
    /// that build worked out is used and the bytes are read only if they must be parsed.
    struct RawFile: Sendable {
        var path: String
        /// Taken (and so freed) by the parse, or dropped when the parse is not needed.
        var bytes: PlacesBytes
        var modified: Date
        /// "device:inode:size:mtime:ctime" of the file when it was read.
        var identity: String?
        /// A hash of the file's name and bytes.
        var contentKey: String
    }

    func readFile(_ path: String, known: BuildRecord.PlacesFile?) throws -> RawFile {
        console.progress("Leser stedsfilen \(path) …")
        let identity = PlacesFile.identity(path: path)
        let modified =
            (try? FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date)
            ?? options.now()
        if let identity, let known, known.identity == identity, known.path == path {
            return RawFile(
                path: path, bytes: PlacesBytes(nil), modified: modified, identity: identity,
                contentKey: known.key)
        }
        let bytes = try PlacesFile.read(path: path)
        var hasher = ContentHasher()
        hasher.combine("file:" + PathText.lastComponent(path))
        hasher.combine(inParallel: bytes)
        return RawFile(
            path: path, bytes: PlacesBytes(bytes), modified: modified, identity: identity,
            contentKey: hasher.hex)
    }

    /// A places file's places, with its report on the terminal.
    /// `settings`: the guide's (its categories, the country its addresses are written the way of).
    func decodeFile(_ raw: RawFile, settings: SiteSettings) throws -> Loaded {
        let bytes = try raw.bytes.take() ?? PlacesFile.read(path: raw.path)
        let result = try PlacesFile.decode(
            consume bytes, path: raw.path, defaultCategory: options.defaultCategory,
            categories: settings.categories,
            addressCountry: settings.addressCountry)
        let warnings = report(places: result.places.count, skipped: result.skipped)
        return Loaded(
            places: result.places, source: fileSource(raw), warnings: warnings, contentHashes: [])
    }

    func fileSource(_ raw: RawFile) -> DataSourceInfo {
        DataSourceInfo(kind: .file(name: PathText.lastComponent(raw.path)), fetchedAt: raw.modified)
    }

    /// Tells how many places a places file gave; returns the warnings.
    func report(places: Int, skipped: [PlacesDecoder.SkippedFeature]) -> [String] {
        var warnings: [String] = []
        if !skipped.isEmpty {
            let message =
                "Stedsfilen: "
                + PlacesDecoder.SkippedFeature.summary(skipped) { kind, count in
                    NorwegianFormat.count(
                        count, singular: CategoryNames.singular(kind).lowercased(),
                        plural: CategoryNames.pluralInText(kind))
                } + "."
                + (PlacesDecoder.SkippedFeature.kindsAdvice(skipped).map { " " + $0 + "." } ?? "")
            warnings.append(message)
            console.progress(message)
        }
        console.progress("  " + NorwegianFormat.count(places, singular: "sted", plural: "steder"))
        return warnings
    }

    func chooseSource(settings: SiteSettings) throws -> any PlaceSource {
        let client = try GeoapifyClient.fromEnvironment(environment)
        switch PlacesSourceSetting.resolved(
            settings.source, hasKey: client != nil, center: settings.center)
        {
        case .sample:
            // The sample is in the binary: nothing to fetch again, and --offline costs it nothing.
            if options.refresh { throw SampleCannotBeRefreshed() }
            console.progress(
                client == nil
                    ? "Ingen GEOAPIFY_API_KEY er satt: bruker eksempeldataene rundt Oslo S («\"source\": \"osm\"» i \(SiteSettings.fileName) henter steder fra OpenStreetMap i stedet)."
                    : "Bruker eksempeldataene rundt Oslo S («\"source\": \"sample\"» i \(SiteSettings.fileName))."
            )
            return SampleDataSource.builtIn
        case .openStreetMap:
            return try overpassSource(settings: settings)
        case .ownOnly:
            console.progress(
                "Bare dine egne steder og favoritter («\"source\": \"none\"» i \(SiteSettings.fileName)): spør ingen om steder."
            )
            return NoPlaceSource()
        case .geoapify:
            guard let client else { throw GeoapifyError.missingKey }
            return geoapifySource(client, settings: settings)
        }
    }

    func geoapifySource(_ client: GeoapifyClient, settings: SiteSettings) -> any PlaceSource {
        var client = client
        let console = self.console
        client.now = options.now
        client.onRetry = { attempt, wait, error in
            console.progress(
                "  Forsøk \(attempt) feilet (\(error.briefDescription)); prøver igjen om \(NorwegianFormat.oneDecimal(wait)) s …"
            )
        }
        switch mode {
        case .offline: console.progress("Bruker bare mellomlageret (--offline).")
        case .refresh: console.progress("Henter alt på nytt fra Geoapify (--refresh).")
        case .normal:
            console.progress(
                "Henter fra Geoapify (svar yngre enn \(settings.cacheHours) timer tas fra mellomlageret)."
            )
        }
        return GeoapifyPlaceSource(
            client: client,
            cache: ResponseCache(
                folder: options.site.cachePath + "/geoapify", inside: options.site.root),
            mode: mode, timeToLive: TimeInterval(settings.cacheHours) * 3600, now: options.now,
            categoryName: CategoryNames.pluralInText)
    }

    /// OpenStreetMap's places through Overpass: the one line says what is asked, of whom, for
    /// which circle, before the request goes.
    func overpassSource(settings: SiteSettings) throws -> any PlaceSource {
        let client = try OverpassClient.forBuild(
            environment: environment, console: console, now: options.now)
        let kinds = NorwegianFormat.list(
            settings.categories.filter(\.isFetched).map(CategoryNames.pluralInText))
        let circle =
            "innen \(settings.radiusKm) km fra \(settings.centerLabel ?? NorwegianFormat.coordinate(settings.center))"
        switch mode {
        case .offline:
            console.progress(
                "Steder fra OpenStreetMap: bare fra mellomlageret (--offline), \(kinds) \(circle).")
        case .refresh, .normal:
            console.progress(
                "Steder fra OpenStreetMap: spør Overpass (\(client.endpoint.host ?? "")) om \(kinds) \(circle)"
                    + (mode == .refresh
                        ? " (--refresh)."
                        : " (svar yngre enn \(settings.cacheHours) timer tas fra mellomlageret)."))
        }
        return OverpassPlaceSource(
            client: client,
            cache: ResponseCache(
                folder: options.site.cachePath + "/overpass", inside: options.site.root),
            mode: mode, timeToLive: TimeInterval(settings.cacheHours) * 3600,
            categories: settings.categories.filter(\.isFetched),
            addressCountry: settings.addressCountry, now: options.now)
    }

    var mode: PlaceFetchMode { options.offline ? .offline : options.refresh ? .refresh : .normal }

    func loadCategories(from source: any PlaceSource, settings: SiteSettings) async throws -> Loaded
    {
        let requests = settings.categories.filter(\.isFetched).map {
            PlacesRequest(
                category: $0, center: settings.center, radiusMetres: settings.radiusMetres,
                limit: settings.placesPerCategory)
        }
        let results = try await source.places(for: requests)
        var places: [Place] = []
        var warnings: [String] = []
        var kind: DataSourceInfo.Kind = .sample
        var fetchedAt = Date.distantFuture
        var seen = Set<PlaceID>()
        for (request, fetched) in zip(requests, results) {
            let fresh = fetched.places.filter { seen.insert($0.id).inserted }
            let duplicates = fetched.places.count - fresh.count
            var line =
                "Henter \(CategoryNames.pluralInText(request.category)) … "
                + NorwegianFormat.count(fresh.count, singular: "sted", plural: "steder")
            if duplicates > 0 { line += " (\(duplicates) allerede med i en annen kategori)" }
            let unnamed = fetched.skipped.filter { $0.reason == .noName }.count
            if unnamed > 0 { line += ", \(unnamed) uten navn hoppet over" }
            if case .cache(let savedAt, let stale) = fetched.origin, fetched.warning == nil {
                line +=
                    " (fra mellomlageret, \(AgeText.norwegian(seconds: options.now().timeIntervalSince(savedAt))) gammelt\(stale ? ", utløpt" : ""))"
            }
            console.progress(line)
            if let warning = fetched.warning {
                warnings.append(warning)
                console.progress("  Advarsel: \(warning)")
            }
            switch fetched.origin {
            case .sample(let dataDate):
                fetchedAt = min(fetchedAt, dataDate)
            case .live(let at):
                if case .sample = kind { kind = .live }
                fetchedAt = min(fetchedAt, at)
            case .cache(let savedAt, _):
                let age = Int(saturating: options.now().timeIntervalSince(savedAt))
                if case .cache(let oldest) = kind {
                    kind = .cache(ageSeconds: max(oldest, age))
                } else {
                    kind = .cache(ageSeconds: age)
                }
                fetchedAt = min(fetchedAt, savedAt)
            }
            if fresh.isEmpty {
                warnings.append(
                    "Fant ingen \(CategoryNames.pluralInText(request.category)) innenfor \(settings.radiusKm) km."
                )
            }
            places += fresh
        }
        if fetchedAt == .distantFuture { fetchedAt = options.now() }
        return Loaded(
            places: places,
            source: DataSourceInfo(
                kind: kind, fetchedAt: fetchedAt,
                provider: source is OverpassPlaceSource ? .openStreetMap : .geoapify),
            warnings: warnings,
            contentHashes: results.map(\.contentHash))
    }
}

/// A places file's bytes, held only until they are parsed: at 100,000 places they are 90 MB that
/// the rest of the build does not need.
typealias PlacesBytes = HandOver<[UInt8]>

/// `--category` names a kind of place the guide does not hold: its places would have no chip and no
/// page.
struct CategoryNotInGuide: UserFacingError {
    var category: PlaceCategory
    var categories: [PlaceCategory]

    package var userMessage: String {
        "kategorien «\(category.rawValue)» (--category) er ikke blant guidens kategorier ("
            + categories.map(\.rawValue).joined(separator: ", ")
            + "); legg den til under «categories» i \(SiteSettings.fileName), eller velg en av dem."
    }

    package var exitStatus: ExitStatus { .usage }
}

/// `--refresh` on the sample guide: the sample is compiled in, so there is nothing to fetch again.
struct SampleCannotBeRefreshed: UserFacingError {
    var userMessage: String {
        "--refresh henter stedene på nytt, men eksempeldataene ligger i sitegen og hentes ikke. Bygg uten "
            + "--refresh, eller hent steder fra OpenStreetMap med «\"source\": \"osm\"» i \(SiteSettings.fileName) "
            + "(eller fra Geoapify med GEOAPIFY_API_KEY)."
    }
    var exitStatus: ExitStatus { .usage }
}
