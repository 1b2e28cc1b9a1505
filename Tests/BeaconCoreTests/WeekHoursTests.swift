import Testing

@testable import BeaconModel

/// The share file's hours: the week as a compact table, a row per run of days with the same hours
/// however the data wrote them.
@Suite struct WeekHoursTests {
    func rows(_ raw: String, _ language: Language = .nb) -> [String]? {
        OpeningHours.weekRows(raw, in: language)?.map { $0.days + " " + $0.times }
    }

    @Test func daysWithTheSameHoursShareARow() {
        #expect(
            rows("Mo-Fr 08:00-16:00; Sa 10:00-14:00; Su off")
                == ["Man–fre 08–16", "Lør 10–14", "Søn stengt"])
        // Written a day at a time, grouped all the same.
        #expect(
            rows(
                "Mo 08:00-16:00; Tu 08:00-16:00; We 08:00-16:00; Th 08:00-16:00; Fr 08:00-16:00; Sa,Su 11:30-17:00"
            ) == ["Man–fre 08–16", "Lør–søn 11:30–17"])
        #expect(rows("Mo-Su 07:00-22:00") == ["Hver dag 07–22"])
        #expect(rows("24/7") == ["Hver dag hele døgnet"])
        // Several spans, a night past midnight, a day replaced, an additional rule.
        #expect(
            rows("Mo-Sa 11:00-14:00,17:00-23:00; We off")
                == ["Man–tir 11–14, 17–23", "Ons stengt", "Tor–lør 11–14, 17–23", "Søn stengt"])
        #expect(rows("Fr-Sa 20:00-03:00") == ["Man–tor stengt", "Fre–lør 20–03", "Søn stengt"])
        #expect(rows("Mo-Fr 08:00-12:00, We 14:00-18:00")?[1] == "Ons 08–12, 14–18")
        // The public holidays' rule last.
        #expect(rows("Mo-Su 10:00-20:00; PH off") == ["Hver dag 10–20", "Helligdager stengt"])
        #expect(rows("by appointment") == nil)
    }

    @Test func eachLanguageHasItsShortDays() {
        #expect(rows("Mo-Fr 08:00-16:00; Sa,Su off", .nn) == ["Mån–fre 08–16", "Lau–sun stengd"])
        #expect(
            rows("Mo-Fr 08:30-16:00; Sa,Su off", .en) == ["Mon–Fri 08:30–16", "Sat–Sun closed"])
    }
}
