import Foundation
import Testing

@testable import BeaconModel
@testable import BeaconSources
@testable import BeaconSystem

struct OverpassPlaceQueryTests {
    @Test func everyPresetNamesTheOpenStreetMapTagsOfItsPlaces() {
        for preset in PlaceCategory.presets {
            #expect(!preset.openStreetMapTags.isEmpty, "\(preset.rawValue)")
        }
        #expect(PlaceCategory.restaurant.openStreetMapTags.map(\.text) == ["amenity=restaurant"])
        #expect(
            PlaceCategory(rawValue: "pub")!.openStreetMapTags.map(\.text)
                == ["amenity=biergarten", "amenity=pub"])
        #expect(
            Set(PlaceCategory(rawValue: "sights")!.openStreetMapTags.map(\.text)).isSuperset(of: [
                "tourism=attraction", "tourism=viewpoint", "historic=castle",
            ]))
    }

    @Test func oneStatementPerTagAroundTheCentreAndAnOwnersValueEscaped() throws {
        let folder = TemporaryFolder()
        folder.write(
            #"{"format":1,"categories":["restaurant",{"key":"leisure.spa.sauna","#
                + #""name":{"nb":["Badstue","Badstuer"]},"osm":["leisure=sauna","name=Say \"hi\\"]}]}"#,
            to: SiteSettings.fileName)
        let own = try SiteFolder(root: folder.path).loadSettings().categories[1]
        var query = OverpassPlaceQuery(
            categories: [.restaurant, own, .restaurant], center: .osloS, radiusMetres: 1500)
        let text = query.text(timeoutSeconds: 60, maximumBytes: 1024)
        #expect(text.hasPrefix("[out:json][timeout:60][maxsize:1024];\n(\n"))
        #expect(text.contains(#"  nwr["amenity"="restaurant"](around:1500,59.9111,10.7503);"#))
        #expect(text.contains(#"  nwr["leisure"="sauna"](around:1500,59.9111,10.7503);"#))
        #expect(text.contains(#"nwr["name"="Say \"hi\\"](around"#), "\(text)")
        #expect(text.components(separatedBy: "amenity\"=\"restaurant").count == 2)
        #expect(text.hasSuffix(");\nout center tags qt;\n"))
        // The cache key does not change with the client's timeout, only with what is asked.
        let key = query.cacheKey
        query.radiusMetres = 1501
        #expect(query.cacheKey != key)
    }

    @Test func theSourceFollowsTheChoiceThenTheKeyThenTheCentre() {
        let edinburgh = Coordinate(latitude: 55.952, longitude: -3.1895)
        #expect(PlacesSourceSetting.resolved(nil, hasKey: true, center: edinburgh) == .geoapify)
        #expect(PlacesSourceSetting.resolved(nil, hasKey: false, center: .osloS) == .sample)
        #expect(
            PlacesSourceSetting.resolved(nil, hasKey: false, center: edinburgh) == .openStreetMap)
        // Grünerløkka, 1.6 km from Oslo S, is an owner's own guide, not the sample's.
        #expect(
            PlacesSourceSetting.resolved(
                nil, hasKey: false, center: Coordinate(latitude: 59.9235, longitude: 10.7590))
                == .openStreetMap)
        #expect(
            PlacesSourceSetting.resolved(.openStreetMap, hasKey: true, center: .osloS)
                == .openStreetMap)
        #expect(PlacesSourceSetting.resolved(.sample, hasKey: false, center: edinburgh) == .sample)
    }

    @Test func anElementReadsAsGeoapifysFeatureForTheSameElementDoes() throws {
        let body = Data(
            #"""
            {"version":0.6,"elements":[
             {"type":"way","id":42,"center":{"lat":59.91,"lon":10.75},
              "tags":{"amenity":"cafe","name":"Kaffe","name:en":"Coffee","addr:street":"Storgata","addr:housenumber":"1","opening_hours":"Mo-Fr 08:00-16:00","website":"example.org","phone":"+47 22 00 00 00","diet:vegan":"yes","wheelchair":"yes"}},
             {"type":"node","id":43,"lat":59.912,"lon":10.751,"tags":{"amenity":"cafe"}},
             {"type":"node","id":44,"lat":59.913,"lon":10.752,"tags":{"tourism":"hotel","name":"Hotell"}},
             {"type":"node","id":45,"lat":59.913,"lon":10.752,"tags":{"shop":"books","name":"Bøker"}}
            ]}
            """#.utf8)
        let found = try OverpassPlaceAnswer.read(
            body, categories: [.restaurant, .cafe, .hotel], addressCountry: "NO")
        let cafe = try #require(found[.cafe]?.places.first)
        #expect(cafe.id.rawValue == "way/42")
        #expect(cafe.name == "Kaffe" && cafe.names.english == "Coffee")
        #expect(cafe.openingHours == "Mo-Fr 08:00-16:00")
        #expect(cafe.phone == "+47 22 00 00 00" && cafe.website == "https://example.org")
        #expect(cafe.coordinate == Coordinate(latitude: 59.91, longitude: 10.75))
        #expect(found[.cafe]?.skipped.map(\.reason) == [.noName])
        #expect(found[.hotel]?.places.map(\.name) == ["Hotell"])
        #expect(found[.restaurant] == nil)
        #expect(found.count == 2)
    }

    @Test(arguments: [
        (
            #"{"elements":[],"remark":"runtime error: Query ran out of memory"}"#,
            "ran out of memory"
        ),
        (#"{"elements":[{"type":"node""#, "ugyldig eller avkuttet JSON"),
        ("<html>rate_limited</html>", "HTML-side"), ("", "tomt svar"),
        (#"{"features":[]}"#, "uten «elements»"),
    ])
    func whatIsNotAnAnswerIsRefusedInWords(body: String, words: String) {
        #expect {
            try OverpassPlaceAnswer.read(
                Data(body.utf8), categories: [.cafe], addressCountry: nil)
        } throws: { error in
            (error as? OverpassPlacesError)?.userMessage.contains(words) == true
        }
    }
}
