/// "Åpent · stenger kl. 22:00" / "Stengt · åpner i morgen kl. 07:00": the open/closed state
/// and when it next changes, because "Åpent nå" alone does not tell a reader whether there is
/// time to get there. `Resources/assets/beacon-hours.js` (`BeaconHours.statusAt`) follows the
/// same rules; `Tests/Fixtures/opening-hours-cases.json` ("statuses") keeps the two in step.
package struct OpeningStatus: Sendable, Equatable {
    /// A minute of the week in Oslo time: weekday 0 is Monday, minute 0–1439.
    package struct WeekTime: Sendable, Equatable {
        package var weekday: Int
        package var minute: Int

        package init(weekday: Int, minute: Int) {
            self.weekday = weekday
            self.minute = minute
        }
    }

    package var isOpen: Bool
    /// The first minute at which `isOpen` no longer holds; nil when it never changes
    /// (open round the clock, or closed every day).
    package var nextChange: WeekTime?
    /// The reader's line, e.g. "Åpent · stenger kl. 22:00", "Stengt · åpner fredag kl. 08:00",
    /// "Stengt".
    package var norwegianText: String

    package init(isOpen: Bool, nextChange: WeekTime?, norwegianText: String) {
        self.isOpen = isOpen
        self.nextChange = nextChange
        self.norwegianText = norwegianText
    }
}

extension OpeningHours {
    static let minutesPerWeek = 7 * 1440

    /// The state at `minute` (0–1439) of `weekday` (0 = Monday) and when it next changes;
    /// nil exactly when `isOpen(weekday:minute:)` is nil (hours with public-holiday rules).
    ///
    /// Only span starts and ends can change the state, so those (as minutes of the week) are
    /// the only candidates; each is checked in time order for the actual state there, so
    /// spans that touch ("22:00-24:00" then "00:00-02:00") or overlap do not count as a change.
    /// The hours repeat weekly: no change within 7 days means none at all.
    package func status(weekday: Int, minute: Int) -> OpeningStatus? {
        guard (0..<7).contains(weekday), (0..<1440).contains(minute) else { return nil }
        if isAlwaysOpen {
            return .init(isOpen: true, nextChange: nil, norwegianText: Self.aroundTheClock)
        }
        if mentionsPublicHolidays { return nil }
        let week = (0..<7).map { spans(on: $0) }
        let now = weekday * 1440 + minute
        let open = Self.isOpen(week: week, at: now)
        var change: Int?  // minutes from now, 1...10_080
        for delta in changeCandidates(week: week).map({
            ($0 - now + Self.minutesPerWeek) % Self.minutesPerWeek
        })
        .filter({ $0 > 0 }).sorted()
        where Self.isOpen(week: week, at: (now + delta) % Self.minutesPerWeek) != open {
            change = delta
            break
        }
        guard let change else {
            return .init(
                isOpen: open, nextChange: nil, norwegianText: open ? Self.aroundTheClock : "Stengt")
        }
        let at = (now + change) % Self.minutesPerWeek
        let next = OpeningStatus.WeekTime(weekday: at / 1440, minute: at % 1440)
        return .init(
            isOpen: open, nextChange: next,
            norwegianText: Self.statusText(
                open: open, minute: minute, minutesAhead: change, next: next))
    }

    static let aroundTheClock = "Åpent døgnet rundt"

    /// "Åpent · stenger kl. 22:00" within a day, else with the weekday; "Stengt · åpner kl. 11:00"
    /// today, "i morgen", or with the weekday. A closing at midnight reads "kl. 24:00" (of the
    /// day before), as the hours themselves are written ("18:00–24:00"), so "stenger kl. 00:00"
    /// cannot be read as this morning.
    static func statusText(open: Bool, minute: Int, minutesAhead: Int, next: OpeningStatus.WeekTime)
        -> String
    {
        if open {
            let midnight = next.minute == 0
            let clock = midnight ? "24:00" : Self.clock(next.minute)
            if minutesAhead < 1440 { return "Åpent · stenger kl. \(clock)" }
            let day = midnight ? (next.weekday + 6) % 7 : next.weekday
            return "Åpent · stenger \(vocabulary(.nb).weekdays[day]) kl. \(clock)"
        }
        let clock = Self.clock(next.minute)
        let calendarDays = (minute + minutesAhead) / 1440
        switch calendarDays {
        case 0: return "Stengt · åpner kl. \(clock)"
        case 1: return "Stengt · åpner i morgen kl. \(clock)"
        default: return "Stengt · åpner \(vocabulary(.nb).weekdays[next.weekday]) kl. \(clock)"
        }
    }

    /// Every span's start and end as a minute of the week (ends past midnight wrap into the
    /// next day, Sunday's into Monday), without duplicates.
    func changeCandidates(week: [[TimeSpan]]) -> Set<Int> {
        var candidates = Set<Int>()
        for (day, spans) in week.enumerated() {
            for span in spans {
                candidates.insert((day * 1440 + span.start) % Self.minutesPerWeek)
                candidates.insert((day * 1440 + span.end) % Self.minutesPerWeek)
            }
        }
        return candidates
    }

    /// Open at a minute of the week (0–10_079), given each weekday's spans.
    package static func isOpen(week: [[TimeSpan]], at minuteOfWeek: Int) -> Bool {
        let weekday = minuteOfWeek / 1440
        return isOpen(
            today: week[weekday], yesterday: week[(weekday + 6) % 7], minute: minuteOfWeek % 1440)
    }
}
