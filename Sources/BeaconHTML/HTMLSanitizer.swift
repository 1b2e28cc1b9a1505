import BeaconSystem

/// Turns HTML from outside (rating comments, the site's intro text) into HTML
/// that may go into a page.
///
/// The input is parsed with libxml2's HTML parser (which forgives broken markup
/// the way a browser roughly does) and the tree is *rebuilt* with `HTMLBuffer`:
/// nothing of the input's markup is copied, only its text (escaped again) and
/// the few things the allowlist keeps. So whatever libxml2 and a browser
/// disagree about, the browser only ever sees markup we wrote ourselves.
///
/// Allowed: `p`, `br`, `b`, `strong`, `i`, `em`, `ul`, `ol`, `li`,
/// `blockquote`, headings as `p` › `strong` (`SanitizerElementRule.heading`),
/// and `a` with an `href` that `SafeURL` accepts (http, https, mailto,
/// relative), to which `rel="nofollow noopener"` is added. Dangerous
/// elements go with their content (`SanitizerElementRule`), everything else is
/// unwrapped to its content, and all other attributes, comments, processing
/// instructions and CDATA are dropped.
///
/// The output is canonical: `sanitize(sanitize(x).html) == sanitize(x)`. See
/// `SanitizerContext` for the normalising rules that make it so.
package enum HTMLSanitizer {
    /// Inputs longer than this (in UTF-8 bytes) are refused: a comment or an
    /// intro text is a few hundred bytes; 100 kB is already absurd.
    static let maximumInputBytes = 100_000

    /// Allowed elements nested deeper than this are unwrapped (their text
    /// stays). No comment needs 64 levels; a shallow output keeps the pages,
    /// and libxml2 reading them again (it gives up at 256 levels), far from
    /// any limit.
    static let maximumDepth = 64

    /// The sanitised HTML for `html`; throws only when the input is too large.
    package static func sanitize(_ html: String) throws(SanitizerError) -> SanitizedHTML {
        try sanitizeReportingFlattening(html).html
    }

    /// Like `sanitize`, and says whether the input was nested so deeply that
    /// only its text could be kept. libxml2 stops reading at 256 nested
    /// elements and drops everything after that point; rather than lose the
    /// rest of a comment without a word, such input is shown as its text,
    /// with all markup removed.
    package static func sanitizeReportingFlattening(_ html: String) throws(SanitizerError) -> (
        html: SanitizedHTML, flattened: Bool
    ) {
        try checkSize(of: html)
        let source = SanitizerText.clean(html)
        guard !source.isEmpty else { return (.empty, false) }
        let parsed = HTMLFragmentParser.parse(
            source, keepingAttributes: SanitizerTreeWriter.attributesRead)
        if parsed.depth < HTMLFragmentParser.depthLimit {
            return (SanitizedHTML(trusted: SanitizerTreeWriter.render(parsed.nodes)), false)
        }
        let text = SanitizerPlainText.collect(
            HTMLFragmentParser.parse(SanitizerText.strippingTags(source), keepingAttributes: [])
                .nodes)
        return (SanitizedHTML.escapingPlainText(text), true)
    }

    /// The text a reader would see, on one line with whitespace collapsed: for
    /// a meta description or a preview. Dropped elements (scripts, styles …)
    /// contribute nothing; blocks are kept apart (`SanitizerPlainText`). Input
    /// over the size limit is cut to the limit first (this never fails).
    package static func plainText(_ html: String) -> String {
        let source = SanitizerText.clean(prefix(of: html, maximumBytes: maximumInputBytes))
        guard !source.isEmpty else { return "" }
        let parsed = HTMLFragmentParser.parse(source, keepingAttributes: [])
        if parsed.depth < HTMLFragmentParser.depthLimit {
            return SanitizerPlainText.collect(parsed.nodes)
        }
        return SanitizerPlainText.collect(
            HTMLFragmentParser.parse(SanitizerText.strippingTags(source), keepingAttributes: [])
                .nodes)
    }

    static func checkSize(of html: String) throws(SanitizerError) {
        let bytes = html.utf8.count
        guard bytes <= maximumInputBytes else {
            throw .tooLarge(bytes: bytes, limit: maximumInputBytes)
        }
    }

    /// The longest prefix of `text` that fits in `maximumBytes` UTF-8 bytes,
    /// cut between scalars.
    private static func prefix(of text: String, maximumBytes: Int) -> String {
        guard text.utf8.count > maximumBytes else { return text }
        var kept = String.UnicodeScalarView()
        var bytes = 0
        for scalar in text.unicodeScalars {
            bytes += UTF8.width(scalar)
            if bytes > maximumBytes { break }
            kept.append(scalar)
        }
        return String(kept)
    }
}

/// Why the sanitiser refused its input. (Its message for a person is
/// BeaconModel's, with the other `UserFacingError`s.)
package enum SanitizerError: Error, Sendable, Equatable {
    case tooLarge(bytes: Int, limit: Int)
}

/// Character-level cleaning, applied to the whole input before parsing and to
/// every text node after libxml2 has decoded its entities (`&#1;` is a control
/// character too). What it removes is not text a person wrote: NUL (libxml2
/// drops everything after one), other control characters and noncharacters
/// (invalid in HTML, and libxml2 drops them while reporting errors), and the
/// bidirectional embeddings, overrides and isolates (they could reorder the
/// page's text around the comment). Line breaks are normalised the way a
/// browser does it: CR LF and CR become LF; a form feed becomes a space.
enum SanitizerText {
    static func clean(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsCleaning) else { return text }
        var cleaned = String.UnicodeScalarView()
        var previousWasCarriageReturn = false
        for scalar in text.unicodeScalars {
            defer { previousWasCarriageReturn = scalar == "\r" }
            switch scalar {
            case "\r": cleaned.append("\n")
            case "\n" where previousWasCarriageReturn: continue
            case "\u{0C}": cleaned.append(" ")
            case _ where isRemoved(scalar): continue
            default: cleaned.append(scalar)
            }
        }
        return String(cleaned)
    }

    /// The input without comments, tags, or the content of `script` and
    /// `style`: what is left is the text a reader would see, entities still
    /// encoded. Used only when libxml2 could not read the markup in full.
    static func strippingTags(_ html: String) -> String {
        var output: [UInt8] = []
        let bytes = Array(html.utf8)
        output.reserveCapacity(bytes.count)
        var index = 0
        func isLetter(_ byte: UInt8) -> Bool {
            (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
        }
        func skip(past terminator: [UInt8]) {
            while index < bytes.count, !bytes[index...].starts(with: terminator) { index += 1 }
            index = min(bytes.count, index + terminator.count)
        }
        while index < bytes.count {
            let byte = bytes[index]
            guard byte == UInt8(ascii: "<"), index + 1 < bytes.count else {
                output.append(byte)
                index += 1
                continue
            }
            let next = bytes[index + 1]
            if bytes[index...].starts(with: Array("<!--".utf8)) {
                skip(past: Array("-->".utf8))
            } else if isLetter(next) || next == UInt8(ascii: "/") || next == UInt8(ascii: "!")
                || next == UInt8(ascii: "?")
            {
                let start = index
                skip(past: [UInt8(ascii: ">")])
                let tag = String(decoding: bytes[start..<index], as: UTF8.self).lowercased()
                for rawText in ["script", "style"] where tag.hasPrefix("<" + rawText) {
                    // Up to the matching end tag, whatever its case.
                    let end = Array("</\(rawText)".utf8)
                    while index < bytes.count,
                        !bytes[index...].prefix(end.count).map({ $0 | 0x20 }).elementsEqual(
                            end.map { $0 | 0x20 })
                    { index += 1 }
                    skip(past: [UInt8(ascii: ">")])
                }
                output.append(UInt8(ascii: " "))
            } else {
                output.append(byte)
                index += 1
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// HTML's ASCII whitespace (as UTF-8 bytes).
    static func isHTMLWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D
    }

    private static func needsCleaning(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "\r" || scalar == "\u{0C}" || isRemoved(scalar)
    }

    private static func isRemoved(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A: false
        case 0x00...0x1F, 0x7F...0x9F: true  // controls (CR and FF handled above)
        case 0x202A...0x202E, 0x2066...0x2069: true  // bidi embeddings, overrides, isolates
        case 0xFDD0...0xFDEF: true  // noncharacters
        default: scalar.value & 0xFFFE == 0xFFFE  // U+xFFFE and U+xFFFF in every plane
        }
    }
}
