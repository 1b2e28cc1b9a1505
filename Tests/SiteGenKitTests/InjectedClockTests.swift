import Foundation
import Testing
@testable import BeaconCore
@testable import SiteGenKit

/// The commands go by the clock they are given, so behaviour that depends on
/// the date or the hour is testable (and the same in every test run).
@Suite struct InjectedClockTests {
    /// 2025-03-17 07:30 in Oslo (06:30 UTC): a Monday morning before most cafés open.
    static let mondayMorning = Date(timeIntervalSince1970: 1_742_193_000)
    /// The same Monday at 12:30 in Oslo.
    static let mondayNoon = Date(timeIntervalSince1970: 1_742_211_000)

    func run(_ arguments: [String], at moment: Date, site: TestSite) async -> (status: Int32, output: String) {
        let console = CapturingConsole()
        let status = await CommandLineTool.run(arguments: arguments + ["--site", site.root], environment: [:], console: console, now: { moment })
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
        let future = await run(["rate", "Fuglen", "4", "--date", "2025-03-18"], at: Self.mondayNoon, site: site)
        #expect(future.status == 64)
    }

    @Test func openNowFollowsTheInjectedHour() async throws {
        let site = TestSite()
        let morning = await run(["search", "--open-now", "--category", "cafe"], at: Self.mondayMorning, site: site)
        let noon = await run(["search", "--open-now", "--category", "cafe"], at: Self.mondayNoon, site: site)
        #expect(morning.status == 0 && noon.status == 0)
        func count(_ text: String) -> Int { Int(text.split(separator: "\n").last?.split(separator: " ").first ?? "") ?? 0 }
        #expect(count(noon.output) > count(morning.output), "noon: \(noon.output)\nmorning: \(morning.output)")
    }
}
