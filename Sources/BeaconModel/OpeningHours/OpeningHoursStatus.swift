/// "Open now" from parsed opening hours, in the guide's local time. The same
/// rules are implemented in the page script (`Resources/assets/beacon-hours.js`);
/// both are tested against one table of cases (`Tests/Fixtures/opening-hours-cases.json`).
///
/// The rules:
/// - `24/7` is always open. Any rule that names `PH` makes the answer unknown (nil):
///   we cannot date public holidays, and guessing would be worse than saying nothing.
/// - A day's own hours come from the rules that name it, read left to right: a rule
///   after `;` (or the first rule) replaces what earlier rules said about that day
///   ("Mo-Fr 08:00-16:00; We off" closes Wednesday); a rule after `,` (OSM's
///   additional rule) adds its times ("Mo-Fr 08:00-12:00, We 14:00-18:00" keeps
///   Wednesday morning), or closes the day when it is `off`.
/// - Start is inclusive, end exclusive: "08:00-16:00" is open at 08:00 and closed at 16:00.
/// - A range that ends past midnight ("22:00-02:00", "22:00-26:00") belongs to the
///   evening it starts on: the night runs on into the next morning whatever the next
///   day's own rules say ("Fr 22:00-02:00; Sa off" is open at 01:00 on Saturday).
///   This is how readers understand the Norwegian text the page shows ("fredag
///   22:00–02:00"). (opening_hours.js lets a later `;` rule for Saturday cut that
///   night short, and warns that the author probably meant `,`.)
/// - The next change (`status(weekday:minute:)`, OpeningHoursNextChange.swift) is the first
///   later minute, within a week, at which the answer differs; unknown stays unknown.
extension OpeningHours {
    /// Whether the place is open at `minute` (0–1439) of `weekday` (0 = Monday);
    /// nil when the hours cannot tell (rules for public holidays, which we cannot date).
    package func isOpen(weekday: Int, minute: Int) -> Bool? {
        if isAlwaysOpen { return true }
        if mentionsPublicHolidays { return nil }
        return Self.isOpen(
            today: spans(on: weekday), yesterday: spans(on: (weekday + 6) % 7), minute: minute)
    }

    /// The rule shared with `status(weekday:minute:)`: open when one of today's spans holds
    /// `minute`, or yesterday's night runs past midnight beyond it.
    package static func isOpen(today: [TimeSpan], yesterday: [TimeSpan], minute: Int) -> Bool {
        if today.contains(where: { $0.start <= minute && minute < $0.end }) { return true }
        // A night that began yesterday and runs past midnight.
        return yesterday.contains { $0.end > 1440 && minute < $0.end - 1440 }
    }

    /// The time spans in force on a weekday: a later rule naming the day replaces
    /// earlier ones, an additional rule (after `,`) adds to them (OSM semantics).
    func spans(on weekday: Int) -> [TimeSpan] {
        var result: [TimeSpan] = []
        for rule in rules where rule.weekdays.contains(weekday) {
            if rule.isAdditional && !rule.isClosed {
                result.append(contentsOf: rule.times)
            } else {
                result = rule.times
            }
        }
        return result
    }
}
