import BeaconCore
import Foundation
import Testing

@testable import BeaconSystem
@testable import Templates

/// A data file after a change to a few of its places is the last one with
/// their lines written again, byte for byte what writing it whole gives.
@Suite struct PageDataPatchTests {
    static func guide(places count: Int, store: GuideStore = GuideStore()) -> Guide {
        let places = (0..<count).map { index in
            Place(
                id: PlaceID(rawValue: "node/\(index)"), name: "Sted \(index) «\(index % 7)»",
                category: PlaceCategory.defaults[index % 3],
                coordinate: Coordinate(latitude: 59.9 + Double(index) * 1e-5, longitude: 10.75),
                openingHours: index % 2 == 0 ? "Mo-Fr 08:00-16:00" : nil)
        }
        return GuideAssembler.assemble(
            places: places, store: store, settings: .defaults,
            source: DataSourceInfo(kind: .sample, fetchedAt: Date(timeIntervalSince1970: 0)))
    }

    @Test func aPatchedDataFileIsTheWholeOne() throws {
        // Files of 500 places: what a patch does does not depend on the size, and 6,200 places took 18 s unoptimised.
        let layout = PageData.Layout(inlineLimit: 200, chunkSize: 500)
        let before = Self.guide(places: layout.chunkSize + 120).allPages
        var store = GuideStore()
        let rated = [3, layout.chunkSize - 1, layout.chunkSize + 7]
        for index in rated {
            store.addRating(
                Rating(stars: 4, date: CalendarDate(iso: "2026-11-02")!, comment: "God"), to: before[index].place)
        }
        _ = store.addFavorite(before[10].place, on: CalendarDate(iso: "2026-11-03")!)
        let after = Self.guide(places: layout.chunkSize + 120, store: store).allPages
        let changed = rated + [10]
        for part in 0..<2 {
            let old = PageData.chunk(part: part, of: before, paths: SitePaths(main: .nb), layout: layout)
            let whole = PageData.chunk(part: part, of: after, paths: SitePaths(main: .nb), layout: layout)
            #expect(old.path != whole.path)
            let previous = try #require(MappedFile(copying: old.bytes))
            let patched = try #require(
                PageData.chunk(
                    part: part, of: after, paths: SitePaths(main: .nb), patching: previous, positions: changed,
                    layout: layout))
            #expect(patched.path == whole.path)
            #expect(patched.bytes == whole.bytes)
        }
        // A file of another size (a place more or less) is not patched.
        let shorter = PageData.chunk(part: 1, of: Array(before.dropLast()), paths: SitePaths(main: .nb), layout: layout)
        let shorterFile = try #require(MappedFile(copying: shorter.bytes))
        #expect(
            PageData.chunk(
                part: 1, of: after, paths: SitePaths(main: .nb), patching: shorterFile, positions: changed,
                layout: layout) == nil)
        // An empty file is no file to patch.
        #expect(MappedFile(copying: []) == nil)
    }
}
