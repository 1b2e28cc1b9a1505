import BeaconSystem
import FoundationEssentials

/// The places of the last successful build, kept in the cache folder so the
/// terminal commands (`rate`, `search` …) know the same places the site
/// shows, without another API call: as GeoJSON for API and sample builds, or
/// — for a build from a places file, which may hold 100,000 places — as a
/// pointer to that file.
package enum PlaceIndex {
    package static func path(in site: SiteFolder) -> String { site.cachePath + "/places.geojson" }
    static func pointerPath(in site: SiteFolder) -> String { site.cachePath + "/places-file.json" }
    static func sourcePath(in site: SiteFolder) -> String { site.cachePath + "/places-source.json" }

    /// Records where the last build's places came from and when, so the
    /// terminal commands (`share`, `favorites` …) credit the same source and
    /// show the same date as the published pages.
    package static func saveSource(_ source: DataSourceInfo, in site: SiteFolder) throws(FileError) {
        var members: [(key: String, value: JSONValue)] = []
        switch source.kind {
        case .sample: members.append(("kind", .string("sample")))
        case .live: members.append(("kind", .string("live")))
        case .cache(let age): members += [("kind", .string("cache")), ("ageSeconds", .number(Double(age)))]
        case .file(let name): members += [("kind", .string("file")), ("name", .string(name))]
        }
        members.append(("fetchedAt", .number(source.fetchedAt.timeIntervalSince1970)))
        var bytes: [UInt8] = []
        JSONWriter().write(.object(members), into: &bytes)
        try site.createFolder(site.cachePath)
        if FileSystem.readCacheFile(sourcePath(in: site)) == bytes { return }
        // Not synced (an fsync per changed places file is felt in a rebuild): a file a crash damaged reads as none.
        try FileSystem.writeCacheFile(bytes, to: sourcePath(in: site), sync: false)
    }

    /// The last build's source; nil before the first build (or when the record is unreadable: it is only a cache).
    package static func loadSource(from site: SiteFolder) -> DataSourceInfo? {
        guard let bytes = FileSystem.readCacheFile(sourcePath(in: site)),
            let json = try? JSONParser.parse(bytes: bytes),
            let seconds = json["fetchedAt"]?.looseDouble, seconds.isFinite
        else { return nil }
        let kind: DataSourceInfo.Kind
        switch json["kind"]?.looseString {
        case "sample": kind = .sample
        case "live": kind = .live
        case "cache": kind = .cache(ageSeconds: json["ageSeconds"]?.looseDouble.flatMap(Int.init(exactly:)) ?? 0)
        case "file": kind = .file(name: json["name"]?.looseString ?? "")
        default: return nil
        }
        return DataSourceInfo(kind: kind, fetchedAt: Date(timeIntervalSince1970: seconds))
    }

    package static func save(_ places: [Place], in site: SiteFolder) throws(FileError) {
        try write(encode(places), in: site)
    }

    /// The index's bytes (separate from `write`, so a build can encode while it renders).
    package static func encode(_ places: [Place]) -> [UInt8] {
        GeoJSONExport.write(places.map { ($0, GeoJSONExport.Extras()) })
    }

    /// Writes the index unless it already holds these bytes.
    package static func write(_ bytes: [UInt8], in site: SiteFolder) throws(FileError) {
        try site.createFolder(site.cachePath)
        FileSystem.removeTree(pointerPath(in: site))
        if FileSystem.readCacheFile(path(in: site)) == bytes { return }
        try FileSystem.writeCacheFile(bytes, to: path(in: site))
    }

    /// Remembers that the last build came from a places file.
    package static func savePointer(
        toPlacesFile file: String, defaultCategory: PlaceCategory?, in site: SiteFolder
    ) throws(FileError) {
        try site.createFolder(site.cachePath)
        FileSystem.removeTree(path(in: site))
        var members: [(key: String, value: JSONValue)] = [("placesFile", .string(file))]
        if let defaultCategory { members.append(("category", .string(defaultCategory.rawValue))) }
        var bytes: [UInt8] = []
        JSONWriter().write(.object(members), into: &bytes)
        if FileSystem.readCacheFile(pointerPath(in: site)) == bytes { return }
        try FileSystem.writeCacheFile(bytes, to: pointerPath(in: site))
    }

    /// The places file the last build read, if it read one.
    package static func lastPlacesFile(in site: SiteFolder) -> String? {
        guard let bytes = FileSystem.readCacheFile(pointerPath(in: site)),
            let json = try? JSONParser.parse(bytes: bytes)
        else { return nil }
        return json["placesFile"]?.looseString
    }

    /// Nil when no build has run yet (or the index is unreadable: it is only a cache). `settings`: the
    /// guide's now (its categories, the country its addresses are written the way of).
    package static func load(from site: SiteFolder, settings: SiteSettings) -> [Place]? {
        let categories = settings.categories
        let country = settings.addressCountry
        if let bytes = FileSystem.readCacheFile(pointerPath(in: site)),
            let json = try? JSONParser.parse(bytes: bytes), let file = json["placesFile"]?.looseString
        {
            let category = json["category"]?.looseString.flatMap { PlaceCategory.named($0, in: categories) }
            return try? PlacesFile.load(
                path: file, defaultCategory: category, categories: categories, addressCountry: country
            ).places
        }
        guard let bytes = FileSystem.readCacheFile(path(in: site)),
            let json = try? JSONParser.parse(bytes: bytes),
            let result = try? PlacesDecoder(categories: categories, addressCountry: country).decode(json)
        else { return nil }
        return result.places
    }
}
