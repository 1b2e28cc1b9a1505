import BeaconSystem
import BeaconText
import FoundationEssentials

/// Builds HTML as UTF-8 bytes in which every piece of dynamic text is escaped
/// by construction: markup can only come from string literals (`StaticString`),
/// from another buffer (`HTMLFragment`), or from the sanitiser
/// (`SanitizedHTML`). There is no way to append an arbitrary `String` unescaped.
package struct HTMLBuffer: Sendable {
    package private(set) var bytes: [UInt8]

    package init(capacity: Int = 4096) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    /// Literal markup written in our own source code.
    package mutating func raw(_ markup: StaticString) {
        bytes.append(markup)
    }

    /// Text content: `&`, `<` and `>` are escaped.
    package mutating func text(_ text: String) {
        HTMLEscaping.appendEscaped(text, quote: false, to: &bytes)
    }

    /// Text content from an integer (never needs escaping).
    package mutating func text(_ number: Int) {
        bytes.append(contentsOf: String(number).utf8)
    }

    /// ` name="value"` with the value escaped for a double-quoted attribute. Nil writes nothing.
    mutating func attribute(_ name: StaticString, _ value: String?) {
        guard let value else { return }
        bytes.append(0x20)
        bytes.append(name)
        bytes.append(contentsOf: [0x3D, 0x22])  // ="
        HTMLEscaping.appendEscaped(value, quote: true, to: &bytes)
        bytes.append(0x22)
    }

    /// `<tag attr="…">`; nil attribute values are left out.
    package mutating func open(_ tag: StaticString, _ attributes: KeyValuePairs<StaticString, String?> = [:]) {
        bytes.append(0x3C)
        bytes.append(tag)
        for (name, value) in attributes { attribute(name, value) }
        bytes.append(0x3E)
    }

    package mutating func close(_ tag: StaticString) {
        bytes.append(contentsOf: [0x3C, 0x2F])
        bytes.append(tag)
        bytes.append(0x3E)
    }

    /// `<tag …>text</tag>`.
    package mutating func element(
        _ tag: StaticString, _ attributes: KeyValuePairs<StaticString, String?> = [:], text content: String
    ) {
        open(tag, attributes)
        text(content)
        close(tag)
    }

    /// `<tag …>…</tag>` with the body written by `content`.
    package mutating func element(
        _ tag: StaticString, _ attributes: KeyValuePairs<StaticString, String?> = [:],
        _ content: (inout HTMLBuffer) -> Void
    ) {
        open(tag, attributes)
        content(&self)
        close(tag)
    }

    /// Markup that an earlier buffer built (and so escaped).
    package mutating func append(_ fragment: HTMLFragment) {
        bytes.append(contentsOf: fragment.bytes)
    }

    /// The sanitiser's output: the only HTML from outside that may enter a page.
    package mutating func append(_ html: SanitizedHTML) {
        bytes.append(contentsOf: html.html.utf8)
    }

    /// `<script type="application/json" id="…">` holding `json`, which must be
    /// valid JSON (any writer's). `<`, `>`, `&`, U+2028 and U+2029 can only
    /// stand inside its strings, where `\u003c` and the like mean the same, so
    /// they are written that way: the data can never close the element or
    /// open another, whatever produced it.
    package mutating func scriptJSON(id: String, _ json: [UInt8]) {
        open("script", ["type": "application/json", "id": id])
        bytes.reserveCapacity(bytes.count + json.count + 64)
        var runStart = 0
        var index = 0
        while index < json.count {
            let escape: StaticString
            var width = 1
            switch json[index] {
            case UInt8(ascii: "<"): escape = "\\u003c"
            case UInt8(ascii: ">"): escape = "\\u003e"
            case UInt8(ascii: "&"): escape = "\\u0026"
            case 0xE2
            where index + 2 < json.count && json[index + 1] == 0x80
                && (json[index + 2] == 0xA8 || json[index + 2] == 0xA9):
                // U+2028 and U+2029 end a line in older JavaScript parsers.
                escape = json[index + 2] == 0xA8 ? "\\u2028" : "\\u2029"
                width = 3
            default:
                index += 1
                continue
            }
            if index > runStart { bytes.append(contentsOf: json[runStart..<index]) }
            bytes.append(escape)
            index += width
            runStart = index
        }
        if runStart < json.count { bytes.append(contentsOf: json[runStart...]) }
        close("script")
    }

    /// A `<style>` element holding a stylesheet of our own (the share file
    /// inlines `beacon.css`). `</` is written as the CSS escape `<\/`, so the
    /// text can never close the element.
    package mutating func inlineStyleSheet(_ css: String) {
        raw("<style>")
        bytes.append(contentsOf: css.replacingAll("</", with: "<\\/").utf8)
        raw("</style>")
    }

    /// Freezes what was built so far, for reuse in many pages.
    package var fragment: HTMLFragment { HTMLFragment(bytes: bytes) }
}

/// Markup built by an `HTMLBuffer`, kept for reuse (headers, footers, icons).
package struct HTMLFragment: Sendable, Equatable {
    package let bytes: [UInt8]

    fileprivate init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Builds a fragment with a fresh buffer.
    package static func build(_ content: (inout HTMLBuffer) -> Void) -> HTMLFragment {
        var buffer = HTMLBuffer(capacity: 256)
        content(&buffer)
        return buffer.fragment
    }

    package var string: String { String(decoding: bytes, as: UTF8.self) }
}

package enum HTMLEscaping {
    /// Escapes for text content (`quote: false`) or a double-quoted attribute value (`quote: true`).
    static func appendEscaped(_ text: String, quote: Bool, to out: inout [UInt8]) {
        let utf8 = text.utf8.span
        var runStart = 0
        for i in utf8.indices {
            // Every byte escaped is at most `>` (0x3E): letters pass with one comparison.
            if utf8[i] > 0x3E { continue }
            let replacement: StaticString
            switch utf8[i] {
            case UInt8(ascii: "&"): replacement = "&amp;"
            case UInt8(ascii: "<"): replacement = "&lt;"
            case UInt8(ascii: ">"): replacement = "&gt;"
            case UInt8(ascii: "\"") where quote: replacement = "&quot;"
            case UInt8(ascii: "'") where quote: replacement = "&#39;"
            case 0: replacement = "\u{FFFD}"
            default: continue
            }
            if i > runStart { out.append(utf8Of: text, runStart..<i) }
            out.append(replacement)
            runStart = i + 1
        }
        if runStart < utf8.count { out.append(utf8Of: text, runStart..<utf8.count) }
    }

    package static func escape(_ text: String, quote: Bool = true) -> String {
        var out: [UInt8] = []
        appendEscaped(text, quote: quote, to: &out)
        return String(decoding: out, as: UTF8.self)
    }
}

/// HTML that passed the sanitiser (`HTMLSanitizer`). Its initialiser is
/// internal to BeaconHTML, so no other code can label a string as safe.
package struct SanitizedHTML: Sendable, Equatable, CustomStringConvertible {
    package let html: String

    /// Internal to BeaconHTML: no other target can label a string as safe.
    init(trusted html: String) {
        self.html = html
    }

    static let empty = SanitizedHTML(trusted: "")
    package var isEmpty: Bool { html.isEmpty }
    package var description: String { html }
}

extension SanitizedHTML {
    /// Plain text as HTML: escaped, blank lines start new paragraphs. Used
    /// where formatting is not wanted, or when input is refused by the sanitiser.
    package static func escapingPlainText(_ text: String) -> SanitizedHTML {
        var b = HTMLBuffer(capacity: text.utf8.count + 16)
        let paragraphs = text.components(separatedBy: "\n\n").map { $0.trimmingWhitespace() }.filter { !$0.isEmpty }
        for paragraph in paragraphs {
            b.raw("<p>")
            let lines = paragraph.split(separator: "\n", omittingEmptySubsequences: false)
            for (i, line) in lines.enumerated() {
                if i > 0 { b.raw("<br>") }
                b.text(String(line))
            }
            b.raw("</p>")
        }
        return SanitizedHTML(trusted: String(decoding: b.bytes, as: UTF8.self))
    }
}
