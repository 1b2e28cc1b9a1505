import BeaconMap
import BeaconModel
import BeaconSite
import Foundation

@testable import Templates

/// A small, fixed guide for page tests: every field filled somewhere, every
/// category, ratings with comments, a favorite outside the data.
enum TemplateFixtures {
    static let date = CalendarDate(iso: "2026-11-02")!
    static let fetchedAt = Date(timeIntervalSince1970: 1_763_700_000)  // 21 Nov 2025, fixed

    static let cafe = Place(
        id: PlaceID(rawValue: "node/10914208868"), name: "Tim Wendelboe", category: .cafe,
        coordinate: Coordinate(latitude: 59.922979, longitude: 10.7561788),
        address: PostalAddress(
            street: "Grüners gate", houseNumber: "1", postcode: "0552", city: "Oslo"),
        openingHours: "Mo-Fr 08:30-18:00; Sa,Su 11:00-17:00", phone: "+47 400 04 062",
        website: "https://timwendelboe.no/", providerID: "51abc")
    static let restaurant = Place(
        id: PlaceID(rawValue: "node/6505067957"), name: "Fiskeriet Youngstorget",
        category: .restaurant,
        coordinate: Coordinate(latitude: 59.9146, longitude: 10.7493),
        address: PostalAddress(
            street: "Youngstorget", houseNumber: "2b", postcode: "0181", city: "Oslo"),
        openingHours: "Mo-Fr 11:00-21:00; Sa 12:00-21:00; Su off")
    static let hotel = Place(
        id: PlaceID(rawValue: "way/937792458"), name: "Comfort Hotel Grand Central",
        category: .hotel,
        coordinate: Coordinate(latitude: 59.9108, longitude: 10.7509),
        address: PostalAddress(street: "Jernbanetorget", postcode: "0154", city: "Oslo"),
        openingHours: "24/7 (resepsjon)")
    static let hostile = Place(
        id: PlaceID(rawValue: "geoapify/51hostile"), name: "<script>alert(\"x\")</script> & Søn's",
        category: .cafe,
        coordinate: Coordinate(latitude: 59.9, longitude: 10.74),
        address: PostalAddress(fallbackLine: "\"><img src=x onerror=alert(1)>"))
    static let farFavorite = Place(
        id: PlaceID(rawValue: "way/23087165"), name: "Frognerseteren Restaurant",
        category: .restaurant,
        coordinate: Coordinate(latitude: 59.9776, longitude: 10.6796))

    static var store: GuideStore {
        var store = GuideStore()
        store.addRating(
            Rating(
                stars: 5, date: CalendarDate(iso: "2026-08-30")!,
                comment: "Byens beste filterkaffe."), to: cafe)
        store.addRating(
            Rating(stars: 4, date: date, comment: "Fullt på lørdag.\n\nMen verdt det."), to: cafe)
        store.addFavorite(cafe, on: date)
        store.addRating(Rating(stars: 2, date: date), to: restaurant)
        store.addRating(Rating(stars: 3, date: date), to: restaurant)
        store.addFavorite(farFavorite, on: date)
        return store
    }

    static var guide: Guide {
        var settings = SiteSettings.defaults
        settings.intro = "Steder rundt Oslo S."
        return GuideAssembler.assemble(
            places: [cafe, restaurant, hotel, hostile], store: store, settings: settings,
            source: DataSourceInfo(kind: .sample, fetchedAt: fetchedAt))
    }

    static var context: SiteContext {
        SiteContext(
            settings: guide.settings, source: guide.source,
            intro: RichText.html(for: guide.settings.intro!),
            basemap: basemap, hasMap: true)
    }

    /// Published tiles around Oslo S, as a Geoapify build would have them.
    static let basemap = PublishedBasemap(
        source: .published(
            pathTemplate: PublishedTile.pathTemplate, minZoom: 11, maxZoom: 14,
            bounds: GeoBounds(south: 59.85, west: 10.63, north: 59.97, east: 10.87)),
        attribution: [
            MapCredit(text: "Powered by Geoapify", url: "https://www.geoapify.com/"),
            MapCredit(
                text: "© OpenStreetMap-bidragsytere", url: "https://www.openstreetmap.org/copyright"
            ),
        ])

    static func place(_ place: Place) -> GuidePlace {
        guide.allPages.first { $0.id == place.id }!
    }

    static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }
}
