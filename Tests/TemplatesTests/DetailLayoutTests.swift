import Foundation
import Testing

@testable import BeaconModel
@testable import BeaconSite
@testable import Templates

/// Where a place's page puts the owner's words and the facts (issue #59: the note under the name,
/// the coordinates with the map links, today's line of the hours), and how its stars read.
@Suite struct DetailLayoutTests {
    func page(_ place: Place, language: Language = .nb) -> String {
        page(TemplateFixtures.place(place), language: language)
    }

    func page(_ place: GuidePlace, language: Language = .nb) -> String {
        let context = SiteContext(
            settings: TemplateFixtures.guide.settings, source: TemplateFixtures.guide.source,
            intro: nil, language: language)
        return TemplateFixtures.text(DetailPage.render(place, context: context))
    }

    func offset(_ needle: String, in page: String) throws -> String.Index {
        try #require(page.range(of: needle), "\(needle) is missing").lowerBound
    }

    @Test func theNoteStandsUnderTheNameBeforeTheFacts() throws {
        var store = TemplateFixtures.store
        store.setNote("Spør etter **bordet ved vinduet**.", on: TemplateFixtures.cafe)
        let guide = GuideAssembler.assemble(
            places: [TemplateFixtures.cafe], store: store, settings: .defaults,
            source: TemplateFixtures.guide.source)
        let html = page(try #require(guide.allPages.first { $0.id == TemplateFixtures.cafe.id }))
        let name = try offset("<h1 class=\"place-detail__name\"", in: html)
        let note = try offset("<section class=\"owner-note\"", in: html)
        let facts = try offset("<dl class=\"facts\">", in: html)
        let actions = try offset("<div class=\"actions\">", in: html)
        #expect(name < note && note < actions && actions < facts)
        #expect(html.contains("<strong>bordet ved vinduet</strong>"))
        // Once only: no second note after the facts.
        #expect(html.components(separatedBy: "owner-note-heading\"").count == 3)  // id + reference
    }

    @Test func theNameAndItsLineAreOneBlockBesideTheSymbol() throws {
        let html = page(TemplateFixtures.cafe)
        let title = try offset("<div class=\"place-detail__title\">", in: html)
        let name = try offset("<h1 class=\"place-detail__name\"", in: html)
        let lead = try offset("<p class=\"place-detail__lead\">", in: html)
        let end = try #require(html[lead...].range(of: "</p></div>")).lowerBound
        let badges = try offset("<div class=\"place-detail__badges\">", in: html)
        #expect(title < name && name < lead && lead < end && end < badges)
    }

    @Test func theCoordinatesStandWithTheMapLinks() throws {
        for (language, term) in [(Language.nb, "Koordinater"), (.en, "Coordinates")] {
            let html = page(TemplateFixtures.cafe, language: language)
            #expect(!html.contains("<dt>\(term)</dt>"))
            let links = try offset("<ul class=\"map-links\">", in: html)
            let coordinates = try offset("<p class=\"map-links__coordinates\">", in: html)
            let rowEnd = try #require(html[links...].range(of: "</dd>")).lowerBound
            #expect(links < coordinates && coordinates < rowEnd)
            #expect(
                html.contains(
                    "<span class=\"map-links__term\">\(term): </span>"
                        + language.coordinate(TemplateFixtures.cafe.coordinate) + "</p>"))
        }
    }

    @Test func eachLineOfTheHoursNamesTheWeekdaysItHolds() {
        let html = page(TemplateFixtures.restaurant)
        #expect(html.contains("<li data-days=\"0 1 2 3 4\">mandag–fredag 11:00–21:00</li>"))
        #expect(html.contains("<li data-days=\"5\">lørdag 12:00–21:00</li>"))
        #expect(html.contains("<li data-days=\"6\">søndag stengt</li>"))
    }

    /// A later rule after `;` takes its days from an earlier line; one after `,` shares them,
    /// unless it closes the day.
    @Test(arguments: [
        ("Mo-Fr 08:30-18:00; Sa,Su 11:00-17:00", [[0, 1, 2, 3, 4], [5, 6]]),
        ("Mo-Su 10:00-22:00; Su off", [[0, 1, 2, 3, 4, 5], [6]]),
        ("Mo-Fr 08:00-12:00, We 14:00-18:00", [[0, 1, 2, 3, 4], [2]]),
        ("Mo-Fr 08:00-12:00, We off", [[0, 1, 3, 4], [2]]),
        ("Fr-Mo 18:00-02:00", [[0, 4, 5, 6]]),
        ("10:00-20:00; PH off", [[0, 1, 2, 3, 4, 5, 6], []]),
        ("24/7", [[0, 1, 2, 3, 4, 5, 6]]),
    ])
    func daysInForce(raw: String, expected: [[Int]]) {
        #expect(OpeningHours.daysInForce(raw) == expected)
        #expect(OpeningHours.lines(raw, in: .nb)?.count == expected.count)
    }

    @Test func theAverageStandsBesideTheStarInThePagesLanguage() {
        // The cafe's ratings are 5 and 4: 4,5 in bokmål and nynorsk, 4.5 in English.
        #expect(page(TemplateFixtures.cafe).contains(">4,5 av 5 · 2 vurderinger</span>"))
        #expect(page(TemplateFixtures.cafe, language: .nn).contains(">4,5 av 5 · 2 vurderingar<"))
        let english = page(TemplateFixtures.cafe, language: .en)
        #expect(english.contains(">4.5 of 5 · 2 ratings</span>"))
        #expect(english.contains("Rating: 4.5 of 5, 2 ratings"))
        // Each of the owner's ratings is a whole number, its star filled as much.
        #expect(
            english.contains(
                "<svg class=\"star__fill\" width=\"\(StarFill.widthText(average: 4))\" height=\"24\">"
            ))
        #expect(english.contains("<span class=\"rating__text\" aria-hidden=\"true\">4</span>"))
    }

    @Test func theScriptFillsItsStarsFromTheSameTable() throws {
        let script = String(
            decoding: ScriptTexts.file(languages: SiteLanguages([.nb])), as: UTF8.self)
        let start = try #require(script.range(of: "const STAR = ")).upperBound
        let end = try #require(script[start...].range(of: ";\n")).lowerBound
        let star = try #require(
            try JSONSerialization.jsonObject(with: Data(script[start..<end].utf8)) as? [String: Any]
        )
        #expect(star["path"] as? String == Components.starPath)
        #expect(star["widths"] as? [Double] == StarFill.widths)
        #expect(script.contains("average, starIcon,"))
        #expect(script.contains("\"decimal\":\",\""))
    }

    @Test func widthTextIsHowJavaScriptWritesTheNumber() {
        #expect(StarFill.widthText(average: 5) == "21.8")
        #expect(StarFill.widthText(average: 0) == "2.2")
        for average in stride(from: 1.0, through: 5.0, by: 0.125) {
            let text = StarFill.widthText(average: average)
            #expect(Double(text) == StarFill.width(average: average), "\(average): \(text)")
            #expect(!text.hasSuffix("0") || !text.contains("."), "\(text)")
        }
    }
}
