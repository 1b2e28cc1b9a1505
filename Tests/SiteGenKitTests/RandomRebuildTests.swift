import BeaconTestSupport
import Foundation
import Testing

@testable import BeaconModel
@testable import BeaconSources
@testable import SiteBuild
@testable import SiteGenKit

/// Rebuilds after random runs of changes an owner makes (ratings, favorites, notes, hidden and own
/// places, renames, shared names, moves across the radius, other categories, places gone and back,
/// a guide shrunk and grown, the owner's lists made, filled, noted, ordered, renamed and deleted),
/// each compared file by file with a full build of the same inputs: in a
/// guide of the brief's kinds, and in one of two presets and a kind of the owner's own in English
/// and bokmål (English first, so its addresses are English ones). The rules that find what a change
/// touches are one per kind of change; mixing the kinds finds what a rule forgot. The seed is
/// printed: `BEACON_TEST_SEED` replays a run.
@Suite struct RandomRebuildTests {
    /// The edits the places file has taken so far.
    struct PlacesFile {
        var count = 260
        var moved: [Int: (Double, Double)] = [:]
        var renamed: [Int: String] = [:]
        var without: Set<Int> = []
        var recategorized: Set<Int> = []
        /// Moved past the radius: not in the guide.
        var farOut: Set<Int> = []
        /// `name:en` of places whose name is of no Latin letter: their slugs come from it.
        var englishNames: [Int: String] = [:]

        func text(categories: [String]) -> String {
            IncrementalBuildTests.mixedPlaces(
                count, moved: moved, renamed: renamed, without: without,
                recategorized: recategorized,
                extraProperties: englishNames.mapValues { #""name:en":"\#($0)""# },
                categories: categories)
        }

        /// The name a command finds place `index` by, when the guide has it under a name of its
        /// own.
        func uniqueName(_ index: Int) -> String? {
            guard index < count, !without.contains(index), !farOut.contains(index) else {
                return nil
            }
            let name = renamed[index] ?? "Sted nummer \(index)"
            return name == "Kjede" || name == "連鎖" ? nil : name
        }
    }

    /// Runs a command in-process against the site; its error text when it fails.
    func sitegen(_ arguments: [String], _ site: TestSite) async -> String? {
        let console = CapturingConsole()
        let status = await CommandLineTool.run(
            arguments: arguments + ["--site", site.root],
            environment: IncrementalBuildTests.environment,
            console: console)
        return status == 0 ? nil : "\(arguments.joined(separator: " ")): \(console.errorText)"
    }

    /// Names of lists: two share a slug's stem (their folders then take the name's hash), one is of
    /// no Latin letter.
    static let listNames = ["Søndagsfrokost", "Søndags-frokost", "Regnvær", "雨の日"]

    /// One random change to the owner's lists, made in the store as `sitegen list` makes it (a list
    /// may hold a place the guide does not have now); what it did.
    func listChange(_ index: Int, _ site: TestSite, using random: inout some RandomNumberGenerator)
        -> String
    {
        let id = PlaceID(rawValue: "node/\(5_000_000 + index)")
        let name = Self.listNames.randomElement(using: &random)!
        let other = Self.listNames.randomElement(using: &random)!
        let kind = Int.random(in: 0..<8, using: &random)
        let position = Int.random(in: 1...3, using: &random)
        let order = SavedList.Order.allCases.randomElement(using: &random)!
        do {
            return try site.site.updateStore { store in
                guard let list = store.list(named: name) else {
                    _ = try store.makeList(named: name)
                    try store.addToList(name, [(id, "\(index)")])
                    return "list \(name) made with \(index)"
                }
                let has = list.places.contains(id)
                switch kind {
                case 0 where !has, 1 where !has:
                    try store.addToList(
                        name, [(id, "\(index)")], at: min(position, list.places.count + 1))
                    return "\(index) into \(name)"
                case 0, 1:
                    try store.removeFromList(name, id, placeName: "\(index)")
                    return "\(index) out of \(name)"
                case 2 where has:
                    try store.noteInList(name, id, placeName: "\(index)", "Notat *\(position)*")
                    return "note on \(index) in \(name)"
                case 3 where has:
                    try store.moveInList(
                        name, id, placeName: "\(index)", to: min(position, list.places.count))
                    return "\(index) moved in \(name)"
                case 4:
                    try store.orderList(name, by: order)
                    return "\(name) ordered by \(order)"
                case 5:
                    try store.describeList(name, "Beskrivelse **\(position)**")
                    return "\(name) described"
                case 6 where store.list(named: other) == nil:
                    try store.renameList(name, to: other)
                    return "\(name) renamed \(other)"
                case 7:
                    _ = try store.deleteList(named: name)
                    return "\(name) deleted"
                default:
                    return "nothing to \(name)"
                }
            }
        } catch {
            Issue.record("a list change failed: \(error)")
            return "failed"
        }
    }

    @Test(arguments: [false, true])
    func randomChangesEndAsAFullBuildWould(otherKinds: Bool) async throws {
        var random = seededGenerator("randomChangesEndAsAFullBuildWould(otherKinds: \(otherKinds))")
        let tests = IncrementalBuildTests()
        let site = TestSite()
        let kinds =
            otherKinds
            ? ["catering.bar", "catering.pub", "catering.fast_food"]
            : ["catering.restaurant", "catering.cafe", "accommodation.hotel"]
        if otherKinds {
            site.write(
                #"{"format":1,"title":"Oslo om kvelden","languages":["en","nb"],"categories":["bar","pub",{"key":"catering.fast_food","name":{"nb":["Gatemat","Gatemat"],"en":["Street food","Street food"]},"animation":"sway"}]}"#,
                to: SiteSettings.fileName)
        }
        var file = PlacesFile()
        var favorites: Set<Int> = []
        var hidden: Set<Int> = []
        var ownPlaces: Set<Int> = []
        let categoryKeys =
            otherKinds ? ["bar", "pub", "street-food"] : ["restaurant", "cafe", "hotel"]
        site.write(file.text(categories: kinds), to: "steder.geojson")
        let places = site.root + "/steder.geojson"
        try await tests.buildAndCompare(site, places: places, "first build")
        // The second guide is English first: its pages are at English addresses, in both languages.
        #expect(
            !otherKinds || site.outputFiles().contains("nb/street-food/index.html"),
            "the own kind has no pages")
        #expect(
            !otherKinds || site.outputFiles().contains { $0.hasPrefix("nb/places/") },
            "no English folders")

        // Places 100 and up: their names are no part of another's («Sted nummer 12» is of «…123»).
        func somePlace() -> Int { Int.random(in: 100..<300, using: &random) }
        // Hidden places are left as they were hidden (named, in the data) until shown again.
        var steps: [String] = []
        for step in 0..<10 {
            // Commands find places as the last build left them; the file's edits show at the next.
            let built = file
            var done: [String] = []
            for _ in 0..<Int.random(in: 1...3, using: &random) {
                let index = somePlace()
                switch Int.random(in: 0..<14, using: &random) {
                case 0:
                    guard let name = built.uniqueName(index), !hidden.contains(index) else {
                        continue
                    }
                    let stars = Int.random(in: 1...5, using: &random)
                    if let failure = await sitegen(["rate", name, "\(stars)"], site) {
                        Issue.record("\(failure)")
                    }
                    done.append("rate \(index) \(stars)")
                case 1:
                    guard let name = built.uniqueName(index), !hidden.contains(index) else {
                        continue
                    }
                    let adding = !favorites.contains(index)
                    if let failure = await sitegen(
                        ["favorite", adding ? "add" : "remove", name], site)
                    {
                        Issue.record("\(failure)")
                    }
                    if adding { favorites.insert(index) } else { favorites.remove(index) }
                    done.append((adding ? "favorite " : "unfavorite ") + "\(index)")
                case 2:
                    guard !hidden.contains(index) else { continue }
                    file.renamed[index] = file.renamed[index] == nil ? "Nytt navn \(index)" : nil
                    done.append("rename \(index)")
                case 3:
                    guard !hidden.contains(index) else { continue }
                    // A chain's name, in our letters or of none (its slug then from an English
                    // name, if any).
                    let latin = Bool.random(using: &random)
                    file.renamed[index] = latin ? "Kjede" : "連鎖"
                    file.englishNames[index] =
                        !latin && Bool.random(using: &random) ? "Lenke \(index)" : nil
                    done.append(
                        "name \(index) " + (latin ? "Kjede" : "連鎖")
                            + (file.englishNames[index] != nil ? " Lenke" : ""))
                case 4:
                    // Near the centre, or far out past the radius.
                    let far = Bool.random(using: &random)
                    if far { file.farOut.insert(index) } else { file.farOut.remove(index) }
                    file.moved[index] =
                        far
                        ? (59.96 + Double.random(in: 0...0.01, using: &random), 10.9)
                        : (59.905 + Double.random(in: 0...0.02, using: &random), 10.74)
                    done.append("move \(index)" + (far ? " far" : ""))
                case 5:
                    if file.recategorized.remove(index) == nil { file.recategorized.insert(index) }
                    done.append("recategorize \(index)")
                case 6:
                    guard !hidden.contains(index) else { continue }
                    if file.without.remove(index) == nil { file.without.insert(index) }
                    done.append("remove or restore \(index)")
                case 7:
                    file.count = [150, 230, 260, 300].randomElement(using: &random)!
                    done.append("count \(file.count)")
                case 8:
                    guard let name = built.uniqueName(index), !hidden.contains(index) else {
                        continue
                    }
                    let note = "Notat \(Int.random(in: 0..<100, using: &random))"
                    if let failure = await sitegen(["place", "edit", name, "--note", note], site) {
                        Issue.record("\(failure)")
                    }
                    done.append("note \(index)")
                case 9:
                    // Below 150 a place stays in the data at every count, under the name it was
                    // hidden by.
                    guard index < 150, let name = built.uniqueName(index) else { continue }
                    let hiding = !hidden.contains(index)
                    if let failure = await sitegen(
                        ["place", hiding ? "hide" : "unhide", name], site)
                    {
                        Issue.record("\(failure)")
                    }
                    if hiding { hidden.insert(index) } else { hidden.remove(index) }
                    done.append((hiding ? "hide " : "unhide ") + "\(index)")
                case 10:
                    let name = "Eget sted \(index)"
                    if ownPlaces.remove(index) != nil {
                        if let failure = await sitegen(["place", "remove", name], site) {
                            Issue.record("\(failure)")
                        }
                        done.append("own place \(index) removed")
                    } else {
                        let arguments = [
                            "place", "add", name, "--at", "\(59.9 + Double(index) * 0.0001)",
                            "10.75", "--category",
                            categoryKeys[index % 3],
                        ]
                        if let failure = await sitegen(arguments, site) {
                            Issue.record("\(failure)")
                        }
                        ownPlaces.insert(index)
                        done.append("own place \(index)")
                    }
                case 11, 12:
                    done.append(listChange(index, site, using: &random))
                default:
                    done.append("nothing")
                }
            }
            site.write(file.text(categories: kinds), to: "steder.geojson")
            steps.append(done.joined(separator: ", "))
            try await tests.buildAndCompare(
                site, places: places, "step \(step) (\(steps.joined(separator: "; ")))")
        }
    }
}
