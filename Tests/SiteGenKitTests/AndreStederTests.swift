import Foundation
import Testing

@testable import BeaconModel
@testable import BeaconSystem

/// No saved place is refused for want of a kind (issue #60): an import files a place no kind fits
/// under «Andre steder», keeps a kind the guide does not list and shows it there too, says so with
/// the command that takes the kinds in (`sitegen categories add`), and its summary adds up; the
/// guide shows «Andre steder» only while it has places.
@Suite struct AndreStederTests {
    func run(_ site: TestSite, _ arguments: [String]) throws -> ProcessResult {
        try Sitegen.run(arguments + ["--site", site.root])
    }

    /// Google Takeout names no kinds: two places the sample guide has, one it has not.
    static let takeout = """
        {"type":"FeatureCollection","features":[
        {"type":"Feature","geometry":{"type":"Point","coordinates":[10.75625,59.92335]},"properties":{
         "Title":"Tim Wendelboe Kaffebar","Google Maps URL":"http://maps.google.com/?cid=11",
         "Published":"2024-03-01T09:00:00Z"}},
        {"type":"Feature","geometry":{"type":"Point","coordinates":[10.73595,59.91445]},"properties":{
         "Title":"Fuglen","Google Maps URL":"http://maps.google.com/?cid=12","Published":"2024-03-02T09:00:00Z"}},
        {"type":"Feature","geometry":{"type":"Point","coordinates":[10.7480,59.9150]},"properties":{
         "Title":"Taxi Jernbanetorget","Google Maps URL":"http://maps.google.com/?cid=13",
         "Published":"2024-03-03T09:00:00Z"}},
        {"type":"Feature","geometry":{"type":"Point","coordinates":[10.7481,59.91501]},"properties":{
         "Title":"Taxi Jernbanetorget","Google Maps URL":"http://maps.google.com/?cid=13",
         "Published":"2024-03-03T09:00:00Z"}},
        {"type":"Feature","geometry":{"type":"Point","coordinates":[0,0]},"properties":{
         "Title":"Uten posisjon","Google Maps URL":"http://maps.google.com/?cid=14"}}
        ]}
        """

    /// OpenStreetMap's bars and pubs into a guide of restaurants, cafés and hotels.
    static let overpass = """
        {"version":0.6,"elements":[
        {"type":"node","id":901,"lat":59.9160,"lon":10.7500,"tags":{"amenity":"bar","name":"Himkok"}},
        {"type":"node","id":902,"lat":59.9165,"lon":10.7505,"tags":{"amenity":"bar","name":"Fuglen Bar"}},
        {"type":"node","id":903,"lat":59.9170,"lon":10.7510,"tags":{"amenity":"pub","name":"Schouskjelleren"}},
        {"type":"node","id":904,"lat":59.9175,"lon":10.7515,"tags":{"amenity":"bank","name":"Sparebanken"}}
        ]}
        """

    @Test func takeoutWithoutKindsImportsEveryLocatedPlaceAndTheSummaryAddsUp() throws {
        let site = TestSite()
        site.write(Self.takeout, to: "Saved Places.json")
        let result = try run(site, ["import", site.root + "/Saved Places.json"])
        #expect(result.status == 0, "\(result.stderr)")
        // Read 5 = 1 new + 1 the same place twice in the file + 2 the guide has + 1 without a
        // position.
        #expect(result.stderr.contains("5 steder."), "\(result.stderr)")
        #expect(
            result.stdout.contains(
                "Importerte 5: 1 nye (1 under «Andre steder»), 0 slått sammen med steder i guiden, "
                    + "1 dobbeltført i filene, 2 var med fra før, 1 uten posisjon."),
            "\(result.stdout)")
        #expect(
            result.stdout.contains(
                "Ingen kjent kategori for «Taxi Jernbanetorget»; det ligger under «Andre steder». "
                    + "Flytt et sted med «sitegen place edit NAVN --category kafe»."),
            "\(result.stdout)")
        let own = try site.site.loadStore().ownPlaces
        #expect(own.map(\.own.category) == [.other])

        let build = try run(site, ["build"])
        #expect(build.status == 0, "\(build.stderr)")
        let page = try #require(site.read("output/andre-steder/index.html"))
        #expect(page.contains("Taxi Jernbanetorget"))
        let front = try #require(site.read("output/index.html"))
        #expect(front.contains(#"href="andre-steder/index.html" data-category="other""#))
        // The build does not ask any source for «Andre steder».
        #expect(!build.stderr.contains("Henter andre steder"), "\(build.stderr)")
    }

    @Test func aGuideWithoutSuchPlacesHasNoAndreSteder() throws {
        let site = TestSite()
        let build = try run(site, ["build"])
        #expect(build.status == 0, "\(build.stderr)")
        #expect(!FileManager.default.fileExists(atPath: site.output + "/andre-steder"))
        #expect(!(site.read("output/index.html") ?? "").contains("data-category=\"other\""))
    }

    @Test func kindsTheGuideLacksAreNamedWithTheCommandAndTheCommandMovesThem() throws {
        let site = TestSite()
        site.write(Self.overpass, to: "barer.json")
        let result = try run(site, ["import", site.root + "/barer.json"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stdout.contains(
                "Importerte 4: 4 nye (4 under «Andre steder»), 0 slått sammen med steder i guiden."),
            "\(result.stdout)")
        #expect(
            result.stdout.contains(
                "2 barer og 1 pub er ikke blant guidens kategorier; de vises under «Andre steder» "
                    + "til du tar dem med: sitegen categories add bar pub"), "\(result.stdout)")
        #expect(
            result.stdout.contains("Ingen kjent kategori for «Sparebanken»"), "\(result.stdout)")
        let kinds = try site.site.loadStore().ownPlaces.map(\.own.category.rawValue).sorted()
        #expect(kinds == ["bar", "bar", "other", "pub"])

        var build = try run(site, ["build"])
        #expect(build.status == 0, "\(build.stderr)")
        var other = try #require(site.read("output/andre-steder/index.html"))
        #expect(other.contains("Himkok") && other.contains("Sparebanken"))
        #expect(
            build.stderr.contains(
                "3 egne steder er av slag guiden ikke har med (2 barer og 1 pub), og vises under «Andre steder». "
                    + "Ta dem med i egne kategorier: sitegen categories add bar pub"),
            "\(build.stderr)")

        let add = try run(site, ["categories", "add", "bar", "pub"])
        #expect(add.status == 0, "\(add.stderr)")
        #expect(add.stdout.contains("La til barer og puber."), "\(add.stdout)")
        #expect(
            try site.site.loadSettings().categories == [
                .restaurant, .cafe, .hotel, PlaceCategory(rawValue: "bar")!,
                PlaceCategory(rawValue: "pub")!,
            ])
        build = try run(site, ["build"])
        #expect(build.status == 0, "\(build.stderr)")
        #expect(try #require(site.read("output/barer/index.html")).contains("Himkok"))
        other = try #require(site.read("output/andre-steder/index.html"))
        #expect(!other.contains("Himkok") && other.contains("Sparebanken"))
        #expect(!build.stderr.contains("av slag guiden ikke har med"), "\(build.stderr)")
    }

    /// A places file's places of kinds the guide lacks are named with the command, not lumped
    /// together as «uten kjent kategori».
    @Test func aPlacesFileNamesTheKindsTheGuideLacks() throws {
        let site = TestSite()
        func feature(_ id: Int, _ name: String, _ tag: String) -> String {
            #"{"type":"Feature","geometry":{"type":"Point","coordinates":[10.75,59.91]},"properties":{"@id":"node/\#(id)","name":"\#(name)",\#(tag)}}"#
        }
        site.write(
            #"{"type":"FeatureCollection","features":["#
                + [
                    feature(1, "Kafé", #""amenity":"cafe""#),
                    feature(2, "Bar 1", #""amenity":"bar""#),
                    feature(3, "Bar 2", #""amenity":"bar""#),
                    feature(4, "Pub", #""amenity":"pub""#),
                    feature(5, "Bank", #""amenity":"bank""#),
                ].joined(separator: ",") + "]}", to: "steder.geojson")
        let build = try run(site, ["build", "--places", site.root + "/steder.geojson"])
        #expect(build.status == 0, "\(build.stderr)")
        #expect(
            build.stderr.contains(
                "Stedsfilen: 4 hoppet over: 2 barer, 1 pub, 1 uten kjent kategori. "
                    + "Det er kategorier guiden ikke har; ta dem med: sitegen categories add bar pub."
            ),
            "\(build.stderr)")
    }

    @Test func categoriesAddAndRemoveRefuseWhatTheyCannotDoAndTouchNothing() throws {
        let site = TestSite()
        site.write(
            #"{"format": 1, "title": "Testguiden", "categories": ["restaurant", "cafe"]}"#,
            to: SiteSettings.fileName)
        let before = site.bytes(SiteSettings.fileName)
        let cases: [([String], String)] = [
            (["categories", "add", "bra"], "mente du «bar»"),
            (["categories", "add", "other"], "«Andre steder» har hver guide"),
            (["categories", "add"], "oppgi hvilke kategorier"),
            (["categories", "legg-til", "bar"], "ukjent handling «legg-til»"),
            (["categories", "remove", "restaurant", "cafe"], "minst én kategori"),
            (["categories", "add", "bar", "--json"], "kan ikke brukes med «add»"),
        ]
        for (arguments, message) in cases {
            let result = try run(site, arguments)
            #expect(result.status == 64, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
            #expect(site.bytes(SiteSettings.fileName) == before, "\(arguments)")
        }
        // Already there: said, and the file is left as it is.
        let again = try run(site, ["categories", "add", "kafe"])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stdout.contains("Guiden har allerede kafeer."), "\(again.stdout)")
        #expect(site.bytes(SiteSettings.fileName) == before)
        // Removed, and the title kept.
        let removed = try run(site, ["categories", "remove", "kafeer"])
        #expect(removed.status == 0, "\(removed.stderr)")
        let settings = try site.site.loadSettings()
        #expect(settings.categories == [.restaurant] && settings.title == "Testguiden")
    }
}
