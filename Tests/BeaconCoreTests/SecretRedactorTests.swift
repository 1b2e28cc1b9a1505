import Foundation
import Testing

@testable import BeaconModel
@testable import BeaconSources
@testable import BeaconSystem

/// The key in every spelling an answer or a file may carry it in (issue: a key echoed back as
/// `\u002B` or `%2B` passed the byte-level redaction, was decoded, and was kept and published).
@Suite struct SecretRedactorTests {
    static let key = "k-ey.X+y/z"
    let redactor = SecretRedactor(secrets: [Self.key])

    static let spellings = [
        "k-ey.X+y/z", #"k-ey.X\u002By/z"#, #"k-ey.X\u002by\/z"#, "k-ey.X%2By/z", "k-ey.X+y%2Fz",
        "k-ey.X%2by%2fz",
        "%6B%2D%65%79%2E%58%2B%79%2F%7A", "k-ey.X&#43;y/z", "k-ey.X&#x2B;y&#x2f;z",
        "k-ey.X&plus;y&sol;z",
        "k-ey&period;X+y/z", "k-ey.X&#0043y/z", #"k-ey.X\x2By/z"#, #"\u006b-ey.X+y/z"#,
    ]

    @Test(arguments: spellings) func everySpellingIsFoundAndReplaced(spelling: String) {
        let text = "Echo «\(spelling)» slutt"
        #expect(redactor.isFound(in: Array(text.utf8)))
        #expect(redactor.redact(text) == "Echo «\(SecretRedactor.placeholder)» slutt")
    }

    @Test func otherTextIsLeftAlone() {
        for text in [
            "K-EY.X+Y/Z", "k-ey.X y/z", "k-ey.X+y/", "k-ey.X%2Cy/z", "k-ey.X&#44;y/z",
            "k-ey.X&pluss;y/z",
            "k-ey.X%2", "&", "%", "\\", "&#", "&#x;", "", "Tim Wendelboe &amp; co 100%",
        ] {
            #expect(!redactor.isFound(in: Array(text.utf8)), "\(text)")
            #expect(redactor.redact(text) == text)
        }
    }

    @Test func aKeyOfOtherCharactersIsFoundTooAndEveryMatchIsReplaced() {
        let redactor = SecretRedactor(secrets: ["  a\"b\\c&d%e  "])
        let text = #"1 a\"b\\c&amp;d%25e 2 a&quot;b&bsol;c&d&percnt;e 3"#
        #expect(redactor.redact(text) == "1 [API-nøkkel] 2 [API-nøkkel] 3")
    }

    /// What each decoder on the way reads back: a JSON reader undoes `\u0025`, then a URL reader
    /// `%2B`.
    @Test func aJSONAnswerLosesTheKeyAsItsReaderWouldSeeIt() throws {
        let answer = #"""
            {"features":[{"properties":{"name":"Echo k-ey.X\u002By/z","street":"k-ey.X\u00252By/z",
            "note":"\ud83d\ude00 \"sitert\" k\u002dey.X+y\/z","plain":"k-ey.X+y/z","other":"Tim \u00e5pent"}}]}
            """#
        let redacted = redactor.redactingAnswer(Data(answer.utf8))
        let json = try #require(try JSONSerialization.jsonObject(with: redacted) as? [String: Any])
        let properties = try #require(
            ((json["features"] as? [[String: Any]])?.first?["properties"]) as? [String: String])
        #expect(properties["name"] == "Echo [API-nøkkel]")
        #expect(properties["street"] == "[API-nøkkel]")
        #expect(properties["note"] == "😀 \"sitert\" [API-nøkkel]")
        #expect(properties["plain"] == "[API-nøkkel]")
        #expect(properties["other"] == "Tim åpent")
        // Strings without the key keep their bytes, escapes and all.
        #expect(String(decoding: redacted, as: UTF8.self).contains(#""other":"Tim \u00e5pent""#))
        let clean = Data(#"{"name":"Tim \u00e5pent \/ 100%"}"#.utf8)
        #expect(redactor.redactingAnswer(clean) == clean)
    }

    /// Every JSON answer passes the client's one way in, whatever its path: places, addresses, and
    /// the place details an import will ask for.
    @Test(arguments: ["/v2/places", "/v1/geocode/search", "/v2/place-details"])
    func everyJSONAnswerOfTheClientLosesTheKey(path: String) async throws {
        let echo =
            #"{"features":[{"properties":{"name":"Echo k-ey.X\u002By/z","website":"https://x/?k=k-ey.X%2By%2Fz"}}]}"#
        let transport = RecordingTransport(latency: .zero) { _ in
            .success(HTTPResponse(status: 200, body: Data(echo.utf8)))
        }
        let client = GeoapifyClient(apiKey: Self.key, transport: transport)
        let body = try await client.fetch(client.url(path: path, query: [("id", "1")]))
        #expect(
            !String(decoding: body, as: UTF8.self).contains("k-ey"),
            "\(String(decoding: body, as: UTF8.self))")
        let json = try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any])
        #expect("\(json)".contains("Echo [API-nøkkel]"))
        #expect(transport.records.first?.request.headers["x-api-key"] == Self.key)
    }

    @Test func anAnswerThatIsNoJSONIsRedactedAsBytes() {
        let body = Data("<html>k-ey.X%2By/z \"unclosed \\u002B".utf8)
        #expect(
            String(decoding: redactor.redactingAnswer(body), as: UTF8.self).hasPrefix(
                "<html>[API-nøkkel]"))
    }

    @Test func aPNGKeepsOnlyThePicturesChunksWithTheirCRCs() throws {
        let idat: [UInt8] = [0x78, 0x9C, 0x63, 0x60, 0x00, 0x00, 0x00, 0x02, 0x00, 0x01]
        let withText = PNGCheckTests.png(chunks: [
            ("tEXt", Array("Comment\0k-ey.X+y/z".utf8)),
            ("zTXt", Array("Key\0\0".utf8) + [0x78, 0x9C, 0x03, 0]),
            ("iTXt", Array("Key\0\u{1}\0en\0\0".utf8) + [0x78, 0x9C]),
            ("gAMA", [0, 0, 0xB1, 0x8F]), ("IDAT", idat),
        ])
        let kept = try #require(PNGTile.publishable(withText))
        #expect(kept == PNGCheckTests.png(chunks: [("IDAT", idat)]))
        #expect(PNGCheck.isTile(kept))
        #expect(!redactor.isFound(in: kept))
        // A chunk whose bytes were changed without its CRC (as a byte-level redaction did) is no
        // PNG.
        var broken = withText
        let at = try #require(broken.firstRange(of: Array("k-ey".utf8)))
        broken[at.lowerBound] = UInt8(ascii: "K")
        #expect(PNGTile.publishable(broken) == nil)
        #expect(PNGTile.publishable(Array(withText.dropLast(4))) == nil)
        #expect(PNGTile.publishable(Array("not a png".utf8)) == nil)
    }
}
