import Foundation
import Testing

@testable import BeaconModel
@testable import BeaconSystem

/// The preset table (`CategoryPreset.all`): every kind filed under keys Geoapify has, at addresses
/// of its own; and the settings' `categories` and the decoder following it. (Their names:
/// `CategoryNamesTests`.)
@Suite struct CategoryPresetTests {
    /// Geoapify's 767 category keys (`Tests/Fixtures/geoapify-categories.txt`, from its
    /// documentation).
    static let geoapifyKeys: Set<String> = {
        let text =
            (try? String(
                contentsOfFile: TestPaths.fixtures + "/geoapify-categories.txt", encoding: .utf8))
            ?? ""
        return Set(
            text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter {
                !$0.isEmpty
            })
    }()

    @Test func theKeyListIsTheWholeOne() {
        #expect(Self.geoapifyKeys.count == 767)
    }

    @Test func everyPresetIsFiledUnderKeysGeoapifyHas() {
        #expect(CategoryPreset.all.count >= 20)
        for preset in CategoryPreset.all {
            #expect(CategoryIcon.builtInNames.contains(preset.key), "\(preset.key)")
            // «Andre steder» holds only the owner's places: no source is asked for it.
            guard preset.key != "other" else {
                #expect(preset.geoapifyKeys.isEmpty && !PlaceCategory.other.isFetched)
                #expect(!PlaceCategory.presets.contains(.other))
                continue
            }
            #expect(!preset.geoapifyKeys.isEmpty, "\(preset.key)")
            for key in preset.geoapifyKeys {
                #expect(
                    Self.geoapifyKeys.contains(key),
                    "\(preset.key): \(key) is not a Geoapify category")
            }
        }
    }

    @Test func keysAndURLSegmentsAreUniqueURLSafeAndClearOfTheSitesOwnFolders() {
        let urlSafe = { (text: String) in
            !text.isEmpty
                && text.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || $0 == "-" }
        }
        let keys = CategoryPreset.all.map(\.key)
        #expect(Set(keys).count == keys.count)
        let reserved = OwnCategorySettings.reservedSegments
        for language in Language.allCases {
            let segments = PlaceCategory.presets.map { $0.pathSegment(in: language) }
            #expect(Set(segments).count == segments.count, "\(language)")
            for segment in segments {
                #expect(urlSafe(segment), "\(language): \(segment)")
                #expect(!reserved.contains(segment), "\(language): \(segment)")
            }
        }
        for preset in CategoryPreset.all {
            #expect(urlSafe(preset.key), "\(preset.key)")
            #expect(Set(preset.pathSegments.keys) == Set(Language.allCases), "\(preset.key)")
        }
        // No command-line name means two presets.
        let names = PlaceCategory.presets.flatMap(\.commandLineNames)
        #expect(Set(names).count == names.count, "\(names)")
    }

    /// What published guides already link to stays where it is.
    @Test func theBriefsThreeKeepTheirKeysAddressesAndNames() {
        #expect(PlaceCategory.defaults.map(\.rawValue) == ["restaurant", "cafe", "hotel"])
        #expect(
            PlaceCategory.defaults.map { $0.pathSegment(in: .nb) } == [
                "restauranter", "kafeer", "hoteller",
            ])
        #expect(
            PlaceCategory.defaults.map(\.geoapifyKeys) == [
                ["catering.restaurant"], ["catering.cafe"], ["accommodation.hotel"],
            ])
        #expect(PlaceCategory.defaults.map(\.hasOpeningStatus) == [true, true, false])
        #expect(PlaceCategory.defaults.map(\.animation) == [.rotate, .steam, .bounce])
        for key in ["hotel", "hostel", "camping"] {
            #expect(PlaceCategory(rawValue: key)?.hasOpeningStatus == false, "\(key)")
        }
    }

    @Test func theSettingsTakeCategoriesInTheirOrder() throws {
        let folder = TemporaryFolder()
        folder.write(
            #"{"format":1,"categories":["pub","bar","fast-food"]}"#, to: SiteSettings.fileName)
        let settings = try SiteFolder(root: folder.path).loadSettings()
        #expect(settings.categories.map(\.rawValue) == ["pub", "bar", "fast-food"])
        // Saved as read; the default is not written out.
        #expect(String(decoding: settings.encodedBytes, as: UTF8.self).contains(#""categories""#))
        #expect(
            !String(decoding: SiteSettings.defaults.encodedBytes, as: UTF8.self).contains(
                "categories"))
        #expect(SiteSettings.defaults.categories == PlaceCategory.defaults)
    }

    @Test(arguments: [
        (#"{"format":1,"categories":["bra","pub"]}"#, "ukjent kategori «bra» (mente du «bar»"),
        (#"{"format":1,"categories":["pubb"]}"#, "«pub»"),
        (
            #"{"format":1,"categories":["zzzzzzzzzzzz"]}"#,
            "kjente kategorier: restaurant, cafe, hotel, bar"
        ),
        (#"{"format":1,"categories":[]}"#, "forventet en liste med kategorier"),
        (#"{"format":1,"categories":"bar"}"#, "forventet en liste med kategorier"),
        (#"{"format":1,"categories":["bar",3]}"#, "forventet en liste med kategorier"),
        (#"{"format":1,"categories":["bar","pub","bar"]}"#, "«bar» står to ganger"),
    ])
    func badCategoriesAreRefusedByName(json: String, mentions: String) throws {
        expectSettingsRefused(json, detailPrefix: "categories", mentions: mentions)
    }

    func category(of properties: String, in categories: [String]) throws -> String? {
        try decodedCategory(properties, among: categories.compactMap(PlaceCategory.init(rawValue:)))
    }

    @Test func aFeatureFallsInTheFirstConfiguredCategoryItsKeysOrTagsMatch() throws {
        // OSM tags, as an Overpass export has them.
        #expect(try category(of: #""amenity":"bar""#, in: ["bar", "pub"]) == "bar")
        #expect(try category(of: #""amenity":"pub""#, in: ["bar", "pub"]) == "pub")
        #expect(try category(of: #""amenity":"fast_food""#, in: ["fast-food"]) == "fast-food")
        #expect(try category(of: #""tourism":"viewpoint""#, in: ["sights"]) == "sights")
        #expect(try category(of: #""amenity":"bar""#, in: ["restaurant", "cafe", "hotel"]) == nil)
        // Geoapify's keys: a sub-key falls under its parent; the owner's order decides between two.
        #expect(
            try category(of: #""categories":["catering.cafe.coffee_shop"]"#, in: ["cafe"]) == "cafe"
        )
        #expect(
            try category(of: #""categories":["catering.pub","catering.bar"]"#, in: ["bar", "pub"])
                == "bar")
        #expect(
            try category(of: #""categories":["catering.pub","catering.bar"]"#, in: ["pub", "bar"])
                == "pub")
        #expect(
            try category(of: #""categories":["camping.camp_site"]"#, in: ["camping"]) == "camping")
        // A plain `category` property (our own export) is a Geoapify key too.
        #expect(
            try category(of: #""category":"catering.ice_cream""#, in: ["ice-cream"]) == "ice-cream")
    }

    @Test func aNameCloseToAPresetIsSuggested() {
        #expect(PlaceCategory.suggestions(for: "bra").first == .init(rawValue: "bar"))
        #expect(PlaceCategory.suggestions(for: "musem").first == .init(rawValue: "museum"))
        #expect(PlaceCategory(userInput: "gatekjøkken") == .init(rawValue: "fast-food"))
        #expect(PlaceCategory(userInput: "catering.pub") == .init(rawValue: "pub"))
    }
}
