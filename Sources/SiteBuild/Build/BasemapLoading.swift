import BeaconMap
import BeaconModel
import BeaconSources
import BeaconSystem
import BeaconText
import FoundationEssentials

/// The basemap a build publishes: the descriptor the pages read, the tiles
/// that go into `output/`, and what the owner should know about getting them.
struct BasemapInput: Sendable {
    var published: PublishedBasemap
    var tiles: [PublishedTile]
    package var warnings: [String]

    static let none = BasemapInput(published: .none, tiles: [], warnings: [])
}

extension BuildPipeline {
    /// Stage 2b: the basemap the settings choose (our own from OpenStreetMap
    /// data, none, Geoapify tiles fetched now and published with the site, or
    /// a provider's tile URL), whatever the places come from. `BEACON_BASEMAP=none` leaves
    /// the basemap out whatever the settings say (a quick build, or a preview that must not fetch).
    func loadBasemap(settings: SiteSettings, _ timer: inout StepTimer) async throws(BuildError)
        -> BasemapInput
    {
        // Checked with the settings already (`loadInputs`), so a wrong value stops the build before
        // it fetches.
        if (try? BasemapLoading.leftOut(environment)) == true { return .none }
        let loading = BasemapLoading(options: options, environment: environment, console: console)
        switch BasemapSetting.resolved(settings.basemap) {
        case .openStreetMap:
            return try await timer.step("Lager kartbakgrunn") {
                try await loading.own(settings: settings)
            }
        case .plain:
            return .none
        case .provider(let provider):
            return loading.remote(provider)
        case .geoapify:
            return try await timer.step("Henter kartbakgrunn") {
                try await loading.geoapify(settings: settings)
            }
        }
    }
}

/// An environment variable with a value it cannot have: the build stops before it writes anything.
struct InvalidEnvironment: UserFacingError {
    var message: String
    package var userMessage: String { message }
    package var exitStatus: ExitStatus { .usage }
}

/// Getting the basemap the settings choose. Only Geoapify's tiles are
/// fetched, and a build never fails for want of them: it goes on without a
/// basemap (or with the complete lower zoom levels) and says why. Only a
/// configuration that cannot be right (GEOAPIFY_BASE_URL, GEOAPIFY_TIMEOUT)
/// stops it, as it stops the places.
struct BasemapLoading: Sendable {
    var options: BuildOptions
    var environment: [String: String]
    var console: any Console

    /// Whether `BEACON_BASEMAP=none` leaves the basemap out; any other value is refused (an empty
    /// one counts as unset, as `BEACON_LEAFLET_DIR`'s does).
    static func leftOut(_ environment: [String: String]) throws(InvalidEnvironment) -> Bool {
        guard let forced = environment["BEACON_BASEMAP"], !forced.isEmpty else { return false }
        guard forced == "none" else {
            let shown = TextHardening.clean(forced, maximumLength: 40) ?? ""
            throw InvalidEnvironment(
                message:
                    "BEACON_BASEMAP kan bare være «none» (bygger uten kartbakgrunn), er «\(shown)»."
            )
        }
        return true
    }

    /// The credits Geoapify's terms and OpenStreetMap's licence ask for.
    static let geoapifyCredits = [
        MapCredit(text: "Powered by Geoapify", url: "https://www.geoapify.com/"),
        MapCredit(text: "© OpenMapTiles", url: "https://openmaptiles.org/"),
        MapCredit(
            text: "© OpenStreetMap-bidragsytere", url: "https://www.openstreetmap.org/copyright"),
    ]

    /// A provider's tiles: nothing to fetch; the pages get the template, its origin and the credit.
    func remote(_ provider: TileProviderSetting) -> BasemapInput {
        // The settings were checked when read, so the template has an origin.
        guard let origin = provider.origin else { return .none }
        console.progress("Kartbakgrunn fra \(origin) (lastes av leserens nettleser).")
        let credit = MapCredit(
            text: provider.attribution.trimmingWhitespace(), url: provider.attributionURL)
        return BasemapInput(
            published: PublishedBasemap(
                source: .remote(
                    urlTemplate: provider.tiles, origin: origin, maxZoom: provider.effectiveMaxZoom),
                attribution: [credit]),
            tiles: [], warnings: [])
    }

    func geoapify(settings: SiteSettings) async throws -> BasemapInput {
        guard var client = try GeoapifyTileClient.fromEnvironment(environment) else {
            return warn(
                "Innstillingen basemap er «geoapify», men GEOAPIFY_API_KEY er ikke satt: kartet får ingen bakgrunn. Sett nøkkelen, eller velg «none» eller en annen kartbakgrunn i \(SiteSettings.fileName)."
            )
        }
        let console = self.console
        client.client.now = options.now
        client.client.onRetry = { attempt, wait, error in
            console.progress(
                "  Kartflis: forsøk \(attempt) feilet (\(error.briefDescription)); prøver igjen om \(NorwegianFormat.oneDecimal(wait)) s …"
            )
        }
        let plan = TilePlan(
            center: settings.center, radiusMetres: Double(settings.radiusMetres),
            budget: settings.effectiveTileBudget)
        guard let minZoom = plan.minZoom, let maxZoom = plan.maxZoom else { return .none }
        let source = GeoapifyTileSource(
            client: client,
            cache: ResponseCache(
                folder: options.site.cachePath + "/geoapify-tiles", inside: options.site.root),
            mode: options.offline ? .offline : .normal, now: options.now)
        let state = source.cacheState(for: plan)
        let tiles = count(plan.tileCount)
        let zooms = BasemapLoading.zooms(minZoom, maxZoom)
        if options.offline {
            // What the cache really holds (a damaged tile is not a tile): none, and the warning
            // below says why.
            if state.usableCount == plan.tileCount {
                console.progress("Kartbakgrunn fra mellomlageret (--offline): \(tiles), \(zooms).")
            } else if state.usableCount > 0 {
                console.progress(
                    "Kartbakgrunn fra mellomlageret (--offline): \(state.usableCount) av \(tiles) finnes der, \(zooms)."
                )
            }
        } else if state.toFetch == 0 {
            console.progress("Kartbakgrunn: \(tiles) fra mellomlageret, \(zooms).")
        } else {
            let cached = state.freshCount > 0 ? " (\(state.freshCount) fra mellomlageret)" : ""
            console.progress(
                "Henter kartbakgrunn: \(tiles)\(cached), \(NorwegianFormat.decimal(state.credits, places: 2)) kreditter, \(zooms) …"
            )
        }
        let result = await source.load(plan, state: state) { console.progress($0) }

        var warnings: [String] = []
        if let message = result.cacheWriteError {
            warnings.append("Kunne ikke lagre kartfliser i mellomlageret: \(message)")
        }
        if result.staleUsed > 0, let failure = result.failure {
            warnings.append(
                "\(failure.userMessage) Bruker \(count(result.staleUsed)) fra mellomlageret som er eldre enn 30 dager."
            )
        }
        guard let publishedMin = result.plan.minZoom, let publishedMax = result.plan.maxZoom,
            let bounds = result.plan.bounds
        else {
            return warn(
                ([BasemapLoading.reason(result)] + warnings).joined(separator: " "),
                prefix: "Bygger uten kartbakgrunn: ")
        }
        if let zoom = result.incompleteZoom {
            warnings.append(
                "Kartbakgrunnen har bare \(BasemapLoading.zooms(publishedMin, publishedMax)) (planen var \(zooms)): zoomnivå \(zoom) manglet \(count(result.missingTiles)). \(BasemapLoading.reason(result))"
            )
        }
        for warning in warnings { console.progress("  Advarsel: \(warning)") }
        console.progress(
            "  Kartbakgrunn: \(count(result.tiles.count)), \(BasemapLoading.zooms(publishedMin, publishedMax)), \(FileSystem.describe(bytes: result.bytes))"
                + (result.fetched > 0 ? ", \(result.fetched) hentet nå." : "."))
        return BasemapInput(
            published: PublishedBasemap(
                source: .published(
                    pathTemplate: PublishedTile.pathTemplate, minZoom: publishedMin,
                    maxZoom: publishedMax, bounds: bounds),
                attribution: BasemapLoading.geoapifyCredits),
            tiles: result.tiles, warnings: warnings)
    }

    /// Why tiles are missing, in words.
    static func reason(_ result: GeoapifyTileSource.Result) -> String {
        if let failure = result.failure { return failure.userMessage }
        return
            "Mellomlageret mangler kartflisene, og --offline forbyr nettverkskall. Bygg én gang uten --offline først."
    }

    func warn(_ message: String, prefix: String = "") -> BasemapInput {
        let text = prefix + message
        console.progress("Advarsel: \(text)")
        return BasemapInput(published: .none, tiles: [], warnings: [text])
    }

    func count(_ n: Int) -> String { NorwegianFormat.count(n, singular: "flis", plural: "fliser") }

    static func zooms(_ low: Int, _ high: Int) -> String {
        low == high ? "zoomnivå \(low)" : "zoomnivå \(low)–\(high)"
    }
}
