import BeaconHTML
import BeaconModel
import BeaconSite
import BeaconText

/// Comments and the intro may hold a little formatting; it reaches the page
/// only through the sanitiser. Text without any tag is plain text, where a
/// blank line starts a new paragraph (what a comment typed in a terminal
/// means). Text the sanitiser refuses (over its size limit) is shown as
/// escaped plain text instead.
package enum RichText {
    package static func html(for text: String) -> SanitizedHTML {
        guard text.containsBytes("<") else { return SanitizedHTML.escapingPlainText(text) }
        return (try? HTMLSanitizer.sanitize(text))
            ?? SanitizedHTML.escapingPlainText(
                TextHardening.truncate(text, to: TextHardening.Limit.comment))
    }

    /// A card shows one line of the comment (the stylesheet ends it with "…"); past this
    /// many characters no card is wide enough, so the page data need not carry more.
    static let cardCommentLength = 160

    /// The newest comment on `place` as one line of plain text (formatting dropped, whitespace
    /// collapsed), for its card: the list pages' (Swift) and the explorer's (page data, `m`) alike.
    /// Without one, the owner's note on the place (an own place's, an imported description); nil
    /// when neither has text in it.
    package static func cardComment(_ place: GuidePlace) -> String? {
        for rating in place.ratings.newestFirst {
            guard let comment = rating.comment, let line = oneLine(comment) else { continue }
            return line
        }
        return place.ownerNote.flatMap(oneLine)
    }

    private static func oneLine(_ rich: String) -> String? {
        let text = rich.containsBytes("<") ? HTMLSanitizer.plainText(rich) : rich
        return TextHardening.clean(text, maximumLength: cardCommentLength)
    }
}
