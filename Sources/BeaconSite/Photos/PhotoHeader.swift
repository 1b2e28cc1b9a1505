import BeaconModel

/// A photo's size as its first bytes give it, read in Swift, without libvips: what `sitegen photo
/// add` and the build check before any decoder is opened (`PhotoPipeline.check`). JPEG (the frame
/// header, EXIF's orientation), PNG (IHDR, eXIf), GIF (the screen, its frames counted), WebP (VP8,
/// VP8L or VP8X, its frames counted, EXIF) and HEIF/AVIF (the primary image's `ispe` and `irot`).
/// Every read is bounds-checked; a start that says no size gives nil, and libvips then decides (and
/// says why).
package struct PhotoHeader: Sendable, Equatable {
    /// The stored size, as libvips's header reports it.
    package var width: Int
    package var height: Int
    /// Frames of an animation (GIF, WebP); 1 for a still image.
    package var pages: Int
    /// The size the photo is shown at: turned a quarter when its EXIF orientation is 5–8 (JPEG,
    /// PNG, WebP). HEIF's rotation (`irot`) is applied by its decoder, so its stored size is
    /// already upright there.
    package var uprightWidth: Int
    package var uprightHeight: Int

    /// The header of `bytes`, which `PhotoFileFormat.sniff` said are `format`; nil when it cannot
    /// be read.
    package static func read(_ bytes: [UInt8], format: PhotoFileFormat) -> PhotoHeader? {
        let reader = ByteReader(bytes: bytes)
        let found: (width: Int, height: Int, pages: Int, orientation: Int)?
        switch format {
        case .jpeg: found = reader.jpeg()
        case .png: found = reader.png()
        case .gif: found = reader.gif()
        case .webp: found = reader.webp()
        case .heic, .heif, .avif: found = reader.heif()
        case .tiff: found = nil
        }
        guard let found, found.width > 0, found.height > 0 else { return nil }
        let turned = found.orientation >= 5
        return PhotoHeader(
            width: found.width, height: found.height, pages: max(1, found.pages),
            uprightWidth: turned ? found.height : found.width,
            uprightHeight: turned ? found.width : found.height)
    }
}

/// Bounds-checked reads of big- and little-endian integers; nil past the end.
private struct ByteReader {
    package let bytes: [UInt8]

    func byte(_ at: Int) -> Int? { at >= 0 && at < bytes.count ? Int(bytes[at]) : nil }

    func bigEndian(_ at: Int, _ count: Int) -> Int? {
        guard at >= 0, count > 0, at <= bytes.count - count else { return nil }
        return bytes[at..<at + count].reduce(0) { $0 << 8 | Int($1) }
    }

    func littleEndian(_ at: Int, _ count: Int) -> Int? {
        guard at >= 0, count > 0, at <= bytes.count - count else { return nil }
        return bytes[at..<at + count].reversed().reduce(0) { $0 << 8 | Int($1) }
    }

    func matches(_ text: String, at: Int) -> Bool {
        let expected = Array(text.utf8)
        return at >= 0 && at <= bytes.count - expected.count
            && bytes[at..<at + expected.count].elementsEqual(expected)
    }

    // MARK: JPEG

    /// The frame header's size and APP1's EXIF orientation, read segment by segment up to the scan.
    func jpeg() -> (width: Int, height: Int, pages: Int, orientation: Int)? {
        var index = 2
        var size: (width: Int, height: Int)?
        // The first EXIF segment's, as libvips takes it.
        var orientation: Int?
        while index < bytes.count {
            guard bytes[index] == 0xFF else { break }
            // Fill bytes (0xFF) may stand before a marker.
            while byte(index + 1) == 0xFF { index += 1 }
            guard let marker = byte(index + 1) else { break }
            index += 2
            // Markers without a length: TEM, RST0–7, SOI.
            if marker == 0x01 || (0xD0...0xD8).contains(marker) { continue }
            // The scan or the end: nothing after it is header.
            if marker == 0xDA || marker == 0xD9 { break }
            guard let length = bigEndian(index, 2), length >= 2, index + length <= bytes.count
            else { break }
            let payload = index + 2
            if marker == 0xE1, orientation == nil, matches("Exif\0\0", at: payload) {
                orientation = exifOrientation(from: payload + 6, end: index + length) ?? 1
            }
            // SOF0–15, without DHT (C4), JPG (C8) and DAC (CC).
            if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker), size == nil,
                let height = bigEndian(payload + 1, 2), let width = bigEndian(payload + 3, 2)
            {
                size = (width, height)
            }
            index += length
        }
        return size.map { ($0.width, $0.height, 1, orientation ?? 1) }
    }

    /// The orientation tag (0x0112) of the EXIF (TIFF) structure at `start`, nil without one.
    func exifOrientation(from start: Int, end: Int) -> Int? {
        let little: Bool
        if matches("II", at: start) {
            little = true
        } else if matches("MM", at: start) {
            little = false
        } else {
            return nil
        }
        func integer(_ offset: Int, _ count: Int) -> Int? {
            guard start + offset + count <= end else { return nil }
            return little ? littleEndian(start + offset, count) : bigEndian(start + offset, count)
        }
        guard integer(2, 2) == 42, let directory = integer(4, 4),
            let entries = integer(directory, 2)
        else {
            return nil
        }
        for entry in 0..<min(entries, 1_000) {
            let at = directory + 2 + entry * 12
            guard let tag = integer(at, 2) else { return nil }
            if tag == 0x0112, let value = integer(at + 8, 2) {
                return (1...8).contains(value) ? value : nil
            }
        }
        return nil
    }

    // MARK: PNG

    /// IHDR's size, and eXIf's orientation if it comes before the image data.
    func png() -> (width: Int, height: Int, pages: Int, orientation: Int)? {
        guard bigEndian(8, 4) == 13, matches("IHDR", at: 12), let width = bigEndian(16, 4),
            let height = bigEndian(20, 4)
        else { return nil }
        var orientation = 1
        var index = 8
        while let length = bigEndian(index, 4), index + 12 + length <= bytes.count {
            if matches("IDAT", at: index + 4) || matches("IEND", at: index + 4) { break }
            if matches("eXIf", at: index + 4) {
                let start = matches("Exif\0\0", at: index + 8) ? index + 14 : index + 8
                orientation = exifOrientation(from: start, end: index + 8 + length) ?? orientation
            }
            index += 12 + length
        }
        return (width, height, 1, orientation)
    }

    // MARK: GIF

    /// The logical screen's size (what libvips reports), and the frames: every image descriptor,
    /// found by stepping over the blocks.
    func gif() -> (width: Int, height: Int, pages: Int, orientation: Int)? {
        guard let width = littleEndian(6, 2), let height = littleEndian(8, 2), let flags = byte(10)
        else {
            return nil
        }
        var index = 13 + (flags & 0x80 != 0 ? 3 << ((flags & 0x07) + 1) : 0)
        var frames = 0
        /// Steps over a run of data sub-blocks; false when the file ends inside it.
        func skipSubBlocks() -> Bool {
            while let size = byte(index) {
                index += 1 + size
                if size == 0 { return true }
            }
            return false
        }
        blocks: while let introducer = byte(index) {
            switch introducer {
            case 0x21:
                index += 2
                guard skipSubBlocks() else { break blocks }
            case 0x2C:
                frames += 1
                guard let local = byte(index + 9) else { break blocks }
                index += 10 + (local & 0x80 != 0 ? 3 << ((local & 0x07) + 1) : 0) + 1
                guard skipSubBlocks() else { break blocks }
            default:
                break blocks
            }
        }
        return (width, height, frames, 1)
    }

    // MARK: WebP

    /// The size from the first image chunk (VP8, VP8L) or the extended header (VP8X); with VP8X,
    /// the animation's frames (ANMF) and EXIF's orientation.
    func webp() -> (width: Int, height: Int, pages: Int, orientation: Int)? {
        var size: (width: Int, height: Int)?
        var frames = 0
        var orientation = 1
        var extended = false
        var index = 12
        while let length = littleEndian(index + 4, 4), index + 8 <= bytes.count {
            let data = index + 8
            if matches("VP8X", at: index), let width = littleEndian(data + 4, 3),
                let height = littleEndian(data + 7, 3)
            {
                size = (width + 1, height + 1)
                extended = true
            } else if matches("VP8 ", at: index), size == nil, byte(data + 3) == 0x9D,
                byte(data + 4) == 0x01,
                byte(data + 5) == 0x2A, let width = littleEndian(data + 6, 2),
                let height = littleEndian(data + 8, 2)
            {
                size = (width & 0x3FFF, height & 0x3FFF)
            } else if matches("VP8L", at: index), size == nil, byte(data) == 0x2F,
                let bits = littleEndian(data + 1, 4)
            {
                size = ((bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1)
            } else if matches("ANMF", at: index) {
                frames += 1
            } else if matches("EXIF", at: index) {
                let start = matches("Exif\0\0", at: data) ? data + 6 : data
                orientation =
                    exifOrientation(from: start, end: min(data + length, bytes.count))
                    ?? orientation
            }
            // A simple file has one image chunk and nothing else to read.
            if !extended, size != nil { break }
            index = data + length + length % 2
        }
        return size.map { ($0.width, $0.height, frames, orientation) }
    }

    // MARK: HEIF

    /// The primary item's `ispe` (its size before `irot` turns it, as libheif reports it turned),
    /// from `meta`: `pitm` names the item, `iprp`'s `ipco` holds the properties and `ipma` ties
    /// them to items.
    func heif() -> (width: Int, height: Int, pages: Int, orientation: Int)? {
        guard let meta = boxes(in: 0..<bytes.count).first(where: { $0.type == "meta" }),
            meta.content.count >= 4
        else { return nil }
        // A full box: version and flags, then its children.
        let children = boxes(in: (meta.content.lowerBound + 4)..<meta.content.upperBound)
        guard let pitm = children.first(where: { $0.type == "pitm" }),
            let version = byte(pitm.content.lowerBound),
            let primary = bigEndian(pitm.content.lowerBound + 4, version == 0 ? 2 : 4),
            let iprp = children.first(where: { $0.type == "iprp" })
        else { return nil }
        let properties = boxes(in: iprp.content)
        guard let ipco = properties.first(where: { $0.type == "ipco" }),
            let ipma = properties.first(where: { $0.type == "ipma" })
        else { return nil }
        let items = boxes(in: ipco.content)
        guard let associated = associations(of: primary, in: ipma) else { return nil }
        var size: (width: Int, height: Int)?
        var quarterTurn = false
        for index in associated where index >= 1 && index <= items.count {
            let property = items[index - 1]
            if property.type == "ispe", let width = bigEndian(property.content.lowerBound + 4, 4),
                let height = bigEndian(property.content.lowerBound + 8, 4)
            {
                size = (width, height)
            } else if property.type == "irot", let angle = byte(property.content.lowerBound) {
                quarterTurn = angle & 0x03 == 1 || angle & 0x03 == 3
            }
        }
        guard let size else { return nil }
        return quarterTurn ? (size.height, size.width, 1, 1) : (size.width, size.height, 1, 1)
    }

    /// The property indexes (1-based) `ipma` gives `item`.
    func associations(of item: Int, in ipma: Box) -> [Int]? {
        guard let version = byte(ipma.content.lowerBound),
            let flags = bigEndian(ipma.content.lowerBound + 1, 3),
            let count = bigEndian(ipma.content.lowerBound + 4, 4)
        else { return nil }
        var index = ipma.content.lowerBound + 8
        let idSize = version < 1 ? 2 : 4
        let wide = flags & 1 != 0
        for _ in 0..<min(count, 100_000) {
            guard let id = bigEndian(index, idSize), let associationCount = byte(index + idSize)
            else { return nil }
            index += idSize + 1
            var indexes: [Int] = []
            for _ in 0..<associationCount {
                guard let value = bigEndian(index, wide ? 2 : 1), index < ipma.content.upperBound
                else { return nil }
                indexes.append(value & (wide ? 0x7FFF : 0x7F))
                index += wide ? 2 : 1
            }
            if id == item { return indexes }
        }
        return nil
    }

    struct Box {
        var type: String
        var content: Range<Int>
    }

    /// The boxes one after another in `range` (a 64-bit size, and a size of 0 for «to the end»,
    /// read too); at most a few hundred, and none past the range.
    func boxes(in range: Range<Int>) -> [Box] {
        var found: [Box] = []
        var index = range.lowerBound
        while index + 8 <= range.upperBound, found.count < 500, let declared = bigEndian(index, 4) {
            let type = String(decoding: bytes[index + 4..<index + 8], as: UTF8.self)
            var header = 8
            var size = declared
            if declared == 1 {
                guard let large = bigEndian(index + 8, 8) else { break }
                size = large
                header = 16
            } else if declared == 0 {
                size = range.upperBound - index
            }
            guard size >= header, size <= range.upperBound - index else { break }
            found.append(Box(type: type, content: (index + header)..<(index + size)))
            index += size
        }
        return found
    }
}
