import BeaconModel
import BeaconSite
import BeaconSources
import BeaconSystem
import BeaconText
import FoundationEssentials
import Glibc
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
        let (settings, store, lock) = try await timer.step("Leser innstillinger og lager") {
            () throws -> (SiteSettings, GuideStore, SiteBuildLock) in
            try options.site.checkExists()
            _ = try BasemapLoading.leftOut(environment)
            // The default output is part of the site folder; one named with --output is the owner's
            // choice.
            if !options.outputIsNamed { try options.site.checkInside(options.outputPath) }
            // An output among what the build reads would be read back in by the next build (and
            // grow each time).
            for (part, name) in [
                (options.site.assetsPath, "assets/"), (options.site.cachePath, ".beacon-cache/"),
            ]
            where options.outputPath == part || options.outputPath.hasPrefix(part + "/") {
                throw SiteWriterError.unsafeOutputPath(
                    path: options.outputPath,
                    reason: "mappen ligger i \(name), som bygget leser fra; velg en mappe utenfor")
            }
            let lock = try SiteBuildLock.acquire(
                site: options.site, wait: options.waitForOtherBuild
            ) {
                console.progress(
                    "Venter på at en annen bygging av det samme nettstedet blir ferdig …")
            }
            return (try options.site.loadSettings(), try options.site.loadStore(), lock)
        }
        let assets = try await timer.step("Leser ressurser") {
            try AssetBundle.load(site: options.site, environment: environment).fitted(
                to: settings.categories)
        }
        if let line = assets.ownFilesSummary { console.progress(line) }
        for warning in assets.warnings { console.progress("Advarsel: " + warning) }
        let writer = try await timer.step("Forbereder utmappen") {
            try SiteWriter(
                outputPath: options.outputPath, protectedPaths: [options.site.root],
                redactor: .fromEnvironment(environment))
        }
        options.cancellation?.attach(writer)
        return Inputs(settings: settings, store: store, assets: assets, writer: writer, lock: lock)
    }

    /// Stage 2: the places as they came, before any work that the no-change
    /// check could spare: a places file's bytes (not yet parsed), or the
    /// answers of the API or the sample data.
    func loadPlaces(settings: SiteSettings, record: BuildRecord?, _ timer: inout StepTimer)
        async throws(BuildError)
        -> PlaceInput
    {
        let loading = PlaceLoading(
            options: options, environment: environment, console: console, placeSource: placeSource)
        if let file = options.placesFile {
            return .file(
                try await timer.step("Leser stedsfilen") {
                    if let category = options.defaultCategory,
                        !settings.categories.contains(category)
                    {
                        throw CategoryNotInGuide(
                            category: category, categories: settings.categories)
                    }
                    return try loading.readFile(
                        file, known: options.force ? nil : record?.placesFile)
                })
        }
        return .fetched(
            try await timer.step("Henter steder") { try await loading.fetch(settings: settings) })
    }

    /// The one no-change check: the inputs hash as the last build's did, and
    /// every file of the output is as that build left it.
    func unchangedBuild(_ fingerprint: BuildFingerprint, record: BuildRecord?) -> BuildRecord? {
        guard !options.force, let previous = record,
            previous.fingerprint == fingerprint.hex,
            OutputTreeDigest.compute(options.outputPath) == previous.tree
        else { return nil }
        return previous
    }

    /// The guide, and what the next build keeps of it.
    struct MadeGuide {
        var guide: Guide
        /// A base made from the places in this build (to keep for the next), or nil when the last
        /// build's was used.
        var newBase: GuideBase?
        var warnings: [String] = []
        /// The places as the source gave them, before the owner's edits, for `PlaceIndex` (fetched
        /// places only).
        var placeIndex: [UInt8]? = nil
    }

    /// Stages 3 and 4: the guide, never an empty one. With the same places, settings and edits as
    /// the last build (`keys.base` as recorded), the base that build kept is read back and merged
    /// with the store, if it still fits it; otherwise the places are parsed and a new base is made.
    func makeGuide(
        _ places: PlaceInput, _ inputs: Inputs, baseKey: String?, record: BuildRecord?,
        _ timer: inout StepTimer
    )
        async throws(BuildError) -> MadeGuide
    {
        let made = try await assembleGuide(places, inputs, baseKey: baseKey, record: record, &timer)
        if made.guide.places.isEmpty {
            throw BuildError(
                step: "Setter sammen guiden",
                underlying: EmptyGuideError(
                    source: places.source, categories: inputs.settings.categories))
        }
        return made
    }

    private func assembleGuide(
        _ places: PlaceInput, _ inputs: Inputs, baseKey: String?, record: BuildRecord?,
        _ timer: inout StepTimer
    ) async throws(BuildError) -> MadeGuide {
        let step = "Setter sammen guiden"
        if !options.force, let baseKey, record?.base == baseKey,
            let guide = try await timer.step(
                "Leser guiden fra forrige bygging",
                {
                    BuildRecord.readBase(site: options.site, output: options.outputPath).flatMap {
                        GuideBaseArchive.decode(
                            $0, key: baseKey, categories: inputs.settings.categories)
                    }.flatMap {
                        GuideAssembler.mergeIfFits(
                            $0, store: inputs.store, settings: inputs.settings,
                            source: places.source)
                    }
                })
        {
            if case .file(let raw) = places { _ = raw.bytes.take() }  // not parsed: freed now
            return MadeGuide(guide: guide)
        }
        let loading = PlaceLoading(
            options: options, environment: environment, console: console, placeSource: placeSource)
        var loaded: PlaceLoading.Loaded
        switch places {
        case .fetched(let fetched):
            loaded = fetched
        case .file(let raw):
            loaded = try await timer.step("Henter steder") {
                try loading.decodeFile(raw, settings: inputs.settings)
            }
        }
        let parsed = HandOver(loaded.places)
        loaded.places = []  // the base takes the places over (moved, not copied)
        let rest = loaded
        let isFile: Bool
        if case .file = places { isFile = true } else { isFile = false }
        return try await timer.step(step) {
            let places = parsed.take() ?? []
            // The terminal commands apply the owner's edits to the data as it came (a places file
            // is read again).
            let index = isFile ? nil : PlaceIndex.encode(places)
            let base = GuideAssembler.base(
                places: places, store: inputs.store, settings: inputs.settings)
            let guide = GuideAssembler.merge(
                base, store: inputs.store, settings: inputs.settings, source: rest.source)
            let editWarnings = OwnerEditReport.warnings(base, settings: inputs.settings)
            for warning in editWarnings { console.progress("Advarsel: " + warning) }
            return MadeGuide(
                guide: guide, newBase: base, warnings: rest.warnings + editWarnings,
                placeIndex: index)
        }
    }

    /// What the output shows now, when only the store changed since (the same context as the last
    /// build, and its kept base still fits the store: the same places, in the same order, with the
    /// same slugs): the plan for that change. Nil when every page is to be rendered.
    func planRebuild(
        record: BuildRecord?, keys: RebuildPlan.Keys, made: MadeGuide, _ inputs: Inputs
    )
        -> (plan: RebuildPlan, record: BuildRecord)?
    {
        guard !options.force, made.newBase == nil, let record, record.context == keys.context,
            let oldStore = BuildRecord.readStore(site: options.site, output: options.outputPath),
            // The header links to the lists only while there are some: every page changes.
            oldStore.lists.isEmpty == inputs.store.lists.isEmpty
        else { return nil }
        let plan = RebuildPlan.forStoreChange(
            old: oldStore, new: inputs.store, guide: made.guide, oldChunkPaths: record.chunks,
            layout: options.pageData)
        return (plan, record)
    }

    /// Starts writing a base made in this build for the next one, beside the rendering of the pages
    /// (at 100,000 places it is a 45 MB file), on a thread of its own: it shares the cores with the
    /// page jobs instead of waiting for them. Nil when there is nothing to keep.
    func startSavingBase(_ made: MadeGuide, keys: RebuildPlan.Keys) -> Task<
        Result<Void, FileError>, Never
    >? {
        guard let base = made.newBase, let key = keys.base else { return nil }
        let site = options.site
        let output = options.outputPath
        return Task.detached {
            await withCheckedContinuation {
                (finished: CheckedContinuation<Result<Void, FileError>, Never>) in
                BackgroundThread.start("save-base") {
                    do throws(FileError) {
                        try BuildRecord.saveBase(base, key: key, site: site, output: output)
                        finished.resume(returning: .success(()))
                    } catch {
                        finished.resume(returning: .failure(error))
                    }
                }
            }
        }
    }
}
