/// Where the share file's still map writes each favorite's name beside its numbered pin, so the map
/// names its places without the list beside it. Each name takes the first side of its pin (right,
/// left, above, below) where it stays on the map and clear of every pin, the centre and the names
/// placed before it; a name with no such side is left out (its pin's number still leads to the
/// list). Pure arithmetic on an estimate of the text's width: the file has no script to measure it.
enum ShareMapLabels {
    /// A name placed: its text (shortened when long), the point it is written from and the SVG
    /// `text-anchor` that point is.
    struct Label: Equatable {
        var text: String
        var x: Double
        var y: Double
        var anchor: String
    }

    /// A box on the map, in its units.
    struct Box {
        var minX: Double
        var minY: Double
        var maxX: Double
        var maxY: Double

        func overlaps(_ other: Box) -> Bool {
            minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
        }
    }

    /// The pin's radius and the label's font size (`.share-map__pin circle`, `.share-map__label`).
    static let pinRadius = 10.0
    static let fontSize = 11.0
    /// Longer names are cut with an ellipsis: a label is a reminder, the list has the whole name.
    static let maximumCharacters = 22

    /// A label for each pin, in the pins' order (nil where none fits). `center`: the guide's centre
    /// and the box its own label takes, which names keep clear of.
    static func place(
        pins: [(x: Double, y: Double)], names: [String], center: Box?, width: Double,
        height: Double
    ) -> [Label?] {
        var taken: [Box] = pins.map {
            Box(
                minX: $0.x - pinRadius, minY: $0.y - pinRadius, maxX: $0.x + pinRadius,
                maxY: $0.y + pinRadius)
        }
        if let center { taken.append(center) }
        var labels: [Label?] = []
        for (pin, name) in zip(pins, names) {
            let text = shortened(name)
            let textWidth = estimatedWidth(text)
            let half = fontSize * 0.65
            let gap = pinRadius + 3
            let candidates = [
                Label(text: text, x: pin.x + gap, y: pin.y, anchor: "start"),
                Label(text: text, x: pin.x - gap, y: pin.y, anchor: "end"),
                Label(text: text, x: pin.x, y: pin.y - gap - half, anchor: "middle"),
                Label(text: text, x: pin.x, y: pin.y + gap + half, anchor: "middle"),
            ]
            let fitting = candidates.first { label in
                let box = box(of: label, width: textWidth, half: half)
                return box.minX >= 2 && box.maxX <= width - 2 && box.minY >= 2
                    && box.maxY <= height - 2 && !taken.contains { $0.overlaps(box) }
            }
            if let fitting { taken.append(box(of: fitting, width: textWidth, half: half)) }
            labels.append(fitting)
        }
        return labels
    }

    static func box(of label: Label, width: Double, half: Double) -> Box {
        let minX =
            switch label.anchor {
            case "start": label.x
            case "end": label.x - width
            default: label.x - width / 2
            }
        return Box(minX: minX, minY: label.y - half, maxX: minX + width, maxY: label.y + half)
    }

    /// The text's width at the label's size, a little generous: Latin letters in a bold sans are
    /// about 0.62 of the size wide, a CJK character a whole size.
    static func estimatedWidth(_ text: String) -> Double {
        var width = 0.0
        for scalar in text.unicodeScalars {
            width += fontSize * (scalar.value >= 0x2E80 ? 1.05 : 0.66)
        }
        return width
    }

    static func shortened(_ name: String) -> String {
        guard name.count > maximumCharacters else { return name }
        return String(name.prefix(maximumCharacters - 1)).trimmingTrailingSpaces() + "…"
    }
}

extension String {
    fileprivate func trimmingTrailingSpaces() -> String {
        var text = Substring(self)
        while text.last == " " { text.removeLast() }
        return String(text)
    }
}
