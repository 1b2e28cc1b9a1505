import BeaconModel

/// Which of a map's places it opens on, and which it leaves to a button: one favorite 900 km from
/// the rest must not zoom the map out to a country with the city an island in it.
///
/// The main group is every place within `max(20 km, 4 × the middle distance)` of the places' middle
/// point (the median latitude and the median longitude; the middle distance is the median of the
/// places' distances from it); the others are far away. Half the places or more always lie in the
/// main group, so it is the group, not the exception.
struct MapGroups: Equatable {
    /// The places the map opens on, and those far away, as indices into the places given.
    var main: [Int]
    var far: [Int]
    /// The middle point, and the nearest and farthest far place's distance from it (metres; 0
    /// without far places).
    var middle: Coordinate
    var nearestFar: Double
    var farthestFar: Double

    static let least = 20_000.0
    static let spread = 4.0

    /// Nil without places.
    static func split(_ places: [Coordinate]) -> MapGroups? {
        guard !places.isEmpty else { return nil }
        func median(_ values: [Double]) -> Double {
            let sorted = values.sorted()
            let half = sorted.count / 2
            return sorted.count % 2 == 1 ? sorted[half] : (sorted[half - 1] + sorted[half]) / 2
        }
        let middle = Coordinate(
            latitude: median(places.map(\.latitude)), longitude: median(places.map(\.longitude)))
        let distances = places.map { middle.distance(to: $0) }
        let reach = max(least, spread * median(distances))
        let main = places.indices.filter { distances[$0] <= reach }
        let far = places.indices.filter { distances[$0] > reach }
        let farDistances = far.map { distances[$0] }
        return MapGroups(
            main: main, far: far, middle: middle, nearestFar: farDistances.min() ?? 0,
            farthestFar: farDistances.max() ?? 0)
    }

    /// «1 til, 931 km unna», «3 til, 310–931 km unna»: the button's text, in `t`'s language.
    func farLabel(_ t: Strings) -> String {
        let language = t.language
        let near = language.distance(metres: nearestFar)
        let farthest = language.distance(metres: farthestFar)
        let distance: String
        if near == farthest {
            distance = farthest
        } else if nearestFar >= 99_950 {
            // Both in whole kilometres: «310–931 km».
            distance = language.integer(Int(nearestFar.rounded() / 1000)) + "–" + farthest
        } else {
            distance = near + "–" + farthest
        }
        return t.farAway(language.integer(far.count), distance)
    }
}
