import Foundation
import Testing

@testable import BeaconModel
@testable import BeaconSources
@testable import BeaconSystem

@Suite struct BasemapSettingsTests {
    func load(_ json: String) throws -> SiteSettings {
        let folder = TemporaryFolder()
        folder.write(json, to: SiteSettings.fileName)
        return try SiteFolder(root: folder.path).loadSettings()
    }

    @Test func absentMeansOurOwnBasemapWithOrWithoutAKey() throws {
        let settings = try load(#"{"format":1}"#)
        #expect(settings.basemap == nil)
        #expect(settings.basemapData == nil)
        #expect(settings.tileBudget == nil)
        #expect(settings.effectiveTileBudget == 300)
        #expect(BasemapSetting.resolved(settings.basemap) == .openStreetMap)
        #expect(BasemapSetting.resolved(.plain) == .plain)
        #expect(BasemapSetting.resolved(.geoapify) == .geoapify)
        // Not written back when not set: the file stays minimal.
        let text = String(decoding: SiteSettings.defaults.encodedBytes, as: UTF8.self)
        #expect(!text.contains("basemap") && !text.contains("tileBudget"))
    }

    @Test func eachChoiceReadsAndRoundTrips() throws {
        #expect(try load(#"{"format":1,"basemap":"none"}"#).basemap == .plain)
        let own = try load(#"{"format":1,"basemap":"osm","basemapData":"kart/oslo.osm"}"#)
        #expect(own.basemap == .openStreetMap && own.basemapData == "kart/oslo.osm")
        let written = String(decoding: own.encodedBytes, as: UTF8.self)
        #expect(written.contains(#""basemap": "osm""#) || written.contains(#""basemap":"osm""#))
        #expect(written.contains("kart/oslo.osm"))
        #expect(
            try load(#"{"format":1,"basemap":"geoapify","tileBudget":120}"#).basemap == .geoapify)
        #expect(try load(#"{"format":1,"tileBudget":120}"#).effectiveTileBudget == 120)
        let provider = try load(
            """
            {"format":1,"basemap":{"tiles":"https://tiles.example.org/{z}/{x}/{y}.png","attribution":"© Example, © OpenStreetMap-bidragsytere",
             "attributionURL":"https://example.org/copyright","maxZoom":18}}
            """)
        guard case .provider(let tiles)? = provider.basemap else {
            Issue.record("\(String(describing: provider.basemap))")
            return
        }
        #expect(tiles.tiles == "https://tiles.example.org/{z}/{x}/{y}.png")
        #expect(tiles.attributionURL == "https://example.org/copyright")
        #expect(tiles.effectiveMaxZoom == 18)
        #expect(tiles.origin == "https://tiles.example.org")

        for basemap: BasemapSetting? in [
            .plain, .geoapify, provider.basemap,
            .provider(
                TileProviderSetting(
                    tiles: "https://a.example:8443/t/{z}/{x}/{y}@2x.png?style=dark",
                    attribution: "© A")
            ),
        ] {
            let folder = TemporaryFolder()
            let site = SiteFolder(root: folder.path)
            var settings = SiteSettings.defaults
            settings.basemap = basemap
            settings.tileBudget = 42
            try site.saveSettings(settings)
            #expect(try site.loadSettings() == settings)
        }
    }

    @Test(arguments: [
        ("https://tiles.example.org/{z}/{x}/{y}.png", "https://tiles.example.org"),
        ("HTTPS://Tiles.Example.org:443/{z}/{x}/{y}.png", "https://tiles.example.org"),
        ("https://127.0.0.1:8080/tiles/{z}/{x}/{y}.png", "https://127.0.0.1:8080"),
        (
            "https://tile.openstreetmap.org/{z}/{x}/{y}.png?lang=nb&r={r}",
            "https://tile.openstreetmap.org"
        ),
    ])
    func theOriginIsSchemeHostAndPort(template: String, origin: String) {
        #expect(TileProviderSetting(tiles: template, attribution: "©").origin == origin)
    }

    /// Each broken value: the message the owner sees (as for radiusKm: "Innstillingene … er
    /// ugyldige: …", exit status 65) names the field, and the file is left as it was.
    @Test(arguments: [
        (#"{"format":1,"tileBudget":0}"#, "tileBudget må være fra 1 til 2000"),
        (
            #"{"format":1,"basemapData":"../other/oslo.osm"}"#,
            "basemapData må være en fil i nettstedsmappen"
        ),
        (
            #"{"format":1,"basemapData":"/etc/passwd"}"#,
            "basemapData må være en fil i nettstedsmappen"
        ),
        (#"{"format":1,"basemapData":"  "}"#, "basemapData må være en fil i nettstedsmappen"),
        (#"{"format":1,"tileBudget":2001}"#, "tileBudget må være fra 1 til 2000"),
        (
            #"{"format":1,"basemap":{"tiles":"http://tiles.example.org/{z}/{x}/{y}.png","attribution":"©"}}"#,
            "https-adresse"
        ),
        (
            #"{"format":1,"basemap":{"tiles":"https:///{z}/{x}/{y}.png","attribution":"©"}}"#,
            "vertsnavn"
        ),
        (
            #"{"format":1,"basemap":{"tiles":"https://{s}.tile.example.org/{z}/{x}/{y}.png","attribution":"©"}}"#,
            "vertsnavn"
        ),
        (
            #"{"format":1,"basemap":{"tiles":"https://user:pw@tiles.example.org/{z}/{x}/{y}.png","attribution":"©"}}"#,
            "brukernavn eller passord"
        ),
        (
            #"{"format":1,"basemap":{"tiles":"https://tiles.example.org/{z}/{x}.png","attribution":"©"}}"#,
            "{z}, {x} og {y}"
        ),
        (
            #"{"format":1,"basemap":{"tiles":"https://tiles.example.org/{z}/{x}/{y} .png","attribution":"©"}}"#,
            "mellomrom"
        ),
        (
            #"{"format":1,"basemap":{"tiles":"https://tiles.example.org/\u0007{z}/{x}/{y}.png","attribution":"©"}}"#,
            "kontrolltegn"
        ),
        (
            #"{"format":1,"basemap":{"tiles":"https://tiles.example.org/\"onload=\"{z}/{x}/{y}.png","attribution":"©"}}"#,
            "anførselstegn"
        ),
        (
            #"{"format":1,"basemap":{"tiles":"https://tiles.example.org:99999/{z}/{x}/{y}.png","attribution":"©"}}"#,
            "portnummer"
        ),
        (
            #"{"format":1,"basemap":{"tiles":"javascript:alert(1)//{z}/{x}/{y}","attribution":"©"}}"#,
            "https-adresse"
        ),
        (
            #"{"format":1,"basemap":{"tiles":"https://tiles.example.org/{z}/{x}/{y}.png","attribution":"  "}}"#,
            "1 til 200 tegn"
        ),
        (
            #"{"format":1,"basemap":{"tiles":"https://tiles.example.org/{z}/{x}/{y}.png","attribution":"© \u001b[2J"}}"#,
            "kontrolltegn"
        ),
        (
            #"{"format":1,"basemap":{"tiles":"https://tiles.example.org/{z}/{x}/{y}.png","attribution":"©","maxZoom":23}}"#,
            "maxZoom må være fra 1 til 22"
        ),
        (
            #"{"format":1,"basemap":{"tiles":"https://tiles.example.org/{z}/{x}/{y}.png","attribution":"©","maxZoom":0}}"#,
            "maxZoom må være fra 1 til 22"
        ),
        (
            #"{"format":1,"basemap":{"tiles":"https://tiles.example.org/{z}/{x}/{y}.png","attribution":"©","attributionURL":"javascript:alert(1)"}}"#,
            "attributionURL"
        ),
    ])
    func invalidValuesAreRefusedAndUntouched(json: String, mentions: String) throws {
        let folder = TemporaryFolder()
        folder.write(json, to: SiteSettings.fileName)
        let site = SiteFolder(root: folder.path)
        do {
            _ = try site.loadSettings()
            Issue.record("expected invalid settings: \(json)")
        } catch {
            guard case .invalidSettings(let path, let problems) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(path.hasSuffix(SiteSettings.fileName))
            #expect(problems.joined().contains(mentions), "\(problems)")
            #expect(error.userMessage.hasPrefix("Innstillingene i "))
            #expect(error.exitStatus == .dataError)
        }
        #expect(folder.read(SiteSettings.fileName) == json)
    }

    @Test func anAttributionOfExactly200CharactersIsAllowedAnd201IsNot() throws {
        let ok = String(repeating: "å", count: 200)
        #expect(
            TileProviderSetting(tiles: "https://t.example/{z}/{x}/{y}.png", attribution: ok)
                .problems().isEmpty)
        #expect(
            !TileProviderSetting(tiles: "https://t.example/{z}/{x}/{y}.png", attribution: ok + "x")
                .problems().isEmpty)
    }

    /// Shapes the reader does not know are reported where they are, like any other field's.
    @Test(arguments: [
        (#"{"format":1,"basemap":"osmand"}"#, "basemap: forventet \"osm\", \"none\", \"geoapify\""),
        (#"{"format":1,"basemap":true}"#, "basemap: forventet"),
        (
            #"{"format":1,"basemap":{"tiles":"https://t.example/{z}/{x}/{y}.png"}}"#,
            "basemap.attribution: mangler"
        ),
        (#"{"format":1,"basemap":{"attribution":"©"}}"#, "basemap.tiles: mangler"),
        (
            #"{"format":1,"basemap":{"tiles":"https://t.example/{z}/{x}/{y}.png","attribution":"©","subdomains":"abc"}}"#,
            "basemap.subdomains: ukjent felt"
        ),
        (
            #"{"format":1,"basemap":{"tiles":"https://t.example/{z}/{x}/{y}.png","attribution":"©","maxZoom":"18"}}"#,
            "basemap.maxZoom: forventet et heltall"
        ),
        (#"{"format":1,"tileBudget":"300"}"#, "tileBudget: forventet et heltall"),
        (#"{"format":1,"tileBudget":12.5}"#, "tileBudget: forventet et heltall"),
    ])
    func wrongShapesAreReportedWithTheirPath(json: String, mentions: String) throws {
        let folder = TemporaryFolder()
        folder.write(json, to: SiteSettings.fileName)
        do {
            _ = try SiteFolder(root: folder.path).loadSettings()
            Issue.record("expected an error")
        } catch {
            #expect(error.userMessage.contains(mentions), "\(error.userMessage)")
            #expect(error.exitStatus == .dataError)
        }
        #expect(folder.read(SiteSettings.fileName) == json)
    }
}

@Suite struct PNGCheckTests {
    /// A minimal PNG: the signature, an IHDR chunk, the chunks given, an IEND chunk (the check
    /// reads no pixels), each chunk with its CRC.
    static func png(width: Int = 256, height: Int = 256, chunks: [(String, [UInt8])] = [])
        -> [UInt8]
    {
        func be(_ value: Int) -> [UInt8] { [24, 16, 8, 0].map { UInt8((value >> $0) & 0xFF) } }
        func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
            let typed = Array(type.utf8) + data
            return be(data.count) + typed + be(Int(Inflate.crc32(typed)))
        }
        return PNGCheck.signature + chunk("IHDR", be(width) + be(height) + [8, 2, 0, 0, 0])
            + chunks.flatMap { chunk($0.0, $0.1) } + chunk("IEND", [])
    }

    @Test func aTileIsAcceptedAndAnythingElseRefused() {
        #expect(PNGCheck.isTile(Self.png()))
        #expect(PNGCheck.isTile(Self.png(width: 512, height: 512)))
        #expect(!PNGCheck.isTile(Self.png(width: 256, height: 128)))
        #expect(!PNGCheck.isTile(Self.png(width: 4096, height: 4096)))
        #expect(!PNGCheck.isTile(Array(Self.png().dropLast(12))))
        #expect(!PNGCheck.isTile([]))
        #expect(!PNGCheck.isTile(Array("<html><body>Logg inn</body></html>".utf8)))
        #expect(PNGCheck.describe(Array("<html>".utf8)).contains("HTML"))
        #expect(PNGCheck.describe(Array(Self.png().dropLast(12))).contains("avkuttet"))
    }
}
