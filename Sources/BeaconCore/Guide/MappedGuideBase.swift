import Synchronization

/// The kept base opened where it lies, its places not decoded: what a
/// rebuild after a rating or a favorite merges the store into
/// (`GuideAssembler.mergeIfFits(_:store:settings:source:)`). Each place is
/// decoded when a page first reads it (`GuidePlace`), so a rebuild that
/// renders 7 pages of a 10,000-place guide decodes the few hundred places
/// those pages show, not all of them (a fifth of such a rebuild's time went
/// to decoding every place and faulting in their memory).
package struct MappedGuideBase: Sendable {
    /// Where one place of the data lies in the archive, with what a guide needs of every place.
    struct Outline: Sendable {
        var offset: Int
        var category: PlaceCategory
        var distanceMetres: Double
    }

    package let archive: KeptArchive
    /// The data's places, nearest first.
    let inData: [Outline]
    /// Favorites outside the data, decoded (the store's snapshots of a handful of places).
    let outside: [GuideBase.Entry]
}

/// The bytes of a kept base, shared by the places of a guide merged from it.
package final class KeptArchive: Sendable {
    private let shared: SharedReadOnlyBytes
    /// Keeps `shared` valid (a mapped file, or a copy).
    private let owner: any Sendable
    private let decoded = Atomic<Int>(0)

    init(bytes: UnsafeRawBufferPointer, owner: any Sendable) {
        shared = SharedReadOnlyBytes(raw: bytes)
        self.owner = owner
    }

    /// Places decoded so far: how much of the guide a rebuild read (`--timings` shows it).
    package var entriesDecoded: Int { decoded.load(ordering: .relaxed) }

    /// The entry at `offset`, which `GuideBaseArchive.open` made sure decodes.
    func entry(at offset: Int) -> GuideBase.Entry {
        decoded.add(1, ordering: .relaxed)
        var reader = GuideBaseArchive.Reader(raw: shared.raw, offset: offset)
        guard let entry = reader.entry() else { preconditionFailure("an archive entry checked when it was opened did not decode") }
        return entry
    }

    /// The UTF-8 bytes of the id of the entry at `offset` (its first field), valid while this object lives.
    func idBytes(at offset: Int) -> UnsafeRawBufferPointer {
        let count = Int(UInt32(littleEndian: shared.raw.loadUnaligned(fromByteOffset: offset, as: UInt32.self)))
        return UnsafeRawBufferPointer(rebasing: shared.raw[(offset + 4)..<(offset + 4 + count)])
    }
}

extension GuideBaseArchive {
    /// The base in a mapped archive file, opened without decoding its places; nil when the
    /// bytes are not an intact archive made with `key` (the same checks as `decode`, checksum included).
    package static func open(_ file: MappedFile, key: String) -> MappedGuideBase? {
        open(file.bytes, owner: file, key: key)
    }

    /// The same from bytes in memory (copied, so the places can refer to them).
    package static func open(_ bytes: [UInt8], key: String) -> MappedGuideBase? {
        let owned = OwnedBytes(copying: bytes)
        return open(owned.bytes, owner: owned, key: key)
    }

    private static func open(_ raw: UnsafeRawBufferPointer, owner: any Sendable, key: String) -> MappedGuideBase? {
        guard raw.count >= magic.count + 8, raw.starts(with: magic) else { return nil }
        let bodyCount = raw.count - 8
        let body = UnsafeRawBufferPointer(rebasing: raw[..<bodyCount])
        var reader = Reader(raw: body, offset: magic.count)
        var checksumReader = Reader(raw: raw, offset: bodyCount)
        guard let checksum = checksumReader.integer(),
              reader.string() == key,
              let inDataCount = reader.integer().flatMap(Int.init(exactly:)),
              let outsideCount = reader.integer().flatMap(Int.init(exactly:)),
              let clashed = reader.integer(), clashed <= 1,
              reader.skipFeatureMemo() else { return nil }
        let (total, overflow) = inDataCount.addingReportingOverflow(outsideCount)
        guard !overflow, total <= (bodyCount - reader.offset) / minimumEntryBytes else { return nil }
        let offsetsStart = bodyCount - total * 8
        let shared = SharedReadOnlyBytes(raw: body)
        // Every entry is outlined (each field stepped over, bounds-checked) on all cores but one, which checks the
        // checksum: a place decoded later, when a page reads it, cannot fail.
        let failed = Atomic<Bool>(false)
        let checksumMatches = Atomic<Bool>(false)
        var outlines = [MappedGuideBase.Outline](repeating: .init(offset: 0, category: .cafe, distanceMetres: 0), count: inDataCount)
        var outsideOffsets = [Int](repeating: 0, count: outsideCount)
        outlines.withUnsafeMutableBufferPointer { outlineBuffer in
            outsideOffsets.withUnsafeMutableBufferPointer { outsideBuffer in
                let slots = OutlineSlots(outlines: outlineBuffer.baseAddress, outside: outsideBuffer.baseAddress)
                ParallelChunks.forEach(count: total, chunkSize: 4_096, beside: {
                    var hasher = ContentHasher()
                    hasher.combine(raw: shared.raw)
                    hasher.combine(UInt64(bodyCount))
                    checksumMatches.store(hasher.value == checksum, ordering: .relaxed)
                }) { range in
                    for index in range {
                        var offsetReader = Reader(raw: shared.raw, offset: offsetsStart + index * 8)
                        guard let offset = offsetReader.integer().flatMap(Int.init(exactly:)), offset < offsetsStart else {
                            failed.store(true, ordering: .relaxed)
                            return
                        }
                        var entryReader = Reader(raw: shared.raw, offset: offset)
                        guard let outline = entryReader.entryOutline() else {
                            failed.store(true, ordering: .relaxed)
                            return
                        }
                        if index < inDataCount {
                            slots.outlines![index] = .init(offset: offset, category: outline.category, distanceMetres: outline.distance)
                        } else {
                            slots.outside![index - inDataCount] = offset
                        }
                    }
                }
            }
        }
        guard checksumMatches.load(ordering: .relaxed), !failed.load(ordering: .relaxed) else { return nil }
        let archive = KeptArchive(bytes: body, owner: owner)
        return MappedGuideBase(archive: archive, inData: outlines, outside: outsideOffsets.map { archive.entry(at: $0) })
    }
}

/// The arrays `open` fills, each thread writing its own slots.
private struct OutlineSlots: @unchecked Sendable {
    let outlines: UnsafeMutablePointer<MappedGuideBase.Outline>?
    let outside: UnsafeMutablePointer<Int>?
}
