import Foundation
import Testing

@testable import BeaconModel
@testable import BeaconSite
@testable import BeaconSources
@testable import BeaconSystem

/// The API key echoed back by an upstream in another spelling (issue: the redactor worked on the
/// raw bytes before they were decoded, so `\u002B`, a partly percent-encoded key and a PNG's text
/// chunks passed it and were kept and published). The real binary against the loopback stand-in,
/// through every way in: places, address lookups (`center search`, `import`), map tiles; and every
/// way out: the cache, the settings and store, the terminal, the pages of a later build without the
/// key, the share file.
@Suite(.serialized) struct KeySpellingTests {
    static let key = "k-ey.X+y/z"
    /// As .NET's serialiser writes `+`, as Python's `quote` leaves `/`, and the other way round.
    static let spellings = [#"k-ey.X\u002By/z"#, "k-ey.X%2By/z", "k-ey.X+y%2Fz"]

    /// `bytes` with every escape of the key's characters undone by this test's own table (not the
    /// redactor's), so that the key shows as itself however a file spells it.
    static func normalised(_ bytes: [UInt8]) -> String {
        var text = String(decoding: bytes.map { $0 < 0x80 ? $0 : UInt8(ascii: "?") }, as: UTF8.self)
        for (spelled, plain) in [
            (#"\u002B"#, "+"), (#"\u002b"#, "+"), (#"\u002F"#, "/"), (#"\u002f"#, "/"),
            (#"\/"#, "/"),
            (#"\u002D"#, "-"), (#"\u002d"#, "-"), (#"\u002E"#, "."), (#"\u002e"#, "."),
            ("%2B", "+"), ("%2b", "+"),
            ("%2F", "/"), ("%2f", "/"), ("%2D", "-"), ("%2d", "-"), ("%2E", "."), ("%2e", "."),
            ("&#43;", "+"),
            ("&#x2B;", "+"), ("&#x2b;", "+"), ("&plus;", "+"), ("&#47;", "/"), ("&#x2F;", "/"),
            ("&#x2f;", "/"),
            ("&sol;", "/"),
        ] {
            text = text.replacingOccurrences(of: spelled, with: plain)
        }
        return text
    }

    /// Every file under `folder` (compressed PNG text inflated) that spells the key.
    static func filesSpellingTheKey(under folder: String) -> [String] {
        SiteWriter.listFiles(under: folder).filter { path in
            let bytes = (try? FileSystem.read(folder + "/" + path, limit: 1 << 30)) ?? []
            var texts = [bytes]
            if path.hasSuffix(".png") { texts += inflatedChunks(of: bytes) }
            return texts.contains { normalised($0).contains(key) }
        }
    }

    /// The inflated text of a PNG's zTXt and iTXt chunks.
    static func inflatedChunks(of png: [UInt8]) -> [[UInt8]] {
        var found: [[UInt8]] = []
        var position = 8
        while position + 12 <= png.count {
            let length = png[position..<(position + 4)].reduce(0) { $0 << 8 | Int($1) }
            guard position + 12 + length <= png.count else { break }
            let type = String(decoding: png[(position + 4)..<(position + 8)], as: UTF8.self)
            let data = Array(png[(position + 8)..<(position + 8 + length)])
            if type == "zTXt" || type == "iTXt",
                let start = data.firstRange(of: [0x78, 0x9C])?.lowerBound,
                let inflated = try? Inflate.raw(data[(start + 2)...], limit: 1 << 20)
            {
                found.append(inflated)
            }
            position += 12 + length
        }
        return found
    }

    /// The sample's cafés answer with three names and addresses that spell the key.
    static func echoingCafes() throws -> String {
        var answer = try String(
            contentsOfFile: Repository.root + "/Resources/sample-data/cafe.json", encoding: .utf8)
        for (index, name) in ["Starbucks", "Espresso House", "Tim Wendelboe"].enumerated() {
            answer = answer.replacingOccurrences(
                of: "\"\(name)", with: "\"Echo\(index + 1) \(spellings[index]) ")
        }
        let path = NSTemporaryDirectory() + "echo-cafe-\(UUID().uuidString).json"
        try answer.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    static let geocodeAnswer = """
        {"type":"FeatureCollection","features":[{"type":"Feature","properties":{
        "name":"Echo \(spellings[0])","address_line1":"Echo \(spellings[0])","address_line2":"\(spellings[1]) 0154 Oslo",
        "formatted":"\(spellings[2])","lat":59.9115,"lon":10.7502},"geometry":{"type":"Point","coordinates":[10.7502,59.9115]}}]}
        """

    @Test func theKeyInAnySpellingIsKeptNowhereAndPublishedNowhere() throws {
        let cafes = try Self.echoingCafes()
        defer { try? FileManager.default.removeItem(atPath: cafes) }
        let stub = try GeoapifyStub(routes: [
            "catering.cafe": [GeoapifyStub.Response(file: cafes)],
            "geocode": [GeoapifyStub.Response(body: Self.geocodeAnswer)],
            "tile": [.tile(withText: "Echo \(Self.key) \(Self.spellings[1]) \(Self.spellings[2])")],
        ])
        let site = TestSite()
        site.write(#"{"format":1,"basemap":"geoapify","tileBudget":12}"#, to: SiteSettings.fileName)
        let withKey = [
            "GEOAPIFY_API_KEY": Self.key, "GEOAPIFY_BASE_URL": stub.baseURL,
            "GEOAPIFY_TIMEOUT": "5",
        ]
        var printed = ""
        func run(_ arguments: [String], key: Bool = true) throws -> ProcessResult {
            let result = try Sitegen.runWithBasemap(
                arguments + ["--site", site.root], environment: key ? withKey : [:])
            printed += result.stdout + result.stderr
            return result
        }

        let built = try run(["build"])
        #expect(built.status == 0, "\(built.stderr)")
        #expect(site.read("output/kafeer/index.html")?.contains("Echo2 [API-nøkkel]") == true)
        let tiles = site.outputFiles().filter { $0.hasPrefix("kart/") && $0.hasSuffix(".png") }
        #expect(!tiles.isEmpty)
        for tile in tiles {
            let bytes = try FileSystem.read(site.output + "/" + tile)
            #expect(
                PNGTile.publishable(bytes) == bytes,
                "\(tile) is a whole PNG of the picture's chunks only")
        }

        let moved = try run(["center", "search", "Echo"])
        #expect(moved.status == 0, "\(moved.stderr)")
        let favorite = try run(["favorite", "add", "Echo1"], key: false)
        #expect(favorite.status == 0, "\(favorite.stderr)")
        let csv = "Title,Note,URL\nEcho kafé,,https://www.google.com/maps/search/Echo\n"
        site.write(csv, to: "saved.csv")
        let imported = try run(["import", site.root + "/saved.csv", "--category", "cafe"])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(stub.requests.filter { $0.path.hasPrefix("/v1/geocode") }.count == 2)

        // Later, without the key: what was kept is what is published.
        let later = try run(["build"], key: false)
        #expect(later.status == 0, "\(later.stderr)")
        let shared = try run(["share", "--output", site.root + "/del.html"], key: false)
        #expect(shared.status == 0, "\(shared.stderr)")

        #expect(Self.filesSpellingTheKey(under: site.root) == [])
        #expect(!Self.normalised(Array(printed.utf8)).contains(Self.key), "\(printed)")
        #expect(site.read(SiteSettings.fileName)?.contains("Echo [API-nøkkel]") == true)
    }
}
