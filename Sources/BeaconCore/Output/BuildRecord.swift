import BeaconSystem
import BeaconText
import FoundationEssentials
import Glibc

/// What the last successful build of an output folder was made from, kept in
/// the cache folder. When a new build's inputs hash to the same fingerprint
/// and the output still looks exactly as that build left it
/// (`OutputTreeDigest`: every file, its size and times), there is nothing to
/// do: no page is rendered and no file is touched.
package struct BuildRecord: Sendable, Equatable {
    package var fingerprint: String
    /// `OutputTreeDigest` of the output right after the build.
    package var tree: String
    package var pages: Int
    package var places: Int
    package var files: Int
    /// What the next build needs to render only what its change touches
    /// (`IncrementalBuild`); nil in a record of an older version.
    package var incremental: Incremental?
    /// The places file the build read, so the next one can tell it is the same file without reading it.
    package var placesFile: PlacesFile?

    package struct PlacesFile: Sendable, Equatable {
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

    /// The keys of what the output was made from, beside the cache files
    /// that hold the guide's base and the store of that build.
    package struct Incremental: Sendable, Equatable {
        /// Hash of everything every page shows besides the places (settings, source line, assets, basemap, binary).
        package var context: String
        /// Hash of what the guide's base was made from (`GuideBaseArchive`'s key).
        package var base: String
        /// The data files the output has, in order.
        package var chunks: [String]

        package init(context: String, base: String, chunks: [String]) {
            self.context = context
            self.base = base
            self.chunks = chunks
        }
    }

    package init(
        fingerprint: String, tree: String, pages: Int, places: Int, files: Int, incremental: Incremental? = nil
    ) {
        self.fingerprint = fingerprint
        self.tree = tree
        self.pages = pages
        self.places = places
        self.files = files
        self.incremental = incremental
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

    static func path(site: SiteFolder, output: String) -> String {
        var hasher = ContentHasher()
        hasher.combine(output)
        return site.cachePath + "/builds/" + hasher.hex + ".json"
    }

    package static func load(site: SiteFolder, output: String) -> BuildRecord? {
        guard let bytes = FileSystem.readCacheFile(path(site: site, output: output)),
            let json = try? JSONParser.parse(bytes: bytes),
            let fingerprint = json["fingerprint"]?.looseString, let tree = json["tree"]?.looseString,
            let pages = json["pages"]?.looseDouble.flatMap(Int.init(exactly:)),
            let places = json["places"]?.looseDouble.flatMap(Int.init(exactly:)),
            let files = json["files"]?.looseDouble.flatMap(Int.init(exactly:))
        else { return nil }
        var incremental: Incremental?
        if let context = json["context"]?.looseString, let base = json["base"]?.looseString,
            let chunks = json["chunks"]?.arrayValue?.compactMap(\.looseString)
        {
            incremental = Incremental(context: context, base: base, chunks: chunks)
        }
        var record = BuildRecord(
            fingerprint: fingerprint, tree: tree, pages: pages, places: places, files: files, incremental: incremental)
        if let path = json["placesPath"]?.looseString, let identity = json["placesIdentity"]?.looseString,
            let key = json["placesKey"]?.looseString
        {
            record.placesFile = PlacesFile(path: path, identity: identity, key: key)
        }
        return record
    }

    package func save(site: SiteFolder, output: String) throws(FileError) {
        let path = BuildRecord.path(site: site, output: output)
        try site.createFolder(PathText.parent(path))
        var fields: [(String, JSONValue)] = [
            ("output", .string(output)), ("fingerprint", .string(fingerprint)), ("tree", .string(tree)),
            ("pages", .number(Double(pages))), ("places", .number(Double(places))), ("files", .number(Double(files))),
        ]
        if let incremental {
            fields += [
                ("context", .string(incremental.context)), ("base", .string(incremental.base)),
                ("chunks", .array(incremental.chunks.map { .string($0) })),
            ]
        }
        if let placesFile {
            fields += [
                ("placesPath", .string(placesFile.path)), ("placesIdentity", .string(placesFile.identity)),
                ("placesKey", .string(placesFile.key)),
            ]
        }
        let json = JSONValue.object(fields)
        var bytes: [UInt8] = []
        JSONWriter().write(json, into: &bytes)
        try FileSystem.writeCacheFile(bytes, to: path)
    }
}
