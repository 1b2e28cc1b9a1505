import BeaconText
import FoundationEssentials
import Glibc

/// Exponential backoff with full jitter, bounded in attempts and in total
/// time; a `Retry-After` from the server wins when it fits the budget.
package struct RetryPolicy: Sendable {
    package var maximumAttempts: Int
    var baseDelay: TimeInterval
    var maximumDelay: TimeInterval
    /// Total time all attempts and waits may take.
    package var maximumTotal: TimeInterval

    package init(
        maximumAttempts: Int = 4, baseDelay: TimeInterval = 0.5, maximumDelay: TimeInterval = 8,
        maximumTotal: TimeInterval = 30
    ) {
        self.maximumAttempts = maximumAttempts
        self.baseDelay = baseDelay
        self.maximumDelay = maximumDelay
        self.maximumTotal = maximumTotal
    }

    /// The wait before attempt `attempt + 1` (attempt counts from 1).
    package func delay(
        afterAttempt attempt: Int, retryAfter: TimeInterval?,
        random: Double = Double.random(in: 0...1)
    )
        -> TimeInterval
    {
        if let retryAfter { return max(0, retryAfter) }
        let exponential = min(maximumDelay, baseDelay * pow(2, Double(attempt - 1)))
        // Full jitter, but never less than half the step, so retries do not hammer.
        return exponential * (0.5 + 0.5 * random)
    }

    /// `Retry-After` as seconds or an HTTP date.
    package static func parseRetryAfter(_ value: String?, now: Date) -> TimeInterval? {
        guard let value = value?.trimmingSpaces(), !value.isEmpty else { return nil }
        if let seconds = Double(value), seconds >= 0 { return seconds }
        guard let date = httpDate(value) else { return nil }
        return max(0, date.timeIntervalSince(now))
    }

    /// An HTTP date in its one current form (RFC 9110's IMF-fixdate): "Wed, 21 Oct 2015 07:28:00
    /// GMT".
    static func httpDate(_ text: String) -> Date? {
        let fields = text.split(separator: " ")
        guard fields.count == 6, fields[0].hasSuffix(","),
            ["Mon,", "Tue,", "Wed,", "Thu,", "Fri,", "Sat,", "Sun,"].contains(fields[0]),
            fields[5] == "GMT" || fields[5] == "UTC",
            let day = Int(fields[1]), fields[1].count <= 2,
            let month = [
                "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
            ]
            .firstIndex(of: String(fields[2])),
            fields[3].count == 4, let year = Int(fields[3]),
            let date = CalendarDate(year: year, month: month + 1, day: day)
        else { return nil }
        let clock = fields[4].split(separator: ":", omittingEmptySubsequences: false)
        guard clock.count == 3, clock.allSatisfy({ $0.count == 2 }),
            let hour = Int(clock[0]), let minute = Int(clock[1]), let second = Int(clock[2]),
            (0..<24).contains(hour), (0..<60).contains(minute), (0...60).contains(second)
        else { return nil }
        let days = CalendarDate.daysSinceEpoch(year: date.year, month: date.month, day: date.day)
        return Date(
            timeIntervalSince1970: TimeInterval(days * 86_400 + hour * 3_600 + minute * 60 + second)
        )
    }
}
