import BeaconSystem
import BeaconText

/// The owner's words as the pages show them: rating comments, notes on places (an own place's
/// `--note`, an imported description) and the guide's `intro`. They are CommonMark, rendered by
/// libcmark (`Libcmark`), and what libcmark writes is then rebuilt by the sanitiser's allow-list
/// like any HTML from outside, so `*akevitt*` becomes `<em>akevitt</em>` and a `javascript:` link,
/// a `<script>` or an `onclick` still never reaches a page. The HTML the owner wrote before
/// Markdown (and an imported note, stored as HTML) passes the same way.
///
/// Without libcmark on the machine the text is shown as it was before Markdown: text without a
/// tag as escaped plain text (a blank line starts a paragraph, a line break stays one), text with
/// tags through the sanitiser. `missingLibraryNotice` is what the terminal says about it.
package enum OwnerText {
    /// Whether this process renders Markdown (libcmark was found).
    package static var rendersMarkdown: Bool { Libcmark.shared != nil }

    /// What renders the owner's text, for the keys that decide whether a page must be made again:
    /// the same store gives other pages once libcmark is installed or removed.
    package static var rendererIdentity: String {
        Libcmark.shared.map { "cmark " + $0.version } ?? "plain"
    }

    /// Said once on the terminal when a guide has owner's text and libcmark is missing.
    package static let missingLibraryNotice =
        "Markdown i kommentarer og notater vises som ren tekst, fordi libcmark (\(Libcmark.libraryNames[0])) ikke finnes på maskinen. Installer den med «apt install \(Libcmark.debianPackage)»."

    /// The page's HTML for `text`; throws only when the text is over the sanitiser's size limit.
    /// `markdown`: the renderer (nil: none, as on a machine without libcmark).
    package static func html(_ text: String, markdown: Libcmark? = Libcmark.shared)
        throws(SanitizerError) -> SanitizedHTML
    {
        try htmlReportingFlattening(text, markdown: markdown).html
    }

    /// Like `html`, and says whether the rendered HTML was nested so deeply that only its text
    /// could be kept (`HTMLSanitizer.sanitizeReportingFlattening`).
    package static func htmlReportingFlattening(
        _ text: String, markdown: Libcmark? = Libcmark.shared
    ) throws(SanitizerError) -> (html: SanitizedHTML, flattened: Bool) {
        guard let markdown else {
            guard text.containsBytes("<") else { return (.escapingPlainText(text), false) }
            return try HTMLSanitizer.sanitizeReportingFlattening(text)
        }
        try HTMLSanitizer.checkSize(of: text)
        // Controls, noncharacters and bidi overrides out before cmark reads it, as the sanitiser
        // takes them out of HTML.
        let source = SanitizerText.clean(text)
        guard !source.trimmingWhitespace().isEmpty else { return (.empty, false) }
        let (html, flattened) = try HTMLSanitizer.sanitizeReportingFlattening(markdown.html(source))
        // cmark ends its HTML with a line break, and one stays where a dropped block (a script)
        // stood first: white space at the edges, which would stand as text in the container.
        let trimmed = html.html.trimmingScalars {
            $0.isASCII && SanitizerText.isHTMLWhitespace(UInt8($0.value))
        }
        return (SanitizedHTML(trusted: trimmed), flattened)
    }

    /// The text a reader sees of `html`, on one line, its blocks and list items kept apart
    /// (`SanitizerPlainText`): for a card's quote and a meta description.
    package static func plainText(of html: SanitizedHTML) -> String {
        HTMLSanitizer.plainText(html.html)
    }
}
