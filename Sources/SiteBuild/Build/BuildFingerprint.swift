import BeaconHTML
import BeaconMap
import BeaconModel
import BeaconSite
import BeaconSystem
import FoundationEssentials
import Glibc
import Templates

/// A hash of everything that shapes a build's output: this very `sitegen`
/// binary, the settings, the store, the assets, the output path, and the
/// places (the file's bytes, or each API or sample answer's bytes) with the
/// date the pages show for them. Equal fingerprints mean equal output.
struct BuildFingerprint {
    private var hasher = ContentHasher()

    init(settings: SiteSettings, store: GuideStore, assets: AssetBundle, outputPath: String) {
        hasher.combine("beacon-sitegen-build-1")
        hasher.combine(BuildFingerprint.executableIdentity)
        hasher.combine(OwnerText.rendererIdentity)
        hasher.combine(settings.encodedBytes)
        hasher.combine(store.encodedBytes)
        hasher.combine(assets)
        hasher.combine(outputPath)
    }

    /// The places (`PlaceInput.contentKey`) and the date the pages show for them.
    mutating func add(_ places: PlaceInput, key: String?) {
        hasher.combine(key ?? "unkeyed")
        hasher.combine(BuildFingerprint.moment(places.source.fetchedAt))
    }

    /// The basemap: what the pages are told, and every published tile.
    mutating func add(_ basemap: BasemapInput) {
        hasher.combine(basemap)
    }

    var hex: String { hasher.hex }

    /// The data's time to the second. (The pages print only its date, but
    /// working out the Oslo date needs the time-zone database, which costs
    /// more than the whole unchanged build; a touched file just renders again
    /// and writes nothing.)
    static func moment(_ date: Date) -> UInt64 {
        UInt64(bitPattern: Int64(saturating: date.timeIntervalSince1970.rounded(.down)))
    }

    /// Size and modification time of the running binary: a rebuilt or upgraded
    /// `sitegen` never reuses an earlier build's output.
    static let executableIdentity: String = {
        guard let info = FileSystem.status("/proc/self/exe") else {
            return "unknown-\(UUID().uuidString)"
        }
        return "\(info.size)-\(info.modifiedSeconds)-\(info.modifiedNanoseconds)"
    }()
}

/// What the fingerprint and the incremental build's context key both hash, the same way.
extension ContentHasher {
    /// Every asset's path and what stands for its bytes (`AssetFile`).
    mutating func combine(_ assets: AssetBundle) {
        for file in assets.files { combine(file) }
    }

    /// What the pages are told of the basemap, and every published tile.
    mutating func combine(_ basemap: BasemapInput) {
        combine(basemap.published)
        for tile in basemap.tiles {
            combine(tile.path)
            combine(tile.bytes)
        }
    }

    /// Each field spelled out (a description made through reflection cost most of a millisecond a
    /// build).
    mutating func combine(_ basemap: PublishedBasemap) {
        combine("basemap")
        switch basemap.source {
        case .none:
            combine("none")
        case .published(let pathTemplate, let minZoom, let maxZoom, let bounds):
            combine("published")
            combine(pathTemplate)
            combine(UInt64(bitPattern: Int64(minZoom)))
            combine(UInt64(bitPattern: Int64(maxZoom)))
            for edge in [bounds.south, bounds.west, bounds.north, bounds.east] {
                combine(edge.bitPattern)
            }
        case .vector(let pathTemplate, let levels, let coverage):
            combine("vector")
            combine(pathTemplate)
            for level in levels {
                for number in [level.zoom, level.minX, level.minY, level.maxX, level.maxY] {
                    combine(UInt64(bitPattern: Int64(number)))
                }
            }
            if let coverage {
                for edge in [coverage.south, coverage.west, coverage.north, coverage.east] {
                    combine(edge.bitPattern)
                }
            }
        case .remote(let urlTemplate, let origin, let maxZoom):
            combine("remote")
            combine(urlTemplate)
            combine(origin)
            combine(UInt64(bitPattern: Int64(maxZoom)))
        }
        combine(UInt64(basemap.attribution.count))
        for credit in basemap.attribution {
            combine(credit.text)
            combine(credit.url == nil ? 0 : 1)
            combine(credit.url ?? "")
        }
    }

    /// Where the data came from, as the pages name it (not when: that is the caller's to say).
    mutating func combine(_ source: DataSourceInfo) {
        combine(source.provider.rawValue)
        switch source.kind {
        case .sample: combine("sample")
        case .live: combine("live")
        case .cache: combine("cache")
        case .file(let name): combine("file:" + name)
        case .ownOnly: combine("own")
        }
    }
}
