import BeaconModel
import BeaconSystem
import BeaconText
import FoundationEssentials
import Glibc

/// What the last successful build of an output folder was made from, kept in the cache folder with
/// the guide's base and the store that output shows. When a new build's inputs hash to the same
/// fingerprint and the output still looks exactly as that build left it (`OutputTreeDigest`: every
/// file, its size and times), there is nothing to do: no page is rendered and no file is touched.
/// When only the store changed (the same `context` and `base`), the build renders only what the
/// change touches.
package struct BuildRecord: Sendable, Equatable, Codable {
    package var fingerprint: String
    /// `OutputTreeDigest` of the output right after the build.
    package var tree: String
    package var pages: Int
    package var places: Int
    package var files: Int
    /// Hash of everything every page shows besides the places (`RebuildPlan.Keys.context`).
    package var context: String?
    /// Hash of what the guide's base was made from (`GuideBaseArchive`'s key); nil when it could
    /// not be keyed.
    package var base: String?
    /// The data files the output has, in order.
    package var chunks: [String] = []
    /// The places file the build read, so the next one can tell it is the same file without reading
    /// it.
    package var placesFile: PlacesFile?

    package struct PlacesFile: Sendable, Equatable, Codable {
        package var path: String
        /// "device:inode:size:mtime:ctime" (`PlacesFile.identity`).
        package var identity: String
        /// The content key the build worked out from its bytes.
        package var key: String

        package init(path: String, identity: String, key: String) {
            self.path = path
            self.identity = identity
            self.key = key
        }
    }

    package init(fingerprint: String, tree: String, pages: Int, places: Int, files: Int) {
        self.fingerprint = fingerprint
        self.tree = tree
        self.pages = pages
        self.places = places
        self.files = files
    }

    package static func path(site: SiteFolder, output: String) -> String {
        var hasher = ContentHasher()
        hasher.combine(output)
        return site.cachePath + "/builds/" + hasher.hex + ".json"
    }

    /// The cache file beside the record holding the guide's base (`GuideBaseArchive`).
    package static func basePath(site: SiteFolder, output: String) -> String {
        PathText.removingExtension(path(site: site, output: output)) + ".base"
    }

    /// The cache file beside the record holding the store the output shows.
    package static func storePath(site: SiteFolder, output: String) -> String {
        PathText.removingExtension(path(site: site, output: output)) + ".store.json"
    }

    /// Forgets the record before the output changes: a build killed from here
    /// on leaves no record, so the next one checks and renders everything.
    package static func remove(site: SiteFolder, output: String) {
        FileSystem.removeFile(path(site: site, output: output))
    }

    /// The record, or nil when there is none or it is not one this version wrote.
    package static func load(site: SiteFolder, output: String) -> BuildRecord? {
        FileSystem.readCacheFile(path(site: site, output: output)).flatMap {
            try? JSONDecoder().decode(BuildRecord.self, from: Data($0))
        }
    }

    package func save(site: SiteFolder, output: String) throws(FileError) {
        let path = BuildRecord.path(site: site, output: output)
        try site.createFolder(PathText.parent(path))
        let bytes = (try? JSONEncoder().encode(self)).map { [UInt8]($0) } ?? []
        try FileSystem.writeCacheFile(bytes, to: path)
    }

    /// The kept base's archive bytes, to decode with its key.
    package static func readBase(site: SiteFolder, output: String) -> [UInt8]? {
        FileSystem.readCacheFile(basePath(site: site, output: output), limit: 1 << 34)
    }

    package static func saveBase(_ base: GuideBase, key: String, site: SiteFolder, output: String)
        throws(FileError)
    {
        let path = basePath(site: site, output: output)
        try site.createFolder(PathText.parent(path))
        try GuideBaseArchive.write(base, key: key, to: path)
    }

    /// The store the output shows (kept by the last build), when the output is there.
    package static func readStore(site: SiteFolder, output: String) -> GuideStore? {
        guard FileSystem.fileExists(output + "/" + SiteWriter.markerFileName),
            let bytes = FileSystem.readCacheFile(storePath(site: site, output: output))
        else { return nil }
        return GuideStore(encodedBytes: bytes)
    }

    /// Keeps the store the output shows, for the next build to compare with.
    package static func saveStore(_ store: GuideStore, site: SiteFolder, output: String)
        throws(FileError)
    {
        let path = storePath(site: site, output: output)
        try site.createFolder(PathText.parent(path))
        try FileSystem.writeCacheFile(
            store.encodedBytes, to: path, sync: false, unlinkingFirst: true)
    }
}
