/// The image formats an owner's photo can be in, told by the file's first bytes (its magic number),
/// not by its name: a «bilde.jpg» that is a PDF is refused, and a PNG named «.jpg» is kept as
/// `.png`, so the build's image pipeline is never handed a file under a false name.
package enum PhotoFileFormat: String, Sendable, CaseIterable {
    case jpeg, png, gif, webp, tiff, heic, heif, avif

    /// How many bytes `sniff` looks at, at most: enough for an ISO-BMFF `ftyp` box's brands.
    package static let sniffLength = 256

    /// The extension the original is stored with.
    package var fileExtension: String {
        switch self {
        case .jpeg: "jpg"
        case .png: "png"
        case .gif: "gif"
        case .webp: "webp"
        case .tiff: "tiff"
        case .heic: "heic"
        case .heif: "heif"
        case .avif: "avif"
        }
    }

    /// Whether the build makes the site's images from it: libvips reads it with one of the loaders
    /// the build allows (`Vips.allowedLoaders`; HEIC, HEIF and AVIF through libheif). TIFF is
    /// recognised, to say so.
    package var isPublished: Bool { self != .tiff }

    /// The format's name in a message.
    package var name: String {
        switch self {
        case .jpeg: "JPEG"
        case .png: "PNG"
        case .gif: "GIF"
        case .webp: "WebP"
        case .tiff: "TIFF"
        case .heic: "HEIC"
        case .heif: "HEIF"
        case .avif: "AVIF"
        }
    }

    /// The formats the build publishes, as the owner reads them in a message.
    package static let acceptedNames = "JPEG, PNG, GIF, WebP, HEIC/HEIF eller AVIF"

    /// The format the bytes begin as; nil when they are no image sitegen takes.
    package static func sniff(_ bytes: [UInt8]) -> PhotoFileFormat? {
        func starts(_ signature: [UInt8], at offset: Int = 0) -> Bool {
            bytes.count >= offset + signature.count
                && Array(bytes[offset..<offset + signature.count]) == signature
        }
        if starts([0xFF, 0xD8, 0xFF]) { return .jpeg }
        if starts([0x89, 0x50, 0x4E, 0x47]) { return .png }
        if starts(Array("GIF8".utf8)) { return .gif }
        if starts(Array("RIFF".utf8)), starts(Array("WEBP".utf8), at: 8) { return .webp }
        if starts([0x49, 0x49, 0x2A, 0x00]) || starts([0x4D, 0x4D, 0x00, 0x2A]) { return .tiff }
        if starts(Array("ftyp".utf8), at: 4) { return isoMediaFormat(bytes) }
        return nil
    }

    private static let avifBrands: Set<String> = ["avif", "avis"]
    private static let heicBrands: Set<String> = [
        "heic", "heix", "heim", "heis", "hevc", "hevx", "hevm", "hevs",
    ]
    /// Brands of the HEIF container that do not say which codec its images use.
    private static let heifBrands: Set<String> = ["mif1", "msf1", "mif2", "heif"]

    /// HEIC, HEIF or AVIF by the `ftyp` box's brands: the major brand, else the compatible ones (a
    /// `mif1` file says in them whether it holds HEVC or AV1 images). A video (`isom`, `mp42`) is
    /// none.
    private static func isoMediaFormat(_ bytes: [UInt8]) -> PhotoFileFormat? {
        guard bytes.count >= 12 else { return nil }
        let boxSize = bytes[0..<4].reduce(0) { $0 << 8 | Int($1) }
        func brand(at offset: Int) -> String {
            String(decoding: bytes[offset..<offset + 4], as: UTF8.self)
        }
        let major = brand(at: 8)
        var compatible: [String] = []
        var offset = 16
        while offset + 4 <= min(boxSize, bytes.count) {
            compatible.append(brand(at: offset))
            offset += 4
        }
        if avifBrands.contains(major) { return .avif }
        if heicBrands.contains(major) { return .heic }
        if compatible.contains(where: avifBrands.contains) { return .avif }
        if compatible.contains(where: heicBrands.contains) { return .heic }
        if heifBrands.contains(major) || compatible.contains(where: heifBrands.contains) {
            return .heif
        }
        return nil
    }
}
