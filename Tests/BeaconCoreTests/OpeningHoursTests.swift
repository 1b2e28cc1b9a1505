import Testing

@testable import BeaconModel
@testable import BeaconSystem

@Suite struct OpeningHoursTests {
    @Test func issueExample() {
        #expect(
            OpeningHours.norwegianLines("Mo-Fr 08:00-16:00; Sa 10:00-14:00; Su off")
                == ["mandag–fredag 08:00–16:00", "lørdag 10:00–14:00", "søndag stengt"])
    }

    @Test(arguments: [
        ("24/7", ["døgnåpent"]),
        ("Mo-Su 11:00-23:00", ["alle dager 11:00–23:00"]),
        ("Tu-Sa 16:00-01:00", ["tirsdag–lørdag 16:00–01:00"]),
        (
            "Mo-Th 11:00-22:00; Fr,Sa 11:00-02:00; Su 12:00-21:00",
            ["mandag–torsdag 11:00–22:00", "fredag og lørdag 11:00–02:00", "søndag 12:00–21:00"]
        ),
        (
            "Mo,We,Fr 09:00-12:00,13:00-17:00",
            ["mandag, onsdag og fredag 09:00–12:00 og 13:00–17:00"]
        ),
        ("10:00-22:00", ["hver dag 10:00–22:00"]),
        ("Mo-Fr 08:00-16:00; PH off", ["mandag–fredag 08:00–16:00", "helligdager stengt"]),
        ("Sa 00:00-24:00", ["lørdag hele døgnet"]),
        ("Fr 22:00-26:00", ["fredag 22:00–02:00"]),
        ("mo-fr 8:00-16:00", ["mandag–fredag 08:00–16:00"]),
        ("Fr-Mo 10:00-14:00", ["fredag–mandag 10:00–14:00"]),
        ("Mo-Fr 08:00-16:00, Sa 10:00-14:00", ["mandag–fredag 08:00–16:00", "lørdag 10:00–14:00"]),
        ("Mo-Fr 08:00-16:00;", ["mandag–fredag 08:00–16:00"]),
        ("Su closed", ["søndag stengt"]),
    ])
    func rendersNorwegian(raw: String, expected: [String]) {
        #expect(OpeningHours.norwegianLines(raw) == expected)
    }

    @Test(arguments: [
        "Jan-Mar Mo-Fr 08:00-16:00", "sunrise-sunset", "Mo-Fr 08:00+", "Mo-Fr",
        "week 1-20 Mo 10:00-12:00",
        "Mo-Fr 08:00-16:00 \"ring først\"", "", "Mo-Fr 25:00-26:00", "Mo-Fr 08:60-09:00",
        "Mo-Fr 08:00-16:00 || Sa 10:00-12:00",
    ])
    func unsupportedFallsBackToRaw(raw: String) {
        #expect(OpeningHours.norwegianLines(raw) == nil)
    }
}
