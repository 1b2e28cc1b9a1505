import BeaconModel
import BeaconSystem
import Glibc

/// An image file the owner named on the command line (`sitegen photo add`), checked before anything
/// is touched: a regular file, not empty, at most `maximumBytes` (told from its size, before it is
/// read), an image by its first bytes, and one the build will publish (`PhotoPipeline.check`: its
/// format and size, from the header, without libvips). It may lie anywhere, since the owner named
/// it; its copy goes into `photos/` under `file`, a name made from its content.
package struct PhotoOriginal: Sendable, Hashable {
    /// The absolute path it was named by.
    package let path: String
    package let format: PhotoFileFormat
    package let size: Int
    /// "photos/<32 hex>.<ext>": the same content always gets the same name.
    package let file: String
    /// Its width as shown (turned upright), when its header says: what `sitegen photo add` warns
    /// about when the page shows photos wider (`PhotoPipeline.widestShown`).
    package var uprightWidth: Int? = nil
    package var uprightHeight: Int? = nil

    /// 200 MB: far above any camera's photo; a bigger file is most likely something else.
    package static let maximumBytes = 200 << 20

    /// The file at `path`, read whole, checked and named; throws (touching nothing) when it is no
    /// photo.
    package static func read(_ path: String) throws(PhotoFileError) -> PhotoOriginal {
        let bytes = try contents(path)
        guard let format = PhotoFileFormat.sniff(Array(bytes.prefix(PhotoFileFormat.sniffLength)))
        else {
            throw .notAnImage(path: path)
        }
        do throws(PhotoError) { try PhotoPipeline.check(bytes, name: path) } catch {
            throw .refused(error)
        }
        let header = PhotoHeader.read(bytes, format: format)
        return PhotoOriginal(
            path: path, format: format, size: bytes.count,
            file: storedName(of: bytes, format: format), uprightWidth: header?.uprightWidth,
            uprightHeight: header?.uprightHeight)
    }

    /// The bytes again, for the copy (`SiteFolder.updatePhotos` reads them under the lock rather
    /// than hold every file in memory meanwhile); throws when the file changed since `read`.
    func bytesAgain() throws(PhotoFileError) -> [UInt8] {
        let bytes = try Self.contents(path)
        guard let format = PhotoFileFormat.sniff(Array(bytes.prefix(PhotoFileFormat.sniffLength))),
            Self.storedName(of: bytes, format: format) == file
        else { throw .changed(path: path) }
        return bytes
    }

    /// "photos/" + 128 bits of hash as 32 hex digits + the content's extension. Two 64-bit hashes
    /// of the bytes from different starts; not for security, but two different photos of the
    /// owner's sharing a name is as unlikely as it gets. The names are kept in the store, so the
    /// hash must never change: `PhotoStoreTests` pins it.
    package static func storedName(of bytes: [UInt8], format: PhotoFileFormat) -> String {
        var first = ContentHasher()
        first.combine(bytes)
        var second = ContentHasher()
        second.combine("beacon-photo-name")
        second.combine(bytes)
        return PlacePhoto.folderName + "/" + first.hex + second.hex + "." + format.fileExtension
    }

    /// The file's bytes, after the checks its `stat` allows (so a 2 GB file or a FIFO is never
    /// read).
    private static func contents(_ path: String) throws(PhotoFileError) -> [UInt8] {
        guard let info = FileSystem.status(path) else {
            throw errno == ENOENT || errno == ENOTDIR
                ? .missing(path: path) : .unreadable(.errno("lese", path))
        }
        guard info.isRegularFile else {
            throw info.isDirectory ? .folder(path: path) : .notAFile(path: path)
        }
        let size = Int(info.size)
        guard size > 0 else { throw .empty(path: path) }
        guard size <= maximumBytes else { throw .tooLarge(path: path, bytes: size) }
        do { return try FileSystem.read(path, limit: maximumBytes) } catch {
            throw .unreadable(error)
        }
    }
}

/// Why a file the owner named is not taken as a photo. Nothing is changed when one is thrown.
package enum PhotoFileError: UserFacingError, Equatable {
    case missing(path: String)
    case folder(path: String)
    case notAFile(path: String)
    case empty(path: String)
    case tooLarge(path: String, bytes: Int)
    case notAnImage(path: String)
    /// The file changed between its check and its copy.
    case changed(path: String)
    /// An image the build would not publish, in the build's words.
    case refused(PhotoError)
    case unreadable(FileError)

    package var userMessage: String {
        switch self {
        case .missing(let path): "Fant ikke bildet \(path). Ingenting er endret."
        case .folder(let path): "\(path) er en mappe, ikke en bildefil. Ingenting er endret."
        case .notAFile(let path):
            "\(path) er ikke en vanlig fil (men en FIFO, en enhet eller en socket). Ingenting er endret."
        case .empty(let path): "\(path) er tom. Ingenting er endret."
        case .tooLarge(let path, let bytes):
            "\(path) er for stor til et bilde (\(FileSystem.describe(bytes: bytes)), grensen er "
                + "\(FileSystem.describe(bytes: PhotoOriginal.maximumBytes))). Gjør bildet mindre først. Ingenting er endret."
        case .notAnImage(let path):
            "\(path) er ikke et bilde sitegen kjenner igjen (det avgjøres av innholdet, ikke av navnet). "
                + "Bruk \(PhotoFileFormat.acceptedNames). Ingenting er endret."
        case .changed(let path):
            "\(path) ble endret mens sitegen kopierte den. Prøv igjen når filen er ferdig skrevet."
        case .refused(let error): error.userMessage + " Ingenting er endret."
        case .unreadable(let error): error.userMessage
        }
    }

    package var exitStatus: ExitStatus {
        switch self {
        case .missing, .folder, .notAFile, .changed: .ioError
        case .empty, .tooLarge, .notAnImage: .dataError
        case .refused(let error): error.exitStatus
        case .unreadable(let error): error.exitStatus
        }
    }
}
