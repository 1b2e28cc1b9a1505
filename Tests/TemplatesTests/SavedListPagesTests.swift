import BeaconMap
import BeaconModel
import BeaconSite
import Foundation
import Testing

@testable import Templates

/// The owner's lists as pages: a list's page numbers its places in the list's order, with the
/// list's notes (Markdown, sanitised) and a map whose pins carry the same numbers; the lists page
/// shows «Mine steder» first; a place's page names the lists that hold it; the header links to the
/// lists only when there are some; every text in the page's language.
@Suite struct SavedListPagesTests {
    let guide = ListFixtures.guide

    func list(_ name: String) throws -> GuideList {
        try #require(guide.savedLists.first { $0.name == name })
    }

    /// Every match of `pattern`'s first group in `text`, in order.
    func matches(_ pattern: String, in text: String) throws -> [String] {
        let regex = try Regex(pattern)
        return text.matches(of: regex).compactMap { $0.output[1].substring.map(String.init) }
    }

    @Test func aListsPageNumbersItsPlacesInTheListsOrderWithTheirNotes() throws {
        let breakfast = try list("Søndagsfrokost")
        let page = ListFixtures.text(
            SavedListPage.render(breakfast, context: ListFixtures.context()))
        let ids = [
            TemplateFixtures.hotel.id, TemplateFixtures.cafe.id, TemplateFixtures.restaurant.id,
        ]
        // The cards, in the owner's order (the place the guide lacks left out), numbered from 1.
        #expect(
            try matches(#"<li class="place-card" data-id="([^"]+)""#, in: page)
                == ids.map(\.rawValue))
        #expect(
            try matches(#"<span class="place-card__number">(\d+)</span>"#, in: page) == [
                "1", "2", "3",
            ])
        #expect(
            page.contains(#"<ol class="place-list place-list--favorites place-list--numbered">"#))
        // The pins in the same order, each with its card's number.
        let json = try #require(
            try matches(#"id="beacon-list-map">(.*?)</script>"#, in: page).first)
        let data = try #require(
            JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let pins = try #require(data["places"] as? [[String: Any]])
        #expect(pins.compactMap { $0["id"] as? String } == ids.map(\.rawValue))
        #expect(pins.compactMap { $0["num"] as? Int } == [1, 2, 3])
        #expect(page.contains(#"<div class="favorites-map__canvas" id="list-map">"#))
        // The notes: Markdown rendered, a script dropped, each under its own card.
        #expect(page.contains("Surdeigsbrødet er <em>verdt</em> køen."))
        #expect(page.contains("Fisk på <strong>fredag</strong>"))
        #expect(!page.contains("<script>alert"))
        let cafeCard = try #require(
            page.range(of: #"data-id="\#(TemplateFixtures.cafe.id.rawValue)""#))
        let note = try #require(page.range(of: "Surdeigsbrødet"))
        let restaurantCard = try #require(
            page.range(of: #"data-id="\#(TemplateFixtures.restaurant.id.rawValue)""#))
        #expect(
            cafeCard.upperBound < note.lowerBound && note.upperBound < restaurantCard.lowerBound)
        // The description and the order, the way back to the lists, the share button.
        #expect(page.contains("Der vi spiser frokost en søndag. <em>Kom tidlig.</em>"))
        #expect(page.contains("3 steder · I min rekkefølge"))
        #expect(page.contains(#"<a class="back-link" href="../../lister/index.html">"#))
        #expect(page.contains(#"id="share-page""#))
        #expect(page.contains("<title>Søndagsfrokost – "))
    }

    @Test func aListInRatingOrderShowsTheBestRatedFirstAndSaysSo() throws {
        let rain = try list("Regnvær")
        let page = ListFixtures.text(SavedListPage.render(rain, context: ListFixtures.context()))
        // The café (4,5) before the restaurant (2,5), though the owner put it second.
        #expect(
            try matches(#"<li class="place-card" data-id="([^"]+)""#, in: page)
                == [TemplateFixtures.cafe.id.rawValue, TemplateFixtures.restaurant.id.rawValue])
        #expect(page.contains("2 steder · Best vurdert først"))
    }

    /// A place beyond the basemap's edge (no tile for it) does not frame a cover: the cover
    /// frames the places the basemap has, keeps every pin's number, and leaves the far one out.
    @Test func aCoverFramesThePlacesTheBasemapCovers() throws {
        let near = [
            Coordinate(latitude: 59.9111, longitude: 10.7528),
            Coordinate(latitude: 59.9139, longitude: 10.7387),
        ]
        let far = Coordinate(latitude: 59.9776, longitude: 10.6796)
        let places = [near[0], far, near[1]].enumerated().map { index, coordinate in
            var place = TemplateFixtures.cafe
            place.id = PlaceID(rawValue: "node/\(index)")
            place.coordinate = coordinate
            return GuidePlace(
                place: place, slug: "p\(index)", distanceMetres: 0, ratings: [], summary: nil,
                favoriteSince: nil, isInCurrentData: true)
        }
        let farTile = WebMercator.tile(for: far, zoom: ShareOverview.dataZoom)
        let cover = try #require(
            ListCover.overview(places) { $0 == farTile ? nil : [0] })
        #expect(cover.pins.count == 3)
        func inside(_ pin: (x: Double, y: Double), _ map: ShareOverview) -> Bool {
            (0...map.width).contains(pin.x) && (0...map.height).contains(pin.y)
        }
        #expect(inside(cover.pins[0], cover) && inside(cover.pins[2], cover))
        #expect(!inside(cover.pins[1], cover))
        // With every tile at hand, the far place is framed too.
        let whole = try #require(ListCover.overview(places) { _ in [0] })
        #expect(whole.pins.allSatisfy { inside($0, whole) })
    }

    @Test func theListsPageShowsMineStederFirstThenEachListWithItsCover() throws {
        let context = ListFixtures.context()
        var drawn: [[PlaceID]] = []
        let page = ListFixtures.text(
            SavedListsPage.render(guide, context: context) { places in
                drawn.append(places.map(\.id))
                return ShareOverview.make(
                    places: places.map(\.coordinate), tiles: [], aspect: ListCover.aspect)
            })
        #expect(
            try matches(#"<h2 class="list-card__name"><a href="([^"]+)""#, in: page) == [
                "../favoritter/index.html", "../lister/sondagsfrokost/index.html",
                "../lister/regnvaer/index.html",
            ])
        #expect(
            try matches(#"<p class="list-card__count">([^<]+)</p>"#, in: page) == [
                "2 steder", "3 steder", "2 steder",
            ])
        #expect(page.contains("<h1>Lister</h1>") && page.contains("3 lister"))
        #expect(page.contains(#"Der vi spiser frokost en søndag. <em>Kom tidlig.</em>"#))
        // No photos: each list's cover is the still map of its places, numbered in its order.
        #expect(drawn.count == 3)
        #expect(
            drawn[1] == [
                TemplateFixtures.hotel.id, TemplateFixtures.cafe.id, TemplateFixtures.restaurant.id,
            ])
        #expect(page.components(separatedBy: "<svg class=\"list-card__map").count == 4)
        #expect(page.contains(#"<a href="../lister/index.html" aria-current="page">Lister</a>"#))
    }

    @Test func aListsCoverIsThePhotoOfItsFirstPlaceThatHasOne() throws {
        // The restaurant (last in «Søndagsfrokost», first in «Regnvær») has a photo; the café none.
        let photo = ShownPhoto(
            alt: nil, credit: nil, width: 1200, height: 800, placeholder: "#c08a4e",
            sources: [.init(width: 360, height: 240, path: "bilder/abc-360.webp")],
            jpeg: .init(width: 1200, height: 800, path: "bilder/abc-1200.jpg"))
        let context = SiteContext(
            settings: guide.settings, source: guide.source, intro: nil, hasMap: true,
            photos: [TemplateFixtures.restaurant.id: [photo]], savedLists: guide.savedLists)
        var drawn: [[PlaceID]] = []
        let page = ListFixtures.text(
            SavedListsPage.render(guide, context: context) {
                drawn.append($0.map(\.id))
                return nil
            })
        // Both lists hold the restaurant: their covers are its photo; only «Mine steder» (the café
        // and a far favourite, no photo) is drawn as a map.
        #expect(drawn.count == 1)
        #expect(page.components(separatedBy: #"src="../bilder/abc-1200.jpg""#).count == 3)
        #expect(page.contains(#"srcset="../bilder/abc-360.webp 360w""#))
        #expect(page.contains(#"<div class="list-card__cover" aria-hidden="true"><picture>"#))
    }

    @Test func aPlacesPageNamesTheListsThatHoldIt() throws {
        let context = ListFixtures.context()
        let cafe = try #require(guide.allPages.first { $0.id == TemplateFixtures.cafe.id })
        let page = ListFixtures.text(DetailPage.render(cafe, context: context))
        #expect(
            page.contains(
                #"<span class="place-lists__label">I listene:</span> <a href="../../lister/sondagsfrokost/index.html" dir="auto">Søndagsfrokost</a>, <a href="../../lister/regnvaer/index.html" dir="auto">Regnvær</a></p>"#
            ))
        let hotel = try #require(guide.allPages.first { $0.id == TemplateFixtures.hotel.id })
        #expect(
            ListFixtures.text(DetailPage.render(hotel, context: context)).contains(
                "I listen:</span> <a"))
        let hostile = try #require(guide.allPages.first { $0.id == TemplateFixtures.hostile.id })
        #expect(
            !ListFixtures.text(DetailPage.render(hostile, context: context)).contains("place-lists")
        )
    }

    @Test func theHeaderLinksToTheListsOnlyWhenThereAreSome() throws {
        let cafe = try #require(guide.allPages.first { $0.id == TemplateFixtures.cafe.id })
        let with = ListFixtures.text(DetailPage.render(cafe, context: ListFixtures.context()))
        #expect(with.contains(#"<li><a href="../../lister/index.html">Lister</a></li>"#))
        let without = ListFixtures.text(
            DetailPage.render(
                TemplateFixtures.place(TemplateFixtures.cafe), context: TemplateFixtures.context))
        #expect(!without.contains("lister/") && !without.contains("place-lists"))
    }

    @Test(arguments: [Language.nn, .en])
    func everyListTextIsInThePagesLanguage(_ language: Language) throws {
        let context = ListFixtures.context(language)
        let breakfast = try list("Søndagsfrokost")
        let listPage = ListFixtures.text(SavedListPage.render(breakfast, context: context))
        let listsPage = ListFixtures.text(SavedListsPage.render(guide, context: context))
        let cafe = try #require(guide.allPages.first { $0.id == TemplateFixtures.cafe.id })
        let detail = ListFixtures.text(DetailPage.render(cafe, context: context))
        switch language {
        case .nn:
            #expect(listPage.contains("3 stader · I mi rekkjefølgje"))
            #expect(listPage.contains("Alle lister"))
            #expect(listsPage.contains("3 lister") && listsPage.contains("Stader eg har samla"))
            #expect(detail.contains("I listene:</span>"))
        default:
            #expect(listPage.contains("3 places · In my order"))
            #expect(listPage.contains("All lists") && listPage.contains("Map of Søndagsfrokost"))
            #expect(listsPage.contains("<h1>Lists</h1>") && listsPage.contains("3 lists"))
            #expect(detail.contains("On the lists:</span>"))
        }
        // The same paths in every language (the main language's words), below its folder.
        #expect(
            listPage.contains(
                #"hreflang="\#(language.rawValue)" href="../../../\#(language.rawValue)/lister/sondagsfrokost/index.html""#
            ))
    }

    @Test func anEmptyListSaysSoAndHasNoMap() throws {
        var store = ListFixtures.store
        store.lists.append(SavedList(name: "Tom liste"))
        let guide = GuideAssembler.assemble(
            places: [TemplateFixtures.cafe], store: store, settings: SiteSettings.defaults,
            source: DataSourceInfo(kind: .sample, fetchedAt: TemplateFixtures.fetchedAt))
        let empty = try #require(guide.savedLists.last)
        let page = ListFixtures.text(
            SavedListPage.render(empty, context: ListFixtures.context(guide: guide)))
        #expect(page.contains("Ingen steder i denne listen ennå."))
        #expect(!page.contains("beacon-list-map") && !page.contains("leaflet"))
    }
}
