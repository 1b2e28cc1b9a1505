import BeaconCore

/// Every Norwegian (bokmål) text the pages show, in one place.
enum Strings {
    static let skipToContent = "Hopp til innholdet"
    static let mainNavigation = "Hovedmeny"
    static let explore = "Utforsk"
    static let myPlaces = "Mine steder"
    static let all = "Alle"
    static let categories = "Kategorier"
    static let backToList = "Alle steder"
    static let favorite = "Favoritt"
    static let favorites = "Favoritter"
    static let address = "Adresse"
    static let coordinates = "Koordinater"
    static let openingHours = "Åpningstider"
    static let phone = "Telefon"
    static let website = "Nettsted"
    static let email = "E-post"
    static let openInAppleMaps = "Åpne i Apple Maps"
    static let openInGoogleMaps = "Google Maps"
    static let openInOpenStreetMap = "OpenStreetMap"
    static let myRatings = "Mine vurderinger"
    static let noRatings = "Ingen vurderinger ennå."
    static let pauseAnimation = "Stopp dampen"
    static let notInData = "Dette stedet ligger utenfor området guiden dekker nå, eller finnes ikke lenger i kartdataene. Det er med fordi det er en favoritt."
    static let notFoundTitle = "Fant ikke siden"
    static let notFoundText = "Siden du lette etter finnes ikke, eller den er flyttet."
    static let goToFrontPage = "Gå til forsiden"
    static let noFavorites = "Ingen favoritter ennå."
    static let favoritesIntro = "Stedene jeg liker best, med mine vurderinger. Del gjerne siden."
    static let pagination = "Sider"
    static let previousPage = "Forrige side"
    static let nextPage = "Neste side"
    static let madeWith = "Laget med Beacon sitegen"
    static let osmContributors = "OpenStreetMap-bidragsytere"
    static let sampleDataNotice = "Stedene i denne guiden er eksempler, ikke ferske data fra Geoapify."

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

    static func mapOf(_ name: String) -> String { "Kart over \(name)" }

    static func lastUpdated(_ date: String) -> String { "Sist oppdatert \(date)" }

    static func withinRadius(count: Int, radiusKm: Int, center: String?) -> String {
        "\(placeCount(count)) innen \(radiusKm) km fra \(center ?? "sentrum")"
    }
}

/// The explorer's controls (`ExplorerControls`; the script has its own copy of the texts it writes).
extension Strings {
    static let explorerControls = "Søk og filtre"
    static let search = "Søk"
    static let searchPlaceholder = "Søk i stedene"
    static let searchHint = "Navn, adresse eller hva du ser etter, for eksempel «kaffe» eller «overnatting»."
    static let filters = "Filtre"
    static let radius = "Innen"
    static let sortBy = "Sorter etter"
    static let sortDistance = "Avstand (nærmest først)"
    static let sortRating = "Vurdering (best først)"
    static let sortName = "Navn (A–Å)"
    static let favoritesOnly = "Bare favoritter"
    static let findNearestMe = "Finn nærmeste meg"
    static let nearMe = "Nær meg"
    static let reset = "Nullstill"
    static let showResults = "Vis stedene"
    static let viewMode = "Visning"
    static let listView = "Liste"
    static let mapView = "Kart"
    static let showMore = "Vis flere"
    static let noMatches = "Ingen treff"
    static let noMatchesHint = "Prøv et annet ord, en større avstand eller en annen kategori, eller trykk «Nullstill» under «Filtre»."
    static let rated = "vurdert"
    static let aboutGuide = "Om guiden"

    /// "Guiden dekker steder innen 5 km fra Oslo S": what the data can answer.
    static func coverage(radiusKm: Int, center: String?) -> String {
        "Guiden dekker steder innen \(radiusKm) km fra \(center ?? "sentrum")"
    }
}

/// "Åpent nå" on the list page. The badges ("Åpent nå" / "Stengt nå") are written
/// in the reader's browser by `Resources/assets/beacon-hours.js` and `beacon.js`.
extension Strings {
    static let openNow = "Åpent nå"
    static let openNowHint = "Viser bare steder med kjente åpningstider som har åpent nå (norsk tid)."
}
