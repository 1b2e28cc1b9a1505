import BeaconModel
import BeaconSite
import BeaconSources
import BeaconSystem
import FoundationEssentials

/// The places of the last successful build, kept in the cache folder so the terminal commands
/// (`rate`, `search` …) know the same places the site shows, without another API call: each `Place`
/// as Codable writes it (addresses as the build wrote them), for API and sample builds, or — for a
/// build from a places file, which may hold 100,000 places — a pointer to that file. Only a cache:
/// what does not read is none.
package enum PlaceIndex {
    package static func path(in site: SiteFolder) -> String { site.cachePath + "/places.json" }
    /// Where versions before the index was Codable kept it, as GeoJSON: still read until the next
    /// build writes the index (an upgrade should not make `rate` wait for a build), then removed.
    static func oldPath(in site: SiteFolder) -> String { site.cachePath + "/places.geojson" }
    static func pointerPath(in site: SiteFolder) -> String { site.cachePath + "/places-file.json" }
    static func sourcePath(in site: SiteFolder) -> String { site.cachePath + "/places-source.json" }

    /// Compact, with sorted keys: the same places give the same bytes in every process, so an
    /// unchanged index is not written again.
    private static func encoded(_ value: some Encodable) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return Array(try encoder.encode(value))
    }

    /// Writes `bytes` at `path` unless it holds them already.
    private static func write(
        _ bytes: [UInt8], to path: String, in site: SiteFolder, sync: Bool = true
    )
        throws(FileError)
    {
        try site.createFolder(site.cachePath)
        if FileSystem.readCacheFile(path) == bytes { return }
        try FileSystem.writeCacheFile(bytes, to: path, sync: sync)
    }

    private static func read<Value: Decodable>(_ type: Value.Type, at path: String) -> Value? {
        FileSystem.readCacheFile(path).flatMap { try? JSONDecoder().decode(type, from: Data($0)) }
    }

    /// Where the last build's places came from and when, so the terminal commands (`share`,
    /// `favorites` …) credit the same source and show the same date as the published pages.
    private struct Source: Codable {
        var kind: String
        var ageSeconds: Int?
        var name: String?
        var fetchedAt: Double
        /// "osm" for OpenStreetMap's answers; nil for Geoapify's (and in older records).
        var provider: String?
    }

    package static func saveSource(_ source: DataSourceInfo, in site: SiteFolder) throws(FileError)
    {
        var record = Source(kind: "", fetchedAt: source.fetchedAt.timeIntervalSince1970)
        if source.provider != .geoapify { record.provider = source.provider.rawValue }
        switch source.kind {
        case .sample: record.kind = "sample"
        case .live: record.kind = "live"
        case .cache(let age): (record.kind, record.ageSeconds) = ("cache", age)
        case .file(let name): (record.kind, record.name) = ("file", name)
        case .ownOnly: record.kind = "own"
        }
        // Not synced (an fsync per changed places file is felt in a rebuild): a file a crash
        // damaged reads as none.
        guard let bytes = try? encoded(record) else { return }
        try write(bytes, to: sourcePath(in: site), in: site, sync: false)
    }

    /// The last build's source; nil before the first build.
    package static func loadSource(from site: SiteFolder) -> DataSourceInfo? {
        guard let record = read(Source.self, at: sourcePath(in: site)), record.fetchedAt.isFinite
        else { return nil }
        let kind: DataSourceInfo.Kind
        switch record.kind {
        case "sample": kind = .sample
        case "live": kind = .live
        case "cache": kind = .cache(ageSeconds: record.ageSeconds ?? 0)
        case "file": kind = .file(name: record.name ?? "")
        case "own": kind = .ownOnly
        default: return nil
        }
        return DataSourceInfo(
            kind: kind, fetchedAt: Date(timeIntervalSince1970: record.fetchedAt),
            provider: record.provider.flatMap(DataSourceInfo.Provider.init) ?? .geoapify)
    }

    package static func save(_ places: [Place], in site: SiteFolder) throws(FileError) {
        try write(encode(places), in: site)
    }

    /// The index's bytes (separate from `write`, so a build can encode while it renders). A place's
    /// numbers are finite, so this does not fail; if it did, the empty index would read as none.
    package static func encode(_ places: [Place]) -> [UInt8] { (try? encoded(places)) ?? [] }

    /// Writes the index unless it already holds these bytes.
    package static func write(_ bytes: [UInt8], in site: SiteFolder) throws(FileError) {
        FileSystem.removeTree(pointerPath(in: site))
        FileSystem.removeTree(oldPath(in: site))
        try write(bytes, to: path(in: site), in: site)
    }

    /// That the last build came from a places file, and the category its features without one were
    /// given.
    private struct Pointer: Codable {
        var placesFile: String
        var category: String?
    }

    /// Remembers that the last build came from a places file.
    package static func savePointer(
        toPlacesFile file: String, defaultCategory: PlaceCategory?, in site: SiteFolder
    ) throws(FileError) {
        FileSystem.removeTree(path(in: site))
        FileSystem.removeTree(oldPath(in: site))
        guard
            let bytes = try? encoded(Pointer(placesFile: file, category: defaultCategory?.rawValue))
        else { return }
        try write(bytes, to: pointerPath(in: site), in: site)
    }

    /// The places file the last build read, if it read one.
    package static func lastPlacesFile(in site: SiteFolder) -> String? {
        read(Pointer.self, at: pointerPath(in: site))?.placesFile
    }

    /// Nil when no build has run yet (or the index is unreadable). `settings`: the guide's now (its
    /// categories, the country a places file's addresses are written the way of); a place of a kind
    /// the guide no longer has is left out, as a places file's would be.
    package static func load(from site: SiteFolder, settings: SiteSettings) -> [Place]? {
        let categories = settings.categories
        let country = settings.addressCountry
        if let pointer = read(Pointer.self, at: pointerPath(in: site)) {
            let category = pointer.category.flatMap { PlaceCategory.named($0, in: categories) }
            return try? PlacesFile.load(
                path: pointer.placesFile, defaultCategory: category, categories: categories,
                addressCountry: country
            ).places
        }
        if let places = read([Place].self, at: path(in: site)) {
            return places.compactMap { place in
                var place = place
                place.category = place.category.resolved(in: categories)
                return categories.contains(place.category) ? place : nil
            }
        }
        guard let bytes = FileSystem.readCacheFile(oldPath(in: site)),
            let json = try? JSONParser.parse(bytes: bytes),
            let result = try? PlacesDecoder(categories: categories, addressCountry: country).decode(
                json)
        else { return nil }
        return result.places
    }
}
