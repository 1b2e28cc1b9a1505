import FoundationEssentials

/// The time zone a guide lives in: whether a place is open now, today's date and the dates on the
/// pages are told on its clock, wherever the build or the reader is. The owner's `timeZone`
/// setting, or the zone at the guide's centre. Worked out from compiled-in rules (`TimeZoneTable`),
/// because the binary carries no time-zone database.
package struct GuideTimeZone: Sendable, Equatable {
    /// The IANA name ("Europe/Oslo"), which the page script hands to the browser's own time-zone
    /// data.
    package let identifier: String
    let rule: TimeZoneRule

    /// Norway's zone: the default centre's.
    package static let oslo = GuideTimeZone(identifier: "Europe/Oslo")!

    /// Whether this is Norwegian time (mainland Norway's zone, or Svalbard's name for it), so the
    /// pages may call it «norsk tid».
    package var isNorways: Bool {
        identifier == "Europe/Oslo" || identifier == "Arctic/Longyearbyen"
    }

    /// The zone of this IANA name (exact, as the database spells it), or nil when there is none.
    package init?(identifier: String) {
        guard let posix = TimeZoneTable.rules[identifier], let rule = TimeZoneRule(posix: posix)
        else { return nil }
        self.identifier = identifier
        self.rule = rule
    }

    /// The zone at `coordinate`: the grid's, or at sea the nearest within a few cells, or far out
    /// at sea the nautical zone of its longitude (`Etc/GMT-1` is UTC+1).
    package static func at(_ coordinate: Coordinate) -> GuideTimeZone {
        let step = TimeZoneTable.gridStep
        for distance in 0...4 {
            for dLat in -distance...distance {
                for dLon in -distance...distance where max(abs(dLat), abs(dLon)) == distance {
                    let nearby = Coordinate(
                        latitude: coordinate.latitude + Double(dLat) * step,
                        longitude: coordinate.longitude + Double(dLon) * step)
                    if let name = TimeZoneTable.gridZone(at: nearby),
                        let zone = GuideTimeZone(identifier: name)
                    {
                        return zone
                    }
                }
            }
        }
        let hours = coordinate.longitude.isFinite ? Int((coordinate.longitude / 15).rounded()) : 0
        let name = hours == 0 ? "Etc/GMT" : "Etc/GMT" + (hours > 0 ? "-" : "+") + String(abs(hours))
        return GuideTimeZone(identifier: name) ?? .utc
    }

    static let utc = GuideTimeZone(identifier: "UTC")!

    /// Up to three known names close to `text` (by edit distance, ignoring case, or by the city
    /// alone: «london» → «Europe/London»), for a message about a name that is not one.
    package static func suggestions(for text: String) -> [String] {
        // No zone name is longer than 32 bytes: a longer text is not a misspelling, and comparing a
        // huge one with every name would stall the build.
        guard text.utf8.count <= 64 else { return [] }
        let wanted = Array(text.lowercased().utf8)
        let scored = TimeZoneTable.names.map { name -> (String, Int) in
            let lowered = name.lowercased()
            let city = lowered.split(separator: "/").last.map(String.init) ?? lowered
            let distance = min(
                editDistance(wanted, Array(lowered.utf8)),
                editDistance(wanted, Array(city.utf8)) + 1)
            return (name, distance)
        }
        let limit = max(2, wanted.count / 3)
        return scored.filter { $0.1 <= limit }.sorted { ($0.1, $0.0) < ($1.1, $1.0) }.prefix(3).map(
            \.0)
    }

    /// Seconds since 1970-01-01 00:00 on this zone's wall clock at `date`.
    package func localSeconds(_ date: Date) -> Int {
        let seconds = date.timeIntervalSince1970.rounded(.down)
        guard seconds.isFinite, abs(seconds) < 1e15 else { return 0 }
        let utcSeconds = Int(seconds)
        return utcSeconds + rule.offset(atUTC: utcSeconds)
    }

    /// The weekday (0 = Monday … 6 = Sunday) and the minute of the day on this zone's clock at
    /// `date`.
    package func weekdayAndMinute(_ date: Date) -> (weekday: Int, minute: Int) {
        let local = localSeconds(date)
        let days = local.floorDivided(by: 86_400)
        // 1970-01-01 was a Thursday (3).
        return ((days + 3).positiveRemainder(dividingBy: 7), (local - days * 86_400) / 60)
    }

    /// The date on this zone's calendar at `date`.
    package func today(_ date: Date) -> CalendarDate {
        let (y, m, d) = CalendarDate.civil(
            daysSinceEpoch: localSeconds(date).floorDivided(by: 86_400))
        return CalendarDate(year: y, month: m, day: d)!
    }
}

/// Levenshtein distance of two byte strings.
func editDistance(_ a: [UInt8], _ b: [UInt8]) -> Int {
    if a.isEmpty { return b.count }
    var previous = Array(0...b.count)
    var current = previous
    for i in 1...a.count {
        current[0] = i
        for j in stride(from: 1, through: b.count, by: 1) {
            current[j] = Swift.min(
                previous[j] + 1, current[j - 1] + 1,
                previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
        }
        swap(&previous, &current)
    }
    return previous[b.count]
}
