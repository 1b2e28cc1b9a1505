import Foundation
import Testing

@testable import BeaconModel
@testable import BeaconSystem
@testable import SiteBuild
@testable import SiteGenKit

/// `sitegen categories`: every preset with its names, Geoapify keys and animation, the guide's own
/// first in its order; `--json` for programs, `--names` for completion. Run in-process and as the
/// binary.
@Suite struct CategoriesCommandTests {
    func run(_ arguments: [String]) async -> (status: Int32, output: String, error: String) {
        let console = CapturingConsole()
        let status = await CommandLineTool.run(
            arguments: arguments, environment: [:], console: console)
        return (status, console.outputText, console.errorText)
    }

    /// A site whose settings name `categories` (none: the file without the member).
    func site(_ categories: [String]?) -> TestSite {
        let site = TestSite()
        let member =
            categories.map {
                #","categories":["# + $0.map { "\"\($0)\"" }.joined(separator: ",") + "]"
            } ?? ""
        site.write(#"{"format":1,"title":"Barguiden""# + member + "}", to: SiteSettings.fileName)
        return site
    }

    /// The table's rows as cells (split at two or more spaces), without its header and rule.
    static func rows(_ output: String) -> [[String]] {
        let lines = output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let rule = lines.firstIndex(where: { $0.hasPrefix("─") }) else { return [] }
        return lines[(rule + 1)...].prefix { !$0.isEmpty }.map {
            $0.components(separatedBy: "  ").map { $0.trimmingCharacters(in: .whitespaces) }.filter
            { !$0.isEmpty }
        }
    }

    @Test func theGuidesCategoriesComeFirstInItsOrderThenEveryOtherPreset() async throws {
        let site = site(["pub", "bar", "fast-food"])
        let result = await run(["categories", "--site", site.root])
        #expect(result.status == 0, "\(result.error)")
        #expect(result.error.isEmpty)
        #expect(
            result.output.hasPrefix(
                "Kategoriene i «Barguiden» står først, i rekkefølgen sidene viser dem"))
        let rows = Self.rows(result.output)
        // A kind under two Geoapify keys has its second on a line of its own.
        #expect(rows[0] == ["1.", "pub", "Pub / Puber", "pub", "vipper", "catering.pub"])
        #expect(rows[1] == ["catering.biergarten"])
        #expect(rows[2] == ["2.", "bar", "Bar / Barer", "bar", "vipper", "catering.bar"])
        #expect(rows[3] == ["catering.taproom"])
        // One name where singular and plural are alike.
        #expect(
            rows[4] == [
                "3.", "fast-food", "Gatekjøkken", "fast-food", "snurrer", "catering.fast_food",
            ])
        #expect(
            rows[5] == [
                "–", "restaurant", "Restaurant / Restauranter", "restaurant", "snurrer",
                "catering.restaurant",
            ])
        #expect(rows[6] == ["–", "cafe", "Kafé / Kafeer", "cafe", "damp", "catering.cafe"])
        // Every preset once, each of its keys once.
        let keyed = rows.filter { $0.count == 6 }
        #expect(
            keyed.map { $0[1] } == ["pub", "bar", "fast-food"]
                + PlaceCategory.presets.map(\.rawValue).filter {
                    !["pub", "bar", "fast-food"].contains($0)
                })
        #expect(
            rows.map(\.last!).sorted() == PlaceCategory.presets.flatMap(\.geoapifyKeys).sorted())
        #expect(
            result.output.hasSuffix(
                "Guiden bruker 3 av 20 kategorier. Endre utvalget eller rekkefølgen med «categories» i beacon-settings.json; "
                    + "en egen kategori har Geoapify-nøkler fra «sitegen categories --keys» (se docs/site-folder.md)."
            ))
    }

    @Test func aGuideWithTheDefaultsSaysHowToChooseOthers() async throws {
        let site = site(nil)
        let result = await run(["categories", "--site", site.root])
        #expect(result.status == 0, "\(result.error)")
        #expect(
            Self.rows(result.output).prefix(3).map { $0[0] + " " + $0[1] } == [
                "1. restaurant", "2. cafe", "3. hotel",
            ])
        #expect(
            result.output.contains(
                "Guiden bruker 3 av 20 kategorier, standardutvalget. Velg andre med «categories»"))
        // A folder with only a store is a guide too (its settings are the defaults).
        let storeOnly = TestSite(store: #"{"format":1,"places":{}}"#)
        let fromStore = await run(["categories", "--names", "--site", storeOnly.root])
        #expect(fromStore.status == 0, "\(fromStore.error)")
        #expect(
            fromStore.output
                == PlaceCategory.defaults.flatMap(\.commandLineNames).joined(separator: "\n"))
    }

    @Test func keysListsEveryGeoapifyCategoryAnOwnKindMayUse() async throws {
        let result = await run(["categories", "--keys", "--site", TestSite().root])
        #expect(result.status == 0, "\(result.error)")
        let keys = result.output.split(separator: "\n").map(String.init)
        #expect(
            keys.count == 767 && keys.contains("catering.ice_cream")
                && keys.contains("leisure.park"))
        #expect(keys == keys.sorted())
    }

    @Test func outsideAGuideThePresetsAloneAndHowToChoose() async throws {
        let folder = TestSite()
        let result = await run(["categories", "--site", folder.root])
        #expect(result.status == 0, "\(result.error)")
        #expect(
            result.output.hasPrefix(
                "Kategoriene en guide kan ha (\(folder.site.root) er ingen nettstedsmappe):"))
        let rows = Self.rows(result.output)
        #expect(
            rows[0] == [
                "restaurant", "Restaurant / Restauranter", "restaurant", "snurrer",
                "catering.restaurant",
            ])
        #expect(
            rows.filter { $0.count == 5 }.map { $0[0] } == PlaceCategory.presets.map(\.rawValue))
        #expect(!result.output.contains("I guiden"))
        #expect(result.output.contains("«sitegen init MAPPE --categories bar,pub,fast-food»"))
        #expect(result.output.contains("«categories» i beacon-settings.json"))
        // Nothing written in the folder looked at.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.root).isEmpty)
    }

    @Test func jsonHasEveryPresetWithItsNamesKeysAndPlaceInTheGuide() async throws {
        let site = site(["museum", "cafe"])
        let result = await run(["categories", "--json", "--site", site.root])
        #expect(result.status == 0, "\(result.error)")
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        #expect(object["site"] as? String == site.site.root)
        let categories = try #require(object["categories"] as? [[String: Any]])
        #expect(categories.count == PlaceCategory.presets.count)
        #expect(
            categories.prefix(3).map { $0["key"] as? String } == ["museum", "cafe", "restaurant"])
        #expect(
            categories.map { $0["used"] as? Bool } == [true, true]
                + Array(repeating: false, count: 18))
        #expect(categories.prefix(3).map { $0["position"] as? Int } == [1, 2, nil])
        #expect(categories[2]["position"] is NSNull)
        let cafe = categories[1]
        let names = try #require(cafe["names"] as? [String: [String: String]])
        #expect(names["nb"] == ["one": "Kafé", "other": "Kafeer"])
        #expect(names["nn"] == ["one": "Kafé", "other": "Kafear"])
        #expect(names["en"] == ["one": "Café", "other": "Cafés"])
        #expect(cafe["geoapifyKeys"] as? [String] == ["catering.cafe"])
        #expect(cafe["commandLineNames"] as? [String] == ["cafe", "kafe", "kafeer"])
        #expect(cafe["animation"] as? String == "steam")
        #expect(cafe["icon"] as? String == "cafe" && cafe["own"] as? Bool == false)
        let pub = try #require(categories.first { $0["key"] as? String == "pub" })
        #expect(pub["geoapifyKeys"] as? [String] == ["catering.pub", "catering.biergarten"])

        // Outside a guide: no site, nothing used.
        let folder = TestSite()
        let outside = await run(["categories", "--json", "--site", folder.root])
        #expect(outside.status == 0, "\(outside.error)")
        let bare = try #require(
            try JSONSerialization.jsonObject(with: Data(outside.output.utf8)) as? [String: Any])
        #expect(bare["site"] is NSNull)
        let all = try #require(bare["categories"] as? [[String: Any]])
        #expect(all.map { $0["key"] as? String } == PlaceCategory.presets.map(\.rawValue))
        #expect(all.allSatisfy { $0["used"] as? Bool == false && $0["position"] is NSNull })
    }

    @Test func namesAreTheGuidesOwnOneALine() async throws {
        let site = site(["hotel", "ice-cream"])
        let result = await run(["categories", "--names", "--site", site.root])
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output == "hotel\nhotell\nhoteller\nice-cream\niskrem\nis")
        // Each is a name `--category` takes.
        for name in result.output.split(separator: "\n") {
            #expect(PlaceCategory(userInput: String(name)) != nil, "\(name)")
        }
    }

    @Test(arguments: [
        // Outside a guide there are none to name: completion then offers every preset.
        (["--names"], 64, "er ingen nettstedsmappe"),
        (["--json", "--names"], 64, "bruk bare én av --json, --names og --keys"),
        (["--keys", "--json"], 64, "bruk bare én av --json, --names og --keys"),
        (["--names", "--site", "/finnes/ikke"], 64, "Fant ikke nettstedsmappen /finnes/ikke"),
        (["--site", "/finnes/ikke"], 64, "Fant ikke nettstedsmappen"),
        (["--json", "--site", "/finnes/ikke"], 64, "Fant ikke nettstedsmappen"),
        (["--category", "bar"], 64, "ukjent valg «--category»"),
        (["bar"], 64, "ukjent handling «bar»: bruk «sitegen categories add KATEGORI…»"),
        (["add", "bar"], 64, "er ingen nettstedsmappe"),
    ])
    func mistakesAreRefusedWithAMessage(arguments: [String], status: Int32, message: String)
        async throws
    {
        let folder = TestSite()
        let site = arguments.contains("--site") ? [] : ["--site", folder.root]
        let result = await run(["categories"] + arguments + site)
        #expect(result.status == status)
        #expect(result.output.isEmpty)
        #expect(result.error.contains(message), "\(result.error)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.root).isEmpty)
    }

    @Test(arguments: [
        (#"{"format":1,"categories":["bra"]}"#, "ukjent kategori «bra» (mente du «bar»"),
        (#"{"format":1,"categories":"#, "er skadet"),
    ])
    func aGuideWhoseSettingsDoNotReadIsAnErrorAndUntouched(settings: String, message: String)
        async throws
    {
        let site = TestSite()
        site.write(settings, to: SiteSettings.fileName)
        for arguments in [[], ["--json"], ["--names"]] {
            let result = await run(["categories"] + arguments + ["--site", site.root])
            #expect(result.status == 65, "\(arguments)")
            #expect(result.output.isEmpty)
            #expect(result.error.contains(message), "\(result.error)")
        }
        #expect(site.read(SiteSettings.fileName) == settings)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: site.root) == [
                SiteSettings.fileName
            ])
    }

    /// The real binary, in the guide's folder and from elsewhere, as completion runs it.
    @Test func theBinaryNamesTheGuideFromItsFolderOrWithSite() throws {
        let site = site(["pub"])
        let here = try Sitegen.run(["categories", "--names"], in: site.root)
        #expect(here.status == 0, "\(here.stderr)")
        #expect(here.stdout == "pub\npuber\n")
        let there = try Sitegen.run(
            ["categories", "--names", "--site", site.root], in: NSTemporaryDirectory())
        #expect(there.stdout == "pub\npuber\n")
        let elsewhere = TestSite()
        let none = try Sitegen.run(["categories", "--names"], in: elsewhere.root)
        #expect(none.status == 64)
        #expect(none.stdout.isEmpty)
        #expect(none.stderr.hasPrefix("Feil: \(elsewhere.site.root) er ingen nettstedsmappe"))
    }
}
