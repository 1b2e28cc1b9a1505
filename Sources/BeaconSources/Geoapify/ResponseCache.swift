import BeaconModel
import BeaconSystem
import FoundationEssentials

/// API answers on disk, so a rebuild costs no API credits. An entry is keyed
/// by the request URL — which never holds the key (it travels in a header) —
/// hashed into a file name. Body and metadata are written atomically; the
/// metadata is written last, so an entry without it is incomplete and ignored.
package struct ResponseCache: Sendable {
    package let folder: String
    /// The folder the cache lives in, never made by it (the site folder).
    let root: String?

    package init(folder: String, inside root: String? = nil) {
        self.folder = folder
        self.root = root
    }

    package struct Entry: Sendable {
        package var body: Data
        package var savedAt: Date
        var url: String
    }

    /// A stable file name for a request ("places-1a2b3c4d5e6f7a8b"), from its
    /// path and query only: the same request to another host (a test server,
    /// a proxy) finds the same entry.
    static func key(for url: URL, kind: String) -> String {
        let hash = FNV1a.hash((url.path + "?" + (url.query ?? "")).utf8)
        let hex = String(hash, radix: 16)
        return kind + "-" + String(repeating: "0", count: 16 - hex.count) + hex
    }

    static func hash(_ body: Data) -> UInt64 {
        var hasher = ContentHasher()
        hasher.combine([UInt8](body))
        return hasher.value
    }

    /// The entry for `key`, unless it is incomplete or dated in a way this cache never writes
    /// (relative to `now`).
    package func entry(for key: String, now: Date, limit: Int = HTTPRequest.defaultMaximumBodyBytes)
        -> Entry?
    {
        guard let meta = FileSystem.readCacheFile(folder + "/" + key + ".meta.json"),
            let json = try? JSONParser.parse(bytes: meta),
            let saved = json["savedAt"]?.looseDouble,
            // A date before 1970 or more than a day ahead is not one this cache wrote: ignore the
            // entry.
            saved >= 0, saved <= now.timeIntervalSince1970 + 86_400,
            let body = FileSystem.readCacheFile(
                folder + "/" + key + ".json", limit: limit)
        else { return nil }
        return Entry(
            body: Data(body), savedAt: Date(timeIntervalSince1970: saved),
            url: json["url"]?.looseString ?? "")
    }

    package func store(_ body: Data, url: URL, key: String, at date: Date) throws(FileError) {
        try FileSystem.createDirectory(folder, inside: root)
        try FileSystem.writeCacheFile([UInt8](body), to: folder + "/" + key + ".json")
        let meta = JSONValue.object([
            ("url", .string(url.absoluteString)),
            ("savedAt", .number(date.timeIntervalSince1970)),
            ("savedAtText", .string(date.formatted(Date.ISO8601FormatStyle()))),
        ])
        var bytes: [UInt8] = []
        JSONWriter().write(meta, into: &bytes)
        try FileSystem.writeCacheFile(bytes, to: folder + "/" + key + ".meta.json")
    }
}

/// "3 timer", "2 dager", "5 minutter": how old a cached answer is.
package enum AgeText {
    package static func norwegian(seconds: TimeInterval) -> String {
        let s = max(0, Int(saturating: seconds))
        if s < 120 { return s == 1 ? "1 sekund" : "\(s) sekunder" }
        if s < 2 * 3600 { return "\(s / 60) minutter" }
        if s < 2 * 86_400 { return "\(s / 3600) timer" }
        return "\(s / 86_400) dager"
    }
}
