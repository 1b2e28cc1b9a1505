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
}
