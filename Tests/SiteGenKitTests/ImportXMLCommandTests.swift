import Foundation
import Testing

@testable import BeaconModel
@testable import BeaconSystem

/// `sitegen import` of XML as other programs write it, run as the real binary: KML and GPX in the
/// encodings their declarations name (converted to UTF-8, every letter kept), and OpenStreetMap XML
/// as JOSM saves it (its named nodes and ways, each way at the centre of its nodes, kinds from the
/// tags).
@Suite struct ImportXMLCommandTests {
    func run(_ site: TestSite, _ arguments: [String]) throws -> ProcessResult {
        try Sitegen.run(arguments + ["--site", site.root])
    }

    func fixture(_ name: String) -> String { Repository.fixtures + "/import/" + name }

    @Test func aKMLInISO88591ImportsWithItsLettersIntact() throws {
        let site = TestSite()
        let result = try run(site, ["import", fixture("latin1.kml"), "--category", "cafe"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Importerte 2: 2 nye"), "\(result.stdout)")
        let own = try site.site.loadStore().ownPlaces.map(\.own)
        #expect(own.map(\.name).sorted() == ["Blåbærstua", "Ullevålseter"])
        let stua = try #require(own.first { $0.name == "Blåbærstua" })
        #expect(stua.coordinate == Coordinate(latitude: 59.9802, longitude: 10.7296))
        #expect(
            site.read(GuideStore.fileName)?.contains("åpent lørdag og søndag. «Best på søndager»")
                == true)
    }

    @Test func aGPXInWindows1252ImportsWithItsLettersIntact() throws {
        let site = TestSite()
        let result = try run(site, ["import", fixture("windows-1252.gpx"), "--category", "cafe"])
        #expect(result.status == 0, "\(result.stderr)")
        let own = try site.site.loadStore().ownPlaces.map(\.own)
        // The quotes, the euro sign and the dash are windows-1252's own bytes (0x93, 0x94, 0x80,
        // 0x96).
        #expect(own.map(\.name).sorted() == ["Bakeri Ærlig Brød", "Kafé “Sjøsiden”"])
        #expect(
            site.read(GuideStore.fileName)?.contains("<p>Kaffe 35 € – kanelbolle 40 kr</p>") == true
        )
    }

    @Test func anOSMXMLFileFromJOSMImportsItsNamedPlacesWithTheirKinds() throws {
        let site = TestSite()
        let result = try run(site, ["import", fixture("josm.osm"), "--dry-run"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stderr.contains("Leste josm.osm: OpenStreetMap-XML, 7 steder."),
            "\(result.stderr)")
        #expect(result.stdout.contains("  + Kaffekoppen på Torget"), "\(result.stdout)")
        #expect(result.stdout.contains("  + Fiskebrygga & Sønn"), "\(result.stdout)")
        // Without --category: the kinds come from the tags, as for Overpass JSON.
        let imported = try run(site, ["import", fixture("josm.osm")])
        #expect(imported.status == 0, "\(imported.stderr)")
        let own = try site.site.loadStore().ownPlaces.map(\.own)
        try #require(own.count == 2, "\(own.map(\.name))")
        let cafe = try #require(own.first { $0.name == "Kaffekoppen på Torget" })
        #expect(cafe.category.rawValue == "cafe")
        #expect(cafe.coordinate == Coordinate(latitude: 59.91702148573, longitude: 10.74939516447))
        #expect(cafe.openingHours == "Mo-Fr 07:30-17:00; Sa 10:00-16:00")
        let restaurant = try #require(own.first { $0.name == "Fiskebrygga & Sønn" })
        #expect(restaurant.category.rawValue == "restaurant")
        // The middle of its four corners (the first node closes the ring and counts once).
        #expect(abs(restaurant.coordinate.latitude - 59.9165966) < 1e-9)
        #expect(abs(restaurant.coordinate.longitude - 10.7506298) < 1e-9)
        #expect(restaurant.address?.hasPrefix("Torggata 3") == true, "\(restaurant.address ?? "")")
        #expect(!own.contains { $0.name == "Nedlagt kaffebar" })
    }
}

/// Hostile XML given to the real binary: refused with exit 65 and a Norwegian message, or read
/// without anything outside the file being fetched; never a crash, however deep or wide.
@Suite struct HostileImportXMLTests {
    @Test(arguments: [
        ("xxe", Int32(65), "erklærer egne entiteter"),
        ("parameter-entity", 65, "erklærer egne entiteter"),
        ("million-deep", 65, "for dyp nøsting"),
        ("undeclared", 65, "ukjent referanse &secret;"),
        ("latin1-undeclared", 65, "ikke gyldig UTF-8: byte 0xE5"),
        ("external-dtd-and-xinclude", 0, "Importerte 1: 1 nye"),
        ("bom", 0, "Importerte 1: 1 nye"),
    ])
    func hostileXML(kind: String, status: Int32, message: String) throws {
        let site = TestSite(store: #"{"format":1,"places":{}}"#)
        site.write("HEMMELIG", to: "secret.txt")
        site.write(#"<!ENTITY secret SYSTEM "file://\#(site.root)/secret.txt">"#, to: "x.dtd")
        let placemark =
            "<Placemark><name>Fjordkaffe</name><Point><coordinates>10.75,59.91</coordinates></Point>"
        var bytes: [UInt8]
        switch kind {
        case "xxe":
            bytes = Array(
                #"<!DOCTYPE kml [<!ENTITY xxe SYSTEM "file://\#(site.root)/secret.txt">]><kml>\#(placemark)<description>&xxe;</description></Placemark></kml>"#
                    .utf8)
        case "parameter-entity":
            bytes = Array(
                #"<!DOCTYPE kml [<!ENTITY % d SYSTEM "http://127.0.0.1:9/x.dtd"> %d;]><kml/>"#.utf8)
        case "million-deep":
            bytes = Array(
                ("<kml>" + String(repeating: "<Folder>", count: 1_000_000)
                    + String(repeating: "</Folder>", count: 1_000_000)
                    + "</kml>").utf8)
        case "undeclared":
            bytes = Array(
                #"<!DOCTYPE kml SYSTEM "file://\#(site.root)/x.dtd"><kml>\#(placemark)<description>&secret;</description></Placemark></kml>"#
                    .utf8)
        case "latin1-undeclared":
            bytes =
                Array("<kml><Placemark><name>Bl".utf8) + [0xE5]
                + Array("</name></Placemark></kml>".utf8)
        case "external-dtd-and-xinclude":
            bytes = Array(
                #"<!DOCTYPE kml SYSTEM "file://\#(site.root)/x.dtd"><kml xmlns:xi="http://www.w3.org/2001/XInclude">\#(placemark)<description><xi:include href="\#(site.root)/secret.txt" parse="text"/></description></Placemark></kml>"#
                    .utf8)
        default:
            bytes =
                [0xEF, 0xBB, 0xBF]
                + Array(
                    #"<?xml version="1.0" encoding="UTF-8"?><kml>\#(placemark)</Placemark></kml>"#
                        .utf8)
        }
        let path = site.root + "/kart.kml"
        #expect(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
        let result = try Sitegen.run(["import", path, "--category", "cafe", "--site", site.root])
        #expect(result.status == status, "\(result.stderr)")
        #expect(
            (result.stdout + result.stderr).contains(message), "\(result.stdout)\(result.stderr)")
        #expect(!(result.stdout + result.stderr).contains("HEMMELIG"))
        #expect(site.read(GuideStore.fileName)?.contains("HEMMELIG") == false)
        if status != 0 { #expect(site.read(GuideStore.fileName) == #"{"format":1,"places":{}}"#) }
    }
}
