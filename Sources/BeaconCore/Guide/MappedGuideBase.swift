import BeaconSystem
import Synchronization

/// The kept base opened where it lies, its places not decoded: what a
/// rebuild after a rating, a favorite or a place edited where it stands
/// works from (`GuideAssembler.mergeIfFits(_:store:settings:source:)`,
/// `patch(with:memoKey:store:settings:)`). Each place is decoded when a page
/// first reads it (`GuidePlace`), so a rebuild that renders 7 pages of a
/// 10,000-place guide decodes the few hundred places those pages show, not
/// all of them (decoding every place and faulting in its memory was a large
/// share of such a rebuild).
package struct MappedGuideBase: Sendable {
    /// Where one entry lies in the archive, with what a guide needs of every place.
    struct Outline: Sendable {
        var offset: Int
        var length: Int32
        /// The slug is the entry's last field: its bytes end where the entry does.
        var slugLength: Int32
        var category: PlaceCategory
        var distanceMetres: Double
        /// `PlaceIDTable.idHash` of the id's bytes: a lookup that misses never reads them again.
        var idHash: UInt64

        var end: Int { offset + Int(length) }
    }

    package let archive: KeptArchive
    /// Every entry: the data's places nearest first, then the favorites outside the data.
    let outlines: [Outline]
    let inDataCount: Int
    /// Favorites outside the data, decoded (the store's snapshots of a handful of places).
    let outside: [GuideBase.Entry]
    let slugsClashed: Bool
    /// What each feature of the places file gave (read only when asked for: a store change never needs it).
    package internal(set) var featureMemo: FeatureMemo?
    /// Entries a patch replaced, by index: these are held, not read from the archive.
    package internal(set) var replaced: [Int: GuideBase.Entry] = [:]
    /// Whether the entries lie end to end in entry order (as `encode` writes them), so unchanged runs of
    /// them can be copied into the next archive as they are.
    let entriesAreContiguous: Bool

    /// Entry `index` as it is now (decoded, unless a patch replaced it).
    func entry(_ index: Int) -> GuideBase.Entry {
        replaced[index] ?? archive.entry(at: outlines[index].offset)
    }

    /// Per entry, whether a patch replaced it: what a loop over every entry checks first (a look in
    /// `replaced` hashes the index, 10,000 times a loop).
    func replacedFlags() -> [Bool] {
        var flags = [Bool](repeating: false, count: outlines.count)
        for index in replaced.keys where index < flags.count { flags[index] = true }
        return flags
    }

    /// The value `table` has for archived entry `index`'s id (found by its hash first, then its bytes).
    func value<Value>(in table: PlaceIDTable<Value>, forEntry index: Int) -> (id: PlaceID, value: Value)? {
        archive.value(in: table, idHash: outlines[index].idHash, entryAt: outlines[index].offset)
    }

    /// Where entry `index`'s slug lies in the archive (not for a replaced entry).
    func archivedSlug(_ index: Int) -> Range<Int> {
        (outlines[index].end - Int(outlines[index].slugLength))..<outlines[index].end
    }

    /// Every entry decoded, on all cores: the base as `GuideBaseArchive.decode` reads it (with the patch's changes).
    package func decoded() -> GuideBase {
        let entries = ParallelChunks.map(count: outlines.count, chunkSize: 1_024) { entry($0) }
        return GuideBase(
            entries: entries, inDataCount: inDataCount, featureMemo: featureMemo, slugsClashed: slugsClashed)
    }
}

/// The bytes of a kept base, shared by the places of a guide merged from it.
package final class KeptArchive: Sendable {
    /// The archive (a mapped file, or a copy of bytes in memory).
    let file: MappedFile
    /// Where the entries end.
    private let end: Int
    private let decoded = Atomic<Int>(0)

    /// The owner's own kinds the entries may name besides the presets.
    private let ownCategories: [PlaceCategory]

    init(file: MappedFile, entriesEnd: Int, ownCategories: [PlaceCategory]) {
        self.file = file
        end = entriesEnd
        self.ownCategories = ownCategories
    }

    /// Places decoded so far: how much of the guide a rebuild read (`--timings` shows it).
    package var entriesDecoded: Int { decoded.load(ordering: .relaxed) }

    /// The entry at `offset`, which `GuideBaseArchive.open` made sure decodes.
    func entry(at offset: Int) -> GuideBase.Entry {
        decoded.add(1, ordering: .relaxed)
        var reader = GuideBaseArchive.Reader(file: file, end: end, offset: offset, ownCategories: ownCategories)
        guard let entry = reader.entry() else {
            preconditionFailure("an archive entry checked when it was opened did not decode")
        }
        return entry
    }

    /// Where the id of the entry at `offset` (its first field) lies.
    func idRange(at offset: Int) -> Range<Int> {
        let count = Int(file.littleEndianUInt32(at: offset) ?? 0)
        return (offset + 4)..<(offset + 4 + count)
    }

    /// The value `table` has for the id of the entry at `offset`, whose `PlaceIDTable.idHash` is `idHash`.
    func value<Value>(in table: PlaceIDTable<Value>, idHash: UInt64, entryAt offset: Int) -> (
        id: PlaceID, value: Value
    )? {
        table.value(forIDHash: idHash) { [file] in file.bytes(idRange(at: offset), equal: $0) }
    }
}

extension GuideBaseArchive {
    /// The base in a mapped archive file, opened without decoding its places; nil when the
    /// bytes are not an intact archive made with `key` (the same checks as `decode`, checksum included).
    /// `withMemo`: read the feature memo too (a places file's edits need it).
    /// `categories`: the guide's, so that an owner's own kind is read back as the settings define it.
    package static func open(
        _ file: MappedFile, key: String, categories: [PlaceCategory] = [], withMemo: Bool = false
    ) -> MappedGuideBase? {
        let own = categories.filter { !$0.isPreset }
        guard let header = header(file, key: key, readingMemo: withMemo) else { return nil }
        // Every entry is outlined (each field stepped over, bounds-checked) on all cores but one, which checks the
        // checksum: a place decoded later, when a page reads it, cannot fail.
        let failed = Atomic<Bool>(false)
        let checksumMatches = Atomic<Bool>(false)
        let checkChecksum: @Sendable () -> Void = {
            checksumMatches.store(header.checksumMatches(), ordering: .relaxed)
        }
        let outlines = ParallelChunks.map(
            count: header.total, chunkSize: 4_096,
            beside: checkChecksum
        ) { index -> MappedGuideBase.Outline in
            guard let offset = header.entryOffset(index) else {
                failed.store(true, ordering: .relaxed)
                return .init(offset: 0, length: 0, slugLength: 0, category: .cafe, distanceMetres: 0, idHash: 0)
            }
            var reader = header.entryReader(at: offset, ownCategories: own)
            guard let outline = reader.entryOutline() else {
                failed.store(true, ordering: .relaxed)
                return .init(offset: 0, length: 0, slugLength: 0, category: .cafe, distanceMetres: 0, idHash: 0)
            }
            return .init(
                offset: offset, length: Int32(truncatingIfNeeded: reader.offset - offset),
                slugLength: Int32(truncatingIfNeeded: outline.slugLength),
                category: outline.category, distanceMetres: outline.distance, idHash: outline.idHash)
        }
        guard checksumMatches.load(ordering: .relaxed), !failed.load(ordering: .relaxed) else { return nil }
        let archive = KeptArchive(file: file, entriesEnd: header.offsetsStart, ownCategories: own)
        let contiguous =
            outlines.first.map { $0.offset == header.entriesStart } ?? true
            && zip(outlines, outlines.dropFirst()).allSatisfy { $0.end == $1.offset }
            && (outlines.last?.end ?? header.offsetsStart) == header.offsetsStart
        return MappedGuideBase(
            archive: archive, outlines: outlines,
            inDataCount: header.inDataCount,
            outside: outlines[header.inDataCount...].map { archive.entry(at: $0.offset) },
            slugsClashed: header.slugsClashed,
            featureMemo: header.memo, entriesAreContiguous: contiguous)
    }

    /// The same from bytes in memory (copied, so the places can refer to them).
    package static func open(
        _ bytes: [UInt8], key: String, categories: [PlaceCategory] = [], withMemo: Bool = false
    ) -> MappedGuideBase? {
        MappedFile(copying: bytes).flatMap { open($0, key: key, categories: categories, withMemo: withMemo) }
    }

    package static func encode(_ base: MappedGuideBase, key: String) -> [UInt8] {
        whole { encode(base, key: key, emit: $0) }
    }

    /// A base opened in place, as the archive `encode` writes for its decoded entries: the entries a
    /// patch left alone are handed on from the archive they lie in, in runs, not decoded and encoded again.
    static func encode<Failure: Error>(
        _ base: MappedGuideBase, key: String, emit: (GuideBaseArchive.Part) throws(Failure) -> Void
    ) throws(Failure) {
        let outlines = base.outlines
        try encode(
            key: key, inDataCount: base.inDataCount, outsideCount: outlines.count - base.inDataCount,
            slugsClashed: base.slugsClashed,
            memo: base.featureMemo, emit: emit
        ) { (writer) throws(Failure) in
            let held = base.replacedFlags()
            var index = 0
            while index < outlines.count {
                if held[index], let entry = base.replaced[index] {
                    try writer.entry(entry)
                    index += 1
                } else if base.entriesAreContiguous {
                    var end = index + 1
                    while end < outlines.count, !held[end] { end += 1 }
                    try writer.copiedEntries(
                        from: base.archive.file,
                        starts: outlines[index..<end].lazy.map(\.offset),
                        end: outlines[end - 1].end)
                    index = end
                } else {
                    try writer.entry(base.entry(index))
                    index += 1
                }
            }
        }
    }

    /// Writes the archive of a base opened in place to `path` (a temporary file, then a rename); a cache, so not synced.
    package static func write(_ base: MappedGuideBase, key: String, to path: String) throws(FileError) {
        try write(to: path) { (emit) throws(FileError) in try encode(base, key: key, emit: emit) }
    }
}
