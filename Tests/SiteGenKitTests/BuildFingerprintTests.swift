import Foundation
import Testing

@testable import BeaconMap
@testable import BeaconSystem
@testable import SiteBuild
@testable import SiteGenKit

/// What the fingerprint and the context key hash of the basemap tells every
/// field apart, so a changed map setting always renders the pages again.
@Suite struct BuildFingerprintTests {
    func hash(_ basemap: PublishedBasemap) -> String {
        var hasher = ContentHasher()
        hasher.combine(basemap)
        return hasher.hex
    }

    @Test func everyFieldOfTheBasemapChangesItsHash() {
        let bounds = GeoBounds(south: 59.8, west: 10.6, north: 60, east: 10.9)
        func published(
            _ template: String = "kart/{z}/{x}/{y}.png", min: Int = 12, max: Int = 15,
            bounds: GeoBounds = bounds
        ) -> PublishedBasemap {
            PublishedBasemap(
                source: .published(
                    pathTemplate: template, minZoom: min, maxZoom: max, bounds: bounds),
                attribution: [])
        }
        func remote(
            _ url: String = "https://t.example.org/{z}/{x}/{y}.png",
            origin: String = "https://t.example.org",
            max: Int = 18,
            credits: [MapCredit] = []
        ) -> PublishedBasemap {
            PublishedBasemap(
                source: .remote(urlTemplate: url, origin: origin, maxZoom: max),
                attribution: credits)
        }
        let variants: [PublishedBasemap] = [
            .none, published(), published("kart/{z}/{y}/{x}.png"), published(min: 11),
            published(max: 16),
            published(bounds: GeoBounds(south: 59.7, west: 10.6, north: 60, east: 10.9)),
            published(bounds: GeoBounds(south: 59.8, west: 10.5, north: 60, east: 10.9)),
            published(bounds: GeoBounds(south: 59.8, west: 10.6, north: 60.1, east: 10.9)),
            published(bounds: GeoBounds(south: 59.8, west: 10.6, north: 60, east: 11)),
            remote(), remote("https://t.example.org/{z}/{x}/{y}@2x.png"),
            remote(origin: "https://u.example.org"),
            remote(max: 17),
            remote(credits: [MapCredit(text: "© OpenStreetMap", url: nil)]),
            remote(credits: [MapCredit(text: "© OpenStreetMap", url: "")]),
            remote(credits: [MapCredit(text: "© OpenStreetMap", url: "https://osm.org/copyright")]),
            remote(credits: [MapCredit(text: "© OSM", url: nil)]),
            remote(credits: [MapCredit(text: "© OSM", url: nil), MapCredit(text: "Kart", url: nil)]
            ),
            PublishedBasemap(source: .none, attribution: [MapCredit(text: "© OSM", url: nil)]),
        ]
        #expect(Set(variants.map(hash)).count == variants.count)
        #expect(hash(published()) == hash(published()) && hash(remote()) == hash(remote()))
    }
}
