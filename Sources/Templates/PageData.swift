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
        for (index, place) in guide.places.enumerated() {
            if index > 0 { b.raw(",\n") }
            b.json(entry(place))
        }
        b.raw("\n]}")
        b.close("script")
        b.raw("\n")
        return b.fragment
    }

    static func entry(_ place: GuidePlace) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = [
            ("id", .string(place.id.rawValue)),
            ("n", .string(place.place.name)),
            ("c", .string(place.place.category.rawValue)),
            ("lat", .number(rounded(place.place.coordinate.latitude))),
            ("lon", .number(rounded(place.place.coordinate.longitude))),
            ("d", .number(place.distanceMetres.rounded())),
            ("u", .string(SitePaths.detailPage(slug: place.slug))),
        ]
        if let address = place.place.address.singleLine { members.append(("a", .string(address))) }
        if let summary = place.summary {
            members.append(("s", .number(Double(summary.roundedStars))))
            members.append(("avg", .number((summary.average * 1000).rounded() / 1000)))
            members.append(("r", .number(Double(summary.count))))
        }
        if place.isFavorite { members.append(("f", .number(1))) }
        if let hours = place.place.openingHours { members.append(("h", .string(hours))) }
        return .object(members)
    }

    /// Six decimals (about 10 cm) is all a map pin needs.
    static func rounded(_ value: Double) -> Double { (value * 1_000_000).rounded() / 1_000_000 }
}
