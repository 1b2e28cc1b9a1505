import BeaconTestSupport
import Testing

@testable import BeaconHTML

@Suite struct SafeURLTests {
    @Test func hrefsOnlyWithAllowedSchemes() {
        #expect(SafeURL.href("mailto:a@b.no") == "mailto:a@b.no")
        #expect(SafeURL.href("/relative/path") == "/relative/path")
        #expect(SafeURL.href("vbscript:x") == nil)
        #expect(SafeURL.href("\u{1}javascript:x") == nil)
        // Protocol-relative: https, whatever the page is opened from.
        #expect(SafeURL.href("//evil.example/x") == "https://evil.example/x")
        #expect(SafeURL.href("//evil.example/x", allowed: [.https]) == "https://evil.example/x")
        #expect(SafeURL.href(#"\\evil.example\x"#) == #"https://evil.example\x"#)
        #expect(SafeURL.href("//evil.example/x", allowed: [.http, .mailto]) == nil)
    }

    @Test func telephoneLinks() {
        #expect(SafeURL.telephoneHref("+47 22 42 45 40") == "tel:+4722424540")
        #expect(SafeURL.telephoneHref("22 42 45 40; +47 900 00 000") == "tel:22424540")
        #expect(SafeURL.telephoneHref("ring oss") == nil)
        // Arabic-Indic digits are not ASCII
        #expect(SafeURL.telephoneHref("٢٢ 42 45 40") == "tel:424540")
    }

    /// The byte path for ASCII numbers says what the character path says, on numbers written every
    /// which way.
    @Test func asciiTelephoneLinksEqualTheCharacterPath() {
        var generator = seededGenerator()
        let alphabet = Array("0123456789+ -;,/()abc.\r\n\t")
        var inputs = [
            ";;22 42 45 40", "abc;123", "+4+7 12", "12", ",/;", "", "+ 1 2 3",
            "tlf. 22 00 00 00 / 900 00 000",
            "1234567890123456789012", "\r\n123", "(+47) 22-42-45-40",
        ]
        for _ in 0..<2_000 {
            inputs.append(
                String(
                    (0..<Int.random(in: 0...16, using: &generator)).map { _ in
                        alphabet.randomElement(using: &generator)!
                    }))
        }
        for input in inputs {
            #expect(
                SafeURL.telephoneHref(input) == SafeURL.telephoneHrefOfCharacters(input),
                "\(input.debugDescription)")
        }
    }
}

@Suite struct ScriptJSONTests {
    /// Whatever JSON it is given, the script element cannot be closed or left.
    @Test func dataCannotCloseItsScriptElement() {
        var buffer = HTMLBuffer()
        buffer.scriptJSON(
            id: "data", Array(#"{"n":"</script><!--&\#u{2028}x\#u{2029}","m":["<b>"]}"#.utf8))
        let html = String(decoding: buffer.bytes, as: UTF8.self)
        #expect(
            html
                == #"<script type="application/json" id="data">{"n":"\u003c/script\u003e\u003c!--\u0026\u2028x\u2029","m":["\u003cb\u003e"]}</script>"#
        )
    }
}
