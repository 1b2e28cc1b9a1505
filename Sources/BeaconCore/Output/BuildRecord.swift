import Foundation
#if canImport(Glibc)
import Glibc
#endif

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

    package init(fingerprint: String, tree: String, pages: Int, places: Int, files: Int) {
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

    package static func load(site: SiteFolder, output: String) -> BuildRecord? {
        guard let bytes = try? FileSystem.readIfExists(path(site: site, output: output)),
              let json = try? JSONParser.parse(bytes: bytes),
              let fingerprint = json["fingerprint"]?.looseString, let tree = json["tree"]?.looseString,
              let pages = json["pages"]?.looseDouble.flatMap(Int.init(exactly:)),
              let places = json["places"]?.looseDouble.flatMap(Int.init(exactly:)),
              let files = json["files"]?.looseDouble.flatMap(Int.init(exactly:))
        else { return nil }
        return BuildRecord(fingerprint: fingerprint, tree: tree, pages: pages, places: places, files: files)
    }

    package func save(site: SiteFolder, output: String) throws(FileError) {
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
}
