import BeaconModel
import BeaconSystem
import FoundationEssentials
import Synchronization

/// A `GuideBase` as a compact binary file in the cache folder, read back on all cores in a small
/// fraction of the time parsing the places again takes: what lets a rebuild after a rating skip the
/// places file. It is a cache: a file that is damaged, of another version or made from other inputs
/// (`key`) is simply not used.
///
/// Layout: magic, key, the two counts, the entries, an offset per entry (so entries decode on all
/// cores), and a checksum of everything before it: the hash of each megabyte's hash, so the file is
/// written as it is made (a big guide's archive is never held whole) and checked on all cores.
/// Strings are a length and UTF-8; a missing optional has the length `UInt32.max`.
package enum GuideBaseArchive {
    static let magic = Array("beacon-guide-base 15\n".utf8)
    static let missing = UInt32.max
    static let blockSize = 1 << 20

    package static func encode(_ base: GuideBase, key: String) -> [UInt8] {
        var bytes: [UInt8] = []
        encode(base, key: key) { bytes.append(contentsOf: $0) }
        return bytes
    }

    /// The archive handed to `emit` a block at a time, each `blockSize` bytes but the last.
    static func encode<Failure: Error>(
        _ base: GuideBase, key: String, emit: ([UInt8]) throws(Failure) -> Void
    ) throws(Failure) {
        try withoutActuallyEscaping(emit) { (emit) throws(Failure) in
            try encode(base, key: key, writer: BlockWriter<Failure>(emit: emit))
        }
    }

    private static func encode<Failure: Error>(
        _ base: GuideBase, key: String, writer: consuming BlockWriter<Failure>
    ) throws(Failure) {
        var writer = writer
        var header = magic
        appendString(key, to: &header)
        appendInteger(UInt64(base.inDataCount), to: &header)
        appendInteger(UInt64(base.entries.count - base.inDataCount), to: &header)
        try writer.append(header)
        var offsets: [UInt64] = []
        offsets.reserveCapacity(base.entries.count)
        var entry: [UInt8] = []
        for item in base.entries {
            offsets.append(UInt64(writer.written))
            entry.removeAll(keepingCapacity: true)
            append(item, to: &entry)
            try writer.append(entry)
        }
        var tail: [UInt8] = []
        tail.reserveCapacity(offsets.count * 8)
        for offset in offsets { appendInteger(offset, to: &tail) }
        try writer.append(tail)
        try writer.finish()
    }

    /// Hands on whole blocks as they fill, and last the short block and the checksum.
    struct BlockWriter<Failure: Error> {
        let emit: ([UInt8]) throws(Failure) -> Void
        private var block: [UInt8] = []
        private var checksum = ContentHasher()
        private(set) var written = 0

        init(emit: @escaping ([UInt8]) throws(Failure) -> Void) {
            self.emit = emit
            block.reserveCapacity(GuideBaseArchive.blockSize)
        }

        mutating func append(_ bytes: [UInt8]) throws(Failure) {
            var from = 0
            while from < bytes.count {
                let taken = min(bytes.count - from, GuideBaseArchive.blockSize - block.count)
                block.append(contentsOf: bytes[from..<(from + taken)])
                from += taken
                if block.count == GuideBaseArchive.blockSize { try flush() }
            }
            written += bytes.count
        }

        private mutating func flush() throws(Failure) {
            checksum.combine(GuideBaseArchive.blockHash(block[...]))
            try emit(block)
            block.removeAll(keepingCapacity: true)
        }

        mutating func finish() throws(Failure) {
            if !block.isEmpty { try flush() }
            var last: [UInt8] = []
            appendInteger(checksum.value, to: &last)
            try emit(last)
        }
    }

    static func blockHash(_ block: ArraySlice<UInt8>) -> UInt64 {
        var hasher = ContentHasher()
        hasher.combine(Array(block))
        return hasher.value
    }

    /// Writes the archive to `path` as it is made (a temporary file, then a rename); a cache, so
    /// not synced.
    package static func write(_ base: GuideBase, key: String, to path: String) throws(FileError) {
        try FileSystem.writeAtomically(
            to: path, sync: false, followingSymlinks: false, unlinkingFirst: true
        ) {
            (fd) throws(FileError) in
            try encode(base, key: key) { (bytes) throws(FileError) in
                try FileSystem.writeAll(fd: fd, bytes: bytes, path: path)
            }
        }
    }

    /// The base, or nil when the bytes are not an intact archive made with `key`. `categories`: the
    /// guide's, so that an owner's own kind is read back as the settings define it.
    package static func decode(_ bytes: [UInt8], key: String, categories: [PlaceCategory] = [])
        -> GuideBase?
    {
        guard bytes.count >= magic.count + 8, bytes.starts(with: magic) else { return nil }
        let bodyEnd = bytes.count - 8
        var checksumReader = Reader(bytes: bytes, end: bytes.count, offset: bodyEnd)
        let blocks = ParallelChunks.map(count: (bodyEnd + blockSize - 1) / blockSize, chunkSize: 1)
        {
            blockHash(bytes[($0 * blockSize)..<min(bodyEnd, ($0 + 1) * blockSize)])
        }
        var checksum = ContentHasher()
        for hash in blocks { checksum.combine(hash) }
        var reader = Reader(bytes: bytes, end: bodyEnd, offset: magic.count)
        guard checksumReader.integer() == checksum.value, reader.string() == key,
            let inDataCount = reader.integer().flatMap(Int.init(exactly:)),
            let outsideCount = reader.integer().flatMap(Int.init(exactly:))
        else { return nil }
        let (total, overflow) = inDataCount.addingReportingOverflow(outsideCount)
        guard !overflow, total <= (bodyEnd - reader.offset) / minimumEntryBytes else { return nil }
        let offsetsStart = bodyEnd - total * 8
        let entriesStart = reader.offset
        let own = categories.filter { !$0.isPreset }
        // Decoded on all cores (a slot that fails holds a placeholder, and the whole is refused).
        let failed = Atomic<Bool>(false)
        let entries = ParallelChunks.map(count: total, chunkSize: 1_024) { index -> Entry in
            var offsets = Reader(bytes: bytes, end: bodyEnd, offset: offsetsStart + index * 8)
            guard let offset = offsets.integer().flatMap(Int.init(exactly:)),
                offset >= entriesStart,
                offset < offsetsStart
            else {
                failed.store(true, ordering: .relaxed)
                return placeholder
            }
            var entryReader = Reader(
                bytes: bytes, end: offsetsStart, offset: offset, ownCategories: own)
            guard let entry = entryReader.entry() else {
                failed.store(true, ordering: .relaxed)
                return placeholder
            }
            return entry
        }
        guard !failed.load(ordering: .relaxed) else { return nil }
        return GuideBase(entries: entries, inDataCount: inDataCount)
    }

    /// The fewest bytes an entry and its offset take: three strings, the id's and slug's lengths,
    /// two coordinates, the optional fields' lengths, the distance, the offset.
    static let minimumEntryBytes = 4 + 4 + 4 + 8 + 8 + optionalFields * 4 + 8 + 4 + 8
    /// The address's eight, hours, phone, website, email, provider id, traits, origin, owner's
    /// note, name suffix, names in other languages.
    static let optionalFields = 18

    /// Each category's name as the archive spells it (its raw value).
    static let categoryNames = PlaceCategory.builtIn.map {
        (utf8: Array($0.rawValue.utf8), category: $0)
    }

    static let placeholder = Entry(
        place: Place(
            id: PlaceID(rawValue: ""), name: "", category: .cafe,
            coordinate: Coordinate(latitude: 0, longitude: 0)),
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
            address.street, address.houseNumber, address.postcode, address.city, address.country,
            address.state,
            address.fallbackLine, address.singleLine, address.area,
            place.openingHours, place.phone, place.website, place.email, place.providerID,
            place.traits.archived,
            place.origin == .data ? nil : place.origin.rawValue, place.ownerNote, entry.nameSuffix,
            place.names.archived,
        ] {
            appendOptional(part, to: &bytes)
        }
        appendInteger(entry.distanceMetres.bitPattern, to: &bytes)
        appendString(entry.slug, to: &bytes)
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
        let bytes: [UInt8]
        let end: Int
        var offset: Int
        /// The owner's own kinds the entries may name besides the presets.
        var ownCategories: [PlaceCategory] = []

        /// Whether `count` more bytes lie before the end.
        private func fits(_ count: Int) -> Bool {
            offset >= 0 && count >= 0 && count <= end - offset
        }

        mutating func integer() -> UInt64? {
            guard fits(8) else { return nil }
            var value: UInt64 = 0
            for shift in 0..<8 { value |= UInt64(bytes[offset + shift]) << (8 * UInt64(shift)) }
            offset += 8
            return value
        }

        mutating func length() -> UInt32? {
            guard fits(4) else { return nil }
            let value =
                UInt32(bytes[offset]) | UInt32(bytes[offset + 1]) << 8 | UInt32(bytes[offset + 2])
                << 16
                | UInt32(bytes[offset + 3]) << 24
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
            return String(decoding: bytes[offset..<(offset + count)], as: UTF8.self)
        }

        /// A category's name, matched as bytes (no string is made for it).
        mutating func category() -> PlaceCategory? {
            guard let count = length(), count != GuideBaseArchive.missing, fits(Int(count)) else {
                return nil
            }
            let name = bytes[offset..<(offset + Int(count))]
            offset += Int(count)
            return GuideBaseArchive.categoryNames.first { name.elementsEqual($0.utf8) }?.category
                ?? ownCategories.first { name.elementsEqual($0.rawValue.utf8) }
        }

        /// Fields straight into the place (one value made once, no array of parts).
        mutating func entry() -> Entry? {
            guard let id = string(), let name = string(), let category = category(),
                let latitude = integer(),
                let longitude = integer(),
                let street = optionalString(), let houseNumber = optionalString(),
                let postcode = optionalString(),
                let city = optionalString(), let country = optionalString(),
                let state = optionalString(),
                let fallbackLine = optionalString(), let singleLine = optionalString(),
                let area = optionalString(),
                let openingHours = optionalString(),
                let phone = optionalString(), let website = optionalString(),
                let email = optionalString(),
                let providerID = optionalString(), let traits = optionalString(),
                let origin = optionalString(), let ownerNote = optionalString(),
                let nameSuffix = optionalString(), let names = optionalString(),
                let distance = integer(), let slug = string()
            else { return nil }
            let decodedTraits = traits.flatMap(PlaceTraits.init(archived:)) ?? .none
            var place = Place(
                id: PlaceID(rawValue: id), name: name, category: category,
                coordinate: Coordinate(
                    latitude: Double(bitPattern: latitude), longitude: Double(bitPattern: longitude)
                ),
                address: PostalAddress(
                    street: street, houseNumber: houseNumber, postcode: postcode, city: city,
                    country: country,
                    state: state, fallbackLine: fallbackLine, singleLine: singleLine, area: area),
                openingHours: openingHours, phone: phone, website: website, email: email,
                providerID: providerID,
                traits: decodedTraits)
            place.origin = origin.flatMap(PlaceOrigin.init(rawValue:)) ?? .data
            place.ownerNote = ownerNote
            place.names = names.flatMap(PlaceNames.init(archived:)) ?? .none
            return Entry(
                place: place, distanceMetres: Double(bitPattern: distance), slug: slug,
                nameSuffix: nameSuffix)
        }
    }
}
