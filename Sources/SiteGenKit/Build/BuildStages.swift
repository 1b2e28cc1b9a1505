import Foundation
import BeaconCore
import Templates

/// The stages of `BuildPipeline.run`, in order.
extension BuildPipeline {
    /// What every later stage reads, and the lock that keeps other builds of the site out.
    struct Inputs {
        var settings: SiteSettings
        var store: GuideStore
        var assets: AssetBundle
        var writer: SiteWriter
        var lock: SiteBuildLock
    }

    /// Stage 1: one build of the site at a time; settings (missing: the
    /// defaults, written only by a build that succeeds), store, assets, and
    /// the writer that stages the new output.
    func loadInputs(_ timer: inout StepTimer) async throws(BuildError) -> Inputs {
        let (settings, store, lock) = try await timer.step("Leser innstillinger og lager") { () throws -> (SiteSettings, GuideStore, SiteBuildLock) in
            try options.site.checkExists()
            let lock = try SiteBuildLock.acquire(site: options.site, wait: options.waitForOtherBuild) {
                console.progress("Venter på at en annen bygging av det samme nettstedet blir ferdig …")
            }
            return (try options.site.loadSettings(), try options.site.loadStore(), lock)
        }
        let assets = try await timer.step("Leser ressurser") { try AssetBundle.load(site: options.site, environment: environment) }
        if let line = assets.ownFilesSummary { console.progress(line) }
        let writer = try await timer.step("Forbereder utmappen") {
            try SiteWriter(outputPath: options.outputPath, protectedPaths: [options.site.root], redactor: .fromEnvironment(environment))
        }
        options.cancellation?.attach(writer)
        return Inputs(settings: settings, store: store, assets: assets, writer: writer, lock: lock)
    }

    /// Stage 2: the places as they came, before any work that the no-change
    /// check could spare: a places file's bytes (not yet parsed), or the
    /// answers of the API or the sample data.
    func loadPlaces(settings: SiteSettings, _ timer: inout StepTimer) async throws(BuildError) -> PlaceInput {
        let loading = PlaceLoading(options: options, environment: environment, console: console, placeSource: placeSource)
        if let file = options.placesFile {
            return .file(try await timer.step("Leser stedsfilen") { try loading.readFile(file) })
        }
        return .fetched(try await timer.step("Henter steder") { try await loading.fetch(settings: settings) })
    }

    /// The one no-change check: the inputs hash as the last build's did, and
    /// every file of the output is as that build left it.
    func unchangedBuild(_ fingerprint: BuildFingerprint) -> BuildRecord? {
        guard !options.force, let previous = BuildRecord.load(site: options.site, output: options.outputPath),
              previous.fingerprint == fingerprint.hex, OutputTreeDigest.compute(options.outputPath) == previous.tree else { return nil }
        return previous
    }

    /// Stage 3: a places file parsed (the API's answers already are).
    func decode(_ places: PlaceInput, _ timer: inout StepTimer) async throws(BuildError) -> PlaceLoading.Loaded {
        switch places {
        case .fetched(let loaded): return loaded
        case .file(let raw):
            let loading = PlaceLoading(options: options, environment: environment, console: console, placeSource: placeSource)
            return try await timer.step("Henter steder") { try loading.decodeFile(raw) }
        }
    }

    /// Stage 4: places, distances, ratings and favorites as one guide; never an empty one.
    func assemble(_ loaded: PlaceLoading.Loaded, _ inputs: Inputs, _ timer: inout StepTimer) async throws(BuildError) -> Guide {
        let step = "Setter sammen guiden"
        let guide = try await timer.step(step) {
            GuideAssembler.assemble(places: loaded.places, store: inputs.store, settings: inputs.settings, source: loaded.source)
        }
        if guide.places.isEmpty { throw BuildError(step: step, underlying: EmptyGuideError(source: loaded.source)) }
        return guide
    }

    /// Stage 5: every page, written as it is rendered into the staging
    /// folder, then swapped in; on any failure the staging folder goes.
    func renderAndPublish(_ guide: Guide, _ inputs: Inputs, _ basemap: BasemapInput, fingerprint: BuildFingerprint,
                          _ timer: inout StepTimer) async throws(BuildError) -> (pages: Int, files: SiteWriter.Statistics) {
        do {
            let pages = try await timer.step("Skriver sider") {
                var renderer = SiteRenderer(guide: guide, assets: inputs.assets, writer: inputs.writer, basemap: basemap,
                                            buildVersion: String(fingerprint.hex.prefix(12)))
                let console = console
                renderer.onProgress = { done, total in
                    console.status("Skriver sider: \(NorwegianFormat.integer(done)) av \(NorwegianFormat.integer(total))")
                }
                return try await renderer.renderAll()
            }
            let files = try await timer.step("Bytter inn det nye nettstedet") { try inputs.writer.commit() }
            return (pages, files)
        } catch {
            inputs.writer.discard()
            throw error
        }
    }

    /// Stage 6, after the site is published: the settings file if there was
    /// none, what the terminal commands resolve names against (the place
    /// index and its source), and the record the next no-change check reads.
    /// A failure here is a warning: the site itself is complete.
    func record(_ guide: Guide, pages: Int, files: SiteWriter.Statistics, fingerprint: BuildFingerprint) -> [String] {
        var warnings: [String] = []
        func attempt(_ work: () throws -> Void) {
            do { try work() } catch {
                let message = (error as? any UserFacingError)?.userMessage ?? "\(error)"
                warnings.append(message)
                console.progress("Advarsel: \(message)")
            }
        }
        attempt {
            if try options.site.createSettingsIfMissing() {
                console.progress("Opprettet \(SiteSettings.fileName) med standardinnstillingene.")
            }
        }
        attempt {
            if let file = options.placesFile {
                try PlaceIndex.savePointer(toPlacesFile: file, defaultCategory: options.defaultCategory, in: options.site)
            } else {
                try PlaceIndex.save(guide.places.map(\.place), in: options.site)
            }
            try PlaceIndex.saveSource(guide.source, in: options.site)
            try BuildRecord(fingerprint: fingerprint.hex, tree: OutputTreeDigest.compute(options.outputPath), pages: pages,
                            places: guide.places.count, files: files.written + files.unchanged)
                .save(site: options.site, output: options.outputPath)
        }
        return warnings
    }
}

/// The places as a build first has them: a places file's bytes, hashed
/// before they are parsed (so an unchanged rebuild skips even that), or the
/// answers of a place source.
enum PlaceInput {
    case file(PlaceLoading.RawFile)
    case fetched(PlaceLoading.Loaded)

    /// Where the places came from, known before any parsing.
    var source: DataSourceInfo {
        switch self {
        case .file(let raw): DataSourceInfo(kind: .file(name: (raw.path as NSString).lastPathComponent), fetchedAt: raw.modified)
        case .fetched(let loaded): loaded.source
        }
    }
}

/// Each stage's name and how long it took, on a monotonic clock (the wall
/// clock can jump). A failure becomes a `BuildError` that names its stage.
struct StepTimer {
    private let clock = ContinuousClock()
    private let started: ContinuousClock.Instant
    /// Each step: its name, its seconds, and the process's peak memory when it ended (MiB; nil when unknown).
    private(set) var timings: [(name: String, seconds: Double, peakMiB: Int?)] = []
    /// Told each step's name as it starts (the terminal's status line).
    private let onStep: (String) -> Void

    init(onStep: @escaping (String) -> Void = { _ in }) {
        started = clock.now
        self.onStep = onStep
    }

    var elapsed: Double { (clock.now - started).inSeconds }

    /// The peak resident memory so far (`VmHWM` in /proc/self/status), for `build --timings`.
    static func peakMemoryMiB() -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
              let kib = Int(line.split(separator: " ").dropFirst().first ?? "") else { return nil }
        return kib / 1024
    }

    mutating func step<T>(_ name: String, _ body: () async throws -> T) async throws(BuildError) -> T {
        let stepStarted = clock.now
        onStep(name)
        do {
            let result = try await body()
            timings.append((name, (clock.now - stepStarted).inSeconds, StepTimer.peakMemoryMiB()))
            return result
        } catch {
            throw BuildError(step: name, underlying: error)
        }
    }
}

extension BuildReport {
    init(pages: Int, files: SiteWriter.Statistics, guide: Guide, warnings: [String], timer: StepTimer) {
        var counts: [PlaceCategory: Int] = [:]
        for place in guide.places { counts[place.category, default: 0] += 1 }
        self.init(pages: pages, files: files, source: guide.source, placeCount: guide.places.count, countsByCategory: counts,
                  warnings: warnings, stepTimings: timer.timings, seconds: timer.elapsed)
    }

    /// Nothing to do: the last build's numbers.
    init(unchangedSince previous: BuildRecord, source: DataSourceInfo, timer: StepTimer) {
        var files = SiteWriter.Statistics()
        files.unchanged = previous.files
        self.init(pages: previous.pages, files: files, source: source, placeCount: previous.places, countsByCategory: [:],
                  warnings: [], stepTimings: timer.timings, seconds: timer.elapsed)
    }
}
