import Foundation
import BeaconCore

/// The basemap a build publishes: the descriptor the pages read, the tiles
/// that go into `output/`, and what the owner should know about getting them.
struct BasemapInput: Sendable {
    var published: PublishedBasemap
    var tiles: [PublishedTile]
    var warnings: [String]

    static let none = BasemapInput(published: .none, tiles: [], warnings: [])
}

extension BuildPipeline {
    /// Stage 2b: the basemap the settings choose (none, Geoapify tiles fetched
    /// now and published with the site, or a provider's tile URL).
    func loadBasemap(settings: SiteSettings, _ timer: inout StepTimer) async throws(BuildError) -> BasemapInput {
        .none
    }
}
