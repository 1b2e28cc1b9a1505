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
    /// The contents of a built-in file, by name (`assets/beacon.css`); nil when there is none.
    /// Text is held as it is (its bytes are copied, not decoded: every build reads the assets), other files as Base64.
    package static func bytes(_ name: String) -> [UInt8]? {
        if let text = textContents[name] { return Array(text.utf8) }
        guard let encoded = base64Contents[name], let data = Data(base64Encoded: encoded) else { return nil }
        return [UInt8](data)
    }

    /// The names under a folder (`assets/`), sorted, without the folder.
    package static func names(in folder: String) -> [String] {
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        return (Array(textContents.keys) + Array(base64Contents.keys)).filter { $0.hasPrefix(prefix) }.map {
            String($0.dropFirst(prefix.count))
        }.sorted()
    }

    /// The commit this binary was built from, when it was built in a Git checkout.
    package static var sourceCommit: String? { commit }
}
