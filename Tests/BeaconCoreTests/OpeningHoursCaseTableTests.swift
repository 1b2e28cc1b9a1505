import Foundation
import Testing

@testable import BeaconModel
@testable import BeaconSite
@testable import BeaconSystem

/// The shared "Åpent nå" case table (`Tests/Fixtures/opening-hours-cases.json`) through the
/// Swift rules (`sitegen search --open-now`), and its "statuses" ("Åpent · stenger kl. 22:00")
/// through `OpeningHours.status(weekday:minute:)`. `Tests/browser/test_hours.py` runs the same
/// file through the page script, so the terminal and the browser cannot drift apart.
@Suite struct OpeningHoursCaseTableTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var raw: String
        var at: String
        var expected: String
        var note: String
        var testDescription: String { "\(raw.debugDescription) at \(at): \(note)" }
    }

    /// A "statuses" entry: `expected` is the exact text, nil when nothing is shown (unknown).
    struct StatusCase: Sendable, CustomTestStringConvertible {
        var raw: String
        var at: String
        var expected: String?
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

    /// One array of the fixture ("cases" or "statuses").
    static func table(_ key: String) -> [[String: Any]] {
        let data = try! Data(contentsOf: URL(fileURLWithPath: fixture))
        let document = try! JSONSerialization.jsonObject(with: data) as! [String: Any]
        return document[key] as! [[String: Any]]
    }

    static let cases: [Case] = {
        (table("cases") as! [[String: String]]).map {
            Case(raw: $0["raw"]!, at: $0["at"]!, expected: $0["expected"]!, note: $0["note"] ?? "")
        }
    }()

    static let statusCases: [StatusCase] = {
        table("statuses").map {
            // JSON null (NSNull) is "show nothing".
            StatusCase(
                raw: $0["raw"] as! String, at: $0["at"] as! String,
                expected: $0["expected"] as? String,
                note: $0["note"] as? String ?? "")
        }
    }()

    static let oslo = TimeZone(identifier: "Europe/Oslo")!

    /// `at` as an instant: "2026-11-23T10:30" (local time in Oslo) or with seconds and "Z" /
    /// "+01:00".
    static func instant(_ text: String) -> Date? {
        let scalars = Array(text.unicodeScalars)
        func number(_ from: Int, _ count: Int) -> Int? {
            guard from + count <= scalars.count else { return nil }
            let digits = scalars[from..<from + count]
            guard digits.allSatisfy({ ("0"..."9").contains($0) }) else { return nil }
            return Int(String(String.UnicodeScalarView(digits)))
        }
        guard scalars.count >= 16, scalars[4] == "-", scalars[7] == "-", scalars[10] == "T",
            scalars[13] == ":",
            let year = number(0, 4), let month = number(5, 2), let day = number(8, 2),
            let hour = number(11, 2), let minute = number(14, 2)
        else { return nil }
        var index = 16
        var second = 0
        if index < scalars.count, scalars[index] == ":" {
            guard let s = number(index + 1, 2) else { return nil }
            second = s
            index += 3
        }
        var components = DateComponents(
            year: year, month: month, day: day, hour: hour, minute: minute, second: second)
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = TimeZone(secondsFromGMT: 0)!
        components.timeZone = TimeZone(secondsFromGMT: 0)
        guard let wall = utc.date(from: components) else { return nil }
        if index == scalars.count {
            // Local time in Oslo. It must exist exactly once (not in a DST gap, not repeated),
            // or the case would be ambiguous: try every offset Oslo uses around that day.
            let offsets = Set(
                [-86_400.0, 0, 86_400].map { oslo.secondsFromGMT(for: wall.addingTimeInterval($0)) }
            )
            let matches = offsets.map { wall.addingTimeInterval(TimeInterval(-$0)) }.filter {
                oslo.secondsFromGMT(for: $0) == Int(wall.timeIntervalSince($0))
            }
            return matches.count == 1 ? matches[0] : nil
        }
        var offsetSeconds = 0
        if scalars[index] == "Z", index + 1 == scalars.count {
            offsetSeconds = 0
        } else if scalars[index] == "+" || scalars[index] == "-", index + 6 == scalars.count,
            scalars[index + 3] == ":",
            let h = number(index + 1, 2), let m = number(index + 4, 2)
        {
            offsetSeconds = (h * 3600 + m * 60) * (scalars[index] == "-" ? -1 : 1)
        } else {
            return nil
        }
        return wall.addingTimeInterval(TimeInterval(-offsetSeconds))
    }

    /// Weekday (0 = Monday) and minute in Oslo, as `sitegen search --open-now` computes them.
    static func osloClock(_ date: Date) -> (weekday: Int, minute: Int) {
        GuideTimeZone.oslo.weekdayAndMinute(date)
    }

    @Test func theTableIsLargeAndCoversEveryOutcome() {
        let cases = Self.cases
        #expect(cases.count >= 40)
        for outcome in ["open", "closed", "unknown"] {
            #expect(cases.filter { $0.expected == outcome }.count >= 5, "too few \(outcome) cases")
        }
        for raw in [
            "Mo-Fr 08:00-16:00; Sa 10:00-14:00", "24/7", "Fr 22:00-02:00",
            "Mo-Fr 08:00-16:00; PH off",
        ] {
            #expect(cases.contains { $0.raw == raw }, "the table lacks \(raw)")
        }
        #expect(cases.contains { $0.raw.hasSuffix("Su off") })
        #expect(
            cases.contains { $0.at.hasPrefix("2026-03-29") }
                && cases.contains { $0.at.hasPrefix("2026-10-25") })
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
        #expect(
            answer == entry.expected, "\(entry.raw.debugDescription) at \(entry.at) (\(entry.note))"
        )
    }

    @Test func theStatusTableIsLargeAndCoversEveryKindOfText() {
        let cases = Self.statusCases
        #expect(cases.count >= 25)
        let texts = cases.map(\.expected)
        #expect(texts.contains(nil), "no unknown case")
        #expect(texts.contains("Stengt") && texts.contains("Åpent døgnet rundt"))
        for start in [
            "Åpent · stenger kl. ", "Stengt · åpner kl. ", "Stengt · åpner i morgen kl. ",
        ] {
            #expect(texts.contains { $0?.hasPrefix(start) == true }, "no case for \(start)")
        }
        for start in ["Åpent · stenger ", "Stengt · åpner "] {
            // The far-off change, named by its weekday.
            #expect(
                texts.contains { text in
                    OpeningHours.vocabulary(.nb).weekdays.contains {
                        text?.hasPrefix(start + $0 + " kl. ") == true
                    }
                },
                "no case for \(start)<weekday>")
        }
        #expect(cases.contains { $0.raw.contains("-26:00") } && cases.contains { $0.raw == "24/7" })
    }

    @Test(arguments: statusCases)
    func swiftStatusAgreesWithTheTable(_ entry: StatusCase) throws {
        let date = try #require(Self.instant(entry.at), "unreadable or ambiguous time \(entry.at)")
        let clock = Self.osloClock(date)
        let hours = OpeningHours(entry.raw)
        let status = hours?.status(weekday: clock.weekday, minute: clock.minute)
        #expect(
            status?.norwegianText == entry.expected,
            "\(entry.raw.debugDescription) at \(entry.at) (\(entry.note))")
        // The state agrees with isOpen, which says nil exactly when the status does.
        #expect(status?.isOpen == hours?.isOpen(weekday: clock.weekday, minute: clock.minute))
    }

    /// The next change from the candidates equals a plain minute-by-minute walk through the week,
    /// from every quarter of an hour of the week (the table's hours, and a few more).
    @Test func theNextChangeIsTheFirstMinuteThatDiffers() throws {
        let raws = Set(
            Self.statusCases.map(\.raw) + Self.cases.map(\.raw) + [
                "Mo-Su 09:00-12:00,12:00-14:00", "Sa 20:00-04:00; Su 03:00-05:00",
                "Mo-Fr 08:00-08:01",
            ])
        let week = OpeningHours.minutesPerWeek
        for raw in raws.sorted() {
            guard let hours = OpeningHours(raw), !hours.mentionsPublicHolidays else { continue }
            // isOpen(weekday:minute:) for every minute of the week, with each day's spans worked
            // out once.
            let days = (0..<7).map {
                hours.isAlwaysOpen
                    ? [OpeningHours.TimeSpan(start: 0, end: 1440)] : hours.spans(on: $0)
            }
            let states = (0..<week).map {
                OpeningHours.isOpen(
                    today: days[$0 / 1440], yesterday: days[($0 / 1440 + 6) % 7], minute: $0 % 1440)
            }
            // For each minute, the first later minute (counted on into a second week) whose state
            // differs from the minute before it, which is the first that differs from this one: one
            // walk backwards.
            var firstChange = [Int?](repeating: nil, count: week)
            var change: Int?
            for later in stride(from: 2 * week - 1, through: 1, by: -1) {
                if states[later % week] != states[(later - 1) % week] { change = later }
                if later - 1 < week { firstChange[later - 1] = change }
            }
            for now in stride(from: 0, to: week, by: 15) {
                let status = try #require(hours.status(weekday: now / 1440, minute: now % 1440))
                let expected = firstChange[now].map {
                    OpeningStatus.WeekTime(weekday: $0 % week / 1440, minute: $0 % 1440)
                }
                #expect(status.isOpen == states[now], "\(raw) at \(now)")
                #expect(status.nextChange == expected, "\(raw) at \(now)")
            }
        }
    }

    @Test func searchOpenNowUsesTheSameRules() {
        // PlaceQuery.openAt(weekday:minute:) (the terminal's --open-now) keeps only places the
        // table calls open.
        let hours = [
            "Fr 22:00-02:00", "Mo-Fr 08:00-16:00; PH off", "ring for åpningstider",
            "Mo-Fr 08:00-16:00; Sa 10:00-14:00",
        ]
        let places = hours.enumerated().map { index, raw in
            Place.fixture(
                "Sted \(index)", id: "node/\(index)", lat: 59.9111 + Double(index) * 0.001,
                hours: raw)
        }
        let source = DataSourceInfo(kind: .sample, fetchedAt: .init(timeIntervalSince1970: 0))
        let guide = Array(
            GuideAssembler.assemble(
                places: places, store: GuideStore(), settings: .defaults, source: source
            ).places)
        var query = PlaceQuery()
        let saturdayNight = Self.osloClock(Self.instant("2026-11-28T01:00")!)  // Saturday 01:00
        query.isOpen = PlaceQuery.openAt(
            weekday: saturdayNight.weekday, minute: saturdayNight.minute)
        #expect(query.apply(to: guide).map(\.place.name) == ["Sted 0"])
        let saturdayMorning = Self.osloClock(Self.instant("2026-11-28T11:00")!)  // Saturday 11:00
        query.isOpen = PlaceQuery.openAt(
            weekday: saturdayMorning.weekday, minute: saturdayMorning.minute)
        #expect(query.apply(to: guide).map(\.place.name) == ["Sted 3"])
    }
}
