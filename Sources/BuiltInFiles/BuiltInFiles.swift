import BeaconSystem
import FoundationEssentials

/// The files compiled into the `sitegen` binary (by the EmbedBuiltInFiles
/// plugin), so that the binary alone is enough to start and build a site:
/// `assets/…` (stylesheet, scripts, icons), `sample-data/<category>.json`,
/// `sample-site/…` (the demo guide for `init --sample`) and, when Debian's
/// packages were installed where it was built, `leaflet/…`.
///
/// Compiled in rather than shipped beside the binary as a resource bundle:
/// a copied or installed binary then never looks for files next to itself or
/// in the repository it was built in.
package enum BuiltInFiles {
    /// The contents of a built-in file, by name (`assets/beacon.css`); nil when there is none. Each
    /// file is held in the smaller of two forms (the EmbedTool chooses): as it is (text, as a
    /// literal; other files in Base64), or deflated in Base64, which keeps the binary small (the
    /// sample's basemap data alone is 3.5 MB of GeoJSON, 0.5 MB deflated). A stored file that does
    /// not decode is a broken build, not a missing file: it stops the process.
    package static func bytes(_ name: String) -> [UInt8]? {
        if let text = textContents[name] { return Array(text.utf8) }
        if let encoded = base64Contents[name] { return decodedBase64(encoded, name) }
        guard let (size, encoded) = deflatedContents[name] else { return nil }
        do throws(Inflate.Failure) {
            return try Inflate.raw(decodedBase64(encoded, name)[...], limit: size)
        } catch {
            fatalError("the built-in file \(name) does not inflate: \(error)")
        }
    }

    private static func decodedBase64(_ text: String, _ name: String) -> [UInt8] {
        guard let data = Data(base64Encoded: text) else {
            fatalError("the built-in file \(name) is not Base64")
        }
        return [UInt8](data)
    }

    /// Whether there is a built-in file of that name (without decoding it).
    package static func contains(_ name: String) -> Bool {
        textContents[name] != nil || base64Contents[name] != nil || deflatedContents[name] != nil
    }

    /// The names under a folder (`assets/`), sorted, without the folder.
    package static func names(in folder: String) -> [String] {
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        let all =
            Array(textContents.keys) + Array(base64Contents.keys) + Array(deflatedContents.keys)
        return all.filter { $0.hasPrefix(prefix) }.map { String($0.dropFirst(prefix.count)) }
            .sorted()
    }

    /// The commit this binary was built from, when it was built in a Git checkout.
    package static var sourceCommit: String? { commit }
}
