/// A photo as the pages show it: its text, its upright size (for `width`/`height`, so nothing
/// shifts as it loads), the colour its box has until it does, its WebP sizes and the one JPEG.
package struct ShownPhoto: Sendable, Hashable {
    /// The owner's description (`--alt`); nil when they gave none, and the page says «Bilde av
    /// NAVN».
    package var alt: String?
    package var credit: String?
    package var width: Int
    package var height: Int
    /// "#rrggbb".
    package var placeholder: String
    /// The WebP files, narrowest first.
    package var sources: [Source]
    /// The JPEG: link previews and browsers without WebP.
    package var jpeg: Source

    /// One published file: its size and its site-relative path (`bilder/<hash>-720.webp`).
    package struct Source: Sendable, Hashable {
        package var width: Int
        package var height: Int
        package var path: String

        package init(width: Int, height: Int, path: String) {
            self.width = width
            self.height = height
            self.path = path
        }
    }

    package init(
        alt: String?, credit: String?, width: Int, height: Int, placeholder: String,
        sources: [Source], jpeg: Source
    ) {
        self.alt = alt
        self.credit = credit
        self.width = width
        self.height = height
        self.placeholder = placeholder
        self.sources = sources
        self.jpeg = jpeg
    }

    /// The WebP at least `width` wide, else the widest.
    package func source(atLeast width: Int) -> Source {
        sources.first { $0.width >= width } ?? sources.last ?? jpeg
    }
}
