import Foundation
import Testing

@testable import BeaconModel
@testable import BeaconSystem

/// The issue's «done when»: a guide made from a Takeout export with saved lists shows them as
/// lists — a page each, in the lists page, with their exports — after `import` and `build` alone.
@Suite struct TakeoutListsBuildTests {
    @Test func aTakeoutArchivesSavedListsBecomeTheGuidesLists() throws {
        let site = TestSite()
        let archive = Repository.fixtures + "/import/takeout-archive.zip"
        let imported = try Sitegen.run(["import", archive, "--offline", "--site", site.root])
        #expect(imported.status == 0, "\(imported.stderr)")
        let built = try Sitegen.run(["build", "--offline", "--site", site.root])
        #expect(built.status == 0, "\(built.stderr)")

        let lists = try #require(site.read("output/lister/index.html"))
        #expect(lists.contains("Want to go") && lists.contains("Favourite places"))
        let wantToGo = try #require(site.read("output/lister/want-to-go/index.html"))
        #expect(wantToGo.contains("<h1") && wantToGo.contains("Want to go"))
        // The list's two places, in the order the CSV has them, each a numbered card.
        let store = try site.site.loadStore()
        let list = try #require(store.list(named: "Want to go"))
        #expect(list.places.count == 2)
        for id in list.places {
            let name = try #require(store.entries[id]?.own?.name)
            #expect(wantToGo.contains(name), "\(name)")
        }
        for ext in ["gpx", "kml", "geojson"] {
            #expect(site.read("output/eksport/lister/want-to-go." + ext) != nil, "\(ext)")
        }
        // The explorer leads to them.
        let explorer = try #require(site.read("output/index.html"))
        #expect(explorer.contains("href=\"lister/index.html\""))
    }
}
