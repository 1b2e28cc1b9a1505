import BeaconSystem
import BeaconText
import FoundationEssentials

/// Builds HTML as UTF-8 bytes in which every piece of dynamic text is escaped by construction, and
/// every element is balanced by construction: one call writes an element's start tag, its content
/// and its end tag (`element`), or a whole element that has no end tag (`voidElement`,
/// `selfClosing`), so no page can hold an unclosed or mis-nested tag. Tag and attribute names are
/// string literals (`StaticString`); attribute values and text are escaped. Markup not written here
/// comes only from another buffer (`HTMLFragment`) or from the sanitiser (`SanitizedHTML`). There
/// is no way to append an arbitrary `String` unescaped, nor a tag alone.
///
/// Public, though the package ships only an executable: `element` takes the content as a closure,
/// and Swift inlines across modules only public `@inlinable` code, so only then does a page call
/// its content directly rather than through a closure context. The templates call it in the loop of
/// 100,000 pages.
public struct HTMLBuffer: Sendable {
    package private(set) var bytes: [UInt8]

    package init(capacity: Int = 4096) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    /// Text content: `&`, `<` and `>` are escaped.
    package mutating func text(_ text: String) {
        HTMLEscaping.appendEscaped(text, quote: false, to: &bytes)
    }

    /// A line break between elements: text that needs no escaping, and the most common of all.
    package mutating func newline() {
        bytes.append(0x0A)
    }

    /// Text content from an integer (never needs escaping).
    package mutating func text(_ number: Int) {
        bytes.append(contentsOf: String(number).utf8)
    }

    /// `<tag …>…</tag>` with the content written by `content`; nil attribute values are left out,
    /// `flags` follow the others.
    @inlinable
    public mutating func element(
        _ tag: StaticString, _ attributes: KeyValuePairs<StaticString, String?> = [:],
        flags: BooleanAttributes = [], _ content: (inout HTMLBuffer) -> Void
    ) {
        startTag(tag, attributes, flags: flags)
        content(&self)
        endTag(tag)
    }

    /// `<tag class="…">…</tag>` with a class of our own: the most common element of all, written
    /// without a list of attributes to make (a class made at run time goes in the attributes).
    @inlinable
    public mutating func element(
        _ tag: StaticString, class name: StaticString, _ content: (inout HTMLBuffer) -> Void
    ) {
        startTag(tag, class: name)
        content(&self)
        endTag(tag)
    }

    /// `<tag …>…</tag>` from a start tag made once (`HTMLStartTag`).
    @inlinable
    public mutating func element(_ start: HTMLStartTag, _ content: (inout HTMLBuffer) -> Void) {
        startTag(start)
        content(&self)
        endTag(start.tag)
    }

    /// `<tag …>text</tag>` from a start tag made once.
    package mutating func element(_ start: HTMLStartTag, text content: String) {
        startTag(start)
        text(content)
        endTag(start.tag)
    }

    /// `<tag …>text</tag>`.
    package mutating func element(
        _ tag: StaticString, _ attributes: KeyValuePairs<StaticString, String?> = [:],
        flags: BooleanAttributes = [], text content: String
    ) {
        startTag(tag, attributes, flags: flags)
        text(content)
        endTag(tag)
    }

    /// `<tag class="…">text</tag>`.
    package mutating func element(
        _ tag: StaticString, class name: StaticString, text content: String
    ) {
        startTag(tag, class: name)
        text(content)
        endTag(tag)
    }

    /// A void element of HTML (`<br>`, `<img …>`, `<input …>`, `<meta …>`, `<link …>`, `<source
    /// …>`): a start tag that nothing closes. Any other tag would open an element no call closes
    /// (checked in debug builds).
    package mutating func voidElement(
        _ tag: StaticString, _ attributes: KeyValuePairs<StaticString, String?> = [:]
    ) {
        assert(Self.voidTags.contains(tag.description), "<\(tag)> is not a void element")
        startTag(tag, attributes, flags: [])
    }

    /// An empty shape of SVG written `<tag …/>` (a `path`, a `circle` of an icon): SVG elements are
    /// foreign to HTML, so they may close themselves. An HTML element may not (`<div/>` opens a
    /// `div`): checked in debug builds.
    package mutating func selfClosing(
        _ tag: StaticString, _ attributes: KeyValuePairs<StaticString, String?>
    ) {
        assert(Self.svgShapes.contains(tag.description), "<\(tag)/> is not an SVG shape")
        bytes.append(0x3C)
        bytes.append(tag)
        for (name, value) in attributes { attribute(name, value) }
        bytes.append("/>")
    }

    /// HTML's void elements.
    static let voidTags: Set<String> = [
        "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source",
        "track", "wbr",
    ]
    /// SVG's basic shapes and the other empty elements of SVG a page draws.
    static let svgShapes: Set<String> = [
        "circle", "ellipse", "line", "path", "polygon", "polyline", "rect", "stop", "use",
    ]

    /// `<!DOCTYPE html>`: not an element, the line every page starts with.
    package mutating func doctype() {
        bytes.append("<!DOCTYPE html>")
    }

    /// ` name="value"` with the value escaped for a double-quoted attribute. Nil writes nothing.
    mutating func attribute(_ name: StaticString, _ value: String?) {
        guard let value else { return }
        bytes.append(" ", name, "=\"")
        HTMLEscaping.appendEscaped(value, quote: true, to: &bytes)
        bytes.append(0x22)
    }

    /// `<tag attr="…" flag>`; only the element calls write a start tag, each with its end tag. (The
    /// tags are written in as few appends as can be: they are most of the calls that make 100,000
    /// pages.)
    @usableFromInline
    mutating func startTag(
        _ tag: StaticString, _ attributes: KeyValuePairs<StaticString, String?>,
        flags: BooleanAttributes
    ) {
        guard !attributes.isEmpty || !flags.isEmpty else {
            bytes.append("<", tag, ">")
            return
        }
        bytes.append(0x3C)
        bytes.append(tag)
        for (name, value) in attributes { attribute(name, value) }
        if flags.contains(.hidden) { bytes.append(" hidden") }
        if flags.contains(.reversed) { bytes.append(" reversed") }
        bytes.append(0x3E)
    }

    /// `<tag class="…">`; the class escaped as any value, though ours never needs it: it is written
    /// as it is, then read where it lies, and written again escaped if it holds a byte to escape.
    @usableFromInline
    mutating func startTag(_ tag: StaticString, class name: StaticString) {
        let start = bytes.count + tag.utf8CodeUnitCount + 9  // <tag class="
        bytes.append("<", tag, " class=\"", name, "\">")
        guard HTMLEscaping.needsEscaping(bytes, start..<start + name.utf8CodeUnitCount) else {
            return
        }
        bytes.removeLast(name.utf8CodeUnitCount + 2)
        HTMLEscaping.appendEscaped(name.description, quote: true, to: &bytes)
        bytes.append("\">")
    }

    @usableFromInline
    mutating func startTag(_ start: HTMLStartTag) {
        bytes.append(contentsOf: start.bytes)
    }

    @usableFromInline
    mutating func endTag(_ tag: StaticString) {
        bytes.append("</", tag, ">")
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
        startTag("script", ["type": "application/json", "id": id], flags: [])
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
        endTag("script")
    }

    /// A `<style>` element holding a stylesheet of our own (the share file
    /// inlines `beacon.css`). `</` is written as the CSS escape `<\/`, so the
    /// text can never close the element.
    package mutating func inlineStyleSheet(_ css: String) {
        element("style") { $0.bytes.append(contentsOf: css.replacingAll("</", with: "<\\/").utf8) }
    }

    /// Freezes what was built so far, for reuse in many pages.
    package var fragment: HTMLFragment { HTMLFragment(bytes: bytes) }
}

/// Attributes written by their name alone (` hidden`), after the others. (An attribute given the
/// value "" is written `name=""`.) Public as `HTMLBuffer.element` is, whose parameter it is.
public struct BooleanAttributes: OptionSet, Sendable {
    public let rawValue: UInt8

    public init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    public static let hidden = BooleanAttributes(rawValue: 1)
    /// An ordered list numbered from its end.
    public static let reversed = BooleanAttributes(rawValue: 2)
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
