import Testing

@testable import BeaconModel
@testable import BeaconSite
@testable import BeaconSources
@testable import BeaconSystem
@testable import Templates

/// What the data knows of a place besides its address (`PlaceTraits`): read from every shape the
/// data comes in, kept through the guide's archive and the GeoJSON export.
@Suite struct PlaceTraitsTests {
    func decode(_ properties: String) throws -> Place {
        let json = try JSONParser.parse(
            bytes: Array(
                #"{"type":"Feature","geometry":{"type":"Point","coordinates":[-3.19,55.95]},"properties":{"name":"X",\#(properties)}}"#
                    .utf8))
        guard
            case .success(let place) = PlacesDecoder(defaultCategory: .restaurant).decodeFeature(
                json)
        else {
            throw Failure.notDecoded
        }
        return place
    }

    enum Failure: Error { case notDecoded }

    @Test func cuisineValuesAreReadAsOpenStreetMapWritesThem() {
        #expect(
            PlaceTraits.cuisines(from: "indian;Pizza; fish and chips") == [
                "indian", "pizza", "fish_and_chips",
            ])
        #expect(PlaceTraits.cuisines(from: "indian;indian;;  ;INDIAN") == ["indian"])
        #expect(PlaceTraits.cuisines(from: "tex-mex, coffee_shop") == ["tex_mex", "coffee_shop"])
        // Any script stays as written; what would break the archive's form (| ;) or a page does
        // not.
        #expect(PlaceTraits.cuisines(from: "日本料理;a|b;<script>") == ["日本料理", "ab", "script"])
        #expect(PlaceTraits.cuisines(from: "a;b;c;d;e;f;g;h").count == 6)
        #expect(PlaceTraits.cuisines(from: String(repeating: "x", count: 41)).isEmpty)
        #expect(PlaceTraits.cuisines(from: nil).isEmpty)
    }

    @Test func dietsAccessAndPriceAreReadLoosely() {
        #expect(PlaceTraits.diet("yes") == .yes && PlaceTraits.diet(" Only ") == .only)
        #expect(PlaceTraits.diet("limited") == .limited && PlaceTraits.diet("true") == .yes)
        #expect(
            PlaceTraits.diet("no") == nil && PlaceTraits.diet("maybe") == nil
                && PlaceTraits.diet(nil) == nil)
        #expect(PlaceTraits.wheelchair("designated") == .yes && PlaceTraits.wheelchair("no") == .no)
        #expect(PlaceTraits.wheelchair("false") == .no && PlaceTraits.wheelchair("unknown") == nil)
        #expect(PlaceTraits.priceLevel("2") == 2 && PlaceTraits.priceLevel("$$$") == 3)
        #expect(PlaceTraits.priceLevel("€ €") == 2 && PlaceTraits.priceLevel("$$$$$") == nil)
        #expect(PlaceTraits.priceLevel("0") == nil && PlaceTraits.priceLevel("$€") == nil)
        #expect(
            PlaceTraits.priceLevel("cheap") == nil && PlaceTraits(priceLevel: 9).priceLevel == nil)
    }

    @Test func geoapifyGivesThemInItsOwnMembersAndCategoryKeys() throws {
        let members = try decode(
            #""categories":["catering","catering.restaurant"],"catering":{"cuisine":"indian;curry","diet":{"vegetarian":true,"vegan":"only"}},"facilities":{"wheelchair":false}"#
        )
        #expect(
            members.traits
                == PlaceTraits(
                    cuisines: ["indian", "curry"], vegetarian: .yes, vegan: .only, wheelchair: .no))
        // Only the category keys: the third part of a catering key, the conditions Geoapify lists
        // beside them.
        let keys = try decode(
            #""categories":["catering","catering.restaurant","catering.restaurant.indian","vegetarian","wheelchair","wheelchair.limited"]"#
        )
        #expect(
            keys.traits == PlaceTraits(cuisines: ["indian"], vegetarian: .yes, wheelchair: .limited)
        )
    }

    @Test func openStreetMapTagsAreReadFromTheRawTagsOrTheProperties() throws {
        let raw = try decode(
            #""datasource":{"raw":{"cuisine":"thai","diet:vegan":"limited","wheelchair":"yes","price_level":"$$"}}"#
        )
        #expect(
            raw.traits
                == PlaceTraits(cuisines: ["thai"], vegan: .limited, wheelchair: .yes, priceLevel: 2)
        )
        // An Overpass (osmtogeojson) export puts the tags in the properties.
        let overpass = try decode(
            #""amenity":"restaurant","cuisine":"pizza;italian","diet:vegetarian":"only""#)
        #expect(overpass.traits == PlaceTraits(cuisines: ["pizza", "italian"], vegetarian: .only))
        // Nothing said: nothing claimed.
        #expect(try decode(#""diet:vegetarian":"no","wheelchair":"perhaps""#).traits.isEmpty)
    }

    @Test func theArchivedFormRoundTripsAndRefusesAnythingElse() {
        let samples = [
            PlaceTraits(cuisines: ["indian"]),
            PlaceTraits(
                cuisines: ["日本料理", "sushi"], vegetarian: .limited, vegan: .only, wheelchair: .no,
                priceLevel: 4),
            PlaceTraits(wheelchair: .yes),
        ]
        for traits in samples {
            #expect(traits.archived.flatMap(PlaceTraits.init(archived:)) == traits)
        }
        #expect(PlaceTraits.none.archived == nil)
        for garbage in [
            "", "a|b", "indian|maybe|-|-|-", "x|-|-|-|7", "x|-|-|-|-|-", "x|-|-|sometimes|-",
        ] {
            #expect(PlaceTraits(archived: garbage) == nil, "\(garbage)")
        }
    }

    @Test func theGuidesArchiveAndTheExportKeepThem() throws {
        let traits = PlaceTraits(
            cuisines: ["seafood", "fish_and_chips"], vegetarian: .yes, wheelchair: .limited,
            priceLevel: 3)
        let place = Place(
            id: PlaceID(rawValue: "node/1"), name: "Ondine", category: .restaurant,
            coordinate: Coordinate(latitude: 55.95, longitude: -3.19), traits: traits)
        let plain = Place(
            id: PlaceID(rawValue: "node/2"), name: "Plain", category: .restaurant,
            coordinate: Coordinate(latitude: 55.951, longitude: -3.19))
        let base = GuideAssembler.base(
            places: [place, plain], store: GuideStore(), settings: .defaults)
        let decoded = GuideBaseArchive.decode(GuideBaseArchive.encode(base, key: "k"), key: "k")
        #expect(decoded?.entries.map(\.place.traits) == base.entries.map(\.place.traits))
        #expect(base.entries.map(\.place.traits).contains(traits))

        let exported = GeoJSONExport.write([(place, .init()), (plain, .init())])
        let read = try PlacesDecoder().decode(JSONParser.parse(bytes: exported))
        #expect(read.places.map(\.traits) == [traits, .none])
    }
}
