import BeaconHTML

/// The interface icons: one set, drawn for this project on a 24-unit grid with
/// a 2-unit round stroke in the text colour (set by the stylesheet's `.icon`, not
/// repeated in every page), so they sit at one size beside their labels in light
/// and dark mode. Always decorative (`aria-hidden`): the
/// control beside or around an icon carries a text label. The category symbols
/// are files of the same style (`assets/icons/`, `Components.categoryIcon`): an
/// owner may replace them, and a page's stylesheet draws them.
enum Icon: CaseIterable {
    case search, locate, filter, list, map, clock, heart, pause, play, back, close, download, share,
        directions, phone
    case globe, chevronUp, forward

    /// The icon's markup, ready to insert.
    var fragment: HTMLFragment { Icon.fragments[self]! }

    private static let fragments: [Icon: HTMLFragment] = Dictionary(
        uniqueKeysWithValues: allCases.map { icon in
            (
                icon,
                HTMLFragment.build { b in
                    b.element(
                        "svg",
                        [
                            "class": "icon", "viewBox": "0 0 24 24", "width": "20", "height": "20",
                            "aria-hidden": "true",
                        ]
                    ) { icon.drawing(&$0) }
                }
            )
        })

    private func drawing(_ b: inout HTMLBuffer) {
        switch self {
        case .search:
            b.circle("10.5", "10.5", r: "6.5")
            b.path("M15.5 15.5 20.5 20.5")
        case .locate:
            b.circle("12", "12", r: "7")
            b.selfClosing(
                "circle",
                ["cx": "12", "cy": "12", "r": "2.5", "fill": "currentColor", "stroke": "none"])
            b.path("M12 2v3M12 19v3M2 12h3M19 12h3")
        case .filter:
            b.path("M4 7h8M16 7h4M4 17h4M12 17h8")
            b.circle("14", "7", r: "2")
            b.circle("10", "17", r: "2")
        case .list:
            b.path("M9 6h11M9 12h11M9 18h11")
            b.selfClosing("path", ["d": "M4.5 6h.01M4.5 12h.01M4.5 18h.01", "stroke-width": "3"])
        case .map:
            b.path("M3 6.5 9 4l6 2.5L21 4v13.5L15 20l-6-2.5L3 20z")
            b.path("M9 4v13.5M15 6.5V20")
        case .clock:
            b.circle("12", "12", r: "8.5")
            b.path("M12 7.5V12l3 2")
        case .heart:
            b.path(
                "M12 20s-7-4.3-8.6-8.6C2.3 8.4 4 5 7.3 5c2 0 3.4 1.1 4.7 2.8C13.3 6.1 14.7 5 16.7 5 20 5 21.7 8.4 20.6 11.4 19 15.7 12 20 12 20z"
            )
        case .pause: b.selfClosing("path", ["d": "M9 6v12M15 6v12", "stroke-width": "2.5"])
        case .play: b.selfClosing("path", ["d": "M8 5.5v13l10-6.5z", "fill": "currentColor"])
        case .back: b.path("M15 5l-7 7 7 7")
        case .close: b.path("M6 6l12 12M18 6 6 18")
        case .download: b.path("M12 4v11M7 10l5 5 5-5M5 20h14")
        case .share:
            b.path("M12 15V3.5M7.5 8 12 3.5 16.5 8")
            b.path("M8 11H6v9h12v-9h-2")
        case .directions:
            b.path("M12 2.8 21.2 12 12 21.2 2.8 12z")
            b.path("M9 14v-2.5a1.5 1.5 0 0 1 1.5-1.5H15M13 8l2 2-2 2")
        case .phone:
            b.path(
                "M6.5 3.5h3l1.5 4-2 1.5a11 11 0 0 0 6 6l1.5-2 4 1.5v3a2 2 0 0 1-2 2A16 16 0 0 1 4.5 5.5a2 2 0 0 1 2-2z"
            )
        case .globe:
            b.circle("12", "12", r: "8.5")
            b.path(
                "M3.5 12h17M12 3.5c2.5 2.5 3.5 5.5 3.5 8.5s-1 6-3.5 8.5c-2.5-2.5-3.5-5.5-3.5-8.5s1-6 3.5-8.5z"
            )
        case .chevronUp: b.path("M6 15l6-6 6 6")
        case .forward: b.path("M9 5l7 7-7 7")
        }
    }
}

extension HTMLBuffer {
    /// Appends an interface icon (decorative; the caller writes the label).
    mutating func icon(_ icon: Icon) { append(icon.fragment) }

    /// An icon's stroke.
    fileprivate mutating func path(_ d: String) { selfClosing("path", ["d": d]) }

    /// An icon's circle, centred at `cx`, `cy`.
    fileprivate mutating func circle(_ cx: String, _ cy: String, r: String) {
        selfClosing("circle", ["cx": cx, "cy": cy, "r": r])
    }
}
