import BeaconModel
import BeaconSite
import BeaconSources
import BeaconSystem
import FoundationEssentials
import Templates

/// What one build should do.
package struct BuildOptions: Sendable {
    package var site: SiteFolder
    package var outputPath: String
    /// Whether the owner named the output (`--output`): else it is the site's own `output/`, which
    /// may not lead out of it.
    var outputIsNamed: Bool
    /// Build from this GeoJSON file instead of the API or the sample data.
    package var placesFile: String?
    /// Category for features of a places file that name none.
    var defaultCategory: PlaceCategory?
    /// Ask the API again even when the cache holds a fresh answer (pull to refresh).
    package var refresh = false
    /// Use only the response cache.
    var offline = false
    /// Render and compare every page even when no input changed.
    package var force = false
    /// When another build of the site runs: wait for it (true) or fail at once.
    package var waitForOtherBuild = true
    /// Lets a signal handler stop the build cleanly.
    package var cancellation: BuildCancellation?
    /// The time the build goes by (data dates, cache ages); tests set it.
    package var now: @Sendable () -> Date = Date.init
    /// Where the explorer finds the places: always the standard layout but in the rebuild tests,
    /// whose small guides take a big guide's paths with a small one.
    var pageData = PageData.Layout.standard

    package init(
        site: SiteFolder, outputPath: String? = nil, placesFile: String? = nil,
        defaultCategory: PlaceCategory? = nil,
        refresh: Bool = false, offline: Bool = false, force: Bool = false
    ) {
        self.site = site
        self.outputPath = outputPath.map(SiteFolder.absolute) ?? site.defaultOutputPath
        self.outputIsNamed = outputPath != nil
        self.placesFile = placesFile.map(SiteFolder.absolute)
        self.defaultCategory = defaultCategory
        self.refresh = refresh
        self.offline = offline
        self.force = force
    }
}

/// What a finished build reports.
package struct BuildReport: Sendable {
    package var pages: Int
    /// HTML pages rendered: all of them, or those a change touched.
    package var renderedPages: Int
    package var files: SiteWriter.Statistics
    package var source: DataSourceInfo
    package var placeCount: Int
    var countsByCategory: [PlaceCategory: Int]
    package var warnings: [String]
    /// Each step's name and seconds, in order.
    package var stepTimings: [(name: String, seconds: Double, peakMiB: Int?)]
    package var seconds: Double
}

/// A build failure: which step, and the cause in words for a person.
package struct BuildError: UserFacingError {
    var step: String
    var underlying: any Error

    package var userMessage: String {
        let cause = (underlying as? any UserFacingError)?.userMessage ?? "\(underlying)"
        return
            "Byggingen stoppet under «\(step)»: \(cause) Forrige versjon av nettstedet er ikke endret."
    }

    package var exitStatus: ExitStatus {
        (underlying as? any UserFacingError)?.exitStatus ?? .failure
    }
}

/// `sitegen build` as named, timed stages (`BuildStages.swift`): inputs,
/// places, one no-change check, guide, pages and the swap, then the records
/// the terminal commands read. I/O comes in through the site folder, the
/// place source and the writer, so tests run it on a temporary folder (and
/// a loopback server for live data).
package struct BuildPipeline: Sendable {
    var options: BuildOptions
    var environment: [String: String]
    var console: any Console
    /// The source for API or sample data; nil picks one from the environment.
    var placeSource: (any PlaceSource)?

    package init(
        options: BuildOptions, environment: [String: String], console: any Console,
        placeSource: (any PlaceSource)? = nil
    ) {
        self.options = options
        self.environment = environment
        self.console = console
        self.placeSource = placeSource
    }

    package func run() async throws(BuildError) -> BuildReport {
        let console = console
        var timer = StepTimer(onStep: { console.status($0 + " …") })
        let inputs = try await loadInputs(&timer)
        defer { withExtendedLifetime(inputs.lock) {} }
        let lastRecord = BuildRecord.load(site: options.site, output: options.outputPath)
        let places = try await loadPlaces(settings: inputs.settings, record: lastRecord, &timer)
        let basemap = try await loadBasemap(settings: inputs.settings, &timer)
        let placesKey = places.contentKey(defaultCategory: options.defaultCategory)
        var fingerprint = BuildFingerprint(
            settings: inputs.settings, store: inputs.store, assets: inputs.assets,
            outputPath: options.outputPath)
        fingerprint.add(places, key: placesKey)
        fingerprint.add(basemap)
        if let previous = unchangedBuild(fingerprint, record: lastRecord) {
            console.progress(
                "Ingen endringer siden forrige bygging: nettstedet er allerede oppdatert.")
            return BuildReport(unchangedSince: previous, source: places.source, timer: timer)
        }
        let baseKey = RebuildPlan.Keys.baseKey(
            settings: inputs.settings, placesKey: placesKey,
            placeEdits: inputs.store.placeEditsDigest)
        let made = try await makeGuide(places, inputs, baseKey: baseKey, record: lastRecord, &timer)
        var reach: [String] = []
        if case .file = made.guide.source.kind,
            let warning = GuideReach.warning(places: made.guide.places, settings: inputs.settings)
        {
            console.progress(warning)
            reach.append(warning)
        }
        if let warning = ListReport.warning(made.guide.savedLists) {
            console.progress("Advarsel: " + warning)
            reach.append(warning)
        }
        if let notice = MarkdownNotice.take(made.guide) { console.progress("Advarsel: " + notice) }
        // The owner's photos, made once (cached) and shown on the pages: part of what every page
        // shows.
        var photos = PhotoProcessing()
        if !inputs.store.placesWithPhotos.isEmpty {
            let guide = made.guide
            photos = try await timer.step("Lager bilder") {
                PhotoProcessing.run(store: inputs.store, guide: guide, site: options.site)
            }
            for warning in photos.warnings { console.progress("Advarsel: " + warning) }
        } else {
            // The last photo removed: its cached sizes go too.
            PhotoCache(site: options.site).prune(keeping: [])
        }
        let keys = RebuildPlan.Keys(
            settings: inputs.settings, assets: inputs.assets, outputPath: options.outputPath,
            places: places,
            baseKey: baseKey, basemap: basemap, photos: photos)
        // Inputs as last time but the output not as that build left it (a page removed or edited by
        // hand): render everything to repair it, rather than trust the output.
        let outputTrusted = lastRecord?.fingerprint != fingerprint.hex
        let previous = planRebuild(
            record: outputTrusted ? lastRecord : nil, keys: keys, made: made, inputs)
        let baseSaved = startSavingBase(made, keys: keys)
        let published: Published
        do {
            published = try await renderAndPublish(
                made.guide, inputs, basemap, photos: photos, fingerprint: fingerprint,
                previous: previous, &timer)
        } catch {
            _ = await baseSaved?.value  // nothing of this build goes on after it failed
            throw error
        }
        let recorded = try await timer.step("Lagrer oversikten over stedene") {
            await record(
                made, inputs, places, published, fingerprint: fingerprint, keys: keys,
                baseSaved: baseSaved)
        }
        let warnings =
            inputs.assets.warnings + made.warnings + reach + basemap.warnings + photos.warnings
            + recorded
        return BuildReport(
            published: published, guide: made.guide, warnings: warnings, timer: timer)
    }
}

/// A build never publishes an empty guide.
struct EmptyGuideError: UserFacingError {
    var source: DataSourceInfo
    /// The guide's kinds: the sample data has places of the brief's three only.
    var categories: [PlaceCategory] = PlaceCategory.defaults

    package var userMessage: String {
        switch source.kind {
        case .sample where !categories.contains(where: \.hasSampleData):
            return
                "Eksempeldataene har bare restauranter, kafeer og hoteller, og guiden har ingen av dem ("
                + categories.map(\.rawValue).joined(separator: ", ")
                + "). Sett «\"source\": \"osm\"» i \(SiteSettings.fileName) eller GEOAPIFY_API_KEY for ekte steder rundt senteret, eller bygg fra en fil med steder: "
                + "«sitegen build --places steder.geojson»."
        case .sample:
            return
                "Ingen steder i eksempeldataene er innenfor radius fra senteret. Eksempeldataene ligger rundt Oslo S; fjern «\"source\": \"sample\"» fra \(SiteSettings.fileName) for steder fra OpenStreetMap rundt ditt senter, eller flytt senteret med «sitegen center set 59.9111 10.7503»."
        case .ownOnly:
            return
                "Guiden har ingen egne steder ennå («\"source\": \"none\"» i \(SiteSettings.fileName)). Legg til med «sitegen place add» eller «sitegen import», eller fjern «source» for steder fra OpenStreetMap."
        default:
            return
                "Ingen steder ble funnet innenfor radius. Øk radius med «sitegen radius 10», eller flytt senteret."
        }
    }

    package var exitStatus: ExitStatus { .dataError }
}
