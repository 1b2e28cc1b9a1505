import BeaconHTML
import BeaconModel
import BeaconSite
import Foundation
import Testing

@testable import Templates

/// Cuisine, diets, wheelchair access and price level on cards, detail pages and in the page data,
/// in each language; the cuisine names' table itself.
@Suite struct PlaceTraitsPageTests {
    static let traits = PlaceTraits(
        cuisines: ["indian", "momo_house"], vegetarian: .yes, vegan: .only, wheelchair: .limited,
        priceLevel: 2)
    static let place = Place(
        id: PlaceID(rawValue: "node/77"), name: "Dishoom", category: .restaurant,
        coordinate: Coordinate(latitude: 59.913, longitude: 10.75),
        address: PostalAddress(
            street: "Karl Johans gate", houseNumber: "1", postcode: "0154", city: "Oslo"),
        traits: traits)

    static func guide() -> Guide {
        GuideAssembler.assemble(
            places: [place, TemplateFixtures.restaurant], store: GuideStore(), settings: .defaults,
            source: DataSourceInfo(kind: .sample, fetchedAt: TemplateFixtures.fetchedAt))
    }

    static func context(_ language: Language) -> SiteContext {
        let guide = guide()
        return SiteContext(
            settings: guide.settings, source: guide.source, intro: nil,
            basemap: TemplateFixtures.basemap,
            hasMap: false, language: language)
    }

    func card(_ language: Language) -> String {
        var b = HTMLBuffer()
        Components.placeCard(
            &b, Self.guide().places.first { $0.id == Self.place.id }!, root: "",
            paths: SitePaths(main: .nb),
            Strings.of(language))
        return String(decoding: b.bytes, as: UTF8.self)
    }

    @Test func aCardSaysTheCuisineInsteadOfTheCategoryAndMarksWhatItOffers() {
        let bokmål = card(.nb)
        #expect(bokmål.contains("<span class=\"place-card__meta\">Indisk, momo house · "))
        #expect(!bokmål.contains(">Restaurant ·"))
        #expect(bokmål.contains("<span class=\"mark mark--diet\">Vegetar</span>"))
        #expect(bokmål.contains("<span class=\"mark mark--diet\">Bare vegansk</span>"))
        // Limited access is the detail page's to explain, not a card's mark.
        #expect(!bokmål.contains("mark--access"))
        #expect(
            bokmål.contains(
                "<span class=\"mark mark--price\"><span aria-hidden=\"true\">$$</span><span class=\"visually-hidden\">Prisnivå: 2 av 4</span></span>"
            ))
        let english = card(.en)
        #expect(english.contains("<span class=\"place-card__meta\">Indian, momo house · "))
        #expect(english.contains(">Vegetarian<") && english.contains(">Vegan only<"))
        #expect(card(.nn).contains(">Berre vegansk<"))
    }

    @Test func aPlaceWithoutTraitsKeepsItsCategoryAndHasNoMarks() {
        var b = HTMLBuffer()
        Components.placeCard(
            &b, TemplateFixtures.place(TemplateFixtures.restaurant), root: "",
            paths: SitePaths(main: .nb),
            Strings.of(.nb))
        let text = String(decoding: b.bytes, as: UTF8.self)
        #expect(text.contains("<span class=\"place-card__meta\">Restaurant · "))
        #expect(!text.contains("class=\"marks\""))
    }

    @Test func theDetailPageNamesEachInWords() {
        let guide = Self.guide()
        let dishoom = guide.places.first { $0.id == Self.place.id }!
        let nb = TemplateFixtures.text(DetailPage.render(dishoom, context: Self.context(.nb)))
        #expect(nb.contains("<p class=\"place-detail__lead\">Restaurant · Indisk, momo house · "))
        #expect(nb.contains("<dt>Kjøkken</dt><dd>Indisk, momo house</dd>"))
        #expect(nb.contains("<dt>Kosthold</dt><dd>Vegetarretter · Bare vegansk</dd>"))
        #expect(nb.contains("<dt>Rullestol</dt><dd>Delvis tilgjengelig med rullestol</dd>"))
        #expect(
            nb.contains("<dt>Prisnivå</dt><dd><span aria-hidden=\"true\">$$ </span>(2 av 4)</dd>"))
        #expect(nb.contains("content=\"Restaurant · Indisk, momo house · Karl Johans gate 1"))
        let en = TemplateFixtures.text(DetailPage.render(dishoom, context: Self.context(.en)))
        #expect(en.contains("<dt>Diet</dt><dd>Vegetarian options · Vegan only</dd>"))
        #expect(en.contains("<dt>Wheelchair</dt><dd>Partly wheelchair accessible</dd>"))
        let nn = TemplateFixtures.text(DetailPage.render(dishoom, context: Self.context(.nn)))
        #expect(nn.contains("<dt>Kosthald</dt><dd>Vegetarrettar · Berre vegansk</dd>"))
        // No traits: no rows.
        let plain = TemplateFixtures.text(
            DetailPage.render(
                guide.places.first { $0.id != Self.place.id }!, context: Self.context(.nb)))
        #expect(!plain.contains("<dt>Kjøkken</dt>") && !plain.contains("<dt>Kosthold</dt>"))
    }

    @Test func thePageDataCarriesTheKeysAndTheScriptTextsTheNames() throws {
        let data = TemplateFixtures.text(
            PageData.json(settings: .defaults, places: Array(Self.guide().places), map: nil))
        #expect(
            data.contains(#""k":"indian;momo_house","dv":"yes","dg":"only","w":"limited","p":2"#))
        let script = TemplateFixtures.text(ScriptTexts.file(languages: SiteLanguages([.nb, .en])))
        #expect(script.contains(#""indian":"indisk""#) && script.contains(#""indian":"Indian""#))
        #expect(script.contains(#""indian":"indian indisk""#))
        #expect(script.contains(#""mark.price.2":"Prisnivå: 2 av 4""#))
    }

    @Test func theCuisineTableNamesEveryValueInEveryLanguage() {
        var keys = Set<String>()
        for row in CuisineNames.rows {
            #expect(keys.insert(row.key).inserted, "\(row.key) twice")
            // Written as the decoder reads OSM values, so a lookup finds it.
            #expect(PlaceTraits.cuisines(from: row.key) == [row.key], "\(row.key)")
            for name in [row.nb, row.nn, row.en] {
                #expect(!name.trimmingCharacters(in: .whitespaces).isEmpty, "\(row.key)")
            }
            // Bokmål and nynorsk in running text: lower case.
            #expect(row.nb == row.nb.lowercased() && row.nn == row.nn.lowercased(), "\(row.key)")
        }
        #expect(CuisineNames.rows.count >= 100)
        #expect(
            Strings.of(.nb).cuisineList(["fish_and_chips", "kyrgyz_plov"])
                == "Fish and chips, kyrgyz plov")
        #expect(Strings.of(.nb).cuisineList([]) == nil)
    }

    @Test func theSharedQueryTableUsesTheCataloguesWords() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent()
            .appendingPathComponent("Fixtures/query-cases.json")
        let table = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as! [String: Any]
        let words = table["cuisineWords"] as! [String: String]
        #expect(words.count >= 5)
        for (key, value) in words { #expect(CuisineNames.searchWords(key) == value, "\(key)") }
    }

    @Test func aCuisineIsFoundByAnyOfItsNames() {
        let keys: Set<String> = ["indian", "fish_and_chips", "momo_house"]
        #expect(CuisineNames.key(matching: "Indisk", among: keys) == "indian")
        #expect(CuisineNames.key(matching: "INDIAN", among: keys) == "indian")
        #expect(CuisineNames.key(matching: "fish and chips", among: keys) == "fish_and_chips")
        #expect(CuisineNames.key(matching: "momo house", among: keys) == "momo_house")
        #expect(CuisineNames.key(matching: "sushi", among: keys) == nil)
        #expect(CuisineNames.key(matching: "  ", among: keys) == nil)
    }
}
