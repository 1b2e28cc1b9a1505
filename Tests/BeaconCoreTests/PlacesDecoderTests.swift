import Foundation
import Testing

@testable import BeaconModel
@testable import BeaconSources
@testable import BeaconSystem

@Suite struct PlacesDecoderTests {
    func decode(_ file: String, assigned: PlaceCategory? = nil, fallback: PlaceCategory? = nil)
        throws
        -> PlacesDecoder.Result
    {
        let bytes = try FileSystem.read(TestPaths.fixtures + "/geoapify/" + file)
        return try PlacesDecoder(assignedCategory: assigned, defaultCategory: fallback).decode(
            JSONParser.parse(bytes: bytes))
    }

    @Test func everyRealResponseDecodes() throws {
        let files = try FileManager.default.contentsOfDirectory(
            atPath: TestPaths.fixtures + "/geoapify"
        ).filter {
            $0.hasSuffix(".json")
        }
        #expect(files.count == 5)
        for file in files {
            let result = try decode(file, fallback: .restaurant)
            let features =
                try JSONParser.parse(
                    bytes: FileSystem.read(TestPaths.fixtures + "/geoapify/" + file))["features"]?
                .arrayValue?.count ?? 1
            // Every feature is either a place or skipped with a reason: nothing is lost silently.
            #expect(result.places.count + result.skipped.count == features, "\(file)")
            for place in result.places {
                #expect(place.coordinate.isValid)
                #expect(!place.name.isEmpty)
            }
        }
    }

    @Test func kyotoMuseumsKeepWhatPagesNeed() throws {
        let result = try decode("places-kyoto-museums-1.json", assigned: .hotel)
        let first = try #require(result.places.first)
        #expect(first.name == "本能寺大寶殿宝物館")
        #expect(first.id.rawValue == "node/7319933585")
        #expect(first.coordinate == Coordinate(latitude: 35.0102889, longitude: 135.7675663))
        #expect(first.address.street == "Teramachi Street")
        #expect(first.address.postcode == "604-8091")
        #expect(first.address.city == "Kyoto")
        #expect(first.category == .hotel)
        #expect(first.providerID?.hasPrefix("51608033") == true)
    }

    @Test func olderAnswerWithoutRawFallsBackToPlaceID() throws {
        let result = try decode("places-ottawa-burger-1.json")
        #expect(result.places.count >= 3)
        let works = try #require(result.places.first { $0.name == "The Works" })
        #expect(works.id.rawValue.hasPrefix("geoapify/5191cb7f"))
        #expect(works.category == .restaurant)  // from "catering.restaurant.burger"
    }

    @Test func placeDetailsPolygonUsesPropertiesPosition() throws {
        let result = try decode("details-oakville-pub-1.json", fallback: .restaurant)
        #expect(result.places.count + result.skipped.count >= 1)
        if let pub = result.places.first {
            #expect(pub.coordinate.isValid)
            // A real Canadian answer: the number first, the town before the postcode, and the
            // province's code for the name it gives (it has no `state_code`), as its own
            // `formatted` line writes it.
            #expect(pub.address.singleLine == "1289 Marlborough Court, Oakville, ON L6H 2R9")
        }
    }

    @Test func addressResultsWithoutNameAreSkippedAsUnnamed() throws {
        let result = try decode("geocode-search-seattle-1.json", fallback: .hotel)
        #expect(
            result.skipped.allSatisfy {
                if case .noCategory = $0.reason { true } else { $0.reason == .noName }
            })
        #expect(!result.skipped.isEmpty)
    }

    @Test func looseValues() throws {
        let json = try JSONParser.parse(
            """
            {"type":"FeatureCollection","features":[
              {"type":"Feature","properties":{"name":"Kafé Ørken","lat":"59.9","lon":10.75,"housenumber":12,"postcode":154,
                "categories":["catering","catering.cafe.coffee_shop"],"contact":{"phone":"+47 22 33 44 55","email":"hei@orken.no"},
                "website":"www.orken.no","extra":{"deep":[1,2,{"x":null}]},
                "datasource":{"raw":{"osm_type":"n","osm_id":"42","addr:street":"Storgata"}}},
               "geometry":{"type":"Point","coordinates":[10.75,59.9]}},
              {"type":"Feature","properties":{"lat":59.9,"lon":10.7,"categories":["catering.cafe"]}},
              {"type":"Feature","properties":{"name":"Uten posisjon","categories":["catering.cafe"]}},
              {"type":"Feature","properties":{"name":"Bensinstasjon","lat":59.9,"lon":10.7,"categories":["service.vehicle.fuel"]}},
              {"type":"Feature","properties":{"name":"Kafé Ørken igjen","lat":59.9,"lon":10.75,"categories":["catering.cafe"],
                "datasource":{"raw":{"osm_type":"node","osm_id":42}}}},
              "not a feature"
            ]}
            """)
        let result = try PlacesDecoder().decode(json)
        #expect(result.places.count == 1)
        let place = try #require(result.places.first)
        #expect(place.id == PlaceID(rawValue: "node/42"))
        #expect(place.coordinate.latitude == 59.9)
        #expect(place.address.houseNumber == "12")
        #expect(place.address.postcode == "154")
        #expect(place.address.street == "Storgata")
        #expect(place.website == "https://www.orken.no")
        #expect(place.phone == "+47 22 33 44 55")
        #expect(place.email == "hei@orken.no")
        #expect(place.category == .cafe)
        #expect(
            result.skipped.map(\.reason) == [
                .noName, .noPosition, .noCategory(outside: nil),
                .duplicate(PlaceID(rawValue: "node/42")),
                .notAFeature,
            ])
    }

    @Test func notAFeatureCollectionIsRefused() throws {
        #expect(throws: PlacesDecoder.Failure.notAFeatureCollection) {
            try PlacesDecoder().decode(
                JSONParser.parse("{\"statusCode\":401,\"error\":\"Unauthorized\"}"))
        }
    }

    @Test func hostileTextIsCleaned() throws {
        let longName = String(repeating: "A", count: 100_000)
        let json = try JSONParser.parse(
            """
            {"features":[{"properties":{"name":"\(longName)","lat":1,"lon":2,"website":"javascript:alert(1)",
              "opening_hours":"Mo-Fr\\u202e 08:00-16:00","categories":["catering.cafe"]}}]}
            """)
        let place = try #require(try PlacesDecoder().decode(json).places.first)
        #expect(place.name.count == TextHardening.Limit.name)
        #expect(place.name.hasSuffix("…"))
        #expect(place.website == nil)
        #expect(place.openingHours == "Mo-Fr 08:00-16:00")
    }

    @Test func sampleDataIsRealisticAndComplete() async throws {
        let source = SampleDataSource(
            folder: TestPaths.sampleData, dataDate: Date(timeIntervalSince1970: 1_795_258_800))
        var seen = Set<PlaceID>()
        for category in PlaceCategory.defaults {
            let fetched = try await source.places(
                for: PlacesRequest(
                    category: category, center: .osloS, radiusMetres: 5_000, limit: 100))
            #expect(fetched.places.count >= 15, "\(category)")
            #expect(fetched.places.contains { $0.openingHours != nil })
            #expect(fetched.places.contains { $0.phone != nil })
            #expect(fetched.places.contains { $0.website != nil })
            #expect(fetched.places.contains { $0.name.contains(where: { "æøåÆØÅ".contains($0) }) })
            let distances = fetched.places.map { $0.coordinate.distance(to: .osloS) }
            #expect(distances == distances.sorted())
            seen.formUnion(fetched.places.map(\.id))
        }
        #expect(seen.count >= 45)
    }

    @Test func sampleDataHonoursRadiusAndLimit() async throws {
        let source = SampleDataSource(
            folder: TestPaths.sampleData, dataDate: Date(timeIntervalSince1970: 1_795_258_800))
        let near = try await source.places(
            for: PlacesRequest(category: .cafe, center: .osloS, radiusMetres: 1_000, limit: 100))
        #expect(near.places.allSatisfy { $0.coordinate.distance(to: .osloS) <= 1_000 })
        let few = try await source.places(
            for: PlacesRequest(category: .cafe, center: .osloS, radiusMetres: 5_000, limit: 10))
        #expect(few.places.count == 10)
    }
}

@Suite struct JSONParserTests {
    /// Half a surrogate pair: U+FFFD in answers from outside, an error in the
    /// owner's files; a following ordinary escape is never swallowed.
    @Test func loneSurrogates() throws {
        #expect(try JSONParser.parse(#""\ud800\u0041""#) == .string("\u{FFFD}A"))
        #expect(try JSONParser.parse(#""\udc00x""#) == .string("\u{FFFD}x"))
        #expect(try JSONParser.parse(#""\ud83d\ude00""#) == .string("😀"))
        #expect(try JSONParser.parseStrict(bytes: Array(#""\ud83d\ude00""#.utf8)) == .string("😀"))
        for text in [#""\ud800\u0041""#, #""\udc00""#, #""\ud800""#] {
            #expect(throws: JSONParseError.self, "\(text)") {
                try JSONParser.parseStrict(bytes: Array(text.utf8))
            }
        }
    }

    @Test func parsesAndRoundTrips() throws {
        let text = #"{"a":[1,-2.5,3e2,true,false,null],"b":"æ\"\\\/\n\u00e6\ud83d\ude00","c":{}}"#
        let value = try JSONParser.parse(text)
        #expect(value["a"]?.arrayValue?.count == 6)
        #expect(value["b"] == .string("æ\"\\/\næ😀"))
        let again = try JSONParser.parse(JSONWriter(pretty: false).string(value))
        #expect(again == value)
        let pretty = try JSONParser.parse(JSONWriter(pretty: true).string(value))
        #expect(pretty == value)
    }

    @Test(arguments: [
        "", "{", "[1,]", "{\"a\" 1}", "tru", "01", "1.", "\"\u{01}\"", "\"abc", "[1] 2",
        "{\"a\":1,}", "\"\\x\"",
    ])
    func rejectsInvalidJSON(_ text: String) {
        #expect(throws: JSONParseError.self) { try JSONParser.parse(text) }
    }

    @Test func reportsLineAndColumn() {
        do {
            _ = try JSONParser.parse("{\n  \"a\": 1,\n  \"b\" 2\n}")
            Issue.record("expected an error")
        } catch {
            #expect(error.line == 3)
            #expect(error.column == 7)
        }
    }

    @Test func deepNestingIsRefusedNotCrashing() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(throws: JSONParseError.self) { try JSONParser.parse(deep) }
    }

}

@Suite struct ParallelDecodingTests {
    /// A collection big enough to take the parallel path.
    static func collection(_ count: Int, extra: String = "") -> String {
        let features = (0..<count).map { i in
            #"{"type":"Feature","properties":{"name":"Sted \#(i) \"æ\" \\ ø","lat":\#(59.9 + Double(i) * 1e-5),"lon":10.75,"categories":["catering.cafe"],"osm_type":"n","osm_id":\#(i % 2_900 + 1)},"geometry":{"type":"Point","coordinates":[10.75,59.9]}}"#
        }
        return #"{"type": "FeatureCollection", "meta": {"a": [1, {"b": "]}"}]}, "features": ["#
            + features.joined(separator: ",\n") + "]" + extra + "}"
    }

    @Test func splitAndParallelDecodingEqualsTheWholeParse() throws {
        let text = Self.collection(3_000)
        let fast = try PlacesDecoder().decode(bytes: Array(text.utf8))
        let slow = try PlacesDecoder().decode(JSONParser.parse(text))
        #expect(fast.places.count == 2_900)
        #expect(fast.places == slow.places)
        #expect(fast.skipped == slow.skipped)
        let ranges = Array(text.utf8).withUnsafeBufferPointer { FeatureSplitter.featureRanges($0) }
        #expect(ranges?.features.count == 3_000)
    }

    @Test func quotesAndBackslashesAtAStringsEdgeSplitAsTheWholeParse() throws {
        // Names as JSON text: a backslash just before the closing quote, an escaped quote after
        // escaped backslashes, brackets and braces inside strings, an empty string.
        let names = [#"Slutt \\"#, #"\\\"sitat"#, #"}]{["#, #"\"\""#, #"a\\\\"#, ""]
        let features = (0..<2_400).map { i in
            #"{"type":"Feature","properties":{"name":"\#(names[i % names.count])","x":"\#(names[(i + 1) % names.count])","osm_type":"n","osm_id":\#(i + 1),"categories":["catering.cafe"]},"geometry":{"type":"Point","coordinates":[10.75,59.9]}}"#
        }
        let text =
            #"{"type":"FeatureCollection","features":["# + features.joined(separator: ",") + "]}"
        let ranges = Array(text.utf8).withUnsafeBufferPointer { FeatureSplitter.featureRanges($0) }
        #expect(ranges?.features.count == 2_400)
        let fast = try PlacesDecoder().decode(bytes: Array(text.utf8))
        let slow = try PlacesDecoder().decode(JSONParser.parse(text))
        #expect(fast.places == slow.places && fast.skipped == slow.skipped)
        #expect(fast.places.contains { $0.name == #"Slutt \"# })
        // An unterminated string is not split (the whole parse reports it).
        let open = Array(#"{"type":"FeatureCollection","features":[{"a":"b\"}]}"#.utf8)
        #expect(open.withUnsafeBufferPointer { FeatureSplitter.featureRanges($0) } == nil)
    }

    /// The split on two cores, from every guessed start (in a string, in a nested value, on an
    /// element, past the end, in an invalid file), says what the one-pass split says: the guess is
    /// only ever taken once the first scan reaches an element starting there.
    @Test func theTwoCoreSplitEqualsTheOnePassSplitWhereverItGuesses() {
        // Names full of what a guess looks for: ",{" in strings, and nested arrays of objects.
        let features = (0..<400).map { i in
            #"{"type":"Feature","properties":{"name":"a,{\"b\":[1,{\"c\":2}]},{","tags":[{"x":1},{"y":[{"z":"],{"}]}],"osm_id":\#(i)}}"#
        }
        let valid =
            #"{"type":"FeatureCollection","features":["# + features.joined(separator: " , \n")
            + "]}"
        var texts = [
            valid, valid.replacingOccurrences(of: #""osm_id":200}"#, with: #""osm_id":200"#),
            #"{"features":[1,2,{"a":[3,{"b":4}]},"x,{y",5]}"#, #"{"features":[]}"#,
            #"{"features":[{"a":1},{"b":2}"#,
        ]
        texts.append(String(valid.dropLast(30)))
        for text in texts {
            let bytes = Array(text.utf8)
            bytes.withUnsafeBufferPointer { buffer in
                var reference = FeatureSplitter.Scanner(bytes: buffer)
                reference.index = text.utf8.firstIndex(of: UInt8(ascii: "[")).map {
                    text.utf8.distance(from: text.utf8.startIndex, to: $0)
                }!
                let start = reference.index
                let onePass = reference.arrayElements()
                // Every possible split point, so the guess lands everywhere.
                for offset in stride(from: 0, to: buffer.count - start, by: 29) {
                    var scanner = FeatureSplitter.Scanner(bytes: buffer, index: start)
                    let guess = scanner.guessedElementStart(from: start + offset)
                    var twoCores = FeatureSplitter.Scanner(bytes: buffer, index: start)
                    let split = twoCores.arrayElementsOnTwoCores(
                        minimumBytes: 0, splittingAt: start + offset)
                    #expect(
                        split == onePass,
                        "split at \(start + offset), guess \(String(describing: guess))")
                    if onePass != nil { #expect(twoCores.index == reference.index) }
                    scanner.index = 0
                }
            }
        }
    }

    @Test func invalidJSONInsideAFeatureIsStillReported() {
        var text = Self.collection(2_500)
        text = text.replacingOccurrences(of: #""lat":59.9,"#, with: #""lat":59.9.1,"#)
        #expect(throws: JSONParseError.self) { try PlacesDecoder().decode(bytes: Array(text.utf8)) }
        #expect(throws: JSONParseError.self) {
            try PlacesDecoder().decode(bytes: Array(Self.collection(2_500).dropLast(40).utf8))
        }
    }
}
