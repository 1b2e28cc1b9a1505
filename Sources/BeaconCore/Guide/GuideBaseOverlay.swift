/// A kept base that patches changed (`MappedGuideBase.patch`), kept as what
/// changed since the archive it was opened from: the entries the patches
/// replaced and the new feature memo, in a small file beside the archive,
/// which stays as it is. A renamed place then writes a few hundred
/// kilobytes (the memo) instead of the whole archive again (4.5 MB at
/// 10,000 places, 45 MB at 100,000), and the checksum covers only them.
///
/// The overlay names the archive by its key and checksum, so it is used only
/// with that very archive; once the replaced entries are more than a few
/// (`suits`), the base is written as a whole new archive instead, and the
/// overlay no longer matches anything.
///
/// Layout: magic, the base's key, the archive's key and checksum, the
/// feature memo (as in the archive), the count of replaced entries, each
/// one's index and entry (as in the archive), a checksum of everything before it.
package enum GuideBaseOverlay {
    static let magic = Array("beacon-guide-overlay 1\n".utf8)

    /// Whether `base` is better kept as an overlay of its archive than as a new archive: its replaced
    /// entries are few (each is held in memory by every build that opens the base).
    package static func suits(_ base: MappedGuideBase) -> Bool {
        base.replaced.count <= max(16, base.outlines.count / 64)
    }

    /// The overlay that, over the archive `base` was opened from, gives `base` (under `key`).
    package static func encode(_ base: MappedGuideBase, key: String) -> [UInt8] {
        var bytes = magic
        GuideBaseArchive.appendString(key, to: &bytes)
        GuideBaseArchive.appendString(base.origin.key, to: &bytes)
        GuideBaseArchive.appendInteger(base.origin.checksum, to: &bytes)
        var memo = GuideBaseArchive.MemoEncoder(memo: base.featureMemo)
        while !memo.append(to: &bytes, upTo: .max) {}
        GuideBaseArchive.appendInteger(UInt64(base.replaced.count), to: &bytes)
        for (index, entry) in base.replaced.sorted(by: { $0.key < $1.key }) {
            GuideBaseArchive.appendInteger(UInt64(index), to: &bytes)
            GuideBaseArchive.append(entry, to: &bytes)
        }
        var hasher = ContentHasher()
        bytes.withUnsafeBytes { hasher.combine(raw: $0) }
        hasher.combine(UInt64(bytes.count))
        GuideBaseArchive.appendInteger(hasher.value, to: &bytes)
        return bytes
    }

    /// The archive an overlay made under `key` names; nil when the bytes are not such an overlay. Only
    /// its first fields are read: `apply` checks the whole (its checksum), so it is hashed once.
    package static func origin(_ bytes: [UInt8], key: String) -> MappedGuideBase.Origin? {
        bytes.withUnsafeBytes { raw in
            guard raw.count >= magic.count + 8, raw.starts(with: magic) else { return nil }
            var reader = GuideBaseArchive.Reader(
                raw: UnsafeRawBufferPointer(rebasing: raw[..<(raw.count - 8)]), offset: magic.count)
            guard reader.string() == key, let archiveKey = reader.string(), let checksum = reader.integer() else {
                return nil
            }
            return MappedGuideBase.Origin(key: archiveKey, checksum: checksum)
        }
    }

    /// `base`, opened from the overlay's archive, with the overlay's memo and replaced entries; nil when
    /// the overlay is not for that archive, or an entry it replaces is not the same place in the same
    /// category at the same distance (what every patch keeps, and what the outlines still say).
    /// `withMemo`: read the feature memo too (else stepped over: a store change never needs it, and at
    /// 100,000 places it is 3 MB).
    package static func apply(_ bytes: [UInt8], key: String, to base: MappedGuideBase, withMemo: Bool = true)
        -> MappedGuideBase?
    {
        bytes.withUnsafeBytes { raw -> MappedGuideBase? in
            guard var reader = body(raw), reader.string() == key, reader.string() == base.origin.key,
                reader.integer() == base.origin.checksum
            else { return nil }
            var memo: FeatureMemo?
            if withMemo {
                guard let read = reader.featureMemo(entries: base.inDataCount) else { return nil }
                memo = read
            } else {
                guard reader.skipFeatureMemo() else { return nil }
            }
            guard let count = reader.integer().flatMap(Int.init(exactly:)), count <= base.outlines.count else {
                return nil
            }
            var patched = base
            patched.featureMemo = memo
            patched.replaced = [:]
            for _ in 0..<count {
                guard let index = reader.integer().flatMap(Int.init(exactly:)), index < base.inDataCount,
                    patched.replaced[index] == nil,
                    let entry = reader.entry(),
                    entry.place.category == base.outlines[index].category,
                    entry.distanceMetres == base.outlines[index].distanceMetres,
                    entry.place.id.rawValue.utf8.elementsEqual(base.archive.idBytes(at: base.outlines[index].offset))
                else { return nil }
                patched.replaced[index] = entry
            }
            guard reader.offset == raw.count - 8 else { return nil }
            return patched
        }
    }

    /// A reader after the magic of intact overlay bytes (the checksum matches); nil otherwise.
    private static func body(_ raw: UnsafeRawBufferPointer) -> GuideBaseArchive.Reader? {
        guard raw.count >= magic.count + 8, raw.starts(with: magic) else { return nil }
        let body = UnsafeRawBufferPointer(rebasing: raw[..<(raw.count - 8)])
        var hasher = ContentHasher()
        hasher.combine(raw: body)
        hasher.combine(UInt64(body.count))
        var checksum = GuideBaseArchive.Reader(raw: raw, offset: body.count)
        guard checksum.integer() == hasher.value else { return nil }
        return GuideBaseArchive.Reader(raw: raw, offset: magic.count)
    }
}
