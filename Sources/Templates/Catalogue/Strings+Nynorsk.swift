import BeaconModel

extension Strings {
    /// Norwegian nynorsk, as Språkrådet writes it.
    static let nynorsk = Strings(
        language: .nn,
        skipToContent: "Hopp til innhaldet",
        mainNavigation: "Hovudmeny",
        breadcrumbs: "Brødsmulesti",
        languageSwitcher: "Språk",
        explore: "Utforsk",
        myPlaces: "Mine stader",
        all: "Alle",
        categories: "Kategoriar",
        backToList: "Alle stader",
        favorite: "Favoritt",
        address: "Adresse",
        addressMissing: "Adresse manglar",
        streetAddressMissing: "gateadresse manglar",
        coordinates: "Koordinatar",
        openingHours: "Opningstider",
        openingHoursNotInterpreted: "Opningstider (frå OpenStreetMap, ikkje tolka)",
        phone: "Telefon",
        website: "Nettstad",
        email: "E-post",
        openInAppleMaps: "Opne i Apple Maps",
        openInGoogleMaps: "Google Maps",
        openInOpenStreetMap: "OpenStreetMap",
        directions: "Vegbeskriving",
        call: "Ring",
        websiteAction: "Nettstad",
        mapsRow: "Kart",
        shareAction: "Del",
        myRatings: "Vurderingane mine",
        ownerNote: "Notat",
        photoCredit: "Foto",
        photoOf: { "Bilete av \($0)" },
        photosOf: { "Bilete av \($0)" },
        photoNumber: { "Bilete \($0) av \($1)" },
        previousPhoto: "Førre bilete",
        nextPhoto: "Neste bilete",
        ownPlaceSource: "Lagt til av den som lagar guiden, ikkje henta frå OpenStreetMap.",
        correctedSource: "Opplysningane er retta av den som lagar guiden.",
        pauseAnimation: "Stopp dampen",
        notInData:
            "Denne staden ligg utanfor området guiden dekkjer no, eller finst ikkje lenger i kartdataa. Han er med fordi han er ein favoritt.",
        notFoundTitle: "Fann ikkje sida",
        notFoundText: "Sida du leitte etter, finst ikkje, eller ho er flytta.",
        goToFrontPage: "Gå til framsida",
        noFavorites: "Ingen favorittar enno.",
        favoritesIntro: "Stadene eg likar best, med vurderingane mine. Del gjerne sida.",
        sharePage: "Del sida",
        favoritesMap: "Kart over favorittane",
        farAway: { "\($0) til, \($1) unna" },
        backToTheRest: { "Tilbake til \($0)" },
        lists: "Lister",
        listsIntro: "Stader eg har samla til eit høve, kvar liste med sitt eige kart.",
        listCount: { Language.nn.count($0, singular: "liste", plural: "lister") },
        backToLists: "Alle lister",
        listOrder: { order, center in
            switch order {
            case .manual: "I mi rekkjefølgje"
            case .nearest: "Nærast \(center ?? "sentrum") først"
            case .rating: "Best vurdert først"
            }
        },
        emptyList: "Ingen stader i denne lista enno.",
        inLists: { $0 == 1 ? "I lista:" : "I listene:" },
        commentLabel: "Kommentaren min:",
        quoted: { "«\($0)»" },
        pagination: "Sider",
        previousPage: "Førre side",
        nextPage: "Neste side",
        madeWith: "Laga med Beacon sitegen",
        osmContributors: "OpenStreetMap-bidragsytarar",
        sampleDataNotice: "Stadene i denne guiden er døme, ikkje ferske data frå Geoapify.",
        aboutGuide: "Om guiden",
        allPlacesDownload: "Last ned alle stadene (GeoJSON)",
        cuisine: "Kjøkken",
        allCuisines: "Alle kjøkken",
        diet: "Kosthald",
        vegetarianOffer: [
            .yes: "Vegetarrettar", .only: "Berre vegetar", .limited: "Nokre vegetarrettar",
        ],
        veganOffer: [
            .yes: "Veganske rettar", .only: "Berre vegansk", .limited: "Nokre veganske rettar",
        ],
        vegetarianMark: "Vegetar",
        veganMark: "Vegansk",
        wheelchairMark: "Rullestolvenleg",
        wheelchair: "Rullestol",
        wheelchairAccess: [
            .yes: "Tilgjengeleg med rullestol", .limited: "Delvis tilgjengeleg med rullestol",
            .no: "Ikkje tilgjengeleg med rullestol",
        ],
        priceLevel: "Prisnivå",
        priceLevelOf: { "\($0) av 4" },
        placeCount: { Language.nn.count($0, singular: "stad", plural: "stader") },
        ratingCount: { Language.nn.count($0, singular: "vurdering", plural: "vurderingar") },
        starsText: { "\($0) av 5" },
        ratingLabel: { stars, count in
            "Vurdering: \(stars) av 5, \(Language.nn.count(count, singular: "vurdering", plural: "vurderingar"))"
        },
        distanceFrom: { distance, center in "\(distance) frå \(center ?? "sentrum")" },
        pageOf: { "Side \($0) av \($1)" },
        pageSuffix: { " (side \($0))" },
        titleAround: { "Stader rundt \($0)" },
        titleWithoutCenter: "Min stadguide",
        builtInTitle: "Beacon – stader rundt Oslo S",
        builtInIntro:
            "Restaurantar, kafear og hotell eg likar i gangavstand frå Oslo S, med stjernene og kommentarane mine. Favorittane finn du under <em>Mine stader</em>.",
        mapOf: { "Kart over \($0)" },
        lastUpdated: { "Sist oppdatert \($0)" },
        withinRadius: { count, km, center in
            "\(Language.nn.count(count, singular: "stad", plural: "stader")) innan \(km) km frå \(center ?? "sentrum")"
        },
        outsideRadius: { count, km, center in
            "Utanfor radius: \(Language.nn.count(count, singular: "stad", plural: "stader")) lenger enn \(km) km frå \(center ?? "sentrum")"
        },
        outsideRadiusNote:
            "Dei er med i dataa, men ligg utanfor området guiden dekkjer. «Finn nærast meg» tek dei med når du er i nærleiken.",
        outsideRadiusRest: "Resten står i den fulle lista",
        coverage: { km, center in "Guiden dekkjer stader innan \(km) km frå \(center ?? "sentrum")"
        },
        sourceDescription: { source in
            let provider = source.provider == .geoapify ? "Geoapify" : "OpenStreetMap"
            return switch source.kind {
            case .sample: "eksempeldata"
            case .live: "henta frå \(provider)"
            case .cache: "henta frå \(provider) (frå mellomlageret)"
            case .file(let name): "frå stadfila \(name)"
            case .ownOnly: "eigne stader"
            }
        },
        explorerControls: "Søk og filter",
        search: "Søk",
        searchPlaceholder: "Søk i stadene",
        searchHint: "Namn, adresse eller det du ser etter, til dømes «kaffi» eller «overnatting».",
        searchHintFor: { first, second in
            "Namn, adresse eller det du ser etter, til dømes «\(first)»"
                + (second.map { " eller «\($0)»" } ?? "") + "."
        },
        filters: "Filter",
        radius: "Innan",
        sortBy: "Sorter etter",
        sortRecommended: "Tilrådd",
        sortDistance: "Avstand (nærast først)",
        sortRating: "Vurdering (best først)",
        sortName: "Namn (A–Å)",
        favoritesOnly: "Berre favorittar",
        findNearestMe: "Finn nærast meg",
        nearMe: "Nær meg",
        findMe: "Finn meg",
        searchThisArea: "Søk i dette området",
        showAllPlaces: "Vis alle",
        reset: "Nullstill",
        showResults: "Vis stadene",
        viewMode: "Vising",
        listView: "Liste",
        mapView: "Kart",
        showMore: "Vis fleire",
        noMatches: "Ingen treff",
        noMatchesHint:
            "Prøv eit anna ord, ein større avstand eller ein annan kategori.",
        resetAll: "Nullstill søk og filter",
        nothingHere: "Ingen stader her",
        nothingHereHint: "Guiden har ingen stader i denne kategorien.",
        rated: "vurdert",
        openNow: "Ope no",
        openNowHint: "Viser berre stader med kjende opningstider som har ope no (norsk tid).",
        openNowHintAbroad:
            "Viser berre stader med kjende opningstider som har ope no (klokka der stadene er).",
        listAnd: "og",
        appDescription: {
            "\($0) rundt \($1 ?? "sentrum"), med vurderingar og favorittar. Verkar òg utan nett."
        },
        offlineTitle: "Utan nett",
        offlineHeading: "Denne sida er ikkje lagra",
        offlineText:
            "Denne sida har ikkje vore opna på eininga før, så ho er ikkje med i den lagra kopien. Framsida, kategoriane, Mine stader og stadene du har sett på, kan du lese utan nett.",
        takeTheList: "Ta med deg lista",
        exportsIntro:
            "Opne favorittane i Organic Maps, OsmAnd, Google My Maps eller Google Earth, eller del dei vidare.",
        listExportsIntro:
            "Opne lista i Organic Maps, OsmAnd, Google My Maps, uMap eller Google Earth, eller del ho vidare.",
        gpxLink: "GPX (Organic Maps, OsmAnd)",
        kmlLink: "KML (Google My Maps, Google Earth)",
        geoJSONLink: "GeoJSON",
        shareFileIntro: "Ei liste over favorittstadene mine, med vurderingar og kartlenkjer.",
        shareListIntro: "Stadene i lista, med notata mine og kartlenkjer.",
        shareListNoteLabel: "Notatet mitt:",
        shareListMap: { "Kart over «\($0)»" },
        shareListEmpty: "Ingen stader i lista enno.",
        script: [
            ("favorite", "Favoritt"),
            ("noMatches", "Ingen treff"),
            ("noMatchesFor", "Ingen treff for «{text}»"),
            ("nothingHere", "Ingen stader her"),
            ("nothingHereHint", "Guiden har ingen stader i denne kategorien."),
            ("place.one", "stad"), ("place.other", "stader"),
            ("favorite.one", "favoritt"), ("favorite.other", "favorittar"),
            ("rating.one", "vurdering"), ("rating.other", "vurderingar"),
            ("within", "innan {km} km frå {from}"),
            ("you", "deg"),
            ("center", "sentrum"),
            ("showResults", "Vis {places}"),
            ("filtersActive", "{n} i bruk"),
            ("fromYou", "Nærast først: avstandane blir målte frå der du er."),
            ("locating", "Finn posisjonen din …"),
            ("useCenter", "Bruk {label} som utgangspunkt"),
            ("measuringFromCenter", "Avstandane blir målte frå {label} igjen."),
            (
                "farAway",
                "Du er {distance} frå {label}, utanfor området guiden dekkjer ({km} km rundt {label}). Avstandane blir framleis målte frå {label}."
            ),
            (
                "denied",
                "Du har ikkje gitt sida tilgang til posisjonen din. Tillat posisjon for denne sida i nettlesaren og prøv igjen."
            ),
            (
                "insecure",
                "Nettlesaren gir berre posisjonen til sider på ei sikker tilkopling (https)."
            ),
            (
                "unavailable",
                "Fann ikkje posisjonen din akkurat no. Sjekk at posisjonstenester er slått på, og prøv igjen."
            ),
            ("timeout", "Det tok for lang tid å finne posisjonen din. Prøv igjen."),
            ("unsupported", "Nettlesaren din kan ikkje dele posisjonen."),
            ("showing", "Viser {shown} av {total}"),
            (
                "mapLabel",
                "Kart over stadene rundt {label}. Piltastane flyttar kartet, pluss og minus zoomar."
            ),
            ("ratingLabel", "Vurdering: {stars} av 5, {ratings}"),
            ("openNow", "Ope no"),
            ("closedNow", "Stengd no"),
            (
                "needsServer",
                "Søk, filter og kart treng stadsdataa i mappa data/, og nettlesaren hentar ikkje filer frå ei side som er opna direkte frå disken. Vis guiden frå ein webtenar (til dømes «sitegen serve») for å bruke dei. Lista under verkar som ho er."
            ),
            (
                "dataFailed",
                "Fekk ikkje henta stadsdataa, så søk, filter og kart verkar ikkje akkurat no. Lista under verkar som ho er; last inn sida på nytt for å prøve igjen."
            ),
            ("hours.aroundTheClock", "Ope heile døgnet"),
            ("hours.closed", "Stengd"),
            ("hours.closesAt", "Ope · stengjer kl. {time}"),
            ("hours.closesOn", "Ope · stengjer {day} kl. {time}"),
            ("hours.opensAt", "Stengd · opnar kl. {time}"),
            ("hours.opensTomorrow", "Stengd · opnar i morgon kl. {time}"),
            ("hours.opensOn", "Stengd · opnar {day} kl. {time}"),
            ("hours.today", "i dag"),
            ("map.zoomIn", "Zoom inn"),
            ("map.zoomOut", "Zoom ut"),
            ("map.close", "Lukk"),
            ("map.details", "Vis detaljar"),
            ("map.cluster", "{places} her. Zoom inn for å sjå dei."),
            ("map.you", "Du er her"),
            ("inView", "{places} i kartutsnittet"),
            // A search that found places by their own words and others only by their category's.
            ("searchTiers", "{places} med «{text}» · {others}"),
            ("otherMatches.one", "1 anna treff"), ("otherMatches.other", "{n} andre treff"),
            ("otherPlaces", "{n} andre {places}"),
            ("sheet.opened", "Lista er opna over kartet."),
            ("sheet.closed", "Lista er lukka, og kartet blir vist."),
            ("comment.label", "Kommentaren min:"),
            ("comment.quoted", "«{text}»"),
            ("share.copied", "Lenkja til sida er kopiert."),
            ("share.failed", "Fekk ikkje kopiert lenkja. Kopier ho her: {url}"),
            ("offline.note", "Du er utan nett. Du ser ein lagra kopi av guiden."),
        ]
    )
}
