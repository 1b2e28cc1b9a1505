import BeaconModel
import BeaconSite
import Testing

@testable import BeaconMap
@testable import Templates

/// The share file is read at leisure, far from the site: its cards show the whole address, the
/// week's hours as a small table and the owner's comment quoted, and its still map names its
/// places beside their numbered pins where there is room.
@Suite struct ShareFileCardTests {
    func render(pins: [(x: Double, y: Double)]) -> String {
        TemplateFixtures.text(
            ShareFile.render(
                TemplateFixtures.guide, context: TemplateFixtures.context, stylesheet: "",
                iconSVG: [],
                overview: ShareOverview(width: 400, height: 300, layers: [], pins: pins)))
    }

    @Test func aCardShowsTheWholeAddressTheWeeksHoursAndTheQuotedComment() {
        let text = render(pins: [(100, 100), (300, 200)])
        // Tim Wendelboe, the first favorite: its address as it is (the stylesheet wraps it),
        // its hours a row per run of days, its comment quoted and named as the owner's.
        #expect(
            text.contains(#"<span class="place-card__address">Grüners gate 1, 0552 Oslo</span>"#))
        #expect(
            text.contains(
                #"<table class="week-hours"><caption class="visually-hidden">Åpningstider</caption><tbody><tr><th scope="row">Man–fre</th><td>08:30–18</td></tr><tr><th scope="row">Lør–søn</th><td>11–17</td></tr></tbody></table>"#
            ))
        #expect(
            text.contains(
                #"<div class="comment comment--quoted"><span class="visually-hidden">Min kommentar:</span>"#
            ))
        // The pin's number stands where the category's symbol would.
        #expect(text.contains(#"<span class="share-card__number" aria-hidden="true">1</span>"#))
        #expect(!text.contains(#"<span class="place-card__icon"#))
    }

    @Test func theMapNamesItsPinsWhereThereIsRoom() {
        let text = render(pins: [(100, 100), (300, 200)])
        #expect(
            text.contains(
                #"<text class="share-map__label" x="113" y="100" text-anchor="start">Tim Wendelboe</text>"#
            ))
        #expect(text.contains(#">Frognerseteren Restaurant</text>"#) == false)
        // A long name is shortened, and written to the left where the right has no room.
        #expect(
            text.contains(
                #"<text class="share-map__label" x="287" y="200" text-anchor="end">Frognerseteren Restau…</text>"#
            ))
    }

    @Test func labelsStayOnTheMapAndClearOfPinsAndEachOther() {
        // Three pins in a row: the middle one's name has no room on either side, so it goes above;
        // a pin at the edge has its name on the inside.
        let pins: [(x: Double, y: Double)] = [(100, 150), (160, 150), (220, 150), (392, 20)]
        let labels = ShareMapLabels.place(
            pins: pins, names: ["Alfa", "Bravo bar", "Charlie", "Delta kafé"], center: nil,
            width: 400, height: 300)
        #expect(labels.map { $0?.anchor } == ["start", "middle", "start", "end"])
        var boxes: [ShareMapLabels.Box] = []
        for label in labels.compactMap({ $0 }) {
            let box = ShareMapLabels.box(
                of: label, width: ShareMapLabels.estimatedWidth(label.text),
                half: ShareMapLabels.fontSize * 0.65)
            #expect(box.minX >= 0 && box.maxX <= 400 && box.minY >= 0 && box.maxY <= 300)
            for pin in pins {
                #expect(
                    !box.overlaps(
                        ShareMapLabels.Box(
                            minX: pin.x - 10, minY: pin.y - 10, maxX: pin.x + 10, maxY: pin.y + 10))
                )
            }
            #expect(!boxes.contains { $0.overlaps(box) })
            boxes.append(box)
        }
        // A crowd: a name with no room anywhere is left out, its number still leads to the list.
        let crowd = ShareMapLabels.place(
            pins: Array(repeating: (200, 150), count: 5), names: ["A", "B", "C", "D", "E"],
            center: nil,
            width: 400, height: 300)
        #expect(crowd.map { $0?.anchor } == ["start", "end", "middle", "middle", nil])
    }
}
