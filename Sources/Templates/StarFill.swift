/// How far a star is filled for an average: to the x at which the filled part holds average/5 of
/// the star's area. Filled by width, 4 of 5 would cover 95 % of the shape (the last fifth of its
/// width is the tip of one arm), so at a card's 20 px a 4 looked like a 5.
///
/// The star is drawn twice, the filled one clipped at that x (`Components.star`): no gradient per
/// average, no style attribute (the pages' Content-Security-Policy has none). The page script fills
/// its stars from the same table (`widths`, in beacon-text.js) by the same arithmetic.
enum StarFill {
    /// The corners of `Components.starPath`, in its 24-unit box.
    static let corners: [(x: Double, y: Double)] = [
        (12, 2.2), (14.95, 8.5), (21.8, 9.3), (16.73, 14), (18.09, 20.8), (12, 17.4), (5.91, 20.8),
        (7.27, 14),
        (2.2, 9.3), (9.05, 8.5),
    ]

    /// The x (in the 24-unit box, three decimals) left of which the star holds 0 %, 1 % … 100 % of
    /// its area.
    static let widths: [Double] = (0...100).map { percent in
        let left = corners.map(\.x).min()!
        let right = corners.map(\.x).max()!
        let wanted = area(leftOf: right) * Double(percent) / 100
        var low = left
        var high = right
        for _ in 0..<50 {
            let middle = (low + high) / 2
            if area(leftOf: middle) < wanted { low = middle } else { high = middle }
        }
        return (high * 1000).rounded() / 1000
    }

    /// The x up to which a star is filled for `average` stars of 5, in hundredths, between the
    /// table's whole percentages in a straight line: `starWidth` in beacon-text.js.
    static func hundredths(average: Double) -> Int {
        let percent = min(max(average, 0), 5) * 20
        let index = min(Int(percent), 99)
        let x = widths[index] + (widths[index + 1] - widths[index]) * (percent - Double(index))
        return Int((x * 100).rounded())
    }

    /// `hundredths` as a number.
    static func width(average: Double) -> Double { Double(hundredths(average: average)) / 100 }

    /// `hundredths` as the page script writes it (`String` of a number in JavaScript): "13.47",
    /// "13.5", "24".
    static func widthText(average: Double) -> String {
        let h = hundredths(average: average)
        let fraction = h % 100
        guard fraction != 0 else { return String(h / 100) }
        return String(h / 100) + "."
            + (fraction % 10 == 0
                ? String(fraction / 10) : (fraction < 10 ? "0" : "") + String(fraction))
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
