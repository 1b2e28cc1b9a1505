import BeaconCore

/// Every Norwegian (bokmål) text the pages show, in one place.
enum Strings {
    static let skipToContent = "Hopp til innholdet"
    static let mainNavigation = "Hovedmeny"
    static let explore = "Utforsk"
    static let myPlaces = "Mine steder"
    static let allPlaces = "Alle steder"
    static let all = "Alle"
    static let categories = "Kategorier"
    static let backToList = "Alle steder"
    static let favorite = "Favoritt"
    static let favorites = "Favoritter"
    static let address = "Adresse"
    static let coordinates = "Koordinater"
    static let openingHours = "Åpningstider"
    static let category = "Kategori"
    static let phone = "Telefon"
    static let website = "Nettsted"
    static let email = "E-post"
    static let distance = "Avstand"
    static let openInAppleMaps = "Åpne i Apple Maps"
    static let openInGoogleMaps = "Google Maps"
    static let openInOpenStreetMap = "OpenStreetMap"
    static let myRatings = "Mine vurderinger"
    static let noRatings = "Ingen vurderinger ennå."
    static let pauseAnimation = "Stopp dampen"
    static let notInData = "Dette stedet er ikke med i dagens data (utenfor radius, eller ikke lenger hos Geoapify). Det vises fordi det er en favoritt."
    static let notFoundTitle = "Fant ikke siden"
    static let notFoundText = "Siden du lette etter finnes ikke, eller den har flyttet."
    static let goToFrontPage = "Gå til forsiden"
    static let noFavorites = "Ingen favoritter ennå. Merk et sted som favoritt med «sitegen favorite add STED»."
    static let favoritesIntro = "Stedene jeg liker best, med mine vurderinger. Del gjerne siden."
    static let pagination = "Sider"
    static let previousPage = "Forrige side"
    static let nextPage = "Neste side"
    static let madeWith = "Laget med Beacon sitegen"
    static let osmContributors = "OpenStreetMap-bidragsytere"
    static let sampleDataNotice = "Eksempeldata: stedene følger med verktøyet og er ikke hentet fra Geoapify."

    static func placeCount(_ n: Int) -> String { NorwegianFormat.count(n, singular: "sted", plural: "steder") }
    static func ratingCount(_ n: Int) -> String { NorwegianFormat.count(n, singular: "vurdering", plural: "vurderinger") }

    /// "Vurdering: 4 av 5, 3 vurderinger" — what a screen reader says for a star.
    static func ratingLabel(_ summary: RatingSummary) -> String {
        "Vurdering: \(summary.roundedStars) av 5, \(ratingCount(summary.count))"
    }

    static func starsText(_ stars: Int) -> String { "\(stars) av 5" }

    static func distanceFrom(_ distance: String, center: String?) -> String {
        guard let center else { return "\(distance) fra sentrum" }
        return "\(distance) fra \(center)"
    }

    static func pageOf(_ page: Int, _ count: Int) -> String { "Side \(page) av \(count)" }

    static func lastUpdated(_ date: String) -> String { "Sist oppdatert \(date)" }

    static func withinRadius(count: Int, radiusKm: Int, center: String?) -> String {
        "\(placeCount(count)) innen \(radiusKm) km fra \(center ?? "sentrum")"
    }
}

/// The list page's search controls (`ExplorerControls`; the script has its own copy of the texts it writes).
extension Strings {
    static let explorerLoading = "Gjør klar søk, filtre og kart …"
    static let explorerControls = "Søk og filtre"
    static let search = "Søk"
    static let searchHint = "Navn, adresse eller kategori"
    static let radius = "Radius"
    static let sortBy = "Sorter etter"
    static let sortRating = "Vurdering"
    static let sortName = "Alfabetisk (A–Å)"
    static let showPlaces = "Vis steder"
    static let findNearestMe = "Finn nærmeste meg"
    static let reset = "Nullstill"
    static let viewMode = "Visning"
    static let listView = "Liste"
    static let mapView = "Kart"
    static let showMore = "Vis flere"
    static let noMatches = "Ingen treff"
    static let noMatchesHint = "Prøv et annet søk, en større radius eller en annen kategori – eller trykk «Nullstill»."
    static let rated = "vurdert"

    static func fetchedWithin(radiusKm: Int) -> String { "Stedene er hentet innen \(radiusKm) km" }
}

/// "Åpent nå" on the list page. The badges ("Åpent nå" / "Stengt nå") are written
/// in the reader's browser by `Resources/assets/beacon-hours.js` and `beacon.js`.
extension Strings {
    static let openNow = "Åpent nå"
    static let openNowHint = "Viser bare steder med kjente åpningstider som har åpent nå (norsk tid)."
}
