import BeaconModel
import BeaconSystem
import BuiltInFiles
import FoundationEssentials
import Glibc
import Templates

/// The site's static files, copied into `output/assets/` (the favicon also to
/// the root): the built-in stylesheet, scripts and icons (compiled into
/// `sitegen` from `Resources/assets`), each replaced by a file of the same
/// name in the site's own `assets/` folder, plus that folder's other files
/// (`custom.css`, images, fonts); and the map library (`MapLibrary`).
package struct AssetBundle: Sendable {
    /// Relative paths in `output/` and where the bytes come from.
    package var files: [AssetFile]
    /// Whether Leaflet came along (`MapLibrary`): without it the pages have no map.
    var hasMapLibrary = false
    /// Names (under `assets/`) of built-in files the site's folder replaces, and of files it adds.
    var replaced: [String] = []
    var added: [String] = []
    /// Why something is missing, for the build's report.
    package var warnings: [String] = []

    static let requiredFiles = [
        "beacon.css", "beacon.js", "beacon-query.js", "beacon-hours.js", "beacon-share.js",
        "beacon-gallery.js",
        "beacon-moved.js",
        "beacon-icon.svg",
        "favicon.svg",
    ]
    /// Files under `assets/` that every build writes itself, which the site's own cannot replace.
    static let generatedFiles: Set<String> = [ScriptTexts.path]

    /// Loaded after the built-in stylesheet on every page when the site's `assets/` has it.
    package static let customStylesheet = "custom.css"

    /// Whether the site adds its own stylesheet (`assets/custom.css`).
    package var hasCustomStylesheet: Bool {
        files.contains { $0.path == "assets/" + AssetBundle.customStylesheet }
    }

    /// "Egne ressurser fra assets/: …", or nil when the site has none.
    var ownFilesSummary: String? {
        var parts: [String] = []
        if !replaced.isEmpty { parts.append("erstatter " + replaced.joined(separator: ", ")) }
        if !added.isEmpty { parts.append("legger til " + added.joined(separator: ", ")) }
        return parts.isEmpty
            ? nil : "Egne ressurser fra assets/: " + parts.joined(separator: "; ") + "."
    }

    /// The built-in files, the site's own (`site.assetsPath`) and the map library (found through
    /// `environment`).
    package static func load(site: SiteFolder, environment: [String: String]) throws -> AssetBundle
    {
        let library = MapLibrary.load(environment: environment)
        var bundle = try load(siteAssets: site.assetsPath, library: library.files ?? [])
        bundle.hasMapLibrary = library.files != nil
        if let warning = library.warning { bundle.warnings.append(warning) }
        return bundle
    }

    /// The built-in files under their names in `assets/`.
    package static func builtInFiles() -> [(name: String, bytes: [UInt8])] {
        BuiltInFiles.names(in: "assets").compactMap { name in
            BuiltInFiles.bytes("assets/" + name).map { (name, $0) }
        }
    }

    /// Built-in files and `library` (paths under `assets/`), then the files of `folder` over them.
    package static func load(siteAssets folder: String, library: [AssetFile] = []) throws
        -> AssetBundle
    {
        var byPath: [String: AssetFile.Source] = [:]
        for name in BuiltInFiles.names(in: "assets") {
            byPath["assets/" + name] = .builtIn("assets/" + name)
        }
        for name in requiredFiles where byPath["assets/" + name] == nil {
            throw AssetError.builtInFileMissing(name)
        }
        for file in library { byPath[file.path] = file.source }
        var bundle = AssetBundle(files: [])
        var ownSizes: [(name: String, bytes: Int)] = []
        for (name, bytes) in try ownFiles(in: folder) {
            if generatedFiles.contains("assets/" + name) {
                bundle.warnings.append(
                    "assets/\(name) brukes ikke: sitegen lager den selv ved hver bygging, fra tekstkatalogen og "
                        + "«translations» i innstillingene (der endrer du tekstene). Fjern filen fra assets/."
                )
                continue
            }
            if byPath["assets/" + name] == nil {
                bundle.added.append(name)
            } else {
                bundle.replaced.append(name)
            }
            byPath["assets/" + name] = .bytes(bytes)
            ownSizes.append((name, bytes.count))
        }
        try checkNoFileIsAFolder(Set(byPath.keys), own: Set(bundle.added + bundle.replaced))
        bundle.warnings += sizeWarnings(own: ownSizes)
        bundle.files = byPath.keys.sorted().map { AssetFile(path: $0, source: byPath[$0]!) }
        if let favicon = byPath["assets/favicon.svg"] {
            bundle.files.append(AssetFile(path: SitePaths.favicon, source: favicon))
        }
        return bundle
    }

    /// The site's added files are stored by the offline worker at install while they are this few
    /// and small together; past that, as readers come across them (`assets/` is kept as it is
    /// seen), so a folder of 20,000 images never makes every first visit fetch 20,000 files.
    static let precachedOwnFilesLimit = (count: 100, bytes: 5 << 20)

    /// What `sw.js` stores at install: every built-in file (and the site's replacements of them),
    /// the map library, `custom.css`, and the site's added files within `precachedOwnFilesLimit`.
    var precachedPaths: [String] {
        let addedPaths = Set(added.map { "assets/" + $0 })
        let addedFiles = files.filter { addedPaths.contains($0.path) }
        // The site's own files are held as read, so their sizes cost nothing to know.
        let fits =
            addedFiles.count <= AssetBundle.precachedOwnFilesLimit.count
            && addedFiles.reduce(0) { $0 + $1.bytes.count }
                <= AssetBundle.precachedOwnFilesLimit.bytes
        let custom = "assets/" + AssetBundle.customStylesheet
        return files.map(\.path).filter { fits || !addedPaths.contains($0) || $0 == custom }
    }

    /// Above these, the site's own files cost every reader: `custom.css` is loaded before any page
    /// shows, and the assets are stored by each reader's browser for the offline guide (`sw.js`).
    static let customStylesheetWarningBytes = 512 << 10
    static let ownFilesWarningBytes = 20 << 20

    /// What the owner should hear about the size of their files: none for a guide of ordinary size.
    static func sizeWarnings(own: [(name: String, bytes: Int)]) -> [String] {
        var warnings: [String] = []
        if let sheet = own.first(where: { $0.name == customStylesheet }),
            sheet.bytes > customStylesheetWarningBytes
        {
            warnings.append(
                "assets/\(customStylesheet) er \(FileSystem.describe(bytes: sheet.bytes)); den lastes før hver side vises, og i delingsfilen. "
                    + "Hold den under \(FileSystem.describe(bytes: customStylesheetWarningBytes)).")
        }
        let total = own.reduce(0) { $0 + $1.bytes }
        if total > ownFilesWarningBytes {
            let largest =
                own.max { $0.bytes < $1.bytes }.map {
                    " (størst: \($0.name), \(FileSystem.describe(bytes: $0.bytes)))"
                }
                ?? ""
            warnings.append(
                "Filene i assets/ er til sammen \(FileSystem.describe(bytes: total))\(largest); hver leser som åpner guiden, lagrer alle for bruk uten nett. "
                    + "Legg store filer et annet sted, eller gjør dem mindre.")
        }
        return warnings
    }

    /// Refuses a name that is a file and a folder at once (the site's `assets/beacon.css/` beside
    /// the built-in stylesheet, a file `assets/leaflet` beside the map library's folder) before
    /// anything is rendered: the output could not hold both, and the build would fail only as it
    /// publishes.
    static func checkNoFileIsAFolder(_ paths: Set<String>, own: Set<String>) throws(AssetError) {
        for path in paths.sorted() {
            var folder = path
            while let slash = folder.lastIndex(of: "/") {
                folder = String(folder[..<slash])
                guard paths.contains(folder) else { continue }
                let name = String(folder.dropFirst("assets/".count))
                // Whichever of the two is the site's own is the one to rename.
                let ownFolder = own.contains(String(path.dropFirst("assets/".count)))
                throw .fileAndFolder(name: name, ownIsFolder: ownFolder)
            }
        }
    }

    /// Every regular file under `folder` (sub-folders too, hidden names skipped), by relative path;
    /// none when there is no folder. A symbolic link is followed only to a file inside the folder:
    /// a link to `/etc/passwd` (or to a folder, which could loop) would publish what the owner
    /// never meant to.
    package static func ownFiles(in folder: String) throws -> [(name: String, bytes: [UInt8])] {
        guard FileSystem.fileExists(folder) else { return [] }
        guard FileSystem.isDirectory(folder) else { throw AssetError.notAFolder(folder) }
        let inside = FileSystem.resolvedPath(folder) + "/"
        var files: [(name: String, bytes: [UInt8])] = []
        func walk(_ relative: String) throws {
            let path = relative.isEmpty ? folder : folder + "/" + relative
            let entries: [(name: String?, shown: String)]
            do { entries = try FileSystem.entries(in: path) } catch {
                throw AssetError.unreadable(path)
            }
            for entry in entries where !entry.shown.hasPrefix(".") {
                guard let name = entry.name else {
                    throw AssetError.notUTF8(path + "/" + entry.shown)
                }
                let child = relative.isEmpty ? name : relative + "/" + name
                guard !name.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F })
                else {
                    throw AssetError.badName(folder + "/" + child)
                }
                // The characters a URL reserves (`#`, `?`, `%`, a space) are percent-encoded in the
                // addresses (`URLPath`); a backslash is refused, as the site writer refuses it in
                // any path.
                guard !name.contains("\\") else { throw AssetError.backslash(folder + "/" + child) }
                if FileSystem.isSymbolicLink(folder + "/" + child) {
                    let target = FileSystem.resolvedPath(folder + "/" + child)
                    guard target.hasPrefix(inside), !FileSystem.isDirectory(target) else {
                        throw AssetError.linkLeadsOut(folder + "/" + child, target: target)
                    }
                    files.append((child, try FileSystem.read(target)))
                } else if FileSystem.isDirectory(folder + "/" + child) {
                    try walk(child)
                } else {
                    files.append((child, try FileSystem.read(folder + "/" + child)))
                }
            }
        }
        try walk("")
        return files
    }

    package enum AssetError: UserFacingError {
        case builtInFileMissing(String)
        case notAFolder(String)
        case unreadable(String)
        case badName(String)
        case backslash(String)
        case notUTF8(String)
        case linkLeadsOut(String, target: String)
        case fileAndFolder(name: String, ownIsFolder: Bool)

        package var userMessage: String {
            switch self {
            case .builtInFileMissing(let name):
                return
                    "Denne utgaven av sitegen mangler den innebygde filen \(name). Bygg sitegen på nytt fra prosjektmappen (swift build -c release)."
            case .notAFolder(let path):
                return
                    "\(path) er en fil, men skal være en mappe med egne ressurser (stilark, skript, bilder)."
            case .unreadable(let path):
                return "Mappen \(path) kan ikke leses."
            case .notUTF8(let path):
                return
                    "Filnavnet \(path) er ikke UTF-8 (trolig fra et eldre system), og kan ikke stå i en adresse på nettstedet. Gi filen et nytt navn (for eksempel med «convmv -f latin1 -t utf8 --notest»)."
            case .badName(let path):
                return
                    "Filnavnet \(path.debugDescription) har kontrolltegn; gi filen et vanlig navn."
            case .backslash(let path):
                return
                    "Filnavnet «\(path)» har en omvendt skråstrek (\\), som mange nettlesere og webservere leser "
                    + "som «/», så filen ville ikke bli funnet på nettstedet. Gi filen et navn uten."
            case .fileAndFolder(let name, let ownIsFolder):
                return ownIsFolder
                    ? "assets/\(name) er en mappe i nettstedsmappen, men sitegen har en fil med det navnet (assets/\(name)). Gi mappen et annet navn."
                    : "assets/\(name) er en fil i nettstedsmappen, men sitegen har en mappe med det navnet (assets/\(name)/). Gi filen et annet navn."
            case .linkLeadsOut(let path, let target):
                return
                    "\(path) er en symbolsk lenke til \(target), som ikke er en fil i ressursmappen. Bare lenker til filer i mappen tas med, så ingenting utenfor havner på nettstedet; kopier filen inn i stedet."
            }
        }

        package var exitStatus: ExitStatus {
            switch self {
            case .builtInFileMissing: .software
            case .notAFolder, .badName, .backslash, .notUTF8, .linkLeadsOut, .fileAndFolder:
                .dataError
            case .unreadable: .ioError
            }
        }
    }
}
