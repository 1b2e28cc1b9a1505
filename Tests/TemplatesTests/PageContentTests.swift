import BeaconHTML
import BeaconModel
import BeaconSite
import Foundation
import Testing

@testable import Templates

/// Behaviour of the pages, asserted directly (the golden files pin the rest).
@Suite struct PageContentTests {
    let context = TemplateFixtures.context

    @Test func outsideTextIsEscaped() {
        let page = TemplateFixtures.text(
            DetailPage.render(TemplateFixtures.place(TemplateFixtures.hostile), context: context))
        #expect(!page.contains("<script>alert"))
        #expect(
            page.contains("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Søn&#39;s")
                || page.contains("&lt;script&gt;alert(\"x\")&lt;/script&gt; &amp; Søn's"))
        #expect(!page.contains("<img src=x"))
        let data = TemplateFixtures.text(
            PageData.fragment(
                for: TemplateFixtures.guide, category: nil, context: TemplateFixtures.context
            ).bytes)
        #expect(!data.dropFirst(60).dropLast(12).contains("<"))
    }

    @Test func detailPageHasEverythingTheSpecAsksFor() {
        let page = TemplateFixtures.text(
            DetailPage.render(TemplateFixtures.place(TemplateFixtures.cafe), context: context))
        #expect(page.contains("<html lang=\"nb\" data-time-zone=\"Europe/Oslo\">"))
        #expect(page.contains("<h1 class=\"place-detail__name\" dir=\"auto\">Tim Wendelboe</h1>"))
        #expect(page.contains("59,9230°\u{00A0}N, 10,7562°\u{00A0}Ø"))
        #expect(page.contains("mandag–fredag 08:30–18:00"))
        #expect(page.contains("lørdag og søndag 11:00–17:00"))
        #expect(page.contains("href=\"tel:+4740004062\""))
        #expect(page.contains("href=\"https://timwendelboe.no/\""))
        #expect(
            page.contains("https://maps.apple.com/?ll=59.922979,10.756179&amp;q=Tim%20Wendelboe"))
        #expect(page.contains("https://maps.apple.com/?daddr=59.922979,10.756179"))
        #expect(page.contains(">Åpne i Apple Maps<"))
        // (5 + 4) / 2: 4,5, not «5 av 5»; the star filled by 4.5 (its number beside it).
        #expect(page.contains("Vurdering: 4,5 av 5, 2 vurderinger"))
        #expect(page.contains(">4,5 av 5 · 2 vurderinger</span>"))
        #expect(
            page.contains(
                "<svg class=\"star__fill\" width=\"\(StarFill.widthText(average: 4.5))\" height=\"24\">"
            ))
        #expect(StarFill.width(average: 4.5) < StarFill.width(average: 5))
        #expect(!page.contains("star-fill-"))
        #expect(page.contains("hero--steam"))
        #expect(page.contains("Stopp dampen"))
        #expect(page.contains("<time datetime=\"2026-11-02\">2. november 2026</time>"))
        #expect(page.contains("Content-Security-Policy"))
        // Newest rating first.
        let newer = page.range(of: "2. november 2026")!.lowerBound
        let older = page.range(of: "30. august 2026")!.lowerBound
        #expect(newer < older)
    }

    @Test func unparsedHoursShowRawTextAndUnratedHasNoStar() {
        let page = TemplateFixtures.text(
            DetailPage.render(TemplateFixtures.place(TemplateFixtures.hotel), context: context))
        #expect(page.contains("hours--raw\">24/7 (resepsjon)</span>"))
        #expect(!page.contains("data-stars"))
        #expect(page.contains("hero--bounce"))
    }

    @Test func aPlaceWithoutRatingsSaysNothingAboutThem() {
        for language in Language.allCases {
            let context = SiteContext(
                settings: TemplateFixtures.guide.settings, source: TemplateFixtures.guide.source,
                intro: nil,
                basemap: TemplateFixtures.basemap, hasMap: true, language: language)
            let t = Strings.of(language)
            let unrated = TemplateFixtures.text(
                DetailPage.render(TemplateFixtures.place(TemplateFixtures.hotel), context: context))
            #expect(!unrated.contains("Ingen vurdering"), "\(language)")
            #expect(!unrated.contains("No ratings"), "\(language)")
            #expect(!unrated.contains("ratings-heading"), "\(language)")
            #expect(!unrated.contains(">" + t.myRatings + "<"), "\(language)")
            // The facts still close the page.
            #expect(unrated.contains("<dl class=\"facts\">"), "\(language)")
            let rated = TemplateFixtures.text(
                DetailPage.render(TemplateFixtures.place(TemplateFixtures.cafe), context: context))
            #expect(rated.contains(">" + t.myRatings + "</h2>"), "\(language)")
        }
    }

    @Test func cardsQuoteTheNewestCommentOnOneLine() {
        let guide = TemplateFixtures.guide
        let page = TemplateFixtures.text(
            ListPage.render(
                .init(
                    path: SitePaths(main: .nb).categoryPage(.cafe, page: 2), category: .cafe,
                    places: guide.places(in: .cafe)[...],
                    totalCount: 150, page: 2, pageCount: 2, scriptData: nil), context: context))
        // The newer of the two comments, its paragraphs on one line, named as the owner's.
        #expect(
            page.contains(
                "<span class=\"place-card__comment\"><span class=\"visually-hidden\">Min kommentar:</span> «Fullt på lørdag. Men verdt det.»</span>"
            ))
        #expect(!page.contains("Byens beste filterkaffe"))
        // A place whose ratings have no comment gets no line.
        let restaurants = TemplateFixtures.text(
            ListPage.render(
                .init(
                    path: SitePaths(main: .nb).categoryPage(.restaurant, page: 2),
                    category: .restaurant,
                    places: guide.places(in: .restaurant)[...], totalCount: 150, page: 2,
                    pageCount: 2,
                    scriptData: nil), context: context))
        #expect(restaurants.contains("Fiskeriet Youngstorget"))
        #expect(!restaurants.contains("place-card__comment"))
    }

    @Test func aRichCommentIsPlainTextOnACardAndInThePageData() {
        var store = TemplateFixtures.store
        store.addRating(
            Rating(
                stars: 5, date: CalendarDate(iso: "2026-11-20")!,
                comment:
                    "<p><b>Beste</b> &amp; <a href=\"https://example.no\">kaffen</a></p><p>i byen</p>"
            ),
            to: TemplateFixtures.cafe)
        store.addRating(
            Rating(stars: 4, date: CalendarDate(iso: "2026-11-21")!, comment: "  "),
            to: TemplateFixtures.cafe)
        let guide = GuideAssembler.assemble(
            places: [TemplateFixtures.cafe], store: store, settings: .defaults,
            source: TemplateFixtures.guide.source)
        let cafe = guide.places[0]
        // The blank newest comment is passed over; tags go, entities are read, blocks are kept
        // apart.
        #expect(RichText.cardComment(cafe) == "Beste & kaffen · i byen")
        var card = HTMLBuffer(capacity: 512)
        Components.placeCard(&card, cafe, root: "", paths: SitePaths(main: .nb), Strings.english)
        #expect(
            TemplateFixtures.text(card.bytes).contains(
                "<span class=\"visually-hidden\">My comment:</span> “Beste &amp; kaffen · i byen”</span>"
            ))
        let data = TemplateFixtures.text(
            PageData.fragment(for: guide, category: nil, context: context).bytes)
        #expect(
            data.contains(#""m":"Beste & kaffen · i byen""#)
                || data.contains(#""m":"Beste \u0026 kaffen · i byen""#))
        // A long comment is cut for the data; the stylesheet ends the line on screen.
        let long = String(repeating: "lang kommentar ", count: 40)
        store.addRating(
            Rating(stars: 3, date: CalendarDate(iso: "2026-11-22")!, comment: long),
            to: TemplateFixtures.cafe)
        let longGuide = GuideAssembler.assemble(
            places: [TemplateFixtures.cafe], store: store, settings: .defaults,
            source: TemplateFixtures.guide.source)
        let line = RichText.cardComment(longGuide.places[0])!
        #expect(line.count == RichText.cardCommentLength)
        #expect(line.hasSuffix("…"))
    }

    @Test func aListOnOnePageComesInTheRecommendedOrderALongerOneNearestFirst() {
        let guide = TemplateFixtures.guide
        func ids(pageCount: Int) -> [String] {
            let page = TemplateFixtures.text(
                ListPage.render(
                    .init(
                        path: SitePaths(main: .nb).listPage(), category: nil,
                        places: guide.places[...], totalCount: 4,
                        page: 1,
                        pageCount: pageCount, scriptData: nil), context: context))
            return page.matches(of: /<li class="place-card" data-id="([^"]+)"/).map {
                String($0.output.1)
            }
        }
        // The guide's order is nearest first: the hotel (47 m), the restaurant, then the café (a
        // favorite, 5 stars).
        #expect(
            guide.places.map(\.name).prefix(3) == [
                "Comfort Hotel Grand Central", "Fiskeriet Youngstorget", "Tim Wendelboe",
            ])
        let recommended = PlaceQuery(sort: .recommended).apply(to: Array(guide.places)).map(
            \.id.rawValue)
        #expect(ids(pageCount: 1) == recommended)
        #expect(ids(pageCount: 1).first == TemplateFixtures.cafe.id.rawValue)
        #expect(ids(pageCount: 2) == guide.places.map(\.id.rawValue))
    }

    @Test func explorersOfferTheRecommendedOrderFirst() {
        let page = TemplateFixtures.text(
            ListPage.render(
                .init(
                    path: SitePaths(main: .nb).listPage(), category: nil,
                    places: TemplateFixtures.guide.places[...],
                    totalCount: 4, page: 1, pageCount: 1,
                    scriptData: PageData.fragment(
                        for: TemplateFixtures.guide, category: nil, context: context)),
                context: context))
        #expect(
            page.contains(
                "<select class=\"explorer-select\" id=\"explorer-sort\"><option value=\"recommended\">Anbefalt</option><option value=\"distance\">"
            ))
    }

    @Test func favoritesPageHasTheMapOfItsFavoritesAndAShareButton() throws {
        for language in Language.allCases {
            let context = SiteContext(
                settings: TemplateFixtures.guide.settings, source: TemplateFixtures.guide.source,
                intro: nil,
                basemap: TemplateFixtures.basemap, hasMap: true, language: language)
            let t = Strings.of(language)
            let page = TemplateFixtures.text(
                FavoritesPage.render(TemplateFixtures.guide, context: context))
            // Hidden until the script shows it; its report is a live region.
            #expect(
                page.contains(
                    "<button type=\"button\" class=\"button button--secondary share-button\" id=\"share-page\" hidden>"
                ), "\(language)")
            #expect(page.contains(t.sharePage + "</button>"), "\(language)")
            #expect(
                page.contains(
                    "<p class=\"share-bar__status\" id=\"share-status\" role=\"status\"></p>"))
            #expect(page.contains("/assets/beacon-share.js\" defer"))
            #expect(page.contains("/assets/beacon-map.js\" defer"))
            #expect(page.contains("/assets/leaflet/leaflet.css\""))
            #expect(page.contains("aria-label=\"" + t.favoritesMap + "\""))
            #expect(
                page.contains("<div class=\"favorites-map__canvas\" id=\"favorites-map\"></div>"))
            // The map's data: the two favorites (one of them no longer in the data), not the other
            // places.
            let start = try #require(
                page.range(of: "<script type=\"application/json\" id=\"beacon-favorites-map\">"))
            let json = page[start.upperBound...].prefix { $0 != "<" }
            let data = try JSONSerialization.jsonObject(with: Data(json.utf8)) as! [String: Any]
            let places = data["places"] as! [[String: Any]]
            #expect(
                Set(places.map { $0["id"] as! String })
                    == [
                        TemplateFixtures.cafe.id.rawValue, TemplateFixtures.farFavorite.id.rawValue,
                    ])
            let cafe = try #require(places.first { $0["n"] as? String == "Tim Wendelboe" })
            #expect((cafe["u"] as? String)?.hasPrefix("../steder/") == true)
            #expect(cafe["s"] as? Int == 5)
            #expect(cafe["avg"] as? Double == 4.5)
            let label = [
                Language.nb: "Vurdering: 4,5 av 5, 2 vurderinger",
                .nn: "Vurdering: 4,5 av 5, 2 vurderingar", .en: "Rating: 4.5 of 5, 2 ratings",
            ]
            #expect(cafe["label"] as? String == label[language])
            #expect((data["basemap"] as? [String: Any])?["tiles"] != nil)
        }
    }

    @Test func favoritesPageWithoutFavoritesOrMapHasNoMap() {
        let noMap = SiteContext(
            settings: TemplateFixtures.guide.settings, source: TemplateFixtures.guide.source,
            intro: nil)
        let page = TemplateFixtures.text(
            FavoritesPage.render(TemplateFixtures.guide, context: noMap))
        #expect(!page.contains("favorites-map"))
        #expect(!page.contains("leaflet"))
        #expect(page.contains("id=\"share-page\""))
        let empty = GuideAssembler.assemble(
            places: [TemplateFixtures.hotel], store: GuideStore(), settings: .defaults,
            source: TemplateFixtures.guide.source)
        let emptyPage = TemplateFixtures.text(FavoritesPage.render(empty, context: context))
        #expect(!emptyPage.contains("favorites-map"))
        #expect(!emptyPage.contains("share-page"))
        #expect(!emptyPage.contains("beacon-share.js"))
        #expect(emptyPage.contains(Strings.bokmål.noFavorites))
    }

    @Test func listLinksAreRelativeAndWorkFromAnyDepth() {
        let guide = TemplateFixtures.guide
        let cafes = guide.places(in: .cafe)
        let category = TemplateFixtures.text(
            ListPage.render(
                .init(
                    path: SitePaths(main: .nb).categoryPage(.cafe, page: 2), category: .cafe,
                    places: cafes[...],
                    totalCount: 250, page: 2, pageCount: 3, scriptData: nil), context: context))
        #expect(category.contains("href=\"../../../assets/beacon.css\""))
        #expect(category.contains("href=\"../../../steder/"))
        #expect(category.contains("href=\"../../../kafeer/side/3/index.html\" rel=\"next\""))
        #expect(category.contains("href=\"../../../kafeer/index.html\" rel=\"prev\""))
        #expect(!category.contains("href=\"/"))
    }

    @Test func footerNamesTheSourceAndAttribution() {
        let page = TemplateFixtures.text(
            FavoritesPage.render(TemplateFixtures.guide, context: context))
        // The footer's; the map's credits name the basemap's own source.
        let footer = page[page.range(of: "<footer")!.lowerBound...]
        #expect(footer.contains("OpenStreetMap-bidragsytere"))
        #expect(footer.contains("er eksempler, ikke ferske data fra Geoapify"))
        #expect(!footer.contains("Powered by Geoapify"))
        let live = SiteContext(
            settings: .defaults,
            source: DataSourceInfo(kind: .live, fetchedAt: TemplateFixtures.fetchedAt), intro: nil)
        #expect(
            TemplateFixtures.text(NotFoundPage.render(context: live)).contains(
                "Powered by Geoapify"))
    }

    @Test func favoritesPageShowsFavoritesOutsideTheData() {
        let page = TemplateFixtures.text(
            FavoritesPage.render(TemplateFixtures.guide, context: context))
        #expect(page.contains("Frognerseteren Restaurant"))
        #expect(page.contains("Tim Wendelboe"))
        #expect(!page.contains("Fiskeriet"))
        #expect(page.contains("Fullt på lørdag."))
    }

    @Test func paginationNumbers() {
        #expect(Components.pageNumbers(page: 1, pageCount: 1) == [1])
        #expect(Components.pageNumbers(page: 5, pageCount: 10) == [1, 0, 3, 4, 5, 6, 7, 0, 10])
        #expect(Components.pageNumbers(page: 1, pageCount: 4) == [1, 2, 3, 4])
    }
}
