/// One rating the owner gave a place. Every rating is its own entry; a place
/// rated three times has three.
package struct Rating: Sendable, Hashable, Codable {
    package static let allowedStars = 1...5

    package var stars: Int
    package var date: CalendarDate
    /// As the owner wrote it; pages render it through the HTML sanitiser.
    package var comment: String?

    package init(stars: Int, date: CalendarDate, comment: String? = nil) {
        self.stars = stars
        self.date = date
        self.comment = comment
    }
}

/// `{"stars", "date", "comment"?}` in the store.
extension Rating {
    package init(from decoder: any Decoder) throws {
        let container = try decoder.strictContainer(known: ["stars", "date", "comment"])
        self.init(
            stars: try container.strict(
                "stars", as: Double.self, expected: "forventet et helt tall fra 1 til 5"
            ) {
                Int(exactly: $0).flatMap { Self.allowedStars.contains($0) ? $0 : nil }
            },
            date: try container.date("date"),
            comment: try container.string("comment"))
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: JSONKey.self)
        try container.encode(stars, forKey: "stars")
        try container.encode(date, forKey: "date")
        try container.encodeIfPresent(comment, forKey: "comment")
    }
}

/// What a place's star shows: the average of its ratings, to one decimal in words («4,5») and
/// exactly in the star's fill (`StarFill`).
package struct RatingSummary: Sendable, Hashable {
    package let count: Int
    let total: Int

    /// Nil when there are no ratings: no ratings, no star.
    package init?(ratings: [Rating]) {
        guard !ratings.isEmpty else { return nil }
        count = ratings.count
        total = ratings.reduce(0) { $0 + $1.stars }
    }

    package init?(count: Int, total: Int) {
        guard count > 0 else { return nil }
        self.count = count
        self.total = total
    }

    package var average: Double { Double(total) / Double(count) }

    /// The average to three decimals: what the page data carries and what
    /// the rating order compares, in the terminal and in the browser alike.
    package var sortAverage: Double { (average * 1000).rounded() / 1000 }

    /// Integer arithmetic, so 2.5 is exactly 2.5 and rounds up to 3.
    package var roundedStars: Int { (2 * total + count) / (2 * count) }

    /// The average to one decimal, in tenths (45 for 4.5), halves up, from `sortAverage`'s
    /// thousandths: the page data carries those, so the page script's `BeaconText.average`
    /// says the same.
    package var averageTenths: Int { (Int((average * 1000).rounded()) + 50) / 100 }
}

extension Array where Element == Rating {
    /// Newest first; ratings of the same day in reverse order of entry (latest given first).
    package var newestFirst: [Rating] {
        enumerated().sorted { a, b in
            a.element.date != b.element.date ? a.element.date > b.element.date : a.offset > b.offset
        }.map(\.element)
    }

    /// The rating given last (by date, then by order of entry).
    package var latest: Rating? {
        enumerated().max { ($0.element.date, $0.offset) < ($1.element.date, $1.offset) }?.element
    }
}
