import BeaconMap
import BeaconModel
import BeaconSystem
import FoundationEssentials

/// Basemap tiles through the response cache: a tile younger than the
/// time-to-live (30 days) comes from the cache; the others from Geoapify,
/// lowest zoom first. After the first failure the network is not asked
/// again in this build; an older cached tile stands in where there is one.
/// A zoom level that is still incomplete ends the basemap there: only
/// complete levels are returned (the ones below it).
package struct GeoapifyTileSource: Sendable {
    package enum Mode: Sendable { case normal, offline }

    package static let defaultTimeToLive: TimeInterval = 30 * 86_400

    var client: GeoapifyTileClient
    var cache: ResponseCache
    var mode: Mode
    var timeToLive: TimeInterval
    package var now: @Sendable () -> Date

    package init(
        client: GeoapifyTileClient, cache: ResponseCache, mode: Mode = .normal,
        timeToLive: TimeInterval = GeoapifyTileSource.defaultTimeToLive,
        now: @escaping @Sendable () -> Date = Date.init
    ) {
        self.client = client
        self.cache = cache
        self.mode = mode
        self.timeToLive = timeToLive
        self.now = now
    }

    /// The cache's name for a tile: style, zoom, x and y (no host, no key).
    static func cacheKey(_ tile: TileCoordinate) -> String {
        "\(GeoapifyTileClient.style)-\(tile.zoom)-\(tile.x)-\(tile.y)"
    }

    /// What the cache holds for a plan, before anything is fetched.
    package struct CacheState: Sendable {
        /// Usable cached tiles, and whether each is still fresh.
        var cached: [TileCoordinate: (bytes: [UInt8], fresh: Bool)]
        package var freshCount: Int
        /// Usable cached tiles, fresh or not.
        package var usableCount: Int { cached.count }
        /// Tiles the build will ask Geoapify for (offline: none).
        package var toFetch: Int
        package var credits: Double { Double(toFetch) * TilePlan.creditsPerTile }
    }

    package func cacheState(for plan: TilePlan) -> CacheState {
        var cached: [TileCoordinate: (bytes: [UInt8], fresh: Bool)] = [:]
        let moment = now()
        let keyRedactor = SecretRedactor(secrets: [client.client.apiKey])
        for tile in plan.tiles {
            guard let entry = cache.entry(for: GeoapifyTileSource.cacheKey(tile), now: moment)
            else { continue }
            // A tile cached by an older sitegen may still carry text chunks: kept only as an image.
            guard PNGCheck.isTile([UInt8](entry.body)),
                let bytes = PNGTile.publishable([UInt8](entry.body)),
                !keyRedactor.isFound(in: bytes)
            else { continue }
            let age = moment.timeIntervalSince(entry.savedAt)
            cached[tile] = (bytes, age >= 0 && age < timeToLive)
        }
        let fresh = cached.values.filter(\.fresh).count
        return CacheState(
            cached: cached, freshCount: fresh,
            toFetch: mode == .offline ? 0 : plan.tileCount - fresh)
    }

    /// The tiles of the plan's complete zoom levels, and what happened.
    package struct Result: Sendable {
        /// The plan cut to the levels that are complete (possibly none).
        package var plan: TilePlan
        package var tiles: [PublishedTile]
        /// Tiles fetched now (including those of a level that stayed incomplete).
        package var fetched: Int
        package var fromCache: Int
        /// Older cached tiles used because fetching failed.
        package var staleUsed: Int
        package var bytes: Int
        /// Why the network stopped being asked, if it did.
        package var failure: GeoapifyError?
        /// The first zoom level that could not be completed, and why.
        package var incompleteZoom: Int?
        package var missingTiles: Int
        /// Tiles fetched but not cached (the cache could not be written).
        package var cacheWriteError: String?
    }

    /// Fetches what the cache lacks, zoom by zoom; `progress` hears of each finished level.
    package func load(
        _ plan: TilePlan, state: CacheState? = nil,
        progress: @escaping @Sendable (String) -> Void = { _ in }
    ) async -> Result {
        let state = state ?? cacheState(for: plan)
        let gate = RequestGate(limits: client.limits)
        var result = Result(
            plan: plan.prefix(levels: 0), tiles: [], fetched: 0, fromCache: 0, staleUsed: 0,
            bytes: 0,
            failure: nil, incompleteZoom: nil, missingTiles: 0, cacheWriteError: nil)
        for (index, level) in plan.levels.enumerated() {
            var got: [TileCoordinate: [UInt8]] = [:]
            var fromCache = 0
            for tile in level.tiles {
                if let entry = state.cached[tile], entry.fresh {
                    got[tile] = entry.bytes
                    fromCache += 1
                }
            }
            var fetched = 0
            let missing = level.tiles.filter { got[$0] == nil }
            if !missing.isEmpty, mode == .normal, result.failure == nil {
                let (answers, failure) = await fetchAll(missing, gate: gate)
                for (tile, bytes) in answers {
                    got[tile] = bytes
                    do {
                        try cache.store(
                            Data(bytes), url: client.publicURL(for: tile),
                            key: GeoapifyTileSource.cacheKey(tile),
                            at: now())
                    } catch {
                        result.cacheWriteError = result.cacheWriteError ?? error.userMessage
                    }
                }
                fetched = answers.count
                result.failure = failure
            }
            var stale = 0
            for tile in level.tiles where got[tile] == nil {
                if let entry = state.cached[tile] {
                    got[tile] = entry.bytes
                    stale += 1
                }
            }
            // Counted even when the level stays incomplete: those requests were made (and paid
            // for).
            result.fetched += fetched
            let stillMissing = level.tiles.filter { got[$0] == nil }.count
            guard stillMissing == 0 else {
                result.incompleteZoom = level.zoom
                result.missingTiles = stillMissing
                break
            }
            result.plan = plan.prefix(levels: index + 1)
            result.fromCache += fromCache
            result.staleUsed += stale
            for tile in level.tiles {
                let bytes = got[tile]!
                result.bytes += bytes.count
                result.tiles.append(
                    PublishedTile(zoom: tile.zoom, x: tile.x, y: tile.y, bytes: bytes))
            }
            if fetched > 0 {
                progress(
                    "  Zoomnivå \(level.zoom): \(NorwegianFormat.count(level.count, singular: "flis", plural: "fliser"))"
                        + (fetched < level.count ? " (\(fetched) hentet)" : ""))
            }
        }
        return result
    }

    /// One tile's answer or error, as a value.
    private static func outcome(
        of client: GeoapifyTileClient, _ tile: TileCoordinate, gate: RequestGate
    ) async
        -> Swift.Result<[UInt8], GeoapifyError>
    {
        do {
            return .success(try await client.fetch(tile, gate: gate))
        } catch {
            return .failure(error)
        }
    }

    /// The tiles, at most `maximumInFlight` requests at a time; after the first
    /// failure no new request starts (those in flight finish).
    private func fetchAll(_ tiles: [TileCoordinate], gate: RequestGate) async -> (
        answers: [(TileCoordinate, [UInt8])], failure: GeoapifyError?
    ) {
        let client = self.client
        return await withTaskGroup(of: (TileCoordinate, Swift.Result<[UInt8], GeoapifyError>).self)
        { group in
            var pending = tiles.makeIterator()
            func startNext() -> Bool {
                guard let tile = pending.next() else { return false }
                group.addTask {
                    // (Not a do/catch with a typed throw inside this closure: Swift 6.3's
                    // optimiser scrambled the tuple's tile there in release builds.)
                    let outcome = await GeoapifyTileSource.outcome(of: client, tile, gate: gate)
                    return (tile, outcome)
                }
                return true
            }
            for _ in 0..<client.limits.maximumInFlight where !startNext() { break }
            var answers: [(TileCoordinate, [UInt8])] = []
            var failure: GeoapifyError?
            while let (tile, outcome) = await group.next() {
                switch outcome {
                case .success(let bytes): answers.append((tile, bytes))
                case .failure(let error): failure = failure ?? error
                }
                if failure == nil { _ = startNext() }
            }
            return (answers, failure)
        }
    }
}
