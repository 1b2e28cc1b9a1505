import Foundation
import Testing

@testable import BeaconSystem
@testable import SiteBuild
@testable import SiteGenKit

/// The commands go by the clock they are given, so behaviour that depends on
/// the date or the hour is testable (and the same in every test run).
@Suite struct InjectedClockTests {
    /// 2025-03-17 07:30 in Oslo (06:30 UTC): a Monday morning before most cafés open.
    static let mondayMorning = Date(timeIntervalSince1970: 1_742_193_000)
    /// The same Monday at 12:30 in Oslo.
    static let mondayNoon = Date(timeIntervalSince1970: 1_742_211_000)

    func run(_ arguments: [String], at moment: Date, site: TestSite) async -> (
        status: Int32, output: String
    ) {
        let console = CapturingConsole()
        let status = await CommandLineTool.run(
            arguments: arguments + ["--site", site.root], environment: [:], console: console,
            now: { moment })
        return (status, console.outputText + console.errorText)
    }

    @Test func aRatingIsDatedByTheInjectedClock() async throws {
        let site = TestSite()
        let result = await run(["rate", "Fuglen", "4"], at: Self.mondayNoon, site: site)
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("17. mars 2025"))
        let rating = try #require(try site.site.loadStore().entries.values.first?.ratings.first)
        #expect(rating.date.iso == "2025-03-17")
        // And a date after that day is "in the future".
        let future = await run(
            ["rate", "Fuglen", "4", "--date", "2025-03-18"], at: Self.mondayNoon, site: site)
        #expect(future.status == 64)
    }

    /// A clock that jumped back would date a rating wrong for good: the rating is kept, with a
    /// warning naming both dates and how to give the right one.
    @Test func aClockBehindTheStoreIsNamed() async throws {
        let site = TestSite()
        #expect(await run(["rate", "Fuglen", "4"], at: Self.mondayNoon, site: site).status == 0)
        let earlier = Date(timeIntervalSince1970: 915_192_000)  // 1999-01-01
        let behind = await run(["rate", "Fuglen", "3"], at: earlier, site: site)
        #expect(behind.status == 0)
        #expect(
            behind.output.contains(
                "Advarsel: ifølge maskinens klokke er det 1999-01-01, men lageret har en vurdering fra 2025-03-17"
            ),
            "\(behind.output)")
        #expect(try site.site.loadStore().entries.values.first?.ratings.count == 2)
        // With the date given, or a clock ahead, nothing to say.
        let given = await run(
            ["rate", "Fuglen", "5", "--date", "1998-12-24"], at: earlier, site: site)
        #expect(given.status == 0 && !given.output.contains("Advarsel"), "\(given.output)")
        let ahead = await run(
            ["rate", "Fuglen", "5"], at: Self.mondayNoon.addingTimeInterval(86_400 * 30), site: site
        )
        #expect(!ahead.output.contains("Advarsel"))
    }

    @Test func openNowFollowsTheInjectedHour() async throws {
        let site = TestSite()
        let morning = await run(
            ["search", "--open-now", "--category", "cafe"], at: Self.mondayMorning, site: site)
        let noon = await run(
            ["search", "--open-now", "--category", "cafe"], at: Self.mondayNoon, site: site)
        #expect(morning.status == 0 && noon.status == 0)
        func count(_ text: String) -> Int {
            Int(text.split(separator: "\n").last?.split(separator: " ").first ?? "") ?? 0
        }
        #expect(
            count(noon.output) > count(morning.output),
            "noon: \(noon.output)\nmorning: \(morning.output)")
    }
}
