import BeaconModel
import BeaconSystem

/// The formats a photo is written in: WebP in every width (every current browser takes it), JPEG in
/// one, for link previews (not every site that unfurls a link reads WebP) and the rare browser
/// without WebP.
package enum PhotoFormat: String, Sendable {
    case webp, jpeg
}

/// One encoded size of a photo.
package struct PhotoVariant: Sendable, Equatable {
    package var width: Int
    package var height: Int
    package var format: PhotoFormat
    package var bytes: [UInt8]
}

/// A photo made ready for the site: its upright size (for the page's width and height attributes,
/// so nothing jumps while it loads), its variants and the colour its box shows before it loads.
package struct ProcessedPhoto: Sendable, Equatable {
    /// The upright original's size, after its EXIF orientation.
    package var width: Int
    package var height: Int
    /// A WebP for each width in the pipeline's `widths` that is at most the original's (never
    /// enlarged; an original narrower than the smallest gives one at its own width), narrowest
    /// first; then the JPEG.
    package var variants: [PhotoVariant]
    /// The average colour, "#rrggbb", over white where the photo is transparent.
    package var placeholder: String
}

/// The owner's photo, as bytes, made into the sizes and formats the pages show, on libvips. Each
/// photo is decoded once, shrunk while it is decoded where the format allows, turned upright, put
/// into sRGB and stripped of every piece of metadata: a phone's photo carries where it was taken
/// (GPS), when and with what, which a published page must not pass on.
package enum PhotoPipeline {
    /// The WebP widths, from the widths the pages show a photo at: a card's thumbnail at up to
    /// three pixels a point (360), a phone's page at two (720) and at three (1080: a 390-point
    /// iPhone's full-width photo is 358 points), and a desktop's page at two (its column is at most
    /// 528 points).
    package static let widths = [360, 720, 1080]

    /// The widest a page shows a photo, in CSS pixels: the place page's column below 60rem
    /// (`.place-detail`, 46rem; beside the facts on a wider screen it is narrower). A photo
    /// narrower than this is shown at its own width, never enlarged, and `sitegen photo add` says
    /// so.
    package static let widestShown = 736

    /// The JPEG's width: what link previews ask for (1200 wide for a large card).
    package static let jpegWidth = 1200

    /// Past this many pixels (frames of an animation counted) a photo is refused from its header,
    /// before any is decoded: a 60-megapixel original is more than any camera the owner carries
    /// (a phone's is 12–50), and more than that is a scan, a panorama or a decompression bomb.
    package static let maximumPixels = 60_000_000

    /// WebP at 75 and JPEG at 80 (libvips's scale, as cwebp's and libjpeg's): no loss one sees at
    /// the size a photo is shown. The WebP encoder at its least effort (0 of 6) makes files of
    /// about the same error, and no larger, as at its default, in a fraction of the time: encoding
    /// is much of a first build with many photos.
    static let webpQuality = 75
    static let webpEffort = 0
    static let jpegQuality = 80

    /// libvips's built-in sRGB profile: the colours the web assumes when an image carries no
    /// profile. Only a photo with a profile of its own is transformed to it; one without is taken
    /// as sRGB already (transformed from libvips's fallback profile, its colours would shift by up
    /// to 10 of 255).
    static let exportProfile = "srgb"

    /// Makes the variants of `bytes`; `name` is the photo's name in any error.
    package static func process(
        _ bytes: [UInt8], name: String, widths: [Int] = widths
    ) throws(PhotoError) -> ProcessedPhoto {
        func fail(_ reason: PhotoError.Reason) -> PhotoError {
            PhotoError(name: name, reason: reason)
        }
        // What the first bytes tell, before libvips is opened: the same words as `sitegen photo
        // add`'s.
        try check(bytes, name: name, widths: widths)
        let vips: Vips
        switch Vips.shared {
        case .success(let library): vips = library
        case .failure: throw fail(.libraryMissing)
        }
        let isHEIF = looksLikeHEIF(bytes)
        guard vips.loader(for: bytes) != nil else {
            throw fail(isHEIF ? .heic(detail: nil) : .notAnImage)
        }
        func unreadable(_ failure: Vips.Failure) -> PhotoError {
            let detail = describe(failure)
            return fail(isHEIF ? .heic(detail: detail) : .damaged(detail: detail))
        }

        let header: Vips.Header
        do { header = try vips.header(of: bytes) } catch { throw unreadable(error) }
        guard header.width > 0, header.height > 0 else {
            throw fail(
                .tooManyPixels(
                    width: header.width, height: header.height, pages: header.pages,
                    limit: maximumPixels))
        }
        // Orientations 5–8 turn the image a quarter: the upright photo is as wide as the stored one
        // is high.
        let turned = header.orientation >= 5
        var upright = (
            width: turned ? header.height : header.width,
            height: turned ? header.width : header.height
        )
        // libvips's header too, in case it reads more than ours did. HEIF's loader turns the image
        // itself, and its size is upright already.
        try checkSize(
            width: header.width, height: header.height, pages: header.pages,
            upright: isHEIF ? (header.width, header.height) : upright, name: name, widths: widths)
        let targets = variantWidths(forWidth: upright.width, widths: widths)
        let jpegTarget = min(jpegWidth, upright.width)
        guard let largest = targets.last.map({ max($0, jpegTarget) }) else {
            throw fail(.failed(detail: "ingen bredder"))
        }

        let decoded: Vips.Image
        do {
            decoded = try vips.thumbnail(
                of: bytes, width: largest, exportProfile: header.hasProfile ? exportProfile : nil)
        } catch {
            throw unreadable(error)
        }
        // The decoded size too: what the header promised, shrunk, never more.
        let longest = max(upright.width, upright.height)
        guard decoded.width <= longest, decoded.height <= longest,
            decoded.width * decoded.height <= maximumPixels
        else {
            throw fail(
                .damaged(
                    detail:
                        "\(decoded.width) × \(decoded.height) piksler, ikke \(upright.width) × \(upright.height)"
                ))
        }
        // A loader that turns the image itself (HEIF) reports the stored orientation too: trust the
        // pixels.
        if !sameShape(decoded, upright) { upright = (upright.height, upright.width) }

        do throws(Vips.Failure) {
            // A new image of the pixels alone: no tag of the original can reach a variant.
            let base = try eightBitSRGB(decoded).withoutMetadata()
            // The JPEG from the decoded image, then each WebP from the next larger one (the widest
            // from the decoded one): each resize reads the fewest pixels, and the original is read
            // once. JPEG has no alpha: transparent parts over white, as the page's background is.
            let jpegSized = try jpegTarget == base.width ? base : base.thumbnail(width: jpegTarget)
            let opaque =
                try jpegSized.bands == 4 ? jpegSized.flattened(onto: [255, 255, 255]) : jpegSized
            let jpeg = PhotoVariant(
                width: opaque.width, height: opaque.height, format: .jpeg,
                bytes: try opaque.encoded(as: .jpeg(quality: jpegQuality), strip: true))
            var webps: [PhotoVariant] = []
            var larger = base
            for width in targets.reversed() {
                let image = try width == larger.width ? larger : larger.thumbnail(width: width)
                let webp = try image.encoded(
                    as: .webp(quality: webpQuality, effort: webpEffort), strip: true)
                guard let strippedWebP = try? WebPMetadata.stripped(webp) else {
                    throw Vips.Failure.failed("WebP-filen fra libvips kunne ikke leses")
                }
                webps.append(
                    PhotoVariant(
                        width: image.width, height: image.height, format: .webp, bytes: strippedWebP
                    ))
                larger = image
            }
            let variants = webps.reversed() + [jpeg]
            let smallest = try larger.bands == 4 ? larger.flattened(onto: [255, 255, 255]) : larger
            return ProcessedPhoto(
                width: upright.width, height: upright.height, variants: variants,
                placeholder: try placeholder(of: smallest))
        } catch {
            throw fail(.failed(detail: describe(error)))
        }
    }

    /// WebP's largest width or height: the encoder refuses more.
    package static let webPMaximumSide = 16_383

    /// What the build can make of `bytes`, told from their first bytes alone, without libvips (so
    /// `sitegen photo add` needs none to refuse what the build would not publish): empty, no image,
    /// an image format none of the build's loaders reads (TIFF), more pixels than `maximumPixels`,
    /// or so narrow for its height that a WebP could not hold it. A header this cannot read is left
    /// to libvips, which the build asks next (a file cut off or lying about its size is only found
    /// out by decoding it).
    package static func check(_ bytes: [UInt8], name: String, widths: [Int] = widths)
        throws(PhotoError)
    {
        guard !bytes.isEmpty else { throw PhotoError(name: name, reason: .empty) }
        guard let format = PhotoFileFormat.sniff(Array(bytes.prefix(PhotoFileFormat.sniffLength)))
        else {
            throw PhotoError(name: name, reason: .notAnImage)
        }
        guard format.isPublished else {
            throw PhotoError(name: name, reason: .unsupportedFormat(name: format.name))
        }
        guard let header = PhotoHeader.read(bytes, format: format) else { return }
        try checkSize(
            width: header.width, height: header.height, pages: header.pages,
            upright: (header.uprightWidth, header.uprightHeight), name: name, widths: widths)
    }

    /// The size rules: at most `maximumPixels` (frames counted), and every WebP variant within
    /// WebP's side.
    static func checkSize(
        width: Int, height: Int, pages: Int, upright: (width: Int, height: Int), name: String,
        widths: [Int]
    ) throws(PhotoError) {
        let (area, areaOverflow) = width.multipliedReportingOverflow(by: height)
        let (pixels, pixelsOverflow) = area.multipliedReportingOverflow(by: max(1, pages))
        guard !areaOverflow, !pixelsOverflow, pixels <= maximumPixels else {
            throw PhotoError(
                name: name,
                reason: .tooManyPixels(
                    width: width, height: height, pages: pages, limit: maximumPixels))
        }
        guard upright.width > 0, upright.height > 0 else { return }
        // The widest WebP is the highest; each is at most 1,080 wide, so only a height can pass the
        // side.
        let shownWidth =
            variantWidths(forWidth: upright.width, widths: widths).last ?? upright.width
        if shownHeight(width: upright.width, height: upright.height, shownWidth: shownWidth)
            > webPMaximumSide
        {
            throw PhotoError(
                name: name,
                reason: .tooTall(
                    width: upright.width, height: upright.height, shownWidth: shownWidth))
        }
    }

    /// The height of a variant `shownWidth` wide of an upright photo `width` × `height`, rounded
    /// up.
    static func shownHeight(width: Int, height: Int, shownWidth: Int) -> Int {
        guard width > 0 else { return height }
        return (height * shownWidth + width - 1) / width
    }

    /// The widths to make for an upright original `width` wide: those that fit, and its own width
    /// when a larger one would be asked for but the original is a fifth or more wider than the
    /// widest that fits (a 1000-wide original is shown 1000 wide where 1080 is wanted, not 720).
    static func variantWidths(forWidth width: Int, widths: [Int]) -> [Int] {
        let all = Set(widths.filter { $0 > 0 }).sorted()
        let fitting = all.filter { $0 <= width }
        guard let widest = fitting.last else { return [width] }
        let largerWanted = all.contains { $0 > width }
        return largerWanted && width * 5 > widest * 6 ? fitting + [width] : fitting
    }

    /// 8-bit sRGB whatever came out of the loader: a 16-bit PNG stays 16-bit through the ICC
    /// transform, a greyscale one stays grey, and a CMYK image without a profile is converted here.
    private static func eightBitSRGB(_ image: Vips.Image) throws(Vips.Failure) -> Vips.Image {
        var image = image
        if image.interpretation != .sRGB || image.format != .uchar {
            image = try image.converted(to: .sRGB)
        }
        if image.format != .uchar { image = try image.cast(to: .uchar) }
        return image
    }

    /// The mean colour of an opaque 8-bit sRGB image, as "#rrggbb", from a copy a few dozen pixels
    /// wide.
    private static func placeholder(of image: Vips.Image) throws(Vips.Failure) -> String {
        let small = try image.thumbnail(width: 32)
        let pixels = try small.pixels()
        let bands = small.bands
        guard bands >= 3, pixels.count >= bands else { return "#808080" }
        var sums = [0, 0, 0]
        for offset in stride(from: 0, to: pixels.count - bands + 1, by: bands) {
            for band in 0..<3 { sums[band] += Int(pixels[offset + band]) }
        }
        let count = pixels.count / bands
        return "#"
            + sums.map { sum in
                let value = (sum + count / 2) / count
                return (value < 16 ? "0" : "") + String(value, radix: 16)
            }.joined()
    }

    /// Whether two sizes are both landscape, both portrait, or one of them square.
    private static func sameShape(_ image: Vips.Image, _ size: (width: Int, height: Int)) -> Bool {
        image.width == image.height || size.width == size.height
            || (image.width > image.height) == (size.width > size.height)
    }

    /// A HEIF file (HEIC from a phone): an ISO box `ftyp` first, with one of HEIF's brands.
    static func looksLikeHEIF(_ bytes: [UInt8]) -> Bool {
        guard bytes.count >= 12, Array(bytes[4..<8]) == Array("ftyp".utf8) else { return false }
        let brand = String(decoding: bytes[8..<12], as: UTF8.self)
        return ["heic", "heix", "hevc", "hevx", "heim", "heis", "hevm", "hevs", "mif1", "msf1"]
            .contains(brand)
    }

    private static func describe(_ failure: Vips.Failure) -> String {
        switch failure {
        case .unavailable: return "libvips mangler"
        case .failed(let words): return words
        }
    }
}
