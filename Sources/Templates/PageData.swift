import BeaconCore
import BeaconHTML

/// The places as JSON for the page script, in a `<script type="application/json">`
/// block (data, not code: the Content-Security-Policy forbids inline script).
/// Written straight to bytes, one place per line: at 100,000 places this is
/// the largest thing a build writes. Keys are short; `Resources/assets/beacon.js`
/// reads them.
package enum PageData {
    static let elementID = "beacon-data"

    package static func fragment(for guide: Guide) -> HTMLFragment {
        var b = HTMLBuffer(capacity: 256 + guide.places.count * 260)
        b.scriptJSON(id: elementID, json(for: guide))
        b.raw("\n")
        return b.fragment
    }

    /// The data itself: `{"v":1,"center":{…},"radiusKm":5,"radiusKmRange":[1,10],"star":{…},"places":[…]}`:
    /// the radius bounds and the star's shape and fill ids come from here, not from the script.
    static func json(for guide: Guide) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(128 + guide.places.count * 250)
        bytes.append(contentsOf: #"{"v":1,"center":"#.utf8)
        var center: [(key: String, value: JSONValue)] = [
            ("lat", .number(guide.settings.center.latitude)),
            ("lon", .number(guide.settings.center.longitude)),
        ]
        if let label = guide.settings.centerLabel { center.append(("label", .string(label))) }
        JSONWriter(pretty: false).write(.object(center), into: &bytes)
        let range = SiteSettings.radiusRange
        bytes.append(contentsOf: #","radiusKm":\#(guide.settings.radiusKm),"radiusKmRange":[\#(range.lowerBound),\#(range.upperBound)],"star":"#.utf8)
        JSONWriter(pretty: false).write(.object([("path", .string(Components.starPath)), ("fill", .string(Components.starFillPrefix))]), into: &bytes)
        bytes.append(contentsOf: #","places":["#.utf8)
        bytes.append(UInt8(ascii: "\n"))
        for (index, place) in guide.places.enumerated() {
            if index > 0 { bytes.append(contentsOf: ",\n".utf8) }
            var object = JSONObjectBytes(taking: &bytes)
            entry(place, &object)
            object.finish(into: &bytes)
        }
        bytes.append(contentsOf: "\n]}".utf8)
        return bytes
    }

    static func entry(_ place: GuidePlace, _ entry: inout JSONObjectBytes) {
        entry.string("id", place.id.rawValue)
        entry.string("n", place.name)
        entry.string("c", place.category.rawValue)
        entry.number("lat", rounded(place.coordinate.latitude))
        entry.number("lon", rounded(place.coordinate.longitude))
        entry.number("d", place.wholeMetres)
        entry.string("u", SitePaths.detailPage(slug: place.slug))
        entry.string("a", place.address.singleLine)
        if let summary = place.summary {
            entry.number("s", Double(summary.roundedStars))
            entry.number("avg", summary.sortAverage)
            entry.number("r", Double(summary.count))
        }
        if place.isFavorite { entry.number("f", 1) }
        entry.string("h", place.openingHours)
    }

    /// Six decimals (about 10 cm) is all a map pin needs.
    static func rounded(_ value: Double) -> Double { (value * 1_000_000).rounded() / 1_000_000 }
}
