import BuiltInFiles
import Foundation
import Testing

@testable import BeaconModel
@testable import BeaconSystem

/// The guide's clock in any zone, from the compiled-in rules: the shared case table
/// (`Tests/Fixtures/time-zone-cases.json`, also run by the page script), every hour of five years
/// in zones north and south of the equator against the time-zone database Foundation carries, the
/// POSIX rule reader, the zone found at a centre, and the names suggested for a misspelt one.
@Suite struct GuideTimeZoneTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var zone: String
        var at: String
        var weekday: Int
        var minute: Int
        var date: String
        var note: String
        var testDescription: String { "\(zone) at \(at): \(note)" }
    }

    static let cases: [Case] = {
        let data = try! Data(
            contentsOf: URL(fileURLWithPath: TestPaths.fixtures + "/time-zone-cases.json"))
        let document = try! JSONSerialization.jsonObject(with: data) as! [String: Any]
        return (document["cases"] as! [[String: Any]]).map {
            Case(
                zone: $0["zone"] as! String, at: $0["at"] as! String,
                weekday: $0["weekday"] as! Int,
                minute: $0["minute"] as! Int, date: $0["date"] as! String,
                note: $0["note"] as! String)
        }
    }()

    static func instant(_ text: String) -> Date { ISO8601DateFormatter().date(from: text)! }

    @Test(arguments: cases)
    func theSharedTable(_ item: Case) throws {
        let zone = try #require(GuideTimeZone(identifier: item.zone))
        let date = Self.instant(item.at)
        let clock = zone.weekdayAndMinute(date)
        #expect(clock.weekday == item.weekday && clock.minute == item.minute)
        #expect(zone.today(date).iso == item.date)
    }

    @Test func theTableCoversTheChangesTheIssueNames() {
        let cases = Self.cases
        for zone in ["Europe/Oslo", "Europe/London"] {
            #expect(cases.contains { $0.zone == zone && $0.at.hasPrefix("2026-03-29") })
            #expect(cases.contains { $0.zone == zone && $0.at.hasPrefix("2026-10-25") })
        }
        #expect(cases.filter { $0.zone == "Australia/Sydney" }.count >= 6)
    }

    /// Zones of every kind: summer time north and south (changes at 24:00 and at -01:00 too), none,
    /// half and three-quarter hours off UTC. Foundation's database must agree every six hours of
    /// 2026–2030, and a minute and an hour either side of each change it knows of.
    @Test(arguments: [
        "Europe/Oslo", "Europe/London", "Europe/Lisbon", "Europe/Helsinki", "America/New_York",
        "America/Denver",
        "America/St_Johns", "America/Santiago", "America/Nuuk", "America/Sao_Paulo",
        "Australia/Sydney",
        "Australia/Adelaide", "Australia/Lord_Howe", "Pacific/Auckland", "Pacific/Chatham",
        "Africa/Cairo",
        "Africa/Johannesburg", "Asia/Kolkata", "Asia/Kathmandu", "Asia/Tokyo", "UTC",
    ])
    func fiveYearsAndEveryChangeAgreeWithTheDatabase(_ name: String) throws {
        let zone = try #require(GuideTimeZone(identifier: name))
        let known = try #require(TimeZone(identifier: name))
        var mismatches: [String] = []
        func check(_ seconds: Int) {
            let date = Date(timeIntervalSince1970: TimeInterval(seconds))
            let expected = known.secondsFromGMT(for: date)
            let got = zone.localSeconds(date) - seconds
            if got != expected, mismatches.count < 5 {
                mismatches.append("\(date): \(got) ≠ \(expected)")
            }
        }
        let start = CalendarDate.daysSinceEpoch(year: 2026, month: 1, day: 1) * 86_400
        let end = CalendarDate.daysSinceEpoch(year: 2031, month: 1, day: 1) * 86_400
        for seconds in stride(from: start, to: end, by: 6 * 3_600) { check(seconds) }
        var changes = 0
        var after = Date(timeIntervalSince1970: TimeInterval(start))
        while let change = known.nextDaylightSavingTimeTransition(after: after),
            change.timeIntervalSince1970 < Double(end)
        {
            let seconds = Int(change.timeIntervalSince1970)
            for delta in [-3_600, -60, -1, 0, 1, 60, 3_600] { check(seconds + delta) }
            changes += 1
            after = change
        }
        #expect(mismatches.isEmpty, "\(name): \(mismatches)")
        // The zones with summer time do change, twice a year.
        if known.nextDaylightSavingTimeTransition(
            after: Date(timeIntervalSince1970: TimeInterval(start))) != nil
        {
            #expect(changes >= 9, "\(name): \(changes) changes")
        }
    }

    @Test func everyCompiledRuleIsRead() throws {
        let unread = TimeZoneTable.rules.filter { TimeZoneRule(posix: $0.value) == nil }
        #expect(unread.isEmpty, "\(unread.keys.sorted())")
        #expect(TimeZoneTable.rules.count > 500)
        // Every zone the grid names has a rule.
        #expect(TimeZoneTable.gridZones.count > 400)
        #expect(TimeZoneTable.gridZones.allSatisfy { TimeZoneTable.rules[$0] != nil })
        // The runs cover the grid exactly.
        #expect(
            TimeZoneTable.gridRuns.ends.last.map(Int.init) == TimeZoneTable.gridRows
                * TimeZoneTable.gridColumns)
        // Every run of the text is read (none stops the reading early), each as its own two fields.
        let gridText = String(
            decoding: try #require(BuiltInFiles.bytes("time-zones/grid.txt")), as: UTF8.self)
        let runs = gridText.split(whereSeparator: { $0 == " " || $0 == "\n" })
        #expect(TimeZoneTable.gridRuns.ends.count == runs.count)
        let zones = runs.map { Int(String($0.prefix(2)), radix: 36) }
        #expect(TimeZoneTable.gridRuns.zones.map(Int.init) == zones)
        var end = 0
        let ends = runs.map { run in
            end += Int(String(run.dropFirst(2)), radix: 36) ?? 0
            return end
        }
        #expect(TimeZoneTable.gridRuns.ends.map(Int.init) == ends)
    }

    @Test func thePosixRuleReader() throws {
        let cet = try #require(TimeZoneRule(posix: "CET-1CEST,M3.5.0,M10.5.0/3"))
        #expect(cet.standardOffset == 3_600 && cet.summer?.offset == 7_200)
        #expect(
            cet.summer?.start
                == .init(day: .monthWeekDay(month: 3, week: 5, weekday: 0), seconds: 7_200))
        let nepal = try #require(TimeZoneRule(posix: "<+0545>-5:45"))
        #expect(nepal.standardOffset == 5 * 3_600 + 45 * 60 && nepal.summer == nil)
        let newYork = try #require(TimeZoneRule(posix: "EST5EDT,M3.2.0,M11.1.0"))
        #expect(newYork.standardOffset == -5 * 3_600 && newYork.summer?.offset == -4 * 3_600)
        // Always summer time (a change at the start of the year and one after its end).
        let always = try #require(TimeZoneRule(posix: "EST5EDT,0/0,J365/25"))
        #expect(
            always.offset(atUTC: CalendarDate.daysSinceEpoch(year: 2027, month: 6, day: 1) * 86_400)
                == -4 * 3_600)
        for bad in [
            "", "CET", "C-1", "CET-1CEST", "CET-1CEST,M3.5.0", "CET-1CEST,M13.5.0,M10.5.0",
            "CET-1CEST,M3.6.0,M10.5.0",
            "CET-1CEST,M3.5.7,M10.5.0", "CET-1CEST,J0,J365", "<+01", "CET-168",
            "CET-1CEST,M3.5.0,M10.5.0/3x",
        ] {
            #expect(TimeZoneRule(posix: bad) == nil, "\(bad) was read")
        }
    }

    @Test func theZoneAtACentre() {
        let places: [(Double, Double, String)] = [
            (59.9111, 10.7503, "Europe/Oslo"),  // Oslo S, the default centre
            (55.9533, -3.1883, "Europe/London"),  // Edinburgh
            (69.6492, 18.9553, "Europe/Oslo"),  // Tromsø, nearer Helsinki than Oslo
            (42.2406, -8.7207, "Europe/Madrid"),  // Vigo, nearer Lisbon than Madrid
            (60.3930, 5.3242, "Europe/Oslo"),  // Bergen
            (-33.8688, 151.2093, "Australia/Sydney"),
            (40.7128, -74.0060, "America/New_York"),
            (35.6762, 139.6503, "Asia/Tokyo"),
        ]
        for (lat, lon, expected) in places {
            #expect(
                GuideTimeZone.at(Coordinate(latitude: lat, longitude: lon)).identifier == expected,
                "\(lat), \(lon)")
        }
        // On the water off a coast: the land's zone; far out at sea: the nautical zone of the
        // longitude.
        #expect(
            GuideTimeZone.at(Coordinate(latitude: 59.95, longitude: 10.72)).identifier
                == "Europe/Oslo")
        #expect(
            GuideTimeZone.at(Coordinate(latitude: 40, longitude: -40)).identifier == "Etc/GMT+3")
        #expect(GuideTimeZone.at(Coordinate(latitude: 0, longitude: 0.5)).identifier == "Etc/GMT")
        #expect(GuideTimeZone.at(Coordinate(latitude: -89.99, longitude: 179.99)).identifier != "")
    }

    @Test func suggestionsForANameThatIsNotOne() {
        #expect(GuideTimeZone(identifier: "Europe/Londn") == nil)
        #expect(GuideTimeZone.suggestions(for: "Europe/Londn").first == "Europe/London")
        #expect(GuideTimeZone.suggestions(for: "london").first == "Europe/London")
        #expect(GuideTimeZone.suggestions(for: "oslo").contains("Europe/Oslo"))
        #expect(GuideTimeZone.suggestions(for: "xqzzzzzzzzz").isEmpty)
        #expect(GuideTimeZone(identifier: "europe/oslo") == nil)
        // A huge or empty value: refused at once, with nothing suggested for the huge one.
        #expect(
            GuideTimeZone.suggestions(for: String(repeating: "Europe/Oslo", count: 100_000)).isEmpty
        )
        #expect(GuideTimeZone(identifier: "") == nil)
        var settings = SiteSettings()
        settings.timeZone = String(repeating: "x", count: 1_000_000)
        #expect(
            settings.problems().contains {
                $0.hasPrefix("ukjent tidssone «xxx") && !$0.contains("mente du")
            })
    }

    @Test func calendarArithmetic() {
        #expect(CalendarDate.daysSinceEpoch(year: 1970, month: 1, day: 1) == 0)
        #expect(CalendarDate.civil(daysSinceEpoch: -1) == (1969, 12, 31))
        for days in stride(from: -800_000, through: 3_000_000, by: 997) {
            let (y, m, d) = CalendarDate.civil(daysSinceEpoch: days)
            #expect(CalendarDate.daysSinceEpoch(year: y, month: m, day: d) == days)
        }
        // Out of range or not a number: the epoch, not a trap.
        #expect(GuideTimeZone.oslo.localSeconds(Date(timeIntervalSince1970: .infinity)) == 0)
    }
}
