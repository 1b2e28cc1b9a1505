/// How far each star's gradient is filled: to the x at which the filled part holds stars/5 of the
/// star's area. Filled by width, 4 of 5 would cover 95 % of the shape (the last fifth of its width
/// is the tip of one arm), so at a card's 20 px a 4 looked like a 5.
enum StarFill {
    /// The corners of `Components.starPath`, in its 24-unit box.
    static let corners: [(x: Double, y: Double)] = [
        (12, 2.2), (14.95, 8.5), (21.8, 9.3), (16.73, 14), (18.09, 20.8), (12, 17.4), (5.91, 20.8),
        (7.27, 14),
        (2.2, 9.3), (9.05, 8.5),
    ]

    /// The gradient's turning point for 1…5 stars, as a percentage of the star's width (one
    /// decimal).
    static let percentages: [Double] = (1...5).map { stars in
        let left = corners.map(\.x).min()!
        let right = corners.map(\.x).max()!
        let wanted = area(leftOf: right) * Double(stars) / 5
        var low = left
        var high = right
        for _ in 0..<50 {
            let middle = (low + high) / 2
            if area(leftOf: middle) < wanted { low = middle } else { high = middle }
        }
        return ((high - left) / (right - left) * 1000).rounded() / 10
    }

    /// The area of the star left of the vertical line at `x` (the polygon clipped to it, by the
    /// shoelace formula).
    static func area(leftOf x: Double) -> Double {
        var clipped: [(x: Double, y: Double)] = []
        for (index, point) in corners.enumerated() {
            let next = corners[(index + 1) % corners.count]
            if point.x <= x { clipped.append(point) }
            if (point.x <= x) != (next.x <= x) {
                let t = (x - point.x) / (next.x - point.x)
                clipped.append((x, point.y + t * (next.y - point.y)))
            }
        }
        var twice = 0.0
        for (index, point) in clipped.enumerated() {
            let next = clipped[(index + 1) % clipped.count]
            twice += point.x * next.y - next.x * point.y
        }
        return abs(twice) / 2
    }
}
