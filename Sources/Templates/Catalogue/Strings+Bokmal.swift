import BeaconModel

extension Strings {
    /// Norwegian bokmål: the guide's first language.
    static let bokmål = Strings(
        language: .nb,
        skipToContent: "Hopp til innholdet",
        mainNavigation: "Hovedmeny",
        breadcrumbs: "Brødsmulesti",
        languageSwitcher: "Språk",
        explore: "Utforsk",
        myPlaces: "Mine steder",
        all: "Alle",
        categories: "Kategorier",
        backToList: "Alle steder",
        favorite: "Favoritt",
        address: "Adresse",
        addressMissing: "Adresse mangler",
        streetAddressMissing: "gateadresse mangler",
        coordinates: "Koordinater",
        openingHours: "Åpningstider",
        openingHoursNotInterpreted: "Åpningstider (fra OpenStreetMap, ikke tolket)",
        phone: "Telefon",
        website: "Nettsted",
        email: "E-post",
        openInAppleMaps: "Åpne i Apple Maps",
        openInGoogleMaps: "Google Maps",
        openInOpenStreetMap: "OpenStreetMap",
        directions: "Veibeskrivelse",
        call: "Ring",
        websiteAction: "Nettside",
        mapsRow: "Kart",
        shareAction: "Del",
        myRatings: "Mine vurderinger",
        ownerNote: "Notat",
        photoCredit: "Foto",
        photoOf: { "Bilde av \($0)" },
        photosOf: { "Bilder av \($0)" },
        photoNumber: { "Bilde \($0) av \($1)" },
        previousPhoto: "Forrige bilde",
        nextPhoto: "Neste bilde",
        ownPlaceSource: "Lagt til av den som lager guiden, ikke hentet fra OpenStreetMap.",
        correctedSource: "Opplysningene er rettet av den som lager guiden.",
        pauseAnimation: "Stopp dampen",
        notInData:
            "Dette stedet ligger utenfor området guiden dekker nå, eller finnes ikke lenger i kartdataene. Det er med fordi det er en favoritt.",
        notFoundTitle: "Fant ikke siden",
        notFoundText: "Siden du lette etter finnes ikke, eller den er flyttet.",
        goToFrontPage: "Gå til forsiden",
        noFavorites: "Ingen favoritter ennå.",
        favoritesIntro: "Stedene jeg liker best, med mine vurderinger. Del gjerne siden.",
        sharePage: "Del siden",
        favoritesMap: "Kart over favorittene",
        farAway: { "\($0) til, \($1) unna" },
        backToTheRest: { "Tilbake til \($0)" },
        lists: "Lister",
        listsIntro: "Steder jeg har samlet for en anledning, hver liste med sitt eget kart.",
        listCount: { NorwegianFormat.count($0, singular: "liste", plural: "lister") },
        backToLists: "Alle lister",
        listOrder: { order, center in
            switch order {
            case .manual: "I min rekkefølge"
            case .nearest: "Nærmest \(center ?? "sentrum") først"
            case .rating: "Best vurdert først"
            }
        },
        emptyList: "Ingen steder i denne listen ennå.",
        inLists: { $0 == 1 ? "I listen:" : "I listene:" },
        commentLabel: "Min kommentar:",
        quoted: { "«\($0)»" },
        pagination: "Sider",
        previousPage: "Forrige side",
        nextPage: "Neste side",
        madeWith: "Laget med Beacon sitegen",
        osmContributors: "OpenStreetMap-bidragsytere",
        sampleDataNotice: "Stedene i denne guiden er eksempler, ikke ferske data fra Geoapify.",
        aboutGuide: "Om guiden",
        allPlacesDownload: "Last ned alle stedene (GeoJSON)",
        cuisine: "Kjøkken",
        allCuisines: "Alle kjøkken",
        diet: "Kosthold",
        vegetarianOffer: [
            .yes: "Vegetarretter", .only: "Bare vegetar", .limited: "Noen vegetarretter",
        ],
        veganOffer: [
            .yes: "Veganske retter", .only: "Bare vegansk", .limited: "Noen veganske retter",
        ],
        vegetarianMark: "Vegetar",
        veganMark: "Vegansk",
        wheelchairMark: "Rullestolvennlig",
        wheelchair: "Rullestol",
        wheelchairAccess: [
            .yes: "Tilgjengelig med rullestol", .limited: "Delvis tilgjengelig med rullestol",
            .no: "Ikke tilgjengelig med rullestol",
        ],
        priceLevel: "Prisnivå",
        priceLevelOf: { "\($0) av 4" },
        placeCount: { NorwegianFormat.count($0, singular: "sted", plural: "steder") },
        ratingCount: { NorwegianFormat.count($0, singular: "vurdering", plural: "vurderinger") },
        starsText: { "\($0) av 5" },
        ratingLabel: { stars, count in
            "Vurdering: \(stars) av 5, \(NorwegianFormat.count(count, singular: "vurdering", plural: "vurderinger"))"
        },
        distanceFrom: { distance, center in "\(distance) fra \(center ?? "sentrum")" },
        pageOf: { "Side \($0) av \($1)" },
        pageSuffix: { " (side \($0))" },
        titleAround: { "Steder rundt \($0)" },
        titleWithoutCenter: "Min stedsguide",
        builtInTitle: "Beacon – steder rundt Oslo S",
        builtInIntro:
            "Restauranter, kafeer og hoteller jeg liker i gangavstand fra Oslo S, med stjernene og kommentarene mine. Favorittene finner du under <em>Mine steder</em>.",
        mapOf: { "Kart over \($0)" },
        lastUpdated: { "Sist oppdatert \($0)" },
        withinRadius: { count, km, center in
            "\(NorwegianFormat.count(count, singular: "sted", plural: "steder")) innen \(km) km fra \(center ?? "sentrum")"
        },
        outsideRadius: { count, km, center in
            "Utenfor radius: \(NorwegianFormat.count(count, singular: "sted", plural: "steder")) lenger enn \(km) km fra \(center ?? "sentrum")"
        },
        outsideRadiusNote:
            "De er med i dataene, men ligger utenfor området guiden dekker. «Finn nærmeste meg» tar dem med når du er i nærheten.",
        outsideRadiusRest: "Resten står i den fulle listen",
        coverage: { km, center in "Guiden dekker steder innen \(km) km fra \(center ?? "sentrum")"
        },
        sourceDescription: { source in
            let provider = source.provider == .geoapify ? "Geoapify" : "OpenStreetMap"
            return switch source.kind {
            case .sample: "eksempeldata"
            case .live: "hentet fra \(provider)"
            case .cache: "hentet fra \(provider) (fra mellomlageret)"
            case .file(let name): "fra stedsfilen \(name)"
            case .ownOnly: "egne steder"
            }
        },
        explorerControls: "Søk og filtre",
        search: "Søk",
        searchPlaceholder: "Søk i stedene",
        searchHint:
            "Navn, adresse eller hva du ser etter, for eksempel «kaffe» eller «overnatting».",
        searchHintFor: { first, second in
            "Navn, adresse eller hva du ser etter, for eksempel «\(first)»"
                + (second.map { " eller «\($0)»" } ?? "")
                + "."
        },
        filters: "Filtre",
        radius: "Innen",
        sortBy: "Sorter etter",
        sortRecommended: "Anbefalt",
        sortDistance: "Avstand (nærmest først)",
        sortRating: "Vurdering (best først)",
        sortName: "Navn (A–Å)",
        favoritesOnly: "Bare favoritter",
        findNearestMe: "Finn nærmeste meg",
        nearMe: "Nær meg",
        findMe: "Finn meg",
        searchThisArea: "Søk i dette området",
        showAllPlaces: "Vis alle",
        reset: "Nullstill",
        showResults: "Vis stedene",
        viewMode: "Visning",
        listView: "Liste",
        mapView: "Kart",
        showMore: "Vis flere",
        noMatches: "Ingen treff",
        noMatchesHint:
            "Prøv et annet ord, en større avstand eller en annen kategori.",
        resetAll: "Nullstill søk og filtre",
        nothingHere: "Ingen steder her",
        nothingHereHint: "Guiden har ingen steder i denne kategorien.",
        rated: "vurdert",
        openNow: "Åpent nå",
        openNowHint: "Viser bare steder med kjente åpningstider som har åpent nå (norsk tid).",
        openNowHintAbroad:
            "Viser bare steder med kjente åpningstider som har åpent nå (klokka der stedene er).",
        listAnd: "og",
        appDescription: {
            "\($0) rundt \($1 ?? "sentrum"), med vurderinger og favoritter. Virker også uten nett."
        },
        offlineTitle: "Uten nett",
        offlineHeading: "Denne siden er ikke lagret",
        offlineText:
            "Denne siden har ikke vært åpnet på enheten før, så den er ikke med i den lagrede kopien. Forsiden, kategoriene, Mine steder og stedene du har sett på, kan du lese uten nett.",
        takeTheList: "Ta med deg listen",
        exportsIntro:
            "Åpne favorittene i Organic Maps, OsmAnd, Google My Maps eller Google Earth, eller del dem videre.",
        listExportsIntro:
            "Åpne listen i Organic Maps, OsmAnd, Google My Maps, uMap eller Google Earth, eller del den videre.",
        gpxLink: "GPX (Organic Maps, OsmAnd)",
        kmlLink: "KML (Google My Maps, Google Earth)",
        geoJSONLink: "GeoJSON",
        shareFileIntro: "En liste over favorittstedene mine, med vurderinger og kartlenker.",
        shareListIntro: "Stedene i listen, med notatene mine og kartlenker.",
        shareListNoteLabel: "Mitt notat:",
        shareListMap: { "Kart over «\($0)»" },
        shareListEmpty: "Ingen steder i listen ennå.",
        script: [
            ("favorite", "Favoritt"),
            ("noMatches", "Ingen treff"),
            ("noMatchesFor", "Ingen treff for «{text}»"),
            ("nothingHere", "Ingen steder her"),
            ("nothingHereHint", "Guiden har ingen steder i denne kategorien."),
            ("place.one", "sted"), ("place.other", "steder"),
            ("favorite.one", "favoritt"), ("favorite.other", "favoritter"),
            ("rating.one", "vurdering"), ("rating.other", "vurderinger"),
            ("within", "innen {km} km fra {from}"),
            ("you", "deg"),
            ("center", "sentrum"),
            ("showResults", "Vis {places}"),
            ("filtersActive", "{n} i bruk"),
            ("fromYou", "Nærmest først: avstandene måles fra der du er."),
            ("locating", "Finner posisjonen din …"),
            ("useCenter", "Bruk {label} som utgangspunkt"),
            ("measuringFromCenter", "Avstandene måles fra {label} igjen."),
            (
                "farAway",
                "Du er {distance} fra {label}, utenfor området guiden dekker ({km} km rundt {label}). Avstandene måles fortsatt fra {label}."
            ),
            (
                "denied",
                "Du har ikke gitt siden tilgang til posisjonen din. Tillat posisjon for denne siden i nettleseren og prøv igjen."
            ),
            (
                "insecure",
                "Nettleseren gir bare posisjonen til sider på en sikker tilkobling (https)."
            ),
            (
                "unavailable",
                "Fant ikke posisjonen din akkurat nå. Sjekk at posisjonstjenester er slått på, og prøv igjen."
            ),
            ("timeout", "Det tok for lang tid å finne posisjonen din. Prøv igjen."),
            ("unsupported", "Nettleseren din kan ikke dele posisjonen."),
            ("showing", "Viser {shown} av {total}"),
            (
                "mapLabel",
                "Kart over stedene rundt {label}. Piltastene flytter kartet, pluss og minus zoomer."
            ),
            ("ratingLabel", "Vurdering: {stars} av 5, {ratings}"),
            ("openNow", "Åpent nå"),
            ("closedNow", "Stengt nå"),
            (
                "needsServer",
                "Søk, filtre og kart trenger stedsdataene i mappen data/, og nettleseren henter ikke filer fra en side som er åpnet direkte fra disken. Vis guiden fra en webserver (for eksempel «sitegen serve») for å bruke dem. Listen under virker som den er."
            ),
            (
                "dataFailed",
                "Fikk ikke hentet stedsdataene, så søk, filtre og kart virker ikke akkurat nå. Listen under virker som den er; last inn siden på nytt for å prøve igjen."
            ),
            ("hours.aroundTheClock", "Åpent døgnet rundt"),
            ("hours.closed", "Stengt"),
            ("hours.closesAt", "Åpent · stenger kl. {time}"),
            ("hours.closesOn", "Åpent · stenger {day} kl. {time}"),
            ("hours.opensAt", "Stengt · åpner kl. {time}"),
            ("hours.opensTomorrow", "Stengt · åpner i morgen kl. {time}"),
            ("hours.opensOn", "Stengt · åpner {day} kl. {time}"),
            ("hours.today", "i dag"),
            ("map.zoomIn", "Zoom inn"),
            ("map.zoomOut", "Zoom ut"),
            ("map.close", "Lukk"),
            ("map.details", "Vis detaljer"),
            ("map.cluster", "{places} her. Zoom inn for å se dem."),
            ("map.you", "Du er her"),
            ("inView", "{places} i kartutsnittet"),
            // A search that found places by their own words and others only by their category's.
            ("searchTiers", "{places} med «{text}» · {others}"),
            ("otherMatches.one", "1 annet treff"), ("otherMatches.other", "{n} andre treff"),
            ("otherPlaces", "{n} andre {places}"),
            ("sheet.opened", "Listen er åpnet over kartet."),
            ("sheet.closed", "Listen er lukket, og kartet vises."),
            ("comment.label", "Min kommentar:"),
            ("comment.quoted", "«{text}»"),
            ("share.copied", "Lenken til siden er kopiert."),
            ("share.failed", "Fikk ikke kopiert lenken. Kopier den her: {url}"),
            ("offline.note", "Du er uten nett. Du ser en lagret kopi av guiden."),
        ]
    )
}
