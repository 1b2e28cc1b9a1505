import Synchronization

/// Opening hours in Norwegian for the pages: full weekday names in lower case
/// and en dashes ("mandag–fredag 08:00–16:00", "søndag stengt", "døgnåpent").
extension OpeningHours {
    static let weekdayNames = ["mandag", "tirsdag", "onsdag", "torsdag", "fredag", "lørdag", "søndag"]

    /// One line per rule, or nil when `raw` is outside the understood subset (show `raw` then).
    package static func norwegianLines(_ raw: String) -> [String]? {
        if let cached = renderedCache.withLock({ $0[raw] }) { return cached.lines }
        let lines = OpeningHours(raw)?.norwegianLines
        renderedCache.withLock { cache in
            // Real data repeats a few hundred distinct values; keep the cache bounded anyway.
            if cache.count > 4_096 { cache.removeAll(keepingCapacity: true) }
            cache[raw] = CachedLines(lines: lines)
        }
        return lines
    }

    struct CachedLines: Sendable { var lines: [String]? }
    static let renderedCache = Mutex<[String: CachedLines]>([:])

    package var norwegianLines: [String] {
        if isAlwaysOpen { return ["døgnåpent"] }
        return rules.map { rule in
            let days = Self.describeDays(rule)
            let times: String
            if rule.isClosed {
                times = "stengt"
            } else if rule.times == [TimeSpan(start: 0, end: 1440)] {
                times = "hele døgnet"
            } else {
                times = Self.joinedList(rule.times.map(Self.describe))
            }
            return days.isEmpty ? times : "\(days) \(times)"
        }
    }

    static func describeDays(_ rule: Rule) -> String {
        var parts: [String] = rule.weekdaySpans.map { span in
            if span.first == span.last { return weekdayNames[span.first] }
            if span.days.count == 7 { return "alle dager" }
            return weekdayNames[span.first] + "–" + weekdayNames[span.last]
        }
        if rule.publicHolidays { parts.append("helligdager") }
        if parts.isEmpty { return "hver dag" }
        return joinedList(parts)
    }

    static func describe(_ span: TimeSpan) -> String {
        clock(span.start) + "–" + clock(span.end)
    }

    /// "08:00"; 24:00 stays "24:00", later times wrap ("26:00" → "02:00").
    static func clock(_ minutes: Int) -> String {
        let wrapped = minutes > 1440 ? minutes - 1440 : minutes
        let h = wrapped / 60, m = wrapped % 60
        return (h < 10 ? "0" : "") + String(h) + ":" + (m < 10 ? "0" : "") + String(m)
    }

    /// "a", "a og b", "a, b og c".
    static func joinedList(_ items: [String]) -> String {
        switch items.count {
        case 0: return ""
        case 1: return items[0]
        default: return items.dropLast().joined(separator: ", ") + " og " + items.last!
        }
    }
}
