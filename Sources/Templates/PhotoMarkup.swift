import BeaconCore
import BeaconHTML

/// A photo as a `<picture>`: WebP for the browsers that take it, JPEG for the rest, each in every published
/// width so a phone loads the small one; `width` and `height` so nothing moves as it loads; the lead photo
/// loaded at once, the others as they come into view.
enum PhotoMarkup {
    static func figure(
        _ b: inout HTMLBuffer, _ photo: ShownPhoto, root: String, sizes: String, isLead: Bool, _ t: Strings,
        className: String
    ) {
        b.open("figure", ["class": className])
        b.raw("<picture>")
        b.open(
            "source",
            ["type": "image/webp", "srcset": srcset(photo, root: root, \.webp), "sizes": sizes])
        let fallback = photo.source(atLeast: 640)
        b.open(
            "img",
            [
                "src": fallback.map { root + $0.jpeg }, "srcset": srcset(photo, root: root, \.jpeg), "sizes": sizes,
                "width": String(photo.width), "height": String(photo.height), "alt": photo.alt,
                "decoding": "async", "loading": isLead ? nil : "lazy", "fetchpriority": isLead ? "high" : nil,
            ])
        b.raw("</picture>")
        if let credit = photo.credit {
            b.element("figcaption", text: t.photoCredit + ": " + credit)
        }
        b.close("figure")
    }

    static func srcset(_ photo: ShownPhoto, root: String, _ path: KeyPath<ShownPhoto.Source, String>) -> String {
        photo.sources.map { "\(root)\($0[keyPath: path]) \($0.width)w" }.joined(separator: ", ")
    }
}
