import Foundation
import Testing

@testable import BeaconModel
@testable import BeaconSite
@testable import BeaconSystem
@testable import Templates

/// What the pages say of the owner's own places, corrections and notes: where the facts come from,
/// the note sanitised, and the note on the card when no comment stands there.
@Suite struct OwnPlacePageTests {
    let date = CalendarDate(iso: "2026-11-27")!

    func guide(_ store: GuideStore, places: [Place] = [TemplateFixtures.cafe]) -> Guide {
        GuideAssembler.assemble(
            places: places, store: store, settings: .defaults,
            source: DataSourceInfo(kind: .sample, fetchedAt: TemplateFixtures.fetchedAt))
    }

    @Test func anOwnPlacesPageSaysWhoAddedItAndShowsTheSanitisedNote() throws {
        var store = GuideStore()
        let id = store.addOwnPlace(
            OwnPlace(
                name: "Fjordkaffe", category: .cafe,
                coordinate: Coordinate(latitude: 59.9071, longitude: 10.7215),
                addedOn: date),
            note: "Sitt <b>ute</b> <script>alert(1)</script><a href=\"javascript:alert(2)\">her</a>"
        )
        let place = try #require(guide(store).allPages.first { $0.id == id })
        let page = TemplateFixtures.text(
            DetailPage.render(place, context: TemplateFixtures.context))
        #expect(page.contains("Lagt til av den som lager guiden, ikke hentet fra OpenStreetMap."))
        #expect(page.contains("<h2 id=\"owner-note-heading\">Notat</h2>"))
        #expect(page.contains("<b>ute</b>"))
        #expect(!page.contains("<script>") && !page.contains("javascript:"))
        #expect(!page.contains("Se på OpenStreetMap"))
        // No comment: the note, as one line of text, on its card.
        #expect(RichText.cardComment(place) == "Sitt ute her")
    }

    @Test func aCorrectedPlaceSaysSoAndANoteAloneDoesNot() throws {
        var store = GuideStore()
        store.correct(
            TemplateFixtures.cafe, with: PlaceCorrection(name: "Nytt navn", correctedOn: date))
        var place = try #require(guide(store).allPages.first { $0.id == TemplateFixtures.cafe.id })
        var page = TemplateFixtures.text(
            DetailPage.render(place, context: TemplateFixtures.context))
        #expect(page.contains("Opplysningene er rettet av den som lager guiden."))
        #expect(page.contains("Nytt navn"))

        store = GuideStore()
        store.setNote("Bare et notat", on: TemplateFixtures.cafe)
        place = try #require(guide(store).allPages.first { $0.id == TemplateFixtures.cafe.id })
        page = TemplateFixtures.text(DetailPage.render(place, context: TemplateFixtures.context))
        #expect(!page.contains("place-source"))
        #expect(page.contains("Bare et notat"))
    }

    @Test func aCommentOutranksTheNoteOnTheCard() throws {
        var store = GuideStore()
        store.setNote("Notatet", on: TemplateFixtures.cafe)
        store.addRating(
            Rating(stars: 4, date: date, comment: "Kommentaren"), to: TemplateFixtures.cafe)
        let place = try #require(guide(store).allPages.first { $0.id == TemplateFixtures.cafe.id })
        #expect(RichText.cardComment(place) == "Kommentaren")
    }
}
