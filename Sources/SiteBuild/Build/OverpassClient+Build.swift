import BeaconMap
import BeaconModel
import FoundationEssentials

extension OverpassClient {
    /// The client a build asks Overpass with, for places or map data: `OVERPASS_URL` and
    /// `OVERPASS_TIMEOUT` from `environment`, the build's clock, and each retry said on `console`.
    package static func forBuild(
        environment: [String: String], console: any Console, now: @escaping @Sendable () -> Date
    ) throws(OverpassError) -> OverpassClient {
        var client = try OverpassClient.fromEnvironment(environment)
        client.now = now
        client.onRetry = { attempt, wait, error in
            console.progress(
                "  Overpass: forsøk \(attempt) feilet (\(error.briefDescription)); prøver igjen om \(NorwegianFormat.oneDecimal(wait)) s …"
            )
        }
        return client
    }
}
