import BeaconCore
import BeaconHTML

/// The places as JSON for the page script, in a `<script type="application/json">`
/// block (data, not code: the Content-Security-Policy forbids inline script).
/// Written straight to bytes, one place per line: at 100,000 places this is
/// the largest thing a build writes. Keys are short; `Resources/assets/beacon.js`
/// reads them.
package enum PageData {
    static let elementID = "beacon-data"

    /// The data of one explorer page: the places of its category (nil: all), then
    /// the favorites that are no longer in the data (marked `x`), so that the
    /// favorites filter shows every favorite, as «Mine steder» does.
    package static func fragment(for guide: Guide, category: PlaceCategory?, context: SiteContext) -> HTMLFragment {
        let inData = category.map { guide.places(in: $0) } ?? guide.places
        let outside = guide.favoritesOutsideData.filter { category == nil || $0.category == category }
        var b = HTMLBuffer(capacity: 256 + (inData.count + outside.count) * 260)
        b.scriptJSON(id: elementID, json(settings: guide.settings, places: inData + outside, map: context.hasMap ? context.basemap : nil))
        b.raw("\n")
        return b.fragment
    }

    /// The data itself: `{"v":1,"center":{…},"radiusKm":5,"radiusKmRange":[1,5],"star":{…},"map":{…},"places":[…]}`:
    /// the radius bounds (1 km up to the radius the places were fetched within: a
    /// larger one could not change the result), the star's shape and fill ids and
    /// the basemap (`MapData`; absent when the site has no map) come from here,
    /// not from the script.
    static func json(settings: SiteSettings, places: [GuidePlace], map: PublishedBasemap?) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(128 + places.count * 250)
        bytes.append(contentsOf: #"{"v":1,"center":"#.utf8)
        var center: [(key: String, value: JSONValue)] = [
            ("lat", .number(settings.center.latitude)),
            ("lon", .number(settings.center.longitude)),
        ]
        if let label = settings.centerLabel { center.append(("label", .string(label))) }
        JSONWriter(pretty: false).write(.object(center), into: &bytes)
        let smallest = SiteSettings.radiusRange.lowerBound
        bytes.append(contentsOf: #","radiusKm":\#(settings.radiusKm),"radiusKmRange":[\#(smallest),\#(max(smallest, settings.radiusKm))],"star":"#.utf8)
        JSONWriter(pretty: false).write(.object([("path", .string(Components.starPath)), ("fill", .string(Components.starFillPrefix))]), into: &bytes)
        if let map {
            bytes.append(contentsOf: #","map":"#.utf8)
            JSONWriter(pretty: false).write(MapData.basemap(map), into: &bytes)
        }
        bytes.append(contentsOf: #","places":["#.utf8)
        bytes.append(UInt8(ascii: "\n"))
        for (index, place) in places.enumerated() {
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
        if !place.isInCurrentData { entry.number("x", 1) }
        // Hours only where "Åpent nå" means something (not for hotels).
        entry.string("h", place.category.hasOpeningStatus ? place.openingHours : nil)
    }

    /// Six decimals (about 10 cm) is all a map pin needs.
    static func rounded(_ value: Double) -> Double { (value * 1_000_000).rounded() / 1_000_000 }
}
