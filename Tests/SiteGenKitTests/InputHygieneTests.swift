import Foundation
import Testing

@testable import BeaconModel
@testable import BeaconSources
@testable import BeaconSystem
@testable import SiteBuild
@testable import SiteGenKit

#if canImport(Glibc)
    import Glibc
#endif

/// What goes in (arguments, files, piped text) is checked strictly, and what
/// comes out on the terminal cannot act on it. The real binary.
@Suite struct InputHygieneTests {
    func run(_ site: TestSite, _ arguments: [String], stdin: String? = nil) throws -> ProcessResult
    {
        try Sitegen.run(arguments + ["--site", site.root], stdin: stdin)
    }

    static let escape = "\u{1B}"

    // MARK: 11. Terminal escapes and bidi overrides

    @Test(arguments: [
        ["rate", "Fuglen", "4", "--comment", "x \u{1B}[2J\u{1B}]0;pwned\u{07}"],
        ["rate", "Fuglen", "4", "--comment", "god \u{202E}ffak"],
        ["rate", "Fuglen", "4", "--comment", "linje\rover"],
        ["center", "set", "59.9", "10.7", "--label", "Hjem\u{1B}[31m"],
        ["center", "set", "59.9", "10.7", "--label", "to\nlinjer"],
    ])
    func controlCharactersInTypedTextAreRefused(arguments: [String]) throws {
        let site = TestSite()
        site.write(#"{"format":1,"radiusKm":5}"#, to: SiteSettings.fileName)
        let settings = site.bytes(SiteSettings.fileName)
        let result = try run(site, arguments)
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr.contains("kontrolltegn eller retningstegn"))
        #expect(!result.stderr.contains(Self.escape))
        #expect(site.bytes(GuideStore.fileName) == nil)
        #expect(site.bytes(SiteSettings.fileName) == settings)
    }

    @Test func aCommentMayHoldLineBreaksAndTabs() throws {
        let site = TestSite()
        #expect(
            try run(site, ["rate", "Fuglen", "4", "--comment", "Første linje\n\n\tandre avsnitt"])
                .status == 0)
    }

    /// A store edited by hand may hold anything JSON can say; it is shown escaped.
    @Test func storedEscapesAreShownEscaped() throws {
        let comment = #"x \u001b[2J\u001b]0;pwned\u0007 \u202eslutt"#
        let site = TestSite(
            store:
                #"{"format":1,"places":{"node/10914208868":{"place":{"name":"Tim \u001b[31mWendelboe","category":"cafe","lat":59.9233,"lon":10.7562},"ratings":[{"stars":5,"date":"2026-08-30","comment":"\#(comment)"}]}}}"#
        )
        let result = try run(site, ["ratings", "node/10914208868"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!result.stdout.contains(Self.escape))
        #expect(!result.stdout.contains("\u{202E}"))
        #expect(!result.stdout.contains("\u{07}"))
        #expect(
            result.stdout.contains(#"x \u{1B}[2J\u{1B}]0;pwned\u{7} \u{202E}slutt"#),
            "\(result.stdout)")
    }

    @Test func terminalTextEscapesExactlyTheUnsafeCharacters() {
        #expect(
            TerminalText.escaped("Kaffe & kake\n\tæøå 🍽️ עברית") == "Kaffe & kake\n\tæøå 🍽️ עברית")
        #expect(
            TerminalText.escaped("a\u{1B}b\u{9B}c\u{7F}d\re\u{2066}f\u{200F}")
                == #"a\u{1B}b\u{9B}c\u{7F}d\u{D}e\u{2066}f\u{200F}"#)
    }

    // MARK: 13. Numbers are decimal numbers; files are regular files

    @Test(arguments: [
        ["0x10", "10"], ["1e1", "10"], ["inf", "10"], ["nan", "10"], ["59.9", "0x1p3"],
        ["5 9", "10"], ["59..9", "10"],
        ["", "10"], ["+-5", "10"],
    ])
    func onlyDecimalNumbersAreCoordinates(arguments: [String]) throws {
        let site = TestSite()
        let result = try run(site, ["center", "set"] + arguments)
        #expect(result.status == 64, "\(arguments): \(result.stderr)")
        #expect(site.bytes(SiteSettings.fileName) == nil)
    }

    @Test func negativeAndCommaCoordinatesAreStillFine() throws {
        let site = TestSite()
        #expect(
            try run(site, ["center", "set", "-33,9249", "18.4241", "--label", "Cape Town"]).status
                == 0)
        let center = try site.site.loadSettings().center
        #expect(center.latitude == -33.9249 && center.longitude == 18.4241)
    }

    /// A centre without a name is «sentrum» on the pages: the command says so, and how to name it.
    @Test func aCentreWithoutANameSaysHowToGiveItOne() throws {
        let site = TestSite()
        let unnamed = try run(site, ["center", "set", "55.9533", "-3.1883"])
        #expect(unnamed.status == 0)
        #expect(
            unnamed.stdout.contains("«sitegen center set 55.9533 -3.1883 --label NAVN»"),
            "\(unnamed.stdout)")
        let named = try run(site, ["center", "set", "55.9533", "-3.1883", "--label", "Waverley"])
        #expect(named.status == 0 && !named.stdout.contains("--label"), "\(named.stdout)")
    }

    /// The environment read from `environ` is the one Foundation gives.
    @Test func theProcessEnvironmentIsFoundations() {
        #expect(CommandLineTool.processEnvironment() == ProcessInfo.processInfo.environment)
        #expect(CommandLineTool.processEnvironment()["PATH"] != nil)
    }

    @Test func decimalNumberParsing() {
        #expect(DecimalNumber.parse("59.9111") == 59.9111)
        #expect(DecimalNumber.parse(" -10,75 ") == -10.75)
        #expect(DecimalNumber.parse("+5") == 5)
        // Spaces and tabs around it are trimmed (a no-break space too), line breaks are not.
        #expect(DecimalNumber.parse("\u{00A0}\t12,5\u{2009}") == 12.5)
        for text in [
            "0x10", "1e3", "inf", "-nan", ".5", "5.", "1,2,3", "٣", "", "-", " ", "\n12", "12\n",
            "1 2",
        ] {
            #expect(DecimalNumber.parse(text) == nil, "\(text)")
        }
    }

    @Test(arguments: [
        #"{"type":"FeatureCollection","features":[],"x":{]}"#,
        #"{"type":"FeatureCollection","bbox":tru,"features":[]}"#,
        #"{"type":"FeatureCollection","name":"\x","features":[]}"#,
        #"{"type":"FeatureCollection","features":[{"type":"Feature","geometry":{"type":"Point","coordinates":[10.75,59.91]},"properties":{"name":"A","categories":["catering.cafe"]}}],"crs":[1,]}"#,
    ])
    func invalidJSONOutsideTheFeaturesIsRefused(text: String) throws {
        let site = TestSite()
        site.write(text, to: "steder.geojson")
        let result = try run(site, ["build", "--places", site.root + "/steder.geojson"])
        #expect(result.status == 65, "\(result.stderr)")
        #expect(result.stderr.contains("ugyldig JSON"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: site.output))
    }

    @Test func devicesFIFOsAndHugeFilesAreRefusedAtOnce() throws {
        let site = TestSite()
        let started = Date()
        let zero = try run(site, ["build", "--places", "/dev/zero"])
        #expect(zero.status == 74)
        #expect(zero.stderr.contains("er ikke en vanlig fil"))

        #expect(mkfifo(site.root + "/fifo.geojson", 0o644) == 0)
        let fifo = try run(site, ["build", "--places", site.root + "/fifo.geojson"])
        #expect(fifo.status == 74)

        // A sparse file far over the limit costs no disk.
        let huge = site.root + "/stor.geojson"
        _ = FileManager.default.createFile(atPath: huge, contents: nil)
        #expect(truncate(huge, off_t(PlacesFile.maximumBytes) + 1) == 0)
        let big = try run(site, ["build", "--places", huge])
        #expect(big.status == 74)
        #expect(big.stderr.contains("er for stor"), "\(big.stderr)")

        // A store that is a FIFO: refused, never waited on.
        #expect(mkfifo(site.root + "/" + GuideStore.fileName, 0o644) == 0)
        let store = try run(site, ["favorites"])
        #expect(store.status == 74, "\(store.stderr)")
        #expect(store.stderr.contains(GuideStore.fileName))
        #expect(Date().timeIntervalSince(started) < 30)
        #expect(!FileManager.default.fileExists(atPath: site.output))
    }

    // MARK: 14. Comments: one limit, and nothing lost to deep nesting

    static let deep =
        String(repeating: "<b>", count: 300) + "TEXT" + String(repeating: "</b>", count: 300)
        + "<p>after</p>"

    @Test func deeplyNestedHTMLKeepsItsText() throws {
        let site = TestSite()
        let sanitized = try Sitegen.run(["sanitize"], stdin: Self.deep)
        #expect(sanitized.status == 0)
        #expect(
            sanitized.stdout.contains("TEXT") && sanitized.stdout.contains("after"),
            "\(sanitized.stdout)")
        #expect(sanitized.stderr.contains("nøstet for dypt"))

        // Through a build: the detail page shows the whole comment.
        #expect(try run(site, ["rate", "Tim Wendelboe", "4", "--comment", Self.deep]).status == 0)
        #expect(try run(site, ["build"]).status == 0)
        let page = try #require(site.outputFiles().first { $0.hasPrefix("steder/tim-wendelboe") })
        let html = try #require(site.read("output/" + page))
        #expect(html.contains("TEXT after"))
    }

    /// A protocol-relative link takes the scheme of wherever the page is opened: from the share
    /// file on a disk, `file://evil.example/x`, which Windows fetches over SMB. Made https, the
    /// link it means on the web.
    @Test func protocolRelativeLinksBecomeHTTPS() throws {
        let input =
            #"<a href="//evil.example/x">a</a> <a href="\\evil.example/y">b</a> <a href="/\evil.example/z">c</a> "#
            + #"<a href=" //evil.example/w">d</a> <a href="/sti">e</a> <a href="https://ok.example/">f</a>"#
        let result = try Sitegen.run(["sanitize"], stdin: input)
        #expect(result.status == 0, "\(result.stderr)")
        // Read as Markdown: a paragraph of inline HTML.
        #expect(
            result.stdout
                == #"<p><a href="https://evil.example/x" rel="nofollow noopener">a</a> "#
                + #"<a href="https://evil.example/y" rel="nofollow noopener">b</a> "#
                + #"<a href="https://evil.example/z" rel="nofollow noopener">c</a> "#
                + #"<a href="https://evil.example/w" rel="nofollow noopener">d</a> "#
                + #"<a href="/sti" rel="nofollow noopener">e</a> <a href="https://ok.example/" rel="nofollow noopener">f</a></p>"#
                + "\n", "\(result.stdout)")
    }

    // MARK: 15. An OpenStreetMap link only for OpenStreetMap elements

    @Test func placesWithoutAnOSMIdentityGetNoOSMLink() throws {
        let site = TestSite(store: #"{"format":1,"places":{}}"#)
        site.write(
            #"{"type":"FeatureCollection","features":[{"type":"Feature","geometry":{"type":"Point","coordinates":[10.7522,59.9116]},"properties":{"name":"Egen kafé","categories":["catering.cafe"]}},{"type":"Feature","geometry":{"type":"Point","coordinates":[10.7530,59.9120]},"properties":{"name":"OSM-kafé","categories":["catering.cafe"],"osm_type":"n","osm_id":42}}]}"#,
            to: "egne.geojson")
        #expect(try run(site, ["build", "--places", site.root + "/egne.geojson"]).status == 0)
        #expect(try run(site, ["favorite", "add", "Egen kafé"]).status == 0)
        #expect(try run(site, ["favorite", "add", "OSM-kafé"]).status == 0)
        #expect(try run(site, ["build", "--places", site.root + "/egne.geojson"]).status == 0)
        #expect(try run(site, ["share"]).status == 0)
        let own = try #require(
            site.outputFiles().first { $0.hasPrefix("steder/egen-kafe") }.flatMap {
                site.read("output/" + $0)
            })
        let osm = try #require(
            site.outputFiles().first { $0.hasPrefix("steder/osm-kafe") }.flatMap {
                site.read("output/" + $0)
            })
        #expect(!own.contains("openstreetmap.org/local"))
        #expect(!own.contains("OpenStreetMap</a></p>") && !own.contains(">Se på OpenStreetMap<"))
        #expect(osm.contains("https://www.openstreetmap.org/node/42"))
        let shared = try #require(site.read("mine-steder.html"))
        #expect(!shared.contains("openstreetmap.org/local"))
        #expect(shared.contains("https://www.openstreetmap.org/node/42"))
    }

    @Test func onlyOSMElementsAreOSM() {
        #expect(PlaceID(rawValue: "node/123").isOpenStreetMap)
        #expect(PlaceID(rawValue: "relation/9").isOpenStreetMap)
        #expect(PlaceID(rawValue: "way/" + String(repeating: "9", count: 20)).isOpenStreetMap)
        let notOSM = [
            "local/abc123", "geoapify/51ab", "node/", "node/12a", "way/../../x", "nodes/1",
            "Node/1", "/1", "node",
            "node/١٢٣", "node/1\u{301}", "node\u{301}/1", "node/1/2",
            "way/" + String(repeating: "9", count: 21),
        ]
        for raw in notOSM {
            #expect(!PlaceID(rawValue: raw).isOpenStreetMap, "\(raw)")
            #expect(PlaceID(rawValue: raw).openStreetMapURL == nil)
        }
    }
}
