import CLibXML2
import Foundation
import Testing

@testable import BeaconModel
@testable import BeaconSources
@testable import BeaconSystem
@testable import SiteBuild
@testable import SiteGenKit

/// The share file, the exports, and the base-URL extras.
@Suite struct PublishTests {
    /// A favorite whose name and address need escaping in every format.
    static let trickyStore = """
        {"format":1,"places":{
          "node/1680112446":{"favoriteSince":"2026-01-01","ratings":[{"stars":4,"date":"2026-01-02","comment":"<p>Kaffe &amp; <b>kake</b></p><script>x()</script>"}]},
          "way/9":{"place":{"name":"Ærlig Øl & Brød «Å»","category":"restaurant","address":"Bøgata 1 <2>","lat":59.9201,"lon":10.7651},"favoriteSince":"2026-01-03"}
        }}
        """

    func build(_ site: TestSite) async throws {
        _ = try await BuildPipeline(
            options: BuildOptions(site: site.site), environment: [:], console: CapturingConsole()
        ).run()
    }

    @Test func shareFileIsSelfContained() async throws {
        let site = TestSite(store: Self.trickyStore)
        try await build(site)
        let result = try Sitegen.run([
            "share", "--site", site.root, "--output", site.root + "/delt/mine.html",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("2 favoritter"))
        let bytes = try #require(site.bytes("delt/mine.html"))
        let page = LinkChecker.parse(bytes, path: "mine.html")
        #expect(page.parseErrors.isEmpty)
        #expect(page.scriptBodies.isEmpty)
        let mapHosts = ["maps.apple.com", "www.google.com", "www.openstreetmap.org"]
        for reference in page.references {
            if reference.hasPrefix("data:") || reference.hasPrefix("#") { continue }
            let host = URLComponents(string: reference)?.host ?? ""
            #expect(
                reference.hasPrefix("https://") && mapHosts.contains(host),
                "not self-contained: \(reference)")
        }
        #expect(page.references.contains { $0.hasPrefix("data:image/svg+xml;base64,") })
        let html = String(decoding: bytes, as: UTF8.self)
        #expect(html.contains("<style>"))
        #expect(!html.contains("<link rel=\"stylesheet\""))
        #expect(html.contains("Ærlig Øl &amp; Brød «Å»"))
        #expect(html.contains("<b>kake</b>"))
        #expect(!html.contains("x()"))
        #expect(html.contains("Vurdering: 4,0 av 5, 1 vurdering"))
    }

    @Test func exportsParseBackWithNamesAndCoordinates() async throws {
        let site = TestSite(store: Self.trickyStore)
        try await build(site)
        // GeoJSON, read back by our own decoder.
        let favorites = try PlacesFile.load(
            path: site.output + "/eksport/favoritter.geojson", defaultCategory: nil
        )
        .places
        #expect(Set(favorites.map(\.name)) == ["Stockfleths", "Ærlig Øl & Brød «Å»"])
        let tricky = try #require(favorites.first { $0.name.hasPrefix("Ærlig") })
        #expect(tricky.coordinate == Coordinate(latitude: 59.9201, longitude: 10.7651))
        #expect(tricky.id == PlaceID(rawValue: "way/9"))
        let all = try PlacesFile.load(
            path: site.output + "/eksport/steder.geojson", defaultCategory: nil
        ).places
        #expect(all.count >= 50)
        let allJSON = try JSONParser.parse(
            bytes: FileSystem.read(site.output + "/eksport/steder.geojson"))
        #expect(allJSON["type"] == .string("FeatureCollection"))

        // GPX and KML, read back with libxml2's XML parser.
        for (file, nameElement, coordinates) in [
            ("favoritter.gpx", "name", XMLPoints.gpx), ("favoritter.kml", "name", XMLPoints.kml),
        ] {
            let bytes = try FileSystem.read(site.output + "/eksport/" + file)
            let points = try #require(
                XMLPoints.read(bytes, element: nameElement, coordinates: coordinates),
                "\(file) does not parse")
            #expect(
                points.contains {
                    $0.name == "Ærlig Øl & Brød «Å»" && abs($0.lat - 59.9201) < 1e-9
                        && abs($0.lon - 10.7651) < 1e-9
                }, "\(file): \(points)")
            #expect(points.contains { $0.name == "Stockfleths" }, "\(file)")
        }
        let gpx = String(
            decoding: try FileSystem.read(site.output + "/eksport/favoritter.gpx"), as: UTF8.self)
        #expect(gpx.contains("xmlns=\"http://www.topografix.com/GPX/1/1\""))
        #expect(gpx.contains("Kaffe &amp; kake"))
        // Linked from the pages.
        #expect(
            site.read("output/favoritter/index.html")?.contains("../eksport/favoritter.gpx") == true
        )
        #expect(site.read("output/index.html")?.contains("eksport/steder.geojson") == true)
    }

    /// Google Earth shows a KML description as HTML once the XML is decoded, and web viewers put
    /// names and GPX descriptions into HTML: no text of a place may become markup there.
    @Test func exportTextsStayTextWhereViewersReadThemAsHTML() async throws {
        let attack = #""><img src=x onerror=alert(2)>"#
        let address = attack.replacingOccurrences(of: "\"", with: "\\\"")
        let store =
            #"{"format":1,"places":{"way/7":{"place":{"name":"<b onmouseover=alert(1)>Navn</b> & co","category":"cafe","#
            + #""address":"ADDRESS","lat":59.9201,"lon":10.7651},"favoriteSince":"2026-01-03","#
            + #""ratings":[{"stars":5,"date":"2026-01-04","comment":"<script>alert(3)</script>God <i>kaffe</i>"}]}}}"#
        let site = TestSite(store: store.replacingOccurrences(of: "ADDRESS", with: address))
        try await build(site)
        let kml = try FileSystem.read(site.output + "/eksport/favoritter.kml")
        let descriptions = try #require(XMLPoints.texts(kml, element: "description"))
        #expect(descriptions.count == 1)
        // The decoded description read as HTML, as Google Earth reads it: text, a line break and
        // our link only.
        let html = try #require(descriptions.first)
        let tree = HTMLTree(html)
        #expect(
            Set(tree.elements).isSubset(of: ["html", "body", "p", "br", "a"]),
            "\(tree.elements) in \(html)")
        #expect(tree.attributes.allSatisfy { $0 == "href" }, "\(tree.attributes)")
        #expect(tree.text.contains(attack), "the address reads as it was typed: \(tree.text)")
        #expect(tree.text.contains("God kaffe") && !tree.text.contains("alert(3)"))
        // Names (KML and GPX) and GPX descriptions: no `<` once the XML is decoded.
        let gpx = try FileSystem.read(site.output + "/eksport/favoritter.gpx")
        for (bytes, element) in [
            (kml, "name"), (gpx, "name"), (gpx, "desc"), (gpx, "text"), (gpx, "type"),
        ] {
            let texts = try #require(XMLPoints.texts(bytes, element: element))
            #expect(!texts.isEmpty, "\(element)")
            for text in texts {
                #expect(!text.contains("<"), "\(element): \(text)")
                // What an HTML viewer shows is the place's text as typed.
                if text.contains("Navn") {
                    #expect(
                        HTMLTree(text).text.contains("<b onmouseover=alert(1)>Navn</b> & co"),
                        "\(text)")
                }
            }
        }
    }

    @Test func baseURLAddsCanonicalSharingTagsSitemapAndRobots() async throws {
        let site = TestSite()
        site.write(
            #"{"format":1,"baseURL":"https://example.org/guide"}"#, to: SiteSettings.fileName)
        try await build(site)
        let index = try #require(site.read("output/index.html"))
        #expect(index.contains("<link rel=\"canonical\" href=\"https://example.org/guide/\">"))
        #expect(
            index.contains(
                "<meta property=\"og:image\" content=\"https://example.org/guide/assets/beacon-icon-512.png\">"
            ))
        #expect(index.contains("<meta name=\"twitter:card\" content=\"summary\">"))
        let detail = try #require(site.outputFiles().first { $0.hasPrefix("steder/") })
        let slugFolder = (detail as NSString).deletingLastPathComponent
        let detailPage = try #require(site.read("output/" + detail))
        #expect(detailPage.contains("href=\"https://example.org/guide/\(slugFolder)/\""))
        // A place's page: its category's large preview (published, but not stored for offline use).
        let category = try #require(
            ["restaurant", "cafe", "hotel"].first { detailPage.contains("place-detail--\($0)") })
        #expect(
            detailPage.contains(
                "<meta property=\"og:image\" content=\"https://example.org/guide/assets/share-\(category).png\">"
            ))
        #expect(detailPage.contains("<meta property=\"og:image:width\" content=\"1200\">"))
        #expect(detailPage.contains("<meta property=\"og:image:alt\" content=\""))
        #expect(detailPage.contains("<meta name=\"twitter:card\" content=\"summary_large_image\">"))
        #expect(
            site.bytes("output/assets/share-\(category).png")?.starts(with: [
                0x89, 0x50, 0x4E, 0x47,
            ]) == true)
        #expect(site.read("output/sw.js")?.contains("share-") == false)
        let robots = try #require(site.read("output/robots.txt"))
        #expect(robots.contains("Sitemap: https://example.org/guide/sitemap.xml"))
        let sitemap = try FileSystem.read(site.output + "/sitemap.xml")
        let locations = try #require(XMLPoints.texts(sitemap, element: "loc"))
        #expect(locations.contains("https://example.org/guide/"))
        #expect(locations.contains("https://example.org/guide/\(slugFolder)/"))
        #expect(locations.count == site.outputFiles().filter { $0.hasSuffix("index.html") }.count)
        // The 404 page links from the base URL, as it is served at any depth.
        #expect(
            site.read("output/404.html")?.contains(
                "href=\"https://example.org/guide/assets/beacon.css\"") == true)
    }

    @Test func withoutBaseURLThereAreNoAbsoluteSelfLinks() async throws {
        let site = TestSite()
        try await build(site)
        #expect(site.read("output/sitemap.xml") == nil)
        #expect(site.read("output/robots.txt") == nil)
        let index = try #require(site.read("output/index.html"))
        #expect(!index.contains("rel=\"canonical\""))
        #expect(!index.contains("og:"))
    }
}

/// Reads names and coordinates out of GPX and KML with libxml2.
enum XMLPoints {
    struct Point: Equatable {
        var name: String
        var lat: Double
        var lon: Double
    }
    enum Coordinates { case gpx, kml }
    static let gpx = Coordinates.gpx
    static let kml = Coordinates.kml

    static func parse(_ bytes: [UInt8]) -> xmlDocPtr? {
        bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                xmlReadMemory(
                    $0, Int32(buffer.count), "x.xml", "UTF-8",
                    Int32(
                        XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue
                            | XML_PARSE_NOWARNING.rawValue))
            }
        }
    }

    static func elements(_ node: xmlNodePtr?, named name: String, into result: inout [xmlNodePtr]) {
        var current = node
        while let element = current {
            if element.pointee.type == XML_ELEMENT_NODE,
                String(cString: element.pointee.name) == name
            {
                result.append(element)
            }
            elements(element.pointee.children, named: name, into: &result)
            current = element.pointee.next
        }
    }

    static func text(_ node: xmlNodePtr) -> String {
        guard let content = xmlNodeGetContent(node) else { return "" }
        defer { clibxml2_free(content) }
        return String(cString: content)
    }

    static func texts(_ bytes: [UInt8], element: String) -> [String]? {
        guard let document = parse(bytes) else { return nil }
        defer { xmlFreeDoc(document) }
        var nodes: [xmlNodePtr] = []
        elements(xmlDocGetRootElement(document), named: element, into: &nodes)
        return nodes.map(text)
    }

    static func read(_ bytes: [UInt8], element: String, coordinates: Coordinates) -> [Point]? {
        guard let document = parse(bytes) else { return nil }
        defer { xmlFreeDoc(document) }
        var nodes: [xmlNodePtr] = []
        elements(
            xmlDocGetRootElement(document), named: coordinates == .gpx ? "wpt" : "Placemark",
            into: &nodes)
        return nodes.compactMap { node in
            var names: [xmlNodePtr] = []
            elements(node.pointee.children, named: element, into: &names)
            guard let nameNode = names.first else { return nil }
            switch coordinates {
            case .gpx:
                guard let lat = xmlGetProp(node, "lat"), let lon = xmlGetProp(node, "lon") else {
                    return nil
                }
                defer {
                    clibxml2_free(lat)
                    clibxml2_free(lon)
                }
                return Point(
                    name: text(nameNode), lat: Double(String(cString: lat)) ?? .nan,
                    lon: Double(String(cString: lon)) ?? .nan)
            case .kml:
                var points: [xmlNodePtr] = []
                elements(node.pointee.children, named: "coordinates", into: &points)
                let parts =
                    points.first.map(text)?.split(separator: ",").compactMap { Double($0) } ?? []
                guard parts.count >= 2 else { return nil }
                return Point(name: text(nameNode), lat: parts[1], lon: parts[0])
            }
        }
    }
}

/// An HTML fragment as libxml2's HTML parser reads it: its elements, attribute names and text.
struct HTMLTree {
    var elements: [String] = []
    var attributes: [String] = []
    var text = ""

    init(_ html: String) {
        let bytes = Array(html.utf8)
        let options = Int32(
            HTML_PARSE_NONET.rawValue | HTML_PARSE_NOERROR.rawValue | HTML_PARSE_NOWARNING.rawValue)
        guard
            let document = bytes.withUnsafeBufferPointer({ buffer in
                buffer.withMemoryRebound(to: CChar.self) {
                    htmlReadMemory($0.baseAddress, Int32($0.count), nil, "UTF-8", options)
                }
            })
        else { return }
        defer { xmlFreeDoc(document) }
        walk(xmlDocGetRootElement(document))
    }

    private mutating func walk(_ node: xmlNodePtr?) {
        var current = node
        while let element = current {
            switch element.pointee.type {
            case XML_ELEMENT_NODE:
                elements.append(String(cString: element.pointee.name))
                var attribute = element.pointee.properties
                while let property = attribute {
                    attributes.append(String(cString: property.pointee.name))
                    attribute = property.pointee.next
                }
            case XML_TEXT_NODE:
                if let content = element.pointee.content { text += String(cString: content) }
            default: break
            }
            walk(element.pointee.children)
            current = element.pointee.next
        }
    }
}
