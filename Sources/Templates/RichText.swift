import BeaconHTML
import BeaconModel
import BeaconSite
import BeaconText

/// The owner's words on the pages (comments, notes, the intro): Markdown, rendered and sanitised
/// by `OwnerText`. Text the sanitiser refuses (over its size limit) is shown as escaped plain text
/// instead.
package enum RichText {
    package static func html(for text: String) -> SanitizedHTML {
        (try? OwnerText.html(text))
            ?? SanitizedHTML.escapingPlainText(
                TextHardening.truncate(text, to: TextHardening.Limit.comment))
    }

    /// The text a reader sees of `text` on its page, on one line: formatting dropped, blocks and
    /// list items kept apart («…men bedre. Torsk · Hjemmelaget remulade»). Derived from the page's
    /// own HTML, so a card says what the page does.
    package static func plainText(_ text: String) -> String {
        OwnerText.plainText(of: html(for: text))
    }

    /// A card shows one line of the comment (the stylesheet ends it with "…"); past this
    /// many characters no card is wide enough, so the page data need not carry more.
    static let cardCommentLength = 160

    /// The newest comment on `place` as one line of plain text (`plainText`), for its card: the
    /// list pages' (Swift) and the explorer's (page data, `m`) alike. Without one, the owner's note
    /// on the place (an own place's, an imported description); nil when neither has text in it.
    package static func cardComment(_ place: GuidePlace) -> String? {
        for rating in place.ratings.newestFirst {
            guard let comment = rating.comment, let line = oneLine(comment) else { continue }
            return line
        }
        return place.ownerNote.flatMap(oneLine)
    }

    private static func oneLine(_ rich: String) -> String? {
        TextHardening.clean(plainText(rich), maximumLength: cardCommentLength)
    }
}
