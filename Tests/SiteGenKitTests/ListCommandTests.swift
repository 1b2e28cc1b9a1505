import Foundation
import Synchronization
import Testing

@testable import BeaconModel
@testable import BeaconSystem

/// `sitegen list` and `sitegen lists` (#61), run as the real binary against the sample guide: a
/// list is made, filled, ordered and noted; «Mine steder» is the favourites; every bad input is
/// refused with a message and leaves the store byte for byte as it was; an import fills lists and a
/// second one keeps the owner's order and notes.
@Suite struct ListCommandTests {
    func run(_ site: TestSite, _ arguments: [String]) throws -> ProcessResult {
        try Sitegen.run(arguments + ["--site", site.root])
    }

    func store(_ site: TestSite) throws -> GuideStore { try site.site.loadStore() }

    @discardableResult
    func ok(_ site: TestSite, _ arguments: [String]) throws -> ProcessResult {
        let result = try run(site, arguments)
        #expect(result.status == 0, "\(arguments): \(result.stderr)")
        return result
    }

    @Test func aListIsMadeFilledOrderedAndNoted() throws {
        let site = TestSite()
        try ok(site, ["list", "new", "Regnværsdag", "--description", "Når det *regner*"])
        try ok(site, ["list", "add", "Regnværsdag", "Fuglen", "Kaffistova", "Tim Wendelboe"])
        var added = try ok(
            site, ["list", "add", "regnværsdag", "Maaemo", "--at", "1", "--note", "Bestill"])
        #expect(added.stdout.contains("som nr. 1 av 4"), "\(added.stdout)")
        try ok(site, ["list", "move", "Regnværsdag", "Tim Wendelboe", "2"])
        try ok(site, ["list", "note", "Regnværsdag", "Fuglen", "Kom før ti"])
        var list = try #require(try store(site).list(named: "Regnværsdag"))
        let names = ["node/8253120101", "node/10914208868", "node/2714550550", "node/2052950302"]
        #expect(list.places.map(\.rawValue) == names)
        #expect(list.notes[PlaceID(rawValue: "node/2714550550")] == "Kom før ti")
        #expect(list.notes[PlaceID(rawValue: "node/8253120101")] == "Bestill")
        #expect(list.description == "Når det *regner*")

        try ok(site, ["list", "order", "Regnværsdag", "nearest"])
        let shown = try ok(site, ["list", "show", "Regnværsdag"])
        // The page's order (nearest first): Fuglen (882 m) before Tim Wendelboe (1.4 km).
        let lines = shown.stdout.split(separator: "\n").map(String.init)
        let fuglen = try #require(lines.firstIndex { $0.hasPrefix("Fuglen") })
        let wendelboe = try #require(lines.firstIndex { $0.hasPrefix("Tim Wendelboe") })
        #expect(fuglen < wendelboe)
        #expect(shown.stdout.contains("Kom før ti"))

        try ok(site, ["list", "remove", "Regnværsdag", "Fuglen"])
        try ok(site, ["list", "rename", "Regnværsdag", "Regnvær med barn"])
        list = try #require(try store(site).list(named: "Regnvær med barn"))
        #expect(list.places.count == 3 && list.notes.count == 1 && list.order == .nearest)
        let overview = try ok(site, ["lists"])
        #expect(
            overview.stdout.contains("Regnvær med barn")
                && overview.stdout.contains("lister/regnvaer-med-barn/"))
        added = try ok(site, ["list", "delete", "Regnvær med barn"])
        #expect(try store(site).lists.isEmpty)
        #expect(try ok(site, ["lists"]).stdout.contains("Ingen lister ennå"))
    }

    @Test func mineStederIsTheFavourites() throws {
        let site = TestSite()
        try ok(site, ["list", "add", "Mine steder", "Fuglen"])
        try ok(site, ["favorite", "add", "Maaemo"])
        #expect(
            try store(site).favoriteIDs.map(\.rawValue).sorted() == [
                "node/2714550550", "node/8253120101",
            ])
        #expect(try store(site).lists.isEmpty)
        let shown = try ok(site, ["list", "show", "mine steder"])
        #expect(shown.stdout.contains("Fuglen") && shown.stdout.contains("Maaemo"))
        try ok(site, ["list", "remove", "My places", "Fuglen"])
        #expect(try store(site).favoriteIDs.map(\.rawValue) == ["node/8253120101"])
        #expect(try ok(site, ["lists"]).stdout.contains("Mine steder ♥"))
    }

    @Test(arguments: [
        (["list", "new", ""], "må ha et navn"),
        (["list", "new", "   "], "må ha et navn"),
        (["list", "new", String(repeating: "x", count: 101)], "høyst 100 tegn"),
        (["list", "new", "SØNDAGSFROKOST"], "finnes allerede en liste som heter «Søndagsfrokost»"),
        (["list", "new", "Mine steder"], "finnes allerede en liste som heter «Mine steder»"),
        (["list", "rename", "Søndagsfrokost", "Mine stader"], "«Mine steder»"),
        (
            ["list", "add", "Ukjent", "Fuglen"],
            "ingen liste heter «Ukjent». Listene er: «Søndagsfrokost»"
        ),
        (["list", "add", "Søndagsfrokost", "Finnes Ikke Kafé"], "Fant ikke"),
        (["list", "add", "Søndagsfrokost", "Fuglen", "Finnes Ikke Kafé"], "Fant ikke"),
        (["list", "add", "Søndagsfrokost", "Tim Wendelboe"], "allerede i «Søndagsfrokost»"),
        (["list", "add", "Søndagsfrokost", "Fuglen", "--at", "0"], "helt tall fra 1"),
        (["list", "add", "Søndagsfrokost", "Fuglen", "--at", "9"], "velg en plass fra 1 til 2"),
        (["list", "remove", "Søndagsfrokost", "Fuglen"], "Fuglen er ikke i «Søndagsfrokost»"),
        (["list", "move", "Søndagsfrokost", "Tim Wendelboe", "3"], "velg en plass fra 1 til 1"),
        (["list", "note", "Søndagsfrokost", "Fuglen", "x"], "ikke i «Søndagsfrokost»"),
        (["list", "order", "Søndagsfrokost", "sideways"], "manual, nearest eller rating"),
        (["list", "describe", "Mine steder", "x"], "favorittene dine"),
        (["list", "show", "Søndagsfrokost", "x"], "tar 1 argument"),
        (["list", "frob", "Søndagsfrokost"], "ukjent handling «frob»"),
        (["list", "new", "X", "--at", "2"], "--at gjelder bare «list add»"),
        (["list", "add", "Søndagsfrokost"], "minst ett sted"),
    ])
    func badInputIsRefusedAndNothingIsWritten(arguments: [String], message: String) throws {
        let site = TestSite(
            store:
                #"{"format":3,"places":{},"lists":[{"name":"Søndagsfrokost","places":["node/10914208868"]}]}"#
        )
        let before = site.bytes(GuideStore.fileName)
        let result = try run(site, arguments)
        #expect(result.status != 0)
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(site.bytes(GuideStore.fileName) == before)
    }

    @Test func tenThousandPlacesAreRefusedBeforeAnyIsLookedUp() throws {
        let site = TestSite(
            store: #"{"format":3,"places":{},"lists":[{"name":"Alt","places":[]}]}"#)
        let before = site.bytes(GuideStore.fileName)
        let result = try run(site, ["list", "add", "Alt"] + (0..<10_000).map { "node/\($0)" })
        #expect(result.status == 64)
        #expect(
            result.stderr.contains("10000 steder er flere enn en liste kan ha"), "\(result.stderr)")
        #expect(site.bytes(GuideStore.fileName) == before)
    }

    /// A format 1 store (ratings and favourites only) gains a list: it is copied beside first,
    /// keeps every entry, and becomes format 2 again when its last list goes.
    @Test func anOldStoreMigratesToListsAndBackLosingNothing() throws {
        let old =
            #"{"format":1,"places":{"node/2714550550":{"favoriteSince":"2026-01-01","#
            + #""ratings":[{"stars":4,"date":"2026-01-02","comment":"Godt"}]}}}"#
        let site = TestSite(store: old)
        let before = try store(site)
        try ok(site, ["list", "new", "Regnvær"])
        try ok(site, ["list", "add", "Regnvær", "Fuglen", "--note", "Tørt"])
        #expect(site.read(GuideStore.fileName + ".format-1.bak") == old)
        var migrated = try store(site)
        #expect(migrated.entries == before.entries)
        #expect(migrated.format == 3)
        #expect(
            migrated.list(named: "Regnvær")?.notes == [PlaceID(rawValue: "node/2714550550"): "Tørt"]
        )
        try ok(site, ["list", "delete", "Regnvær"])
        migrated = try store(site)
        #expect(migrated.entries == before.entries && migrated.lists.isEmpty)
        #expect(try #require(site.read(GuideStore.fileName)).contains("\"format\": 2"))
    }

    /// Six owners' commands at once on one list: each waits for the store's lock, none is lost.
    @Test func sixAddsAtOnceAllLand() throws {
        let site = TestSite(
            store: #"{"format":3,"places":{},"lists":[{"name":"Alt","places":[]}]}"#)
        let places = ["Fuglen", "Maaemo", "Kaffistova", "Tim Wendelboe", "Stockfleths", "Vaaghals"]
        let results = Mutex<[ProcessResult]>([])
        let done = DispatchGroup()
        for place in places {
            done.enter()
            Thread {
                let result = try? Sitegen.run(["list", "add", "Alt", place, "--site", site.root])
                results.withLock {
                    $0.append(result ?? ProcessResult(status: -1, stdout: "", stderr: ""))
                }
                done.leave()
            }.start()
        }
        done.wait()
        for result in results.withLock({ $0 }) { #expect(result.status == 0, "\(result.stderr)") }
        #expect(try store(site).list(named: "Alt")?.places.count == places.count)
    }

    @Test func anImportFillsListsAndASecondKeepsTheOwnersOrderAndNotes() throws {
        let site = TestSite()
        let kml = Repository.fixtures + "/import/my-maps.kml"
        try ok(site, ["import", kml, "--category", "cafe", "--offline"])
        var lists = try store(site).lists
        #expect(lists.map(\.name).contains("Kaffe"))
        let kaffe = try #require(lists.first { $0.name == "Kaffe" })
        #expect(kaffe.places.count >= 2)
        // A folder's descriptions are the list's notes too, as a Google list's notes are.
        #expect(kaffe.notes.values.contains { $0.contains("utsikt") })
        // The owner reorders and notes the list; the same file again changes none of it.
        let last = try #require(kaffe.places.last)
        try ok(site, ["list", "move", "Kaffe", last.rawValue, "1"])
        try ok(site, ["list", "note", "Kaffe", last.rawValue, "Best om morgenen"])
        try ok(site, ["list", "note", "Kaffe", kaffe.places[0].rawValue, ""])
        let owned = try #require(try store(site).list(named: "Kaffe"))
        let storeBefore = site.bytes(GuideStore.fileName)
        try ok(site, ["import", kml, "--category", "cafe", "--offline"])
        #expect(site.bytes(GuideStore.fileName) == storeBefore)
        #expect(try store(site).list(named: "Kaffe") == owned)

        // --list puts every place into the one list named, made when there is none.
        try ok(
            site,
            [
                "import", Repository.fixtures + "/import/waypoints.gpx", "--list", "Tur",
                "--category", "cafe", "--offline",
            ])
        lists = try store(site).lists
        let tur = try #require(lists.first { $0.name == "Tur" })
        #expect(!tur.places.isEmpty)
        let refused = try run(site, ["import", kml, "--list", "  "])
        #expect(refused.status != 0 && refused.stderr.contains("må ha et navn"))
    }
}
