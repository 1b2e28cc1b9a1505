import BeaconModel

extension Strings {
    /// English (British spelling, as taught in Norway), for visitors.
    static let english = Strings(
        language: .en,
        skipToContent: "Skip to content",
        mainNavigation: "Main menu",
        breadcrumbs: "Breadcrumbs",
        languageSwitcher: "Language",
        explore: "Explore",
        myPlaces: "My places",
        all: "All",
        categories: "Categories",
        backToList: "All places",
        favorite: "Favourite",
        address: "Address",
        addressMissing: "Address missing",
        streetAddressMissing: "no street address",
        coordinates: "Coordinates",
        openingHours: "Opening hours",
        openingHoursNotInterpreted: "Opening hours (from OpenStreetMap, not interpreted)",
        phone: "Phone",
        website: "Website",
        email: "Email",
        openInAppleMaps: "Open in Apple Maps",
        openInGoogleMaps: "Google Maps",
        openInOpenStreetMap: "OpenStreetMap",
        directions: "Directions",
        call: "Call",
        websiteAction: "Website",
        mapsRow: "Maps",
        shareAction: "Share",
        myRatings: "My ratings",
        ownerNote: "Note",
        photoCredit: "Photo",
        photoOf: { "Photo of \($0)" },
        photosOf: { "Photos of \($0)" },
        photoNumber: { "Photo \($0) of \($1)" },
        previousPhoto: "Previous photo",
        nextPhoto: "Next photo",
        ownPlaceSource: "Added by the guide’s author, not taken from OpenStreetMap.",
        correctedSource: "Details corrected by the guide’s author.",
        pauseAnimation: "Stop the steam",
        notInData:
            "This place is outside the area the guide covers now, or is no longer in the map data. It is here because it is a favourite.",
        notFoundTitle: "Page not found",
        notFoundText: "The page you were looking for does not exist, or it has moved.",
        goToFrontPage: "Go to the front page",
        noFavorites: "No favourites yet.",
        favoritesIntro: "The places I like best, with my ratings. Feel free to share this page.",
        sharePage: "Share this page",
        favoritesMap: "Map of the favourites",
        farAway: { "\($0) more, \($1) away" },
        backToTheRest: { "Back to \($0)" },
        lists: "Lists",
        listsIntro: "Places I have gathered for an occasion, each list with its own map.",
        listCount: { Language.en.count($0, singular: "list", plural: "lists") },
        backToLists: "All lists",
        listOrder: { order, center in
            switch order {
            case .manual: "In my order"
            case .nearest: "Nearest \(center ?? "the centre") first"
            case .rating: "Best rated first"
            }
        },
        emptyList: "No places in this list yet.",
        inLists: { $0 == 1 ? "On the list:" : "On the lists:" },
        commentLabel: "My comment:",
        quoted: { "“\($0)”" },
        pagination: "Pages",
        previousPage: "Previous page",
        nextPage: "Next page",
        madeWith: "Made with Beacon sitegen",
        osmContributors: "OpenStreetMap contributors",
        sampleDataNotice: "The places in this guide are examples, not fresh data from Geoapify.",
        aboutGuide: "About this guide",
        allPlacesDownload: "Download all places (GeoJSON)",
        cuisine: "Cuisine",
        allCuisines: "All cuisines",
        diet: "Diet",
        vegetarianOffer: [
            .yes: "Vegetarian options", .only: "Vegetarian only",
            .limited: "Some vegetarian options",
        ],
        veganOffer: [.yes: "Vegan options", .only: "Vegan only", .limited: "Some vegan options"],
        vegetarianMark: "Vegetarian",
        veganMark: "Vegan",
        wheelchairMark: "Wheelchair access",
        wheelchair: "Wheelchair",
        wheelchairAccess: [
            .yes: "Wheelchair accessible", .limited: "Partly wheelchair accessible",
            .no: "Not wheelchair accessible",
        ],
        priceLevel: "Price level",
        priceLevelOf: { "\($0) of 4" },
        placeCount: { Language.en.count($0, singular: "place", plural: "places") },
        ratingCount: { Language.en.count($0, singular: "rating", plural: "ratings") },
        starsText: { "\($0) of 5" },
        ratingLabel: { stars, count in
            "Rating: \(stars) of 5, \(Language.en.count(count, singular: "rating", plural: "ratings"))"
        },
        distanceFrom: { distance, center in "\(distance) from \(center ?? "the centre")" },
        pageOf: { "Page \($0) of \($1)" },
        pageSuffix: { " (page \($0))" },
        titleAround: { "Places around \($0)" },
        titleWithoutCenter: "My place guide",
        builtInTitle: "Beacon – places around Oslo S",
        builtInIntro:
            "Restaurants, cafés and hotels I like within walking distance of Oslo S, with my stars and comments. You will find the favourites under <em>My places</em>.",
        mapOf: { "Map of \($0)" },
        lastUpdated: { "Last updated \($0)" },
        withinRadius: { count, km, center in
            "\(Language.en.count(count, singular: "place", plural: "places")) within \(km) km of \(center ?? "the centre")"
        },
        outsideRadius: { count, km, center in
            "Outside the radius: \(Language.en.count(count, singular: "place", plural: "places")) farther than \(km) km from \(center ?? "the centre")"
        },
        outsideRadiusNote:
            "They are in the data but outside the area the guide covers. “Find nearest to me” includes them when you are close by.",
        outsideRadiusRest: "The rest are in the full list",
        coverage: { km, center in
            "The guide covers places within \(km) km of \(center ?? "the centre")"
        },
        sourceDescription: { source in
            let provider = source.provider == .geoapify ? "Geoapify" : "OpenStreetMap"
            return switch source.kind {
            case .sample: "sample data"
            case .live: "fetched from \(provider)"
            case .cache: "fetched from \(provider) (from the cache)"
            case .file(let name): "from the places file \(name)"
            case .ownOnly: "own places"
            }
        },
        explorerControls: "Search and filters",
        search: "Search",
        searchPlaceholder: "Search the places",
        searchHint:
            "A name, an address or what you are looking for, for example “coffee” or “hotel”.",
        searchHintFor: { first, second in
            "A name, an address or what you are looking for, for example “\(first)”"
                + (second.map { " or “\($0)”" } ?? "")
                + "."
        },
        filters: "Filters",
        radius: "Within",
        sortBy: "Sort by",
        sortRecommended: "Recommended",
        sortDistance: "Distance (nearest first)",
        sortRating: "Rating (best first)",
        sortName: "Name (A–Z)",
        favoritesOnly: "Favourites only",
        findNearestMe: "Find nearest to me",
        nearMe: "Near me",
        findMe: "Find me",
        searchThisArea: "Search this area",
        showAllPlaces: "Show all",
        reset: "Reset",
        showResults: "Show places",
        viewMode: "View",
        listView: "List",
        mapView: "Map",
        showMore: "Show more",
        noMatches: "No matches",
        noMatchesHint:
            "Try another word, a larger distance or another category.",
        resetAll: "Clear search and filters",
        nothingHere: "Nothing here",
        nothingHereHint: "The guide has no places in this category.",
        rated: "rated",
        openNow: "Open now",
        openNowHint:
            "Shows only places with known opening hours that are open now (Norwegian time).",
        openNowHintAbroad:
            "Shows only places with known opening hours that are open now (local time where the places are).",
        listAnd: "and",
        appDescription: {
            "\($0) around \($1 ?? "the centre"), with ratings and favourites. Works offline too."
        },
        offlineTitle: "Offline",
        offlineHeading: "This page is not saved",
        offlineText:
            "This page has not been opened on this device before, so it is not in the saved copy. You can read the front page, the categories, My places and the places you have looked at offline.",
        takeTheList: "Take the list with you",
        exportsIntro:
            "Open the favourites in Organic Maps, OsmAnd, Google My Maps or Google Earth, or pass them on.",
        listExportsIntro:
            "Open the list in Organic Maps, OsmAnd, Google My Maps, uMap or Google Earth, or pass it on.",
        gpxLink: "GPX (Organic Maps, OsmAnd)",
        kmlLink: "KML (Google My Maps, Google Earth)",
        geoJSONLink: "GeoJSON",
        shareFileIntro: "A list of my favourite places, with ratings and map links.",
        shareListIntro: "The places on the list, with my notes and map links.",
        shareListNoteLabel: "My note:",
        shareListMap: { "Map of “\($0)”" },
        shareListEmpty: "No places on this list yet.",
        script: [
            ("favorite", "Favourite"),
            ("noMatches", "No matches"),
            ("noMatchesFor", "No matches for “{text}”"),
            ("nothingHere", "Nothing here"),
            ("nothingHereHint", "The guide has no places in this category."),
            ("place.one", "place"), ("place.other", "places"),
            ("favorite.one", "favourite"), ("favorite.other", "favourites"),
            ("rating.one", "rating"), ("rating.other", "ratings"),
            ("within", "within {km} km of {from}"),
            ("you", "you"),
            ("center", "the centre"),
            ("showResults", "Show {places}"),
            ("filtersActive", "{n} active"),
            ("fromYou", "Nearest first: distances are measured from where you are."),
            ("locating", "Finding your location …"),
            ("useCenter", "Use {label} as the starting point"),
            ("measuringFromCenter", "Distances are measured from {label} again."),
            (
                "farAway",
                "You are {distance} from {label}, outside the area the guide covers ({km} km around {label}). Distances are still measured from {label}."
            ),
            (
                "denied",
                "You have not given this page access to your location. Allow location for this page in your browser and try again."
            ),
            (
                "insecure",
                "Your browser shares your location only with pages on a secure connection (https)."
            ),
            (
                "unavailable",
                "Could not find your location just now. Check that location services are on, and try again."
            ),
            ("timeout", "Finding your location took too long. Try again."),
            ("unsupported", "Your browser cannot share your location."),
            ("showing", "Showing {shown} of {total}"),
            (
                "mapLabel",
                "Map of the places around {label}. The arrow keys move the map; plus and minus zoom."
            ),
            ("ratingLabel", "Rating: {stars} of 5, {ratings}"),
            ("openNow", "Open now"),
            ("closedNow", "Closed now"),
            (
                "needsServer",
                "Search, filters and the map need the place data in the data/ folder, and the browser does not fetch files for a page opened straight from disk. Serve the guide from a web server (for example “sitegen serve”) to use them. The list below works as it is."
            ),
            (
                "dataFailed",
                "Could not fetch the place data, so search, filters and the map do not work right now. The list below works as it is; reload the page to try again."
            ),
            ("hours.aroundTheClock", "Open 24 hours"),
            ("hours.closed", "Closed"),
            ("hours.closesAt", "Open · closes at {time}"),
            ("hours.closesOn", "Open · closes {day} at {time}"),
            ("hours.opensAt", "Closed · opens at {time}"),
            ("hours.opensTomorrow", "Closed · opens tomorrow at {time}"),
            ("hours.opensOn", "Closed · opens {day} at {time}"),
            ("hours.today", "today"),
            ("map.zoomIn", "Zoom in"),
            ("map.zoomOut", "Zoom out"),
            ("map.close", "Close"),
            ("map.details", "Show details"),
            ("map.cluster", "{places} here. Zoom in to see them."),
            ("map.you", "You are here"),
            ("inView", "{places} in the map view"),
            // A search that found places by their own words and others only by their category's.
            ("searchTiers", "{places} with “{text}” · {others}"),
            ("otherMatches.one", "1 other match"), ("otherMatches.other", "{n} other matches"),
            ("otherPlaces", "{n} other {places}"),
            ("sheet.opened", "The list is open over the map."),
            ("sheet.closed", "The list is closed and the map is shown."),
            ("comment.label", "My comment:"),
            ("comment.quoted", "“{text}”"),
            ("share.copied", "The link to this page is copied."),
            ("share.failed", "Could not copy the link. Copy it here: {url}"),
            ("offline.note", "You are offline. You are seeing a saved copy of the guide."),
        ]
    )
}
