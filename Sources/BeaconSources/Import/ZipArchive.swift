import BeaconSystem

/// The zip reading a KMZ needs, and no more: the end-of-central-directory record, the central
/// directory, an entry's local header, and its data stored (method 0) or deflated (method 8). What
/// a KMZ never is (ZIP64, spanned, encrypted) is refused by name. Sizes and offsets from the file
/// are checked against the file before they are used, and an entry's inflated size is bounded as
/// it inflates (`Inflate`), not by what the headers claim.
struct ZipArchive {
    struct Entry: Equatable {
        var name: String
        var method: Int
        var flags: Int
        var crc: UInt32
        var compressedSize: Int
        var uncompressedSize: Int
        var localHeaderOffset: Int

        var isDirectory: Bool { name.hasSuffix("/") }
        var isEncrypted: Bool { flags & 1 != 0 }
    }

    /// What one import may inflate: a My Maps export of thousands of places is a few megabytes of
    /// KML.
    static let maximumInflatedBytes = 64 << 20
    /// A central directory lists at most 65,535 entries without ZIP64.
    static let maximumEntries = 65_535

    package let bytes: [UInt8]
    private(set) var entries: [Entry] = []

    init(_ bytes: [UInt8]) throws(ImportError.ZipProblem) {
        self.bytes = bytes
        let end = try endRecord()
        let diskNumber = uint16(end + 4)
        let directoryDisk = uint16(end + 6)
        let entriesOnDisk = uint16(end + 8)
        let entryCount = uint16(end + 10)
        let directorySize = uint32(end + 12)
        let directoryOffset = uint32(end + 16)
        if entryCount == 0xFFFF || directorySize == 0xFFFF_FFFF || directoryOffset == 0xFFFF_FFFF
            || (end >= 20 && uint32(end - 20) == 0x0706_4B50)
        {
            throw .zip64
        }
        guard diskNumber == 0, directoryDisk == 0, entriesOnDisk == entryCount else {
            throw .spanned
        }
        guard directoryOffset + directorySize <= end else {
            throw .damaged("innholdslisten peker utenfor filen")
        }
        var position = directoryOffset
        for _ in 0..<entryCount {
            guard position + 46 <= end, uint32(position) == 0x0201_4B50 else {
                throw .damaged("innholdslisten er ødelagt")
            }
            let nameLength = uint16(position + 28)
            let extraLength = uint16(position + 30)
            let commentLength = uint16(position + 32)
            let nameStart = position + 46
            guard nameStart + nameLength + extraLength + commentLength <= end else {
                throw .damaged("innholdslisten er ødelagt")
            }
            let entry = Entry(
                name: String(decoding: bytes[nameStart..<nameStart + nameLength], as: UTF8.self),
                method: uint16(position + 10), flags: uint16(position + 8),
                crc: UInt32(uint32(position + 16)),
                compressedSize: uint32(position + 20), uncompressedSize: uint32(position + 24),
                localHeaderOffset: uint32(position + 42))
            if entry.compressedSize == 0xFFFF_FFFF || entry.uncompressedSize == 0xFFFF_FFFF
                || entry.localHeaderOffset == 0xFFFF_FFFF
            {
                throw .zip64
            }
            entries.append(entry)
            position = nameStart + nameLength + extraLength + commentLength
        }
    }

    /// The KML a KMZ holds: `doc.kml` at the top (as Google writes it), else the first `.kml`
    /// entry.
    var kmlEntry: Entry? {
        let kml = entries.filter { !$0.isDirectory && $0.name.lowercased().hasSuffix(".kml") }
        return kml.first { $0.name.lowercased() == "doc.kml" } ?? kml.first
    }

    /// The entry's bytes, inflated when deflated; at most `limit` of them.
    func contents(of entry: Entry, limit: Int = ZipArchive.maximumInflatedBytes) throws(ImportError
        .ZipProblem)
        -> [UInt8]
    {
        guard !entry.isEncrypted else { throw .encrypted(entry: entry.name) }
        guard entry.method == 0 || entry.method == 8 else {
            throw .unsupportedMethod(entry: entry.name, method: entry.method)
        }
        // Refused early when the header says so; a header that lies is caught while inflating.
        guard entry.uncompressedSize <= limit else {
            throw .inflatedTooLarge(entry: entry.name, limit: limit)
        }
        let local = entry.localHeaderOffset
        guard local + 30 <= bytes.count, uint32(local) == 0x0403_4B50 else {
            throw .damaged("«\(entry.name)» mangler sin lokale overskrift")
        }
        let dataStart = local + 30 + uint16(local + 26) + uint16(local + 28)
        guard dataStart + entry.compressedSize <= bytes.count else {
            throw .damaged("«\(entry.name)» slutter etter filens slutt")
        }
        let data = bytes[dataStart..<dataStart + entry.compressedSize]
        let contents: [UInt8]
        if entry.method == 0 {
            guard data.count <= limit else {
                throw .inflatedTooLarge(entry: entry.name, limit: limit)
            }
            contents = Array(data)
        } else {
            do {
                contents = try Inflate.raw(data, limit: limit)
            } catch {
                switch error {
                case .tooLarge: throw .inflatedTooLarge(entry: entry.name, limit: limit)
                case .corrupt(let detail): throw .corrupt(entry: entry.name, detail: detail)
                }
            }
        }
        guard Inflate.crc32(contents) == entry.crc else {
            throw .corrupt(entry: entry.name, detail: "sjekksummen stemmer ikke")
        }
        return contents
    }

    // MARK: Bytes

    /// The end-of-central-directory record: the last one, within the 64 kB a comment may take.
    private func endRecord() throws(ImportError.ZipProblem) -> Int {
        guard bytes.count >= 22 else { throw .damaged("filen er for kort til å være en zip-fil") }
        var position = bytes.count - 22
        let lowest = max(0, bytes.count - 22 - 0xFFFF)
        while position >= lowest {
            if bytes[position] == 0x50, uint32(position) == 0x0605_4B50 { return position }
            position -= 1
        }
        throw .damaged("slutten av zip-filen mangler")
    }

    private func uint16(_ position: Int) -> Int {
        Int(bytes[position]) | Int(bytes[position + 1]) << 8
    }

    private func uint32(_ position: Int) -> Int {
        uint16(position) | uint16(position + 2) << 16
    }
}
