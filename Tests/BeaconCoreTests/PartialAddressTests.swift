import BeaconTestSupport
import Foundation
import Testing

@testable import BeaconModel
@testable import BeaconSite
@testable import BeaconSources
@testable import BeaconSystem

/// A place without a street still says where it is when the data knows: the part of town and the
/// town (`PostalAddress.area`), from Geoapify's parts or OSM's `addr:*` tags, for the cards of a
/// city such as Hanoi, where many places have no street in the data
/// (`Tests/Fixtures/messy-hanoi.geojson`).
@Suite struct PartialAddressTests {
    func hanoi() throws -> [String: Place] {
        let bytes = try FileSystem.read(TestPaths.fixtures + "/messy-hanoi.geojson")
        let result = try PlacesDecoder(defaultCategory: .restaurant).decode(
            JSONParser.parse(bytes: bytes))
        #expect(result.skipped.isEmpty)
        return Dictionary(uniqueKeysWithValues: result.places.map { ($0.name, $0) })
    }

    @Test func theMostPreciseAreaTheDataNamesStandsInForAMissingStreet() throws {
        let places = try hanoi()
        func line(_ name: String) throws -> String? {
            try #require(places[name], "\(name)").address.shortLine
        }
        // A street address is the address, written the Vietnamese way (the number first).
        #expect(try line("Phở Gia Truyền Bát Đàn") == "49 Phố Bát Đàn, 11000 Hà Nội")
        #expect(try line("Cà Phê Giảng") == "Phố Nguyễn Hữu Huân, Hà Nội")
        #expect(places["Cà Phê Giảng"]?.address.area == nil, "a street says more")
        // No street: Geoapify's suburb before its district; OSM's district or ward from the raw tags.
        #expect(try line("Bánh Mì 25") == "Hàng Bạc, Hà Nội")
        #expect(try line("Chả Cá Thăng Long") == "Quận Hoàn Kiếm, Hà Nội")
        #expect(try line("Cộng Cà Phê") == "Phường Hàng Trống, Hà Nội")
        #expect(try line("Bia Hơi Tạ Hiện") == "Hoàn Kiếm, Hà Nội")
        // The town alone, and nothing at all.
        #expect(try line("Kem Tràng Tiền") == "Hà Nội")
        #expect(try line("Bún Chả Hương Liên") == nil)
        // The area is not an address: the pages still know the street is missing.
        #expect(places["Bánh Mì 25"]?.address.singleLine == nil)
    }

    @Test func anAddressWithoutAStreetInOSMTagsNamesItsPlace() throws {
        // An overpass-turbo export: the tags in the properties; `addr:place` is OSM's address
        // without a street, and a part named as the town is said once.
        let json = try JSONParser.parse(
            bytes: Array(
                #"{"type":"Feature","geometry":{"type":"Point","coordinates":[105.85,21.03]},"properties":{"name":"Quán Nhỏ","amenity":"cafe","place":"neighbourhood","addr:place":"Phố cổ","addr:suburb":"Hàng Đào","addr:city":"Hà Nội"}}"#
                    .utf8))
        guard
            case .success(let place) = PlacesDecoder(defaultCategory: .cafe).decodeFeature(json)
        else {
            Issue.record("not decoded")
            return
        }
        #expect(place.address.area == "Phố cổ, Hà Nội")
        #expect(PostalAddress.area(part: "Hà Nội", city: "Ha Noi") == "Hà Nội")
        #expect(PostalAddress.area(part: nil, city: nil) == nil)
    }

    @Test func theAreaSurvivesTheBaseArchiveAndThePlaceIndex() throws {
        let place = try #require(try hanoi()["Bánh Mì 25"])
        let base = GuideAssembler.base(places: [place], store: GuideStore(), settings: .defaults)
        let decoded = try #require(
            GuideBaseArchive.decode(GuideBaseArchive.encode(base, key: "k"), key: "k"))
        #expect(decoded.entries.map(\.place.address.area) == ["Hàng Bạc, Hà Nội"])
        let coded = try JSONDecoder().decode(Place.self, from: JSONEncoder().encode(place))
        #expect(coded.address.area == "Hàng Bạc, Hà Nội" && coded.address == place.address)
    }
}
