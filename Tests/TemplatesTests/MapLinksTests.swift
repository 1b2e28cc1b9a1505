import BeaconModel
import Testing

@testable import Templates

@Suite struct MapLinksTests {
    /// What `displayURL` did when it lowercased the whole URL three times: the reference it must
    /// keep.
    static func displayURLByLowercasing(_ url: String) -> String {
        var text = url
        for prefix in ["https://", "http://"] where text.lowercased().hasPrefix(prefix) {
            text = String(text.dropFirst(prefix.count))
        }
        if text.lowercased().hasPrefix("www.") { text = String(text.dropFirst(4)) }
        if text.hasSuffix("/") { text.removeLast() }
        return TextHardening.truncate(text, to: 60)
    }

    @Test(arguments: [
        "https://example.no/meny/", "HTTP://WWW.Example.no", "http://https://x", "www.", "https://",
        "ftp://example.no", "Https://www.kafé.no/", "https:/\u{301}/x", "www.\u{301}x", "wWw.x.no/",
        "https://www.example.no/" + String(repeating: "a", count: 80), "", "/", "h",
    ])
    func displayURLDropsTheSchemeAndWwwAsBefore(url: String) {
        #expect(MapLinks.displayURL(url) == Self.displayURLByLowercasing(url))
    }
}
