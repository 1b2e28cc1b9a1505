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
