import Foundation
import Testing

@testable import BeaconCore

/// The guide's date in Oslo, worked out by the summer-time rule, is the date
/// the time-zone database gives, at every hour and around every switch.
@Suite struct OsloDateTests {
    let oslo = TimeZone(identifier: "Europe/Oslo")!
    var calendar: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = oslo
        return calendar
    }

    @Test func everyHourOfTenYearsAndEverySwitchAgreeWithTheDatabase() {
        let calendar = calendar
        var mismatches: [String] = []
        func check(_ seconds: Int) {
            let date = Date(timeIntervalSince1970: TimeInterval(seconds))
            let ruled = CalendarDate.today(now: date)
            let known = CalendarDate.today(in: oslo, now: date)
            if ruled != known, mismatches.count < 5 { mismatches.append("\(date): \(ruled) ≠ \(known)") }
            let clock = OsloTime.weekdayAndMinute(date)
            let parts = calendar.dateComponents([.weekday, .hour, .minute], from: date)
            let expected = (((parts.weekday ?? 2) + 5) % 7, (parts.hour ?? 0) * 60 + (parts.minute ?? 0))
            if clock != expected, mismatches.count < 5 { mismatches.append("\(date): \(clock) ≠ \(expected)") }
        }
        // Every hour of 2020–2029, and every 7 hours and 13 minutes from 1997 to 2100.
        let start2020 = CalendarDate.daysSinceEpoch(year: 2020, month: 1, day: 1) * 86_400
        for hour in 0..<(10 * 366 * 24) { check(start2020 + hour * 3_600) }
        let start1997 = CalendarDate.daysSinceEpoch(year: 1997, month: 1, day: 1) * 86_400
        let end2100 = CalendarDate.daysSinceEpoch(year: 2100, month: 12, day: 31) * 86_400
        for seconds in stride(from: start1997, to: end2100, by: 7 * 3_600 + 13 * 60) { check(seconds) }
        // A minute and a second either side of midnight in Oslo on the days the clocks change, and of the switch itself.
        for year in 1997...2100 {
            for month in [3, 10] {
                let sunday = CalendarDate.lastSunday(year: year, month: month) * 86_400
                for instant in [sunday - 3_600, sunday - 7_200, sunday + 3_600, sunday + 82_800, sunday + 79_200] {
                    for delta in [-60, -1, 0, 1, 60] { check(instant + delta) }
                }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches)")
    }

    @Test func knownDatesAndTheCalendarArithmetic() {
        // 2026-03-29 is the last Sunday of March 2026; 2026-10-25 of October.
        #expect(CalendarDate.civil(daysSinceEpoch: CalendarDate.lastSunday(year: 2026, month: 3)) == (2026, 3, 29))
        #expect(CalendarDate.civil(daysSinceEpoch: CalendarDate.lastSunday(year: 2026, month: 10)) == (2026, 10, 25))
        #expect(CalendarDate.daysSinceEpoch(year: 1970, month: 1, day: 1) == 0)
        #expect(CalendarDate.civil(daysSinceEpoch: -1) == (1969, 12, 31))
        for days in stride(from: -800_000, through: 3_000_000, by: 997) {
            let (y, m, d) = CalendarDate.civil(daysSinceEpoch: days)
            #expect(CalendarDate.daysSinceEpoch(year: y, month: m, day: d) == days)
        }
        // 23:30 UTC on New Year's Eve is already the next year in Oslo; 22:30 UTC in summer is the next day.
        #expect(
            CalendarDate.today(
                now: Date(
                    timeIntervalSince1970: TimeInterval(
                        CalendarDate.daysSinceEpoch(year: 2026, month: 1, day: 1) * 86_400 - 1_800)))
                == CalendarDate(year: 2026, month: 1, day: 1))
        #expect(
            CalendarDate.today(
                now: Date(
                    timeIntervalSince1970: TimeInterval(
                        CalendarDate.daysSinceEpoch(year: 2026, month: 7, day: 1) * 86_400 - 5_400)))
                == CalendarDate(year: 2026, month: 7, day: 1))
        // Outside the rule's years, a winter day is still Oslo's.
        let old = Date(timeIntervalSince1970: -86_400 * 365 * 30)
        #expect(CalendarDate.today(now: old) == CalendarDate.today(in: oslo, now: old))
    }
}
