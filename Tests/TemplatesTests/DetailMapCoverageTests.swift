import Testing

@testable import BeaconMap
@testable import BeaconModel
@testable import BeaconSystem
@testable import Templates

/// A place's small map is drawn only where the basemap has something under the pin: tiles published
/// with the site cover the guide's area, so a favorite far beyond it gets its map links and no
/// empty map.
@Suite struct DetailMapCoverageTests {
    @Test func aPlaceBeyondThePublishedTilesHasNoSmallMap() {
        let context = TemplateFixtures.context
        let near = TemplateFixtures.text(
            DetailPage.render(TemplateFixtures.place(TemplateFixtures.cafe), context: context))
        #expect(near.contains(#"id="place-map""#) && near.contains("leaflet.js"))
        // Frognerseteren, 59.9776° N: north of the tiles' 59.97.
        let far = TemplateFixtures.text(
            DetailPage.render(
                TemplateFixtures.place(TemplateFixtures.farFavorite), context: context))
        #expect(!far.contains(#"id="place-map""#) && !far.contains("leaflet.js"))
        #expect(far.contains("Åpne i Apple Maps"))
    }

    @Test func whatEachKindOfBasemapCovers() {
        let oslo = Coordinate(latitude: 59.9111, longitude: 10.7503)
        let edinburgh = Coordinate(latitude: 55.9533, longitude: -3.1883)
        #expect(
            TemplateFixtures.basemap.covers(oslo) && !TemplateFixtures.basemap.covers(edinburgh))
        let centre = WebMercator.tile(for: oslo, zoom: 10)
        let vector = PublishedBasemap(
            source: .vector(
                pathTemplate: "kart/osm/{z}/{x}/{y}.js",
                levels: [
                    TileRange(zoom: 14, minX: 0, maxX: 0, minY: 0, maxY: 0),
                    TileRange(
                        zoom: 10, minX: centre.x, maxX: centre.x, minY: centre.y, maxY: centre.y),
                ]),
            attribution: [])
        #expect(vector.covers(oslo) && !vector.covers(edinburgh))
        // Data that covers less than its tiles (the sample's extract): a place inside the tiles but
        // beyond the data is not covered.
        let extract = PublishedBasemap(
            source: .vector(
                pathTemplate: "kart/osm/{z}/{x}/{y}.js",
                levels: [
                    TileRange(
                        zoom: 10, minX: centre.x, maxX: centre.x, minY: centre.y, maxY: centre.y)
                ],
                coverage: GeoBounds(south: 59.8797, west: 10.6876, north: 59.9425, east: 10.8130)),
            attribution: [])
        let holmenkollen = Coordinate(latitude: 59.9776, longitude: 10.6796)
        #expect(
            vector.covers(holmenkollen) && !extract.covers(holmenkollen) && extract.covers(oslo))
        let empty = PublishedBasemap(
            source: .vector(pathTemplate: "kart/osm/{z}/{x}/{y}.js", levels: []), attribution: [])
        #expect(!empty.covers(oslo))
        let remote = PublishedBasemap(
            source: .remote(
                urlTemplate: "https://tiles.example.org/{z}/{x}/{y}.png",
                origin: "https://tiles.example.org",
                maxZoom: 19),
            attribution: [])
        #expect(remote.covers(edinburgh) && PublishedBasemap.none.covers(edinburgh))
    }
}
