import BeaconHTML
import BeaconMap
import BeaconModel
import BeaconSite
import BeaconSystem

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
    ///
    /// A big guide (`chunks` not empty) keeps its pages light: the block then holds
    /// the count and the data files' paths, and the script fetches the places
    /// from `data/` when the page has loaded (see `chunk(part:of:photos:layout:)`).
    package static func fragment(
        for guide: Guide, category: PlaceCategory?, context: SiteContext,
        chunkPaths chunks: [String] = []
    ) -> HTMLFragment {
        let inData = guide.list(category)
        let outside = guide.favoritesOutsideData.filter {
            category == nil || $0.category == category
        }
        let map = context.hasMap ? context.basemap : nil
        var b = HTMLBuffer(
            capacity: chunks.isEmpty ? 256 + (inData.count + outside.count) * 260 : 1024)
        if chunks.isEmpty {
            b.scriptJSON(
                id: elementID,
                json(
                    settings: guide.settings, places: Array(inData) + outside, map: map,
                    photos: context.photos))
        } else {
            b.scriptJSON(
                id: elementID,
                descriptor(
                    settings: guide.settings, count: inData.count + outside.count, chunks: chunks,
                    map: map))
        }
        b.newline()
        return b.fragment
    }

    /// Where the explorer finds a guide's places. A build uses `standard`; the rebuild tests pass a
    /// small one (`BuildOptions.pageData`), so that a guide of a few hundred places takes a big
    /// guide's paths.
    package struct Layout: Sendable, Equatable {
        /// Up to this many places (the guide's, favorites outside the data included)
        /// the places are in the page itself, so the explorer works from `file://` too.
        package var inlineLimit: Int
        /// Places per data file past `inlineLimit`.
        package var chunkSize: Int

        /// A rating rewrites one data file of about 1.4 MB, and a browser fetches the files of
        /// 100,000 places side by side.
        package static let standard = Layout(inlineLimit: 2_000, chunkSize: 5_000)

        package init(inlineLimit: Int, chunkSize: Int) {
            self.inlineLimit = inlineLimit
            self.chunkSize = chunkSize
        }

        /// How many data files a guide of `placeCount` places (favorites outside the data included)
        /// has.
        package func chunkCount(placeCount: Int) -> Int {
            placeCount > inlineLimit ? (placeCount + chunkSize - 1) / chunkSize : 0
        }

        /// The places of data file `part` (from 0) among `count`.
        func range(part: Int, of count: Int) -> Range<Int> {
            (part * chunkSize)..<min((part + 1) * chunkSize, count)
        }
    }

    /// One data file: `data/steder-3-<hash>.json`, a JSON array of place entries.
    /// The name changes with the content, so a browser or the service worker may
    /// keep a file for good.
    package struct Chunk: Sendable {
        package var path: String
        package var bytes: [UInt8]
    }

    /// Data file `part` (from 0) of the places `all` (a guide's `allPages`).
    package static func chunk(
        part: Int, of all: [GuidePlace], paths: SitePaths, photos: [PlaceID: [ShownPhoto]] = [:],
        layout: Layout
    ) -> Chunk {
        let places = all[layout.range(part: part, of: all.count)]
        var bytes: [UInt8] = []
        bytes.reserveCapacity(places.count * 260)
        bytes.append(contentsOf: "[\n".utf8)
        entries(places, paths: paths, photos: photos, into: &bytes)
        bytes.append(contentsOf: "\n]\n".utf8)
        var hasher = ContentHasher()
        hasher.combine(bytes)
        return Chunk(
            path: "\(dataFolder)steder-\(part + 1)-\(hasher.hex.prefix(10)).json", bytes: bytes)
    }

    /// Where the data files are published.
    package static let dataFolder = "data/"

    /// The data itself:
    /// `{"v":1,"center":{…},"radiusKm":5,"radiusKmRange":[1,5],"picksMinimumRating":4,"star":{…},
    /// "map":{…},"places":[…]}`: the radius bounds (1 km up to the radius the places were fetched
    /// within: a larger one could not change the result), the average a pick needs («Anbefalt»),
    /// the star's shape and fill ids and the basemap (`MapData`; absent when the site has no map)
    /// come from here, not from the script.
    static func json(
        settings: SiteSettings, places: [GuidePlace], map: PublishedBasemap?,
        photos: [PlaceID: [ShownPhoto]] = [:]
    ) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(128 + places.count * 250)
        header(settings: settings, map: map, into: &bytes)
        bytes.append(contentsOf: #","places":["#.utf8)
        bytes.append(UInt8(ascii: "\n"))
        entries(
            places, paths: SitePaths(main: settings.languages.main), photos: photos, into: &bytes)
        bytes.append(contentsOf: "\n]}".utf8)
        return bytes
    }

    /// The places' entries, one a line, separated by commas.
    static func entries<Places: Collection<GuidePlace>>(
        _ places: Places, paths: SitePaths, photos: [PlaceID: [ShownPhoto]],
        into bytes: inout [UInt8]
    ) {
        for (index, place) in places.enumerated() {
            if index > 0 { bytes.append(contentsOf: ",\n".utf8) }
            var object = JSONObjectBytes(taking: &bytes)
            entry(place, paths: paths, photo: photos[place.id]?.first, &object)
            object.finish(into: &bytes)
        }
    }

    /// What every explorer block starts with, up to the places: version, centre, radius, star,
    /// basemap.
    static func header(settings: SiteSettings, map: PublishedBasemap?, into bytes: inout [UInt8]) {
        bytes.append(contentsOf: #"{"v":1,"center":"#.utf8)
        var center: [(key: String, value: JSONValue)] = [
            ("lat", .number(settings.center.latitude)),
            ("lon", .number(settings.center.longitude)),
        ]
        if let label = settings.centerLabel { center.append(("label", .string(label))) }
        JSONWriter(pretty: false).write(.object(center), into: &bytes)
        let smallest = SiteSettings.radiusRange.lowerBound
        bytes.append(
            contentsOf:
                #","radiusKm":\#(settings.radiusKm),"radiusKmRange":[\#(smallest),\#(max(smallest, settings.radiusKm))],"picksMinimumRating":\#(settings.picksMinimumRating),"star":"#
                .utf8)
        JSONWriter(pretty: false).write(
            .object([
                ("path", .string(Components.starPath))
            ]),
            into: &bytes)
        if let map {
            bytes.append(contentsOf: #","map":"#.utf8)
            JSONWriter(pretty: false).write(MapData.basemap(map), into: &bytes)
        }
    }

    /// A big guide's block: what `json` has but the places, then their count and
    /// files: `{…,"count":100057,"chunks":["data/steder-1-….json",…]}`.
    static func descriptor(
        settings: SiteSettings, count: Int, chunks: [String], map: PublishedBasemap?
    ) -> [UInt8] {
        var bytes: [UInt8] = []
        header(settings: settings, map: map, into: &bytes)
        bytes.append(contentsOf: #","count":\#(count),"chunks":"#.utf8)
        JSONWriter(pretty: false).write(.array(chunks.map { .string($0) }), into: &bytes)
        bytes.append(UInt8(ascii: "}"))
        return bytes
    }

    static func entry(
        _ place: GuidePlace, paths: SitePaths, photo: ShownPhoto? = nil,
        _ entry: inout JSONObjectBytes
    ) {
        entry.string("id", place.id.rawValue)
        entry.string("n", place.name)
        // The name each language's pages show, where it is not `n` (`GuidePlace.name(in:)`): the
        // data files serve every language of the guide.
        let names = place.names
        if !names.isEmpty {
            let shown: [(key: String, value: JSONValue)] = Language.allCases.compactMap {
                language in
                let name = names.name(in: language, for: place.name)
                return name == place.name ? nil : (language.rawValue, .string(name))
            }
            if !shown.isEmpty {
                entry.raw("nl") { JSONWriter(pretty: false).write(.object(shown), into: &$0) }
            }
            entry.string("nlang", names.nameLanguage)
        }
        entry.string("ns", place.nameSuffix)
        entry.string("c", place.category.rawValue)
        entry.number("lat", rounded(place.coordinate.latitude))
        entry.number("lon", rounded(place.coordinate.longitude))
        entry.number("d", place.wholeMetres)
        entry.string("u", paths.detailPage(slug: place.slug))
        entry.string("a", place.address.singleLine)
        // Where the card says the place is when it has no address (`PostalAddress.area`).
        entry.string("ar", place.address.area)
        if let summary = place.summary {
            entry.number("s", Double(summary.roundedStars))
            entry.number("avg", summary.sortAverage)
            entry.number("r", Double(summary.count))
        }
        // The newest comment, one line of plain text, for the card (`RichText.cardComment`).
        entry.string("m", RichText.cardComment(place))
        if place.isFavorite { entry.number("f", 1) }
        if !place.isInCurrentData { entry.number("x", 1) }
        // What the data knows besides the address (`PlaceTraits`); the names come from
        // beacon-text.js.
        let traits = place.traits
        if !traits.isEmpty {
            entry.string(
                "k", traits.cuisines.isEmpty ? nil : traits.cuisines.joined(separator: ";"))
            entry.string("dv", traits.vegetarian?.rawValue)
            entry.string("dg", traits.vegan?.rawValue)
            entry.string("w", traits.wheelchair?.rawValue)
            entry.number("p", traits.priceLevel.map(Double.init))
        }
        // Hours only where "Åpent nå" means something (not for hotels).
        entry.string("h", place.category.hasOpeningStatus ? place.openingHours : nil)
        // The owner's first photo for the card and the pin (`PhotoMarkup.thumbnail`): the small
        // WebP from the site's root, its size, the JPEG, and the placeholder's class.
        if let photo {
            let small = photo.source(atLeast: PhotoMarkup.thumbnailWidth)
            entry.string("ph", small.path)
            entry.number("pw", Double(small.width))
            entry.number("phh", Double(small.height))
            entry.string("pj", photo.jpeg.path)
            entry.string("pc", PhotoMarkup.placeholderClass(photo.placeholder))
        }
    }

    /// Six decimals (about 10 cm) is all a map pin needs.
    static func rounded(_ value: Double) -> Double { (value * 1_000_000).rounded() / 1_000_000 }
}
