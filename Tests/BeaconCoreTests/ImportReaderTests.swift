import BeaconTestSupport
import Foundation
import Testing

@testable import BeaconModel
@testable import BeaconSources
@testable import BeaconSystem

/// The files `sitegen import` reads (`Tests/Fixtures/import/`, written after each format's
/// published description with invented places), told apart by content, with their awkward parts;
/// and every way a file can be something else, broken or hostile, each a Norwegian error and never
/// a crash or a hang.
@Suite struct ImportReaderTests {
    // MARK: Google Takeout

    @Test func takeoutOlderFormWithStringCoordinates() throws {
        let file = try read("takeout-saved-places-old.json")
        #expect(file.format == .takeoutSavedPlaces)
        #expect(file.title == nil)
        try #require(
            file.places.map(\.name) == ["Fjordkaffe", "Bryggen Fiskesuppe", "Nudelbaren Løkka"])
        let first = file.places[0]
        #expect(first.coordinate == Coordinate(latitude: 59.9139, longitude: 10.7522))
        #expect(first.address == "Karl Johans gate 99, 0162 Oslo, Norge")
        #expect(first.url == "http://maps.google.com/?cid=1000000000000000001")
        #expect(first.savedOn == CalendarDate(year: 2019, month: 5, day: 1))
        #expect(
            first.noteHTML == nil && first.list == nil && first.osmTags.isEmpty
                && first.osmID == nil)
        // No Title: the business name; a fraction of a second in the time.
        #expect(file.places[1].savedOn == CalendarDate(year: 2020, month: 7, day: 14))
        // No geometry: the position from «Geo Coordinates», given as strings.
        #expect(file.places[2].coordinate == Coordinate(latitude: 59.9235, longitude: 10.7590))
        #expect(file.places.map(\.sourceIndex) == [0, 1, 2])
        #expect(
            file.skipped == [
                ImportSkip(name: nil, sourceIndex: 3, reason: .noName),
                ImportSkip(name: "Feil Breddegrad", sourceIndex: 4, reason: .badCoordinates),
                ImportSkip(name: "Ikke Et Tall", sourceIndex: 5, reason: .badCoordinates),
            ])
    }

    @Test func takeoutNewerFormWithoutPositionsAndWithNamesOnlyInTheURL() throws {
        let file = try read("takeout-saved-places-new.json")
        #expect(file.format == .takeoutSavedPlaces)
        try #require(
            file.places.map(\.name) == [
                "Café Snøhvit", "Bakeriet på Hjørnet", "寿司 銀座", "Lenke Som Ikke Er En Lenke",
            ])
        let cafe = file.places[0]
        // [0,0] is no position, not a place in the Gulf of Guinea.
        #expect(cafe.coordinate == nil)
        #expect(cafe.address == "Thorvald Meyers gate 99, 0555 Oslo, Norge")
        #expect(cafe.savedOn == CalendarDate(year: 2023, month: 9, day: 10))
        #expect(
            cafe.noteHTML == "<p>Beste kanelbollene &lt;i&gt;i byen&lt;/i&gt; &amp; god kaffe</p>")
        #expect(
            cafe.url
                == "http://maps.google.com/?q=Caf%C3%A9+Sn%C3%B8hvit&ftid=0x46416e0000000001:0x1")
        // The name only in `q=`, percent-encoded with `+` for spaces.
        #expect(file.places[1].coordinate == nil && file.places[1].address == nil)
        // Unencoded non-Latin characters in the URL: the place kept, the address encoded as a
        // browser would.
        let sushi = file.places[2]
        #expect(sushi.coordinate == Coordinate(latitude: 35.6717, longitude: 139.7649))
        #expect(
            sushi.url
                == "http://maps.google.com/?q=%E5%AF%BF%E5%8F%B8+%E9%8A%80%E5%BA%A7&ftid=0x60188be000000003:0x3"
        )
        #expect(sushi.address == "銀座 9丁目, 中央区, 東京都")
        // A link that is no web address is dropped, not the place.
        #expect(file.places[3].url == nil)
        #expect(file.places[3].coordinate == Coordinate(latitude: 59.9102, longitude: 10.7412))
        #expect(
            file.skipped == [
                // A dropped pin: its search is a position, not a name.
                ImportSkip(name: nil, sourceIndex: 3, reason: .noName),
                ImportSkip(name: "Utenfor Kartet", sourceIndex: 5, reason: .badCoordinates),
            ])
    }

    /// 650 saved places, as a long-time user's Takeout holds, in both forms, generated from a seed.
    @Test func aTakeoutOf650Places() throws {
        var random = seededGenerator()
        var features: [String] = []
        var expected: [(name: String, coordinate: Coordinate?, day: CalendarDate)] = []
        for index in 0..<650 {
            let name =
                "Sted \(index) \(["Kafé", "Bar", "Bakeri", "寿司"].randomElement(using: &random)!)"
            let day = CalendarDate(
                year: Int.random(in: 2015...2025, using: &random), month: 3, day: 1 + index % 28)!
            let latitude = (59.85 + Double(Int.random(in: 0...20_000, using: &random)) / 100_000)
            let longitude = (10.65 + Double(Int.random(in: 0...20_000, using: &random)) / 100_000)
            let coordinate = Coordinate(latitude: latitude, longitude: longitude)
            if index.isMultiple(of: 2) {
                features.append(
                    #"{"geometry":{"coordinates":[\#(longitude),\#(latitude)],"type":"Point"},"properties":{"#
                        + #""Google Maps URL":"http://maps.google.com/?cid=\#(index + 1)","Location":{"#
                        + #""Address":"Gate \#(index), Oslo","Business Name":"\#(name)","Geo Coordinates":{"#
                        + #""Latitude":"\#(latitude)","Longitude":"\#(longitude)"}},"#
                        + #""Published":"\#(day.iso)T10:00:00Z","#
                        + #""Title":"\#(name)"},"type":"Feature"}"#)
                expected.append((name, coordinate, day))
            } else {
                features.append(
                    #"{"geometry":{"coordinates":[0,0],"type":"Point"},"properties":{"date":"\#(day.iso)T12:00:00Z","#
                        + #""google_maps_url":"http://maps.google.com/?q=\#(name)","location":{"#
                        + #""address":"Gate \#(index), Oslo","name":"\#(name)"}},"type":"Feature"}"#
                )
                expected.append((name, nil, day))
            }
        }
        let text =
            #"{"type":"FeatureCollection","features":["# + features.joined(separator: ",\n") + "]}"
        let file = try ImportReader.read(Array(text.utf8), fileName: "Saved Places.json")
        #expect(file.format == .takeoutSavedPlaces)
        try #require(file.places.count == 650)
        #expect(file.skipped.isEmpty)
        #expect(file.places.map(\.sourceIndex) == Array(0..<650))
        #expect(file.places.map(\.name) == expected.map(\.name))
        #expect(file.places.map(\.savedOn) == expected.map(\.day))
        for index in [0, 1, 327, 648, 649] {
            #expect(file.places[index].coordinate == expected[index].coordinate)
            #expect(file.places[index].address == "Gate \(index), Oslo")
        }
    }

    // MARK: Google Maps list (CSV)

    @Test func googleListCSVWithQuotesCRLFAndABOM() throws {
        let file = try read("google-list.csv")
        #expect(file.format == .googleListCSV)
        #expect(file.title == nil)
        try #require(
            file.places.map(\.name) == [
                "Fjordkaffe, Aker Brygge", "Bakeriet på Hjørnet", "Nudelbaren",
            ])
        let first = file.places[0]
        #expect(first.coordinate == nil && first.list == nil)
        #expect(
            first.noteHTML
                == "<p>Kaffe med utsikt.</p><p>Ta med &quot;gjester&quot; hit.</p><p>Åpner kl. 7</p>"
        )
        #expect(first.url == "https://www.google.com/maps/place/Fjordkaffe/data=!4m2!3m1!1s0x0:0x1")
        #expect(first.kind == "kafé")
        #expect(file.places[2].noteHTML == "<p>Nudler &lt; 100 kr &amp; mer</p>")
        // The row of empty fields after the header is no item; the note without a title is one.
        #expect(file.places.map(\.sourceIndex) == [0, 1, 2])
        #expect(file.skipped == [ImportSkip(name: nil, sourceIndex: 3, reason: .noName)])
    }

    @Test func googleListCSVWithItsNameOnTheFirstLine() throws {
        let file = try read("google-list-described.csv")
        #expect(file.format == .googleListCSV)
        #expect(file.title == "Bergen med barna")
        try #require(file.places.map(\.name) == ["Akvariet i Bergen", "Fløibanen"])
        #expect(file.places.allSatisfy { $0.list == "Bergen med barna" })
        #expect(file.places[0].noteHTML == "<p>Sel og pingviner<br>før lunsj</p>")
        #expect(file.places[1].url == "https://www.google.com/maps/place/Fl%C3%B8ibanen/")
        #expect(file.places[1].noteHTML == nil)
    }

    // MARK: KML and KMZ

    @Test func kmlFromMyMapsWithFoldersExtendedDataAndGeometryThatIsNoPoint() throws {
        let file = try read("my-maps.kml")
        #expect(file.format == .kml)
        #expect(file.title == "Oslo & Bergen – favoritter")
        try #require(
            file.places.map(\.name) == [
                "Fjordkaffe", "Bakeriet på Hjørnet", "Bryggen Fiskesuppe", "Fløyen (uten kart)",
                "Vigelandsparken",
            ])
        #expect(file.places.map(\.list) == ["Kaffe", "Kaffe", "Bryggen", "Bergen", nil])
        #expect(file.places.map(\.sourceIndex) == [0, 1, 3, 5, 9])
        let coffee = file.places[0]
        #expect(coffee.coordinate == Coordinate(latitude: 59.9139, longitude: 10.7522))
        // HTML in CDATA, as it is (the sanitiser comes later).
        #expect(
            coffee.noteHTML
                == #"<p>Kaffe med <b>utsikt</b>.</p><img src="https://example.com/bilde.jpg"/>"#)
        #expect(
            coffee.osmTags == ["Telefon": "+47 22 00 00 01", "website": "fjordkaffe.example.no"])
        #expect(coffee.url == "https://fjordkaffe.example.no")
        // Escaped HTML decoded; a space after the comma; the TimeStamp's day.
        let bakery = file.places[1]
        #expect(bakery.noteHTML == "Kanelboller <b>hver dag</b>")
        #expect(bakery.coordinate == Coordinate(latitude: 59.9235, longitude: 10.7590))
        #expect(bakery.savedOn == CalendarDate(year: 2024, month: 2, day: 29))
        // The Point of a MultiGeometry; a description written as XHTML kept as markup; SchemaData.
        let soup = file.places[2]
        #expect(soup.coordinate == Coordinate(latitude: 60.3975, longitude: 5.3242))
        #expect(soup.noteHTML == "<div>Fiskesuppe <em>med brød</em></div>")
        #expect(soup.address == "Bryggen 99, 5003 Bergen")
        #expect(soup.osmTags == ["pris": "200 kr"])
        // A name and no geometry: kept, without a position.
        #expect(file.places[3].coordinate == nil && file.places[3].address == "Fløyen, Bergen")
        #expect(file.places[4].url == "https://example.com/vigeland")
        #expect(
            file.skipped == [
                ImportSkip(
                    name: "Tur langs Akerselva", sourceIndex: 2, reason: .notAPoint(kind: "linje")),
                ImportSkip(name: "Festplassen", sourceIndex: 4, reason: .notAPoint(kind: "flate")),
                ImportSkip(name: "Feil Koordinater", sourceIndex: 6, reason: .badCoordinates),
                ImportSkip(name: nil, sourceIndex: 7, reason: .noName),
                ImportSkip(name: nil, sourceIndex: 8, reason: .empty),
            ])
    }

    @Test func kmzFromPythonsZipfile() throws {
        let file = try read("my-maps.kmz")
        #expect(file.format == .kmz)
        #expect(file.title == "Bergen i KMZ")
        #expect(file.places.map(\.name) == ["Bryggen Fiskesuppe", "Fløibanen"])
        #expect(file.places.map(\.list) == ["Mat", "Mat"])
        #expect(file.places[0].noteHTML == #"<img src="images/suppe.png"/> Suppe"#)
        #expect(file.places[1].coordinate == Coordinate(latitude: 60.3962, longitude: 5.3282))
    }

    @Test func aLongDescriptionIsCutToTheCommentLimit() throws {
        let long = String(repeating: "<b>Kaffe</b> ", count: 2_000)
        let kml = """
            <kml xmlns="http://www.opengis.net/kml/2.2"><Placemark><name>Lang</name>
            <description><![CDATA[\(long)]]></description></Placemark></kml>
            """
        let note = try #require(try read(text: kml).places.first?.noteHTML)
        #expect(note.count == TextHardening.Limit.comment)
        #expect(note.hasPrefix("<b>Kaffe</b> <b>") && note.hasSuffix("…"))
    }

    /// KML and GPX in the encodings their declarations name (or a UTF-16 byte order mark) are
    /// converted to UTF-8 as they are read.
    @Test func xmlInTheEncodingItDeclaresIsRead() throws {
        let latin1 = try read("latin1.kml")
        #expect(latin1.format == .kml && latin1.title == "Turer i Nordmarka")
        #expect(latin1.places.map(\.name) == ["Blåbærstua", "Ullevålseter"])
        #expect(
            latin1.places.first?.noteHTML
                == "Vafler og kaffe, åpent lørdag og søndag. «Best på søndager»")
        #expect(latin1.places.first?.list == "Kafeer")
        let windows = try read("windows-1252.gpx")
        #expect(windows.title == "Kaffe på Grünerløkka")
        #expect(windows.places.map(\.name) == ["Kafé “Sjøsiden”", "Bakeri Ærlig Brød"])
        #expect(windows.places.first?.noteHTML == "<p>Kaffe 35 € – kanelbolle 40 kr</p>")
        let text = """
            <?xml version="1.0" encoding="UTF-16"?>
            <kml xmlns="http://www.opengis.net/kml/2.2"><Placemark><name>Blåbærstua 東京</name>
            <Point><coordinates>10.7296,59.9802</coordinates></Point></Placemark></kml>
            """
        for (bom, littleEndian) in [([0xFF, 0xFE] as [UInt8], true), ([0xFE, 0xFF], false)] {
            var bytes = bom
            for unit in text.utf16 {
                let pair = [UInt8(unit & 0xFF), UInt8(unit >> 8)]
                bytes += littleEndian ? pair : pair.reversed()
            }
            let file = try ImportReader.read(bytes, fileName: "utf16.kml")
            #expect(file.format == .kml)
            #expect(file.places.map(\.name) == ["Blåbærstua 東京"])
        }
        // An encoding libxml2 does not know, and a byte windows-1252 has no character for.
        let unknown =
            #"<?xml version="1.0" encoding="x-ukjent"?><kml><Placemark><name>a</name></Placemark></kml>"#
        guard case .malformed("KML", let detail)? = refusal(Array(unknown.utf8))?.reason else {
            Issue.record("an unknown encoding was read")
            return
        }
        #expect(detail.contains("tegnsett") && detail.contains("x-ukjent"), "\(detail)")
        let undefined =
            Array(
                #"<?xml version="1.0" encoding="windows-1252"?><gpx><wpt lat="1" lon="2"><name>x"#
                    .utf8) + [0x81]
            + Array("</name></wpt></gpx>".utf8)
        guard case .malformed("GPX", let undefinedDetail)? = refusal(undefined)?.reason else {
            Issue.record("a byte windows-1252 lacks was read")
            return
        }
        #expect(undefinedDetail.contains("0x81"), "\(undefinedDetail)")
    }

    // MARK: GPX

    @Test func gpxWaypointsAndTheTracksAndRoutesSkipped() throws {
        let file = try read("waypoints.gpx")
        #expect(file.format == .gpx)
        #expect(file.title == "Tokyo-turen")
        try #require(file.places.map(\.name) == ["寿司 銀座", "Sensō-ji"])
        let sushi = file.places[0]
        #expect(sushi.coordinate == Coordinate(latitude: 35.6717, longitude: 139.7649))
        #expect(
            sushi.noteHTML
                == "<p>Omakase &lt;12 retter&gt; &amp; sake.</p><p>Stengt mandager.</p><p>Bestill bord</p>"
        )
        #expect(sushi.url == "https://example.jp/sushi-ginza")
        #expect(sushi.savedOn == CalendarDate(year: 2024, month: 11, day: 20))
        #expect(sushi.kind == "Restaurant")
        // A comment that repeats the description is said once.
        #expect(file.places[1].noteHTML == "<p>Tempel</p>")
        #expect(file.places.map(\.sourceIndex) == [0, 2])
        #expect(
            file.skipped == [
                ImportSkip(name: "Morgenløp", sourceIndex: 1, reason: .notAPoint(kind: "spor")),
                ImportSkip(name: "Til hotellet", sourceIndex: 3, reason: .notAPoint(kind: "rute")),
                ImportSkip(name: nil, sourceIndex: 4, reason: .noName),
                ImportSkip(name: "For langt nord", sourceIndex: 5, reason: .badCoordinates),
                ImportSkip(name: "Ikke et tall", sourceIndex: 6, reason: .badCoordinates),
                ImportSkip(name: nil, sourceIndex: 7, reason: .noName),
            ])
    }

    // MARK: GeoJSON and Overpass

    @Test func geoJSONWithOSMPropertiesAndGeometryOfEveryKind() throws {
        let file = try read("places.geojson")
        #expect(file.format == .geoJSON)
        #expect(file.title == "Oslo-kafeer")
        try #require(
            file.places.map(\.name) == [
                "Fjordkaffe", "Bakeriet på Hjørnet", "Ett punkt", "Uten sted", "Nudelbaren",
            ])
        let coffee = file.places[0]
        #expect(coffee.osmID == "node/1001")
        #expect(coffee.coordinate == Coordinate(latitude: 59.9139, longitude: 10.7522))
        #expect(coffee.address == "Karl Johans gate 99, 0162 Oslo")
        #expect(coffee.url == "https://fjordkaffe.example.no")
        #expect(coffee.osmTags["opening_hours"] == "Mo-Fr 07:00-18:00")
        #expect(coffee.osmTags["level"] == "2")
        // The name, the id and a boolean are not tags.
        #expect(
            coffee.osmTags["name"] == nil && coffee.osmTags["@id"] == nil
                && coffee.osmTags["outdoor_seating"] == nil)
        let bakery = file.places[1]
        // Numbers written as strings are numbers; osm_type and osm_id; a description is plain text.
        #expect(bakery.coordinate == Coordinate(latitude: 59.9235, longitude: 10.7590))
        #expect(bakery.osmID == "way/2002")
        #expect(bakery.noteHTML == "<p>Ferske boller<br>hver morgen</p>")
        #expect(bakery.address == "Markveien 99, Oslo")
        #expect(file.places[2].coordinate == Coordinate(latitude: 59.91, longitude: 10.74))
        #expect(file.places[3].coordinate == nil)
        // overpass-turbo's older export: the tags nested, the id on the feature.
        #expect(file.places[4].osmID == "way/3003")
        #expect(file.places[4].osmTags == ["amenity": "restaurant", "cuisine": "noodle"])
        #expect(
            file.skipped == [
                ImportSkip(name: "Akerselva", sourceIndex: 2, reason: .notAPoint(kind: "linje")),
                ImportSkip(name: "Slottsparken", sourceIndex: 3, reason: .notAPoint(kind: "flate")),
                ImportSkip(
                    name: "To punkter", sourceIndex: 5, reason: .notAPoint(kind: "flere punkter")),
                ImportSkip(name: nil, sourceIndex: 6, reason: .noName),
                ImportSkip(name: "Ikke tall", sourceIndex: 7, reason: .badCoordinates),
                ImportSkip(name: nil, sourceIndex: 9, reason: .empty),
            ])
    }

    @Test func aSingleGeoJSONFeature() throws {
        let file = try read(
            text:
                #"{"type":"Feature","properties":{"name":"Fløibanen"},"#
                + #""geometry":{"type":"Point","coordinates":[5.3282,60.3962]}}"#
        )
        #expect(file.format == .geoJSON)
        #expect(file.places.map(\.coordinate) == [Coordinate(latitude: 60.3962, longitude: 5.3282)])
    }

    @Test func overpassAnswerWithCentresAndWhatHasNone() throws {
        let file = try read("overpass.json")
        #expect(file.format == .overpassJSON)
        try #require(
            file.places.map(\.name) == [
                "Bryggen Fiskesuppe", "Hanseatisk Museum (oppdiktet)", "Byparken", "Fisketorget",
            ])
        #expect(file.places.map(\.osmID) == ["node/1001", "way/2001", "way/2003", "relation/3001"])
        let soup = file.places[0]
        #expect(soup.address == "Bryggen 99, 5003 Bergen")
        #expect(soup.url == "https://bryggen-fiskesuppe.example.no")
        #expect(
            soup.osmTags["cuisine"] == "seafood" && soup.osmTags["name"] == "Bryggen Fiskesuppe")
        #expect(file.places[1].coordinate == Coordinate(latitude: 60.3940, longitude: 5.3250))
        let park = try #require(file.places[2].coordinate)
        #expect(abs(park.latitude - 60.39) < 1e-9 && abs(park.longitude - 5.32) < 1e-9)
        #expect(
            file.skipped == [
                ImportSkip(name: nil, sourceIndex: 1, reason: .noName),
                ImportSkip(name: "Kafé Uten Senter", sourceIndex: 3, reason: .badCoordinates),
                ImportSkip(name: "Nordpolen+", sourceIndex: 6, reason: .badCoordinates),
                ImportSkip(name: nil, sourceIndex: 7, reason: .empty),
            ])
    }

    @Test func anOverpassAnswerCutShortByATimeoutIsRefused() {
        let text = """
            {"version":0.6,"generator":"Overpass API","elements":[],
             "remark":"runtime error: Query timed out in \\"query\\" at line 3 after 26 seconds."}
            """
        let error = refusal(text)
        guard case .overpassError(let words)? = error?.reason else {
            Issue.record("\(String(describing: error))")
            return
        }
        #expect(words.hasPrefix("runtime error: Query timed out"))
        #expect(error?.exitStatus == .dataError)
    }

    // MARK: OpenStreetMap XML

    /// As JOSM saves an edit: negative ids for new objects, one deleted, untagged nodes of a way.
    @Test func osmXMLFromJOSM() throws {
        let file = try read("josm.osm")
        #expect(file.format == .osmXML)
        try #require(file.places.map(\.name) == ["Kaffekoppen på Torget", "Fiskebrygga & Sønn"])
        let cafe = file.places[0]
        #expect(cafe.coordinate == Coordinate(latitude: 59.91702148573, longitude: 10.74939516447))
        #expect(
            cafe.osmTags["amenity"] == "cafe"
                && cafe.osmTags["opening_hours"] == "Mo-Fr 07:30-17:00; Sa 10:00-16:00")
        #expect(cafe.url == "https://kaffekoppen.example.no")
        // A new object has no id in OpenStreetMap yet.
        #expect(cafe.osmID == nil)
        let restaurant = file.places[1]
        let centre = try #require(restaurant.coordinate)
        #expect(
            abs(centre.latitude - 59.9165966) < 1e-9 && abs(centre.longitude - 10.7506298) < 1e-9)
        #expect(restaurant.address == "Torggata 3")
        #expect(restaurant.osmTags["cuisine"] == "seafood")
        // The deleted node is no item at all; the bench and the way's corners are nameless.
        #expect(file.places.map(\.sourceIndex) == [0, 6])
        #expect(file.skipped.map(\.reason) == Array(repeating: .noName, count: 5))
        #expect(file.skipped.map(\.sourceIndex) == [1, 2, 3, 4, 5])
    }

    /// Overpass' XML (`out center`, `out bb`, a timeout's remark) gives what its JSON gives.
    @Test func overpassXMLGivesWhatItsJSONGives() throws {
        let xml = try read("overpass.osm")
        let json = try read("overpass.json")
        #expect(xml.format == .osmXML)
        #expect(xml.places.map(\.name) == json.places.map(\.name))
        #expect(xml.places.map(\.coordinate) == json.places.map(\.coordinate))
        #expect(xml.places.map(\.osmID) == json.places.map(\.osmID))
        #expect(xml.places.map(\.osmTags) == json.places.map(\.osmTags))
        #expect(xml.places.map(\.address) == json.places.map(\.address))
        #expect(xml.skipped == json.skipped)
        let timedOut = """
            <?xml version="1.0" encoding="UTF-8"?>
            <osm version="0.6" generator="Overpass API 0.7.62.1 084b4234">
            <remark> runtime error: Query timed out in "query" at line 3 after 26 seconds. </remark>
            </osm>
            """
        guard case .overpassError(let words)? = refusal(timedOut)?.reason else {
            Issue.record("an Overpass answer cut short was read")
            return
        }
        #expect(words.hasPrefix("runtime error: Query timed out"))
    }

    /// A way before its nodes (Overpass' `out body; >; out skel qt;`), a relation at the middle of
    /// its members' nodes, nodes on an `out geom` way, and a way none of whose nodes are in the
    /// file.
    @Test func osmXMLWaysAndRelationsAreAtTheMiddleOfTheirNodes() throws {
        let text = """
            <osm version="0.6" generator="Overpass API">
              <way id="10"><nd ref="1"/><nd ref="2"/><tag k="amenity" v="cafe"/><tag k="name" v="Før nodene"/></way>
              <way id="11"><nd ref="8" lat="60.0" lon="11.0"/><nd ref="9" lat="60.2" lon="11.4"/>
                <tag k="name" v="Med geometri"/></way>
              <way id="12"><nd ref="404"/><tag k="name" v="Uten noder"/></way>
              <relation id="20"><member type="way" ref="10" role="outer"/><member type="node" ref="3" role="label"/>
                <member type="relation" ref="21" role=""/><tag k="type" v="multipolygon"/>
                <tag k="name" v="Torget"/></relation>
              <node id="1" lat="59.0" lon="10.0"/>
              <node id="2" lat="59.2" lon="10.4"/>
              <node id="3" lat="59.4" lon="10.2"/>
            </osm>
            """
        let file = try read(text: text)
        try #require(file.places.map(\.name) == ["Før nodene", "Med geometri", "Torget"])
        func near(_ coordinate: Coordinate?, _ latitude: Double, _ longitude: Double) -> Bool {
            guard let coordinate else { return false }
            return abs(coordinate.latitude - latitude) < 1e-9
                && abs(coordinate.longitude - longitude) < 1e-9
        }
        #expect(near(file.places[0].coordinate, 59.1, 10.2))
        #expect(near(file.places[1].coordinate, 60.1, 11.2))
        #expect(near(file.places[2].coordinate, 59.2, 10.2))
        #expect(file.places.map(\.osmID) == ["way/10", "way/11", "relation/20"])
        #expect(
            file.skipped.first
                == ImportSkip(name: "Uten noder", sourceIndex: 2, reason: .badCoordinates))
    }

    /// The files owners brought to `sitegen build` (`Tests/Fixtures/formats/`) are each read as
    /// what they are.
    @Test(
        arguments: [
            ("google-takeout-saved-places-old.json", .takeoutSavedPlaces, 2),
            ("google-takeout-saved-places-new.json", .takeoutSavedPlaces, 1),
            ("my-maps-export.kml", .kml, 1),
            ("waypoints.gpx", .gpx, 1),
            ("overpass-answer.json", .overpassJSON, 1),
            ("map.osm", .osmXML, 1),
            ("oslo-bars-mixed.geojson", .geoJSON, nil),
        ] as [(String, ImportFormat, Int?)])
    func theBuildsFormatFixturesAreRecognised(name: String, format: ImportFormat, places: Int?)
        throws
    {
        let bytes = Array(
            try Data(contentsOf: URL(fileURLWithPath: TestPaths.fixtures + "/formats/" + name)))
        let file = try ImportReader.read(bytes, fileName: name)
        #expect(file.format == format)
        if let places {
            #expect(file.places.count == places)
        } else {
            #expect(!file.places.isEmpty)
        }
    }

    @Test func theFormatIsToldByContentNotByName() throws {
        let bytes = try fixture("takeout-saved-places-old.json")
        #expect(try ImportReader.read(bytes, fileName: "steder.csv").format == .takeoutSavedPlaces)
        #expect(try ImportReader.read(try fixture("my-maps.kml"), fileName: "x.gpx").format == .kml)
        #expect(
            try ImportReader.read(try fixture("google-list.csv"), fileName: "x.json").format
                == .googleListCSV)
    }

    @Test func formatsHaveNorwegianNames() {
        #expect(ImportFormat.takeoutSavedPlaces.displayName == "Google Takeout (Lagrede steder)")
        #expect(ImportFormat.googleListCSV.displayName == "Google Maps-liste (CSV)")
        #expect(Set(ImportFormat.allCases.map(\.displayName)).count == ImportFormat.allCases.count)
    }

    // MARK: Files with nothing to import

    @Test(arguments: [
        #"{"type":"FeatureCollection","features":[]}"#,
        #"{"version":0.6,"generator":"Overpass API","elements":[]}"#,
        #"<kml xmlns="http://www.opengis.net/kml/2.2"><Document><name>Tomt kart</name></Document></kml>"#,
        #"<?xml version="1.0"?><gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1"/>"#,
        "Title,Note,URL\r\n",
    ])
    func aFileWithNoPlacesIsNoError(text: String) throws {
        let file = try read(text: text)
        #expect(file.places.isEmpty && file.skipped.isEmpty)
    }

    // MARK: What is not an import file

    @Test func whatIsNoImportFormatNamesTheFileAndTheFormats() {
        var random = seededGenerator()
        let noise = (0..<4_096).map { _ in UInt8.random(in: 0...255, using: &random) }
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]
        let cases: [([UInt8], ImportError.Reason)] = [
            (png, .unrecognised(seemsToBe: "et PNG-bilde")),
            (Array("%PDF-1.7\n".utf8), .unrecognised(seemsToBe: "en PDF")),
            (
                Array("Bare litt tekst,\nsom ikke er en liste.\n".utf8),
                .unrecognised(seemsToBe: nil)
            ),
            (
                Array("<!DOCTYPE html><html><title>Logg inn</title></html>".utf8),
                .unrecognised(seemsToBe: "en nettside (HTML)")
            ),
            (
                Array(#"<osmChange version="0.6"><create/></osmChange>"#.utf8),
                .unrecognised(seemsToBe: "en OpenStreetMap-endringsfil (osmChange)")
            ),
            (Array(#"[{"name":"Fjordkaffe"}]"#.utf8), .unrecognised(seemsToBe: "en JSON-liste")),
            (
                Array(#"{"places":[]}"#.utf8),
                .unrecognised(seemsToBe: "JSON uten «features» eller «elements»")
            ),
            ([], .empty),
            (Array(" \n\t\r\n ".utf8), .empty),
            ([0xEF, 0xBB, 0xBF, 0x0A], .empty),
            ([0xFF, 0xFE, 0x7B, 0x00], .utf16),
        ]
        for (bytes, reason) in cases {
            let error = refusal(bytes, name: "lagret.dat")
            #expect(error?.reason == reason, "\(bytes.prefix(12))")
            #expect(error?.userMessage.contains("«lagret.dat»") == true)
            #expect(error?.exitStatus == .dataError)
        }
        let randomError = refusal(noise, name: "tilfeldig.bin")
        #expect(randomError != nil)
        let message = refusal(png, name: "bilde.png")?.userMessage ?? ""
        #expect(
            message
                == "«bilde.png» er ikke i et format sitegen kan importere (Google Takeout, Google Maps-liste som CSV, "
                + "KML/KMZ, GPX, GeoJSON, Overpass JSON, OpenStreetMap-XML); den ser ut som et PNG-bilde."
        )
    }

    @Test func randomBytesNeverCrash() {
        var random = seededGenerator()
        let starts: [[UInt8]] = [
            [], Array("{".utf8), Array("<kml>".utf8), Array("<gpx>".utf8),
            Array("Title,URL\n".utf8),
        ]
        for round in 0..<200 {
            let count = Int.random(in: 0...300, using: &random)
            let bytes =
                starts[round % starts.count]
                + (0..<count).map { _ in UInt8.random(in: 0...255, using: &random) }
            // Either outcome is fine; a trap or a hang is not.
            _ = try? ImportReader.read(bytes, fileName: "støy")
        }
        #expect(refusal(Array("{".utf8)) != nil)
    }

    @Test func aCutFileSaysItIsBrokenAndWhere() throws {
        let json = try fixture("takeout-saved-places-new.json")
        guard
            case .malformed(let what, let detail)? = refusal(Array(json.prefix(json.count / 2)))?
                .reason
        else {
            Issue.record("a cut JSON file was read")
            return
        }
        #expect(what == "JSON" && detail.contains("linje"))

        let kml = try fixture("my-maps.kml")
        let cutKML = refusal(Array(kml.prefix(kml.count / 2)), name: "kart.kml")
        guard case .malformed(let kmlWhat, let kmlDetail)? = cutKML?.reason else {
            Issue.record("a cut KML file was read")
            return
        }
        #expect(kmlWhat == "KML" && kmlDetail.contains("slutter"))
        #expect(
            cutKML?.userMessage.contains("«kart.kml» ser ut som KML, men kan ikke leses") == true)

        let gpx = try fixture("waypoints.gpx")
        guard case .malformed("GPX", _)? = refusal(Array(gpx.prefix(gpx.count - 10)))?.reason else {
            Issue.record("a cut GPX file was read")
            return
        }
        guard
            case .malformed("CSV", _)? = refusal(
                Array("Title,URL\n\"Fjordkaffe,https://x.no\n".utf8))?.reason
        else {
            Issue.record("a quote that never ends was read")
            return
        }
    }

    @Test func invalidUTF8IsReportedWithWhereItIs() {
        let text =
            Array(#"{"type":"FeatureCollection","features":[{"properties":{"name":"Caf"#.utf8) + [
                0xE9
            ]
            + Array(#""}}]}"#.utf8)
        let error = refusal(text, name: "latin1.json")
        #expect(error?.reason == .invalidUTF8(offset: 66, byte: 0xE9))
        #expect(error?.userMessage.contains("byte 0xE9 etter 66 byte") == true)
        let kml =
            Array("<kml><Placemark><name>Caf".utf8) + [0xE9]
            + Array("</name></Placemark></kml>".utf8)
        #expect(refusal(kml)?.reason == .invalidUTF8(offset: 25, byte: 0xE9))
    }

    @Test func aFileOverTheLimitIsRefusedBeforeReading() {
        let error = refusal([UInt8](repeating: 0x20, count: ImportReader.maximumFileBytes + 1))
        #expect(
            error?.reason == .tooLarge(bytes: ImportReader.maximumFileBytes + 1, limit: 256 << 20))
    }

    // MARK: Hostile files

    @Test func anXMLBombIsRefusedUnexpanded() {
        let entities = (1...9).map { level in
            "<!ENTITY lol\(level) \"" + String(repeating: "&lol\(level - 1);", count: 10) + "\">"
        }
        let subset = "[<!ENTITY lol0 \"lol\">" + entities.joined() + "]"
        for root in ["lolz", #"kml xmlns="http://www.opengis.net/kml/2.2""#, "gpx"] {
            let bomb =
                "<?xml version=\"1.0\"?>\n<!-- et kart -->\n<!DOCTYPE \(root.prefix { $0 != " " }) \(subset)>\n"
                + "<\(root)><Placemark><name>&lol9;</name></Placemark></\(root.prefix { $0 != " " })>"
            let error = refusal(Array(bomb.utf8), name: "bombe.kml")
            #expect(error?.reason == .declaresEntities, "\(root)")
            #expect(error?.userMessage.contains("erklærer egne entiteter") == true)
        }
        // However far down the DOCTYPE comes; and the readers' scanner refuses it by itself.
        let padded =
            "<?xml version=\"1.0\"?>" + String(repeating: " ", count: 70_000)
            + "<!DOCTYPE kml [<!ENTITY a \"b\">]><kml><Placemark><name>&a;</name></Placemark></kml>"
        #expect(refusal(Array(padded.utf8))?.reason == .declaresEntities)
        #expect(throws: ImportError.Reason.declaresEntities) {
            try KMLPlacesReader.read(Array(padded.utf8), format: .kml)
        }
        #expect(throws: ImportError.Reason.declaresEntities) {
            try GPXPlacesReader.read(Array("<!DOCTYPE gpx [<!ELEMENT gpx ANY>]><gpx/>".utf8))
        }
        // An entity nobody declared is an error, not text.
        guard
            case .malformed("KML", let detail)? = refusal(
                Array("<kml><Document><name>&lol;</name></Document></kml>".utf8))?.reason
        else {
            Issue.record("an undeclared entity was read")
            return
        }
        #expect(detail.contains("&lol;"))
    }

    @Test func aMillionLevelsDeepIsRefused() {
        let depth = 1_000_000
        let json =
            [UInt8](repeating: UInt8(ascii: "["), count: depth)
            + [UInt8](repeating: UInt8(ascii: "]"), count: depth)
        guard case .nestedTooDeep("JSON", let detail)? = refusal(json)?.reason else {
            Issue.record("a million nested arrays were read, or called broken")
            return
        }
        #expect(detail.contains("for dyp nøsting"))
        let objects = String(repeating: #"{"type":"Feature","properties":"#, count: depth)
        guard case .nestedTooDeep("JSON", _)? = refusal(Array(objects.utf8))?.reason else {
            Issue.record("a million nested objects were read")
            return
        }
        let xml =
            "<kml>" + String(repeating: "<Folder>", count: depth)
            + String(repeating: "</Folder>", count: depth)
            + "</kml>"
        guard case .nestedTooDeep("KML", let xmlDetail)? = refusal(Array(xml.utf8))?.reason else {
            Issue.record("a million nested folders were read, or called broken")
            return
        }
        #expect(xmlDetail.contains("for dyp nøsting"))
    }

    @Test func aCSVRowOfTenMillionColumnsIsRefused() {
        let row = [UInt8](repeating: UInt8(ascii: ","), count: 10_000_000)
        let bytes = Array("Title,Note,URL\nFjordkaffe,".utf8) + row + [0x0A]
        let error = refusal(bytes, name: "liste.csv")
        #expect(error?.reason == .tooManyColumns(row: 2, limit: CSVRecords.maximumColumns))
        #expect(
            error?.userMessage.contains(
                "rad 2 har flere enn \(NorwegianFormat.integer(1_000)) kolonner") == true)
    }

    @Test func aCSVFieldOf100MBIsRefused() {
        var bytes = Array("Title,Note,URL\nFjordkaffe,\"".utf8)
        bytes += [UInt8](repeating: UInt8(ascii: "a"), count: 100 << 20)
        bytes.append(contentsOf: Array("\",https://x.no\n".utf8))
        #expect(
            refusal(bytes)?.reason == .fieldTooLong(row: 2, limit: CSVRecords.maximumFieldBytes))
        // Unquoted, too.
        var unquoted = Array("Title,Note,URL\nFjordkaffe,".utf8)
        unquoted += [UInt8](repeating: UInt8(ascii: "b"), count: 2 << 20)
        #expect(
            refusal(unquoted)?.reason == .fieldTooLong(row: 2, limit: CSVRecords.maximumFieldBytes))
    }

    // MARK: The cleaning every reader shares

    @Test func plainTextBecomesEscapedParagraphs() {
        #expect(ImportText.noteHTML(plain: "a & b") == "<p>a &amp; b</p>")
        #expect(
            ImportText.noteHTML(plain: "  Linje én\r\nLinje to \n\n\n\n<tredje> \"avsnitt\"  \n")
                == "<p>Linje én<br>Linje to</p><p>&lt;tredje&gt; &quot;avsnitt&quot;</p>")
        #expect(ImportText.noteHTML(plain: " \n\t\n") == nil)
        #expect(ImportText.noteHTML(plain: nil) == nil)
        #expect(ImportText.noteHTML(plain: "gammel\rMac") == "<p>gammel<br>Mac</p>")
        // Escaping makes text longer: the HTML, not the text, fits the limit.
        let ampersands = ImportText.noteHTML(plain: String(repeating: "&", count: 5_000)) ?? ""
        #expect(ampersands.count <= TextHardening.Limit.comment)
        #expect(ampersands.hasPrefix("<p>&amp;&amp;") && ampersands.hasSuffix("&amp;…</p>"))
        let lines = ImportText.noteHTML(plain: String(repeating: "x\n", count: 3_000)) ?? ""
        #expect(lines.count <= TextHardening.Limit.comment && lines.hasSuffix("…</p>"))
    }

    @Test func namesInGoogleMapsAddresses() {
        #expect(
            ImportText.nameInGoogleMapsURL("http://maps.google.com/?q=Caf%C3%A9+X&ftid=0x1:0x2")
                == "Café X")
        #expect(
            ImportText.nameInGoogleMapsURL(
                "https://www.google.com/maps/search/?api=1&query=Fl%C3%B8yen") == "Fløyen")
        #expect(
            ImportText.nameInGoogleMapsURL(
                "https://www.google.com/maps/place/Bryggen+Fiskesuppe/@60.39,5.32,17z")
                == "Bryggen Fiskesuppe")
        #expect(ImportText.nameInGoogleMapsURL("http://maps.google.com/?q=寿司+銀座") == "寿司 銀座")
        #expect(ImportText.nameInGoogleMapsURL("http://maps.google.com/?q=59.9219,10.7601") == nil)
        #expect(ImportText.nameInGoogleMapsURL("http://maps.google.com/?cid=123") == nil)
        #expect(
            ImportText.nameInGoogleMapsURL("http://maps.google.com/?q=100%+kaffe") == "100% kaffe")
    }

    @Test func webAddressesAreHTTPWithAHost() {
        #expect(ImportText.webAddress(" https://example.no/a b ") == "https://example.no/a%20b")
        #expect(ImportText.webAddress("www.example.no") == "https://www.example.no")
        #expect(ImportText.webAddress("javascript:alert(1)") == nil)
        #expect(ImportText.webAddress("data:text/html,<b>") == nil)
        #expect(ImportText.webAddress("ftp://example.no") == nil)
        #expect(ImportText.webAddress("") == nil)
        #expect(ImportText.osmID("node/123") == "node/123")
        #expect(ImportText.osmID(type: "R", id: "7") == "relation/7")
        #expect(
            ImportText.osmID("node/-1") == nil && ImportText.osmID("nodes/1") == nil
                && ImportText.osmID("1") == nil)
    }

    // MARK: Helpers

    private func fixture(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: TestPaths.fixtures + "/import/" + name)))
    }

    private func read(_ name: String) throws -> ImportedFile {
        try ImportReader.read(fixture(name), fileName: name)
    }

    private func read(text: String) throws -> ImportedFile {
        try ImportReader.read(Array(text.utf8), fileName: "test")
    }

    private func refusal(_ text: String) -> ImportError? { refusal(Array(text.utf8)) }

    private func refusal(_ bytes: [UInt8], name: String = "fil") -> ImportError? {
        do {
            _ = try ImportReader.read(bytes, fileName: name)
            return nil
        } catch {
            return error
        }
    }
}
