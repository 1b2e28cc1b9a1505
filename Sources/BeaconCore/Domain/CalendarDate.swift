import Foundation

/// A day without a time zone, as a rating's date is written in the store
/// ("2026-11-21"). Validated: the day must exist.
package struct CalendarDate: Sendable, Hashable, Comparable, CustomStringConvertible {
    let year: Int
    let month: Int
    let day: Int

    package init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month),
              (1...CalendarDate.daysInMonth(month, year: year)).contains(day) else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// Strict ISO 8601 calendar date, `YYYY-MM-DD`.
    package init?(iso text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
              let y = Int(parts[0]), let m = Int(parts[1]), let d = Int(parts[2]) else { return nil }
        self.init(year: y, month: m, day: d)
    }

    /// Today in the given time zone (Europe/Oslo for the guide).
    package static func today(in timeZone: TimeZone = TimeZone(identifier: "Europe/Oslo") ?? .current, now: Date) -> CalendarDate {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.year, .month, .day], from: now)
        return CalendarDate(year: parts.year ?? 1970, month: parts.month ?? 1, day: parts.day ?? 1)!
    }

    package var iso: String {
        String(format: "%04d-%02d-%02d", year, month, day)
    }

    package var description: String { iso }

    static let norwegianMonths = ["januar", "februar", "mars", "april", "mai", "juni", "juli",
                                  "august", "september", "oktober", "november", "desember"]

    /// "21. november 2026".
    package var norwegianLong: String {
        "\(day). \(CalendarDate.norwegianMonths[month - 1]) \(year)"
    }

    static func daysInMonth(_ month: Int, year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    package static func < (lhs: CalendarDate, rhs: CalendarDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }
}
