import CLibXML2
import Foundation
import Testing

@testable import BeaconModel
@testable import BeaconSite
@testable import BeaconSources
@testable import BeaconSystem
@testable import SiteBuild
@testable import SiteGenKit

/// Each of the owner's lists as GPX, KML and GeoJSON (`eksport/lister/<slug>.<ext>`), read back by
/// the readers `sitegen import` uses: every place the guide has, in the list's order, with its
/// name, position and the list's note; the KML's folder (which import makes a list) named as the
/// list.
@Suite struct SavedListExportsTests {
    /// Places of the built-in sample, in a list's order that is not the guide's (nearest first).
    static let breakfast: [(id: String, name: String, note: String?)] = [
        ("node/10914208868", "Tim Wendelboe", "Kaffe fra *Kenya* & en bolle."),
        ("node/6844884183", "Åpent Bakeri", "Kom før ti, da er det plass."),
        ("node/8244988358", "Grand Café", nil),
    ]

    /// A store of format 3 with `lists` (name, description, [id], notes), written through
    /// JSONSerialization so any text is escaped as JSON.
    static func store(
        _ lists: [(name: String, description: String?, ids: [String], notes: [String: String])],
        places: [String: Any] = [:]
    ) throws -> String {
        let encoded: [[String: Any]] = lists.map { list in
            var object: [String: Any] = ["name": list.name, "places": list.ids]
            if let description = list.description { object["description"] = description }
            if !list.notes.isEmpty { object["notes"] = list.notes }
            return object
        }
        let data = try JSONSerialization.data(
            withJSONObject: ["format": 3, "places": places, "lists": encoded])
        return String(decoding: data, as: UTF8.self)
    }

    static func breakfastStore() throws -> String {
        var notes: [String: String] = [:]
        for place in breakfast { notes[place.id] = place.note }
        // A place the guide does not have (gone from the data) is left out of the files.
        let ids = [breakfast[0].id, "node/1", breakfast[1].id, breakfast[2].id]
        return try store([
            (
                "Søndagsfrokost", "Der vi spiser **frokost** en søndag.", ids,
                notes.merging(["node/1": "Borte"]) { a, _ in a }
            )
        ])
    }

    func build(_ site: TestSite) async throws {
        _ = try await BuildPipeline(
            options: BuildOptions(site: site.site), environment: ["BEACON_BASEMAP": "none"],
            console: CapturingConsole()
        ).run()
    }

    /// The sample's positions, from the build's own export of every place.
    func positions(_ site: TestSite) throws -> [String: Coordinate] {
        let all = try PlacesFile.load(
            path: site.output + "/eksport/steder.geojson", defaultCategory: nil
        ).places
        return Dictionary(all.map { ($0.id.rawValue, $0.coordinate) }) { a, _ in a }
    }

    func read(_ site: TestSite, _ path: String) throws -> ImportedFile {
        try ImportReader.read(FileSystem.read(site.output + "/" + path), fileName: path)
    }

    @Test func eachFormatReadsBackAsTheListInItsOrderWithItsNotes() async throws {
        let site = TestSite(store: try Self.breakfastStore())
        try await build(site)
        let positions = try positions(site)
        for ext in ["kml", "gpx", "geojson"] {
            let file = try read(site, "eksport/lister/sondagsfrokost." + ext)
            #expect(file.title == "Søndagsfrokost", "\(ext)")
            #expect(file.skipped.isEmpty, "\(ext): \(file.skipped)")
            #expect(file.places.map(\.name) == Self.breakfast.map(\.name), "\(ext)")
            for (imported, expected) in zip(file.places, Self.breakfast) {
                let position = try #require(positions[expected.id])
                let coordinate = try #require(imported.coordinate, "\(ext): \(imported.name)")
                #expect(abs(coordinate.latitude - position.latitude) < 1e-6, "\(ext)")
                #expect(abs(coordinate.longitude - position.longitude) < 1e-6, "\(ext)")
                let note = imported.noteHTML ?? ""
                // The note as the reader sees it (Markdown's marks gone), `&` escaped as HTML.
                if expected.note != nil {
                    #expect(
                        note.contains("Kaffe fra Kenya &amp; en bolle.")
                            || note.contains("Kom før ti, da er det plass."), "\(ext): \(note)")
                }
                #expect(!note.contains("Borte"))
            }
            if ext == "kml" {
                // The folder import makes a list of.
                #expect(file.places.allSatisfy { $0.list == "Søndagsfrokost" })
            }
            if ext == "geojson" {
                #expect(file.places.map { $0.osmTags["position"] } == ["1", "2", "3"])
                #expect(file.places.first?.osmTags["category"] == "Kafé")
                #expect(file.places.first?.osmTags["note"] == "Kaffe fra Kenya & en bolle.")
            }
        }
        // The list's description, as text, where each format keeps one.
        let gpx = String(
            decoding: try FileSystem.read(site.output + "/eksport/lister/sondagsfrokost.gpx"),
            as: UTF8.self)
        #expect(
            gpx.contains(
                "<metadata><name>Søndagsfrokost</name><desc>Der vi spiser frokost en søndag.</desc>"
            ))
        let collection = try JSONParser.parse(
            bytes: FileSystem.read(site.output + "/eksport/lister/sondagsfrokost.geojson"))
        #expect(collection["name"] == .string("Søndagsfrokost"))
        #expect(collection["description"] == .string("Der vi spiser frokost en søndag."))
        let kml = try FileSystem.read(site.output + "/eksport/lister/sondagsfrokost.kml")
        #expect(XMLPoints.texts(kml, element: "Folder")?.count == 1)
    }

    /// Names and notes that break markup, CDATA, quoting, direction and length: every file still
    /// parses (libxml2 here, Python's parsers in a child), and import reads every place back.
    @Test func hostileNamesAndNotesStayWellFormed() async throws {
        let long = String(repeating: "Lang ", count: 1_000).trimmingCharacters(in: .whitespaces)
        #expect(long.count > 4_990)
        let hostile = "<script>alert(1)</script> ]]> \"sitat\" 'apo' & عشاء 🍕"
        let places: [String: Any] = [
            "way/9": [
                "place": [
                    "name": "]]><b onmouseover=x()>Øl</b> \u{202E}evil", "category": "restaurant",
                    "lat": 59.9201, "lon": 10.7651,
                ],
                "favoriteSince": "2026-01-03",
            ]
        ]
        let site = TestSite(
            store: try Self.store(
                [
                    (
                        hostile, "<![CDATA[ ]]> & <img src=x onerror=alert(2)>",
                        ["way/9", "node/10914208868", "node/6844884183"],
                        [
                            "way/9": "]]></desc><script>x()</script>",
                            "node/10914208868": "مرحبا 👋🏽 \"quoted\" & 'single'",
                            "node/6844884183": long,
                        ]
                    )
                ], places: places))
        try await build(site)
        let files = site.outputFiles().filter { $0.hasPrefix("eksport/lister/") }
        #expect(files.count == 3, "\(files)")
        for path in files {
            let bytes = try FileSystem.read(site.output + "/" + path)
            let file = try read(site, path)
            #expect(file.places.count == 3, "\(path): \(file.skipped)")
            if path.hasSuffix(".geojson") {
                // JSON keeps every text as it is.
                #expect(file.title == TextHardening.clean(hostile, maximumLength: 120))
                #expect(file.places.last?.osmTags["note"]?.hasPrefix("Lang Lang") == true)
            } else {
                #expect(XMLPoints.parse(bytes).map { xmlFreeDoc($0) } != nil, "\(path)")
                // Markup in a name is inert where a viewer reads it as HTML.
                for element in ["name", "desc", "description"] {
                    for text in XMLPoints.texts(bytes, element: element) ?? [] {
                        #expect(!text.contains("<script"), "\(path) \(element): \(text)")
                    }
                }
                #expect(file.places[1].noteHTML?.contains("مرحبا 👋🏽") == true, "\(path)")
            }
        }
        let check = try Sitegen.run(
            [
                "-c",
                """
                import json, sys, xml.etree.ElementTree as ET
                for path in sys.argv[1:]:
                    if path.endswith('.geojson'):
                        assert len(json.load(open(path, encoding='utf-8'))['features']) == 3, path
                    else:
                        root = ET.parse(path).getroot()
                        assert len([e for e in root.iter() if e.tag.endswith(('}wpt', '}Placemark'))]) == 3, path
                print('ok')
                """,
            ] + files.map { site.output + "/" + $0 }, executable: "/usr/bin/python3")
        #expect(check.status == 0 && check.stdout == "ok\n", "\(check.stderr)")
    }

    /// A list renamed and given a place, a rating that reorders a list, every list deleted: each
    /// a rebuild of the store's change alone (not every page), each ending as a full build would,
    /// the old name's files gone.
    @Test func aRebuildAfterAListChangeEndsAsAFullBuildWould() async throws {
        let builds = IncrementalBuildTests()
        let site = TestSite()
        site.write(IncrementalBuildTests.mixedPlaces(30), to: "steder.geojson")
        let places = site.root + "/steder.geojson"
        let ids = (0..<30).map { "node/\(5_000_000 + $0)" }
        site.write(
            try Self.store([("Første", nil, [ids[1], ids[2]], [ids[2]: "Ja"])]),
            to: GuideStore.fileName)
        try await builds.buildAndCompare(site, places: places, "first build")
        #expect(site.outputFiles().contains("eksport/lister/forste.kml"))

        site.write(
            try Self.store([
                ("Andre liste", "Ny", [ids[1], ids[2], ids[3]], [ids[3]: "Ny & bedre"])
            ]), to: GuideStore.fileName)
        let renamed = try await builds.buildAndCompare(site, places: places, "renamed")
        // The store's change alone: the explorers (a rebuild always renders them), the lists page,
        // the renamed list's page and its three places' pages («I listene»), no other page.
        #expect(renamed.renderedPages == 4 + 2 + 3, "\(renamed.renderedPages) of \(renamed.pages)")
        let exports = site.outputFiles().filter { $0.hasPrefix("eksport/lister/") }.sorted()
        #expect(
            exports
                == ["andre-liste.geojson", "andre-liste.gpx", "andre-liste.kml"].map {
                    "eksport/lister/" + $0
                })

        // Best rated first: a rating moves a place to the top of the list's files.
        var rated =
            try JSONSerialization.jsonObject(
                with: Data(try Self.store([("Andre liste", nil, [ids[1], ids[2]], [:])]).utf8))
            as! [String: Any]
        var lists = rated["lists"] as! [[String: Any]]
        lists[0]["order"] = "rating"
        rated["lists"] = lists
        rated["places"] = [ids[2]: ["ratings": [["stars": 5, "date": "2026-01-02"]]]]
        site.write(
            String(decoding: try JSONSerialization.data(withJSONObject: rated), as: UTF8.self),
            to: GuideStore.fileName)
        try await builds.buildAndCompare(site, places: places, "rated")
        let file = try read(site, "eksport/lister/andre-liste.gpx")
        #expect(file.places.map(\.name) == ["Sted nummer 2", "Sted nummer 1"])

        site.write(try Self.store([]), to: GuideStore.fileName)
        try await builds.buildAndCompare(site, places: places, "deleted")
        #expect(!site.outputFiles().contains { $0.hasPrefix("eksport/lister") })
        #expect(!FileManager.default.fileExists(atPath: site.output + "/eksport/lister"))
    }
}
