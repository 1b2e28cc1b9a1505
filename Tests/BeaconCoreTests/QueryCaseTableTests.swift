import Foundation
import Testing

@testable import BeaconModel
@testable import BeaconSite
@testable import BeaconSystem

/// The shared table of search, filter, order and distance-format cases
/// (`Tests/Fixtures/query-cases.json`) through the Swift rules (`sitegen
/// search`). `Tests/browser/test_query.py` runs the same file through the page
/// script, so the terminal and the browser cannot drift apart.
@Suite struct QueryCaseTableTests {
    struct Table: Decodable {
        struct PlaceData: Decodable {
            var id: String, n: String, c: String, a: String?, d: Double, s: Int?, avg: Double?,
                r: Int?, f: Int?,
                x: Int?, k: String?, nl: [String: String]?, nlang: String?
        }
        struct Query: Decodable {
            var text: String?, radiusKm: Double?, category: String?, favoritesOnly: Bool?,
                openNow: Bool?,
                sort: String?, lang: String?, cuisine: String?, picksMinimumRating: Int?
        }
        struct Case: Decodable, CustomTestStringConvertible, Sendable {
            var name: String, query: Query, open: [String]?, expected: [String]
            /// How many of `expected` were found in their own words (the rest through their
            /// category's).
            var own: Int?
            /// The `placeSets` entry the case runs on; nil: `places`.
            var placeSet: String?
            var testDescription: String { name }
        }
        var places: [PlaceData]
        /// Places drawn from real data, for the cases that name them.
        var placeSets: [String: [PlaceData]]
        var cases: [Case]
        /// Each cuisine's words in every language (Templates `CuisineNames.searchWords`, checked
        /// there).
        var cuisineWords: [String: String]
        /// Each category's names and words in every language (Templates `CategoryNames.searchText`,
        /// checked there).
        var categoryWords: [String: String]
        var distances: [[Distance]]
        var englishDistances: [[Distance]]
        var folding: [[String]]

        /// `[metres, text]` pairs hold a number and a string.
        enum Distance: Decodable {
            case metres(Double)
            case text(String)
            init(from decoder: any Decoder) throws {
                let container = try decoder.singleValueContainer()
                if let number = try? container.decode(Double.self) {
                    self = .metres(number)
                } else {
                    self = .text(try container.decode(String.self))
                }
            }
        }
    }

    static let table: Table = {
        let url = URL(fileURLWithPath: TestPaths.fixtures + "/query-cases.json")
        return try! JSONDecoder().decode(Table.self, from: Data(contentsOf: url))
    }()

    /// The table's places as the guide holds them, in the table's order.
    static let guide: [GuidePlace] = table.places.map(guidePlace)
    static let placeSets: [String: [GuidePlace]] = table.placeSets.mapValues {
        $0.map(guidePlace)
    }

    static func guidePlace(_ data: Table.PlaceData) -> GuidePlace {
        let category = PlaceCategory(rawValue: data.c)!
        var place = Place(
            id: PlaceID(rawValue: data.id), name: data.n, category: category, coordinate: .osloS,
            address: PostalAddress(fallbackLine: data.a),
            traits: PlaceTraits(cuisines: PlaceTraits.cuisines(from: data.k)))
        // The page data's names per language, as the place's names that give them.
        place.names = PlaceNames(
            english: data.nl?["en"], bokmål: data.nl?["nb"], nynorsk: data.nl?["nn"],
            nameLanguage: data.nlang)
        let summary = data.r.flatMap { count in
            RatingSummary(count: count, total: Int(((data.avg ?? 0) * Double(count)).rounded()))
        }
        return GuidePlace(
            place: place, slug: data.id, distanceMetres: data.d, ratings: [], summary: summary,
            favoriteSince: data.f == 1 ? CalendarDate(iso: "2026-01-01") : nil,
            isInCurrentData: data.x != 1)
    }

    @Test func theTablesPlacesAreConsistent() {
        #expect(Self.table.cases.count >= 15)
        let all =
            zip(Self.table.places, Self.guide).map { $0 }
            + Self.table.placeSets.flatMap { zip($0.value, Self.placeSets[$0.key]!) }
        #expect(all.count > Self.guide.count)
        for (data, place) in all {
            #expect(place.summary?.roundedStars == data.s, "\(data.id): s is the rounded average")
            #expect(
                place.summary?.sortAverage == data.avg,
                "\(data.id): avg is the average to three decimals")
        }
    }

    @Test(arguments: table.cases)
    func everyCase(_ entry: Table.Case) {
        let open = Set(entry.open ?? [])
        var isOpen: (@Sendable (GuidePlace) -> Bool)?
        if entry.query.openNow == true { isOpen = { place in open.contains(place.id.rawValue) } }
        // A case without an order gets PlaceQuery's default, as `sitegen search` without --sort.
        var query = PlaceQuery(
            text: entry.query.text ?? "",
            category: entry.query.category.flatMap(PlaceCategory.init(rawValue:)),
            maximumDistanceKm: entry.query.radiusKm,
            favoritesOnly: entry.query.favoritesOnly ?? false,
            isOpen: isOpen, language: Language(code: entry.query.lang ?? "nb")!)
        if let sort = entry.query.sort { query.sort = PlaceQuery.Sort(rawValue: sort)! }
        query.cuisine = entry.query.cuisine
        let words = Self.table.cuisineWords
        query.cuisineWords = { words[$0] ?? $0.replacingOccurrences(of: "_", with: " ") }
        let categoryWords = Self.table.categoryWords
        query.categoryWords = { categoryWords[$0.rawValue] ?? $0.rawValue }
        if let minimum = entry.query.picksMinimumRating { query.picksMinimumRating = minimum }
        let places = entry.placeSet.map { Self.placeSets[$0]! } ?? Self.guide
        let matches = query.matches(in: places)
        #expect(matches.places.map { $0.id.rawValue } == entry.expected)
        if let own = entry.own { #expect(matches.ownCount == own) }
    }

    @Test func distancesAreWrittenAsThePageWritesThem() {
        for pair in Self.table.distances {
            guard case .metres(let metres) = pair[0], case .text(let text) = pair[1] else {
                Issue.record("malformed \(pair)")
                continue
            }
            #expect(
                NorwegianFormat.distance(metres: metres).replacingOccurrences(
                    of: "\u{A0}", with: " ") == text,
                "\(metres) m")
        }
    }

    @Test func distancesAreWrittenAsAnEnglishPageWritesThem() {
        #expect(Self.table.englishDistances.count == Self.table.distances.count)
        for pair in Self.table.englishDistances {
            guard case .metres(let metres) = pair[0], case .text(let text) = pair[1] else {
                Issue.record("malformed \(pair)")
                continue
            }
            #expect(
                Language.en.distance(metres: metres).replacingOccurrences(of: "\u{A0}", with: " ")
                    == text,
                "\(metres) m")
        }
    }

    @Test func searchFolding() {
        for pair in Self.table.folding {
            #expect(TextFolding.searchKey(pair[0]) == pair[1], "\(pair[0])")
        }
    }
}
