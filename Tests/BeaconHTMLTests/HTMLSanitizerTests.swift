import Foundation
import Testing

@testable import BeaconHTML

/// One hostile (or ordinary) input and the exact output the sanitiser must give.
struct SanitizerCorpusCase: Codable, Sendable, CustomTestStringConvertible {
    let name: String
    let input: String
    let expected: String

    var testDescription: String { name }
}

/// `Tests/Fixtures/sanitizer-corpus.json`, found next to this source file.
enum SanitizerCorpus {
    static let url = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/sanitizer-corpus.json")

    static func load() throws -> [SanitizerCorpusCase] {
        try JSONDecoder().decode([SanitizerCorpusCase].self, from: Data(contentsOf: url))
    }

    /// For `@Test(arguments:)`, which cannot throw: a missing or broken file
    /// gives no cases, and `corpusIsLargeAndDistinct` fails.
    static let cases: [SanitizerCorpusCase] = (try? load()) ?? []
}

@Suite struct HTMLSanitizerTests {
    // MARK: Corpus

    @Test func corpusIsLargeAndDistinct() throws {
        let cases = try SanitizerCorpus.load()
        #expect(cases.count >= 80)
        #expect(Set(cases.map(\.name)).count == cases.count, "case names must be unique")
        #expect(Set(cases.map(\.input)).count == cases.count, "inputs must be unique")
    }

    @Test(arguments: SanitizerCorpus.cases)
    func corpus(_ example: SanitizerCorpusCase) throws {
        let output = try HTMLSanitizer.sanitize(example.input)
        #expect(output.html == example.expected)
        #expect(
            try HTMLSanitizer.sanitize(output.html) == output, "a second pass changes the output")
        #expect(ReparsedHTML.problems(in: output.html) == [])
    }

    // MARK: Links

    @Test(arguments: [
        "javascript:alert(1)", "&#106;avascript:alert(1)", "&#x6A;avascript:alert(1)",
        "java&#x09;script:alert(1)",
        "java\u{0}script:alert(1)", "\u{1}\u{2} javascript:alert(1)", "JAVASCRIPT:alert(1)",
        "vbscript:msgbox(1)",
        "data:text/html,<script>alert(1)</script>", "jav&#x0D;ascript:alert(1)",
        "&#32;javascript:alert(1)",
        "javas&#99;ript:alert(1)", "javascript&#x3A;alert(1)", "\u{B}javascript:alert(1)",
        "file:///etc/passwd",
    ])
    func refusedSchemeKeepsTheText(href: String) throws {
        let html = "<a href=\"\(href)\">lenke</a>"
        #expect(try HTMLSanitizer.sanitize(html).html == "lenke")
    }

    @Test(arguments: [
        ("https://example.no/a?b=1&amp;c=2", "https://example.no/a?b=1&amp;c=2"),
        ("HTTP://EXAMPLE.NO/", "HTTP://EXAMPLE.NO/"),
        ("mailto:post@example.no", "mailto:post@example.no"),
        ("/steder/x/", "/steder/x/"),
        ("#topp", "#topp"),
        ("  https://example.no/  ", "https://example.no/"),
    ])
    func acceptedLinkGetsRel(href: String, written: String) throws {
        let output = try HTMLSanitizer.sanitize("<a href=\"\(href)\" target=_blank>lenke</a>")
        #expect(output.html == "<a href=\"\(written)\" rel=\"nofollow noopener\">lenke</a>")
    }

    // MARK: Size limit

    @Test func inputAtTheLimitIsSanitised() throws {
        let input =
            "<b>" + String(repeating: "a", count: HTMLSanitizer.maximumInputBytes - 7) + "</b>"
        #expect(input.utf8.count == HTMLSanitizer.maximumInputBytes)
        let output = try HTMLSanitizer.sanitize(input)
        #expect(output.html == input)
    }

    @Test func inputOverTheLimitIsRefused() {
        let input = String(repeating: "a", count: HTMLSanitizer.maximumInputBytes + 1)
        #expect(throws: SanitizerError.tooLarge(bytes: 100_001, limit: 100_000)) {
            try HTMLSanitizer.sanitize(input)
        }
    }

    @Test func limitCountsBytesNotCharacters() {
        let input = String(repeating: "ø", count: HTMLSanitizer.maximumInputBytes / 2 + 1)
        #expect(throws: SanitizerError.tooLarge(bytes: 100_002, limit: 100_000)) {
            try HTMLSanitizer.sanitize(input)
        }
    }

    // MARK: Depth

    @Test func deepNestingIsCappedAndKeepsTheText() throws {
        let depth = 100
        let input =
            String(repeating: "<b>", count: depth) + "dypt"
            + String(repeating: "</b>", count: depth) + " etter"
        let output = try HTMLSanitizer.sanitize(input)
        let cap = HTMLSanitizer.maximumDepth
        #expect(
            output.html == String(repeating: "<b>", count: cap) + "dypt"
                + String(repeating: "</b>", count: cap)
                + " etter")
        #expect(try HTMLSanitizer.sanitize(output.html) == output)
    }

    @Test func listsAtTheDepthCapKeepValidStructure() throws {
        let input = String(repeating: "<blockquote>", count: 63) + "<ul><li>punkt</li></ul>"
        let output = try HTMLSanitizer.sanitize(input)
        #expect(
            output.html == String(repeating: "<blockquote>", count: 63) + "punkt"
                + String(repeating: "</blockquote>", count: 63))
        #expect(ReparsedHTML.problems(in: output.html) == [])
    }

    /// Beyond libxml2's own limit (256 levels) its parsing stops; nothing
    /// crashes, and no text is lost: the input is shown as its text.
    @Test func nestingBeyondLibXML2sLimitKeepsAllText() throws {
        let input = "før" + String(repeating: "<div><span>", count: 2_000) + "dypt"
        let output = try HTMLSanitizer.sanitize(input)
        #expect(output.html == "<p>før dypt</p>")
        #expect(ReparsedHTML.problems(in: output.html) == [])
    }

    // MARK: Plain text

    @Test(arguments: [
        (
            "<p>Første avsnitt.</p><p>Andre <b>fet</b> avsnitt.</p>",
            "Første avsnitt. Andre fet avsnitt."
        ),
        ("Hei<script>alert(1)</script> du<style>p{}</style>", "Hei du"),
        ("<ul><li>Kaffe</li><li>Kake</li></ul>", "Kaffe · Kake"),
        // A block that ends a sentence needs no mark after it.
        (
            "<p>Ikke billig, men bedre.</p><ul><li>Torsk</li><li>Remulade</li></ul>",
            "Ikke billig, men bedre. Torsk · Remulade"
        ),
        ("<h1>Mat</h1><p>God <em>torsk</em>.</p>", "Mat · God torsk."),
        ("  Kaffe &amp;\n\n kake &lt;3  ", "Kaffe & kake <3"),
        ("Linje<br>linje", "Linje · linje"),
        ("Linje.<br>Linje", "Linje. Linje"),
        ("<a href=\"javascript:x\">lenke</a>", "lenke"),
        ("", ""),
    ])
    func plainText(html: String, text: String) {
        #expect(HTMLSanitizer.plainText(html) == text)
    }

    @Test func plainTextCutsOversizedInput() {
        let input = String(repeating: "ø", count: HTMLSanitizer.maximumInputBytes)
        #expect(
            HTMLSanitizer.plainText(input)
                == String(repeating: "ø", count: HTMLSanitizer.maximumInputBytes / 2))
    }

    // MARK: Rules

    @Test func elementRulesMatchTheirDocumentation() {
        #expect(SanitizerElementRule.droppedNames.isDisjoint(with: SanitizerElementRule.voidNames))
        for name in SanitizerElementRule.voidNames {
            #expect(SanitizerElementRule(name: name) == .unwrap, "\(name)")
        }
        for name in [
            "script", "style", "iframe", "object", "svg", "math", "template", "noscript", "form",
            "textarea",
            "select", "button", "title", "head", "frameset", "applet", "audio", "video", "canvas",
            "xmp",
            "plaintext", "noembed", "noframes", "map",
        ] {
            #expect(SanitizerElementRule(name: name) == .drop, "\(name)")
        }
        for name in ["div", "span", "font", "table", "custom-element", "html", "body"] {
            #expect(SanitizerElementRule(name: name) == .unwrap, "\(name)")
        }
        for name in ["h1", "h2", "h3", "h4", "h5", "h6"] {
            #expect(SanitizerElementRule(name: name) == .heading, "\(name)")
        }
    }

    @Test func outputIsOnlyReachableThroughSanitizedHTML() throws {
        let output: SanitizedHTML = try HTMLSanitizer.sanitize("<b>x</b>")
        var buffer = HTMLBuffer()
        buffer.append(output)
        #expect(buffer.fragment.string == "<b>x</b>")
    }
}
