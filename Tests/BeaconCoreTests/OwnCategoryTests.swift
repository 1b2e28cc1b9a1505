import Foundation
import Testing

@testable import BeaconModel
@testable import BeaconSite
@testable import BeaconSystem

/// An owner's own kind of place in the settings' `categories` (`OwnCategorySettings`): read,
/// checked, saved as read, found by its names, and read back from the store and the guide's archive
/// as the settings define it.
@Suite struct OwnCategoryTests {
    static let iceCream =
        #"{"key":"catering.ice_cream","name":{"nb":["Iskrembar","Iskrembarer"],"en":["Ice cream","Ice cream parlours"]},"#
        + #""icon":"gelato.svg","animation":"sway","words":["gelato","softis"],"openingStatus":false}"#

    func settings(_ json: String) throws -> SiteSettings {
        let folder = TemporaryFolder()
        folder.write(json, to: SiteSettings.fileName)
        return try SiteFolder(root: folder.path).loadSettings()
    }

    @Test func anOwnKindIsReadWithEverythingItSays() throws {
        let settings = try settings(
            #"{"format":1,"languages":["nb","en"],"categories":["bar",\#(Self.iceCream),"pub"]}"#)
        #expect(settings.categories.map(\.rawValue) == ["bar", "iskrembarer", "pub"])
        let own = settings.categories[1]
        #expect(!own.isPreset && settings.categories[0].isPreset)
        #expect(own.pathSegment(in: .nb) == "iskrembarer")
        #expect(own.geoapifyKeys == ["catering.ice_cream"])
        #expect(own.icon == .site("gelato.svg") && own.icon.className == "cat-icon--own-gelato")
        #expect(own.icon.assetPath == "icons/gelato.svg")
        #expect(own.animation == .sway && !own.hasOpeningStatus)
        #expect(own.definition.ownNames?.names[.en]?.other == "Ice cream parlours")
        #expect(own.definition.ownNames?.words == ["gelato", "softis"])
        // It sorts after the presets, in the settings' order among the owner's own.
        #expect(settings.categories[2] < own && settings.categories[0] < own)
        // Found by any of its names in any language, as `--category` takes them.
        for name in ["iskrembarer", "Iskrembar", "ice-cream-parlours", "catering.ice_cream"] {
            #expect(PlaceCategory(userInput: name, in: settings.categories) == own, "\(name)")
        }
        // Without the guide's kinds, the preset of that name is meant.
        #expect(
            PlaceCategory(userInput: "catering.ice_cream") == PlaceCategory(rawValue: "ice-cream"))
    }

    @Test func itIsSavedAsItWasReadAndReadBackTheSame() throws {
        let first = try settings(
            #"{"format":1,"languages":["nb","en"],"categories":[\#(Self.iceCream)]}"#)
        let saved = String(decoding: first.encodedBytes, as: UTF8.self)
        let second = try settings(saved)
        #expect(second.encodedBytes == first.encodedBytes)
        let own = try #require(second.categories.first)
        #expect(own.definition.ownNames == first.categories[0].definition.ownNames)
        #expect(
            (own.icon, own.animation, own.hasOpeningStatus) == (.site("gelato.svg"), .sway, false))
        // The defaults are left out: no icon means the general symbol, no animation a bounce.
        let plain = try settings(
            #"{"format":1,"categories":[{"key":["leisure.picnic","leisure.park"],"name":{"nb":"Grøntområde"}}]}"#
        )
        let text = String(decoding: plain.encodedBytes, as: UTF8.self)
        #expect(
            text.contains(#""key": ["leisure.picnic", "leisure.park"]"#)
                || text.contains(#""leisure.picnic""#))
        #expect(
            !text.contains("icon") && !text.contains("animation") && !text.contains("openingStatus")
        )
        #expect(
            plain.categories[0].icon == .builtIn("place")
                && plain.categories[0].animation == .bounce)
        #expect(plain.categories[0].pathSegment(in: .nb) == "grontomrade")
    }

    @Test(arguments: [
        (
            #"{"key":"catering.icecream","name":{"nb":"Is"}}"#,
            "Geoapify har ingen kategori «catering.icecream» (mente du «catering.ice_cream»"
        ),
        (#"{"key":[],"name":{"nb":"Is"}}"#, "forventet en Geoapify-kategori"),
        (#"{"key":"catering.ice_cream"}"#, "forventet navn per språk"),
        (#"{"key":"catering.ice_cream","name":{"nn":"Is"}}"#, "mangler navn på Bokmål (nb)"),
        (#"{"key":"catering.ice_cream","name":{"nb":"Is","sv":"Glass"}}"#, "ukjent språk"),
        (
            #"{"key":"catering.ice_cream","name":{"nb":["Is"]}}"#,
            "forventet [\"entall\", \"flertall\"]"
        ),
        (#"{"key":"catering.ice_cream","name":{"nb":"Assets"}}"#, "kan ikke bli en adresse"),
        (#"{"key":"catering.ice_cream","name":{"nb":"Data"}}"#, "kan ikke bli en adresse"),
        (#"{"key":"catering.ice_cream","name":{"nb":"!!!"}}"#, "kan ikke bli en adresse"),
        (
            #"{"key":"catering.ice_cream","name":{"nb":"Barer"}}"#,
            "samme adresse (barer/) som «bar»"
        ),
        // An own kind may not take a preset's key, even one the guide does not hold: the store and
        // the archive name kinds by key.
        (
            #"{"key":"entertainment.museum","name":{"nb":"Museum"}}"#,
            "nøkkelen «museum», som er en innebygd kategori"
        ),
        (
            #"{"key":"catering.ice_cream","name":{"nb":"Is"},"icon":"../../etc/passwd"}"#,
            "forventet et innebygd ikon"
        ),
        (
            #"{"key":"catering.ice_cream","name":{"nb":"Is"},"icon":"is.png"}"#,
            "SVG-fil i assets/icons/"
        ),
        (
            #"{"key":"catering.ice_cream","name":{"nb":"Is"},"animation":"spin"}"#,
            "forventet en av rotate, steam, bounce, sway, pulse, tilt"
        ),
        (
            #"{"key":"catering.ice_cream","name":{"nb":"Is"},"openingStatus":"nei"}"#,
            "forventet true eller false"
        ),
        (#"{"key":"catering.ice_cream","name":{"nb":"Is"},"colour":"red"}"#, "colour"),
    ])
    func aBadOwnKindIsRefusedByName(entry: String, mentions: String) throws {
        expectSettingsRefused(
            #"{"format":1,"categories":["bar",\#(entry)]}"#, detailPrefix: "categories[1]",
            mentions: mentions)
    }

    @Test func aHugeListOrAHugeKeyIsRefusedQuickly() throws {
        let many = Array(repeating: #""bar""#, count: 41).joined(separator: ",")
        #expect(throws: (any Error).self) { try settings(#"{"format":1,"categories":[\#(many)]}"#) }
        let long = String(repeating: "catering.", count: 20_000)
        #expect(throws: (any Error).self) {
            try settings(#"{"format":1,"categories":[{"key":"\#(long)","name":{"nb":"X"}}]}"#)
        }
    }

    @Test func aFeatureFallsInAnOwnKindByItsKeysTagsOrOurOwnExportsKey() throws {
        let settings = try settings(
            #"{"format":1,"languages":["nb","en"],"categories":[\#(Self.iceCream)]}"#)
        func category(_ properties: String) throws -> String? {
            try decodedCategory(properties, among: settings.categories)
        }
        #expect(try category(#""amenity":"ice_cream""#) == "iskrembarer")
        #expect(try category(#""categories":["catering.ice_cream"]"#) == "iskrembarer")
        #expect(try category(#""category":"iskrembarer""#) == "iskrembarer")
        #expect(try category(#""amenity":"bar""#) == nil)
    }

    @Test func anOwnKindTakesAPlacesFilesFeaturesByItsOwnOSMTags() throws {
        // Night clubs: OSMCategoryTags does not map `amenity=nightclub`, so only the kind's own
        // tags find them.
        let settings = try settings(
            #"{"format":1,"categories":["bar",{"key":"adult.nightclub","name":{"nb":["Nattklubb","Nattklubber"]},"#
                + #""osm":["amenity=nightclub","club=dance"]}]}"#)
        func category(_ properties: String) throws -> String? {
            try decodedCategory(properties, among: settings.categories)
        }
        #expect(try category(#""amenity":"nightclub""#) == "nattklubber")
        #expect(try category(#""club":"dance""#) == "nattklubber")
        // A value list counts each value; the guide's order decides between two kinds.
        #expect(try category(#""amenity":"bar;nightclub""#) == "bar")
        #expect(try category(#""amenity":"pub;nightclub""#) == "nattklubber")
        #expect(try category(#""datasource":{"raw":{"amenity":"nightclub"}}"#) == "nattklubber")
        #expect(try category(#""amenity":"nightclubs""#) == nil)
        // Saved as read.
        let saved = try self.settings(String(decoding: settings.encodedBytes, as: UTF8.self))
        #expect(
            saved.categories[1].definition.osmTags.map(\.text) == [
                "amenity=nightclub", "club=dance",
            ])
        #expect(saved.encodedBytes == settings.encodedBytes)
    }

    @Test(arguments: [
        "amenity", "=nightclub", "amenity=", "Amenity=x", "amenity=a;b", "a b=c", "amenity=x=y",
    ])
    func aMalformedOSMTagIsRefused(tag: String) throws {
        expectSettingsRefused(
            #"{"format":1,"categories":[{"key":"adult.nightclub","name":{"nb":"Klubb"},"osm":["\#(tag)"]}]}"#,
            detailPrefix: "categories[0].osm[0]", mentions: "amenity=nightclub")
    }

    @Test func theStoreAndTheArchiveGiveBackTheSettingsKind() throws {
        let settings = try settings(
            #"{"format":1,"languages":["nb","en"],"categories":[\#(Self.iceCream)]}"#)
        let own = settings.categories[0]
        // The store knows the key alone; the guide's settings give the kind its names again.
        let stored = try #require(PlaceCategory(storedKey: "iskrembarer"))
        #expect(stored == own && stored.definition.ownNames?.names[.en]?.one == "iskrembarer")
        #expect(stored.resolved(in: settings.categories).definition === own.definition)
        #expect(
            PlaceCategory(storedKey: "Iskrem bar!") == nil && PlaceCategory(storedKey: "") == nil)
        // The archive, opened with the guide's categories, reads the place's kind as the settings
        // define it.
        let place = Place(
            id: PlaceID(rawValue: "node/1"), name: "Paradis Gelato", category: own,
            coordinate: Coordinate(latitude: 59.91, longitude: 10.75))
        let base = GuideAssembler.base(places: [place], store: GuideStore(), settings: settings)
        let bytes = GuideBaseArchive.encode(base, key: "k")
        let decoded = try #require(
            GuideBaseArchive.decode(bytes, key: "k", categories: settings.categories))
        #expect(decoded.entries[0].place.category.definition === own.definition)
        // Without them the archive is refused, never read with a wrong kind.
        #expect(GuideBaseArchive.decode(bytes, key: "k") == nil)
    }
}
