/// "Open now" from parsed opening hours, in the guide's local time. The same
/// rules are implemented in the page script; both are tested against one
/// table of cases (`Tests/Fixtures/opening-hours-cases.json`).
extension OpeningHours {
    /// Whether the place is open at `minute` (0–1439) of `weekday` (0 = Monday);
    /// nil when the hours cannot tell (rules for public holidays, which we cannot date).
    public func isOpen(weekday: Int, minute: Int) -> Bool? {
        if isAlwaysOpen { return true }
        if mentionsPublicHolidays { return nil }
        let today = spans(on: weekday)
        if today.contains(where: { $0.start <= minute && minute < $0.end }) { return true }
        // A night that began yesterday and runs past midnight.
        let yesterday = spans(on: (weekday + 6) % 7)
        if yesterday.contains(where: { $0.end > 1440 && minute < $0.end - 1440 }) { return true }
        return false
    }

    /// The time spans in force on a weekday: a later rule naming the day replaces earlier ones (OSM semantics).
    func spans(on weekday: Int) -> [TimeSpan] {
        var result: [TimeSpan] = []
        for rule in rules where rule.weekdays.contains(weekday) {
            result = rule.times
        }
        return result
    }
}
