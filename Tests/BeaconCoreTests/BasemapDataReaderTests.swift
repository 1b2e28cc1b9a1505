import BeaconTestSupport
import Foundation
import Testing

@testable import BeaconMap
@testable import BeaconModel
@testable import BeaconSystem

/// Reading OpenStreetMap data for our own basemap: each format in the shape its
/// tools write, messy data, and every way a file can be something else.
@Suite struct BasemapDataReaderTests {
    // MARK: GeoJSON

    /// As `osmium export` writes it: the tags are the properties.
    static let osmiumGeoJSON = """
        {"type":"FeatureCollection","features":[
        {"type":"Feature","geometry":{"type":"LineString","coordinates":[[10.7400,59.9100],[10.7450,59.9105],[10.7500,59.9110]]},"properties":{"highway":"primary","name":"Karl Johans gate"}},
        {"type":"Feature","geometry":{"type":"LineString","coordinates":[[10.7300,59.9200],[10.7310,59.9200],[10.7310,59.9210],[10.7300,59.9210],[10.7300,59.9200]]},"properties":{"leisure":"park","name":"Stensparken"}},
        {"type":"Feature","geometry":{"type":"LineString","coordinates":[[10.7600,59.9000],[10.7610,59.9000],[10.7610,59.9010],[10.7600,59.9000]]},"properties":{"highway":"primary","junction":"roundabout"}},
        {"type":"Feature","geometry":{"type":"Polygon","coordinates":[[[10.70,59.90],[10.71,59.90],[10.71,59.91],[10.70,59.91],[10.70,59.90]]]},"properties":{"landuse":"residential"}},
        {"type":"Feature","geometry":{"type":"MultiPolygon","coordinates":[[[[10.72,59.90],[10.73,59.90],[10.73,59.91],[10.72,59.90]],[[10.725,59.902],[10.727,59.902],[10.727,59.904],[10.725,59.902]]],[[[10.74,59.90],[10.75,59.90],[10.75,59.91],[10.74,59.90]]]]},"properties":{"natural":"water","name":"Tjern"}},
        {"type":"Feature","geometry":{"type":"Polygon","coordinates":[[[10.751,59.911],[10.752,59.911],[10.752,59.912],[10.751,59.911]]]},"properties":{"highway":"pedestrian","area":"yes","name":"Jernbanetorget"}},
        {"type":"Feature","geometry":{"type":"Polygon","coordinates":[[[10.753,59.913],[10.754,59.913],[10.754,59.914],[10.753,59.913]]]},"properties":{"building":"yes","name":"Oslo S"}},
        {"type":"Feature","geometry":{"type":"Point","coordinates":[10.7580,59.9230]},"properties":{"place":"suburb","name":"Grünerløkka"}},
        {"type":"Feature","geometry":{"type":"Point","coordinates":[139.6917,35.6895]},"properties":{"place":"city","name":"東京"}},
        {"type":"Feature","geometry":{"type":"Point","coordinates":[10.7503,59.9111]},"properties":{"amenity":"cafe","name":"Kaffebrenneriet"}},
        {"type":"Feature","geometry":{"type":"Point","coordinates":[10.7503,59.9111]},"properties":{"place":"neighbourhood"}}
        ]}
        """

    @Test func osmiumGeoJSONBecomesLinesAreasAndLabels() throws {
        let data = try read(Self.osmiumGeoJSON)
        try #require(
            data.features.map(\.kind) == [
                .primary, .park, .primary, .residential, .water, .pedestrianArea, .majorPlace,
                .city,
            ])
        #expect(data.skipped.isEmpty)
        let street = data.features[0]
        #expect(street.name == "Karl Johans gate")
        #expect(
            street.geometry
                == .line([c(59.9100, 10.7400), c(59.9105, 10.7450), c(59.9110, 10.7500)]))
        // A closed way tagged as a park is an area; a closed roundabout stays a line.
        #expect(
            data.features[1].name == "Stensparken" && rings(data.features[1])?.first?.count == 5)
        guard case .line(let roundabout) = data.features[2].geometry else {
            Issue.record("not a line")
            return
        }
        #expect(roundabout.count == 4 && roundabout.first == roundabout.last)
        // The multipolygon's two polygons and the first one's hole: three rings, filled even-odd.
        #expect(rings(data.features[4])?.count == 3)
        #expect(data.features[4].name == "Tjern")
        #expect(data.features[6].name == "Grünerløkka")
        #expect(data.features[7].name == "東京")
        #expect(data.features[7].geometry == .point(c(35.6895, 139.6917)))
    }

    /// overpass-turbo's export (osmtogeojson): `@id`, and in older versions the tags nested under
    /// `tags`.
    @Test func overpassTurboGeoJSONWithNestedTags() throws {
        let text = """
            {"type":"FeatureCollection","generator":"overpass-turbo","copyright":"The data included in this document is from www.openstreetmap.org. The data is made available under ODbL.","timestamp":"2026-11-20T10:00:00Z","features":[
            {"type":"Feature","properties":{"@id":"way/24","highway":"secondary","name":"Storgata"},"geometry":{"type":"LineString","coordinates":[[10.75,59.913],[10.752,59.914]]},"id":"way/24"},
            {"type":"Feature","id":"way/25","properties":{"type":"way","id":25,"tags":{"railway":"tram","name":"Trikken"},"relations":[],"meta":{}},"geometry":{"type":"LineString","coordinates":[[10.75,59.915],[10.76,59.915]]}},
            {"type":"Feature","id":"way/26","properties":{"type":"way","id":26,"tags":{"highway":"residential","name":"  Thorvald\\u0007  Meyers\\n gate "}},"geometry":{"type":"LineString","coordinates":[[10.758,59.922],[10.759,59.925]]}}
            ]}
            """
        let data = try read(text)
        try #require(data.features.map(\.kind) == [.secondary, .rail, .minor])
        #expect(data.features.map(\.name) == ["Storgata", "Trikken", "Thorvald Meyers gate"])
    }

    @Test func geoJSONMessyGeometry() throws {
        let text = """
            {"type":"FeatureCollection","features":[
            {"type":"Feature","properties":{"highway":"footway"},"geometry":{"type":"LineString","coordinates":[[10.75,59.91],[200,95],[10.76,59.92]]}},
            {"type":"Feature","properties":{"highway":"footway"},"geometry":{"type":"LineString","coordinates":[[10.75,59.91]]}},
            {"type":"Feature","properties":{"highway":"footway"},"geometry":null},
            {"type":"Feature","properties":{"leisure":"park"},"geometry":{"type":"LineString","coordinates":[[10.70,59.90],[10.71,59.90],[10.71,59.91],[10.70,59.91],[10.70,59.9001]]}},
            {"type":"Feature","properties":{"leisure":"park"},"geometry":{"type":"LineString","coordinates":[[10.70,59.90],[10.71,59.90],[10.71,59.91]]}},
            {"type":"Feature","properties":{"landuse":"grass"},"geometry":{"type":"Polygon","coordinates":[[[10.70,59.90],[10.71,59.91],[10.71,59.90],[10.70,59.91],[10.70,59.90]]]}},
            {"type":"Feature","properties":{"place":"suburb","name":"Ingensteds"},"geometry":{"type":"Point","coordinates":["10.7","59.9"]}},
            {"type":"Feature","properties":{"natural":"wood"},"geometry":{"type":"GeometryCollection","geometries":[{"type":"Polygon","coordinates":[[[10.70,59.90],[10.71,59.90],[10.71,59.91],[10.70,59.90]]]}]}},
            "not a feature"
            ]}
            """
        let data = try read(text)
        // The footway without its invalid point, the park whose gap is a hair wide closed, the
        // self-crossing grass kept as it is (filled even-odd by the tiler), the wood from its
        // collection.
        try #require(data.features.map(\.kind) == [.path, .park, .park, .forest])
        #expect(data.features[0].geometry == .line([c(59.91, 10.75), c(59.92, 10.76)]))
        #expect(rings(data.features[1])?.first?.last == c(59.90, 10.70))
        #expect(
            data.skipped == [
                .invalidCoordinate: 2, .tooFewPoints: 1, .noGeometry: 2, .unclosedRing: 1,
            ])
        #expect(
            BasemapData(features: [], skipped: data.skipped).skippedSummary
                == "6 utelatt: 2 med ugyldige koordinater, 2 uten geometri, 1 med for få punkter, 1 med omriss som ikke lukker seg"
        )
    }

    @Test func aLoneFeatureIsReadAndAFeatureCollectionWithoutFeaturesIsNot() throws {
        let lone = """
            {"type":"Feature","properties":{"waterway":"river","name":"Akerselva"},"geometry":{"type":"LineString","coordinates":[[10.75,59.92],[10.76,59.93]]}}
            """
        #expect(try read(lone).features.map(\.kind) == [.waterway])
        #expect(
            failure(#"{"type":"FeatureCollection"}"#)
                == .unexpectedContent("en GeoJSON FeatureCollection uten «features»"))
        #expect(failure(#"{"type":"FeatureCollection","features":[]}"#) == .noElements(.geoJSON))
        guard
            case .unexpectedContent(let what) = failure(
                #"{"type":"LineString","coordinates":[[1,2],[3,4]]}"#)
        else {
            Issue.record("a bare geometry was read")
            return
        }
        #expect(what.contains("LineString"))
    }

    // MARK: Overpass JSON

    static let overpassHeader = """
        "version": 0.6,
        "generator": "Overpass API 0.7.62.1 084b4234",
        "osm3s": {
          "timestamp_osm_base": "2026-11-20T10:00:00Z",
          "copyright": "The data included in this document is from www.openstreetmap.org. The data is made available under ODbL."
        },
        """

    /// `[out:json]; (...); out geom;`: coordinates on the ways and on the relation's members.
    static let overpassGeom = """
        {
        \(overpassHeader)
          "elements": [
        {
          "type": "node",
          "id": 1,
          "lat": 59.9127,
          "lon": 10.7461,
          "tags": {
            "name": "Oslo",
            "place": "city",
            "population": "709037"
          }
        },
        {
          "type": "way",
          "id": 10,
          "bounds": {"minlat": 59.9100, "minlon": 10.7400, "maxlat": 59.9110, "maxlon": 10.7500},
          "nodes": [101, 102, 103],
          "geometry": [
            {"lat": 59.9100, "lon": 10.7400},
            {"lat": 59.9105, "lon": 10.7450},
            {"lat": 59.9110, "lon": 10.7500}
          ],
          "tags": {"highway": "primary", "name": "Karl Johans gate", "oneway": "yes"}
        },
        {
          "type": "way",
          "id": 11,
          "nodes": [104, 105, 106, 107],
          "geometry": [
            {"lat": 59.9200, "lon": 10.7400},
            null,
            {"lat": 59.9202, "lon": 10.7420},
            {"lat": 59.9203, "lon": 10.7430}
          ],
          "tags": {"highway": "tertiary"}
        },
        {
          "type": "relation",
          "id": 100,
          "bounds": {"minlat": 59.9000, "minlon": 10.7000, "maxlat": 59.9100, "maxlon": 10.7100},
          "members": [
            {
              "type": "way", "ref": 201, "role": "outer",
              "geometry": [{"lat": 59.9000, "lon": 10.7000}, {"lat": 59.9000, "lon": 10.7100}, {"lat": 59.9100, "lon": 10.7100}]
            },
            {
              "type": "way", "ref": 202, "role": "outer",
              "geometry": [{"lat": 59.9000, "lon": 10.7000}, {"lat": 59.9100, "lon": 10.7000}, {"lat": 59.9100, "lon": 10.7100}]
            },
            {
              "type": "way", "ref": 203, "role": "inner",
              "geometry": [{"lat": 59.9040, "lon": 10.7040}, {"lat": 59.9040, "lon": 10.7060}, {"lat": 59.9060, "lon": 10.7060}, {"lat": 59.9040, "lon": 10.7040}]
            },
            {"type": "node", "ref": 5, "role": "label", "lat": 59.905, "lon": 10.705}
          ],
          "tags": {"type": "multipolygon", "natural": "water", "name": "Bjørvika"}
        },
        {
          "type": "relation",
          "id": 101,
          "members": [
            {"type": "way", "ref": 204, "role": "outer", "geometry": [{"lat": 59.9300, "lon": 10.7000}, {"lat": 59.9300, "lon": 10.7100}, {"lat": 59.9400, "lon": 10.7100}]}
          ],
          "tags": {"type": "multipolygon", "leisure": "park", "name": "Halvparken"}
        },
        {
          "type": "relation",
          "id": 102,
          "members": [
            {"type": "way", "ref": 205, "role": "outer", "geometry": [{"lat": 59.9500, "lon": 10.7000}, {"lat": 59.9500, "lon": 10.7100}, {"lat": 59.9600, "lon": 10.7100}, {"lat": 59.9600, "lon": 10.7000}, {"lat": 59.95002, "lon": 10.7000}]}
          ],
          "tags": {"type": "multipolygon", "landuse": "forest"}
        },
        {
          "type": "relation",
          "id": 103,
          "members": [
            {"type": "way", "ref": 206, "role": "outer", "geometry": [{"lat": 59.0, "lon": 10.0}, {"lat": 59.0, "lon": 11.0}, {"lat": 60.0, "lon": 11.0}, {"lat": 59.0, "lon": 10.0}]}
          ],
          "tags": {"type": "boundary", "boundary": "protected_area", "leisure": "nature_reserve"}
        },
        {
          "type": "way",
          "id": 12,
          "center": {"lat": 59.915, "lon": 10.745},
          "tags": {"leisure": "park", "name": "Bare et senter"}
        }
          ]
        }
        """

    @Test func overpassOutGeom() throws {
        let data = try read(Self.overpassGeom)
        try #require(data.features.map(\.kind) == [.city, .primary, .tertiary, .water, .forest])
        #expect(
            data.features[0]
                == BasemapFeature(kind: .city, name: "Oslo", geometry: .point(c(59.9127, 10.7461))))
        #expect(data.features[1].name == "Karl Johans gate")
        // The null point (outside Overpass' box) breaks the line; what follows it is drawn.
        #expect(data.features[2].geometry == .line([c(59.9202, 10.7420), c(59.9203, 10.7430)]))
        // Two outer halves joined end to end (the second reversed), and the inner ring.
        let water = try #require(rings(data.features[3]))
        #expect(data.features[3].name == "Bjørvika")
        #expect(water.count == 2)
        let outer = [
            c(59.9000, 10.7000), c(59.9000, 10.7100), c(59.9100, 10.7100), c(59.9100, 10.7000),
            c(59.9000, 10.7000),
        ]
        #expect(water.contains(outer))
        #expect(water.contains { $0.count == 4 && $0.first == $0.last })
        // A gap of two metres on a four-kilometre outline is closed straight.
        #expect(rings(data.features[4])?.first?.count == 6)
        // Half a park (a gap as long as the rest) is dropped, and so is the way with only a centre;
        // the null point is counted as missing. The boundary relation is not drawn, and not counted
        // either.
        #expect(data.skipped == [.unclosedRing: 1, .missingElement: 1, .noGeometry: 1])
    }

    /// `[out:json]; way(...); out body; >; out skel qt;`: the ways first, their nodes after.
    static let overpassBody = """
        {
        \(overpassHeader)
          "elements": [
        {"type": "way", "id": 300, "nodes": [1001, 1002, 1003], "tags": {"highway": "residential", "name": "東京通り"}},
        {"type": "way", "id": 301, "nodes": [2001, 2002], "tags": {"highway": "footway"}},
        {"type": "way", "id": 302, "nodes": [1001, 1009, 1002, 1003], "tags": {"highway": "service"}},
        {"type": "way", "id": 500, "nodes": [1101, 1102, 1103]},
        {"type": "way", "id": 501, "nodes": [1101, 1104, 1103]},
        {"type": "relation", "id": 400, "members": [{"type": "way", "ref": 500, "role": "outer"}, {"type": "way", "ref": 501, "role": "outer"}, {"type": "relation", "ref": 9, "role": "subarea"}], "tags": {"type": "multipolygon", "leisure": "park", "name": "Slottsparken"}},
        {"type": "relation", "id": 401, "members": [{"type": "way", "ref": 999, "role": "outer"}], "tags": {"type": "multipolygon", "natural": "water"}},
        {"type": "node", "id": 1001, "lat": 35.6800, "lon": 139.7600},
        {"type": "node", "id": 1002, "lat": 35.6810, "lon": 139.7610},
        {"type": "node", "id": 1003, "lat": 35.6820, "lon": 139.7620},
        {"type": "node", "id": 1004, "lat": 91.5, "lon": 139.7},
        {"type": "node", "id": 1101, "lat": 59.9170, "lon": 10.7270},
        {"type": "node", "id": 1102, "lat": 59.9170, "lon": 10.7330},
        {"type": "node", "id": 1103, "lat": 59.9200, "lon": 10.7330},
        {"type": "node", "id": 1104, "lat": 59.9200, "lon": 10.7270}
          ]
        }
        """

    @Test func overpassBodyWithNodesAfterTheWays() throws {
        let data = try read(Self.overpassBody)
        try #require(data.features.map(\.kind) == [.minor, .service, .park])
        #expect(data.features[0].name == "東京通り")
        #expect(
            data.features[0].geometry
                == .line([c(35.68, 139.76), c(35.681, 139.761), c(35.682, 139.762)]))
        // The service way loses its missing node: the run before it is a single point, the run
        // after it is drawn.
        #expect(data.features[1].geometry == .line([c(35.681, 139.761), c(35.682, 139.762)]))
        // The park's two untagged member ways, found by id, make one ring.
        #expect(data.features[2].name == "Slottsparken")
        #expect(rings(data.features[2])?.map(\.count) == [5])
        // The footway's nodes, the service way's middle node and the lake's way are not in the
        // answer.
        #expect(data.skipped == [.missingElement: 3, .invalidCoordinate: 1])
    }

    /// What Overpass or a hand-edited answer may hold besides the usual: read loosely, never a
    /// reason to fail.
    @Test func overpassOddities() throws {
        let text = """
            {"version": 0.6, "elements": [
            1, "two", null,
            {"type": "area", "id": 3600000001, "tags": {"name": "Oslo"}},
            {"type": "count", "id": 0, "tags": {"nodes": "2", "ways": "1"}},
            {"type": "way", "id": "7", "nodes": [11, "x", 12], "tags": {"highway": "steps", "layer": 1, "lit": true}},
            {"type": "node", "id": 11, "lat": "59.91", "lon": 10.75, "tags": []},
            {"type": "node", "id": 12, "lat": 59.911, "lon": 10.751, "extra": {"deep": [[[1]]]}},
            {"type": "node", "id": 13, "lat": 59.9, "lon": 10.7, "tags": {"place": "suburb", "name": "\\u0007 \\u200E"}},
            {"type": "way", "id": 8, "geometry": [{"lat": 59.9}, {"lat": 59.91, "lon": 10.75}, {"lat": 59.92, "lon": 10.76}, 5], "tags": {"railway": "tram"}}
            ]}
            """
        let data = try read(text)
        try #require(data.features.map(\.kind) == [.path, .rail])
        #expect(data.features[0].geometry == .line([c(59.91, 10.75), c(59.911, 10.751)]))
        #expect(data.features[1].geometry == .line([c(59.91, 10.75), c(59.92, 10.76)]))
        #expect(data.skipped == [.invalidCoordinate: 1, .missingElement: 1])
    }

    /// Numbers read without strtod are the very doubles strtod gives, and JSON's grammar still
    /// holds.
    @Test func decimalsReadAsStrtodReadsThem() throws {
        var random = seededGenerator()
        var texts = [
            "0", "-0", "12", "59.9127", "-10.75", "0.1", "0.30000000000000004", "1e5", "1.5E-3",
            "123456789012345.6",
        ]
        for _ in 0..<5_000 {
            let decimals = Int.random(in: 0...9, using: &random)
            let value = Double.random(in: -180...180, using: &random)
            texts.append(String(format: "%.\(decimals)f", value))
        }
        for text in texts {
            let bytes = Array((text + ",").utf8) + [0]
            let read = try bytes.withUnsafeBufferPointer { buffer in
                var reader = JSONParser.Reader(base: buffer.baseAddress!, count: bytes.count - 1)
                return try reader.number(depth: 0)
            }
            #expect(read == Double(text), "\(text)")
        }
        // A leading zero ends the number, and the document then breaks at the next digit.
        guard
            case .malformed(.overpassJSON, _) = failure(
                #"{"elements":[{"type":"node","id":1,"lat":01,"lon":2}]}"#)
        else {
            Issue.record("a leading zero was read")
            return
        }
        for broken in ["-", "1.", "-.5", ".5", "1.e3"] {
            let bytes = Array((broken + ",").utf8) + [0]
            let result = bytes.withUnsafeBufferPointer { buffer in
                var reader = JSONParser.Reader(base: buffer.baseAddress!, count: bytes.count - 1)
                return Result { try reader.number(depth: 0) }
            }
            guard case .success(let value) = result else { continue }
            Issue.record("\(broken) read as \(String(describing: value))")
        }
    }

    @Test func theNodeTableFindsEveryIdAndNoOther() {
        var table = OSMNodeTable()
        let ids: [Int64] =
            Array(-5_000..<5_000).map { $0 * 7_919 } + [.min, .max, 1 << 40, 2 << 40, 3 << 40]
        for (index, id) in ids.enumerated() {
            table[id] = c(Double(index % 90), Double(index % 180))
        }
        #expect(table.count == ids.count)
        for (index, id) in ids.enumerated() {
            #expect(table[id] == c(Double(index % 90), Double(index % 180)))
        }
        #expect(table[1] == nil && table[7_918] == nil && table[4 << 40] == nil)
        table[.max] = c(1, 2)
        #expect(table[.max] == c(1, 2) && table.count == ids.count)
    }

    @Test func overpassRuntimeErrorIsReportedInItsOwnWords() {
        let remark = "runtime error: Query timed out in \\\"query\\\" at line 3 after 26 seconds."
        let text = """
            {\(Self.overpassHeader) "elements": [{"type": "node", "id": 1, "lat": 59.9, "lon": 10.7}],
            "remark": "\(remark)"}
            """
        #expect(
            failure(text)
                == .overpassError(
                    #"runtime error: Query timed out in "query" at line 3 after 26 seconds."#))
        // A long remark with control characters is cleaned and cut.
        let long = "runtime error: out of memory\\n\\t" + String(repeating: "x", count: 500)
        guard
            case .overpassError(let said) = failure(
                #"{"version":0.6,"elements":[],"remark":"\#(long)"}"#)
        else {
            Issue.record("no Overpass error")
            return
        }
        #expect(said.hasPrefix("runtime error: out of memory x"))
        #expect(said.count <= 200 && said.hasSuffix("…"))
        // A remark without an error is not one.
        #expect(
            failure(#"{"version":0.6,"elements":[],"remark":"runtime remark: fine"}"#)
                == .noElements(.overpassJSON))
    }

    // MARK: OSM XML

    /// As osmium (and the API's map call) write it.
    static let osmiumXML = """
        <?xml version='1.0' encoding='UTF-8'?>
        <osm version="0.6" generator="osmium/1.16.0">
          <bounds minlat="59.9" minlon="10.7" maxlat="59.93" maxlon="10.77"/>
          <!-- a comment with <way> & «tags» in it -->
          <node id="1" version="3" timestamp="2024-01-01T00:00:00Z" uid="1" user="a&amp;b" changeset="9" lat="59.9100" lon="10.7400"/>
          <node id="2" version="1" lat="59.9105" lon="10.7450"/>
          <node id="3" version="1" lat="59.9110" lon="10.7500"/>
          <node id="4" version="1" lat="59.9110" lon="10.7400"/>
          <node id="5" version="2" lat="59.9230" lon="10.7580">
            <tag k="place" v="suburb"/>
            <tag k="name" v="Gr&#xfc;nerl&#248;kka &amp; Sofienberg"/>
          </node>
          <node id="6" lat="59.92" lon="10.76"><tag k="place" v="quarter"/><tag k="name" v="&#x6771;&#x4EAC;"/></node>
          <node id="7" lat="abc" lon="10.76"/>
          <way id="10" version="4">
            <nd ref="1"/>
            <nd ref="2"/>
            <nd ref="3"/>
            <tag k="highway" v="secondary"/>
            <tag k="name" v="Storgata"/>
          </way>
          <way id="11"><nd ref="1"/><nd ref="3"/><nd ref="4"/><nd ref="1"/><tag k="leisure" v="park"/></way>
          <way id="12"><nd ref="1"/><nd ref="2"/><nd ref="3"/></way>
          <way id="13"><nd ref="3"/><nd ref="4"/><nd ref="1"/></way>
          <relation id="20" version="1">
            <member type="way" ref="12" role="outer"/>
            <member type="way" ref="13" role="outer"/>
            <member type="node" ref="5" role="label"/>
            <tag k="type" v="multipolygon"/>
            <tag k="landuse" v="cemetery"/>
            <tag k="name" v="Vår Frelsers gravlund"/>
          </relation>
        </osm>
        """

    @Test func osmiumXML() throws {
        let data = try read(Self.osmiumXML)
        try #require(
            data.features.map(\.kind) == [.majorPlace, .place, .secondary, .park, .cemetery])
        #expect(data.features[0].name == "Grünerløkka & Sofienberg")
        #expect(data.features[1].name == "東京")
        #expect(
            data.features[2].geometry
                == .line([c(59.91, 10.74), c(59.9105, 10.745), c(59.911, 10.75)]))
        #expect(
            rings(data.features[3]) == [
                [c(59.91, 10.74), c(59.911, 10.75), c(59.911, 10.74), c(59.91, 10.74)]
            ])
        #expect(data.features[4].name == "Vår Frelsers gravlund")
        #expect(rings(data.features[4])?.map(\.count) == [5])
        #expect(data.skipped == [.invalidCoordinate: 1])
    }

    /// JOSM's own files: single quotes, negative ids for new objects, deleted ones still in the
    /// file.
    @Test func josmXML() throws {
        let text = """
            <?xml version='1.0' encoding='UTF-8'?>
            <osm version='0.6' upload='false' generator='JOSM'>
              <node id='-101' action='modify' visible='true' lat='59.91' lon='10.75' />
              <node id='-102' action='modify' visible='true' lat='59.912' lon='10.752' />
              <node id='-103' action='delete' visible='true' lat='59.914' lon='10.754'>
                <tag k='place' v='neighbourhood' />
                <tag k='name' v='Borte' />
              </node>
              <way id='-201' action='modify' visible='true'>
                <nd ref='-101' />
                <nd ref='-102' />
                <tag k='highway' v='footway' />
                <tag k='name' v="Kong Haakon's &quot;vei&quot;" />
              </way>
              <way id='-202' action='delete' visible='true'>
                <nd ref='-101' />
                <nd ref='-102' />
                <tag k='highway' v='primary' />
              </way>
            </osm>
            """
        let data = try read(text)
        try #require(data.features.map(\.kind) == [.path])
        #expect(data.features[0].name == #"Kong Haakon's "vei""#)
        #expect(data.features[0].geometry == .line([c(59.91, 10.75), c(59.912, 10.752)]))
    }

    /// Overpass' XML with `out geom`: coordinates on each `<nd>`, in ways and in members.
    @Test func overpassXMLOutGeom() throws {
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <osm version="0.6" generator="Overpass API 0.7.62.1 084b4234">
            <note>The data included in this document is from www.openstreetmap.org. The data is made available under ODbL.</note>
            <meta osm_base="2026-11-20T10:00:00Z"/>

              <way id="10">
                <bounds minlat="59.9100000" minlon="10.7400000" maxlat="59.9105000" maxlon="10.7450000"/>
                <nd ref="1" lat="59.9100000" lon="10.7400000"/>
                <nd ref="2" lat="59.9105000" lon="10.7450000"/>
                <tag k="waterway" v="river"/>
                <tag k="name" v="Akerselva"/>
              </way>
              <way id="11">
                <nd ref="3"/>
                <nd ref="4" lat="59.9200000" lon="10.7500000"/>
                <nd ref="5" lat="59.9210000" lon="10.7510000"/>
                <tag k="highway" v="service"/>
              </way>
              <relation id="20">
                <bounds minlat="59.9400000" minlon="10.7000000" maxlat="59.9500000" maxlon="10.7100000"/>
                <member type="way" ref="201" role="outer">
                  <nd lat="59.9400000" lon="10.7000000"/>
                  <nd lat="59.9400000" lon="10.7100000"/>
                  <nd lat="59.9500000" lon="10.7100000"/>
                </member>
                <member type="way" ref="202" role="outer">
                  <nd lat="59.9500000" lon="10.7100000"/>
                  <nd lat="59.9500000" lon="10.7000000"/>
                  <nd lat="59.9400000" lon="10.7000000"/>
                </member>
                <tag k="type" v="multipolygon"/>
                <tag k="natural" v="wood"/>
              </relation>
            </osm>
            """
        let data = try read(text)
        try #require(data.features.map(\.kind) == [.waterway, .service, .forest])
        #expect(data.features[0].geometry == .line([c(59.91, 10.74), c(59.9105, 10.745)]))
        // The first node lies outside Overpass' box: no coordinates, so the line starts at the
        // second.
        #expect(data.features[1].geometry == .line([c(59.92, 10.75), c(59.921, 10.751)]))
        #expect(rings(data.features[2])?.first?.count == 5)
        #expect(data.skipped == [.missingElement: 1])
    }

    @Test func overpassXMLRemark() {
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <osm version="0.6" generator="Overpass API">
            <remark> runtime error: Query timed out in &quot;query&quot; at line 3 after 26 seconds. </remark>
            </osm>
            """
        #expect(
            failure(text)
                == .overpassError(
                    #"runtime error: Query timed out in "query" at line 3 after 26 seconds."#))
    }

    @Test(arguments: [
        ("<osm><node id=\"1\" lat=\"1\" lon=\"1\"></way></osm>", "</way> der </node> var ventet"),
        (
            "<osm><node id=\"1\" lat=\"1\" lon=\"1\"><tag k=\"name\" v=\"A&nbsp;B\"/></node></osm>",
            "ukjent referanse"
        ),
        (
            "<osm><node id=\"1\" lat=\"1\" lon=\"1\"><tag k=\"name\" v=\"A & B\"/></node></osm>",
            "«&» uten"
        ),
        ("<osm><node id=1 lat=\"1\" lon=\"1\"/></osm>", "mangler anførselstegn"),
        ("<osm><node id=\"1\" lat=\"1\" lon=\"1\"/></osm>trailing", "tekst utenfor rotelementet"),
        ("<osm></osm><osm></osm>", "mer enn ett rotelement"),
        ("<osm><tag k=\"a\" v=\"<\"/></osm>", "«<» i en attributtverdi"),
        ("<osm><tag k=\"a\" v=\"&#0;\"/></osm>", "ugyldig tegnreferanse"),
        ("<osm><tag k=\"a\" v=\"&#xD800;\"/></osm>", "ugyldig tegnreferanse"),
        ("<osm><!-- never closed </osm>", "kommentaren slutter aldri"),
        ("<osm><node id=\"1\"lat=\"1\"/></osm>", "forventet mellomrom"),
    ])
    func brokenXMLIsRefusedWithWhere(text: String, message: String) {
        guard case .malformed(.osmXML, let detail) = failure(text) else {
            Issue.record("not refused as broken XML: \(text)")
            return
        }
        // libxml2 gives the column of its own faults; the nesting the reader refuses is the
        // element's line.
        #expect(
            detail.hasPrefix(message == "for dyp nøsting" ? "linje 1: " : "linje 1, kolonne "),
            "\(detail)")
        #expect(detail.contains(message), "\(detail)")
    }

    /// Cut off at any byte past the root's start tag, the file is refused as cut off, not as some
    /// other fault.
    @Test func truncatedXMLSaysItStopsShort() {
        let bytes = Array(Self.osmiumXML.utf8)
        let root = bytes.firstRange(of: Array("generator=\"osmium/1.16.0\">".utf8))!.upperBound
        for end in root..<bytes.count {
            guard case .malformed(.osmXML, let detail) = failure(bytes: Array(bytes[..<end])) else {
                Issue.record("XML cut at byte \(end) was read")
                continue
            }
            #expect(detail.contains("slutter"), "cut at byte \(end): \(detail)")
        }
        #expect(BasemapDataError.malformed(.osmXML, detail: "x").userMessage.contains("avkuttet"))
    }

    @Test func otherXMLIsNamed() {
        #expect(
            failure(#"<?xml version="1.0"?><gpx version="1.1"><wpt lat="1" lon="2"/></gpx>"#)
                == .unexpectedContent("XML med rotelementet <gpx>"))
        #expect(
            failure(#"<osmChange version="0.6"><create/></osmChange>"#)
                == .unexpectedContent("en OpenStreetMap-endringsfil (osmChange)"))
        #expect(
            failure(
                #"<osm version="0.6"><bounds minlat="1" minlon="1" maxlat="2" maxlon="2"/></osm>"#)
                == .noElements(.osmXML))
    }

    // MARK: Coastline and bounds

    @Test func theCoastlineBecomesSeaWithinTheBounds() throws {
        // The coast of Bjørvika in two ways out of order (land north, sea south), and an island.
        let text = """
            {"version": 0.6, "elements": [
            {"type": "way", "id": 2, "geometry": [{"lat": 59.9070, "lon": 10.7500}, {"lat": 59.9060, "lon": 10.8000}], "tags": {"natural": "coastline"}},
            {"type": "way", "id": 1, "geometry": [{"lat": 59.9080, "lon": 10.7000}, {"lat": 59.9070, "lon": 10.7500}], "tags": {"natural": "coastline"}},
            {"type": "way", "id": 3, "geometry": [{"lat": 59.9010, "lon": 10.7400}, {"lat": 59.9010, "lon": 10.7450}, {"lat": 59.9030, "lon": 10.7450}, {"lat": 59.9010, "lon": 10.7400}], "tags": {"natural": "coastline", "place": "islet", "name": "Holmen"}},
            {"type": "way", "id": 4, "geometry": [{"lat": 59.9110, "lon": 10.7450}, {"lat": 59.9120, "lon": 10.7460}], "tags": {"highway": "primary"}},
            {"type": "way", "id": 5, "geometry": [{"lat": 60.5, "lon": 11.5}, {"lat": 60.6, "lon": 11.6}], "tags": {"highway": "primary"}}
            ]}
            """
        let bounds = GeoBounds(south: 59.900, west: 10.720, north: 59.915, east: 10.780)
        let data = try read(text, within: bounds)
        // The far road is outside; the sea, then the island over it.
        try #require(data.features.map(\.kind) == [.primary, .sea, .land])
        let sea = try #require(rings(data.features[1])?.first)
        #expect(Coastline.contains(sea, c(59.903, 10.760)))
        #expect(!Coastline.contains(sea, c(59.911, 10.750)))
        // the southern corners
        #expect(sea.contains(c(59.900, 10.720)) && sea.contains(c(59.900, 10.780)))
        #expect(rings(data.features[2])?.first?.count == 4)
        // Without bounds, no sea (and nothing is left out for lying outside).
        #expect(try read(text).features.map(\.kind) == [.primary, .primary])
    }

    @Test func coastlineInGeoJSONAndXML() throws {
        let geoJSON = """
            {"type":"FeatureCollection","features":[
            {"type":"Feature","properties":{"natural":"coastline"},"geometry":{"type":"LineString","coordinates":[[10.0,0.5],[11.0,0.5]]}}
            ]}
            """
        let bounds = GeoBounds(south: 0, west: 10.2, north: 1, east: 10.8)
        let fromGeoJSON = try read(geoJSON, within: bounds)
        try #require(fromGeoJSON.features.map(\.kind) == [.sea])
        let xml = """
            <osm version="0.6">
             <node id="1" lat="0.5" lon="10.0"/><node id="2" lat="0.5" lon="11.0"/>
             <way id="1"><nd ref="1"/><nd ref="2"/><tag k="natural" v="coastline"/></way>
            </osm>
            """
        #expect(try read(xml, within: bounds) == fromGeoJSON)
        guard let sea = rings(fromGeoJSON.features[0])?.first else { return }
        #expect(Coastline.contains(sea, c(0.25, 10.5)) && !Coastline.contains(sea, c(0.75, 10.5)))
    }

    // MARK: Not OpenStreetMap data

    @Test func emptyAndUnrecognisedData() {
        #expect(failure("") == .empty)
        #expect(failure(" \n\t ") == .empty)
        #expect(failure("\u{FEFF}\n") == .empty)
        #expect(
            failure("hello, world\nthis is text")
                == .unrecognised(start: "hello, world this is text"))
        #expect(failure("[1, 2, 3]") == .unexpectedContent("JSON som ikke er et objekt"))
        guard case .unexpectedContent(let what) = failure(#"{"name": "Oslo"}"#) else {
            Issue.record("other JSON was read")
            return
        }
        #expect(what.contains("verken GeoJSON"))
    }

    @Test func htmlErrorPagesAreNamed() {
        let plain = """
            <!DOCTYPE html>
            <html><head><title>502 Bad Gateway</title></head><body><h1>502 Bad Gateway</h1></body></html>
            """
        #expect(failure(plain) == .htmlPage("502 Bad Gateway"))
        // Overpass' own error page for a query it cannot parse.
        let overpass = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Strict//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-strict.dtd">
            <html xmlns="http://www.w3.org/1999/xhtml" xml:lang="en" lang="en">
            <head>
              <meta http-equiv="content-type" content="text/html; charset=utf-8" lang="en"/>
              <title>OSM3S Response</title>
            </head>
            <body>
            <p>The data included in this document is from www.openstreetmap.org. The data is made available under ODbL.</p>
            <p><strong style="color:#FF0000">Error</strong>: line 1: parse error: Unknown type &quot;wya&quot; </p>
            </body>
            </html>
            """
        #expect(failure(overpass) == .htmlPage(#"line 1: parse error: Unknown type "wya""#))
        #expect(failure("<html><body>no title</body></html>") == .htmlPage(nil))
        #expect(
            BasemapDataError.htmlPage("502 Bad Gateway").userMessage.contains("«502 Bad Gateway»"))
    }

    @Test func truncatedJSONIsMalformedAndSaysWhichKind() {
        let cut = String(Self.overpassGeom.prefix(Self.overpassGeom.count / 2))
        guard case .malformed(.overpassJSON, let detail) = failure(cut) else {
            Issue.record("truncated Overpass JSON was read")
            return
        }
        #expect(detail.hasPrefix("linje "))
        guard case .malformed(.json, _) = failure(#"{"version": 0.6, "gener"#) else {
            Issue.record("truncated JSON was read")
            return
        }
        guard case .nestedTooDeep(.json, let deep) = failure(String(repeating: "[", count: 1000))
        else {
            Issue.record("deep nesting was read, or called broken")
            return
        }
        #expect(deep.contains("for dyp nøsting"))
    }

    /// Nesting past the reader's depth is whole text, too deep: not called cut off.
    @Test func deepXMLIsNestedTooDeepNotCutOff() {
        let text =
            "<osm>" + String(repeating: "<a>", count: 40) + String(repeating: "</a>", count: 40)
            + "</osm>"
        guard case .nestedTooDeep(.osmXML, let detail) = failure(text) else {
            Issue.record("not refused as nested too deep")
            return
        }
        #expect(detail == "linje 1: for dyp nøsting", "\(detail)")
        let message = BasemapDataError.nestedTooDeep(.osmXML, detail: detail).userMessage
        #expect(!message.contains("avkuttet"), "\(message)")
        #expect(
            message.hasSuffix(
                "OpenStreetMap-data er aldri nøstet så dypt; sjekk at det er riktige kartdata."))
    }

    @Test func jsonCutOffAnywhereIsRefusedAsBroken() {
        let bytes = Array(Self.overpassGeom.utf8)
        for end in 1..<bytes.count {
            switch failure(bytes: Array(bytes[..<end])) {
            case .malformed(.json, _), .malformed(.overpassJSON, _): continue
            case let other: Issue.record("JSON cut at byte \(end): \(String(describing: other))")
            }
        }
    }

    /// Bytes changed, dropped or repeated at random: the reader answers or refuses, never traps,
    /// and what it answers is drawable (valid coordinates, closed rings).
    @Test func damagedDataNeverCrashes() {
        var random = seededGenerator()
        let bounds = GeoBounds(south: 59.90, west: 10.70, north: 59.95, east: 10.78)
        for fixture in [Self.osmiumXML, Self.overpassGeom, Self.osmiumGeoJSON, Self.overpassBody] {
            let original = Array(fixture.utf8)
            for _ in 0..<400 {
                var bytes = original
                for _ in 0..<Int.random(in: 1...4, using: &random) {
                    let at = Int.random(in: 0..<bytes.count, using: &random)
                    switch Int.random(in: 0..<3, using: &random) {
                    case 0:
                        bytes[at] = "<>&\"'/=;#x0.-{}[],: \n".utf8.randomElement(using: &random)!
                    case 1: bytes.remove(at: at)
                    default: bytes.insert(contentsOf: bytes[at..<min(bytes.count, at + 8)], at: at)
                    }
                }
                guard let data = try? BasemapDataReader.read(bytes, within: bounds) else {
                    continue
                }
                for feature in data.features {
                    switch feature.geometry {
                    case .point(let point): #expect(point.isValid)
                    case .line(let points):
                        #expect(points.count >= 2 && points.allSatisfy(\.isValid))
                    case .area(let rings):
                        #expect(!rings.isEmpty)
                        for ring in rings { #expect(ring.count >= 4 && ring.first == ring.last) }
                    }
                }
            }
        }
    }

    @Test func compressedAndBinaryExtractsAreNamed() {
        #expect(failure(bytes: [0x1F, 0x8B, 0x08, 0x00, 0x00]) == .binary(.gzip))
        #expect(failure(bytes: Array("BZh91AY&SY".utf8)) == .binary(.bzip2))
        #expect(failure(bytes: [0x50, 0x4B, 0x03, 0x04, 0x14]) == .binary(.zip))
        // A PBF file: the first block header's length, then its type.
        let pbf: [UInt8] =
            [0x00, 0x00, 0x00, 0x0D, 0x0A, 0x09] + Array("OSMHeader".utf8) + [0x18, 0x7C, 0x10]
        #expect(failure(bytes: pbf) == .binary(.pbf))
        #expect(BasemapDataError.binary(.pbf).userMessage.contains("osmium"))
    }

    // MARK: Limits

    @Test func limitsStopHostileData() {
        let few = BasemapCollector(maximumCoordinates: 10, maximumElements: 100)
        let bytes = Array(Self.overpassGeom.utf8)
        #expect(throws: BasemapDataError.tooManyCoordinates(limit: 10)) {
            try BasemapDataReader.read(bytes, within: nil, collector: few)
        }
        let fewElements = BasemapCollector(maximumCoordinates: 1000, maximumElements: 3)
        #expect(throws: BasemapDataError.tooManyElements(limit: 3)) {
            try BasemapDataReader.read(
                Array(Self.osmiumXML.utf8), within: nil, collector: fewElements)
        }
        #expect(throws: BasemapDataError.tooManyElements(limit: 3)) {
            try BasemapDataReader.read(
                Array(Self.osmiumGeoJSON.utf8), within: nil, collector: fewElements)
        }
        #expect(BasemapDataReader.maximumBytes == 512 << 20)
        #expect(
            BasemapDataError.tooLarge(bytes: 600 << 20, limit: 512 << 20).userMessage
                == "Kartdataene er for store (600,0 MB, grensen er 512,0 MB). Hent et mindre område, eller bare det kartet tegner (veier, vann, grøntområder, stedsnavn)."
        )
    }

    @Test func everyMessageIsNorwegianAndSaysWhatWasExpected() {
        let errors: [BasemapDataError] = [
            .empty, .tooLarge(bytes: 1, limit: 1), .htmlPage(nil), .htmlPage("x"),
            .overpassError("x"),
            .malformed(.geoJSON, detail: "x"), .malformed(.overpassJSON, detail: "x"),
            .malformed(.json, detail: "x"),
            .malformed(.osmXML, detail: "x"), .unexpectedContent("x"), .binary(.pbf),
            .binary(.gzip),
            .binary(.bzip2), .binary(.zip), .unrecognised(start: "x"), .noElements(.osmXML),
            .tooManyCoordinates(limit: 5_000_000), .tooManyElements(limit: 5_000_000),
        ]
        for error in errors {
            #expect(
                error.userMessage.hasPrefix("Kartdata") || error.userMessage.hasPrefix("Overpass"))
            #expect(error.exitStatus == .dataError)
        }
        #expect(BasemapDataError.empty.userMessage.contains("Forventet GeoJSON"))
        #expect(
            BasemapDataError.tooManyCoordinates(limit: 5_000_000).userMessage.contains(
                "5\u{00A0}000\u{00A0}000"))
    }

    @Test func aLargeAnswerReads() throws {
        // 3,000 streets of 20 nodes each, nodes after the ways, as `out body; >; out skel qt;`
        // gives them.
        var text = #"{"version":0.6,"elements":["#
        for way in 0..<3_000 {
            let nodes = (0..<20).map { String(way * 20 + $0) }.joined(separator: ",")
            text +=
                #"{"type":"way","id":\#(way),"nodes":[\#(nodes)],"tags":{"highway":"residential","name":"Gate \#(way)"}},"#
        }
        for node in 0..<60_000 {
            text +=
                #"{"type":"node","id":\#(node),"lat":\#(59.9 + Double(node % 20) * 0.0001),"lon":\#(10.7 + Double(node / 20) * 0.0001)},"#
        }
        text.removeLast()
        text += "]}"
        let data = try read(text)
        #expect(data.features.count == 3_000)
        #expect(data.features.allSatisfy { $0.kind == .minor })
        #expect(data.features.last?.name == "Gate 2999")
    }

    // MARK: Helpers

    private func read(_ text: String, within bounds: GeoBounds? = nil) throws -> BasemapData {
        try BasemapDataReader.read(Array(text.utf8), within: bounds)
    }

    private func failure(_ text: String) -> BasemapDataError? { failure(bytes: Array(text.utf8)) }

    private func failure(bytes: [UInt8]) -> BasemapDataError? {
        do {
            _ = try BasemapDataReader.read(bytes, within: nil)
            return nil
        } catch {
            return error
        }
    }

    private func rings(_ feature: BasemapFeature) -> [[Coordinate]]? {
        guard case .area(let rings) = feature.geometry else { return nil }
        return rings
    }
}

private func c(_ latitude: Double, _ longitude: Double) -> Coordinate {
    Coordinate(latitude: latitude, longitude: longitude)
}
