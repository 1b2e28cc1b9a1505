import BeaconHTML
import BeaconSite

/// The owner's photos in the pages: a `<picture>` with every WebP width (a phone loads the small
/// one) and the JPEG for browsers without WebP; `width` and `height`, so nothing moves as it loads;
/// the box in the photo's own colour until it has (a class: the Content-Security-Policy forbids
/// inline styles).
enum PhotoMarkup {
    /// How wide the lead photo and the gallery are: the page's left column on a wide screen (5/11
    /// of at most 76rem less margins and gap), the screen less its margins on a phone (358 points
    /// of a 390-point iPhone, so at three pixels a point it loads the 1080-wide file).
    static let detailSizes = "(min-width: 76rem) 33rem, (min-width: 60rem) 42vw, calc(100vw - 2rem)"
    /// A card's thumbnail, a square of 4.5rem: the 360-wide file serves it up to three pixels a
    /// point.
    static let thumbnailWidth = 360

    /// A photo as a figure, with its credit. The lead is loaded at once (it is the page's first
    /// image); the others as they come into view. (No `fetchpriority`: the W3C checker the tests
    /// use does not know it.)
    static func figure(
        _ b: inout HTMLBuffer, _ photo: ShownPhoto, placeName: String, root: String, sizes: String,
        isLead: Bool,
        _ t: Strings, className: String
    ) {
        b.element("figure", ["class": className]) { b in
            b.element("picture") { b in
                b.voidElement(
                    "source",
                    ["type": "image/webp", "srcset": srcset(photo, root: root), "sizes": sizes])
                b.voidElement(
                    "img",
                    [
                        "class": placeholderClass(photo.placeholder), "src": root + photo.jpeg.path,
                        "width": String(photo.width), "height": String(photo.height),
                        "alt": photo.alt ?? t.photoOf(placeName), "decoding": "async",
                        "loading": isLead ? nil : "lazy",
                    ])
            }
            if let credit = photo.credit {
                b.element("figcaption", text: t.photoCredit + ": " + credit)
            }
        }
    }

    /// A card's photo, in place of its category's symbol: decorative (`alt=""`), since the card's
    /// name says what the link is; only the 360-wide WebP, JPEG for a browser without WebP.
    static func thumbnail(_ b: inout HTMLBuffer, _ photo: ShownPhoto, root: String) {
        let source = photo.source(atLeast: thumbnailWidth)
        b.element("span", class: "place-card__photo") { b in
            b.element("picture") { b in
                b.voidElement("source", ["type": "image/webp", "srcset": root + source.path])
                b.voidElement(
                    "img",
                    [
                        "class": placeholderClass(photo.placeholder), "src": root + photo.jpeg.path,
                        "width": String(source.width), "height": String(source.height), "alt": "",
                        "decoding": "async", "loading": "lazy",
                    ])
            }
        }
    }

    static func srcset(_ photo: ShownPhoto, root: String) -> String {
        photo.sources.map { "\(root)\($0.path) \($0.width)w" }.joined(separator: ", ")
    }

    /// The levels of each channel in the placeholder palette: the stylesheet has a class for each
    /// of the 4 × 4 × 4 colours (`.ph-000` … `.ph-333`), and a photo's box takes the nearest to its
    /// average colour.
    static let placeholderLevels = [0, 85, 170, 255]

    /// "#c08a4e" → "ph-212"; nil for anything that is not "#rrggbb".
    static func placeholderClass(_ hex: String) -> String? {
        let digits = Array(hex.utf8.dropFirst())
        let isHex = digits.allSatisfy {
            (48...57).contains($0) || (65...70).contains($0) || (97...102).contains($0)
        }
        guard hex.hasPrefix("#"), digits.count == 6, isHex else { return nil }
        var name = "ph-"
        for channel in 0..<3 {
            guard
                let value = Int(
                    String(decoding: digits[channel * 2..<channel * 2 + 2], as: UTF8.self),
                    radix: 16)
            else { return nil }
            name += String((value + 42) / 85)
        }
        return name
    }
}
