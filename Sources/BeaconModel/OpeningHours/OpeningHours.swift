/// A parsed OpenStreetMap `opening_hours` value, for the subset a guide meets
/// every day: weekday ranges and lists, several time ranges, `off`/`closed`,
/// `24/7`, times past midnight and `PH` (public-holiday) rules. Anything else
/// (months, weeks, dates, sunrise, comments, open ends) does not parse: the
/// pages then show the raw text and "open now" says nothing rather than guess.
/// `Resources/assets/beacon-hours.js` is the same parser for the reader's browser;
/// `Tests/Fixtures/opening-hours-cases.json` keeps the two in step.
package struct OpeningHours: Sendable, Equatable {
    /// Weekday 0 is Monday, 6 is Sunday (OSM order).
    struct Rule: Sendable, Equatable {
        /// Selected weekdays as written, to render them the way the owner wrote them.
        var weekdaySpans: [WeekdaySpan]
        /// True when the rule names `PH`.
        var publicHolidays: Bool
        /// Empty means closed (`off`).
        var times: [TimeSpan]
        /// True when the rule follows a `,` (OSM's additional rule): its times add to
        /// what earlier rules said about its days instead of replacing it.
        var isAdditional: Bool = false

        var isClosed: Bool { times.isEmpty }

        /// All selected weekdays; every day when the rule names none.
        var weekdays: [Int] {
            if weekdaySpans.isEmpty { return publicHolidays ? [] : Array(0...6) }
            var days: [Int] = []
            for span in weekdaySpans {
                for day in span.days where !days.contains(day) { days.append(day) }
            }
            return days
        }
    }

    struct WeekdaySpan: Sendable, Equatable {
        var first: Int
        var last: Int
        /// Wraps past Sunday for "Fr-Mo".
        var days: [Int] {
            var days = [first]
            var day = first
            while day != last {
                day = (day + 1) % 7
                days.append(day)
            }
            return days
        }
    }

    /// Minutes from the day's midnight; `end` may pass 24:00 (up to 48:00) for a night that runs
    /// into the next day.
    package struct TimeSpan: Sendable, Equatable {
        var start: Int
        var end: Int
    }

    var isAlwaysOpen: Bool
    var rules: [Rule]

    var mentionsPublicHolidays: Bool { rules.contains { $0.publicHolidays } }

    static let alwaysOpen = OpeningHours(isAlwaysOpen: true, rules: [])

    /// Nil when the text is outside the understood subset.
    package init?(_ raw: String) {
        var parser = OpeningHoursParser(raw)
        guard let parsed = parser.parse() else { return nil }
        self = parsed
    }

    init(isAlwaysOpen: Bool, rules: [Rule]) {
        self.isAlwaysOpen = isAlwaysOpen
        self.rules = rules
    }
}

struct OpeningHoursParser {
    private var tokens: [String] = []
    private var position = 0

    static let weekdayCodes = ["mo", "tu", "we", "th", "fr", "sa", "su"]

    init(_ raw: String) {
        tokens = OpeningHoursParser.tokenize(raw)
    }

    /// Splits into words, times and punctuation: "Mo-Fr 08:00-16:00; Sa off" →
    /// ["Mo", "-", "Fr", "08:00", "-", "16:00", ";", "Sa", "off"].
    static func tokenize(_ raw: String) -> [String] {
        var tokens: [String] = []
        var current = ""
        func flush() {
            if !current.isEmpty {
                tokens.append(current)
                current = ""
            }
        }
        for ch in raw {
            switch ch {
            case " ", "\t", "\n":
                flush()
            case "-", "–", "—":
                flush()
                tokens.append("-")
            case ";", ",":
                flush()
                tokens.append(String(ch))
            default:
                current.append(ch)
            }
        }
        flush()
        return tokens
    }

    private var current: String? { position < tokens.count ? tokens[position] : nil }

    mutating func parse() -> OpeningHours? {
        guard !tokens.isEmpty else { return nil }
        if tokens == ["24/7"] { return .alwaysOpen }
        var rules: [OpeningHours.Rule] = []
        var additional = false
        while position < tokens.count {
            guard var rule = parseRule() else { return nil }
            rule.isAdditional = additional
            rules.append(rule)
            if current == ";" || current == "," {
                additional = current == ","
                position += 1
                if current == nil { break }  // trailing separator
            } else if current != nil {
                return nil
            }
        }
        return rules.isEmpty ? nil : OpeningHours(isAlwaysOpen: false, rules: rules)
    }

    /// `[weekdays] (times | off | closed | 24/7)`.
    mutating func parseRule() -> OpeningHours.Rule? {
        var spans: [OpeningHours.WeekdaySpan] = []
        var publicHolidays = false
        // Weekday selector: items separated by commas, each "Mo" or "Mo-Fr" or "PH".
        while let token = current {
            if token.uppercased() == "PH" {
                publicHolidays = true
                position += 1
            } else if let day = Self.weekday(token) {
                position += 1
                if current == "-", position + 1 < tokens.count,
                    let last = Self.weekday(tokens[position + 1])
                {
                    position += 2
                    spans.append(.init(first: day, last: last))
                } else {
                    spans.append(.init(first: day, last: day))
                }
            } else {
                break
            }
            // A comma continues the weekday list only when another weekday follows.
            if current == ",", position + 1 < tokens.count,
                Self.weekday(tokens[position + 1]) != nil
                    || tokens[position + 1].uppercased() == "PH"
            {
                position += 1
                continue
            }
            break
        }
        guard let token = current else {
            // "Mo-Fr" alone means open all day those days; keep it simple and unsupported.
            return nil
        }
        let lower = token.lowercased()
        if lower == "off" || lower == "closed" {
            position += 1
            return .init(weekdaySpans: spans, publicHolidays: publicHolidays, times: [])
        }
        if lower == "24/7" {
            position += 1
            return .init(
                weekdaySpans: spans, publicHolidays: publicHolidays,
                times: [.init(start: 0, end: 1440)])
        }
        var times: [OpeningHours.TimeSpan] = []
        while let startToken = current, let start = Self.minutes(startToken) {
            guard position + 2 < tokens.count, tokens[position + 1] == "-",
                let end = Self.minutes(tokens[position + 2])
            else { return nil }
            position += 3
            guard start < 1440 else { return nil }
            var span = OpeningHours.TimeSpan(start: start, end: end)
            if end <= start { span.end = end + 1440 }  // runs past midnight
            guard span.end <= 2880, span.end > span.start else { return nil }
            times.append(span)
            // Another time range follows a comma only when a time comes next.
            if current == ",", position + 1 < tokens.count,
                Self.minutes(tokens[position + 1]) != nil
            {
                position += 1
                continue
            }
            break
        }
        guard !times.isEmpty else { return nil }
        if current?.lowercased() == "open" { position += 1 }
        return .init(weekdaySpans: spans, publicHolidays: publicHolidays, times: times)
    }

    static func weekday(_ token: String) -> Int? {
        weekdayCodes.firstIndex(of: token.lowercased())
    }

    /// "08:00" → 480; "26:00" → 1560; up to 48:00.
    static func minutes(_ token: String) -> Int? {
        let parts = token.split(separator: ":", omittingEmptySubsequences: false)
        // ASCII digits only: Int("+8") would parse, and the page script must read the same times.
        guard parts.count == 2, (1...2).contains(parts[0].count), parts[1].count == 2,
            parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
            let h = Int(parts[0]), let m = Int(parts[1]), (0...48).contains(h), (0...59).contains(m)
        else { return nil }
        let total = h * 60 + m
        return total <= 2880 ? total : nil
    }
}
