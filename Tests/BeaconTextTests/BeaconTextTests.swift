import BeaconTestSupport
import BeaconText
import Foundation
import Testing

@testable import BeaconSystem

/// The binary's own string and path operations against Foundation's (which the
/// tests may import: they are not in the binary), on seeded random text.
struct BeaconTextTests {
    /// Text made of the scalars where the edge cases live: ASCII, Latin with
    /// accents, combining marks in every order, Hebrew points, Hangul syllables, CJK
    /// compatibility ideographs, white space of every kind, and astral scalars.
    /// (Not Tibetan vowel signs or Hangul jamo: Foundation on Linux orders and
    /// composes those wrongly; `knownCases` checks them against the standard.)
    static let alphabet: [Unicode.Scalar] = {
        let ranges: [ClosedRange<UInt32>] = [
            0x20...0x7E, 0x09...0x0D, 0x85...0x85, 0xA0...0x17F, 0x1E00...0x1EFF, 0x300...0x36F,
            0x0591...0x05C7,
            0xAC00...0xAC40, 0xD790...0xD7A3, 0x2000...0x200B, 0x2028...0x2029, 0x3000...0x3000,
            0xF900...0xF920,
            0x1D15E...0x1D164, 0x2F800...0x2F810, 0x1F600...0x1F610, 0x0622...0x0626,
            0x093C...0x0954,
        ]
        return ranges.flatMap { $0.compactMap(Unicode.Scalar.init) }
    }()

    /// Cases worked out from the Unicode standard (and what a browser's `normalize` gives).
    @Test func knownCases() {
        func scalars(_ text: String) -> [UInt32] { text.unicodeScalars.map(\.value) }
        #expect(
            scalars(UnicodeNormalization.decomposed("x\u{0308}\u{0F73}")) == [
                0x78, 0xF71, 0xF72, 0x308,
            ])
        #expect(
            scalars(UnicodeNormalization.decomposed("A\u{05B6}\u{0302}\u{0300}")) == [
                0x41, 0x5B6, 0x302, 0x300,
            ])
        #expect(
            scalars(UnicodeNormalization.decomposed("\u{1EA6}\u{05B6}")) == [
                0x41, 0x5B6, 0x302, 0x300,
            ])
        #expect(scalars(UnicodeNormalization.decomposed("\u{AC2C}")) == [0x1100, 0x1162, 0x11B7])
        #expect(
            scalars(UnicodeNormalization.decomposed("Kafé Ørken Å")) == [
                0x4B, 0x61, 0x66, 0x65, 0x301, 0x20, 0xD8, 0x72,
                0x6B, 0x65, 0x6E, 0x20, 0x41, 0x30A,
            ])
        #expect(scalars(UnicodeNormalization.composed("\u{AC1C}\u{11B7}")) == [0xAC2C])
        #expect(scalars(UnicodeNormalization.composed("A\u{030A}e\u{0301}")) == [0xC5, 0xE9])
        #expect(UnicodeNormalization.decomposed("plain ascii") == "plain ascii")
    }

    static func randomText(_ generator: inout SplitMix, length: Int) -> String {
        var view = String.UnicodeScalarView()
        for _ in 0..<length {
            view.append(alphabet[Int(generator.next() % UInt64(alphabet.count))])
        }
        return String(view)
    }

    @Test func decompositionMatchesFoundationOnEveryTableEntryAndRandomText() {
        for value in UInt32(0)...0x2FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let text = String(Character(scalar))
            #expect(
                UnicodeNormalization.decomposed(text) == text.decomposedStringWithCanonicalMapping,
                "U+\(String(value, radix: 16, uppercase: true))")
        }
        var generator = seededGenerator()
        for _ in 0..<3_000 {
            let text = Self.randomText(&generator, length: Int(generator.next() % 12))
            #expect(
                Array(UnicodeNormalization.decomposed(text).unicodeScalars)
                    == Array(text.decomposedStringWithCanonicalMapping.unicodeScalars),
                "\(text.debugDescription)")
            #expect(
                Array(UnicodeNormalization.composed(text).unicodeScalars)
                    == Array(text.precomposedStringWithCanonicalMapping.unicodeScalars),
                "\(text.debugDescription)")
        }
    }

    @Test func trimmingMatchesFoundationsCharacterSets() {
        var generator = seededGenerator()
        for _ in 0..<3_000 {
            let text = Self.randomText(&generator, length: Int(generator.next() % 8))
            #expect(
                text.trimmingSpaces() == text.trimmingCharacters(in: .whitespaces),
                "\(text.debugDescription)")
            #expect(
                text.trimmingWhitespace() == text.trimmingCharacters(in: .whitespacesAndNewlines),
                "\(text.debugDescription)")
        }
        for value in UInt32(0)...0x3000 {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let text = "a" + String(Character(scalar)) + "b" + String(Character(scalar))
            #expect(
                text.trimmingWhitespace() == text.trimmingCharacters(in: .whitespacesAndNewlines),
                "U+\(value)")
            #expect(
                text.trimmingSpaces() == text.trimmingCharacters(in: .whitespaces), "U+\(value)")
        }
    }

    @Test func replacingMatchesBytesNotGraphemes() {
        #expect("a<\u{338}b".replacingAll("<", with: "&lt;") == "a&lt;\u{338}b")
        #expect("&\u{301}".replacingAll("&", with: "&amp;") == "&amp;\u{301}")
        #expect("key\u{301}key".replacingAll("key", with: "•") == "•\u{301}•")
        #expect("aaa".replacingAll("aa", with: "b") == "ba")
        #expect("".replacingAll("a", with: "b") == "")
        #expect("abc".replacingAll("", with: "x") == "abc")
        #expect(
            "x<\u{338}".containsBytes("<") && !"abc".containsBytes("abcd")
                && "abc".containsBytes(""))
        var generator = seededGenerator()
        for _ in 0..<2_000 {
            let text = Self.randomText(&generator, length: Int(generator.next() % 10))
            let target = Self.randomText(&generator, length: 1 + Int(generator.next() % 2))
            #expect(
                text.replacingAll(target, with: "·")
                    == text.replacingOccurrences(of: target, with: "·", options: .literal),
                "\(text.debugDescription) \(target.debugDescription)")
        }
    }

    @Test func pathsSplitAsNSStringSplitThem() {
        // Foundation on Linux crashes on "a" and "a/" and folds "//": those are checked by hand
        // below.
        let paths = [
            "/", "/a", "/a/", "/a/b", "/a/b/", "a/b", "/a/b.txt", "a/.profile", ".profile",
            "a/b.tar.gz", "a.b/c", "blåbær/æ.json", "x/y/", "../a", "./a", "/srv/site/output",
        ]
        for path in paths {
            let ns = path as NSString
            #expect(PathText.lastComponent(path) == ns.lastPathComponent, "\(path)")
            #expect(PathText.parent(path) == ns.deletingLastPathComponent, "\(path)")
            #expect(PathText.pathExtension(path) == ns.pathExtension, "\(path)")
            #expect(PathText.removingExtension(path) == ns.deletingPathExtension, "\(path)")
        }
        #expect(
            PathText.lastComponent("a") == "a" && PathText.parent("a") == ""
                && PathText.parent("a/") == "")
        #expect(
            PathText.lastComponent("") == "" && PathText.parent("") == ""
                && PathText.pathExtension("") == "")
        #expect(
            PathText.appending("b", to: "/a") == "/a/b" && PathText.appending("b", to: "/") == "/b")
        for path in ["~", "~/x", "~/x/", "~root/y", "~nobody-here-xyz/z", "/a/~", "x~"] {
            #expect(
                PathText.expandingTilde(path, home: HomeFolder.path(ofUser:))
                    == (path as NSString).expandingTildeInPath, "\(path)")
        }
    }
}
