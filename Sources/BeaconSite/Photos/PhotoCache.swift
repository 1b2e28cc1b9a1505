import BeaconModel
import BeaconSystem

/// Processed photos kept in the cache folder (`.beacon-cache/photos/`), by the original's name (its
/// content hash) and the pipeline's settings: an unchanged photo costs a rebuild one small read, an
/// added one only itself. A cache: an entry that is damaged or incomplete is simply made again.
package struct PhotoCache: Sendable {
    /// Changes whenever the pipeline would make other bytes (widths, qualities, formats).
    package static let version =
        "p2-" + PhotoPipeline.widths.map(String.init).joined(separator: "-")
        + "-j\(PhotoPipeline.jpegWidth)"

    package let folder: String
    let root: String

    package init(site: SiteFolder) {
        folder = site.cachePath + "/photos"
        root = site.root
    }

    /// What the cache knows of a processed photo: its size, placeholder, and each variant's cached
    /// file.
    package struct Entry: Sendable, Equatable {
        package var width: Int
        package var height: Int
        package var placeholder: String
        package var variants: [(width: Int, height: Int, format: PhotoFormat, file: String)]

        package static func == (a: Entry, b: Entry) -> Bool {
            a.width == b.width && a.height == b.height && a.placeholder == b.placeholder
                && a.variants.elementsEqual(b.variants) {
                    $0.width == $1.width && $0.height == $1.height && $0.format == $1.format
                        && $0.file == $1.file
                }
        }
    }

    private func metaPath(_ stem: String) -> String {
        folder + "/" + stem + "-" + Self.version + ".json"
    }

    /// The entry for the original named `stem`, when it and every variant file are there.
    package func entry(for stem: String) -> Entry? {
        guard let bytes = FileSystem.readCacheFile(metaPath(stem)),
            let json = try? JSONParser.parse(bytes: bytes),
            let width = json["width"]?.looseDouble.flatMap({ Int(exactly: $0) }),
            let height = json["height"]?.looseDouble.flatMap({ Int(exactly: $0) }),
            let placeholder = json["placeholder"]?.looseString,
            let items = json["variants"]?.arrayValue
        else { return nil }
        var variants: [(width: Int, height: Int, format: PhotoFormat, file: String)] = []
        for item in items {
            guard let w = item["w"]?.looseDouble.flatMap({ Int(exactly: $0) }),
                let h = item["h"]?.looseDouble.flatMap({ Int(exactly: $0) }),
                let format = item["f"]?.looseString.flatMap(PhotoFormat.init(rawValue:)),
                let file = item["file"]?.looseString, !file.contains("/"),
                FileSystem.fileExists(folder + "/" + file)
            else { return nil }
            variants.append((w, h, format, folder + "/" + file))
        }
        return variants.isEmpty
            ? nil
            : Entry(width: width, height: height, placeholder: placeholder, variants: variants)
    }

    /// Keeps `photo` for the original named `stem`: the variants first, the description last (an
    /// entry without it is incomplete and made again).
    package func store(_ photo: ProcessedPhoto, for stem: String) throws(FileError) -> Entry {
        try FileSystem.createDirectory(folder, inside: root)
        var items: [JSONValue] = []
        var variants: [(width: Int, height: Int, format: PhotoFormat, file: String)] = []
        for variant in photo.variants {
            let name =
                "\(stem)-\(Self.version)-\(variant.width).\(variant.format == .webp ? "webp" : "jpg")"
            try FileSystem.writeCacheFile(variant.bytes, to: folder + "/" + name, sync: false)
            items.append(
                .object([
                    ("w", .number(Double(variant.width))), ("h", .number(Double(variant.height))),
                    ("f", .string(variant.format.rawValue)), ("file", .string(name)),
                ]))
            variants.append((variant.width, variant.height, variant.format, folder + "/" + name))
        }
        var bytes: [UInt8] = []
        JSONWriter().write(
            .object([
                ("width", .number(Double(photo.width))), ("height", .number(Double(photo.height))),
                ("placeholder", .string(photo.placeholder)), ("variants", .array(items)),
            ]), into: &bytes)
        try FileSystem.writeCacheFile(bytes, to: metaPath(stem), sync: false)
        return Entry(
            width: photo.width, height: photo.height, placeholder: photo.placeholder,
            variants: variants)
    }

    /// Deletes what no photo in `stems` (the originals the store names) needs from this version:
    /// entries of photos removed since, and every entry an earlier pipeline made. A cache is kept
    /// only as long as it is of use; the folder would otherwise grow with each photo ever added.
    package func prune(keeping stems: Set<String>) {
        for name in FileSystem.entryNames(in: folder) {
            let stem = String(name.prefix { $0 != "-" })
            let current =
                name.hasPrefix(stem + "-" + Self.version + "-")
                || name == stem + "-" + Self.version + ".json"
            if !(stems.contains(stem) && current) { FileSystem.removeTree(folder + "/" + name) }
        }
    }
}
