/// A zone's current rule, read from the POSIX TZ string that ends its TZif file (RFC 8536, section
/// 3.3): its standard offset and, where it has one, its summer offset and the two days and times
/// the clocks change on. `CET-1CEST,M3.5.0,M10.5.0/3` is Central European Time.
package struct TimeZoneRule: Sendable, Equatable {
    /// Seconds east of UTC in standard time (POSIX writes them west, so `CET-1` is +3 600).
    let standardOffset: Int
    let summer: Summer?

    struct Summer: Sendable, Equatable {
        let offset: Int
        /// When summer time starts, in local standard time, and when it ends, in local summer time.
        let start: Change
        let end: Change
    }

    /// A day of the year and a time on it (which may be negative or past 24 hours, as RFC 8536
    /// allows).
    struct Change: Sendable, Equatable {
        let day: Day
        let seconds: Int
    }

    enum Day: Sendable, Equatable {
        /// `Jn`: day 1–365, February 29 never counted.
        case julian(Int)
        /// `n`: day 0–365, February 29 counted in leap years.
        case ordinal(Int)
        /// `Mm.w.d`: weekday d (0 = Sunday) of week w (1–4, 5 = the last) of month m.
        case monthWeekDay(month: Int, week: Int, weekday: Int)
    }

    /// The offset from UTC, in seconds east, at `utcSeconds` after 1970-01-01 00:00 UTC.
    package func offset(atUTC utcSeconds: Int) -> Int {
        guard let summer else { return standardOffset }
        let (year, _, _) = CalendarDate.civil(
            daysSinceEpoch: (utcSeconds + standardOffset).floorDivided(by: 86_400))
        let starts = summer.start.utcSeconds(year: year, localOffset: standardOffset)
        let ends = summer.end.utcSeconds(year: year, localOffset: summer.offset)
        let inSummer =
            starts < ends
            ? (starts..<ends).contains(utcSeconds)  // the northern hemisphere
            : !(ends..<starts).contains(utcSeconds)  // the southern: summer spans the new year
        return inSummer ? summer.offset : standardOffset
    }

    /// Reads a POSIX TZ string; nil when it is not one (or names summer time without saying when).
    package init?(posix text: String) {
        var reader = Reader(Array(text.utf8))
        guard reader.skipName(), let standard = reader.offset() else { return nil }
        standardOffset = -standard
        if reader.atEnd {
            summer = nil
            return
        }
        guard reader.skipName() else { return nil }
        var summerOffset = standardOffset + 3_600
        if !reader.at(UInt8(ascii: ",")) {
            guard let offset = reader.offset() else { return nil }
            summerOffset = -offset
        }
        guard reader.take(UInt8(ascii: ",")), let start = reader.change(),
            reader.take(UInt8(ascii: ",")),
            let end = reader.change(), reader.atEnd
        else { return nil }
        summer = Summer(offset: summerOffset, start: start, end: end)
    }
}

extension TimeZoneRule.Change {
    /// The instant of this change in `year`, on a clock `localOffset` seconds east of UTC.
    func utcSeconds(year: Int, localOffset: Int) -> Int {
        let days: Int
        switch day {
        case .julian(let n):
            let isLeap = CalendarDate.daysInMonth(2, year: year) == 29
            days =
                CalendarDate.daysSinceEpoch(year: year, month: 1, day: 1) + n - 1
                + (isLeap && n >= 60 ? 1 : 0)
        case .ordinal(let n):
            days = CalendarDate.daysSinceEpoch(year: year, month: 1, day: 1) + n
        case .monthWeekDay(let month, let week, let weekday):
            let first = CalendarDate.daysSinceEpoch(year: year, month: month, day: 1)
            // 1970-01-01 was a Thursday: weekday 4 when Sunday is 0.
            let firstWeekday = (first + 4).positiveRemainder(dividingBy: 7)
            var day =
                first + (weekday - firstWeekday).positiveRemainder(dividingBy: 7) + (week - 1) * 7
            let length = CalendarDate.daysInMonth(month, year: year)
            while day >= first + length { day -= 7 }
            days = day
        }
        return days * 86_400 + seconds - localOffset
    }
}

/// The bytes of a POSIX TZ string, read from the front.
private struct Reader {
    package let bytes: [UInt8]
    var index = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var atEnd: Bool { index == bytes.count }
    func at(_ byte: UInt8) -> Bool { index < bytes.count && bytes[index] == byte }

    mutating func take(_ byte: UInt8) -> Bool {
        guard at(byte) else { return false }
        index += 1
        return true
    }

    /// A zone abbreviation: three or more letters, or anything but `>` between `<` and `>`.
    mutating func skipName() -> Bool {
        let start = index
        if take(UInt8(ascii: "<")) {
            while index < bytes.count, bytes[index] != UInt8(ascii: ">") { index += 1 }
            guard take(UInt8(ascii: ">")) else { return false }
            return index - start >= 5
        }
        while index < bytes.count, (bytes[index] | 0x20) >= UInt8(ascii: "a"),
            (bytes[index] | 0x20) <= UInt8(ascii: "z")
        {
            index += 1
        }
        return index - start >= 3
    }

    mutating func number(maximum: Int) -> Int? {
        var value = 0
        var digits = 0
        while index < bytes.count, bytes[index] >= UInt8(ascii: "0"),
            bytes[index] <= UInt8(ascii: "9")
        {
            value = value * 10 + Int(bytes[index] - UInt8(ascii: "0"))
            digits += 1
            index += 1
            guard value <= maximum else { return nil }
        }
        return digits > 0 ? value : nil
    }

    /// `[+-]hh[:mm[:ss]]` in seconds, hours up to 167 (RFC 8536's extension of POSIX's 24).
    mutating func offset() -> Int? {
        let sign = take(UInt8(ascii: "-")) ? -1 : (take(UInt8(ascii: "+")) ? 1 : 1)
        guard let hours = number(maximum: 167) else { return nil }
        var seconds = hours * 3_600
        if take(UInt8(ascii: ":")) {
            guard let minutes = number(maximum: 59) else { return nil }
            seconds += minutes * 60
            if take(UInt8(ascii: ":")) {
                guard let rest = number(maximum: 59) else { return nil }
                seconds += rest
            }
        }
        return sign * seconds
    }

    /// `date[/time]`, the time 02:00 when it is not given.
    mutating func change() -> TimeZoneRule.Change? {
        let day: TimeZoneRule.Day
        if take(UInt8(ascii: "J")) {
            guard let n = number(maximum: 365), n >= 1 else { return nil }
            day = .julian(n)
        } else if take(UInt8(ascii: "M")) {
            guard let month = number(maximum: 12), month >= 1, take(UInt8(ascii: ".")),
                let week = number(maximum: 5), week >= 1, take(UInt8(ascii: ".")),
                let weekday = number(maximum: 6)
            else { return nil }
            day = .monthWeekDay(month: month, week: week, weekday: weekday)
        } else {
            guard let n = number(maximum: 365) else { return nil }
            day = .ordinal(n)
        }
        var seconds = 7_200
        if take(UInt8(ascii: "/")) {
            guard let time = offset() else { return nil }
            seconds = time
        }
        return TimeZoneRule.Change(day: day, seconds: seconds)
    }
}
