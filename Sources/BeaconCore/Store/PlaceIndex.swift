/// The places of the last successful build, kept in the cache folder as
/// GeoJSON so the terminal commands (`rate`, `search` …) know the same places
/// the site shows, without another API call.
public enum PlaceIndex {
    public static func path(in site: SiteFolder) -> String { site.cachePath + "/places.geojson" }

    public static func save(_ places: [Place], in site: SiteFolder) throws(FileError) {
        try FileSystem.createDirectory(site.cachePath)
        let bytes = GeoJSONExport.write(places.map { ($0, GeoJSONExport.Extras()) })
        if (try? FileSystem.readIfExists(path(in: site))) == bytes { return }
        try FileSystem.writeAtomically(bytes, to: path(in: site))
    }

    /// Nil when no build has run yet (or the index is unreadable: it is only a cache).
    public static func load(from site: SiteFolder) -> [Place]? {
        guard let bytes = try? FileSystem.readIfExists(path(in: site)),
              let json = try? JSONParser.parse(bytes: bytes),
              let result = try? PlacesDecoder().decode(json) else { return nil }
        return result.places
    }
}
