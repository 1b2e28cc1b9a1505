import CLibXML2
import Testing

@testable import BeaconHTML
@testable import BeaconSystem

/// Properties of the sanitiser over thousands of generated and mutated inputs
/// (deterministic: every run sees the same inputs).
@Suite struct HTMLSanitizerPropertyTests {
    static let seeds: [UInt64] = [1, 2, 3, 4]
    static let inputsPerSeed = 2_500

    /// Never crashes, idempotent, and the output parses cleanly into allowed
    /// tags and attributes only: for generated tag soup.
    @Test(arguments: seeds)
    func generatedTagSoup(seed: UInt64) throws {
        var generator = HostileHTMLGenerator(seed: seed)
        let inputs = (0..<Self.inputsPerSeed).map { _ in generator.document() }
        let failures = try inputs.flatMap { try SanitizerProperties.violations(for: $0) }
        #expect(failures.isEmpty, "\(failures.count) violations, first: \(failures.prefix(5))")
    }

    /// The same properties for corpus inputs cut, spliced, and with tokens
    /// inserted or ranges removed.
    @Test(arguments: seeds)
    func mutatedCorpus(seed: UInt64) throws {
        let corpus = try SanitizerCorpus.load().map(\.input)
        var generator = HostileHTMLGenerator(seed: seed &+ 1_000)
        let inputs = (0..<Self.inputsPerSeed).map { _ in generator.mutation(of: corpus) }
        let failures = try inputs.flatMap { try SanitizerProperties.violations(for: $0) }
        #expect(failures.isEmpty, "\(failures.count) violations, first: \(failures.prefix(5))")
    }

    /// Text inside harmless containers (div, span, headings, tables, lists in
    /// odd places, nesting past the depth cap) is never lost.
    @Test func textInHarmlessContainersSurvives() throws {
        var generator = HostileHTMLGenerator(seed: 99)
        var failures: [String] = []
        for _ in 0..<1_000 {
            let (input, expectedText) = generator.harmlessDocument()
            let output = try HTMLSanitizer.sanitize(input)
            let text = ReparsedHTML.textContent(of: output.html)
            if text != expectedText {
                failures.append("\(input.debugDescription) → \(output.html.debugDescription)")
            }
        }
        #expect(
            failures.isEmpty, "\(failures.count) inputs lost text, first: \(failures.prefix(3))")
    }

    /// Many tasks sanitising at once get exactly what one thread gets.
    @Test func concurrentSanitisingMatchesSerial() async throws {
        var generator = HostileHTMLGenerator(seed: 7)
        let batches: [[String]] = (0..<8).map { _ in (0..<200).map { _ in generator.document() } }
        let serial = try batches.map { try $0.map { try HTMLSanitizer.sanitize($0) } }

        let concurrent = try await withThrowingTaskGroup(of: (Int, [SanitizedHTML]).self) { group in
            for (index, batch) in batches.enumerated() {
                group.addTask { (index, try batch.map { try HTMLSanitizer.sanitize($0) }) }
            }
            var results = [[SanitizedHTML]](repeating: [], count: batches.count)
            for try await (index, outputs) in group { results[index] = outputs }
            return results
        }
        #expect(concurrent == serial)
    }
}

// MARK: - The properties

enum SanitizerProperties {
    /// Everything wrong with the sanitiser's handling of `input`; empty when
    /// all properties hold.
    static func violations(for input: String) throws -> [String] {
        let first = try HTMLSanitizer.sanitize(input)
        let second = try HTMLSanitizer.sanitize(first.html)
        var found: [String] = []
        if second != first {
            found.append(
                "not idempotent: \(input.debugDescription) → \(first.html.debugDescription) → \(second.html.debugDescription)"
            )
        }
        found += ReparsedHTML.problems(in: first.html).map {
            "\($0): \(input.debugDescription) → \(first.html.debugDescription)"
        }
        return found
    }
}

/// The sanitiser's output parsed again by libxml2, this time with errors
/// collected, and checked against the allowlist and the normalising rules.
enum ReparsedHTML {
    static let allowedTags: Set<String> = [
        "p", "br", "b", "strong", "i", "em", "ul", "ol", "li", "blockquote", "a",
    ]
    static let blockTags: Set<String> = ["p", "ul", "ol", "li", "blockquote"]
    static let phrasingParents: Set<String> = ["p", "b", "strong", "i", "em", "a"]
    /// libxml2 2.9 reports HTML5 tags it does not know; none of ours, but tolerated.
    static let unknownTagError = 801

    /// Parser errors and rule violations in `html`; empty when it is clean.
    static func problems(in html: String) -> [String] {
        var problems: [String] = []
        let errors = withParsedDocument(html) { document in
            guard let wrapper = wrapperDiv(of: document) else {
                problems.append("unexpected document shape")
                return
            }
            check(
                children: wrapper.pointee.children, parent: "div", depth: 0, insideLink: false,
                problems: &problems)
        }
        problems += errors.filter { $0.code != unknownTagError }.map {
            "parser error \($0.code): \($0.message)"
        }
        return problems
    }

    /// The concatenated text nodes of `html` as libxml2 reads it.
    static func textContent(of html: String) -> String {
        var text = ""
        _ = withParsedDocument(html) { document in
            func collect(_ first: UnsafeMutablePointer<xmlNode>?) {
                for node in LibXML2HTML.Siblings(first: first) {
                    if node.pointee.type == XML_TEXT_NODE, let content = node.pointee.content {
                        text += String(cString: content)
                    }
                    collect(node.pointee.children)
                }
            }
            collect(document.pointee.children)
        }
        return text
    }

    struct ParserError {
        let code: Int
        let message: String
    }

    private final class ErrorCollector {
        var errors: [ParserError] = []
    }

    /// Parses `<div>html</div>` with libxml2's errors and warnings on, routed to
    /// a collector through a structured handler (thread-local; restored after).
    private static func withParsedDocument(
        _ html: String, _ body: (UnsafeMutablePointer<xmlDoc>) -> Void
    )
        -> [ParserError]
    {
        let collector = ErrorCollector()
        let savedHandler = __xmlStructuredError().pointee
        let savedContext = __xmlStructuredErrorContext().pointee
        xmlSetStructuredErrorFunc(Unmanaged.passUnretained(collector).toOpaque()) {
            context, error in
            guard let context, let error else { return }
            let collector = Unmanaged<ErrorCollector>.fromOpaque(context).takeUnretainedValue()
            let message = error.pointee.message.map { String(cString: $0) } ?? ""
            collector.errors.append(
                ParserError(code: Int(error.pointee.code), message: message.trimmingSuffixNewline())
            )
        }
        defer { xmlSetStructuredErrorFunc(savedContext, savedHandler) }

        let source = Array("<div>\(html)</div>".utf8)
        let options = Int32(bitPattern: HTML_PARSE_NONET.rawValue | HTML_PARSE_NODEFDTD.rawValue)
        let document = source.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) {
                htmlReadMemory($0.baseAddress, Int32($0.count), nil, "UTF-8", options)
            }
        }
        guard let document else { return [ParserError(code: -1, message: "no document")] }
        defer { xmlFreeDoc(document) }
        body(document)
        return collector.errors
    }

    /// The wrapper div, when the document is exactly html › body › div.
    private static func wrapperDiv(of document: UnsafeMutablePointer<xmlDoc>)
        -> UnsafeMutablePointer<xmlNode>?
    {
        func onlyElement(_ first: UnsafeMutablePointer<xmlNode>?, named name: String)
            -> UnsafeMutablePointer<xmlNode>?
        {
            let nodes = Array(LibXML2HTML.Siblings(first: first))
            guard nodes.count == 1, nodes[0].pointee.type == XML_ELEMENT_NODE,
                String(cString: nodes[0].pointee.name) == name
            else { return nil }
            return nodes[0]
        }
        guard let html = onlyElement(document.pointee.children, named: "html"),
            let body = onlyElement(html.pointee.children, named: "body"),
            let div = onlyElement(body.pointee.children, named: "div")
        else { return nil }
        return div
    }

    private static func check(
        children first: UnsafeMutablePointer<xmlNode>?, parent: String, depth: Int,
        insideLink: Bool,
        problems: inout [String]
    ) {
        for node in LibXML2HTML.Siblings(first: first) {
            switch node.pointee.type {
            case XML_TEXT_NODE:
                let text = node.pointee.content.map { String(cString: $0) } ?? ""
                if text.unicodeScalars.contains(where: isForbiddenInText) {
                    problems.append("forbidden character in text \(text.debugDescription)")
                }
                if parent == "ul" || parent == "ol", !text.allSatisfy(\.isWhitespace) {
                    problems.append("text directly in \(parent)")
                }
            case XML_ELEMENT_NODE:
                let name = String(cString: node.pointee.name)
                checkElement(
                    node, name: name, parent: parent, depth: depth + 1, insideLink: insideLink,
                    problems: &problems)
                check(
                    children: node.pointee.children, parent: name, depth: depth + 1,
                    insideLink: insideLink || name == "a", problems: &problems)
            default:
                problems.append("node of type \(node.pointee.type.rawValue)")
            }
        }
    }

    private static func checkElement(
        _ node: UnsafeMutablePointer<xmlNode>, name: String, parent: String, depth: Int,
        insideLink: Bool,
        problems: inout [String]
    ) {
        guard allowedTags.contains(name) else {
            problems.append("tag <\(name)> not allowed")
            return
        }
        if depth > HTMLSanitizer.maximumDepth {
            problems.append("nesting deeper than \(HTMLSanitizer.maximumDepth)")
        }
        if blockTags.contains(name), phrasingParents.contains(parent) {
            problems.append("<\(name)> inside <\(parent)>")
        }
        if name == "li", parent != "ul", parent != "ol" {
            problems.append("<li> inside <\(parent)>")
        }
        if parent == "ul" || parent == "ol", name != "li" {
            problems.append("<\(name)> directly in <\(parent)>")
        }
        if name == "a", insideLink { problems.append("<a> inside <a>") }
        if name == "br", node.pointee.children != nil { problems.append("<br> with content") }

        var attributes: [String: String] = [:]
        var attribute = node.pointee.properties
        while let current = attribute {
            let attributeName = String(cString: current.pointee.name)
            attributes[attributeName] = LibXML2HTML.attribute(attributeName, of: node) ?? ""
            attribute = current.pointee.next
        }
        guard name == "a" else {
            if !attributes.isEmpty {
                problems.append("attributes \(attributes.keys.sorted()) on <\(name)>")
            }
            return
        }
        if Set(attributes.keys) != ["href", "rel"] {
            problems.append("attributes \(attributes.keys.sorted()) on <a>")
        }
        if attributes["rel"] != "nofollow noopener" {
            problems.append("rel \(attributes["rel"].debugDescription)")
        }
        if let href = attributes["href"] {
            if SafeURL.href(href) != href {
                problems.append("href \(href.debugDescription) refused by SafeURL")
            }
            if let scheme = BrowserURL.scheme(of: href),
                !["http", "https", "mailto"].contains(scheme)
            {
                problems.append("href \(href.debugDescription) has scheme \(scheme) for a browser")
            }
        }
    }

    /// Code points a valid HTML document may not contain (besides NUL), and
    /// the bidirectional controls the sanitiser promises to remove.
    static func isForbiddenInText(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A: false
        case 0x00...0x1F, 0x7F...0x9F, 0xFDD0...0xFDEF, 0x202A...0x202E, 0x2066...0x2069: true
        default: scalar.value & 0xFFFE == 0xFFFE
        }
    }
}

/// An independent oracle for what a browser takes as a URL's scheme (the
/// WHATWG URL parser's first steps), so that the test does not merely agree
/// with `SafeURL` about `SafeURL`.
enum BrowserURL {
    static func scheme(of href: String) -> String? {
        var scalars = Array(href.unicodeScalars)
        while let first = scalars.first, first.value <= 0x20 { scalars.removeFirst() }
        while let last = scalars.last, last.value <= 0x20 { scalars.removeLast() }
        scalars.removeAll { $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard let first = scalars.first, first.isASCII, first.properties.isAlphabetic else {
            return nil
        }
        var scheme = ""
        for scalar in scalars {
            if scalar == ":" { return scheme.lowercased() }
            guard scalar.isASCII,
                scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
                    || "+-.".unicodeScalars.contains(scalar)
            else { return nil }
            scheme.unicodeScalars.append(scalar)
        }
        return nil
    }
}

extension String {
    fileprivate func trimmingSuffixNewline() -> String {
        hasSuffix("\n") ? String(dropLast()) : self
    }
}

// MARK: - Inputs

/// A deterministic pseudo-random generator (SplitMix64): the same seed gives
/// the same inputs on every machine and run.
struct SplitMix64 {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0..<upperBound`.
    mutating func below(_ upperBound: Int) -> Int { Int(next() % UInt64(upperBound)) }

    mutating func chance(_ percent: Int) -> Bool { below(100) < percent }

    mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }
}

/// Hostile and harmless HTML, built from the pieces attacks are made of.
struct HostileHTMLGenerator {
    private var random: SplitMix64

    init(seed: UInt64) { random = SplitMix64(seed: seed) }

    static let allowedTags = [
        "p", "br", "b", "strong", "i", "em", "ul", "ol", "li", "blockquote", "a",
    ]
    static let droppedTags = [
        "script", "style", "iframe", "object", "embed", "svg", "math", "template", "noscript",
        "form",
        "textarea", "select", "option", "title", "head", "meta", "link", "base", "xmp", "plaintext",
        "noembed", "noframes", "img", "input", "image", "video", "source", "foreignObject",
        "frameset",
    ]
    static let unwrappedTags = [
        "div", "span", "font", "table", "tr", "td", "h1", "h3", "u", "s", "pre", "code", "center",
        "html", "body", "custom-x", "x:y", "section", "label", "marquee", "hr", "wbr",
    ]
    static let attributeNames = [
        "href", "HREF", "onclick", "onerror", "onload", "style", "src", "srcdoc", "xlink:href",
        "rel", "target", "class", "id", "title", "formaction", "data-x", "action", "href",
    ]
    static let urls = [
        "https://example.no/", "http://x.example/?a=1&amp;b=2", "mailto:post@example.no",
        "/steder/x/", "../opp",
        "#anker", "//evil.example/", "javascript:alert(1)", "JaVaScRiPt:alert(1)",
        "&#106;avascript:alert(1)",
        "&#x6A;avascript:x", "&#106&#97&#118&#97&#115&#99&#114&#105&#112&#116&#58x",
        "java&#9;script:x",
        "java\tscript:x", " javascript:x", "\u{01}javascript:x", "&#1;javascript:x",
        "java\u{0}script:x",
        "vbscript:x", "data:text/html,<script>alert(1)</script>", "javascript&colon;x",
        "jav&#x0A;ascript:x",
        "http&#58;//ok.example/", "https:x", "HTTPS://EXAMPLE.NO", "mailto:<script>", "?q=\"'<>",
        "",
        " \u{0B}javascript:x", "\u{A0}javascript:x", "\u{FEFF}javascript:x", "javascript\u{A0}:x",
        "&#x09;javascript:x", "java&#13;script:x", "ja&#x202E;vascript:x", "\\\\evil.example",
        "/\\evil.example",
        "http://ok.example/\u{202E}", "https://ok.example/a b",
    ]
    static let words = [
        "Hei", "kaffe", "æøå", "ÆØÅ", "☕️", "🍽️", "a", " ", "  ", "\n", "\t", "\r\n", "\r", "&", "<",
        ">",
        "\"", "'", "=", "/", "&amp;", "&lt;", "&gt;", "&nbsp;", "&aelig;", "&#106;", "&#x6A;",
        "&#0;",
        "&#x110000;", "&#xD800;", "&#128;", "&#x85;", "&bogus;", "&colon;", "&copy", "\u{0}",
        "\u{1}", "\u{0C}",
        "\u{7F}", "\u{85}", "\u{202E}", "\u{2066}", "\u{FEFF}", "alert(1)",
        // noncharacters (Swift refuses them in literals)
        String(Unicode.Scalar(0xFFFE as UInt32)!), String(Unicode.Scalar(0xFDD0 as UInt32)!),
    ]
    static let junk = [
        "<!--", "-->", "<!-->", "--!>", "<![CDATA[", "]]>", "<?php echo 1 ?>",
        "<?xml version=\"1.0\"?>",
        "<!DOCTYPE html>", "</", "<", ">", "<!", "<![if IE]>", "<!--[if IE]>", "<![endif]-->",
        "</div>",
        "</body>", "</html>", "<html>", "<body>", "<div>", "/>", "<a", "<script", "</script",
        "<scr<script>ipt>",
        "</p>", "</li>", "</ul>", "</a>", "</b>", "\"", "'", "=", "<a href=", "<svg><script>",
    ]

    /// A document of 1 to 40 random tokens.
    mutating func document() -> String {
        var html = ""
        for _ in 0..<(1 + random.below(40)) { html += token() }
        return html
    }

    /// A corpus input cut, spliced with another, or with tokens inserted,
    /// a range removed or repeated, or its case flipped.
    mutating func mutation(of corpus: [String]) -> String {
        var scalars = Array(random.pick(corpus).unicodeScalars)
        for _ in 0..<(1 + random.below(3)) {
            let cut = random.below(scalars.count + 1)
            switch random.below(6) {
            case 0:
                scalars = Array(scalars[..<cut])
            case 1:
                let other = Array(random.pick(corpus).unicodeScalars)
                scalars = Array(scalars[..<cut]) + Array(other[random.below(other.count + 1)...])
            case 2:
                scalars.insert(contentsOf: token().unicodeScalars, at: cut)
            case 3:
                let end = min(scalars.count, cut + random.below(12))
                scalars.removeSubrange(cut..<end)
            case 4:
                let end = min(scalars.count, cut + random.below(20))
                scalars.insert(contentsOf: scalars[cut..<end], at: end)
            default:
                let text = String(String.UnicodeScalarView(scalars))
                scalars = Array(
                    (random.chance(50) ? text.uppercased() : text.lowercased()).unicodeScalars)
            }
        }
        return String(String.UnicodeScalarView(scalars))
    }

    /// Nested harmless containers around text, and that text as a browser
    /// would read it (no entity or element in the text).
    mutating func harmlessDocument() -> (html: String, text: String) {
        let containers = [
            "div", "span", "font", "section", "u", "s", "small", "code", "h1", "h3", "table", "tr",
            "td",
            "center", "custom-x", "b", "i", "em", "strong", "p", "blockquote", "ul", "ol", "li",
            "a href=\"/x\"",
        ]
        var html = ""
        var text = ""
        var open: [String] = []
        for _ in 0..<(1 + random.below(150)) {
            switch random.below(3) {
            case 0 where open.count < 110:
                let tag = random.pick(containers)
                html += "<\(tag)>"
                open.append(String(tag.prefix { $0 != " " }))
            case 1 where !open.isEmpty:
                html += "</\(open.removeLast())>"
            default:
                let piece = harmlessText()
                html += HTMLEscaping.escape(piece, quote: false)
                text += piece
            }
        }
        return (html, text)
    }

    private mutating func harmlessText() -> String {
        let alphabet = Array("abcæøåÆØÅ xyz 123 &<>\"';=😀☕️".unicodeScalars)
        var piece = String.UnicodeScalarView()
        for _ in 0..<(1 + random.below(8)) { piece.append(random.pick(alphabet)) }
        return String(piece)
    }

    private mutating func token() -> String {
        switch random.below(12) {
        case 0, 1, 2: return openTag()
        case 3, 4: return "</\(tagName())>"
        case 5, 6, 7: return random.pick(Self.words)
        case 8, 9: return random.pick(Self.junk)
        case 10: return randomScalars()
        default: return "<a href=\"\(random.pick(Self.urls))\">"
        }
    }

    private mutating func tagName() -> String {
        let name: String =
            switch random.below(3) {
            case 0: random.pick(Self.allowedTags)
            case 1: random.pick(Self.droppedTags)
            default: random.pick(Self.unwrappedTags)
            }
        return random.chance(15) ? name.uppercased() : name
    }

    private mutating func openTag() -> String {
        var tag = "<" + tagName()
        for _ in 0..<random.below(3) { tag += " " + attribute() }
        return tag + (random.chance(10) ? "/>" : ">")
    }

    private mutating func attribute() -> String {
        let name = random.pick(Self.attributeNames)
        let value =
            name.lowercased().hasSuffix("href") || random.chance(30)
            ? random.pick(Self.urls) : random.pick(Self.words)
        switch random.below(4) {
        case 0: return "\(name)=\"\(value)\""
        case 1: return "\(name)='\(value)'"
        case 2: return "\(name)=\(value)"
        default: return name
        }
    }

    private mutating func randomScalars() -> String {
        var scalars = String.UnicodeScalarView()
        for _ in 0..<(1 + random.below(6)) {
            let value =
                random.chance(70)
                ? UInt32(0x20 + random.below(0x5F)) : UInt32(random.below(0x11_0000))
            scalars.append(Unicode.Scalar(value) ?? "\u{FFFD}")
        }
        return String(scalars)
    }
}

/// The checks read libxml2's own tree of the sanitiser's output (the sanitiser itself sees only a
/// copy of it, `HTMLFragmentParser`'s plain values).
private enum LibXML2HTML {
    /// A node and the siblings after it, as a `Sequence`.
    struct Siblings: Sequence, IteratorProtocol {
        private var upcoming: UnsafeMutablePointer<xmlNode>?

        init(first: UnsafeMutablePointer<xmlNode>?) { upcoming = first }

        mutating func next() -> UnsafeMutablePointer<xmlNode>? {
            guard let node = upcoming else { return nil }
            upcoming = node.pointee.next
            return node
        }
    }

    /// The value of attribute `name` (entities decoded), nil when absent.
    static func attribute(_ name: String, of node: UnsafeMutablePointer<xmlNode>) -> String? {
        guard let value = xmlGetProp(node, name) else { return nil }
        defer { clibxml2_free(value) }
        return String(cString: value)
    }
}
