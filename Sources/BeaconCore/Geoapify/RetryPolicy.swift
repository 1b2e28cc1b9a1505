import Foundation

/// Exponential backoff with full jitter, bounded in attempts and in total
/// time; a `Retry-After` from the server wins when it fits the budget.
package struct RetryPolicy: Sendable {
    var maximumAttempts: Int
    var baseDelay: TimeInterval
    var maximumDelay: TimeInterval
    /// Total time all attempts and waits may take.
    var maximumTotal: TimeInterval

    package init(maximumAttempts: Int = 4, baseDelay: TimeInterval = 0.5, maximumDelay: TimeInterval = 8, maximumTotal: TimeInterval = 30) {
        self.maximumAttempts = maximumAttempts
        self.baseDelay = baseDelay
        self.maximumDelay = maximumDelay
        self.maximumTotal = maximumTotal
    }

    /// The wait before attempt `attempt + 1` (attempt counts from 1).
    func delay(afterAttempt attempt: Int, retryAfter: TimeInterval?, random: Double = Double.random(in: 0...1)) -> TimeInterval {
        if let retryAfter { return max(0, retryAfter) }
        let exponential = min(maximumDelay, baseDelay * pow(2, Double(attempt - 1)))
        // Full jitter, but never less than half the step, so retries do not hammer.
        return exponential * (0.5 + 0.5 * random)
    }

    /// `Retry-After` as seconds or an HTTP date.
    static func parseRetryAfter(_ value: String?, now: Date) -> TimeInterval? {
        guard let value = value?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { return nil }
        if let seconds = Double(value), seconds >= 0 { return seconds }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        guard let date = formatter.date(from: value) else { return nil }
        return max(0, date.timeIntervalSince(now))
    }
}
