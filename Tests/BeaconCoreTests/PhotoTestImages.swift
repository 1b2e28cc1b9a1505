import BeaconTestSupport
import Foundation

@testable import BeaconSystem

/// Photos for the pipeline's tests, made here and now: pixels drawn in Swift (soft gradients and a
/// little grain, so the encoders have about as much to do as with a photo), encoded by libvips, and
/// the metadata a phone writes (EXIF with GPS, XMP, IPTC) put in by hand.
enum TestPhotos {
    static var vips: Vips {
        get throws { try Vips.shared.get() }
    }

    /// A photo-like 8-bit image: a sky-to-ground gradient with soft blobs and grain, the same every
    /// run. `marker` paints a pure red block in the top-left corner, `bands` 4 adds alpha
    /// (transparent left half, opaque right half).
    static func pixels(
        width: Int, height: Int, bands: Int = 3, marker: Bool = false, seed: UInt64 = 7
    ) -> [UInt8] {
        var random = SplitMix(seed: seed)
        var pixels = [UInt8](repeating: 0, count: width * height * bands)
        let blobs = (0..<6).map { _ in
            (
                x: Double.random(in: 0...1, using: &random),
                y: Double.random(in: 0...1, using: &random),
                r: Double.random(in: 0.1...0.3, using: &random),
                shade: Double.random(in: -60...60, using: &random)
            )
        }
        // A blob's light is exp(-(dx² + dy²) / r²) = exp(-dx² / r²) · exp(-dy² / r²): one table per
        // axis.
        let columns = blobs.map { blob in
            (0..<width).map { x in
                let u = Double(x) / Double(max(1, width - 1))
                return exp(-(u - blob.x) * (u - blob.x) / (blob.r * blob.r))
            }
        }
        let rows = blobs.map { blob in
            (0..<height).map { y in
                let v = Double(y) / Double(max(1, height - 1))
                return blob.shade * exp(-(v - blob.y) * (v - blob.y) / (blob.r * blob.r))
            }
        }
        for y in 0..<height {
            let v = Double(y) / Double(max(1, height - 1))
            for x in 0..<width {
                let u = Double(x) / Double(max(1, width - 1))
                var light = 0.0
                for blob in 0..<blobs.count { light += rows[blob][y] * columns[blob][x] }
                let grain = Double(Int(random.next() % 13) - 6)
                // Sky above, and below a ground of leaves and stones: detail the encoders must
                // keep.
                let texture =
                    v < 0.5
                    ? 0
                    : 22 * sin(Double(x) * 0.23 + 3 * sin(Double(y) * 0.05)) * sin(Double(y) * 0.19)
                light += texture
                let base = v < 0.5 ? (90.0, 150.0, 220.0) : (70.0, 120.0, 60.0)
                let colour = [
                    base.0 + light + grain, base.1 + light * 0.8 + grain,
                    base.2 + light * 0.5 + grain,
                ]
                let offset = (y * width + x) * bands
                for band in 0..<min(3, bands) {
                    pixels[offset + band] = UInt8(max(0, min(255, colour[band] + 40 * u)))
                }
                if marker, x < width / 8, y < height / 8 {
                    pixels[offset] = 255
                    pixels[offset + 1] = 0
                    pixels[offset + 2] = 0
                }
                if bands == 4 { pixels[offset + 3] = x < width / 2 ? 0 : 255 }
            }
        }
        return pixels
    }

    /// A photo-like image, encoded.
    static func encoded(
        width: Int, height: Int, bands: Int = 3, marker: Bool = false,
        as format: Vips.SaveFormat = .jpeg(quality: 90)
    ) throws -> [UInt8] {
        let interpretation: Vips.Interpretation = bands < 3 ? .blackAndWhite : .sRGB
        return try vips.image(
            pixels: pixels(width: width, height: height, bands: bands, marker: marker),
            width: width,
            height: height, bands: bands, format: .uchar, interpretation: interpretation
        ).encoded(as: format, strip: false)
    }

    /// An image of one colour.
    static func solid(
        _ colour: [UInt8], width: Int = 64, height: Int = 48,
        interpretation: Vips.Interpretation = .sRGB
    ) throws -> Vips.Image {
        let pixels = (0..<(width * height)).flatMap { _ in colour }
        return try vips.image(
            pixels: pixels, width: width, height: height, bands: colour.count, format: .uchar,
            interpretation: interpretation)
    }

    /// The first pixel's values at (x, y) of a decoded image.
    static func pixel(_ image: Vips.Image, x: Int, y: Int) throws -> [UInt8] {
        let pixels = try image.pixels()
        let offset = (y * image.width + x) * image.bands
        return Array(pixels[offset..<offset + image.bands])
    }

    // MARK: Metadata written by hand

    /// A JPEG with the metadata a phone writes put in after its start marker: EXIF (orientation,
    /// camera, time taken, GPS position), XMP (a rating and the position again) and IPTC (a
    /// caption).
    static func withPhoneMetadata(_ jpeg: [UInt8], orientation: UInt16) -> [UInt8] {
        precondition(jpeg.starts(with: [0xFF, 0xD8]))
        return [0xFF, 0xD8] + segment(0xE1, Exif.app1(orientation: orientation))
            + segment(0xE1, xmp)
            + segment(0xED, iptc) + jpeg[2...]
    }

    static func segment(_ marker: UInt8, _ payload: [UInt8]) -> [UInt8] {
        let length = payload.count + 2
        return [0xFF, marker, UInt8(length >> 8), UInt8(length & 0xFF)] + payload
    }

    static let xmp: [UInt8] =
        Array("http://ns.adobe.com/xap/1.0/\0".utf8)
        + Array(
            """
            <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">\
            <rdf:Description rdf:about="" xmlns:xmp="http://ns.adobe.com/xap/1.0/" \
            xmlns:exif="http://ns.adobe.com/exif/1.0/" xmp:Rating="5" exif:GPSLatitude="59,54.834N" \
            exif:GPSLongitude="10,45.132E"/></rdf:RDF></x:xmpmeta>
            """.utf8)

    /// Photoshop's APP13 with one IPTC record: 2:120, the caption.
    static let iptc: [UInt8] = {
        let caption = Array("Hjemme hos oss".utf8)
        let record: [UInt8] = [0x1C, 0x02, 0x78, 0x00, UInt8(caption.count)] + caption
        var resource: [UInt8] = Array("8BIM".utf8) + [0x04, 0x04, 0x00, 0x00]
        resource += [0, 0, UInt8(record.count >> 8), UInt8(record.count & 0xFF)] + record
        if record.count % 2 == 1 { resource.append(0) }
        return Array("Photoshop 3.0\0".utf8) + resource
    }()

    /// A tiny EXIF writer: a big-endian TIFF structure with IFD0, the Exif IFD and the GPS IFD.
    enum Exif {
        struct Entry {
            var tag: UInt16
            var type: UInt16
            var count: UInt32
            var value: [UInt8]

            static func ascii(_ tag: UInt16, _ text: String) -> Entry {
                let bytes = Array(text.utf8) + [0]
                return Entry(tag: tag, type: 2, count: UInt32(bytes.count), value: bytes)
            }

            static func short(_ tag: UInt16, _ value: UInt16) -> Entry {
                Entry(tag: tag, type: 3, count: 1, value: be16(value) + [0, 0])
            }

            static func long(_ tag: UInt16, _ value: UInt32) -> Entry {
                Entry(tag: tag, type: 4, count: 1, value: be32(value))
            }

            static func rationals(_ tag: UInt16, _ values: [(UInt32, UInt32)]) -> Entry {
                Entry(
                    tag: tag, type: 5, count: UInt32(values.count),
                    value: values.flatMap { be32($0.0) + be32($0.1) })
            }
        }

        static func be16(_ value: UInt16) -> [UInt8] { [UInt8(value >> 8), UInt8(value & 0xFF)] }
        static func be32(_ value: UInt32) -> [UInt8] {
            [
                UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF),
                UInt8(value & 0xFF),
            ]
        }

        /// The bytes an IFD takes: its entries, the next-IFD link, and the values longer than four
        /// bytes.
        static func size(_ entries: [Entry]) -> Int {
            2 + 12 * entries.count + 4
                + entries.reduce(0) { $0 + ($1.value.count > 4 ? ($1.value.count + 1) & ~1 : 0) }
        }

        /// An IFD at `offset` (from the TIFF header), its long values right after it.
        static func ifd(_ entries: [Entry], at offset: Int) -> [UInt8] {
            var out = be16(UInt16(entries.count))
            var data: [UInt8] = []
            let dataStart = offset + 2 + 12 * entries.count + 4
            for entry in entries.sorted(by: { $0.tag < $1.tag }) {
                out += be16(entry.tag) + be16(entry.type) + be32(entry.count)
                if entry.value.count > 4 {
                    out += be32(UInt32(dataStart + data.count))
                    data += entry.value
                    if data.count % 2 == 1 { data.append(0) }
                } else {
                    out += entry.value + [UInt8](repeating: 0, count: 4 - entry.value.count)
                }
            }
            return out + be32(0) + data
        }

        /// APP1's payload: "Exif", the TIFF header, IFD0 (camera, orientation, links), the Exif IFD
        /// (the time the photo was taken) and the GPS IFD (59°54'50"N 10°45'08"E).
        static func app1(orientation: UInt16) -> [UInt8] {
            let exifEntries: [Entry] = [.ascii(0x9003, "2024:06:01 12:34:56")]
            let gpsEntries: [Entry] = [
                Entry(tag: 0x0000, type: 1, count: 4, value: [2, 3, 0, 0]),
                .ascii(0x0001, "N"), .rationals(0x0002, [(59, 1), (54, 1), (5010, 100)]),
                .ascii(0x0003, "E"), .rationals(0x0004, [(10, 1), (45, 1), (810, 100)]),
            ]
            let placeholderLinks: [Entry] = [.long(0x8769, 0), .long(0x8825, 0)]
            let ifd0Base: [Entry] = [
                .ascii(0x010F, "Beacon Kamera"), .ascii(0x0110, "Testmodell 1"),
                .short(0x0112, orientation),
            ]
            let ifd0Size = size(ifd0Base + placeholderLinks)
            let exifOffset = 8 + ifd0Size
            let gpsOffset = exifOffset + size(exifEntries)
            let ifd0Entries =
                ifd0Base + [.long(0x8769, UInt32(exifOffset)), .long(0x8825, UInt32(gpsOffset))]
            let tiff: [UInt8] =
                Array("MM".utf8) + be16(42) + be32(8) + ifd(ifd0Entries, at: 8)
                + ifd(exifEntries, at: exifOffset) + ifd(gpsEntries, at: gpsOffset)
            return Array("Exif".utf8) + [0, 0] + tiff
        }
    }

    // MARK: Broken files

    /// A PNG made by libvips whose header is rewritten to claim `width` × `height` (CRC mended, so
    /// only the data's size gives it away).
    static func pngClaiming(width: UInt32, height: UInt32, from png: [UInt8]) -> [UInt8] {
        var bytes = png
        // Signature (8), IHDR's length (4) and type (4), then width and height.
        bytes.replaceSubrange(16..<24, with: Exif.be32(width) + Exif.be32(height))
        let crc = crc32(Array(bytes[12..<29]))
        bytes.replaceSubrange(29..<33, with: Exif.be32(crc))
        return bytes
    }

    /// A JPEG whose frame header (SOF) is rewritten to claim `width` × `height`.
    static func jpegClaiming(width: UInt16, height: UInt16, from jpeg: [UInt8]) -> [UInt8] {
        var bytes = jpeg
        var index = 2
        while index + 9 < bytes.count, bytes[index] == 0xFF {
            let marker = bytes[index + 1]
            let length = Int(bytes[index + 2]) << 8 | Int(bytes[index + 3])
            if (0xC0...0xC2).contains(marker) {
                bytes.replaceSubrange(
                    (index + 5)..<(index + 9), with: Exif.be16(height) + Exif.be16(width))
                return bytes
            }
            index += 2 + length
        }
        preconditionFailure("no frame header")
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    // MARK: exiftool

    /// exiftool's tags for each file (group:tag → value), or nil when exiftool is not installed.
    static func exiftool(_ files: [URL]) throws -> [[String: Any]]? {
        let path = ["/usr/bin/exiftool", "/usr/local/bin/exiftool"].first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
        guard let path else { return nil }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = ["-json", "-a", "-G0", "-u"] + files.map(\.path)
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return try JSONSerialization.jsonObject(with: data) as? [[String: Any]]
    }
}
