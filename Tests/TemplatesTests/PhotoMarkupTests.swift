import Foundation
import Testing

@testable import BeaconSystem
@testable import Templates

/// How the owner's photos are written into pages: the placeholder's class and its colours in the
/// stylesheet, and the share file that takes photos only while it stays under its size limit.
@Suite struct PhotoMarkupTests {
    @Test func thePlaceholderIsTheNearestOfSixtyFourColours() {
        #expect(PhotoMarkup.placeholderClass("#000000") == "ph-000")
        #expect(PhotoMarkup.placeholderClass("#ffffff") == "ph-333")
        // 42 is nearer 0 than 85, 43 nearer 85; 127 nearer 85 than 170, 128 nearer 170.
        #expect(PhotoMarkup.placeholderClass("#2a2b7f") == "ph-011")
        #expect(PhotoMarkup.placeholderClass("#80d5d4") == "ph-232")
        #expect(PhotoMarkup.placeholderClass("#C08A4E") == "ph-221")
        for bad in ["", "#fff", "c08a4e", "#c08a4g", "#c08a4e0", "#ÆØÅ", "#+f+f+f"] {
            #expect(PhotoMarkup.placeholderClass(bad) == nil, "\(bad)")
        }
    }

    /// Every class the pages can name has its colour in the built-in stylesheet.
    @Test func theStylesheetHasEveryPlaceholdersColour() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent()
            .deletingLastPathComponent()
        let css = try String(
            contentsOf: root.appendingPathComponent("Resources/assets/beacon.css"), encoding: .utf8)
        let levels = PhotoMarkup.placeholderLevels.map { String(format: "%02x", $0) }
        for red in 0..<4 {
            for green in 0..<4 {
                for blue in 0..<4 {
                    let rule =
                        ".ph-\(red)\(green)\(blue){background-color:#\(levels[red])\(levels[green])\(levels[blue])}"
                    #expect(css.contains(rule), "\(rule)")
                }
            }
        }
    }

    static func thumbnail(bytes: Int) -> ShareFile.Thumbnail {
        ShareFile.Thumbnail(
            bytes: Array(repeating: 0x52, count: bytes), width: 360, height: 270,
            placeholder: "#806040")
    }

    /// Two favorites with photos: both fit, inline; with photos too large for 2 MB together, the
    /// first is kept and the other left out and counted, and the file stays under the limit.
    @Test func theShareFileTakesPhotosWhileItStaysUnderItsLimit() {
        let guide = TemplateFixtures.guide
        let favorites = guide.favorites.map(\.id)
        #expect(favorites.count == 2)
        let context = TemplateFixtures.context
        let small = ShareFile.render(
            guide, context: context, stylesheet: "body{}", iconSVG: Array("<svg/>".utf8),
            thumbnails: Dictionary(
                uniqueKeysWithValues: favorites.map { ($0, Self.thumbnail(bytes: 20_000)) }))
        let text = TemplateFixtures.text(small.bytes)
        #expect(small.photosLeftOut == 0)
        #expect(text.components(separatedBy: "src=\"data:image/webp;base64,").count == 3)
        #expect(text.contains(#"<span class="place-card__photo"><img class="ph-211""#))
        #expect(text.contains(#"width="360" height="270" alt="""#))

        let large = ShareFile.render(
            guide, context: context, stylesheet: "body{}", iconSVG: Array("<svg/>".utf8),
            thumbnails: Dictionary(
                uniqueKeysWithValues: favorites.map { ($0, Self.thumbnail(bytes: 900_000)) }))
        #expect(large.photosLeftOut == 1)
        #expect(
            TemplateFixtures.text(large.bytes).components(separatedBy: "data:image/webp;base64,")
                .count == 2)
        #expect(large.bytes.count < ShareFile.sizeLimit)

        let none = ShareFile.render(
            guide, context: context, stylesheet: "body{}", iconSVG: Array("<svg/>".utf8),
            thumbnails: [:])
        #expect(
            none.photosLeftOut == 0
                && !TemplateFixtures.text(none.bytes).contains("place-card__photo"))
    }
}
