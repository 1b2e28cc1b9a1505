import BeaconModel
import BeaconSystem
import FoundationEssentials

extension GeoapifyClient {
    /// The best match for `text` near `near`, from `cache` when it was asked before (an import run
    /// twice asks once): nil when Geoapify knows no such place. `fromCache` says whether the API
    /// was spared.
    package func geocodeOnce(_ text: String, near: Coordinate, cache: ResponseCache)
        async throws(GeoapifyError)
        -> (candidate: GeocodeCandidate?, fromCache: Bool)
    {
        let url = geocodeURL(text: text, limit: 1, near: near)
        let key = ResponseCache.key(for: url, kind: "geocode")
        if let entry = cache.entry(for: key, now: now()),
            let json = try? JSONParser.parse(entry.body)
        {
            return (GeocodeCandidate.decode(json).first, true)
        }
        let body = try await fetch(url)
        guard let json = try? JSONParser.parse(body) else { throw .unexpectedBody("ugyldig JSON") }
        // Only a cache: an answer that cannot be kept is asked for again next time.
        try? cache.store(body, url: url, key: key, at: now())
        return (GeocodeCandidate.decode(json).first, false)
    }
}
