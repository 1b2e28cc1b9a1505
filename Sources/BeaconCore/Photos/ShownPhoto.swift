/// A photo as the pages show it: its text, its upright size (for `width`/`height`, so nothing shifts as it
/// loads), the colour its box has until it does, and its published sizes, narrowest first.
package struct ShownPhoto: Sendable, Hashable {
    package var alt: String
    package var credit: String?
    package var width: Int
    package var height: Int
    /// "#rrggbb".
    package var placeholder: String
    package var sources: [Source]

    package struct Source: Sendable, Hashable {
        package var width: Int
        package var height: Int
        /// Site-relative paths (`bilder/<hash>-640.webp`).
        package var webp: String
        package var jpeg: String

        package init(width: Int, height: Int, webp: String, jpeg: String) {
            self.width = width
            self.height = height
            self.webp = webp
            self.jpeg = jpeg
        }
    }

    package init(alt: String, credit: String?, width: Int, height: Int, placeholder: String, sources: [Source]) {
        self.alt = alt
        self.credit = credit
        self.width = width
        self.height = height
        self.placeholder = placeholder
        self.sources = sources
    }

    /// The source at least `width` wide, else the widest.
    package func source(atLeast width: Int) -> Source? {
        sources.first { $0.width >= width } ?? sources.last
    }
}
