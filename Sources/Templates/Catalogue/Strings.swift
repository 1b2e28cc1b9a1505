import BeaconModel
import BeaconSite

/// Every text a reader sees on the pages, in one language: one catalogue per
/// language (`Strings+Bokmal.swift`, `Strings+Nynorsk.swift`,
/// `Strings+English.swift`). A key missing in one of them does not compile;
/// the page script's texts are `script` (checked by `CatalogueTests`).
/// Place names, addresses, the owner's title, intro and comments are not here:
/// they stay as written.
package struct Strings: Sendable {
    package let language: Language

    // Page chrome
    let skipToContent: String
    let mainNavigation: String
    let breadcrumbs: String
    let languageSwitcher: String
    let explore: String
    package let myPlaces: String
    let all: String
    let categories: String
    let backToList: String
    let favorite: String
    let address: String
    /// Said where a place has no address (muted): never its name instead.
    let addressMissing: String
    /// After the part of town a place without a street is in (muted, on its page).
    let streetAddressMissing: String
    let coordinates: String
    let openingHours: String
    /// The label of hours the guide cannot read, shown as the data has them.
    let openingHoursNotInterpreted: String
    let phone: String
    let website: String
    let email: String
    let openInAppleMaps: String
    let openInGoogleMaps: String
    let openInOpenStreetMap: String
    /// The detail page's actions: directions in Apple Maps, call, the place's website; and its row
    /// of map links.
    let directions: String
    let call: String
    let websiteAction: String
    let mapsRow: String
    let shareAction: String
    let myRatings: String
    /// The heading over the owner's note on a place's page.
    let ownerNote: String
    /// The word before a photo's credit («Foto: Kari»).
    let photoCredit: String
    /// «Bilde av Fuglen»: a photo's text where the owner gave none.
    let photoOf: @Sendable (String) -> String
    /// «Bilder av Fuglen»: the gallery's name for screen readers.
    let photosOf: @Sendable (String) -> String
    /// «Bilde 2 av 3»: a photo's place in the gallery, for screen readers (the eye sees «2 / 3»).
    let photoNumber: @Sendable (Int, Int) -> String
    let previousPhoto: String
    let nextPhoto: String
    /// Under the facts of a place the owner added, or corrected: where the facts come from.
    let ownPlaceSource: String
    let correctedSource: String
    let pauseAnimation: String
    let notInData: String
    let notFoundTitle: String
    let notFoundText: String
    let goToFrontPage: String
    let noFavorites: String
    let favoritesIntro: String
    /// The share button of «Mine steder» (the script shows it; its messages are in `script`).
    let sharePage: String
    /// "Kart over favorittene": the map of «Mine steder», for screen readers.
    let favoritesMap: String
    /// «1 til, 931 km unna»: the map's button to the favorites far from the rest (the count and
    /// the distance as the language writes them, `MapGroups.farLabel`).
    let farAway: @Sendable (_ count: String, _ distance: String) -> String
    /// «Tilbake til 150 steder»: the same button once the map has flown there.
    let backToTheRest: @Sendable (_ places: String) -> String
    // The owner's lists (`SavedListsPage`, `SavedListPage`)
    /// «Lister»: the header's link, the lists page's heading.
    let lists: String
    let listsIntro: String
    /// «2 lister».
    let listCount: @Sendable (Int) -> String
    /// «Alle lister»: a list page's way back.
    let backToLists: String
    /// «I min rekkefølge», «Nærmest Oslo S først», «Best vurdert først»: how a list is ordered
    /// (nil centre: «sentrum»).
    let listOrder: @Sendable (_ order: SavedList.Order, _ center: String?) -> String
    let emptyList: String
    /// «I listen:» / «I listene:» on a place's page, before the lists that hold it.
    let inLists: @Sendable (_ count: Int) -> String
    /// Before a card's comment, for screen readers: whose words the quoted line is.
    let commentLabel: String
    /// "«Byens beste kaffe»": the owner's comment on a card, in the language's quotation marks.
    let quoted: @Sendable (String) -> String
    let pagination: String
    let previousPage: String
    let nextPage: String
    let madeWith: String
    let osmContributors: String
    let sampleDataNotice: String
    let aboutGuide: String
    let allPlacesDownload: String

    // What the data knows besides the address (`PlaceTraits`): on cards and detail pages
    /// «Kjøkken»: the cuisine's row and the label of the cuisine chips.
    let cuisine: String
    /// «Alle kjøkken»: the cuisine chip that shows every place again.
    let allCuisines: String
    /// «Kosthold»: the row of vegetarian and vegan offers.
    let diet: String
    let vegetarianOffer: [PlaceTraits.DietOffer: String]
    let veganOffer: [PlaceTraits.DietOffer: String]
    /// A card's short marks («Vegetar», «Vegansk», «Rullestolvennlig»).
    let vegetarianMark: String
    let veganMark: String
    let wheelchairMark: String
    /// «Rullestol»: the row of wheelchair access.
    let wheelchair: String
    let wheelchairAccess: [PlaceTraits.WheelchairAccess: String]
    /// «Prisnivå», and «2 av 4» after the symbols.
    let priceLevel: String
    let priceLevelOf: @Sendable (Int) -> String

    /// "1 sted", "12 steder".
    package let placeCount: @Sendable (Int) -> String
    /// "3 vurderinger".
    let ratingCount: @Sendable (Int) -> String
    /// "4,5 av 5": the average as `average` writes it.
    let starsText: @Sendable (_ average: String) -> String
    /// "Vurdering: 4,5 av 5, 3 vurderinger": what a screen reader says for a star.
    let ratingLabel: @Sendable (_ stars: String, _ count: Int) -> String
    /// "850 m fra Oslo S" (nil centre: "fra sentrum").
    let distanceFrom: @Sendable (_ distance: String, _ center: String?) -> String
    /// "Side 2 av 7".
    let pageOf: @Sendable (Int, Int) -> String
    /// " (side 2)" after a list page's heading in its title.
    let pageSuffix: @Sendable (Int) -> String
    /// The guide's title where the tool made it from the centre
    /// (`SiteSettings.titleIsMadeFromCenter`): "Steder rundt Bergen"; "Min stedsguide" for a centre
    /// without a name; the built-in guide's own.
    let titleAround: @Sendable (_ center: String) -> String
    let titleWithoutCenter: String
    let builtInTitle: String
    /// The built-in guide's introduction (a little HTML), for pages whose owner wrote none.
    let builtInIntro: String
    /// "Kart over Kaffebrenneriet".
    let mapOf: @Sendable (String) -> String
    /// "Sist oppdatert 21. november 2026".
    let lastUpdated: @Sendable (String) -> String
    /// "12 steder innen 5 km fra Oslo S".
    let withinRadius: @Sendable (_ count: Int, _ radiusKm: Int, _ center: String?) -> String
    /// "Utenfor radius: 3 steder lenger enn 5 km fra Oslo S": the heading of the places the data
    /// has beyond the radius.
    let outsideRadius: @Sendable (_ count: Int, _ radiusKm: Int, _ center: String?) -> String
    /// Why they are there at all.
    let outsideRadiusNote: String
    /// The link to the plain list where the places beyond the radius not shown go on.
    let outsideRadiusRest: String
    /// "Guiden dekker steder innen 5 km fra Oslo S": what the data can answer.
    let coverage: @Sendable (_ radiusKm: Int, _ center: String?) -> String
    /// The footer's note on where the places came from.
    let sourceDescription: @Sendable (DataSourceInfo) -> String

    // The explorer's controls (`ExplorerControls`)
    let explorerControls: String
    let search: String
    let searchPlaceholder: String
    let searchHint: String
    /// The same for a guide of other kinds than the brief's three: «… for eksempel «barer» eller
    /// «puber».».
    let searchHintFor: @Sendable (_ first: String, _ second: String?) -> String
    let filters: String
    let radius: String
    let sortBy: String
    let sortRecommended: String
    let sortDistance: String
    let sortRating: String
    let sortName: String
    let favoritesOnly: String
    let findNearestMe: String
    let nearMe: String
    /// «Finn meg»: the round locate button in the map when the map comes first on a phone (the
    /// brief's GPS button).
    let findMe: String
    /// «Søk i dette området» over a wide screen's map once the reader has moved it, and «Vis alle»
    /// that undoes it.
    let searchThisArea: String
    let showAllPlaces: String
    let reset: String
    let showResults: String
    let viewMode: String
    let listView: String
    let mapView: String
    let showMore: String
    let noMatches: String
    let noMatchesHint: String
    /// The empty list's button: the search and every filter back to the start.
    let resetAll: String
    /// The empty list when nothing was searched or filtered (a category without places).
    let nothingHere: String
    let nothingHereHint: String
    let rated: String
    let openNow: String
    /// What «Åpent nå» filters by, in a guide in Norway («norsk tid») and elsewhere (the clock
    /// where the places are, never the reader's).
    let openNowHint: String
    let openNowHintAbroad: String

    // The installable, offline guide (manifest and offline page)
    /// The word before a list's last item («Barer, puber og gatekjøkken»).
    let listAnd: String
    /// The web app's description: the guide's kinds of place (`categoryList`) around the centre.
    let appDescription: @Sendable (_ kinds: String, _ center: String?) -> String
    let offlineTitle: String
    let offlineHeading: String
    let offlineText: String

    // Exports and sharing
    let takeTheList: String
    let exportsIntro: String
    /// The same, on one of the owner's lists' pages.
    let listExportsIntro: String
    let gpxLink: String
    let kmlLink: String
    let geoJSONLink: String
    let shareFileIntro: String
    /// A list's share file: its lead when the list has no description, the label of a place's
    /// note in it, its map's name (the list's name given), and an empty list.
    let shareListIntro: String
    let shareListNoteLabel: String
    let shareListMap: @Sendable (_ list: String) -> String
    let shareListEmpty: String

    /// The page script's texts (`window.BeaconText[lang]`, written to
    /// `assets/beacon-text.js`): plain strings with `{name}` slots, and
    /// plurals as `key.one` / `key.other`. Every language has the same keys.
    package let script: [(key: String, value: String)]
}

extension Strings {
    /// The home-screen name when the title is too long for it (a launcher shows about 12
    /// characters).
    static let appShortName = "Beacon"

    /// The catalogue of `language`.
    package static func of(_ language: Language) -> Strings {
        switch language {
        case .nb: .bokmål
        case .nn: .nynorsk
        case .en: .english
        }
    }

    /// A category's name in this language, singular («Kafé»): from `CategoryNames`, which holds the
    /// three languages side by side.
    func singular(_ category: PlaceCategory) -> String {
        CategoryNames.names(category, in: language).one
    }

    /// The cuisine's name in this language, or the value as the data gives it.
    package func cuisineName(_ key: String) -> String {
        Strings.cuisineNames[language]![key] ?? CuisineNames.asGiven(key)
    }

    /// «Indisk, pizza»: the cuisines as a list, its first letter capitalised; nil for none.
    func cuisineList(_ keys: [String]) -> String? {
        guard !keys.isEmpty else { return nil }
        let list = keys.map(cuisineName).joined(separator: ", ")
        return list.prefix(1).uppercased() + list.dropFirst()
    }

    /// «$$»: a price level as symbols (its text, «2 av 4», is `priceLevelOf`).
    static func priceSymbols(_ level: Int) -> String { String(repeating: "$", count: level) }

    static let cuisineNames: [Language: [String: String]] = Dictionary(
        uniqueKeysWithValues: Language.allCases.map { ($0, CuisineNames.names(in: $0)) })
    /// «Restauranter, kafeer og hoteller»: the guide's categories in running text, the first
    /// capitalised.
    func categoryList(_ categories: [PlaceCategory]) -> String {
        let names = categories.enumerated().map {
            $0.offset == 0 ? plural($0.element) : plural($0.element).lowercased()
        }
        guard names.count > 1 else { return names.first ?? "" }
        return names.dropLast().joined(separator: ", ") + " " + listAnd + " " + names.last!
    }

    /// A category's name in this language, plural («Kafeer»).
    func plural(_ category: PlaceCategory) -> String {
        CategoryNames.names(category, in: language).other
    }

    /// «4,5» (nb, nn), «4.5» (en): an average as the pages show it, one decimal.
    func average(_ summary: RatingSummary) -> String { language.tenths(summary.averageTenths) }

    /// "Vurdering: 4,5 av 5, 2 vurderinger".
    func ratingLabel(_ summary: RatingSummary) -> String {
        ratingLabel(average(summary), summary.count)
    }

    /// "850 m", "1,2 km" / "1.2 km".
    func distance(metres: Double) -> String { language.distance(metres: metres) }
}
