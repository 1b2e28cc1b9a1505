import BeaconModel
import BeaconSite
import BeaconSystem

/// Stages 5 and 6: the pages rendered and the new output swapped in, then what the next build and
/// the terminal commands read recorded.
extension BuildPipeline {
    /// What stage 5 published.
    struct Published {
        var rendered: SiteRenderer.Rendered
        var files: SiteWriter.Statistics
        /// Files the output has now.
        var fileCount: Int
    }

    /// Stage 5: every page, or with `previous` only those its change touched,
    /// written into the staging folder as they are rendered, then swapped in
    /// (or, for a change, moved in); on any failure the staging folder goes.
    func renderAndPublish(
        _ guide: Guide, _ inputs: Inputs, _ basemap: BasemapInput, photos: PhotoProcessing,
        fingerprint: BuildFingerprint, previous: (plan: RebuildPlan, record: BuildRecord)?,
        _ timer: inout StepTimer
    ) async throws(BuildError) -> Published {
        do {
            let rendered = try await timer.step("Skriver sider") {
                var renderer = SiteRenderer(
                    guide: guide, assets: inputs.assets, writer: inputs.writer, basemap: basemap,
                    buildVersion: String(fingerprint.hex.prefix(12)))
                renderer.photos = photos
                renderer.pageData = options.pageData
                let console = console
                renderer.onProgress = { done, total in
                    console.status(
                        "Skriver sider: \(NorwegianFormat.integer(done)) av \(NorwegianFormat.integer(total))"
                    )
                }
                return try renderer.render(
                    plan: previous?.plan, previousChunkPaths: previous?.record.chunks ?? [])
            }
            return try await timer.step("Bytter inn det nye nettstedet") { () throws -> Published in
                // From here the output changes: a build killed now leaves no record, so the next
                // one renders everything.
                BuildRecord.remove(site: options.site, output: options.outputPath)
                guard let previous else {
                    let files = try inputs.writer.commit()
                    return Published(
                        rendered: rendered, files: files, fileCount: files.written + files.unchanged
                    )
                }
                let files = try inputs.writer.commitChanges(
                    removing: previous.plan.removals(in: guide.settings.languages),
                    previousTree: previous.record.tree)
                return Published(
                    rendered: rendered, files: files,
                    fileCount: previous.record.files + files.added - files.removed)
            }
        } catch {
            inputs.writer.discard()
            throw error
        }
    }

    /// Stage 6, after the site is published: the settings file if there was
    /// none, what the terminal commands resolve names against (the place
    /// index and its source), what the next build needs to render only what
    /// changes (the base and the store), and last the record the next
    /// no-change check reads. A failure here is a warning: the site itself is complete.
    func record(
        _ made: MadeGuide, _ inputs: Inputs, _ places: PlaceInput, _ published: Published,
        fingerprint: BuildFingerprint, keys: RebuildPlan.Keys,
        baseSaved: Task<Result<Void, FileError>, Never>?
    ) async -> [String] {
        let guide = made.guide
        let baseWritten = await baseSaved?.value ?? .success(())
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
                try PlaceIndex.savePointer(
                    toPlacesFile: file, defaultCategory: options.defaultCategory, in: options.site)
            } else if let index = made.placeIndex {
                try PlaceIndex.write(index, in: options.site)
            } else if !FileSystem.fileExists(PlaceIndex.path(in: options.site)) {
                // A kept base is keyed by the places: the build that made it saved their index.
                try PlaceIndex.save(
                    guide.places.map(\.place).filter { $0.origin != .own }, in: options.site)
            }
            try PlaceIndex.saveSource(guide.source, in: options.site)
            try baseWritten.get()
            if keys.base != nil {
                try BuildRecord.saveStore(
                    inputs.store, site: options.site, output: options.outputPath)
            }
            var record = BuildRecord(
                fingerprint: fingerprint.hex,
                tree: inputs.writer.committedTree ?? OutputTreeDigest.compute(options.outputPath),
                pages: published.rendered.pages, places: guide.places.count,
                files: published.fileCount)
            record.context = keys.context
            record.base = keys.base
            record.chunks = published.rendered.chunkPaths
            if case .file(let raw) = places, let identity = raw.identity {
                record.placesFile = BuildRecord.PlacesFile(
                    path: raw.path, identity: identity, key: raw.contentKey)
            }
            try record.save(site: options.site, output: options.outputPath)
        }
        return warnings
    }
}

extension BuildReport {
    init(published: BuildPipeline.Published, guide: Guide, warnings: [String], timer: StepTimer) {
        var counts: [PlaceCategory: Int] = [:]
        for place in guide.places { counts[place.category, default: 0] += 1 }
        self.init(
            pages: published.rendered.pages, renderedPages: published.rendered.rendered,
            files: published.files,
            source: guide.source,
            placeCount: guide.places.count, countsByCategory: counts, warnings: warnings,
            stepTimings: timer.timings,
            seconds: timer.elapsed)
    }

    /// Nothing to do: the last build's numbers.
    init(unchangedSince previous: BuildRecord, source: DataSourceInfo, timer: StepTimer) {
        var files = SiteWriter.Statistics()
        files.unchanged = previous.files
        self.init(
            pages: previous.pages, renderedPages: 0, files: files, source: source,
            placeCount: previous.places,
            countsByCategory: [:],
            warnings: [], stepTimings: timer.timings, seconds: timer.elapsed)
    }
}
