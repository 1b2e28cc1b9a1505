import BeaconModel
import BeaconSite
import Foundation
import Testing

@testable import Templates

/// The catalogues' names of the kinds of place (`CategoryNames`): every preset named in bokmål,
/// nynorsk and English, found by a search in each, and the shared query table's words the same as
/// the catalogue's.
@Suite struct CategoryNamesTests {
    @Test func everyPresetHasARowAndEveryRowAPreset() {
        #expect(Set(CategoryNames.rows.map(\.key)) == Set(CategoryPreset.all.map(\.key)))
        #expect(CategoryNames.byKey.count == CategoryNames.rows.count)
    }

    @Test func everyPresetIsNamedInEveryLanguage() {
        for category in PlaceCategory.presets {
            for language in Language.allCases {
                let names = CategoryNames.names(category, in: language)
                #expect(
                    !names.one.isEmpty && !names.other.isEmpty,
                    "\(category.rawValue) in \(language)")
                #expect(
                    names.one != category.rawValue || category.rawValue.count < 5,
                    "\(category.rawValue)")
                #expect(Strings.of(language).plural(category) == names.other)
            }
            #expect(!CategoryNames.row(category).words.isEmpty, "\(category.rawValue)")
        }
        // English is English, not a copy of the bokmål, where the words differ.
        #expect(CategoryNames.names(.cafe, in: .en).other == "Cafés")
        #expect(
            CategoryNames.names(PlaceCategory(rawValue: "fast-food")!, in: .nn).one == "Gatekjøkken"
        )
    }

    /// What published guides show stays as it was.
    @Test func theBriefsThreeKeepTheirNames() {
        #expect(
            PlaceCategory.defaults.map { Strings.of(.nb).plural($0) } == [
                "Restauranter", "Kafeer", "Hoteller",
            ])
        #expect(
            PlaceCategory.defaults.map { Strings.of(.nn).plural($0) } == [
                "Restaurantar", "Kafear", "Hotell",
            ])
        #expect(
            PlaceCategory.defaults.map { Strings.of(.en).singular($0) } == [
                "Restaurant", "Café", "Hotel",
            ])
        #expect(CategoryNames.pluralInText(.cafe) == "kafeer")
    }

    /// A search in any language finds a place by its category's names in each language.
    @Test func aCategoryIsFoundByItsNamesInEveryLanguage() {
        for category in PlaceCategory.presets {
            let place = GuidePlace(
                place: Place(
                    id: PlaceID(rawValue: "node/1"), name: "Xyzzy", category: category,
                    coordinate: .osloS),
                slug: "xyzzy", distanceMetres: 10, ratings: [], summary: nil, favoriteSince: nil,
                isInCurrentData: true)
            for language in Language.allCases {
                let names = CategoryNames.names(category, in: language)
                for name in [names.one, names.other] {
                    var query = PlaceQuery(text: name)
                    query.categoryWords = CategoryNames.searchText
                    #expect(
                        query.apply(to: [place]).count == 1,
                        "\(category.rawValue): «\(name)» (\(language))")
                }
            }
        }
    }

    @Test func theSharedQueryTableUsesTheCataloguesWords() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent()
            .appendingPathComponent("Fixtures/query-cases.json")
        let table = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as! [String: Any]
        let words = table["categoryWords"] as! [String: String]
        #expect(
            words.keys.sorted() == ["bar", "cafe", "fast-food", "hotel", "pub", "restaurant"])
        for (key, value) in words {
            #expect(CategoryNames.searchText(PlaceCategory(rawValue: key)!) == value, "\(key)")
        }
    }
}
