import BeaconTestSupport
import BuiltInFiles
import Testing

@testable import BeaconMap
@testable import BeaconModel
@testable import BeaconSystem

/// The extract of central Oslo compiled into sitegen (`Resources/basemap/oslo.geojson`), read as a
/// build reads it: the fjord is water, the islands in it and the city are not.
@Suite struct SampleBasemapTests {
    static let features: [BasemapFeature] = {
        let bytes = BuiltInFiles.bytes("basemap/oslo.geojson") ?? []
        return (try? BasemapDataReader.read(bytes, within: nil).features) ?? []
    }()

    /// Whether a feature of one of `kinds` covers the point (its rings filled even-odd, as drawn).
    func covered(_ latitude: Double, _ longitude: Double, by kinds: Set<BasemapKind>) -> Bool {
        let point = Coordinate(latitude: latitude, longitude: longitude)
        return Self.features.contains { feature in
            guard kinds.contains(feature.kind), case .area(let rings) = feature.geometry else {
                return false
            }
            return rings.filter { Coastline.contains($0, point) }.count % 2 == 1
        }
    }

    func isWater(_ latitude: Double, _ longitude: Double) -> Bool {
        covered(latitude, longitude, by: [.water, .sea])
    }

    @Test func theFjordIsWater() throws {
        try #require(!Self.features.isEmpty, "the extract is not built in")
        #expect(isWater(59.9063, 10.7522), "Bjørvika")
        #expect(isWater(59.9085, 10.7265), "Pipervika")
        #expect(isWater(59.8900, 10.7250), "between Hovedøya and Bygdøy")
    }

    @Test func theCityIsNot() throws {
        try #require(!Self.features.isEmpty, "the extract is not built in")
        #expect(!isWater(59.9139, 10.7522), "Stortinget")
        #expect(!isWater(59.9111, 10.7503), "Oslo S")
        // Just south of the Opera, about 80 m from the water (the sea's README).
        #expect(!isWater(59.9065, 10.7535), "Bjørvika's shore")
    }

    /// An island is a hole in the sea, so what is under it shows: Hovedøya's woods.
    @Test func anIslandIsLandWithItsWoods() throws {
        try #require(!Self.features.isEmpty, "the extract is not built in")
        #expect(!isWater(59.8940, 10.7310), "Hovedøya")
        #expect(covered(59.8940, 10.7310, by: [.forest, .park]), "Hovedøya's woods")
    }
}
