import Foundation
import Testing

@testable import BeaconSources
@testable import BeaconSystem

/// The zip reading behind KMZ: entries stored and deflated (zlib's raw inflate), the KML chosen,
/// and every way a zip can be hostile or broken: a bomb, a header that lies, ZIP64, encryption, a
/// cut.
@Suite struct ZipArchiveTests {
    static let kml = Array(
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <kml xmlns="http://www.opengis.net/kml/2.2"><Document><name>Zip-test</name>
        <Placemark><name>Fjordkaffe</name><Point><coordinates>10.7522,59.9139</coordinates></Point></Placemark>
        </Document></kml>
        """.utf8)

    @Test func storedAndDeflatedEntriesComeOutAsTheyWentIn() throws {
        let zip = TestZip.build([
            .stored("images/ikon.png", [0x89, 0x50, 0x4E, 0x47]),
            .deflated("doc.kml", Self.kml),
        ])
        let archive = try ZipArchive(zip)
        #expect(archive.entries.map(\.name) == ["images/ikon.png", "doc.kml"])
        #expect(archive.entries.map(\.method) == [0, 8])
        let entry = try #require(archive.kmlEntry)
        #expect(entry.name == "doc.kml")
        #expect(try archive.contents(of: entry) == Self.kml)
        #expect(try archive.contents(of: archive.entries[0]) == [0x89, 0x50, 0x4E, 0x47])

        let file = try ImportReader.read(zip, fileName: "kart.kmz")
        #expect(file.format == .kmz)
        #expect(file.title == "Zip-test")
        #expect(file.places.map(\.name) == ["Fjordkaffe"])
    }

    @Test func docKMLIsPreferredElseTheFirstKML() throws {
        let both = try ZipArchive(
            TestZip.build([
                .stored("a/other.kml", Self.kml), .stored("Doc.KML", Self.kml),
                .stored("b.kml", []),
            ]))
        #expect(both.kmlEntry?.name == "Doc.KML")
        let neither = try ZipArchive(
            TestZip.build([
                .stored("kml/", []), .stored("x/first.kml", Self.kml),
                .stored("second.kml", Self.kml),
            ]))
        #expect(neither.kmlEntry?.name == "x/first.kml")
    }

    @Test func aZipWithoutKMLSaysSoAndPointsAtTakeout() {
        let error = refusal(
            TestZip.build([.stored("Takeout/Saved/Favoritter.csv", Array("Title,Note,URL\n".utf8))])
        )
        #expect(error?.reason == .zip(.noKML))
        #expect(error?.userMessage.contains("Takeout") == true)
        #expect(
            refusal([0x50, 0x4B, 0x05, 0x06] + [UInt8](repeating: 0, count: 18))?.reason
                == .zip(.noKML))
    }

    /// 200 MB of zeros deflated into about 1.3 MB, whose headers claim a kilobyte: refused at the
    /// limit while inflating, with the limit in the message.
    @Test func aZipBombStopsAtTheInflatedLimit() {
        let zeros = 200 << 20
        let bomb = TestZip.build([
            TestZip.Entry(
                name: "doc.kml", payload: FixedHuffman.zeros(count: zeros), method: 8, crc: 0,
                uncompressedSize: 1_000)
        ])
        #expect(bomb.count < 2 << 20)
        let error = refusal(bomb, name: "bombe.kmz")
        #expect(
            error?.reason
                == .zip(.inflatedTooLarge(entry: "doc.kml", limit: ZipArchive.maximumInflatedBytes))
        )
        let message = error?.userMessage ?? ""
        #expect(message.contains("«bombe.kmz»"))
        #expect(message.contains(FileSystem.describe(bytes: ZipArchive.maximumInflatedBytes)))
        // A header that admits the size is refused before any inflating.
        let honest = TestZip.build([
            TestZip.Entry(
                name: "doc.kml", payload: [0x03, 0x00], method: 8, crc: 0,
                uncompressedSize: UInt32(zeros))
        ])
        #expect(
            refusal(honest)?.reason == .zip(.inflatedTooLarge(entry: "doc.kml", limit: 64 << 20)))
    }

    @Test func inflateStopsAtItsLimitAndOnBrokenStreams() throws {
        let text = Array(String(repeating: "Fjordkaffe ", count: 100).utf8)
        #expect(try Inflate.raw(FixedHuffman.literals(text)[...], limit: text.count) == text)
        #expect(throws: Inflate.Failure.tooLarge) {
            try Inflate.raw(FixedHuffman.literals(text)[...], limit: 100)
        }
        let cut = FixedHuffman.literals(text).dropLast(20)
        #expect(throws: Inflate.Failure.self) { try Inflate.raw(cut, limit: 1 << 20) }
        // Block type 3 is reserved: zlib's own words.
        #expect(throws: Inflate.Failure.corrupt("invalid block type")) {
            try Inflate.raw([0x07, 0x00][...], limit: 10)
        }
        #expect(Inflate.crc32(Array("123456789".utf8)) == 0xCBF4_3926)
    }

    @Test func whatAKMZNeverIsIsRefusedByName() {
        let encrypted = TestZip.build([TestZip.Entry.stored("doc.kml", Self.kml, flags: 1)])
        #expect(refusal(encrypted)?.reason == .zip(.encrypted(entry: "doc.kml")))

        var bzip2 = TestZip.Entry.stored("doc.kml", Self.kml)
        bzip2.method = 12
        #expect(
            refusal(TestZip.build([bzip2]))?.reason
                == .zip(.unsupportedMethod(entry: "doc.kml", method: 12)))

        let zip64 = TestZip.build([.stored("doc.kml", Self.kml)], zip64Locator: true)
        #expect(refusal(zip64)?.reason == .zip(.zip64))
        #expect(refusal(zip64)?.userMessage.contains("ZIP64") == true)

        var badChecksum = TestZip.Entry.deflated("doc.kml", Self.kml)
        badChecksum.crc ^= 1
        #expect(
            refusal(TestZip.build([badChecksum]))?.reason
                == .zip(.corrupt(entry: "doc.kml", detail: "sjekksummen stemmer ikke")))

        var garbage = TestZip.Entry.deflated("doc.kml", Self.kml)
        garbage.payload = [0xFF, 0xFF, 0xFF, 0xFF]
        guard case .zip(.corrupt(let entry, _))? = refusal(TestZip.build([garbage]))?.reason else {
            Issue.record("corrupt deflate data was read")
            return
        }
        #expect(entry == "doc.kml")
    }

    @Test func aCutOrDamagedZipIsRefusedNotRead() throws {
        let whole = TestZip.build([.deflated("doc.kml", Self.kml)])
        // Cut anywhere: the directory at the end is gone, or points past the end.
        for length in [4, 30, whole.count / 2, whole.count - 1] {
            guard case .zip(.damaged)? = refusal(Array(whole.prefix(length)))?.reason else {
                Issue.record(
                    "a zip cut at \(length) of \(whole.count) bytes was not refused as damaged")
                continue
            }
        }
        // The directory's offset pointed past the file.
        var wrongOffset = whole
        wrongOffset[wrongOffset.count - 6] = 0xFF
        guard case .zip(.damaged)? = refusal(wrongOffset)?.reason else {
            Issue.record("a directory outside the file was read")
            return
        }
        // The entry's data said to run past the end of the file.
        var longEntry = TestZip.Entry.stored("doc.kml", Self.kml)
        longEntry.compressedSizeOverride = 1 << 20
        guard case .zip(.damaged(let detail))? = refusal(TestZip.build([longEntry]))?.reason else {
            Issue.record("an entry running past the end was read")
            return
        }
        #expect(detail.contains("doc.kml"))
    }

    @Test func theCommittedKMZFromPythonsZipfileIsRead() throws {
        let bytes = Array(
            try Data(contentsOf: URL(fileURLWithPath: TestPaths.fixtures + "/import/my-maps.kmz")))
        let archive = try ZipArchive(bytes)
        #expect(archive.entries.map(\.name) == ["images/suppe.png", "doc.kml"])
        #expect(archive.entries.map(\.method) == [0, 8])
    }

    private func refusal(_ bytes: [UInt8], name: String = "kart.kmz") -> ImportError? {
        do {
            _ = try ImportReader.read(bytes, fileName: name)
            return nil
        } catch {
            return error
        }
    }
}

/// A zip writer for the tests: just enough to make archives, good and bad, in the shape zip tools
/// write them.
enum TestZip {
    struct Entry {
        var name: String
        var payload: [UInt8]
        var method: UInt16
        var crc: UInt32
        var uncompressedSize: UInt32
        var flags: UInt16 = 0
        var compressedSizeOverride: UInt32?

        static func stored(_ name: String, _ data: [UInt8], flags: UInt16 = 0) -> Entry {
            Entry(
                name: name, payload: data, method: 0, crc: CRC32.checksum(data),
                uncompressedSize: UInt32(data.count),
                flags: flags)
        }

        static func deflated(_ name: String, _ data: [UInt8]) -> Entry {
            Entry(
                name: name, payload: FixedHuffman.literals(data), method: 8,
                crc: CRC32.checksum(data),
                uncompressedSize: UInt32(data.count))
        }
    }

    static func build(_ entries: [Entry], zip64Locator: Bool = false) -> [UInt8] {
        var out: [UInt8] = []
        var directory: [UInt8] = []
        for entry in entries {
            let offset = UInt32(out.count)
            let name = Array(entry.name.utf8)
            let compressedSize = entry.compressedSizeOverride ?? UInt32(entry.payload.count)
            out +=
                le32(0x0403_4B50) + le16(20) + le16(entry.flags) + le16(entry.method) + le16(0)
                + le16(0x21)
            out += le32(entry.crc) + le32(compressedSize) + le32(entry.uncompressedSize)
            out += le16(UInt16(name.count)) + le16(0) + name + entry.payload
            directory +=
                le32(0x0201_4B50) + le16(20) + le16(20) + le16(entry.flags) + le16(entry.method)
            directory +=
                le16(0) + le16(0x21) + le32(entry.crc) + le32(compressedSize)
                + le32(entry.uncompressedSize)
            directory +=
                le16(UInt16(name.count)) + le16(0) + le16(0) + le16(0) + le16(0) + le32(0)
                + le32(offset)
            directory += name
        }
        let directoryOffset = UInt32(out.count)
        out += directory
        if zip64Locator { out += le32(0x0706_4B50) + le32(0) + le32(0) + le32(0) + le32(1) }
        out +=
            le32(0x0605_4B50) + le16(0) + le16(0) + le16(UInt16(entries.count))
            + le16(UInt16(entries.count))
        out += le32(UInt32(directory.count)) + le32(directoryOffset) + le16(0)
        return out
    }

    private static func le16(_ value: UInt16) -> [UInt8] {
        [UInt8(value & 0xFF), UInt8(value >> 8)]
    }
    private static func le32(_ value: UInt32) -> [UInt8] {
        [
            UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value >> 16 & 0xFF),
            UInt8(value >> 24),
        ]
    }
}

/// Raw deflate with the fixed Huffman codes (RFC 1951, 3.2.6), written by hand so the tests need no
/// compressor: every byte a literal, or a run of zeros as length-258 copies (a bomb in a few
/// lines).
enum FixedHuffman {
    static func literals(_ bytes: [UInt8]) -> [UInt8] {
        var writer = BitWriter()
        writer.header()
        for byte in bytes { writer.literal(byte) }
        writer.endOfBlock()
        return writer.bytes
    }

    /// `count` zeros: one literal zero, then copies of 258 bytes at distance 1, then the rest as
    /// literals.
    static func zeros(count: Int) -> [UInt8] {
        var writer = BitWriter()
        writer.header()
        writer.literal(0)
        var left = count - 1
        while left >= 258 {
            writer.huffman(0xC5, length: 8)  // length code 285: 258 bytes, no extra bits
            writer.huffman(0, length: 5)  // distance code 0: distance 1
            left -= 258
        }
        for _ in 0..<left { writer.literal(0) }
        writer.endOfBlock()
        return writer.bytes
    }

    private struct BitWriter {
        var bytes: [UInt8] = []
        var bitCount = 0

        mutating func bits(_ value: UInt32, count: Int) {
            for bit in 0..<count {
                if bitCount % 8 == 0 { bytes.append(0) }
                if value >> bit & 1 == 1 { bytes[bytes.count - 1] |= 1 << (bitCount % 8) }
                bitCount += 1
            }
        }

        /// Huffman codes go most significant bit first.
        mutating func huffman(_ code: UInt32, length: Int) {
            var reversed: UInt32 = 0
            for bit in 0..<length where code >> bit & 1 == 1 { reversed |= 1 << (length - 1 - bit) }
            bits(reversed, count: length)
        }

        mutating func header() { bits(0b011, count: 3) }  // final block, fixed codes

        mutating func literal(_ byte: UInt8) {
            if byte < 144 {
                huffman(0x30 + UInt32(byte), length: 8)
            } else {
                huffman(0x190 + UInt32(byte) - 144, length: 9)
            }
        }

        mutating func endOfBlock() { huffman(0, length: 7) }
    }
}

/// CRC-32 (IEEE), bit by bit: the tests' own, to check zlib's against.
enum CRC32 {
    static func checksum(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}
