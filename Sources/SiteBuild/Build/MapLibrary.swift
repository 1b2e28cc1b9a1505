import BeaconSystem
import BuiltInFiles
import FoundationEssentials

/// Leaflet and its marker clustering, as Debian installs them (`libjs-leaflet`,
/// `libjs-leaflet.markercluster`: /usr/share/javascript/leaflet). The build
/// copies them into `output/assets/leaflet/`; the repository never holds a copy.
/// Where they come from, first found: the folder `BEACON_LEAFLET_DIR` names;
/// the copy compiled into `sitegen` when the packages were installed where it
/// was built (so a copied binary still draws maps); the packages' folder.
package enum MapLibrary {
    package static let defaultFolder = "/usr/share/javascript/leaflet"

    /// Source file in the library's folder → name under `assets/leaflet/`.
    package static let files: [(source: String, name: String)] = [
        ("leaflet.min.js", "leaflet.js"),
        ("leaflet.css", "leaflet.css"),
        ("leaflet.markercluster.min.js", "leaflet.markercluster.js"),
        ("MarkerCluster.css", "MarkerCluster.css"),
    ]

    /// The library's files for `output/assets/leaflet/`, or nil with the reason when it is not
    /// installed.
    package static func load(environment: [String: String]) -> (
        files: [AssetFile]?, warning: String?
    ) {
        let chosen = environment["BEACON_LEAFLET_DIR"].flatMap { $0.isEmpty ? nil : $0 }
        if chosen == nil, let builtIn = builtIn() { return (builtIn, nil) }
        let folder = chosen ?? defaultFolder
        var loaded: [AssetFile] = []
        for file in files {
            guard let bytes = try? FileSystem.read(folder + "/" + file.source) else {
                return (
                    nil,
                    "Kartbiblioteket Leaflet finnes ikke i \(folder) (Debian-pakkene libjs-leaflet og libjs-leaflet.markercluster; «scripts/install-deps» installerer dem). Sidene er laget uten kart."
                )
            }
            loaded.append(
                AssetFile(
                    path: "assets/leaflet/" + file.name, bytes: withoutSourceMapComment(bytes)))
        }
        return (loaded, nil)
    }

    /// The copy compiled into the binary, when it has every file (inflated only when written).
    package static func builtIn() -> [AssetFile]? {
        var loaded: [AssetFile] = []
        for file in files {
            guard BuiltInFiles.contains("leaflet/" + file.source) else { return nil }
            loaded.append(
                AssetFile(
                    path: "assets/leaflet/" + file.name,
                    source: .builtIn("leaflet/" + file.source, withoutSourceMapComment: true)))
        }
        return loaded
    }

    /// The minified files end with a `//# sourceMappingURL=` line for a map the site does not ship.
    static func withoutSourceMapComment(_ bytes: [UInt8]) -> [UInt8] {
        let marker = Array("//# sourceMappingURL=".utf8)
        guard bytes.count >= marker.count else { return bytes }
        var index = bytes.count - marker.count
        let lowerLimit = max(0, bytes.count - 4096)
        while index >= lowerLimit {
            if bytes[index] == marker[0], Array(bytes[index..<index + marker.count]) == marker,
                index == 0 || bytes[index - 1] == UInt8(ascii: "\n")
            {
                return Array(bytes[..<index])
            }
            index -= 1
        }
        return bytes
    }
}
