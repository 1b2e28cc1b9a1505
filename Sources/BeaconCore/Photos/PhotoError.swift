import BeaconSystem

/// Why a photo could not be made into the site's images. The message names the photo and says what
/// the owner can do (install libvips, convert, export again), since a photo is the owner's own file.
package struct PhotoError: UserFacingError, Equatable {
    package enum Reason: Sendable, Equatable {
        /// libvips (libvips.so.42) could not be opened: the one reason not about the photo.
        case libraryMissing
        /// No bytes at all.
        case empty
        /// None of the loaders knows the bytes (text, random bytes, a PDF …).
        case notAnImage
        /// A HEIC/HEIF photo (an iPhone's) that cannot be read: this libvips has no HEIF loader (no
        /// detail), or its loader failed (libvips's words).
        case heic(detail: String?)
        /// The header declares more pixels than `limit` (frames of an animation counted): a very large
        /// image or a decompression bomb, refused before decoding.
        case tooManyPixels(width: Int, height: Int, pages: Int, limit: Int)
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
            return "Bildene kan ikke lages: sitegen trenger libvips (på Debian: sudo apt install libvips42)."
        case .empty:
            return "Bildet \(photo) er tomt (0 byte)."
        case .notAnImage:
            return "\(photo) er ikke et bilde sitegen kan lese. Bruk JPEG, PNG, WebP, GIF eller HEIC."
        case .heic(let detail):
            let cause = detail.map { "men kan ikke leses\(words($0))" } ?? "som libvips på denne maskinen ikke kan lese"
            return "Bildet \(photo) er i HEIC-formatet, \(cause). Konverter HEIC til JPEG først, for eksempel med "
                + "«heif-convert bilde.heic bilde.jpg» (Debian: libheif-examples)."
        case .tooManyPixels(let width, let height, let pages, let limit):
            let frames = pages > 1 ? " i \(NorwegianFormat.integer(pages)) bilder" : ""
            return "Bildet \(photo) er for stort: \(NorwegianFormat.integer(width)) × "
                + "\(NorwegianFormat.integer(height)) piksler\(frames), grensen er "
                + "\(NorwegianFormat.integer(limit / 1_000_000)) millioner piksler. Gjør det mindre før du legger "
                + "det til (ingen side viser mer enn 1920 piksler i bredden)."
        case .damaged(let detail):
            return "Bildet \(photo) kan ikke leses: det er ødelagt eller avkuttet\(words(detail)). "
                + "Kopier eller eksporter det på nytt."
        case .failed(let detail):
            return "Bildet \(photo) kunne ikke gjøres om til nettsidens bilder\(words(detail))."
        }
    }

    package var exitStatus: ExitStatus { reason == .libraryMissing ? .unavailable : .dataError }
}
