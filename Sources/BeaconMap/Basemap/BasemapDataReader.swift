import BeaconModel
import BeaconText

/// OpenStreetMap data into the features the basemap draws: GeoJSON (osmium
/// export, overpass-turbo), Overpass API's JSON, or OSM XML, told apart by
/// content (an owner's extract is named anything; a server's error page is
/// saved under the name the data should have had).
package enum BasemapDataReader {
    /// The caller refuses larger files before reading them (a city is tens of megabytes).
    package static let maximumBytes = 512 << 20
    /// Positions read or referred to, over all elements: a large city with every street
    /// and shore is about two million.
    package static let maximumCoordinates = 5_000_000
    /// Nodes, ways, relations, relation members and features.
    package static let maximumElements = 5_000_000

    /// The features in `bytes`; with `bounds` (the area the tiles cover), also the sea
    /// the coastline closes there, and nothing wholly outside it.
    package static func read(_ bytes: [UInt8], within bounds: GeoBounds?) throws(BasemapDataError)
        -> BasemapData
    {
        try read(bytes, within: bounds, collector: BasemapCollector())
    }

    /// With the collector's limits (the tests' are small).
    package static func read(
        _ bytes: [UInt8], within bounds: GeoBounds?, collector: BasemapCollector
    ) throws(BasemapDataError) -> BasemapData {
        guard bytes.count <= maximumBytes else {
            throw .tooLarge(bytes: bytes.count, limit: maximumBytes)
        }
        var collector = collector
        switch try kind(of: bytes) {
        case .json:
            try BasemapJSONReader.read(bytes, into: &collector)
        case .xml:
            let elements = try OSMXMLReader.read(bytes, into: &collector)
            if elements.isEmpty { throw .noElements(.osmXML) }
            elements.assemble(into: &collector)
        }
        var features = collector.features
        if let bounds {
            features = features.filter { Box(feature: $0).intersects(bounds) }
            features += Coastline.features(from: collector.coastline, within: bounds)
        }
        return BasemapData(features: features, skipped: collector.skipped)
    }

    // MARK: Recognising the data

    private enum Kind {
        case json
        case xml
    }

    private static func kind(of bytes: [UInt8]) throws(BasemapDataError) -> Kind {
        if bytes.starts(with: [0x1F, 0x8B]) { throw .binary(.gzip) }
        if bytes.starts(with: Array("BZh".utf8)) { throw .binary(.bzip2) }
        if bytes.starts(with: [0x50, 0x4B, 0x03, 0x04]) { throw .binary(.zip) }
        // A PBF file begins with a block header's length and the type «OSMHeader».
        if bytes.count > 16,
            bytes[4..<min(bytes.count, 32)].firstRange(of: Array("OSMHeader".utf8)) != nil
        {
            throw .binary(.pbf)
        }
        var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while start < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[start]) { start += 1 }
        guard start < bytes.count else { throw .empty }
        switch bytes[start] {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            return .json
        case UInt8(ascii: "<"):
            let head = asciiLowercased(bytes[start..<min(bytes.count, start + 65_536)])
            if let root = rootElement(head), root == "html" || root == "!doctype html" {
                throw .htmlPage(htmlSummary(bytes))
            }
            return .xml
        default:
            let prefix = String(
                decoding: bytes[start..<min(bytes.count, start + 60)], as: UTF8.self)
            throw .unrecognised(start: cleanedMessage(prefix, maximumLength: 40))
        }
    }

    /// The first element's name (or `!doctype html`), past the XML declaration and comments.
    private static func rootElement(_ head: [UInt8]) -> String? {
        var index = 0
        while index < head.count {
            guard let open = head[index...].firstIndex(of: UInt8(ascii: "<")) else { return nil }
            let rest = head[open...]
            if rest.starts(with: Array("<!--".utf8)) {
                guard let end = rest.firstRange(of: Array("-->".utf8)) else { return nil }
                index = end.upperBound
            } else if rest.starts(with: Array("<!doctype html".utf8)) {
                return "!doctype html"
            } else if rest.starts(with: Array("<?".utf8)) || rest.starts(with: Array("<!".utf8)) {
                guard let end = rest.firstIndex(of: UInt8(ascii: ">")) else { return nil }
                index = end + 1
            } else {
                let name = rest.dropFirst().prefix {
                    $0 != UInt8(ascii: ">") && $0 != UInt8(ascii: "/") && $0 > 0x20
                }
                return String(decoding: name, as: UTF8.self)
            }
        }
        return nil
    }

    /// What an HTML error page says: Overpass' «Error: …» line, else the title.
    private static func htmlSummary(_ bytes: [UInt8]) -> String? {
        let page = Array(bytes.prefix(65_536))
        let lower = asciiLowercased(page[...])
        func text(from start: Int, to end: [UInt8]) -> String? {
            let stop = lower[start...].firstRange(of: end)?.lowerBound ?? lower.count
            let inner = String(decoding: page[start..<stop], as: UTF8.self)
            return cleanedMessage(withoutTags(inner))
        }
        if let error = lower.firstRange(of: Array("error</strong>:".utf8)),
            let found = text(from: error.upperBound, to: Array("</p>".utf8))
        {
            return found
        }
        if let title = lower.firstRange(of: Array("<title>".utf8)) {
            return text(from: title.upperBound, to: Array("</title>".utf8))
        }
        return nil
    }

    private static func withoutTags(_ html: String) -> String {
        var out = ""
        var inTag = false
        for character in html {
            if character == "<" {
                inTag = true
            } else if character == ">" {
                inTag = false
                out.append(" ")
            } else if !inTag {
                out.append(character)
            }
        }
        return out.replacingAll("&quot;", with: "\"").replacingAll("&lt;", with: "<").replacingAll(
            "&gt;", with: ">"
        )
        .replacingAll("&amp;", with: "&")
    }

    private static func asciiLowercased(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
        bytes.map { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") ? $0 | 0x20 : $0 }
    }

    /// Outside text made fit for a message: one line, no controls, at most `maximumLength`
    /// characters.
    static func cleanedMessage(_ text: String, maximumLength: Int = 200) -> String {
        TextHardening.clean(text, maximumLength: maximumLength) ?? "(tom)"
    }
}

extension Box {
    init(feature: BasemapFeature) {
        self.init([])
        switch feature.geometry {
        case .point(let point): add(point)
        case .line(let points): for point in points { add(point) }
        case .area(let rings): for ring in rings { for point in ring { add(point) } }
        }
    }
}
