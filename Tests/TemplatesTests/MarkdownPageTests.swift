import BeaconHTML
import BeaconModel
import BeaconSite
import BeaconSystem
import Foundation
import Testing

@testable import Templates

/// The owner's Markdown on the pages: a detail page's ratings and note, a card's quote, the page
/// data. Needs libcmark (`scripts/install-deps --test` installs it).
@Suite struct MarkdownPageTests {
    static func guide(comment: String, note: String? = nil) -> Guide {
        var store = GuideStore()
        store.addRating(
            Rating(stars: 5, date: CalendarDate(iso: "2026-11-20")!, comment: comment),
            to: TemplateFixtures.cafe)
        var cafe = TemplateFixtures.cafe
        cafe.ownerNote = note
        return GuideAssembler.assemble(
            places: [cafe], store: store, settings: .defaults,
            source: TemplateFixtures.guide.source)
    }

    @Test func aRatingCommentInMarkdownIsFormattedOnTheDetailPage() throws {
        try #require(OwnerText.rendersMarkdown, "libcmark is not installed")
        let guide = Self.guide(
            comment: "**Book bord** til fredag. Prøv *akevitt*.\n\n- Torsk\n- Remulade\n\n# Obs",
            note: "Se [menyen](https://example.org/meny) og [ikke denne](javascript:alert(1)).")
        let page = TemplateFixtures.text(
            DetailPage.render(guide.places[0], context: TemplateFixtures.context))
        #expect(page.contains("<strong>Book bord</strong> til fredag. Prøv <em>akevitt</em>."))
        #expect(page.contains("<li>Torsk</li>"))
        #expect(!page.contains("**"))
        #expect(!page.contains("*akevitt*"))
        // The comment's heading does not join the page's outline.
        #expect(page.contains("<p><strong>Obs</strong></p>"))
        #expect(!page.contains(">Obs</h"))
        // The note is Markdown too; its links as the sanitiser makes them.
        #expect(
            page.contains(
                "<a href=\"https://example.org/meny\" rel=\"nofollow noopener\">menyen</a>"))
        #expect(!page.contains("javascript:"))
    }

    @Test func theCardQuotesTheCommentWithItsBlocksApart() throws {
        try #require(OwnerText.rendersMarkdown, "libcmark is not installed")
        let guide = Self.guide(
            comment: "Ikke billig, men bedre.\n\n- Torsk\n- Hjemmelaget *remulade*")
        let expected = "Ikke billig, men bedre. Torsk · Hjemmelaget remulade"
        #expect(RichText.cardComment(guide.places[0]) == expected)
        var card = HTMLBuffer(capacity: 512)
        Components.placeCard(
            &card, guide.places[0], root: "", paths: SitePaths(main: .nb), Strings.bokmål)
        #expect(TemplateFixtures.text(card.bytes).contains("«\(expected)»"))
        let data = TemplateFixtures.text(
            PageData.fragment(for: guide, category: nil, context: TemplateFixtures.context).bytes)
        #expect(data.contains(#""m":"\#(expected)""#))
    }

    @Test func theIntroIsMarkdown() throws {
        try #require(OwnerText.rendersMarkdown, "libcmark is not installed")
        #expect(
            RichText.html(for: "Steder *rundt* Oslo S.").html
                == "<p>Steder <em>rundt</em> Oslo S.</p>")
    }
}
