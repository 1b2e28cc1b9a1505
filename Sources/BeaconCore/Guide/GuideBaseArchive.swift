import BeaconSystem
import FoundationEssentials
import Synchronization

/// A `GuideBase` as a compact binary file in the cache folder, read back in
/// a small fraction of the time parsing the places again takes. It is a cache: a file
/// that is damaged, of another version or made from other inputs (`key`) is
/// simply not used.
///
/// Layout: magic, key, counts, whether slugs clashed, the feature memo (its key, or none, then a
/// hash and an outcome per feature), the entries, an offset per entry (so
/// entries decode on all cores), and a checksum of everything before it.
/// Strings are a length and UTF-8; a missing optional has the length `UInt32.max`.
package enum GuideBaseArchive {
    static let magic = Array("beacon-guide-base 13\n".utf8)
    static let missing = UInt32.max

    package static func encode(_ base: GuideBase, key: String) -> [UInt8] {
        whole { encode(base, key: key, emit: $0) }
    }

    /// A part of an archive as it is handed on: bytes made here, or a stretch of the archive a base was
    /// opened from, handed on as it lies there.
    enum Part {
        case made([UInt8])
        case kept(MappedFile, Range<Int>)
    }

    /// The archive handed to `emit` in parts of about a megabyte (a big guide's archive need never be
    /// held whole): the header, the entries, the offset of each, the checksum.
    static func encode<Failure: Error>(
        _ base: GuideBase, key: String, emit: (Part) throws(Failure) -> Void
    ) throws(Failure) {
        try encode(
            key: key, inDataCount: base.inDataCount, outsideCount: base.entries.count - base.inDataCount,
            slugsClashed: base.slugsClashed,
            memo: base.featureMemo, emit: emit
        ) { (writer) throws(Failure) in
            for entry in base.entries { try writer.entry(entry) }
        }
    }

    /// An archive with this header and the entries `entries` gives the writer, handed to `emit` in parts.
    static func encode<Failure: Error>(
        key: String, inDataCount: Int, outsideCount: Int, slugsClashed: Bool, memo: FeatureMemo?,
        emit: (Part) throws(Failure) -> Void,
        entries: (inout Writer<Failure>) throws(Failure) -> Void
    ) throws(Failure) {
        try withoutActuallyEscaping(emit) { (emit) throws(Failure) in
            var writer = Writer(emit: emit)
            try writer.header(
                key: key, inDataCount: inDataCount, outsideCount: outsideCount, slugsClashed: slugsClashed, memo: memo)
            try entries(&writer)
            try writer.finish()
        }
    }

    /// The parts `encode` hands over, as one array.
    static func whole(_ encode: (_ emit: (Part) -> Void) -> Void) -> [UInt8] {
        var bytes: [UInt8] = []
        encode { part in
            switch part {
            case .made(let made): bytes.append(contentsOf: made)
            case .kept(let file, let range): file.append(range, to: &bytes)
            }
        }
        return bytes
    }

    /// The parts `encode` hands over, written to `path` as they come (a temporary file, then a rename); a cache, so not synced.
    static func write(
        to path: String,
        _ encode: (_ emit: (Part) throws(FileError) -> Void) throws(FileError) -> Void
    ) throws(FileError) {
        try FileSystem.writeAtomically(to: path, sync: false, followingSymlinks: false, unlinkingFirst: true) {
            (fd) throws(FileError) in
            try encode { (part) throws(FileError) in
                switch part {
                case .made(let made): try FileSystem.writeAll(fd: fd, bytes: made, path: path)
                case .kept(let file, let range): try FileSystem.writeAll(fd: fd, file: file, range: range, path: path)
                }
            }
        }
    }

    /// Writes an archive in parts: the header, then each entry (encoded, or copied as it lies in another
    /// archive: handed on from there, not copied first), then the offsets and the checksum.
    struct Writer<Failure: Error> {
        let emit: (Part) throws(Failure) -> Void
        private var part: [UInt8] = []
        private var hasher = ContentHasher.Stream()
        private var written = 0
        private var offsets: [UInt64] = []

        init(emit: @escaping (Part) throws(Failure) -> Void) {
            self.emit = emit
            part.reserveCapacity((1 << 20) + 4096)
        }

        private mutating func flush() throws(Failure) {
            var full: [UInt8] = []
            swap(&full, &part)  // out of `self` while `self` hashes and emits it
            defer {
                full.removeAll(keepingCapacity: true)
                part = full
            }
            hasher.feed(full)
            written += full.count
            try emit(.made(full))
        }

        private mutating func flushWhenFull() throws(Failure) {
            if part.count >= 1 << 20 { try flush() }
        }

        mutating func header(key: String, inDataCount: Int, outsideCount: Int, slugsClashed: Bool, memo: FeatureMemo?)
            throws(Failure)
        {
            part += magic
            appendString(key, to: &part)
            appendInteger(UInt64(inDataCount), to: &part)
            appendInteger(UInt64(outsideCount), to: &part)
            appendInteger(slugsClashed ? 1 : 0, to: &part)
            var memoBytes = MemoEncoder(memo: memo)
            while !memoBytes.append(to: &part, upTo: 1 << 20) { try flushWhenFull() }
            offsets.reserveCapacity(inDataCount + outsideCount)
        }

        mutating func entry(_ entry: Entry) throws(Failure) {
            offsets.append(UInt64(written + part.count))
            append(entry, to: &part)
            try flushWhenFull()
        }

        /// Entries that lie end to end in `file`, each starting at one of `starts` and the last ending at `end`:
        /// not decoded and encoded again.
        mutating func copiedEntries(from file: MappedFile, starts: some Collection<Int>, end: Int) throws(Failure) {
            guard var from = starts.first else { return }
            let shift = written + part.count - from
            for start in starts { offsets.append(UInt64(start + shift)) }
            // A short run joins the part; a long one goes on as it lies, a megabyte at a time.
            if end - from < 1 << 16 {
                file.append(from..<end, to: &part)
                try flushWhenFull()
                return
            }
            try flush()
            while from < end {
                let stretch = from..<min(end, from + (1 << 20))
                hasher.feed(file, stretch)
                written += stretch.count
                try emit(.kept(file, stretch))
                from = stretch.upperBound
            }
        }

        mutating func finish() throws(Failure) {
            for offset in offsets {
                appendInteger(offset, to: &part)
                try flushWhenFull()
            }
            try flush()
            appendInteger(hasher.finish(), to: &part)
            try emit(.made(part))
        }
    }

    /// The feature memo's bytes (its key, or none; a hash and an outcome per feature), made a stretch at a time: a million features'
    /// memo is 32 MB, which need not be held whole.
    struct MemoEncoder {
        let memo: FeatureMemo?
        private var stage = 0
        private var next = 0

        init(memo: FeatureMemo?) { self.memo = memo }

        /// Appends to `bytes` until it holds at least `limit` bytes or the memo is done; true when done.
        mutating func append(to bytes: inout [UInt8], upTo limit: Int) -> Bool {
            guard let memo else {
                appendOptional(nil, to: &bytes)
                return true
            }
            while bytes.count < limit {
                switch stage {
                case 0:
                    appendOptional(memo.key, to: &bytes)
                    appendInteger(UInt64(memo.outcomes.count), to: &bytes)
                    stage = 1
                case 1:
                    guard next < memo.outcomes.count else {
                        stage = 2
                        return true
                    }
                    next = appendPairs(to: &bytes, upTo: limit, from: next, of: memo.outcomes.count) {
                        (memo.outcomes[$0].hash, code(memo.outcomes[$0].outcome))
                    }
                default:
                    return true
                }
            }
            return stage == 2
        }

        /// Items `first...` (of `count`) as two integers each, as many as fit before `limit` (at least one);
        /// returns the next item.
        private func appendPairs(
            to bytes: inout [UInt8], upTo limit: Int, from first: Int, of count: Int,
            _ pair: (Int) -> (UInt64, UInt64)
        ) -> Int {
            let items = min(count - first, max(1, (limit - bytes.count) / 16))
            bytes.reserveCapacity(bytes.count + items * 16)
            for item in 0..<items {
                let (a, b) = pair(first + item)
                bytes.append(littleEndian: a)
                bytes.append(littleEndian: b)
            }
            return first + items
        }
    }

    /// Writes the archive to `path` as it is made (a temporary file, then a rename); a cache, so not synced.
    package static func write(_ base: GuideBase, key: String, to path: String) throws(FileError) {
        try write(to: path) { (emit) throws(FileError) in try encode(base, key: key, emit: emit) }
    }

    /// The base, or nil when the bytes are not an intact archive made with `key`.
    /// `categories`: the guide's, so that an owner's own kind is read back as the settings define it.
    package static func decode(_ bytes: [UInt8], key: String, categories: [PlaceCategory] = []) -> GuideBase? {
        MappedFile(copying: bytes).flatMap { decode($0, key: key, categories: categories) }
    }

    /// The same from a mapped archive file (not copied into memory first).
    package static func decode(_ file: MappedFile, key: String, categories: [PlaceCategory] = []) -> GuideBase? {
        let own = categories.filter { !$0.isPreset }
        guard let header = header(file, key: key, readingMemo: true) else { return nil }
        // Decoded on all cores straight into the array (a slot that fails holds a placeholder, and the whole is refused),
        // while one core checks the checksum: every read is bounds-checked, so damaged bytes decode to nothing worse
        // than entries that are thrown away.
        let failed = Atomic<Bool>(false)
        let checksumMatches = Atomic<Bool>(false)
        let checkChecksum: @Sendable () -> Void = {
            checksumMatches.store(header.checksumMatches(), ordering: .relaxed)
        }
        let entries = ParallelChunks.map(
            count: header.total, chunkSize: 1_024,
            beside: checkChecksum
        ) { index in
            var entry: Entry?
            if let offset = header.entryOffset(index) {
                var entryReader = header.entryReader(at: offset, ownCategories: own)
                entry = entryReader.entry()
            }
            if entry == nil { failed.store(true, ordering: .relaxed) }
            return entry ?? GuideBaseArchive.placeholder
        }
        guard checksumMatches.load(ordering: .relaxed), !failed.load(ordering: .relaxed) else { return nil }
        return GuideBase(
            entries: entries, inDataCount: header.inDataCount, featureMemo: header.memo,
            slugsClashed: header.slugsClashed)
    }

    /// What precedes an archive's entries, read and checked against the file's size (the checksum is
    /// checked apart, beside the reading of the entries).
    struct Header: Sendable {
        let file: MappedFile
        /// Where the checksum starts: the bytes before it are what it vouches for.
        let bodyEnd: Int
        let checksum: UInt64
        let inDataCount: Int
        let outsideCount: Int
        let slugsClashed: Bool
        /// Nil when the base has none, or when it was stepped over.
        let memo: FeatureMemo?
        let entriesStart: Int

        var total: Int { inDataCount + outsideCount }
        /// The offset of each entry, the last thing before the checksum; the entries end there.
        var offsetsStart: Int { bodyEnd - total * 8 }

        func checksumMatches() -> Bool {
            var hasher = ContentHasher()
            hasher.combine(file, 0..<bodyEnd)
            hasher.combine(UInt64(bodyEnd))
            return hasher.value == checksum
        }

        /// Where entry `index` starts, when that lies among the entries.
        func entryOffset(_ index: Int) -> Int? {
            var reader = Reader(file: file, end: bodyEnd, offset: offsetsStart + index * 8)
            guard let offset = reader.integer().flatMap(Int.init(exactly:)), offset >= entriesStart,
                offset < offsetsStart
            else { return nil }
            return offset
        }

        /// A reader of the entry at `offset`, which may not read past the entries.
        func entryReader(at offset: Int, ownCategories: [PlaceCategory]) -> Reader {
            Reader(file: file, end: offsetsStart, offset: offset, ownCategories: ownCategories)
        }
    }

    /// The header of an archive made with `key`; nil when the bytes are not one, or its counts ask for more
    /// entries than the bytes can hold (checked before any entry is read). `readingMemo`: else stepped over.
    static func header(_ file: MappedFile, key: String, readingMemo: Bool) -> Header? {
        guard file.count >= magic.count + 8, file.starts(with: magic) else { return nil }
        let bodyEnd = file.count - 8
        var reader = Reader(file: file, end: bodyEnd, offset: magic.count)
        var checksumReader = Reader(file: file, end: file.count, offset: bodyEnd)
        guard let checksum = checksumReader.integer(),
            reader.string() == key,
            let inDataCount = reader.integer().flatMap(Int.init(exactly:)),
            let outsideCount = reader.integer().flatMap(Int.init(exactly:)),
            let clashed = reader.integer(), clashed <= 1
        else { return nil }
        var memo: FeatureMemo?
        if readingMemo {
            guard let read = reader.featureMemo(entries: inDataCount) else { return nil }
            memo = read
        } else {
            guard reader.skipFeatureMemo() else { return nil }
        }
        let (total, overflow) = inDataCount.addingReportingOverflow(outsideCount)
        guard !overflow, total <= (bodyEnd - reader.offset) / minimumEntryBytes else { return nil }
        return Header(
            file: file, bodyEnd: bodyEnd, checksum: checksum, inDataCount: inDataCount, outsideCount: outsideCount,
            slugsClashed: clashed == 1,
            memo: memo, entriesStart: reader.offset)
    }

    /// The fewest bytes an entry and its offset take: three strings, the id's and slug's lengths,
    /// two coordinates, the optional fields' lengths, the distance, the offset.
    static let minimumEntryBytes = 4 + 4 + 4 + 8 + 8 + optionalFields * 4 + 8 + 4 + 8
    /// The address's eight, hours, phone, website, email, provider id, traits, origin, owner's note, name
    /// suffix, names in other languages.
    static let optionalFields = 18

    /// Each category's name as the archive spells it (its raw value).
    static let categoryNames = PlaceCategory.presets.map { (utf8: Array($0.rawValue.utf8), category: $0) }

    static let placeholder = Entry(
        place: Place(
            id: PlaceID(rawValue: ""), name: "", category: .cafe, coordinate: Coordinate(latitude: 0, longitude: 0)),
        distanceMetres: 0, slug: "")

    typealias Entry = GuideBase.Entry

    static func append(_ entry: Entry, to bytes: inout [UInt8]) {
        let place = entry.place
        appendString(place.id.rawValue, to: &bytes)
        appendString(place.name, to: &bytes)
        appendString(place.category.rawValue, to: &bytes)
        appendInteger(place.coordinate.latitude.bitPattern, to: &bytes)
        appendInteger(place.coordinate.longitude.bitPattern, to: &bytes)
        let address = place.address
        for part in [
            address.street, address.houseNumber, address.postcode, address.city, address.country, address.state,
            address.fallbackLine, address.singleLine,
            place.openingHours, place.phone, place.website, place.email, place.providerID, place.traits.archived,
            place.origin == .data ? nil : place.origin.rawValue, place.ownerNote, entry.nameSuffix,
            place.names.archived,
        ] {
            appendOptional(part, to: &bytes)
        }
        appendInteger(entry.distanceMetres.bitPattern, to: &bytes)
        appendString(entry.slug, to: &bytes)
    }

    /// An outcome as one number: an entry's index, or one of the last four values for a reason to skip.
    static func code(_ outcome: FeatureMemo.Outcome) -> UInt64 {
        switch outcome {
        case .entry(let index): UInt64(index)
        case .skipped(.noName): UInt64.max
        case .skipped(.noPosition): UInt64.max - 1
        case .skipped(.noCategory): UInt64.max - 2
        case .skipped(.notAFeature), .skipped(.duplicate): UInt64.max - 3
        }
    }

    fileprivate static func outcome(code: UInt64, entries: Int) -> FeatureMemo.Outcome? {
        switch code {
        case UInt64.max: .skipped(.noName)
        case UInt64.max - 1: .skipped(.noPosition)
        case UInt64.max - 2: .skipped(.noCategory)
        case UInt64.max - 3: .skipped(.notAFeature)
        default: code < UInt64(entries) ? .entry(Int(code)) : nil
        }
    }

    static func appendInteger(_ value: UInt64, to bytes: inout [UInt8]) {
        bytes.append(littleEndian: value)
    }

    static func appendString(_ text: String, to bytes: inout [UInt8]) {
        bytes.append(littleEndian: UInt32(text.utf8.count))
        bytes.append(contentsOf: text.utf8)
    }

    static func appendOptional(_ text: String?, to bytes: inout [UInt8]) {
        guard let text else {
            bytes.append(littleEndian: missing)
            return
        }
        appendString(text, to: &bytes)
    }

    /// Reads forward through the archive, up to `end`; every read is bounds-checked.
    struct Reader {
        let file: MappedFile
        let end: Int
        var offset: Int
        /// The owner's own kinds the entries may name besides the presets.
        var ownCategories: [PlaceCategory] = []

        /// Whether `count` more bytes lie before the end.
        private func fits(_ count: Int) -> Bool { offset >= 0 && count >= 0 && count <= end - offset }

        mutating func integer() -> UInt64? {
            guard fits(8), let value = file.littleEndianUInt64(at: offset) else { return nil }
            offset += 8
            return value
        }

        mutating func length() -> UInt32? {
            guard fits(4), let value = file.littleEndianUInt32(at: offset) else { return nil }
            offset += 4
            return value
        }

        mutating func optionalString() -> String?? {
            guard let count = length() else { return nil }
            if count == GuideBaseArchive.missing { return .some(nil) }
            return .some(text(count: Int(count)))
        }

        mutating func string() -> String? {
            guard let count = length(), count != GuideBaseArchive.missing else { return nil }
            return text(count: Int(count))
        }

        private mutating func text(count: Int) -> String? {
            guard fits(count) else { return nil }
            defer { offset += count }
            // The checksum already vouches for the bytes, which were written from Swift strings: decoding
            // (a fast path that would only repair) instead of validating, which goes through generic
            // metadata lookups for every one of a million strings.
            return file.string(offset..<(offset + count))
        }

        /// Steps over the memo (a base opened in place never uses it); false when the bytes end first.
        mutating func skipFeatureMemo() -> Bool {
            guard let key = optionalString() else { return false }
            guard key != nil else { return true }
            guard let count = integer().flatMap(Int.init(exactly:)), count <= (end - offset) / 16 else {
                return false
            }
            offset += count * 16
            return true
        }

        /// The memo (`.some(nil)` when the base has none); nil when the bytes are damaged.
        mutating func featureMemo(entries: Int) -> FeatureMemo?? {
            guard let key = optionalString() else { return nil }
            guard let key else { return .some(nil) }
            guard let count = integer().flatMap(Int.init(exactly:)), count <= (end - offset) / 16 else {
                return nil
            }
            var outcomes: [(hash: UInt64, outcome: FeatureMemo.Outcome)] = []
            outcomes.reserveCapacity(count)
            for _ in 0..<count {
                guard let hash = integer(), let code = integer(),
                    let outcome = GuideBaseArchive.outcome(code: code, entries: entries)
                else { return nil }
                outcomes.append((hash, outcome))
            }
            return .some(FeatureMemo(key: key, outcomes: outcomes))
        }

        /// A category's name, matched as bytes (no string is made for it).
        mutating func category() -> PlaceCategory? {
            guard let count = length(), count != GuideBaseArchive.missing, fits(Int(count)) else { return nil }
            let range = offset..<(offset + Int(count))
            offset = range.upperBound
            return GuideBaseArchive.categoryNames.first { file.bytes(range, equal: $0.utf8) }?.category
                ?? ownCategories.first { file.bytes(range, equal: $0.rawValue.utf8) }
        }

        /// Steps over a string (`optional`: or a missing one); false when the bytes end first.
        mutating func skipString(optional: Bool) -> Bool {
            guard let count = length() else { return false }
            if count == GuideBaseArchive.missing { return optional }
            guard fits(Int(count)) else { return false }
            offset += Int(count)
            return true
        }

        /// An entry's category and distance, its other fields stepped over (no string is made):
        /// nil unless the whole entry lies within the bytes and decodes (`entry()` then cannot fail).
        mutating func entryOutline() -> (category: PlaceCategory, distance: Double, slugLength: Int, idHash: UInt64)? {
            let idStart = offset + 4
            guard skipString(optional: false) else { return nil }
            let idHash = PlaceIDTable<Void>.idHash(file, idStart..<offset)
            guard skipString(optional: false), let category = category(),
                integer() != nil, integer() != nil
            else { return nil }
            for _ in 0..<GuideBaseArchive.optionalFields where !skipString(optional: true) { return nil }
            let slugStart = offset + 8 + 4  // after the distance and the slug's length
            guard let distance = integer(), skipString(optional: false) else { return nil }
            return (category, Double(bitPattern: distance), offset - slugStart, idHash)
        }

        /// Fields straight into the place (one value made once, no array of parts).
        mutating func entry() -> Entry? {
            guard let id = string(), let name = string(), let category = category(), let latitude = integer(),
                let longitude = integer(),
                let street = optionalString(), let houseNumber = optionalString(), let postcode = optionalString(),
                let city = optionalString(), let country = optionalString(), let state = optionalString(),
                let fallbackLine = optionalString(), let singleLine = optionalString(),
                let openingHours = optionalString(),
                let phone = optionalString(), let website = optionalString(), let email = optionalString(),
                let providerID = optionalString(), let traits = optionalString(),
                let origin = optionalString(), let ownerNote = optionalString(),
                let nameSuffix = optionalString(), let names = optionalString(),
                let distance = integer(), let slug = string()
            else { return nil }
            // The checksum vouches for the text (the archive wrote it): an entry the outline passed decodes.
            let decodedTraits = traits.flatMap(PlaceTraits.init(archived:)) ?? .none
            var place = Place(
                id: PlaceID(rawValue: id), name: name, category: category,
                coordinate: Coordinate(
                    latitude: Double(bitPattern: latitude), longitude: Double(bitPattern: longitude)),
                address: PostalAddress(
                    street: street, houseNumber: houseNumber, postcode: postcode, city: city, country: country,
                    state: state, fallbackLine: fallbackLine, singleLine: singleLine),
                openingHours: openingHours, phone: phone, website: website, email: email, providerID: providerID,
                traits: decodedTraits)
            place.origin = origin.flatMap(PlaceOrigin.init(rawValue:)) ?? .data
            place.ownerNote = ownerNote
            place.names = names.flatMap(PlaceNames.init(archived:)) ?? .none
            return Entry(place: place, distanceMetres: Double(bitPattern: distance), slug: slug, nameSuffix: nameSuffix)
        }
    }
}
