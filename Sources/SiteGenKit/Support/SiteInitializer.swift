import BeaconModel
import BeaconSystem
import BeaconText
import FoundationEssentials
import Glibc

/// Puts a new site's files in place all at once or not at all: they are
/// written into a hidden folder beside the target, which is then renamed to
/// the target (a new folder), or whose files are linked in one by one without
/// replacing anything (an empty folder); any failure removes what was made.
enum SiteInitializer {
    /// What may already be in the folder: a fresh `git init` is fine.
    static let tolerated: Set<String> = [".git"]

    /// Throws unless `folder` is missing or empty (but for `tolerated`).
    /// `given` is the path as typed: a symbolic link to nothing is refused here (its target, which
    /// `folder` names, and the folders above it would be made wherever the link points).
    static func checkFolderIsFree(_ folder: String, given: String) throws(InitError) {
        if FileSystem.isSymbolicLink(given), !FileSystem.fileExists(given) {
            throw .danglingLink(given, target: folder)
        }
        guard FileSystem.fileExists(folder) else { return }
        guard FileSystem.isDirectory(folder) else { throw .notAFolder(folder) }
        let names: [String]
        do { names = try FileManager.default.contentsOfDirectory(atPath: folder).sorted() } catch {
            throw .unreadable(folder)
        }
        if names.contains(SiteSettings.fileName) || names.contains(GuideStore.fileName) {
            throw .alreadyASite(folder)
        }
        let others = names.filter { !tolerated.contains($0) }
        guard others.isEmpty else { throw .notEmpty(folder, names: others) }
    }

    static func create(_ folder: String, files: [(name: String, bytes: [UInt8])]) throws {
        let parent = PathText.parent(folder)
        try FileSystem.createDirectory(parent)
        let staging =
            parent + "/." + PathText.lastComponent(folder) + ".init-" + UUID().uuidString.prefix(8)
        try FileSystem.createDirectory(staging)
        defer { FileSystem.removeTree(staging) }
        for file in files {
            try FileSystem.writeAtomically(file.bytes, to: staging + "/" + file.name)
        }
        if !FileSystem.fileExists(folder) {
            guard FileSystem.move(staging, to: folder) == nil else {
                throw InitError.appeared(folder)
            }
            return
        }
        // An existing empty folder: link each file in, never over one that appeared meanwhile.
        var linked: [String] = []
        for file in files {
            let target = folder + "/" + file.name
            if let code = FileSystem.hardLink(staging + "/" + file.name, at: target) {
                for path in linked { FileSystem.removeFile(path) }
                throw code == EEXIST
                    ? InitError.appeared(folder)
                    : InitError.writeFailed(target, FileSystem.systemMessage(code))
            }
            linked.append(target)
        }
        FileSystem.syncDirectory(folder)
    }

    enum InitError: UserFacingError {
        case notAFolder(String)
        case unreadable(String)
        case alreadyASite(String)
        case notEmpty(String, names: [String])
        case appeared(String)
        case writeFailed(String, String)
        case danglingLink(String, target: String)

        var userMessage: String {
            switch self {
            case .notAFolder(let path):
                return
                    "\(path) er en fil, ikke en mappe. Oppgi en ny eller tom mappe. Ingenting er skrevet."
            case .unreadable(let path):
                return "Mappen \(path) kan ikke leses. Ingenting er skrevet."
            case .alreadyASite(let path):
                return
                    "\(path) er allerede et nettsted (den har beacon-settings.json eller beacon-store.json). Ingenting er endret; bruk «sitegen build --site \(path)»."
            case .notEmpty(let path, let names):
                let shown = names.prefix(5).joined(separator: ", ") + (names.count > 5 ? " …" : "")
                return
                    "Mappen \(path) er ikke tom (\(shown)). Oppgi en ny eller tom mappe, for eksempel «sitegen init min-guide». Ingenting er skrevet."
            case .appeared(let path):
                return
                    "Noen andre la filer i \(path) mens nettstedet ble laget. Ingenting er skrevet."
            case .writeFailed(let path, let reason):
                return "Kunne ikke skrive \(path) (\(reason)). Ingenting er skrevet."
            case .danglingLink(let path, let target):
                return
                    "\(path) er en symbolsk lenke til \(target), som ikke finnes. Lag mappen først (mkdir -p \(ShellWord.path(target))), "
                    + "eller oppgi en annen mappe. Ingenting er skrevet."
            }
        }

        var exitStatus: ExitStatus {
            switch self {
            case .unreadable, .writeFailed: .ioError
            case .appeared: .temporaryFailure
            default: .usage
            }
        }
    }
}
