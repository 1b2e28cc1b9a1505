import Foundation
import BeaconCore
import Templates

/// What one build should do.
struct BuildOptions: Sendable {
    var site: SiteFolder
    var outputPath: String
    /// Build from this GeoJSON file instead of the API or the sample data.
    var placesFile: String?
    /// Category for features of a places file that name none.
    var defaultCategory: PlaceCategory?
    /// Ignore fresh cache entries (the brief's pull-to-refresh).
    var refresh = false
    /// Use only the response cache.
    var offline = false
    /// Render and compare every page even when no input changed.
    var force = false
    /// When another build of the site runs: wait for it (true) or fail at once.
    var waitForOtherBuild = true
    /// Lets a signal handler stop the build cleanly.
    var cancellation: BuildCancellation?

    package init(site: SiteFolder, outputPath: String? = nil, placesFile: String? = nil, defaultCategory: PlaceCategory? = nil, refresh: Bool = false, offline: Bool = false, force: Bool = false) {
        self.site = site
        self.outputPath = outputPath.map(SiteFolder.absolute) ?? site.defaultOutputPath
        self.placesFile = placesFile.map(SiteFolder.absolute)
        self.defaultCategory = defaultCategory
        self.refresh = refresh
        self.offline = offline
        self.force = force
    }
}

/// What a finished build reports.
struct BuildReport: Sendable {
    package var pages: Int
    package var files: SiteWriter.Statistics
    package var source: DataSourceInfo
    var placeCount: Int
    var countsByCategory: [PlaceCategory: Int]
    var warnings: [String]
    /// Each step's name and seconds, in order.
    var stepTimings: [(name: String, seconds: Double)]
    var seconds: Double
}

/// A build failure: which step, and the cause in words for a person.
struct BuildError: UserFacingError {
    var step: String
    var underlying: any Error

    package var userMessage: String {
        let cause = (underlying as? any UserFacingError)?.userMessage ?? "\(underlying)"
        return "Byggingen stoppet under «\(step)»: \(cause) Forrige versjon av nettstedet er ikke endret."
    }

    var exitStatus: ExitStatus {
        (underlying as? any UserFacingError)?.exitStatus ?? .failure
    }
}

/// `sitegen build` as named, timed steps:
/// 1 settings and store, 2 places, 3 guide, 4 pages, 5 output swap.
/// I/O comes in through the site folder, the place source and the writer, so
/// tests run it on a temporary folder (and a loopback server for live data).
struct BuildPipeline: Sendable {
    var options: BuildOptions
    var environment: [String: String]
    var console: any Console
    /// The source for API or sample data; nil picks one from the environment.
    var placeSource: (any PlaceSource)?

    package init(options: BuildOptions, environment: [String: String], console: any Console, placeSource: (any PlaceSource)? = nil) {
        self.options = options
        self.environment = environment
        self.console = console
        self.placeSource = placeSource
    }

    package func run() async throws(BuildError) -> BuildReport {
        let started = Date()
        var timings: [(name: String, seconds: Double)] = []
        var warnings: [String] = []

        func step<T>(_ name: String, _ body: () async throws -> T) async throws(BuildError) -> T {
            let stepStart = Date()
            do {
                let result = try await body()
                timings.append((name, Date().timeIntervalSince(stepStart)))
                return result
            } catch {
                throw BuildError(step: name, underlying: error)
            }
        }

        // 1. Settings and store, one build of the site at a time.
        let (settings, store, lock) = try await step("Leser innstillinger og lager") { () throws -> (SiteSettings, GuideStore, SiteBuildLock) in
            try options.site.checkExists()
            let lock = try SiteBuildLock.acquire(site: options.site, wait: options.waitForOtherBuild) {
                console.progress("Venter på at en annen bygging av det samme nettstedet blir ferdig …")
            }
            // Missing settings are the defaults; the file is written only when the build succeeds.
            return (try options.site.loadSettings(), try options.site.loadStore(), lock)
        }
        defer { withExtendedLifetime(lock) {} }
        let assets = try await step("Leser ressurser") { try AssetBundle.load(from: options.site.assetsPath) }
        let writer = try await step("Forbereder utmappen") {
            try SiteWriter(outputPath: options.outputPath, protectedPaths: [options.site.root], redactor: .fromEnvironment(environment))
        }
        options.cancellation?.attach(writer)

        // What shapes the output, hashed: if it matches the last build and the
        // output is as that build left it, nothing needs doing.
        var fingerprint = BuildFingerprint(settings: settings, store: store, assets: assets, outputPath: options.outputPath)
        let previous = BuildRecord.load(site: options.site, output: options.outputPath)
        func unchangedReport(_ fingerprint: BuildFingerprint) -> BuildReport? {
            guard !options.force, let previous, previous.fingerprint == fingerprint.hex,
                  OutputTreeDigest.compute(options.outputPath) == previous.tree else { return nil }
            console.progress("Ingen endringer siden forrige bygging: nettstedet er allerede oppdatert.")
            var files = SiteWriter.Statistics()
            files.unchanged = previous.files
            return BuildReport(pages: previous.pages, files: files, source: DataSourceInfo(kind: .sample, fetchedAt: Date()),
                               placeCount: previous.places, countsByCategory: [:], warnings: warnings,
                               stepTimings: timings, seconds: Date().timeIntervalSince(started))
        }

        // 2. Places.
        let loading = PlaceLoading(options: options, environment: environment, console: console, placeSource: placeSource)
        let loaded: PlaceLoading.Loaded
        if let file = options.placesFile {
            // A places file is hashed before it is parsed: an unchanged rebuild skips even that.
            let raw = try await step("Leser stedsfilen") { try loading.readFile(file) }
            fingerprint.add(places: raw)
            if let report = unchangedReport(fingerprint) { return report }
            loaded = try await step("Henter steder") { try loading.decodeFile(raw) }
        } else {
            loaded = try await step("Henter steder") { try await loading.load(settings: settings) }
            fingerprint.add(source: loaded)
            if let report = unchangedReport(fingerprint) { return report }
        }
        warnings += loaded.warnings

        // 3. Guide.
        let guide = try await step("Setter sammen guiden") {
            GuideAssembler.assemble(places: loaded.places, store: store, settings: settings, source: loaded.source)
        }
        if guide.places.isEmpty {
            throw BuildError(step: "Setter sammen guiden", underlying: EmptyGuideError(source: loaded.source))
        }

        // The terminal commands' index of the places, encoded while the pages
        // render (a places file is its own index).
        let placesForIndex = options.placesFile == nil ? guide.places.map(\.place) : []
        async let indexBytes = PlaceIndex.encode(placesForIndex)

        // 4 and 5. Pages, written as they are rendered; then the swap.
        let pages: Int
        let statistics: SiteWriter.Statistics
        do {
            pages = try await step("Skriver sider") {
                try await SiteRenderer(guide: guide, assets: assets, writer: writer).renderAll()
            }
            statistics = try await step("Bytter inn det nye nettstedet") { try writer.commit() }
        } catch {
            writer.discard()
            throw error
        }

        // The settings file, if there was none, now that the build worked.
        do {
            if try options.site.createSettingsIfMissing() {
                console.progress("Opprettet \(SiteSettings.fileName) med standardinnstillingene.")
            }
        } catch {
            let message = (error as? any UserFacingError)?.userMessage ?? "\(error)"
            warnings.append(message)
            console.progress("Advarsel: \(message)")
        }

        // The terminal commands resolve place names against what was just published.
        do {
            if let file = options.placesFile {
                try PlaceIndex.savePointer(toPlacesFile: file, defaultCategory: options.defaultCategory, in: options.site)
            } else {
                try PlaceIndex.write(await indexBytes, in: options.site)
            }
            try PlaceIndex.saveSource(guide.source, in: options.site)
            try BuildRecord(fingerprint: fingerprint.hex, tree: OutputTreeDigest.compute(options.outputPath), pages: pages,
                            places: guide.places.count, files: statistics.written + statistics.unchanged)
                .save(site: options.site, output: options.outputPath)
        } catch {
            warnings.append(error.userMessage)
            console.progress("Advarsel: \(error.userMessage)")
        }

        var counts: [PlaceCategory: Int] = [:]
        for place in guide.places { counts[place.place.category, default: 0] += 1 }
        return BuildReport(pages: pages, files: statistics, source: guide.source, placeCount: guide.places.count,
                           countsByCategory: counts, warnings: warnings, stepTimings: timings,
                           seconds: Date().timeIntervalSince(started))
    }
}

/// A build never publishes an empty guide.
struct EmptyGuideError: UserFacingError {
    var source: DataSourceInfo

    var userMessage: String {
        switch source.kind {
        case .sample:
            return "Ingen steder i eksempeldataene er innenfor radius fra senteret. Eksempeldataene ligger rundt Oslo S; sett GEOAPIFY_API_KEY for ekte steder rundt ditt senter, eller flytt senteret med «sitegen center set 59.9111 10.7503»."
        default:
            return "Ingen steder ble funnet innenfor radius. Øk radius med «sitegen radius 10», eller flytt senteret."
        }
    }

    var exitStatus: ExitStatus { .dataError }
}
