import Foundation
import BeaconCore
import Templates

/// The site's static files (`Resources/assets`: stylesheet, script, icons),
/// read once and copied into `output/assets/`; the favicon also goes to the root.
struct AssetBundle: Sendable {
    /// Relative path in `output/` and bytes.
    var files: [(path: String, bytes: [UInt8])]
    /// Whether Leaflet came along (`MapLibrary`): without it the pages have no map.
    var hasMapLibrary = false
    /// Why something is missing, for the build's report.
    var warnings: [String] = []

    static let requiredFiles = ["beacon.css", "beacon.js", "beacon-query.js", "beacon-hours.js", "beacon-icon.svg", "favicon.svg"]

    /// The site's own files and the map library (`MapLibrary`, found through `environment`).
    static func load(from folder: String, environment: [String: String]) throws -> AssetBundle {
        var bundle = try load(from: folder)
        let library = MapLibrary.load(environment: environment)
        if let files = library.files {
            bundle.files += files
            bundle.hasMapLibrary = true
        }
        if let warning = library.warning { bundle.warnings.append(warning) }
        return bundle
    }

    static func load(from folder: String) throws -> AssetBundle {
        guard FileSystem.isDirectory(folder) else { throw AssetError.folderMissing(folder) }
        for name in requiredFiles where !FileSystem.fileExists(folder + "/" + name) {
            throw AssetError.fileMissing(folder: folder, name: name)
        }
        var files: [(path: String, bytes: [UInt8])] = []
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        for name in names where !name.hasPrefix(".") {
            let path = folder + "/" + name
            guard !FileSystem.isDirectory(path) else { continue }
            let bytes = try FileSystem.read(path)
            files.append(("assets/" + name, bytes))
            if name == "favicon.svg" { files.append((SitePaths.favicon, bytes)) }
        }
        return AssetBundle(files: files)
    }

    enum AssetError: UserFacingError {
        case folderMissing(String)
        case fileMissing(folder: String, name: String)

        var userMessage: String {
            switch self {
            case .folderMissing(let folder):
                return "Fant ikke ressursmappen \(folder) (stilark, ikoner). Kjør sitegen fra prosjektmappen, eller oppgi nettstedsmappen med --site."
            case .fileMissing(let folder, let name):
                return "Ressursmappen \(folder) mangler \(name)."
            }
        }

        var exitStatus: ExitStatus { .ioError }
    }
}
