import Foundation
import Testing

@testable import BeaconModel
@testable import BeaconSystem
@testable import Templates

/// The catalogues: every language has every text. The pages' texts are the
/// struct's properties (a missing one does not compile); the page scripts'
/// texts are keys, checked here against each other and against the scripts.
@Suite struct CatalogueTests {
    static let languages = Language.allCases

    static func scriptKeys(_ language: Language) -> [String] {
        ScriptTexts.texts(Strings.of(language)).map(\.key)
    }

    @Test func everyLanguageHasEveryScriptTextOnceWithTheSameSlots() {
        let bokmål = ScriptTexts.texts(Strings.of(.nb))
        #expect(Set(bokmål.map(\.key)).count == bokmål.count, "a key twice in bokmål")
        for language in Self.languages {
            let texts = ScriptTexts.texts(Strings.of(language))
            let keys = texts.map(\.key)
            #expect(Set(keys).count == keys.count, "\(language): a key twice")
            #expect(
                Set(keys) == Set(bokmål.map(\.key)),
                "\(language): missing \(Set(bokmål.map(\.key)).subtracting(keys).sorted()), extra \(Set(keys).subtracting(bokmål.map(\.key)).sorted())"
            )
            for (key, value) in texts {
                #expect(
                    !value.trimmingCharacters(in: .whitespaces).isEmpty,
                    "\(language) \(key) is empty")
                let reference = bokmål.first { $0.key == key }?.value ?? ""
                let slots = { (text: String) in
                    Set(text.matches(of: /\{(\w+)\}/).map { String($0.output.1) })
                }
                #expect(
                    slots(value) == slots(reference),
                    "\(language) \(key): slots \(slots(value)) ≠ bokmål's \(slots(reference))")
            }
        }
    }

    /// A title `init` or `center set` made from the centre is the tool's words: each language says
    /// it in its own, and bokmål's are the words the settings were given. A title the owner wrote
    /// stays as written.
    @Test func aTitleMadeFromTheCentreIsSaidInEachPagesLanguage() {
        func title(_ settings: SiteSettings, _ language: Language) -> String {
            SiteContext.title(of: settings, in: language, strings: Strings.of(language))
        }
        var made = SiteSettings(
            centerLabel: "Bergen", title: SiteSettings.titleFollowing(label: "Bergen"))
        #expect(made.titleIsMadeFromCenter)
        #expect(title(made, .nb) == made.title)
        #expect(title(made, .nn) == "Stader rundt Bergen")
        #expect(title(made, .en) == "Places around Bergen")
        made.translations[.en] = .init(title: "Bergen, my way")
        #expect(title(made, .en) == "Bergen, my way")

        let unnamed = SiteSettings(centerLabel: nil, title: SiteSettings.titleFollowing(label: nil))
        #expect(title(unnamed, .nb) == unnamed.title && title(unnamed, .en) == "My place guide")

        let builtIn = SiteSettings.defaults
        #expect(
            title(builtIn, .nb) == builtIn.title
                && title(builtIn, .nn) == "Beacon – stader rundt Oslo S")
        #expect(title(builtIn, .en) == "Beacon – places around Oslo S")

        // The built-in guide's introduction too; an owner's stays as written.
        #expect(SiteContext.intro(of: builtIn, in: .nb) == builtIn.intro)
        #expect(
            SiteContext.intro(of: builtIn, in: .en)?.hasPrefix(
                "Restaurants, cafés and hotels I like") == true)
        #expect(SiteContext.intro(of: builtIn, in: .nn)?.contains("<em>Mine stader</em>") == true)
        var ownIntro = builtIn
        ownIntro.intro = "Mine <em>beste</em> steder."
        #expect(SiteContext.intro(of: ownIntro, in: .en) == "Mine <em>beste</em> steder.")
        ownIntro.translations[.en] = .init(intro: "My best places.")
        #expect(SiteContext.intro(of: ownIntro, in: .en) == "My best places.")

        // The owner's own title, and a made one that names another centre than the saved one.
        for own in ["Mine steder i Bergen", SiteSettings.titleFollowing(label: "Oslo")] {
            let owners = SiteSettings(centerLabel: "Bergen", title: own)
            #expect(!owners.titleIsMadeFromCenter)
            for language in Self.languages { #expect(title(owners, language) == own) }
        }
    }

    /// `t('key')`, `Text.t('key'`, `say('key'` and `count(n, 'key')` (which reads `key.one` and
    /// `key.other`) in the scripts.
    static func keysTheScriptsUse() throws -> Set<String> {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent()
            .deletingLastPathComponent()
            .appendingPathComponent("Resources/assets").path
        var keys = Set<String>()
        for name in [
            "beacon.js", "beacon-map.js", "beacon-hours.js", "beacon-offline.js", "beacon-share.js",
        ] {
            let source = try String(contentsOfFile: folder + "/" + name, encoding: .utf8)
            for match in source.matches(of: /(?:^|[^A-Za-z_])(?:t|say)\('([A-Za-z0-9.]+)'/) {
                keys.insert(String(match.output.1))
            }
            for match in source.matches(of: /(?:^|[^A-Za-z_])count\([^,()]+, '([A-Za-z.]+)'\)/) {
                keys.insert(String(match.output.1) + ".one")
                keys.insert(String(match.output.1) + ".other")
            }
        }
        return keys
    }

    @Test func everyTextTheScriptsAskForIsInEveryCatalogue() throws {
        let used = try Self.keysTheScriptsUse()
        #expect(
            used.count > 30, "the scan found \(used.count) keys: it no longer reads the scripts")
        for language in Self.languages {
            let missing = used.subtracting(Self.scriptKeys(language))
            #expect(missing.isEmpty, "\(language) lacks \(missing.sorted())")
        }
        let unused = Set(Self.scriptKeys(.nb)).subtracting(used)
        #expect(unused.isEmpty, "no script asks for \(unused.sorted())")
    }

    /// Texts that are the same in every language (names of things, formats).
    static let sameEverywhere: Set<String> = [
        "openInGoogleMaps", "openInOpenStreetMap", "gpxLink", "kmlLink", "geoJSONLink",
    ]

    /// Texts nynorsk writes as bokmål does ("Søk", "Telefon", "Ingen treff" …), checked one by one.
    static let sameInNynorsk: Set<String> = [
        "breadcrumbs", "ownerNote", "photoCredit", "languageSwitcher", "explore", "all", "favorite",
        "address", "phone",
        "email",
        "pauseAnimation", "pagination", "nextPage", "aboutGuide", "search", "sortBy", "sortRating",
        "nearMe", "reset", "listView", "mapView", "noMatches", "rated", "call", "mapsRow",
        "shareAction",
        "cuisine", "allCuisines", "vegetarianMark", "veganMark", "wheelchair", "priceLevel",
        "listAnd",
        "findMe", "searchThisArea", "showAllPlaces",
        "lists", "backToLists",
    ]

    @Test func nynorskAndEnglishAreTranslationsNotCopies() {
        let bokmål = Mirror(reflecting: Strings.of(.nb)).children
        for language in [Language.nn, .en] {
            let other = Dictionary(
                uniqueKeysWithValues: Mirror(reflecting: Strings.of(language)).children.compactMap {
                    child in
                    child.label.flatMap { label in (child.value as? String).map { (label, $0) } }
                })
            var same: [String] = []
            for child in bokmål {
                guard let label = child.label, let text = child.value as? String,
                    !Self.sameEverywhere.contains(label)
                else { continue }
                #expect(other[label] != nil, "\(language) has no \(label)")
                if other[label] == text { same.append(label) }
            }
            // English shares none with bokmål; nynorsk only the texts written the same in both.
            let allowed = language == .en ? [] : Self.sameInNynorsk
            #expect(
                Set(same).subtracting(allowed).isEmpty,
                "\(language) copies bokmål: \(Set(same).subtracting(allowed).sorted())")
        }
        #expect(Strings.of(.en).placeCount(12_345) == "12,345 places")
        #expect(Strings.of(.nn).placeCount(1) == "1 stad")
        #expect(Strings.of(.nn).withinRadius(3, 5, "Oslo S") == "3 stader innan 5 km frå Oslo S")
        #expect(Strings.of(.en).distanceFrom("1.2 km", nil) == "1.2 km from the centre")
    }

    @Test func numbersDatesCoordinatesAndHoursFollowTheLanguage() throws {
        #expect(Language.nb.integer(12_345) == "12\u{00A0}345")
        #expect(Language.en.integer(1_234_567) == "1,234,567")
        #expect(Language.nb.distance(metres: 1_249) == "1,2\u{00A0}km")
        #expect(Language.en.distance(metres: 1_249) == "1.2\u{00A0}km")
        #expect(Language.en.distance(metres: 849) == "850\u{00A0}m")
        #expect(Language.en.distance(metres: 123_456) == "123\u{00A0}km")
        // Only the separators differ: the same arithmetic as bokmål's (and the page script's) for
        // every distance.
        for metres in stride(from: 0.0, through: 150_000, by: 37.3) {
            let english = Language.en.distance(metres: metres).replacingOccurrences(
                of: ",", with: ""
            )
            .replacingOccurrences(of: ".", with: ",")
            let norwegian = NorwegianFormat.distance(metres: metres).replacing(/(\d)\x{00A0}(?=\d)/)
            {
                String($0.output.1)
            }
            #expect(english == norwegian, "\(metres) m")
        }
        let oslo = Coordinate(latitude: 59.9111, longitude: 10.7503)
        #expect(Language.nb.coordinate(oslo) == "59,9111°\u{00A0}N, 10,7503°\u{00A0}Ø")
        #expect(Language.nn.coordinate(oslo) == "59,9111°\u{00A0}N, 10,7503°\u{00A0}A")
        #expect(Language.en.coordinate(oslo) == "59.9111°\u{00A0}N, 10.7503°\u{00A0}E")
        let date = try #require(CalendarDate(year: 2026, month: 11, day: 21))
        #expect(Language.nb.longDate(date) == "21. november 2026")
        #expect(Language.nn.longDate(date) == "21. november 2026")
        #expect(Language.en.longDate(date) == "21 November 2026")
        let raw = "Mo-Fr 08:00-16:00; Sa,Su 10:00-14:00; PH off"
        #expect(
            OpeningHours.lines(raw, in: .nb) == [
                "mandag–fredag 08:00–16:00", "lørdag og søndag 10:00–14:00", "helligdager stengt",
            ])
        #expect(
            OpeningHours.lines(raw, in: .nn) == [
                "måndag–fredag 08:00–16:00", "laurdag og sundag 10:00–14:00", "heilagdagar stengd",
            ])
        #expect(
            OpeningHours.lines(raw, in: .en) == [
                "Monday–Friday 08:00–16:00", "Saturday and Sunday 10:00–14:00",
                "public holidays closed",
            ])
        #expect(OpeningHours.lines("24/7", in: .nn) == ["ope heile døgnet"])
        #expect(OpeningHours.lines("24/7", in: .en) == ["open 24 hours"])
    }
}
