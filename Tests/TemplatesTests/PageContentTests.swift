import BeaconCore
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
            PageData.fragment(for: TemplateFixtures.guide, category: nil, context: TemplateFixtures.context).bytes)
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
        #expect(page.contains("https://maps.apple.com/?ll=59.922979,10.756179&amp;q=Tim%20Wendelboe"))
        #expect(page.contains("https://maps.apple.com/?daddr=59.922979,10.756179"))
        #expect(page.contains(">Åpne i Apple Maps<"))
        #expect(page.contains("Vurdering: 5 av 5, 2 vurderinger"))  // (5 + 4) / 2 = 4.5 → 5
        #expect(page.contains("fill=\"url(#star-fill-5)\""))
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
        #expect(page.contains(Strings.bokmål.noRatings))
    }

    @Test func listLinksAreRelativeAndWorkFromAnyDepth() {
        let guide = TemplateFixtures.guide
        let cafes = guide.places(in: .cafe)
        let category = TemplateFixtures.text(
            ListPage.render(
                .init(
                    path: SitePaths.categoryPage(.cafe, page: 2), category: .cafe, places: cafes[...],
                    totalCount: 250, page: 2, pageCount: 3, scriptData: nil), context: context))
        #expect(category.contains("href=\"../../../assets/beacon.css\""))
        #expect(category.contains("href=\"../../../steder/"))
        #expect(category.contains("href=\"../../../kafeer/side/3/index.html\" rel=\"next\""))
        #expect(category.contains("href=\"../../../kafeer/index.html\" rel=\"prev\""))
        #expect(!category.contains("href=\"/"))
    }

    @Test func footerNamesTheSourceAndAttribution() {
        let page = TemplateFixtures.text(FavoritesPage.render(TemplateFixtures.guide, context: context))
        #expect(page.contains("OpenStreetMap-bidragsytere"))
        #expect(page.contains("er eksempler, ikke ferske data fra Geoapify"))
        #expect(!page.contains("Powered by Geoapify"))
        let live = SiteContext(
            settings: .defaults, source: DataSourceInfo(kind: .live, fetchedAt: TemplateFixtures.fetchedAt), intro: nil)
        #expect(TemplateFixtures.text(NotFoundPage.render(context: live)).contains("Powered by Geoapify"))
    }

    @Test func favoritesPageShowsFavoritesOutsideTheData() {
        let page = TemplateFixtures.text(FavoritesPage.render(TemplateFixtures.guide, context: context))
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
