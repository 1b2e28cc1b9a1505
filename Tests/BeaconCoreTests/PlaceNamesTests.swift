import Foundation
import Testing

@testable import BeaconModel
@testable import BeaconSite
@testable import BeaconSources
@testable import BeaconSystem

/// A place's names in the guide's languages (`PlaceNames`): read from the data as OpenStreetMap and
/// Geoapify give them, chosen per page language, kept by the archive, dropped when the owner
/// renames the place, and answered to on the command line.
@Suite struct PlaceNamesTests {
    /// One feature of a places file with these properties (a restaurant at Oslo S).
    static func decoded(_ properties: String) throws -> Place {
        let file =
            #"{"type":"FeatureCollection","features":[{"type":"Feature","geometry":{"type":"Point","coordinates":[10.75,59.91]},"properties":{"category":"restaurant",\#(properties)}}]}"#
        return try #require(try PlacesDecoder().decode(bytes: Array(file.utf8)).places.first)
    }

    @Test func geoapifysInternationalNamesAndTheirLanguage() throws {
        let place = try Self.decoded(
            #""name":"京都府京都文化博物館","name_international":{"en":"The Museum of Kyoto","ja":"京都府京都文化博物館"}"#
        )
        #expect(place.name == "京都府京都文化博物館")
        #expect(place.names == PlaceNames(english: "The Museum of Kyoto", nameLanguage: "ja"))
    }

    @Test func osmNameTagsInThePropertiesOrInGeoapifysRawData() throws {
        let flat = try Self.decoded(
            #""name":"Nasjonalmuseet","name:en":"National Museum","name:nb":"Nasjonalmuseet","name:nn":"Nasjonalmuseet""#
        )
        #expect(flat.names == PlaceNames(english: "National Museum", nameLanguage: "nb"))
        let raw = try Self.decoded(
            #""name":"Ресторан Москва","datasource":{"raw":{"name":"Ресторан Москва","name:en":"Moscow Restaurant","name:ru":"Ресторан Москва","name:no":"Restaurant Moskva"}}"#
        )
        #expect(
            raw.names
                == PlaceNames(
                    english: "Moscow Restaurant", norwegian: "Restaurant Moskva", nameLanguage: "ru"
                ))
    }

    @Test func whatIsNoTranslationIsNotTakenForOne() throws {
        // The same name tagged in English says nothing of its language (a brand, an untranslated
        // name).
        #expect(
            try Self.decoded(#""name":"Tim Wendelboe","name:en":"Tim Wendelboe""#).names == .none)
        // Tags that are no language's name; an empty one; text cleaned as every name is.
        let place = try Self.decoded(
            #""name":"Café","name:etymology":"x","name:zh-Hant":"咖啡","name:left":"y","name:de":"","name:en":"Coffee\u0007 House  ""#
        )
        #expect(place.names == PlaceNames(english: "Coffee House"))
        // A number where text was expected reads as its digits; an object or array is none.
        #expect(try Self.decoded(#""name":"Bar","name:en":{"x":1},"name:nb":[1]"#).names == .none)
    }

    @Test func eachLanguageShowsItsOwnNameAndANorwegianPageOnlyReadableOnes() {
        let kyoto = PlaceNames(english: "The Museum of Kyoto", nameLanguage: "ja")
        for language in Language.allCases {
            #expect(
                kyoto.name(in: language, for: "京都府京都文化博物館") == "The Museum of Kyoto", "\(language)")
        }
        // A name in our script stays on the Norwegian pages; English pages take the English one.
        let stockholm = PlaceNames(english: "Royal Palace")
        #expect(stockholm.name(in: .nb, for: "Kungliga slottet") == "Kungliga slottet")
        #expect(stockholm.name(in: .en, for: "Kungliga slottet") == "Royal Palace")
        // Bokmål before Norwegian; nynorsk before Norwegian before bokmål.
        let all = PlaceNames(english: "E", bokmål: "B", nynorsk: "N", norwegian: "O")
        #expect(all.name(in: .nb, for: "x") == "B" && all.name(in: .nn, for: "x") == "N")
        #expect(PlaceNames(bokmål: "B", norwegian: "O").name(in: .nn, for: "x") == "O")
        #expect(PlaceNames(bokmål: "B").name(in: .nn, for: "東京") == "B")
        // Without a name in the language, or one the reader can read, the name as it is.
        #expect(PlaceNames(nameLanguage: "ja").name(in: .en, for: "東京バー") == "東京バー")
        #expect(PlaceNames(bokmål: "B").name(in: .en, for: "東京バー") == "東京バー")
    }

    @Test func whichNamesAreInTheLatinScript() {
        for latin in [
            "Café Noir", "Ærlig Mat", "Øl & Mat", "7-Eleven", "Łódź", "Phở Hà Nội", "Ｔｏｋｙｏ",
            "Bar «Ø» – 24/7", "",
        ] {
            #expect(PlaceNames.isLatinScript(latin), "\(latin)")
        }
        for other in [
            "東京バー", "中文小馆", "Ресторан Москва", "مطعم الشام", "Ακρόπολη", "서울", "Bar 東", "שלום",
        ] {
            #expect(!PlaceNames.isLatinScript(other), "\(other)")
        }
    }

    @Test func aSlugIsMadeFromANameWithLettersAURLKeeps() {
        func place(_ name: String, _ names: PlaceNames) -> Place {
            var place = Place(
                id: PlaceID(rawValue: "node/1"), name: name, category: .restaurant,
                coordinate: Coordinate(latitude: 59.91, longitude: 10.75))
            place.names = names
            return place
        }
        let moscow = place(
            "Ресторан Москва",
            PlaceNames(english: "Moscow Restaurant", norwegian: "Restaurant Moskva"))
        #expect(moscow.slugName(in: .nb, unnamed: "sted") == "Restaurant Moskva")
        #expect(moscow.slugName(in: .en, unnamed: "place") == "Moscow Restaurant")
        // The first language's name when it has letters, else the English one, else the sign's.
        let kyoto = place("京都府京都文化博物館", PlaceNames(english: "The Museum of Kyoto", bokmål: "京都"))
        #expect(kyoto.slugName(in: .nb, unnamed: "sted") == "The Museum of Kyoto")
        #expect(
            place("東京バー", PlaceNames(nameLanguage: "ja")).slugName(in: .en, unnamed: "place")
                == "東京バー")
        // A name with letters keeps its slug, whatever other names it has.
        #expect(
            place("Nasjonalmuseet", PlaceNames(english: "National Museum")).slugName(
                in: .en, unnamed: "place")
                == "Nasjonalmuseet")
        let resolver = PlaceResolver(places: [moscow], language: .en)
        #expect(resolver.slug(of: moscow)?.hasPrefix("moscow-restaurant-") == true)
    }

    @Test func theArchiveKeepsTheNames() throws {
        var named = Place(
            id: PlaceID(rawValue: "node/1"), name: "東京バー", category: .restaurant,
            coordinate: Coordinate(latitude: 59.91, longitude: 10.75))
        named.names = PlaceNames(
            english: "Tokyo Bar", bokmål: "Tokyo bar = B", nynorsk: "N", norwegian: "O",
            nameLanguage: "ja")
        let plain = Place(
            id: PlaceID(rawValue: "node/2"), name: "Fuglen", category: .cafe,
            coordinate: Coordinate(latitude: 59.92, longitude: 10.74))
        let base = GuideAssembler.base(
            places: [named, plain], store: GuideStore(), settings: .defaults)
        let decoded = try #require(
            GuideBaseArchive.decode(GuideBaseArchive.encode(base, key: "k"), key: "k"))
        #expect(decoded.entries == base.entries)
        #expect(decoded.entries.first { $0.place.id == named.id }?.place.names == named.names)
        #expect(decoded.entries.first { $0.place.id == plain.id }?.place.names == PlaceNames.none)
        // The compact form reads back, and what is not of it reads as nothing.
        #expect(named.names.archived.flatMap(PlaceNames.init(archived:)) == named.names)
        #expect(PlaceNames(archived: "xx=1") == nil && PlaceNames(archived: "en") == nil)
    }

    @Test func theOwnersNameIsTheNameInEveryLanguage() {
        var place = Place(
            id: PlaceID(rawValue: "node/1"), name: "中文小馆", category: .restaurant,
            coordinate: Coordinate(latitude: 55.95, longitude: -3.19))
        place.names = PlaceNames(english: "Chinese Kitchen", nameLanguage: "zh")
        var correction = PlaceCorrection(correctedOn: CalendarDate(iso: "2026-11-28")!)
        correction.name = "Wok Inn"
        let renamed = correction.applied(to: place)
        #expect(renamed.name == "Wok Inn" && renamed.names == .none)
        // A correction of something else keeps them, and so does one that gives the name it has.
        var hours = PlaceCorrection(correctedOn: CalendarDate(iso: "2026-11-28")!)
        hours.openingHours = "Mo-Su 12:00-22:00"
        #expect(hours.applied(to: place).names == place.names)
        correction.name = "中文小馆"
        #expect(correction.applied(to: place).names == place.names)
    }

    @Test func theCommandLineAnswersToTheNamesThePagesShow() {
        var kitchen = Place(
            id: PlaceID(rawValue: "node/1"), name: "中文小馆", category: .restaurant,
            coordinate: Coordinate(latitude: 55.95, longitude: -3.19))
        kitchen.names = PlaceNames(english: "Chinese Kitchen")
        let dishoom = Place(
            id: PlaceID(rawValue: "node/2"), name: "Dishoom", category: .restaurant,
            coordinate: Coordinate(latitude: 55.95, longitude: -3.19))
        let resolver = PlaceResolver(places: [kitchen, dishoom], language: .en)
        for typed in ["中文小馆", "Chinese Kitchen", "chinese kitchen", "chinese-kitchen", "kitchen"] {
            guard case .found(let place) = resolver.resolve(typed) else {
                Issue.record("\(typed) found nothing")
                continue
            }
            #expect(place.id == kitchen.id, "\(typed)")
        }
        guard case .found(let place) = resolver.resolve("dishoom") else {
            Issue.record("dishoom")
            return
        }
        #expect(place.id == dishoom.id)
    }
}
