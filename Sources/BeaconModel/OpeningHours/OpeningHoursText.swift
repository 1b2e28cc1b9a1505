import Synchronization

/// Opening hours as the pages write them, in each language: full weekday names
/// and en dashes ("mandag–fredag 08:00–16:00", "søndag stengt", "døgnåpent";
/// "måndag–fredag …", "sundag stengd", "ope heile døgnet"; "Monday–Friday …",
/// "Sunday closed", "open 24 hours").
extension OpeningHours {
    /// The words one language writes hours with.
    struct Vocabulary: Sendable {
        var weekdays: [String]
        var closed: String
        var alwaysOpen: String
        var wholeDay: String
        var everyDay: String
        var allDays: String
        var publicHolidays: String
        var and: String
    }

    static func vocabulary(_ language: Language) -> Vocabulary {
        switch language {
        case .nb:
            Vocabulary(
                weekdays: ["mandag", "tirsdag", "onsdag", "torsdag", "fredag", "lørdag", "søndag"],
                closed: "stengt", alwaysOpen: "døgnåpent", wholeDay: "hele døgnet",
                everyDay: "hver dag",
                allDays: "alle dager", publicHolidays: "helligdager", and: "og")
        case .nn:
            Vocabulary(
                weekdays: ["måndag", "tysdag", "onsdag", "torsdag", "fredag", "laurdag", "sundag"],
                closed: "stengd", alwaysOpen: "ope heile døgnet", wholeDay: "heile døgnet",
                everyDay: "kvar dag",
                allDays: "alle dagar", publicHolidays: "heilagdagar", and: "og")
        case .en:
            Vocabulary(
                weekdays: [
                    "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday",
                ],
                closed: "closed", alwaysOpen: "open 24 hours", wholeDay: "24 hours",
                everyDay: "every day",
                allDays: "every day", publicHolidays: "public holidays", and: "and")
        }
    }

    /// One line per rule, or nil when `raw` is outside the understood subset (show `raw` then).
    package static func lines(_ raw: String, in language: Language) -> [String]? {
        let key = CacheKey(raw: raw, language: language)
        if let cached = renderedCache.withLock({ $0[key] }) { return cached.lines }
        let lines = OpeningHours(raw)?.lines(in: language)
        renderedCache.withLock { cache in
            // Real data repeats a few hundred distinct values; keep the cache bounded anyway.
            if cache.count > 4_096 { cache.removeAll(keepingCapacity: true) }
            cache[key] = CachedLines(lines: lines)
        }
        return lines
    }

    /// For each of `lines`' lines, the weekdays (0 = Monday) on which it is in force: a day
    /// named by a later rule after `;` (or a later `off`) belongs to that rule's line, one after
    /// `,` shares it (`spans(on:)`). The detail page marks today's line by them. Nil when `raw`
    /// does not parse.
    package static func daysInForce(_ raw: String) -> [[Int]]? {
        guard let hours = OpeningHours(raw) else { return nil }
        if hours.isAlwaysOpen { return [Array(0...6)] }
        return hours.rules.indices.map { index in
            hours.rules[index].weekdays.filter { day in
                !hours.rules[(index + 1)...].contains {
                    $0.weekdays.contains(day) && (!$0.isAdditional || $0.isClosed)
                }
            }.sorted()
        }
    }

    /// The bokmål lines (the terminal's language).
    package static func norwegianLines(_ raw: String) -> [String]? { lines(raw, in: .nb) }

    struct CacheKey: Hashable {
        var raw: String
        var language: Language
    }
    struct CachedLines: Sendable { var lines: [String]? }
    static let renderedCache = Mutex<[CacheKey: CachedLines]>([:])

    package var norwegianLines: [String] { lines(in: .nb) }

    package func lines(in language: Language) -> [String] {
        let words = Self.vocabulary(language)
        if isAlwaysOpen { return [words.alwaysOpen] }
        return rules.map { rule in
            let days = Self.describeDays(rule, words)
            let times: String
            if rule.isClosed {
                times = words.closed
            } else if rule.times == [TimeSpan(start: 0, end: 1440)] {
                times = words.wholeDay
            } else {
                times = Self.joinedList(rule.times.map(Self.describe), and: words.and)
            }
            return days.isEmpty ? times : "\(days) \(times)"
        }
    }

    static func describeDays(_ rule: Rule, _ words: Vocabulary) -> String {
        var parts: [String] = rule.weekdaySpans.map { span in
            if span.first == span.last { return words.weekdays[span.first] }
            if span.days.count == 7 { return words.allDays }
            return words.weekdays[span.first] + "–" + words.weekdays[span.last]
        }
        if rule.publicHolidays { parts.append(words.publicHolidays) }
        if parts.isEmpty { return words.everyDay }
        return joinedList(parts, and: words.and)
    }

    static func describe(_ span: TimeSpan) -> String {
        clock(span.start) + "–" + clock(span.end)
    }

    /// "08:00"; 24:00 stays "24:00", later times wrap ("26:00" → "02:00").
    static func clock(_ minutes: Int) -> String {
        let wrapped = minutes > 1440 ? minutes - 1440 : minutes
        let h = wrapped / 60
        let m = wrapped % 60
        return (h < 10 ? "0" : "") + String(h) + ":" + (m < 10 ? "0" : "") + String(m)
    }

    /// "a", "a og b", "a, b og c".
    static func joinedList(_ items: [String], and: String) -> String {
        switch items.count {
        case 0: return ""
        case 1: return items[0]
        default: return items.dropLast().joined(separator: ", ") + " \(and) " + items.last!
        }
    }
}

extension OpeningHours {
    /// Monday to Sunday as `language` writes them in running text (for the page script's texts).
    package static func weekdayNames(in language: Language) -> [String] {
        vocabulary(language).weekdays
    }
}

extension OpeningHours {
    /// One row of the week at a glance: the days («Man–fre») and their hours («08–16»).
    package struct WeekRow: Sendable, Equatable {
        package var days: String
        package var times: String
    }

    /// The week as a compact table (the share file's cards): consecutive days with the same hours
    /// in one row («Man–fre 08–16», «Lør 10–14», «Søn stengt»), short day names, whole hours
    /// without minutes; the public holidays' rule last. Nil when `raw` is outside the understood
    /// subset (show `raw` then).
    package static func weekRows(_ raw: String, in language: Language) -> [WeekRow]? {
        OpeningHours(raw)?.weekRows(in: language)
    }

    package func weekRows(in language: Language) -> [WeekRow] {
        let words = Self.vocabulary(language)
        let short = Self.shortWeekdays(language)
        func times(_ spans: [TimeSpan]) -> String {
            if spans.isEmpty { return words.closed }
            if spans == [TimeSpan(start: 0, end: 1440)] { return words.wholeDay }
            return spans.map { Self.shortClock($0.start) + "–" + Self.shortClock($0.end) }
                .joined(separator: ", ")
        }
        if isAlwaysOpen {
            return [WeekRow(days: Self.capitalized(words.everyDay), times: words.wholeDay)]
        }
        let week = (0..<7).map { spans(on: $0) }
        var rows: [WeekRow] = []
        var first = 0
        while first < 7 {
            var last = first
            while last + 1 < 7, week[last + 1] == week[first] { last += 1 }
            let days =
                first == 0 && last == 6
                ? words.everyDay
                : first == last ? short[first] : short[first] + "–" + short[last]
            rows.append(WeekRow(days: Self.capitalized(days), times: times(week[first])))
            first = last + 1
        }
        if let holidays = rules.last(where: { $0.publicHolidays }) {
            rows.append(
                WeekRow(
                    days: Self.capitalized(words.publicHolidays), times: times(holidays.times)))
        }
        return rows
    }

    /// Monday to Sunday in three letters, as a table's rows name them.
    static func shortWeekdays(_ language: Language) -> [String] {
        switch language {
        case .nb: ["man", "tir", "ons", "tor", "fre", "lør", "søn"]
        case .nn: ["mån", "tys", "ons", "tor", "fre", "lau", "sun"]
        case .en: ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
        }
    }

    /// "08" for a whole hour, "08:30" otherwise; past midnight as the clock says it ("26:00" → "02").
    static func shortClock(_ minutes: Int) -> String {
        let text = clock(minutes)
        return text.hasSuffix(":00") ? String(text.dropLast(3)) : text
    }

    static func capitalized(_ text: String) -> String {
        guard let first = text.first else { return text }
        return first.uppercased() + text.dropFirst()
    }
}
