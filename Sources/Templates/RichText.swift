import BeaconCore
import BeaconHTML
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
            ?? SanitizedHTML.escapingPlainText(TextHardening.truncate(text, to: TextHardening.Limit.comment))
    }

    /// A card shows one line of the comment (the stylesheet ends it with "…"); past this
    /// many characters no card is wide enough, so the page data need not carry more.
    static let cardCommentLength = 160

    /// The newest comment on `place` as one line of plain text (formatting dropped, whitespace
    /// collapsed), for its card: the list pages' (Swift) and the explorer's (page data, `m`) alike.
    /// Nil when no rating has a comment with text in it.
    package static func cardComment(_ place: GuidePlace) -> String? {
        guard !place.ratings.isEmpty else { return nil }
        for rating in place.ratings.newestFirst {
            guard let comment = rating.comment else { continue }
            let text = comment.containsBytes("<") ? HTMLSanitizer.plainText(comment) : comment
            if let line = TextHardening.clean(text, maximumLength: cardCommentLength) { return line }
        }
        return nil
    }
}
