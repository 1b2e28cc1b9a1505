import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// What the last successful build of an output folder was made from, kept in
/// the cache folder. When a new build's inputs hash to the same fingerprint
/// and the output still looks exactly as that build left it (same files,
/// sizes and modification times), there is nothing to do: no page is
/// rendered and no file is touched.
public struct BuildRecord: Sendable, Equatable {
    public var fingerprint: String
    /// Digest of the output tree right after the build (paths, sizes, mtimes).
    public var tree: String
    public var pages: Int
    public var places: Int
    public var files: Int

    public init(fingerprint: String, tree: String, pages: Int, places: Int, files: Int) {
        self.fingerprint = fingerprint
        self.tree = tree
        self.pages = pages
        self.places = places
        self.files = files
    }

    static func path(site: SiteFolder, output: String) -> String {
        var hasher = ContentHasher()
        hasher.combine(output)
        return site.cachePath + "/builds/" + hasher.hex + ".json"
    }

    public static func load(site: SiteFolder, output: String) -> BuildRecord? {
        guard let bytes = try? FileSystem.readIfExists(path(site: site, output: output)),
              let json = try? JSONParser.parse(bytes: bytes),
              let fingerprint = json["fingerprint"]?.looseString, let tree = json["tree"]?.looseString,
              let pages = json["pages"]?.looseDouble, let places = json["places"]?.looseDouble, let files = json["files"]?.looseDouble
        else { return nil }
        return BuildRecord(fingerprint: fingerprint, tree: tree, pages: Int(pages), places: Int(places), files: Int(files))
    }

    public func save(site: SiteFolder, output: String) throws(FileError) {
        let path = BuildRecord.path(site: site, output: output)
        try FileSystem.createDirectory((path as NSString).deletingLastPathComponent)
        let json = JSONValue.object([
            ("output", .string(output)), ("fingerprint", .string(fingerprint)), ("tree", .string(tree)),
            ("pages", .number(Double(pages))), ("places", .number(Double(places))), ("files", .number(Double(files))),
        ])
        var bytes: [UInt8] = []
        JSONWriter().write(json, into: &bytes)
        try FileSystem.writeAtomically(bytes, to: path)
    }

    /// A cheap digest of the output folder: the folder itself and every entry
    /// one level down (name, inode, size, modification time). Every build
    /// swaps in a new tree, and adding or removing a page changes its folder's
    /// time, so this tells whether the output is still the one the record was
    /// made for without visiting 100,000 files. (An edit inside an existing
    /// page file by hand is not seen: `sitegen build --force` rebuilds anyway.)
    public static func treeDigest(of root: String) -> (digest: String, files: Int) {
        var hasher = ContentHasher()
        var info = stat()
        guard stat(root, &info) == 0 else { return ("missing", 0) }
        func add(_ name: String, _ info: stat) {
            hasher.combine(name)
            hasher.combine(UInt64(info.st_ino))
            hasher.combine(UInt64(bitPattern: Int64(info.st_size)))
            hasher.combine(UInt64(bitPattern: Int64(info.st_mtim.tv_sec)))
            hasher.combine(UInt64(bitPattern: Int64(info.st_mtim.tv_nsec)))
            hasher.combine(UInt64(info.st_nlink))
        }
        add(".", info)
        let entries = ((try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []).sorted()
        for entry in entries where stat(root + "/" + entry, &info) == 0 {
            add(entry, info)
        }
        return (hasher.hex, entries.count)
    }
}
