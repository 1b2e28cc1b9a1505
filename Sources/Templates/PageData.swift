import BeaconCore

/// The places as JSON for the page script, in a `<script type="application/json">`
/// block (data, not code: the Content-Security-Policy forbids inline script).
/// Written straight to bytes, one place per line: at 100,000 places this is
/// the largest thing a build writes. Keys are short; `Resources/assets/beacon.js`
/// reads them.
public enum PageData {
    public static let elementID = "beacon-data"

    public static func fragment(for guide: Guide) -> HTMLFragment {
        var b = HTMLBuffer(capacity: 256 + guide.places.count * 260)
        b.open("script", ["type": "application/json", "id": elementID])
        b.raw("{\"v\":1,\"center\":")
        var center: [(key: String, value: JSONValue)] = [
            ("lat", .number(guide.settings.center.latitude)),
            ("lon", .number(guide.settings.center.longitude)),
        ]
        if let label = guide.settings.centerLabel { center.append(("label", .string(label))) }
        b.json(.object(center))
        b.raw(",\"radiusKm\":")
        b.text(guide.settings.radiusKm)
        b.raw(",\"places\":[\n")
        b.jsonObjects(guide.places, separator: ",\n", entry)
        b.raw("\n]}")
        b.close("script")
        b.raw("\n")
        return b.fragment
    }

    static func entry(_ place: GuidePlace, _ entry: inout JSONObjectBytes) {
        entry.string("id", place.id.rawValue)
        entry.string("n", place.place.name)
        entry.string("c", place.place.category.rawValue)
        entry.number("lat", rounded(place.place.coordinate.latitude))
        entry.number("lon", rounded(place.place.coordinate.longitude))
        entry.number("d", place.distanceMetres.rounded())
        entry.string("u", SitePaths.detailPage(slug: place.slug))
        entry.string("a", place.place.address.singleLine)
        if let summary = place.summary {
            entry.number("s", Double(summary.roundedStars))
            entry.number("avg", (summary.average * 1000).rounded() / 1000)
            entry.number("r", Double(summary.count))
        }
        if place.isFavorite { entry.number("f", 1) }
        entry.string("h", place.place.openingHours)
    }

    /// Six decimals (about 10 cm) is all a map pin needs.
    static func rounded(_ value: Double) -> Double { (value * 1_000_000).rounded() / 1_000_000 }
}
