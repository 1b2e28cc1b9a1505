import Foundation
import Testing
@testable import BeaconCore

/// The shared "Åpent nå" case table (`Tests/Fixtures/opening-hours-cases.json`) through the
/// Swift rules (`sitegen search --open-now`). `Tests/browser/test_hours.py` runs the same
/// file through the page script, so the terminal and the browser cannot drift apart.
@Suite struct OpeningHoursCaseTableTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var raw: String
        var at: String
        var expected: String
        var note: String
        var testDescription: String { "\(raw.debugDescription) at \(at): \(note)" }
    }

    static let fixture: String = {
        var url = URL(fileURLWithPath: #filePath)
        while url.path != "/" {
            url.deleteLastPathComponent()
            let candidate = url.appendingPathComponent("Fixtures/opening-hours-cases.json")
            if FileManager.default.fileExists(atPath: candidate.path) { return candidate.path }
        }
        fatalError("Tests/Fixtures/opening-hours-cases.json not found above \(#filePath)")
    }()

    static let cases: [Case] = {
        let data = try! Data(contentsOf: URL(fileURLWithPath: fixture))
        let document = try! JSONSerialization.jsonObject(with: data) as! [String: Any]
        return (document["cases"] as! [[String: String]]).map {
            Case(raw: $0["raw"]!, at: $0["at"]!, expected: $0["expected"]!, note: $0["note"] ?? "")
        }
    }()

    static let oslo = TimeZone(identifier: "Europe/Oslo")!

    static var osloCalendar: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = oslo
        return calendar
    }

    /// `at` as an instant: "2026-11-23T10:30" (local time in Oslo) or with seconds and "Z" / "+01:00".
    static func instant(_ text: String) -> Date? {
        let scalars = Array(text.unicodeScalars)
        func number(_ from: Int, _ count: Int) -> Int? {
            guard from + count <= scalars.count else { return nil }
            let digits = scalars[from..<from + count]
            guard digits.allSatisfy({ ("0"..."9").contains($0) }) else { return nil }
            return Int(String(String.UnicodeScalarView(digits)))
        }
        guard scalars.count >= 16, scalars[4] == "-", scalars[7] == "-", scalars[10] == "T", scalars[13] == ":",
              let year = number(0, 4), let month = number(5, 2), let day = number(8, 2),
              let hour = number(11, 2), let minute = number(14, 2) else { return nil }
        var index = 16
        var second = 0
        if index < scalars.count, scalars[index] == ":" {
            guard let s = number(index + 1, 2) else { return nil }
            second = s
            index += 3
        }
        var components = DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = TimeZone(secondsFromGMT: 0)!
        components.timeZone = TimeZone(secondsFromGMT: 0)
        guard let wall = utc.date(from: components) else { return nil }
        if index == scalars.count {
            // Local time in Oslo. It must exist exactly once (not in a DST gap, not repeated),
            // or the case would be ambiguous: try every offset Oslo uses around that day.
            let offsets = Set([-86_400.0, 0, 86_400].map { oslo.secondsFromGMT(for: wall.addingTimeInterval($0)) })
            let matches = offsets.map { wall.addingTimeInterval(TimeInterval(-$0)) }.filter { oslo.secondsFromGMT(for: $0) == Int(wall.timeIntervalSince($0)) }
            return matches.count == 1 ? matches[0] : nil
        }
        var offsetSeconds = 0
        if scalars[index] == "Z", index + 1 == scalars.count {
            offsetSeconds = 0
        } else if scalars[index] == "+" || scalars[index] == "-", index + 6 == scalars.count, scalars[index + 3] == ":",
                  let h = number(index + 1, 2), let m = number(index + 4, 2) {
            offsetSeconds = (h * 3600 + m * 60) * (scalars[index] == "-" ? -1 : 1)
        } else {
            return nil
        }
        return wall.addingTimeInterval(TimeInterval(-offsetSeconds))
    }

    /// Weekday (0 = Monday) and minute in Oslo, the way `OsloClock` (SiteGenKit) computes them.
    static func osloClock(_ date: Date) -> (weekday: Int, minute: Int) {
        let parts = osloCalendar.dateComponents([.weekday, .hour, .minute], from: date)
        return (((parts.weekday ?? 2) + 5) % 7, (parts.hour ?? 0) * 60 + (parts.minute ?? 0))
    }

    @Test func theTableIsLargeAndCoversEveryOutcome() {
        let cases = Self.cases
        #expect(cases.count >= 40)
        for outcome in ["open", "closed", "unknown"] {
            #expect(cases.filter { $0.expected == outcome }.count >= 5, "too few \(outcome) cases")
        }
        for raw in ["Mo-Fr 08:00-16:00; Sa 10:00-14:00", "24/7", "Fr 22:00-02:00", "Mo-Fr 08:00-16:00; PH off"] {
            #expect(cases.contains { $0.raw == raw }, "the table lacks \(raw)")
        }
        #expect(cases.contains { $0.raw.hasSuffix("Su off") })
        #expect(cases.contains { $0.at.hasPrefix("2026-03-29") } && cases.contains { $0.at.hasPrefix("2026-10-25") })
    }

    @Test func theClockConversionKnowsOsloTime() {
        // Winter (CET, +01:00), summer (CEST, +02:00), and both sides of each change in 2026.
        #expect(Self.osloClock(Self.instant("2026-11-23T09:30:00Z")!) == (0, 10 * 60 + 30))
        #expect(Self.osloClock(Self.instant("2026-07-01T06:30:00Z")!) == (2, 8 * 60 + 30))
        #expect(Self.osloClock(Self.instant("2026-03-29T00:59:00Z")!) == (6, 1 * 60 + 59))
        #expect(Self.osloClock(Self.instant("2026-03-29T01:00:00Z")!) == (6, 3 * 60))
        #expect(Self.osloClock(Self.instant("2026-10-25T00:30:00Z")!) == (6, 2 * 60 + 30))
        #expect(Self.osloClock(Self.instant("2026-10-25T01:30:00Z")!) == (6, 2 * 60 + 30))
        #expect(Self.osloClock(Self.instant("2026-11-23T10:30")!) == (0, 10 * 60 + 30))
        #expect(Self.instant("2026-11-23T10:30-05:00") == Self.instant("2026-11-23T15:30:00Z"))
        // Local times that do not exist or exist twice are refused, so a case cannot be ambiguous.
        #expect(Self.instant("2026-03-29T02:30") == nil)
        #expect(Self.instant("2026-10-25T02:30") == nil)
    }

    @Test(arguments: cases)
    func swiftAgreesWithTheTable(_ entry: Case) throws {
        let date = try #require(Self.instant(entry.at), "unreadable or ambiguous time \(entry.at)")
        let clock = Self.osloClock(date)
        let answer: String
        switch OpeningHours(entry.raw)?.isOpen(weekday: clock.weekday, minute: clock.minute) {
        case true?: answer = "open"
        case false?: answer = "closed"
        case nil: answer = "unknown"
        }
        #expect(answer == entry.expected, "\(entry.raw.debugDescription) at \(entry.at) (\(entry.note))")
    }

    @Test func searchOpenNowUsesTheSameRules() {
        // PlaceQuery.openAt(weekday:minute:) (the terminal's --open-now) keeps only places the table calls open.
        let hours = ["Fr 22:00-02:00", "Mo-Fr 08:00-16:00; PH off", "ring for åpningstider", "Mo-Fr 08:00-16:00; Sa 10:00-14:00"]
        let places = hours.enumerated().map { index, raw in
            Place.fixture("Sted \(index)", id: "node/\(index)", lat: 59.9111 + Double(index) * 0.001, hours: raw)
        }
        let source = DataSourceInfo(kind: .sample, fetchedAt: .init(timeIntervalSince1970: 0))
        let guide = GuideAssembler.assemble(places: places, store: GuideStore(), settings: .defaults, source: source).places
        var query = PlaceQuery()
        let saturdayNight = Self.osloClock(Self.instant("2026-11-28T01:00")!) // Saturday 01:00
        query.isOpen = PlaceQuery.openAt(weekday: saturdayNight.weekday, minute: saturdayNight.minute)
        #expect(query.apply(to: guide).map(\.place.name) == ["Sted 0"])
        let saturdayMorning = Self.osloClock(Self.instant("2026-11-28T11:00")!) // Saturday 11:00
        query.isOpen = PlaceQuery.openAt(weekday: saturdayMorning.weekday, minute: saturdayMorning.minute)
        #expect(query.apply(to: guide).map(\.place.name) == ["Sted 3"])
    }
}
