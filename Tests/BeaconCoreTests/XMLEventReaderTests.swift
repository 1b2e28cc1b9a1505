import Foundation
import Testing

@testable import BeaconSystem

/// libxml2's streaming reader as the XML readers use it: events and attributes, text in any
/// declared encoding, Norwegian errors with their line, and every hostile document refused or read
/// without fetching, expanding or nesting anything.
@Suite struct XMLEventReaderTests {
    /// Every event as a line: `<name a=1>`, `<name/>`, `</name>`, `"text"`.
    private func events(_ text: String) throws(XMLReadError) -> [String] {
        try events(Array(text.utf8))
    }

    private func events(_ bytes: [UInt8]) throws(XMLReadError) -> [String] {
        try XMLEventReader.read(bytes) {
            (reader: XMLEventReader) throws(XMLReadError) -> [String] in
            var lines: [String] = []
            while let event = try reader.next() {
                switch event {
                case .start(let selfClosing):
                    let id = reader.attribute("id").map { " id=\($0)" } ?? ""
                    lines.append("<\(reader.name)\(id)\(selfClosing ? "/" : "")>")
                case .end: lines.append("</\(reader.name)>")
                case .text: lines.append("\"\(reader.text)\"")
                }
            }
            return lines
        }
    }

    private func failure(_ text: String) -> XMLReadError? { failure(Array(text.utf8)) }

    private func failure(_ bytes: [UInt8]) -> XMLReadError? {
        do {
            _ = try events(bytes)
            return nil
        } catch {
            return error
        }
    }

    // MARK: Events

    @Test func eventsNamesAndTexts() throws {
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!-- a comment --><!DOCTYPE kml>
            <kml xmlns="http://www.opengis.net/kml/2.2" xmlns:gx="http://www.google.com/kml/ext/2.2">
              <Placemark id="a&amp;b"><name>Fjord &lt;kaffe&gt; &#x263A;</name><gx:Track/>
              <description><![CDATA[<b>fet</b>]]></description></Placemark>
              <?pi ignored?>
            </kml>
            """
        #expect(
            try events(text) == [
                "<kml>", "<Placemark id=a&b>", "<name>", "\"Fjord <kaffe> ☺\"", "</name>",
                "<gx:Track/>",
                "<description>", "\"<b>fet</b>\"", "</description>", "</Placemark>", "</kml>",
            ])
    }

    @Test func attributesAsTextAndNumbers() throws {
        let text =
            #"<osm><node id="-101" lat="59.9143" lon='1e-3' user="a&amp;b" v="" x="12abc"/></osm>"#
        try XMLEventReader.read(Array(text.utf8)) { (reader: XMLEventReader) throws(XMLReadError) in
            _ = try reader.next()
            #expect(reader.isName("osm") && reader.depth == 1)
            #expect(try reader.next() == .start(selfClosing: true))
            #expect(
                reader.isName("node") && !reader.isName("nod") && !reader.isName("nodes")
                    && reader.depth == 2)
            #expect(
                reader.int64("id") == -101 && reader.int64("lat") == nil
                    && reader.int64("missing") == nil)
            #expect(
                reader.double("lat") == 59.9143 && reader.double("lon") == 0.001
                    && reader.double("x") == nil)
            #expect(
                reader.attribute("user") == "a&b" && reader.attribute("v") == ""
                    && reader.attribute("w") == nil)
            #expect(
                reader.hasAttribute("v") && reader.attribute("user", is: "a&b")
                    && !reader.attribute("user", is: "a"))
            #expect(try reader.next() == .end && reader.isName("osm"))
            #expect(try reader.next() == nil)
        }
    }

    @Test func contentKeepsTextAndOptionallyMarkup() throws {
        let text = """
            <d><a>x &amp; <![CDATA[<i>y</i>]]><!-- no --> <b class="k&quot;">z</b><br/></a><c>after</c></d>
            """
        try XMLEventReader.read(Array(text.utf8)) { (reader: XMLEventReader) throws(XMLReadError) in
            _ = try reader.next()
            _ = try reader.next()
            #expect(try reader.content() == "x & <i>y</i> z")
            #expect(try reader.next() == .start(selfClosing: false) && reader.isName("c"))
        }
        try XMLEventReader.read(Array(text.utf8)) { (reader: XMLEventReader) throws(XMLReadError) in
            _ = try reader.next()
            _ = try reader.next()
            #expect(
                try reader.content(keepingMarkup: true)
                    == #"x & <i>y</i> <b class="k&quot;">z</b><br/>"#)
            #expect(try reader.next() == .start(selfClosing: false) && reader.isName("c"))
            try reader.skipElement()
            #expect(try reader.next() == .end && reader.isName("d"))
        }
        try XMLEventReader.read(Array(text.utf8)) { (reader: XMLEventReader) throws(XMLReadError) in
            _ = try reader.next()
            _ = try reader.next()
            #expect(try reader.content(maximumBytes: 3) == "x &")
        }
    }

    // MARK: Encodings

    @Test func textInTheEncodingItDeclares() throws {
        let latin1 =
            Array(#"<?xml version="1.0" encoding="ISO-8859-1"?><n>Bl"#.utf8) + [0xE5, 0x62, 0xE6]
            + Array("rstua</n>".utf8)
        #expect(try events(latin1) == ["<n>", "\"Blåbærstua\"", "</n>"])
        let windows =
            Array(#"<?xml version="1.0" encoding="windows-1252"?><n>"#.utf8) + [0x93, 0x80, 0x94]
            + Array("</n>".utf8)
        #expect(try events(windows) == ["<n>", "\"“€”\"", "</n>"])
        var utf16: [UInt8] = [0xFF, 0xFE]
        for unit in #"<?xml version="1.0" encoding="UTF-16"?><n>東京</n>"#.utf16 {
            utf16 += [UInt8(unit & 0xFF), UInt8(unit >> 8)]
        }
        #expect(try events(utf16) == ["<n>", "\"東京\"", "</n>"])
        #expect(
            try events([0xEF, 0xBB, 0xBF] + Array("<n>BOM</n>".utf8)) == ["<n>", "\"BOM\"", "</n>"])
    }

    @Test func bytesThatAreNotTheEncodingAreRefusedWithWhere() {
        let bytes = Array("<kml>\n<name>Caf".utf8) + [0xE9] + Array("</name></kml>".utf8)
        let error = failure(bytes)
        #expect(error?.kind == .notUTF8(offset: 15, byte: 0xE9))
        #expect(error?.line == 2)
        let unknown = failure(#"<?xml version="1.0" encoding="x-ukjent"?><n/>"#)
        #expect(unknown?.message == "ukjent tegnsett «x-ukjent»")
        let undefined = failure(
            Array(#"<?xml version="1.0" encoding="windows-1252"?><n>x"#.utf8) + [0x81, 0x3C, 0x2F])
        #expect(
            undefined?.message.contains("tegnsettet den oppgir (byte 0x81)") == true,
            "\(String(describing: undefined))"
        )
    }

    // MARK: Errors

    @Test(arguments: [
        ("<osm>\n<node>\n</way></osm>", "linje 3, kolonne ", "</way> der </node> var ventet"),
        ("<osm><tag v=\"A&nbsp;B\"/></osm>", "linje 1, kolonne ", "ukjent referanse &nbsp;"),
        ("<osm><tag v=\"A & B\"/></osm>", "linje 1, kolonne ", "«&» uten en gyldig referanse"),
        ("<osm><node id=1/></osm>", "linje 1, kolonne ", "mangler anførselstegn"),
        ("<osm/>\ntrailing", "linje 2, kolonne ", "tekst utenfor rotelementet"),
        ("<osm></osm><osm></osm>", "linje 1, kolonne ", "mer enn ett rotelement"),
        ("<osm><tag v=\"<\"/></osm>", "linje 1, kolonne ", "«<» i en attributtverdi"),
        ("<osm><tag v=\"&#0;\"/></osm>", "linje 1, kolonne ", "ugyldig tegnreferanse"),
        ("<osm><tag v=\"&#xD800;\"/></osm>", "linje 1, kolonne ", "ugyldig tegnreferanse"),
        ("<osm><!-- never closed </osm>", "linje 1, kolonne ", "kommentaren slutter aldri"),
        ("<osm><node id=\"1\"lat=\"1\"/></osm>", "linje 1, kolonne ", "forventet mellomrom"),
        (
            "<osm>\n <node id=\"1\">\n  <tag k=\"a\" v=\"b\"/>", "linje 3, kolonne ",
            "teksten slutter før </node>"
        ),
        ("<osm>\n <node id=\"1\" lat=\"5", "linje 2, kolonne ", "en attributtverdi slutter aldri"),
        ("", "linje 1", "ingen elementer"),
    ])
    func faultsAreSaidInNorwegianWithTheLine(text: String, place: String, message: String) {
        let error = failure(text)
        #expect(error?.kind == .malformed)
        #expect(error?.description.hasPrefix(place) == true, "\(String(describing: error))")
        #expect(error?.message.contains(message) == true, "\(String(describing: error))")
    }

    /// Cut off anywhere inside the root, a document is refused as cut off, never as some other
    /// fault.
    @Test func aDocumentCutAnywhereSaysItStopsShort() {
        let text = """
            <?xml version='1.0' encoding='UTF-8'?>
            <osm version="0.6" generator="osmium/1.16.0">
              <bounds minlat="59.9" minlon="10.7" maxlat="59.93" maxlon="10.77"/>
              <!-- a comment with <way> & «tags» in it -->
              <node id="5" lat="59.9230" lon="10.7580"><tag k="name" v="Gr&#xfc;nerl&#248;kka &amp; Co"/></node>
              <![CDATA[ x ]]><?pi yes?>
              <way id="10"><nd ref="1"/><tag k="name" v="Storgata"/></way>
            </osm>
            """
        let bytes = Array(text.utf8)
        let root = bytes.firstRange(of: Array("osmium/1.16.0\">".utf8))!.upperBound
        for end in root..<bytes.count {
            let error = failure(Array(bytes[..<end]))
            #expect(
                error?.message.contains("slutter") == true,
                "cut at \(end): \(String(describing: error))")
        }
    }

    // MARK: Hostile documents

    @Test func aDoctypeThatDeclaresAnythingIsRefused() throws {
        let entities = (1...9).map {
            "<!ENTITY lol\($0) \"" + String(repeating: "&lol\($0 - 1);", count: 10) + "\">"
        }
        let bomb =
            "<!DOCTYPE kml [<!ENTITY lol0 \"lol\">\(entities.joined())]><kml><n>&lol9;</n><m a=\"&lol9;\"/></kml>"
        let quadratic =
            "<!DOCTYPE kml [<!ENTITY a \"\(String(repeating: "a", count: 50_000))\">]><kml><n>"
            + String(repeating: "&a;", count: 50_000) + "</n></kml>"
        let hostile = [
            bomb, quadratic,
            #"<!DOCTYPE kml [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><kml><n>&xxe;</n></kml>"#,
            #"<!DOCTYPE kml [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><kml><n a="&xxe;"/></kml>"#,
            #"<!DOCTYPE kml [<!ENTITY % dtd SYSTEM "http://127.0.0.1:9/x.dtd"> %dtd;]><kml/>"#,
            "<!DOCTYPE gpx [<!ELEMENT gpx ANY>]><gpx/>",
            "<!DOCTYPE gpx [<!ATTLIST gpx a CDATA \"b\">]><gpx/>",
            "<!DOCTYPE gpx [<!NOTATION n SYSTEM \"x\">]><gpx/>",
            "<?xml version=\"1.0\"?>" + String(repeating: " ", count: 70_000)
                + "<!DOCTYPE kml [<!ENTITY a \"b\">]><kml><n>&a;</n></kml>",
        ]
        for text in hostile {
            let started = Date()
            let error = failure(text)
            #expect(
                error?.kind == .declaresEntities, "\(text.prefix(60)): \(String(describing: error))"
            )
            #expect(Date().timeIntervalSince(started) < 2)
        }
        #expect(try events("<!DOCTYPE kml><kml/>") == ["<kml/>"])
    }

    /// An external DTD is named but never loaded, so its entities stay unknown; an XInclude is an
    /// element like any other. A secret file beside the document never shows.
    @Test func nothingOutsideTheDocumentIsRead() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "xml-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let secret = folder.appendingPathComponent("secret.txt")
        try Data("HEMMELIG".utf8).write(to: secret)
        let dtd = folder.appendingPathComponent("x.dtd")
        try Data(
            #"<!ENTITY secret SYSTEM "file://\#(secret.path)"><!ATTLIST kml leak CDATA "HEMMELIG">"#
                .utf8
        )
        .write(to: dtd)
        let external = "<!DOCTYPE kml SYSTEM \"file://\(dtd.path)\"><kml><n>&secret;</n></kml>"
        #expect(failure(external)?.message == "ukjent referanse &secret;")
        let named = "<!DOCTYPE kml SYSTEM \"file://\(dtd.path)\"><kml><n>x</n></kml>"
        #expect(try events(named) == ["<kml>", "<n>", "\"x\"", "</n>", "</kml>"])
        let network = #"<!DOCTYPE kml PUBLIC "-//x//y" "http://127.0.0.1:9/kml.dtd"><kml/>"#
        #expect(try events(network) == ["<kml/>"])
        let include = """
            <kml xmlns:xi="http://www.w3.org/2001/XInclude"><n><xi:include href="\(secret.path)" parse="text"/></n></kml>
            """
        #expect(try events(include) == ["<kml>", "<n>", "<xi:include/>", "</n>", "</kml>"])
        try XMLEventReader.read(Array(include.utf8)) {
            (reader: XMLEventReader) throws(XMLReadError) in
            _ = try reader.next()
            _ = try reader.next()
            #expect(try reader.content() == "")
        }
    }

    @Test func aMillionLevelsDeepIsRefusedAtOnce() {
        let depth = 1_000_000
        for (open, close) in [("<a>", "</a>"), ("<Folder>", "</Folder>")] {
            let text =
                "<kml>" + String(repeating: open, count: depth)
                + String(repeating: close, count: depth) + "</kml>"
            let started = Date()
            let error = failure(text)
            #expect(error?.message == "for dyp nøsting", "\(String(describing: error))")
            #expect(Date().timeIntervalSince(started) < 2)
        }
        // The caller's own limit comes before libxml2's.
        let forty =
            "<osm>" + String(repeating: "<a>", count: 40) + String(repeating: "</a>", count: 40)
            + "</osm>"
        let limited = XMLEventReader.read(Array(forty.utf8), maximumDepth: 32) {
            reader -> XMLReadError? in
            do throws(XMLReadError) {
                while try reader.next() != nil {}
                return nil
            } catch {
                return error
            }
        }
        #expect(limited?.description == "linje 1: for dyp nøsting")
    }
}
