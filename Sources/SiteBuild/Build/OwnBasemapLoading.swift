import BeaconMap
import BeaconModel
import BeaconSources
import BeaconSystem
import BeaconText
import BuiltInFiles
import FoundationEssentials

/// Our own basemap (`basemap: "osm"`, the default): OpenStreetMap data for the
/// guide's area, cut into vector tiles the pages draw. The data comes from the
/// file `basemapData` names; else from the Oslo extract compiled in, for a guide
/// without a key whose centre it covers (the sample guide: nothing leaves the
/// machine); else from Overpass (cached for 30 days, like Geoapify's tiles),
/// whatever the places come from. `"basemap": "none"` and `--offline` ask no one.
/// Cutting is cached too, by the data and the plan, so a build whose basemap
/// did not change only reads the tiles back. Bad or missing data never fails
/// the build: it goes on without a basemap (or with the last answer that could
/// be read) and says why.
extension BasemapLoading {
    static let openStreetMapCredit = MapCredit(
        text: "© OpenStreetMap-bidragsytere", url: "https://www.openstreetmap.org/copyright")
    /// An Overpass answer is used for this long, as Geoapify's tiles are.
    static let overpassFreshSeconds: TimeInterval = 30 * 86_400
    static let sampleDataName = "basemap/oslo.geojson"

    /// Where the data comes from, and what names it (for the tile cache's key). The bytes are read
    /// only when the tiles are not in the cache (the built-in extract is stored deflated).
    struct OwnData {
        var description: String
        var bytes: () -> [UInt8]
        var identity: String
        /// The area the data covers, when it is known to be less than the tiles' (the built-in
        /// extract).
        var coverage: GeoBounds? = nil
        /// The owner's extract (`basemapData`): what it covers is its features' extent.
        var isOwnersFile = false
        /// Called once the data was read as map data: an answer fetched now is cached only then, so
        /// an error Overpass sends as data (a `remark`, a cut-off answer) is not used again for a
        /// month.
        var whenRead: () -> Void = {}
        /// What to use when these bytes cannot be read: the last answer that could (at most one).
        var older: [OwnData] = []
    }

    /// "south west north east", as the extent is kept in the cache.
    static func text(_ bounds: GeoBounds) -> String {
        [bounds.south, bounds.west, bounds.north, bounds.east].map { "\($0)" }.joined(
            separator: " ")
    }

    static func bounds(_ bytes: [UInt8]) -> GeoBounds? {
        let numbers = String(decoding: bytes, as: UTF8.self).split(separator: " ").compactMap {
            Double($0)
        }
        guard numbers.count == 4, numbers.allSatisfy(\.isFinite) else { return nil }
        return GeoBounds(south: numbers[0], west: numbers[1], north: numbers[2], east: numbers[3])
    }

    /// A box as the terminal names it, by its south-west and north-east corners.
    static func describe(_ box: GeoBounds) -> String {
        NorwegianFormat.coordinate(Coordinate(latitude: box.south, longitude: box.west)) + " – "
            + NorwegianFormat.coordinate(Coordinate(latitude: box.north, longitude: box.east))
    }

    /// The area the compiled-in Oslo extract covers (its README's box).
    static let sampleCoverage = GeoBounds(
        south: 59.8797, west: 10.6876, north: 59.9425, east: 10.8130)

    func own(settings: SiteSettings) async throws(OverpassError) -> BasemapInput {
        let plan = VectorTilePlan(
            center: settings.center, radiusMetres: Double(settings.radiusMetres),
            budget: settings.tileBudget ?? VectorTilePlan.defaultBudget)
        guard let area = plan.levels.first?.bounds else { return .none }
        var data: OwnData
        switch try await ownData(settings: settings, area: area) {
        case .success(let found): data = found
        case .failure(let reason): return warn(reason.message, prefix: "Bygger uten kartbakgrunn: ")
        }
        let started = ContinuousClock.now
        let tiles: (tiles: [PublishedTile], coverage: GeoBounds?)
        do {
            tiles = try cutTiles(data, plan: plan, area: area)
            data.whenRead()
        } catch {
            guard let older = data.older.first else {
                return warn(
                    "\(data.description): \(error.userMessage)",
                    prefix: "Bygger uten kartbakgrunn: ")
            }
            console.progress(
                "  Advarsel: \(data.description): \(error.userMessage) Bruker kartdata fra mellomlageret."
            )
            do {
                tiles = try cutTiles(older, plan: plan, area: area)
                data = older
            } catch {
                return warn(
                    "\(older.description): \(error.userMessage)",
                    prefix: "Bygger uten kartbakgrunn: ")
            }
        }
        let bytes = tiles.tiles.reduce(0) { $0 + $1.bytes.count }
        let seconds = (ContinuousClock.now - started).inSeconds
        console.progress(
            "Kartbakgrunn: eget kart fra OpenStreetMap (\(data.description)), \(count(tiles.tiles.count)), \(BasemapLoading.zooms(plan.minZoom ?? 0, plan.maxZoom ?? 0)), \(FileSystem.describe(bytes: bytes))"
                + (seconds >= 0.5 ? " (\(NorwegianFormat.oneDecimal(seconds)) s)." : "."))
        return BasemapInput(
            published: PublishedBasemap(
                source: .vector(
                    pathTemplate: VectorTiles.pathTemplate, levels: plan.levels,
                    coverage: tiles.coverage.flatMap { $0.intersection(area) }),
                attribution: [BasemapLoading.openStreetMapCredit]),
            tiles: tiles.tiles, warnings: [])
    }

    /// The tiles of `plan` cut from `data`, from the cache when it holds them for this data and
    /// plan (and the extent an owner's extract covers); throws when the data cannot be read as map
    /// data.
    func cutTiles(_ data: OwnData, plan: VectorTilePlan, area: GeoBounds) throws(BasemapDataError)
        -> (
            tiles: [PublishedTile], coverage: GeoBounds?
        )
    {
        var hasher = ContentHasher()
        hasher.combine("vector-tiles")
        hasher.combine(BuildFingerprint.executableIdentity)
        hasher.combine(data.identity)
        for level in plan.levels {
            hasher.combine("\(level.zoom)/\(level.minX)/\(level.minY)/\(level.maxX)/\(level.maxY)")
        }
        let cachePath = options.site.cachePath + "/basemap/tiles-" + hasher.hex + ".bin"
        // What the owner's extract covers (its features' extent), kept beside its tiles.
        let extentPath = PathText.removingExtension(cachePath) + ".extent"
        if let cached = FileSystem.readCacheFile(cachePath, limit: 1 << 30).flatMap(
            VectorTileArchive.decode)
        {
            let extent =
                data.isOwnersFile
                ? FileSystem.readCacheFile(extentPath, limit: 256).flatMap(Self.bounds) : nil
            return (cached, data.isOwnersFile ? extent : data.coverage)
        }
        let features = try BasemapDataReader.read(data.bytes(), within: area).features
        let tiles = VectorTiles.make(features, plan: plan)
        // Best effort: without the cache the next build cuts the tiles again.
        try? FileSystem.createDirectory(
            options.site.cachePath + "/basemap", inside: options.site.root)
        try? FileSystem.writeCacheFile(VectorTileArchive.encode(tiles), to: cachePath, sync: false)
        guard data.isOwnersFile else { return (tiles, data.coverage) }
        let extent = BasemapFeature.extent(of: features)
        if let extent {
            try? FileSystem.writeCacheFile(
                Array(Self.text(extent).utf8), to: extentPath, sync: false)
        }
        return (tiles, extent)
    }

    /// The data for `area`, or why there is none: one rule, whatever the places come from.
    func ownData(settings: SiteSettings, area: GeoBounds) async throws(OverpassError)
        -> Result<OwnData, OwnDataProblem>
    {
        if let name = settings.basemapData {
            return ownFile(name)
        }
        let hasKey = !(environment["GEOAPIFY_API_KEY"]?.trimmingWhitespace() ?? "").isEmpty
        let coverage = BasemapLoading.sampleCoverage
        // A live guide, one whose owner asked for Overpass by name, or one the built-in extract
        // does not cover: fresh data for its own area.
        if hasKey || settings.basemap == .openStreetMap || !coverage.contains(settings.center) {
            return try await overpass(area)
        }
        guard BuiltInFiles.contains(BasemapLoading.sampleDataName) else {
            return .failure(OwnDataProblem("eksempelkartet er ikke bygget inn i denne sitegen"))
        }
        return .success(
            OwnData(
                description: "eksempeldata for sentrale Oslo",
                bytes: { BuiltInFiles.bytes(BasemapLoading.sampleDataName) ?? [] },
                identity: "built-in",
                coverage: coverage))
    }

    /// The owner's own extract, inside the site folder.
    func ownFile(_ name: String) -> Result<OwnData, OwnDataProblem> {
        let path = options.site.root + "/" + name
        do {
            try options.site.checkInside(path)
        } catch {
            return .failure(OwnDataProblem(error.userMessage))
        }
        let bytes: [UInt8]
        do {
            bytes = try FileSystem.read(path, limit: BasemapDataReader.maximumBytes)
        } catch {
            return .failure(OwnDataProblem("basemapData «\(name)»: \(error.userMessage)"))
        }
        var hasher = ContentHasher()
        hasher.combine(bytes)
        return .success(
            OwnData(
                description: PathText.lastComponent(name), bytes: { bytes },
                identity: "file-" + hasher.hex,
                isOwnersFile: true))
    }

    /// Overpass's answer for `area`: from the cache while fresh (or with --offline), else fetched
    /// now; a failed fetch falls back on an older answer.
    func overpass(_ area: GeoBounds) async throws(OverpassError) -> Result<OwnData, OwnDataProblem>
    {
        let client = try OverpassClient.forBuild(
            environment: environment, console: console, now: options.now)
        let cache = ResponseCache(
            folder: options.site.cachePath + "/overpass", inside: options.site.root)
        let box = [area.south, area.west, area.north, area.east].map {
            MachineNumber.decimal($0, places: 5)
        }
        .joined(separator: ",")
        var hasher = ContentHasher()
        hasher.combine("overpass-v1 " + box)
        let key = "basemap-" + hasher.hex
        let now = options.now()
        let cached = cache.entry(for: key, now: now, limit: OverpassClient.maximumAnswerBytes)
        // The data named as what it is; why an older answer is used is its own warning, said
        // before.
        func cachedData(_ entry: ResponseCache.Entry) -> OwnData {
            let age = AgeText.norwegian(seconds: now.timeIntervalSince(entry.savedAt))
            return OwnData(
                description: "Overpass, mellomlagret for \(age) siden",
                bytes: { [UInt8](entry.body) },
                identity: "overpass-\(key)-\(entry.savedAt.timeIntervalSince1970)")
        }
        func fromCache(_ entry: ResponseCache.Entry) -> Result<OwnData, OwnDataProblem> {
            .success(cachedData(entry))
        }
        if options.offline {
            guard let cached else {
                return .failure(
                    OwnDataProblem(
                        "mellomlageret har ikke kartdata fra Overpass for dette området, og --offline forbyr nettverkskall. Bygg én gang uten --offline først."
                    ))
            }
            return fromCache(cached)
        }
        if let cached, !options.refresh,
            now.timeIntervalSince(cached.savedAt) < BasemapLoading.overpassFreshSeconds
        {
            return fromCache(cached)
        }
        console.progress(
            "Henter kartdata fra Overpass (\(client.endpoint.host ?? "")) for \(BasemapLoading.describe(area)) …"
        )
        do {
            let body = try await client.fetch(area)
            let console = self.console
            let endpoint = client.endpoint
            return .success(
                OwnData(
                    description: "Overpass, hentet nå", bytes: { [UInt8](body) },
                    identity: "overpass-\(key)-\(now.timeIntervalSince1970)",
                    whenRead: {
                        do throws(FileError) {
                            try cache.store(body, url: endpoint, key: key, at: now)
                        } catch {
                            console.progress(
                                "  Advarsel: Kunne ikke lagre kartdata i mellomlageret: \(error.userMessage)"
                            )
                        }
                    }, older: cached.map { [cachedData($0)] } ?? []))
        } catch {
            if case .invalidConfiguration = error { throw error }
            if let cached {
                console.progress(
                    "  Advarsel: \(error.userMessage) Bruker kartdata fra mellomlageret.")
                return fromCache(cached)
            }
            return .failure(OwnDataProblem(error.userMessage))
        }
    }
}

/// Why our own basemap has no data, in words for the owner.
struct OwnDataProblem: Error {
    var message: String
    init(_ message: String) { self.message = message }
}

extension OwnDataProblem: CustomStringConvertible {
    var description: String { message }
}
