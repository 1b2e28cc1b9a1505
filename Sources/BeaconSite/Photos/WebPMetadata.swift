/// Takes the metadata chunks (EXIF, XMP, ICC profile) out of a WebP file. Debian 12's libvips
/// 8.14.1 writes an EXIF chunk into every WebP it saves, `strip` or not: made from scratch for an
/// image that has none (orientation, resolution, colour space). Nothing in it is private then, but
/// a variant is to carry nothing beyond its pixels, and an orientation tag a viewer might act on is
/// one too many.
enum WebPMetadata {
    /// A file that is not the RIFF WebP libvips writes.
    struct Malformed: Error, Equatable {}

    /// The chunks that only describe the image: dropped.
    static let metadataChunks: Set<String> = ["EXIF", "XMP ", "ICCP"]

    /// VP8X's flags for those chunks (ICC 0x20, EXIF 0x08, XMP 0x04): cleared with them.
    static let metadataFlags: UInt8 = 0x20 | 0x08 | 0x04

    /// `webp` without its metadata chunks, the VP8X flags and the RIFF size made to match.
    static func stripped(_ webp: [UInt8]) throws(Malformed) -> [UInt8] {
        guard webp.count >= 12, webp[0..<4].elementsEqual("RIFF".utf8),
            webp[8..<12].elementsEqual("WEBP".utf8)
        else { throw Malformed() }
        var out: [UInt8] = Array(webp[0..<12])
        out.reserveCapacity(webp.count)
        var offset = 12
        var hasImage = false
        while offset < webp.count {
            guard offset + 8 <= webp.count else { throw Malformed() }
            let name = String(decoding: webp[offset..<offset + 4], as: UTF8.self)
            let size = webp[offset + 4..<offset + 8].reversed().reduce(0) { $0 << 8 | Int($1) }
            let end = offset + 8 + size + size % 2
            guard end <= webp.count || (end == webp.count + 1 && size % 2 == 1) else {
                throw Malformed()
            }
            let chunkEnd = min(end, webp.count)
            hasImage = hasImage || ["VP8 ", "VP8L", "ANMF"].contains(name)
            if !metadataChunks.contains(name) {
                let start = out.count
                out.append(contentsOf: webp[offset..<chunkEnd])
                if name == "VP8X", size >= 1 { out[start + 8] &= ~metadataFlags }
            }
            offset = end
        }
        guard hasImage else { throw Malformed() }
        let riffSize = UInt32(out.count - 8)
        out.replaceSubrange(
            4..<8, with: (0..<4).map { UInt8(truncatingIfNeeded: riffSize >> ($0 * 8)) })
        return out
    }
}
