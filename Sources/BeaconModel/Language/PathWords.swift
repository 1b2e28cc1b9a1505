/// The words of a guide's addresses: the folders of its pages and exports, in the guide's main
/// language (`/places/the-kitchin/` in an English guide, `/steder/…` in a Norwegian one). Every
/// language of a site uses the main language's words, as its categories' folders do, so a page's
/// other languages are the same path under `nn/` or `en/` and the language switcher needs no table.
package struct PathWords: Sendable, Hashable {
    /// A place's own page: `steder/<slug>/`.
    package let places: String
    /// «Mine steder»: `favoritter/`.
    package let favorites: String
    /// The owner's lists: `lister/` and `lister/<slug>/`.
    package let lists: String
    /// A list's next pages: `side/2/`.
    package let page: String
    /// The downloads: `eksport/steder.geojson`, `eksport/favoritter.gpx`.
    package let export: String
    /// The slug of a place whose name has no Latin letter or digit, or no name:
    /// `steder/sted-k3x9a1/`.
    package let unnamedPlace: String

    package init(_ language: Language) {
        switch language {
        case .nb:
            (places, favorites, page, export, unnamedPlace) = (
                "steder", "favoritter", "side", "eksport", "sted"
            )
            lists = "lister"
        case .nn:
            (places, favorites, page, export, unnamedPlace) = (
                "stader", "favorittar", "side", "eksport", "stad"
            )
            lists = "lister"
        case .en:
            (places, favorites, page, export, unnamedPlace) = (
                "places", "favourites", "page", "export", "place"
            )
            lists = "lists"
        }
    }

    package static let bokmål = PathWords(.nb)

    /// Every word any language puts at the top of a site: a category's folder must not take one,
    /// whatever the site's main language is now or later.
    package static let allFolders: Set<String> = Set(
        Language.allCases.flatMap { language in
            let words = PathWords(language)
            return [words.places, words.favorites, words.lists, words.page, words.export]
        })
}
