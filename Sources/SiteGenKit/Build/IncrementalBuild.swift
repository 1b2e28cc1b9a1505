import BeaconCore
import BeaconSystem
import BeaconText
import FoundationEssentials
import Glibc
import Templates

/// What lets a build do work in proportion to its change (a rating, a
/// favorite, a moved place) instead of to the size of the guide:
///
/// - The guide's base (`GuideBase`: places parsed, deduplicated, sorted, with
///   slugs) is kept in the cache folder, keyed by the places and the settings.
///   A build whose places and settings are unchanged merges the new store into
///   it and never parses the places file.
/// - The store the output shows is kept beside it. With both, the build
///   rebuilds the guide the output shows and compares it with the new one
///   (`ChangedPages`): only the pages that differ are rendered, and they are
///   moved into the output one by one (`SiteWriter.commitChanges`), so no
///   unchanged file is read, linked or listed.
/// - The output's digest in the record is kept true by adjusting it for each
///   file moved in (`OutputTreeDigestAdjustment`), not by walking the tree.
///
/// - A changed places file is parsed again, but only the features whose bytes
///   changed: the base keeps a memo of what each feature gave
///   (`FeatureMemo`), and the others are taken from it.
///
/// This holds only while everything else the pages show is unchanged: the
/// context key covers the settings, the source line and its date, the
/// assets, the basemap, the output path and the binary; any change there
/// renders every page. The record is removed before the output changes, so a
/// build killed at any point leaves the next one to render everything.
/// Pages edited by hand inside the output are not looked for by such a build
/// (the no-change check and `--force` do look).
struct IncrementalBuild {
    /// Hash of everything every page shows besides the places themselves.
    var contextKey: String
    /// Hash of what the guide's base is made from; nil when the places cannot be keyed.
    var baseKey: String?
    /// Names the decoder a feature memo must come from: this binary, this default category, these categories.
    var memoKey: String

    /// `placeEdits`: the store's `placeEditsDigest` (own places, corrections, hidden places and notes shape
    /// the base and what a feature gives, so a change to them is a change to both).
    init(
        settings: SiteSettings, assets: AssetBundle, outputPath: String, places: PlaceInput, placesKey: String?,
        basemap: BasemapInput,
        defaultCategory: PlaceCategory?, placeEdits: String
    ) {
        var memo = ContentHasher()
        memo.combine("beacon-feature-memo-1")
        memo.combine(BuildFingerprint.executableIdentity)
        memo.combine(defaultCategory?.rawValue ?? "-")
        // The guide's categories decide which category a feature falls in.
        memo.combine(settings.categories.map(\.rawValue).joined(separator: ","))
        // The guide's country writes the addresses whose data names none.
        memo.combine(settings.addressCountry ?? "-")
        memo.combine(placeEdits)
        memoKey = memo.hex

        var context = ContentHasher()
        context.combine("beacon-context-1")
        context.combine(BuildFingerprint.executableIdentity)
        context.combine(settings.encodedBytes)
        context.combine(assets)
        context.combine(outputPath)
        context.combine(basemap)
        context.combine(places.source.kind)
        context.combine(settings.guideTimeZone.today(places.source.fetchedAt).norwegianLong)
        contextKey = context.hex

        if let placesKey {
            var base = ContentHasher()
            base.combine("beacon-base-1")
            base.combine(BuildFingerprint.executableIdentity)
            base.combine(settings.encodedBytes)
            base.combine(placesKey)
            base.combine(placeEdits)
            baseKey = base.hex
        }
    }

    /// Adds what the photos make the pages show to the context key: a photo added, removed, described
    /// anew or no longer made renders every page again.
    mutating func include(_ photos: PhotoProcessing) {
        guard !photos.photos.isEmpty || !photos.warnings.isEmpty else { return }
        var context = ContentHasher()
        context.combine(contextKey)
        for (id, list) in photos.photos.sorted(by: { $0.key < $1.key }) {
            context.combine(id.rawValue)
            for photo in list {
                for part in [
                    photo.alt ?? "-", photo.credit ?? "-", photo.placeholder, "\(photo.width)x\(photo.height)",
                    photo.jpeg.path,
                ] {
                    context.combine(part)
                }
                for source in photo.sources { context.combine(source.path) }
            }
        }
        contextKey = context.hex
    }

    /// The base in `archive`, opened where it lies: its places are decoded when a page reads them (`MappedGuideBase`).
    /// `categories`: the guide's (an owner's own kinds are read as the settings define them).
    static func openBase(
        key: String, archive: KeptBaseFile?, categories: [PlaceCategory], withMemo: Bool = false
    ) -> MappedGuideBase? {
        switch archive {
        case .mapped(let file): GuideBaseArchive.open(file, key: key, categories: categories, withMemo: withMemo)
        case .read(let bytes): GuideBaseArchive.open(bytes, key: key, categories: categories, withMemo: withMemo)
        case nil: nil
        }
    }

    /// The kept base's archive: mapped, or read where it cannot be mapped.
    enum KeptBaseFile {
        case mapped(MappedFile)
        case read([UInt8])
    }

    static func readBase(site: SiteFolder, output: String) -> KeptBaseFile? {
        let path = BuildRecord.basePath(site: site, output: output)
        if let file = MappedFile(path: path, limit: 1 << 34) { return .mapped(file) }
        return FileSystem.readCacheFile(path, limit: 1 << 34).map { .read($0) }
    }

    /// The store the output shows (kept by the last build), when the output is there.
    static func previousStore(site: SiteFolder, output: String) -> GuideStore? {
        guard FileSystem.fileExists(output + "/" + SiteWriter.markerFileName),
            let bytes = FileSystem.readCacheFile(BuildRecord.storePath(site: site, output: output))
        else { return nil }
        return GuideStore(encodedBytes: bytes)
    }

    /// Starts writing the base for the next build (a cache, keyed by its
    /// inputs), beside the rendering of the pages: at 100,000 places it is a
    /// 45 MB file. Started only once the last build's base has been read.
    static func startSavingBase(_ base: GuideBase, key: String, site: SiteFolder, output: String) -> Task<
        Result<Void, FileError>, Never
    > {
        startSavingBase(site: site, output: output) { (path) throws(FileError) in
            try GuideBaseArchive.write(base, key: key, to: path)
        }
    }

    /// The same for the last base patched in place: a new archive, its unchanged entries copied from the
    /// one it was opened from.
    static func startSavingBase(_ base: MappedGuideBase, key: String, site: SiteFolder, output: String) -> Task<
        Result<Void, FileError>, Never
    > {
        startSavingBase(site: site, output: output) { (path) throws(FileError) in
            try GuideBaseArchive.write(base, key: key, to: path)
        }
    }

    private static func startSavingBase(
        site: SiteFolder, output: String,
        write: @escaping @Sendable (String) throws(FileError) -> Void
    ) -> Task<Result<Void, FileError>, Never> {
        // On a thread of its own, beside the page jobs: it shares the cores with them instead of waiting
        // for them or holding one of the cooperative pool's few threads.
        Task.detached {
            await withCheckedContinuation { (finished: CheckedContinuation<Result<Void, FileError>, Never>) in
                BackgroundThread.start("save-base") {
                    let basePath = BuildRecord.basePath(site: site, output: output)
                    do throws(FileError) {
                        try site.createFolder(PathText.parent(basePath))
                        // A new file renamed over the old one: a base opened in place from it stays readable.
                        try write(basePath)
                        finished.resume(returning: .success(()))
                    } catch {
                        finished.resume(returning: .failure(error))
                    }
                }
            }
        }
    }

    /// Keeps the store the output shows, for the next build to compare with.
    static func saveStore(_ store: GuideStore, site: SiteFolder, output: String) throws(FileError) {
        let storePath = BuildRecord.storePath(site: site, output: output)
        try site.createFolder(PathText.parent(storePath))
        try FileSystem.writeCacheFile(store.encodedBytes, to: storePath, sync: false, unlinkingFirst: true)
    }
}
