import BeaconTestSupport
import Testing

@testable import BeaconModel
@testable import BeaconSystem

@Suite struct CoordinateTests {
    @Test func distanceBetweenKnownCities() {
        let london = Coordinate(latitude: 51.5074, longitude: -0.1278)
        let paris = Coordinate(latitude: 48.8566, longitude: 2.3522)
        #expect(abs(london.distance(to: paris) - 343_556) < 500)
    }

    @Test func distanceAcrossOsloIsSymmetricAndZeroToItself() {
        let grunerlokka = Coordinate(latitude: 59.922979, longitude: 10.7561788)
        #expect(Coordinate.osloS.distance(to: .osloS) == 0)
        let d = Coordinate.osloS.distance(to: grunerlokka)
        #expect(abs(d - grunerlokka.distance(to: .osloS)) < 1e-6)
        #expect(abs(d - 1_361) < 5)  // matches Geoapify's "distance" for Tim Wendelboe
    }

    @Test func validity() {
        #expect(Coordinate(latitude: 90, longitude: 180).isValid)
        #expect(!Coordinate(latitude: 90.0001, longitude: 0).isValid)
        #expect(!Coordinate(latitude: 0, longitude: -180.5).isValid)
        #expect(!Coordinate(latitude: .nan, longitude: 0).isValid)
    }
}

@Suite struct NorwegianFormatTests {
    let nbsp = "\u{00A0}"

    @Test(arguments: [
        (0.0, "0 m"), (4.0, "0 m"), (5.0, "10 m"), (847.0, "850 m"), (994.0, "990 m"),
        (995.0, "1,0 km"), (1_234.0, "1,2 km"), (1_250.0, "1,3 km"), (9_960.0, "10,0 km"),
        (12_345.0, "12,3 km"), (123_456.0, "123 km"), (-3.0, "0 m"),
    ])
    func distance(metres: Double, expected: String) {
        #expect(
            NorwegianFormat.distance(metres: metres)
                == expected.replacingOccurrences(of: " ", with: nbsp))
    }

    @Test func coordinatesWithHemispheres() {
        #expect(NorwegianFormat.coordinate(.osloS) == "59,9111°\(nbsp)N, 10,7503°\(nbsp)Ø")
        let southWest = Coordinate(latitude: -33.86785, longitude: -151.20732)
        #expect(NorwegianFormat.coordinate(southWest) == "33,8679°\(nbsp)S, 151,2073°\(nbsp)V")
        #expect(
            NorwegianFormat.coordinate(Coordinate(latitude: 0.00004, longitude: 5.5))
                == "0,0000°\(nbsp)N, 5,5000°\(nbsp)Ø")
    }

    @Test func integersAndCounts() {
        #expect(NorwegianFormat.integer(7) == "7")
        #expect(NorwegianFormat.integer(12_345) == "12\(nbsp)345")
        #expect(NorwegianFormat.integer(1_000_000) == "1\(nbsp)000\(nbsp)000")
        #expect(NorwegianFormat.count(1, singular: "sted", plural: "steder") == "1 sted")
        #expect(NorwegianFormat.count(2, singular: "sted", plural: "steder") == "2 steder")
    }

    @Test func machineDecimals() {
        #expect(MachineNumber.decimal(59.9111, places: 6) == "59.9111")
        #expect(MachineNumber.decimal(-0.1278, places: 4) == "-0.1278")
        #expect(MachineNumber.decimal(10, places: 6) == "10")
        #expect(MachineNumber.decimal(-0.0000001, places: 6) == "0")
        // the string writing could not do 0 places
        #expect(MachineNumber.decimal(0.4, places: 0) == "0")
    }

    /// The decimals as they were written with strings: the byte writer must say the same for any
    /// value.
    @Test func machineDecimalsEqualTheStringWriting() {
        func byStrings(_ value: Double, places: Int) -> String {
            var factor = 1.0
            for _ in 0..<places { factor *= 10 }
            let scaled = Int64(saturating: abs(value) * factor)
            let whole = scaled / Int64(factor)
            var fraction = String(scaled % Int64(factor))
            fraction = String(repeating: "0", count: places - fraction.count) + fraction
            while fraction.hasSuffix("0") { fraction.removeLast() }
            let sign = value < 0 && scaled > 0 ? "-" : ""
            return fraction.isEmpty ? "\(sign)\(whole)" : "\(sign)\(whole).\(fraction)"
        }
        var values: [Double] = [
            0, -0.0, 1, -1, 0.1, 59.885975, 10.747814, -179.9999999, 1e20, -1e20, .nan, .infinity,
            123456.000001,
        ]
        var generator = seededGenerator()
        for _ in 0..<3_000 { values.append(Double.random(in: -200...200, using: &generator)) }
        for value in values {
            for places in 1...8 {
                #expect(
                    MachineNumber.decimal(value, places: places)
                        == byStrings(value, places: places),
                    "\(value) \(places)")
            }
        }
    }

    @Test func longDates() {
        #expect(CalendarDate(iso: "2026-11-21")?.norwegianLong == "21. november 2026")
        #expect(CalendarDate(iso: "2024-02-29") != nil)
        #expect(CalendarDate(iso: "2025-02-29") == nil)
        #expect(CalendarDate(iso: "2026-13-01") == nil)
        #expect(CalendarDate(iso: "21.11.2026") == nil)
        #expect(CalendarDate(iso: "2026-1-5") == nil)
    }
}

@Suite struct RatingSummaryTests {
    func summary(_ stars: [Int]) -> RatingSummary? {
        RatingSummary(
            ratings: stars.map { Rating(stars: $0, date: CalendarDate(iso: "2026-01-01")!) })
    }

    @Test func noRatingsMeansNoStar() {
        #expect(summary([]) == nil)
    }

    @Test(arguments: [
        ([2, 3], 3), ([1, 2], 2), ([3, 4], 4), ([4, 5], 5), ([1, 1, 2], 1), ([1, 2, 2], 2),
        ([5], 5), ([1], 1), ([4, 4, 5], 4), ([4, 5, 5], 5), ([1, 2, 3, 4], 3),
        ([2, 2, 3, 3, 5], 3),
    ])
    func roundsToNearestStarHalvesUp(stars: [Int], expected: Int) {
        let s = summary(stars)!
        #expect(s.roundedStars == expected)
        #expect(s.count == stars.count)
    }

    @Test func averageIsExact() {
        #expect(summary([2, 3])!.average == 2.5)
    }

    /// What a page shows: one decimal, halves up (4,25 → 4,3), 5 and 4 → 4,5 (not «5 av 5»).
    @Test(arguments: [
        ([4, 5], 45), ([5, 5], 50), ([4, 4, 5], 43), ([4, 5, 5], 47), ([1, 2, 3, 4], 25),
        ([4, 4, 4, 5], 43), ([3, 3, 3, 4, 4, 4, 4, 4], 36), ([1], 10),
    ])
    func averageTenthsHalvesUp(stars: [Int], expected: Int) {
        #expect(summary(stars)!.averageTenths == expected)
    }

    @Test func tenthsInEachLanguage() {
        #expect(Language.nb.tenths(45) == "4,5")
        #expect(Language.nn.tenths(50) == "5,0")
        #expect(Language.en.tenths(43) == "4.3")
    }
}
