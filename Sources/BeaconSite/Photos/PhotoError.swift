import BeaconModel
import BeaconSystem

/// Why a photo could not be made into the site's images. The message names the photo and says what
/// the owner can do (install libvips, convert, export again), since a photo is the owner's own
/// file.
package struct PhotoError: UserFacingError, Equatable {
    package enum Reason: Sendable, Equatable {
        /// libvips (libvips.so.42) could not be opened: the one reason not about the photo.
        case libraryMissing
        /// No bytes at all.
        case empty
        /// None of the loaders knows the bytes (text, random bytes, a PDF …).
        case notAnImage
        /// An image format the build reads with none of its loaders (TIFF), told from its first
        /// bytes.
        case unsupportedFormat(name: String)
        /// A HEIC/HEIF photo (an iPhone's) that cannot be read: this libvips has no HEIF loader (no
        /// detail), or its loader failed (libvips's words).
        case heic(detail: String?)
        /// The header declares more pixels than `limit` (frames of an animation counted): a very
        /// large image or a decompression bomb, refused before decoding.
        case tooManyPixels(width: Int, height: Int, pages: Int, limit: Int)
        /// So narrow for its height that a WebP `shownWidth` wide would be higher than WebP allows
        /// (`PhotoPipeline.webPMaximumSide`): told from the upright size in the header.
        case tooTall(width: Int, height: Int, shownWidth: Int)
        /// Recognised, but it does not decode: cut off, or a header that does not fit the data.
        case damaged(detail: String)
        /// Decoded, but converting or encoding it failed: libvips's words.
        case failed(detail: String)
    }

    /// The photo's name as the owner knows it (a file name), for the message.
    package var name: String
    package var reason: Reason

    package init(name: String, reason: Reason) {
        self.name = name
        self.reason = reason
    }

    package var userMessage: String {
        let photo = "«\(TextHardening.clean(name, maximumLength: 200) ?? "(uten navn)")»"
        func words(_ detail: String) -> String {
            TextHardening.clean(detail, maximumLength: 200).map { " (libvips: \($0))" } ?? ""
        }
        switch reason {
        case .libraryMissing:
            return
                "Bildene kan ikke lages: sitegen trenger libvips (på Debian: sudo apt install libvips42)."
        case .empty:
            return "Bildet \(photo) er tomt (0 byte)."
        case .notAnImage:
            return
                "\(photo) er ikke et bilde sitegen kan lese. Bruk \(PhotoFileFormat.acceptedNames)."
        case .unsupportedFormat(let format):
            return
                "Bildet \(photo) er et \(format)-bilde, og det kan ikke nettsidene vise. Gjør det om til JPEG eller "
                + "PNG først, for eksempel med «vips copy bilde.tif bilde.jpg» (Debian: libvips-tools)."
        case .heic(let detail):
            let cause =
                detail.map { "men kan ikke leses\(words($0))" }
                ?? "som libvips på denne maskinen ikke kan lese"
            return
                "Bildet \(photo) er i HEIC-formatet, \(cause). Konverter HEIC til JPEG først, for eksempel med "
                + "«heif-convert bilde.heic bilde.jpg» (Debian: libheif-examples)."
        case .tooManyPixels(let width, let height, let pages, let limit):
            let frames = pages > 1 ? " i \(NorwegianFormat.integer(pages)) bilder" : ""
            return "Bildet \(photo) er for stort: \(NorwegianFormat.integer(width)) × "
                + "\(NorwegianFormat.integer(height)) piksler\(frames), grensen er "
                + "\(NorwegianFormat.integer(limit / 1_000_000)) millioner piksler. Gjør det mindre før du legger "
                + "det til (ingen side viser mer enn 1920 piksler i bredden)."
        case .tooTall(let width, let height, let shownWidth):
            let shownHeight = PhotoPipeline.shownHeight(
                width: width, height: height, shownWidth: shownWidth)
            return "Bildet \(photo) er for høyt og smalt: \(NorwegianFormat.integer(width)) × "
                + "\(NorwegianFormat.integer(height)) piksler. Nettsidens bilder (WebP) kan være høyst "
                + "\(NorwegianFormat.integer(PhotoPipeline.webPMaximumSide)) piksler høye, og i "
                + "\(NorwegianFormat.integer(shownWidth)) pikslers bredde ville dette blitt "
                + "\(NorwegianFormat.integer(shownHeight)). Beskjær det eller del det opp før du legger det til."
        case .damaged(let detail):
            return "Bildet \(photo) kan ikke leses: det er ødelagt eller avkuttet\(words(detail)). "
                + "Kopier eller eksporter det på nytt."
        case .failed(let detail):
            return "Bildet \(photo) kunne ikke gjøres om til nettsidens bilder\(words(detail))."
        }
    }

    package var exitStatus: ExitStatus { reason == .libraryMissing ? .unavailable : .dataError }
}
