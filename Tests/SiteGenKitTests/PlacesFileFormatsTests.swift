import Foundation
import Testing

@testable import BeaconModel
@testable import BeaconSources
@testable import BeaconSystem
@testable import SiteBuild
@testable import SiteGenKit

/// Places files as owners bring them (`Tests/Fixtures/formats/`), built by the real binary: what
/// was skipped is told reason by reason, places far from the centre are reported with a centre that
/// fits, and a file in another format is named as what it is, with what to do.
@Suite struct PlacesFileFormatsTests {
    static let folder = Repository.fixtures + "/formats"

    func build(_ site: TestSite, _ file: String, _ extra: [String] = []) throws -> ProcessResult {
        try Sitegen.run(
            ["build", "--site", site.root, "--places", Self.folder + "/" + file] + extra)
    }

    @Test func skippedFeaturesAreCountedForEachReason() throws {
        let site = TestSite()
        let bars = try build(site, "oslo-bars-mixed.geojson")
        // One restaurant in the guide; the bars, pubs and fast food are kinds it does not list:
        // named, with the command that takes them in.
        #expect(bars.status == 0, "\(bars.stderr)")
        #expect(
            bars.stderr.contains(
                "Stedsfilen: 5 hoppet over: 2 barer, 1 pub, 1 uten navn, 1 gatekjøkken. "
                    + "Det er kategorier guiden ikke har; ta dem med: sitegen categories add bar pub fast-food."
            ), "\(bars.stderr)")

        let scotland = TestSite()
        scotland.write(
            #"{"format":1,"center":{"lat":55.9533,"lon":-3.1883,"label":"Waverley"}}"#,
            to: SiteSettings.fileName)
        let edinburgh = try build(
            scotland, "edinburgh-restaurants-osm.geojson", ["--category", "restaurant"])
        #expect(edinburgh.status == 0, "\(edinburgh.stderr)")
        #expect(
            edinburgh.stderr.contains("Stedsfilen: 3 hoppet over: 3 uten navn.")
                && edinburgh.stderr.contains("  9 steder"), "\(edinburgh.stderr)")
        // The castle's restaurant is an OpenStreetMap way, exported as a polygon: placed at its
        // middle.
        let witchery = try #require(
            scotland.outputFiles().first {
                $0.hasPrefix("steder/the-witchery") && $0.hasSuffix("index.html")
            })
        #expect(
            scotland.read("output/" + witchery)?.contains("55,9490°\u{A0}N") == true, "\(witchery)")
    }

    @Test func aFileWithNothingUsableSaysWhyForEachReason() throws {
        let site = TestSite()
        site.write(
            #"{"type":"FeatureCollection","features":[{"type":"Feature","properties":{"amenity":"bar"},"geometry":{"type":"Point","coordinates":[10.75,59.91]}},"#
                + #"{"type":"Feature","properties":{"name":"Himkok","amenity":"bar"},"geometry":{"type":"Point","coordinates":[10.75,59.91]}},"#
                + #"{"type":"Feature","properties":{"name":"Uten sted","amenity":"bar"},"geometry":null}]}"#,
            to: "barer.geojson")
        let result = try Sitegen.run([
            "build", "--site", site.root, "--places", site.root + "/barer.geojson",
        ])
        #expect(result.status == 65)
        #expect(
            result.stderr.contains("3 hoppet over: 1 uten navn, 1 bar, 1 uten gyldig posisjon)"),
            "\(result.stderr)")
        #expect(result.stderr.contains("ta dem med: sitegen categories add bar."))
        #expect(!FileManager.default.fileExists(atPath: site.output))
    }

    @Test func placesFarFromTheCentreAreReportedWithACentreThatFits() throws {
        let site = TestSite()
        // The centre in Skopje, the places in Edinburgh.
        site.write(
            #"{"format":1,"center":{"lat":41.9981,"lon":21.4254,"label":"Skopje"},"radiusKm":5}"#,
            to: SiteSettings.fileName)
        let far = try build(
            site, "edinburgh-restaurants-osm.geojson", ["--category", "restaurant"])
        #expect(far.status == 0, "\(far.stderr)")
        #expect(
            far.stderr.contains("Ingen av de 9 stedene i stedsfilen ligger innen 5 km fra Skopje"),
            "\(far.stderr)")
        // The suggested centre lies among the places.
        let suggestion = try #require(far.stderr.range(of: "sitegen center set ")).upperBound
        let words = far.stderr[suggestion...].prefix { $0 != "»" }.split(separator: " ").compactMap
        { Double($0) }
        #expect(
            words.count == 2 && abs(words[0] - 55.95) < 0.02 && abs(words[1] + 3.195) < 0.02,
            "\(words)")

        // Moved to Edinburgh with a radius that leaves one place out: how many, and how far.
        site.write(
            #"{"format":1,"center":{"lat":55.9533,"lon":-3.1883,"label":"Waverley"},"radiusKm":1}"#,
            to: SiteSettings.fileName)
        let some = try build(
            site, "edinburgh-restaurants-osm.geojson", ["--category", "restaurant"])
        #expect(some.status == 0, "\(some.stderr)")
        #expect(
            some.stderr.contains("av 9 steder i stedsfilen ligger lenger enn 1 km fra Waverley"),
            "\(some.stderr)")

        // Around the centre: nothing to say.
        site.write(
            #"{"format":1,"center":{"lat":55.9533,"lon":-3.1883,"label":"Waverley"},"radiusKm":5}"#,
            to: SiteSettings.fileName)
        let near = try build(
            site, "edinburgh-restaurants-osm.geojson", ["--category", "restaurant"])
        #expect(near.status == 0 && !near.stderr.contains("stedsfilen ligger"), "\(near.stderr)")
    }

    @Test(arguments: [
        ("my-maps-export.kml", "er KML", "ogr2ogr"),
        ("waypoints.gpx", "er GPX", "ogr2ogr"),
        ("map.osm", "er OpenStreetMap-XML", "osmtogeojson"),
        ("overpass-answer.json", "er et svar fra Overpass API", "osmtogeojson"),
        (
            "google-takeout-saved-places-old.json", "«Lagrede steder» fra Google Takeout",
            "heller ikke med --category"
        ),
        (
            "google-takeout-saved-places-new.json", "«Lagrede steder» fra Google Takeout",
            "heller ikke med --category"
        ),
    ])
    func aFileInAnotherFormatIsNamedWithWhatToDo(file: String, what: String, todo: String) throws {
        for extra in [[], ["--category", "restaurant"]] {
            let site = TestSite()
            let result = try build(site, file, extra)
            #expect(result.status == 65, "\(file): \(result.stderr)")
            #expect(
                result.stderr.contains(what) && result.stderr.contains(todo),
                "\(file): \(result.stderr)")
            #expect(
                !result.stderr.contains("ugyldig JSON") && !result.stderr.contains("fant ingen"),
                "\(file): \(result.stderr)")
            #expect(!FileManager.default.fileExists(atPath: site.output))
        }
    }

    @Test func aKMZIsNamedAsAZipOfKML() throws {
        let site = TestSite()
        site.write("PK\u{3}\u{4}\u{14}\0\0\0\u{8}\0doc.kml", to: "kart.kmz")
        let result = try Sitegen.run([
            "build", "--site", site.root, "--places", site.root + "/kart.kmz",
        ])
        #expect(result.status == 65)
        #expect(
            result.stderr.contains("er KMZ") && result.stderr.contains("unzip"), "\(result.stderr)")
    }

    @Test func recognisingLeavesOrdinaryFilesAlone() {
        #expect(
            PlacesFileFormat.recognise(Array(#"{"type":"FeatureCollection","features":[]}"#.utf8))
                == nil)
        #expect(PlacesFileFormat.recognise(Array("<html><body>".utf8)) == nil)
        #expect(
            PlacesFileFormat.recognise(
                Array("\u{FEFF}<?xml version=\"1.0\"?>\n<!-- x -->\n<kml>".utf8)) == .kml)
        #expect(PlacesFileFormat.recognise([]) == nil)
    }
}
