import Foundation
import Testing

@testable import BeaconHTML
@testable import BeaconSystem

/// The owner's words as the pages show them: Markdown through libcmark, then the sanitiser
/// (`OwnerText`). libcmark is installed for the tests (`scripts/install-deps --test`).
@Suite struct OwnerTextTests {
    static func html(_ markdown: String) throws -> String {
        let cmark = try #require(Libcmark.shared, "libcmark is not installed")
        return try OwnerText.html(markdown, markdown: cmark).html
    }

    @Test(arguments: [
        ("Prøv *akevitt*.", "<p>Prøv <em>akevitt</em>.</p>"),
        ("**Book bord** i god tid", "<p><strong>Book bord</strong> i god tid</p>"),
        ("_lun_ og __varm__", "<p><em>lun</em> og <strong>varm</strong></p>"),
        (
            "- Torsk\n- Hjemmelaget remulade",
            "<ul>\n<li>Torsk</li>\n<li>Hjemmelaget remulade</li>\n</ul>"
        ),
        ("1. Bestill\n2. Spis", "<ol>\n<li>Bestill</li>\n<li>Spis</li>\n</ol>"),
        ("> Beste i byen", "<blockquote>\n<p>Beste i byen</p>\n</blockquote>"),
        ("Første linje\nandre linje", "<p>Første linje<br>\nandre linje</p>"),
        ("Ett avsnitt.\n\nEt til.", "<p>Ett avsnitt.</p>\n<p>Et til.</p>"),
        ("Byens beste filterkaffe.", "<p>Byens beste filterkaffe.</p>"),
        ("5 < 6 & «sant»", "<p>5 &lt; 6 &amp; «sant»</p>"),
    ])
    func markdownIsRendered(markdown: String, expected: String) throws {
        #expect(try Self.html(markdown) == expected)
    }

    @Test func linksKeepSafeAddressesOnly() throws {
        #expect(
            try Self.html("[Meny](https://example.org/meny)")
                == "<p><a href=\"https://example.org/meny\" rel=\"nofollow noopener\">Meny</a></p>")
        #expect(
            try Self.html("<https://example.org>")
                == "<p><a href=\"https://example.org\" rel=\"nofollow noopener\">https://example.org</a></p>"
        )
        for hostile in [
            "[klikk](javascript:alert(1))", "[klikk](JaVaScRiPt:alert(1))",
            "[klikk](data:text/html,<script>alert(1)</script>)", "[klikk](vbscript:x)",
            "[klikk][r]\n\n[r]: javascript:alert(1)",
        ] {
            let html = try Self.html(hostile)
            #expect(html == "<p>klikk</p>", "\(hostile)")
        }
    }

    @Test func rawHTMLStaysInert() throws {
        #expect(try Self.html("Hei <script>alert(1)</script> du") == "<p>Hei  du</p>")
        #expect(
            try Self.html("<script>\nalert(1)\n</script>\n\n*etter*") == "<p><em>etter</em></p>")
        #expect(
            try Self.html("<img src=x onerror=alert(1)> **fet** <b onclick=\"x()\">b</b>")
                == "<p> <strong>fet</strong> <b>b</b></p>")
        // HTML from before Markdown, and an imported note (stored as HTML), pass as they did.
        #expect(
            try Self.html("<p>Importert &amp; notat<br>linje 2</p>")
                == "<p>Importert &amp; notat<br>linje 2</p>")
    }

    @Test func headingsBecomeStrongParagraphs() throws {
        #expect(
            try Self.html("# Mat\n\nGod torsk.\n\n### Drikke")
                == "<p><strong>Mat</strong></p>\n<p>God torsk.</p>\n<p><strong>Drikke</strong></p>")
        #expect(try Self.html("Mat\n===\n").contains("<h") == false)
    }

    @Test func aLongCommentIsRenderedWhole() throws {
        let paragraph = "Ikke billig, men *bedre* enn det meste. "
        let list = (1...40).map { "- Rett nummer \($0) med **saus**" }.joined(separator: "\n")
        let text = String(repeating: paragraph, count: 60) + "\n\n" + list
        #expect(text.count > 3_000)
        let html = try Self.html(text)
        #expect(html.components(separatedBy: "<em>bedre</em>").count == 61)
        #expect(html.components(separatedBy: "<li>").count == 41)
        #expect(html.hasSuffix("</li>\n</ul>"))
        #expect(ReparsedHTML.problems(in: html) == [])
    }

    @Test func theExcerptKeepsBlocksApart() throws {
        let cmark = try #require(Libcmark.shared)
        let html = try OwnerText.html(
            "Ikke billig, men bedre.\n\n- Torsk\n- Hjemmelaget remulade\n\n## Drikke\nØl",
            markdown: cmark)
        #expect(
            OwnerText.plainText(of: html)
                == "Ikke billig, men bedre. Torsk · Hjemmelaget remulade · Drikke · Øl")
        #expect(
            OwnerText.plainText(of: try OwnerText.html("*Lun* og **god**.", markdown: cmark))
                == "Lun og god.")
    }

    /// Every hostile input of the sanitiser's corpus, read as Markdown: nothing but the allow-list
    /// comes out, and no script, handler or script address.
    @Test(arguments: SanitizerCorpus.cases)
    func hostileCorpusAsMarkdown(_ example: SanitizerCorpusCase) throws {
        let html = try Self.html(example.input)
        #expect(ReparsedHTML.problems(in: html) == [])
        let lowered = html.lowercased()
        for forbidden in [
            "<script", "<style", "<iframe", "<svg", "<img", "javascript:", "vbscript:",
        ] {
            #expect(!lowered.contains(forbidden), "\(forbidden)")
        }
        #expect(lowered.range(of: #"<[^>]*\son[a-z]+\s*="#, options: .regularExpression) == nil)
        #expect(try HTMLSanitizer.sanitize(html).html == html, "not what the sanitiser gives")
    }

    @Test func withoutLibcmarkTheTextIsPlainAndEscaped() throws {
        #expect(Libcmark.load(["libcmark-not-here.so.0"]) == nil)
        #expect(
            try OwnerText.html("**Book bord** & mer\nny linje", markdown: nil).html
                == "<p>**Book bord** &amp; mer<br>ny linje</p>")
        #expect(OwnerText.missingLibraryNotice.contains("apt install libcmark0.30.2"))
    }
}
