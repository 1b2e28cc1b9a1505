import Foundation
import Testing

@testable import BeaconModel
@testable import BeaconSite
@testable import BeaconSystem

@Suite struct SlugTests {
    @Test func stemsAreAsciiAndReadable() {
        #expect(TextFolding.slugStem("Café & Bar") == "cafe-bar")
        #expect(TextFolding.slugStem("Bølgen & Moi") == "bolgen-moi")
        #expect(TextFolding.slugStem("Ærlig Åpent Bakeri") == "aerlig-apent-bakeri")
        #expect(TextFolding.slugStem("../../etc/passwd") == "etc-passwd")
        #expect(TextFolding.slugStem("..") == "sted")
        #expect(TextFolding.slugStem("本能寺") == "sted")
        #expect(TextFolding.slugStem("Ola's Pub") == "ola-s-pub")
        #expect(TextFolding.placeSlugStem("Ola's Pub", unnamed: "sted") == "olas-pub")
        #expect(TextFolding.slugStem(String(repeating: "lang ", count: 100)).count <= 60)
    }

    /// The written-out table is the one Unicode's canonical decompositions give (lower-cased, the
    /// ASCII letters and digits kept), with the Norwegian and other letters that have none by
    /// convention.
    @Test func theLatinFoldingTableIsUnicodesDecompositions() throws {
        var derived: [UInt32: [UInt8]] = [:]
        for value in UInt32(0xC0)...0x24F {
            guard let scalar = Unicode.Scalar(value), scalar.properties.isAlphabetic else {
                continue
            }
            let base = String(scalar).lowercased().decomposedStringWithCanonicalMapping
                .unicodeScalars
                .filter { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)) }
            if !base.isEmpty { derived[value] = Array(String(String.UnicodeScalarView(base)).utf8) }
        }
        for (letters, ascii) in [
            ("æÆ", "ae"), ("øØöÖ", "o"), ("åÅäÄ", "a"), ("ß", "ss"), ("üÜ", "u"), ("œŒ", "oe"),
            ("ðÐ", "d"),
            ("þÞ", "th"), ("łŁ", "l"), ("đĐ", "d"),
        ] {
            for letter in letters.unicodeScalars { derived[letter.value] = Array(ascii.utf8) }
        }
        #expect(TextFolding.latinFoldingTable.count == 0x250 - 0xC0)
        for value in UInt32(0xB0)...0x260 {
            let scalar = try #require(Unicode.Scalar(value))
            #expect(
                TextFolding.latinFolding(scalar) == (derived[value] ?? []),
                "U+\(String(value, radix: 16))")
        }
    }

    @Test func slugsAreUniqueStableAndSafe() {
        let places: [(id: PlaceID, name: String)] = (0..<2_000).map {
            (PlaceID(rawValue: "node/\($0)"), $0 % 3 == 0 ? "Café & Bar" : "../\u{0}evil/\($0 % 7)")
        }
        let slugs = SlugAssigner.assign(places, unnamed: "sted")
        #expect(Set(slugs.values).count == places.count)
        for slug in slugs.values {
            #expect(!slug.contains("/"))
            #expect(!slug.contains(".."))
            #expect(!slug.unicodeScalars.contains { $0.value < 0x20 })
            #expect(slug.count <= 60 + 1 + 12 + 4)
            #expect(SiteWriter.isSafeRelativePath("steder/\(slug)/index.html"))
        }
        // Stable: the same input in another order gives the same slugs.
        #expect(SlugAssigner.assign(places.reversed(), unnamed: "sted") == slugs)
        // Stable across runs: depends only on name and id.
        #expect(
            slugs[PlaceID(rawValue: "node/0")] == "cafe-bar-"
                + PlaceID(rawValue: "node/0").shortHash())
    }

    /// A place with no name, or a name of no Latin letter, gets the guide's word for a place: its
    /// address is in the guide's language (`/places/place-k3x9a1/` in an English guide,
    /// `/steder/sted-k3x9a1/` in bokmål).
    @Test func aPlaceWithoutALatinNameIsCalledAPlaceInTheGuidesLanguage() {
        let id = PlaceID(rawValue: "node/7")
        let hash = id.shortHash()
        for (language, stem) in [(Language.nb, "sted"), (.nn, "stad"), (.en, "place")] {
            let unnamed = PathWords(language).unnamedPlace
            #expect(SlugAssigner.assign([(id, "")], unnamed: unnamed)[id] == "\(stem)-\(hash)")
            #expect(SlugAssigner.assign([(id, "寿司 🍣")], unnamed: unnamed)[id] == "\(stem)-\(hash)")
            #expect(SlugAssigner.assign([(id, "Café Ø")], unnamed: unnamed)[id] == "cafe-o-\(hash)")
        }
    }

    /// A place's slug joins what an apostrophe stands in, as slugs are written elsewhere; a
    /// category's key (`slugStem`) keeps the rule it was made with, so an owner's kind keeps its
    /// key and places.
    @Test func anApostropheJoinsAPlacesSlug() {
        let id = PlaceID(rawValue: "node/7")
        let hash = id.shortHash()
        for (name, stem) in [
            ("Nando's", "nandos"), ("O’Learys Oslo S", "olearys-oslo-s"),
            ("Hell's Kitchen", "hells-kitchen"),
            ("Rock 'n' Roll", "rock-n-roll"), ("Mother India`s Cafe", "mother-indias-cafe"),
            ("Hanne‘s Kafé", "hannes-kafe"), ("Ola\u{2BC}s", "olas"), ("' '", "sted"),
            ("Café d'Été", "cafe-dete"),
        ] {
            #expect(
                SlugAssigner.assign([(id, name)], unnamed: "sted")[id] == "\(stem)-\(hash)",
                "\(name)")
        }
        #expect(TextFolding.slugStem("Children's parks") == "children-s-parks")
    }

    /// A page's old slug (the place renamed since, or slugged by an earlier rule) still names the
    /// place on the command line by the part of its id it ends in.
    @Test func anOldSlugStillNamesItsPlace() {
        let spot = Coordinate(latitude: 55.95, longitude: -3.19)
        let nandos = Place(
            id: PlaceID(rawValue: "node/1"), name: "Nando's", category: .restaurant,
            coordinate: spot)
        let other = Place(
            id: PlaceID(rawValue: "node/2"), name: "Dishoom", category: .restaurant,
            coordinate: spot)
        let resolver = PlaceResolver(places: [nandos, other], language: .nb)
        let hash = nandos.id.shortHash()
        for old in ["nando-s-\(hash)", "nandos-\(hash)", "a-name-it-had-\(hash)", "nandos"] {
            guard case .found(let place) = resolver.resolve(old) else {
                Issue.record("\(old) not found")
                continue
            }
            #expect(place.id == nandos.id, "\(old)")
        }
        guard case .notFound = resolver.resolve("nobody-zzzzzz") else {
            Issue.record("a part no place's id has named a place")
            return
        }
    }

    @Test func clashingHashesStillGiveUniqueSlugs() {
        // Same id twice under different names is impossible; same name and
        // forced-equal short hashes are simulated by many ids with one name.
        let places = (0..<50_000).map { (id: PlaceID(rawValue: "node/\($0)"), name: "Kafé") }
        let slugs = SlugAssigner.assign(places, unnamed: "sted")
        #expect(Set(slugs.values).count == 50_000)
    }
}

@Suite struct TextTests {
    @Test func searchKeysFoldCaseAndAccents() {
        #expect(TextFolding.searchKey("Kafé ÅPENT") == "kafe apent")
        #expect("Café Sør".matchesSearchKey(TextFolding.searchKey("cafe sør")))
        #expect(TextFolding.searchKey("Øl og Ære") == "ol og aere")
        #expect(TextFolding.searchKey("Straße Œuvre") == "strasse oeuvre")
    }

    @Test func hardeningRemovesControlsAndOverrides() {
        #expect(
            TextHardening.clean("  Kafé\u{202E}\u{0} \n Nord\u{2066} ", maximumLength: 100)
                == "Kafé Nord")
        #expect(TextHardening.clean("\u{200F}\u{0}  ", maximumLength: 100) == nil)
        #expect(TextHardening.clean("abcdef", maximumLength: 4) == "abc…")
        #expect(TextHardening.clean("abcd", maximumLength: 4) == "abcd")
        #expect(TextHardening.clean("👨‍👩‍👧 familie", maximumLength: 100) == "👨‍👩‍👧 familie")
    }

    @Test func websitesOnlyWithHTTPAndAHost() {
        #expect(WebsiteAddress.normalized("https://example.no/meny") == "https://example.no/meny")
        #expect(WebsiteAddress.normalized("www.example.no") == "https://www.example.no")
        #expect(WebsiteAddress.normalized("javascript:alert(1)") == nil)
        #expect(WebsiteAddress.normalized(" JaVaScRiPt:alert(1)") == nil)
        #expect(WebsiteAddress.normalized("java\tscript:alert(1)") == nil)
        #expect(WebsiteAddress.normalized("data:text/html,<script>") == nil)
        #expect(WebsiteAddress.normalized("ftp://example.no") == nil)
        #expect(WebsiteAddress.normalized("https://") == nil)
    }

    /// A user name or password, or a character no URL has unescaped: refused, however the text came
    /// in.
    @Test func websitesWithoutUserInfoOrCharactersNoURLHas() {
        for text in [
            "https://u:p@example.no/", "https://u@example.no", "http://example.no@evil.example/x",
        ] {
            #expect(WebsiteAddress.checked(text) == .failure(.userInfo), "\(text)")
        }
        for (text, character) in [
            (#"https://example.no/"x"#, "\""), ("https://example.no/<b>", "<"),
            (#"https://example.no\x"#, "\\"),
            ("https://example.no/^", "^"), ("https://example.no/`", "`"), ("example.no/{a}", "{"),
            ("https://example.no/a|b", "|"), ("https://example.no/}", "}"),
            ("https://exa mple.no/", " "),
        ] as [(String, Character)] {
            #expect(WebsiteAddress.checked(text) == .failure(.character(character)), "\(text)")
            #expect(WebsiteAddress.normalized(text) == nil, "\(text)")
        }
        // What a URL may hold stays: an @ in the path, a query, reserved characters, an apostrophe.
        for text in [
            "https://example.no/@kafe", "https://example.no/?a=1&b=[2]",
            "https://example.no/o'neill",
        ] {
            #expect(WebsiteAddress.normalized(text) == text, "\(text)")
        }
    }
}
