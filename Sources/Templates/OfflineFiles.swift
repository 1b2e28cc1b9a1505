import BeaconCore

/// The files that make the published guide an installable app that works
/// offline: the web app manifest and the service worker.
package enum OfflineFiles {
    /// `version` names this build's caches; `explorerPaths` are the pages a
    /// reader needs first; `tiles` are the basemap's (zoom, path).
    package static func files(context: SiteContext, version: String, assetPaths: [String], explorerPaths: [String],
                              tiles: [(zoom: Int, path: String)]) -> [(path: String, bytes: [UInt8])] {
        []
    }
}
