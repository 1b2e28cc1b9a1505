import BeaconModel
import FoundationEssentials

/// Places from Geoapify through the response cache, as `PlaceFetchMode` says.
/// When the API fails and any cached answer exists, that answer is used with a
/// warning naming its age. Only answers that decode are cached.
package struct GeoapifyPlaceSource: PlaceSource {
    package typealias Mode = PlaceFetchMode

    var client: GeoapifyClient
    var cache: ResponseCache
    var mode: Mode
    var timeToLive: TimeInterval
    package var now: @Sendable () -> Date
    /// A category as the terminal's messages name it in running text («kafeer»: Templates
    /// `CategoryNames.pluralInText`); by default its key.
    var categoryName: @Sendable (PlaceCategory) -> String

    package init(
        client: GeoapifyClient, cache: ResponseCache, mode: Mode = .normal,
        timeToLive: TimeInterval = 24 * 3600,
        now: @escaping @Sendable () -> Date = Date.init,
        categoryName: @escaping @Sendable (PlaceCategory) -> String = { $0.rawValue }
    ) {
        self.categoryName = categoryName
        self.client = client
        self.cache = cache
        self.mode = mode
        self.timeToLive = timeToLive
        self.now = now
    }

    package func places(for request: PlacesRequest) async throws -> FetchedPlaces {
        let url = client.placesURL(for: request)
        let key = ResponseCache.key(for: url, kind: "places-\(request.category.rawValue)")
        let cached = cache.entry(for: key, now: now())
        let cachedResult = cached.flatMap {
            try? GeoapifyClient.decodePlaces($0.body, category: request.category)
        }.map { admit($0, request) }
        let cachedHash = cached.map { ResponseCache.hash($0.body) }

        if let cached, let cachedResult {
            let age = now().timeIntervalSince(cached.savedAt)
            // A time-to-live of 0 means: always ask the API (the cache is then only a fallback). An
            // entry dated in the future (a clock that was wrong) is not fresh: it would be forever.
            let fresh = age >= 0 && age < timeToLive
            if mode == .offline || (mode == .normal && timeToLive > 0 && fresh) {
                return FetchedPlaces(
                    places: cachedResult.places, skipped: cachedResult.skipped,
                    origin: .cache(savedAt: cached.savedAt, stale: !fresh),
                    warning: cachedResult.warning,
                    contentHash: cachedHash)
            }
        }
        if mode == .offline {
            throw GeoapifyError.offlineWithoutCache(category: categoryName(request.category))
        }
        do {
            let (body, decoded) = try await client.places(request)
            let result = admit(decoded, request)
            let fetchedAt = now()
            var warning = result.warning
            do { try cache.store(body, url: url, key: key, at: fetchedAt) } catch {
                warning = [
                    warning, "Kunne ikke lagre svaret i mellomlageret: \(error.userMessage)",
                ].compactMap { $0 }
                    .joined(separator: " ")
            }
            return FetchedPlaces(
                places: result.places, skipped: result.skipped, origin: .live(fetchedAt: fetchedAt),
                warning: warning,
                contentHash: ResponseCache.hash(body))
        } catch {
            guard let cached, let cachedResult else { throw error }
            let age = AgeText.norwegian(seconds: now().timeIntervalSince(cached.savedAt))
            return FetchedPlaces(
                places: cachedResult.places, skipped: cachedResult.skipped,
                origin: .cache(savedAt: cached.savedAt, stale: true),
                warning:
                    "\(error.userMessage) Bruker \(categoryName(request.category)) fra mellomlageret i stedet (\(age) gamle).",
                contentHash: cachedHash)
        }
    }

    /// An answer as the request allows it (`PlacesRequest.admitted`): a
    /// hostile or broken API cannot publish 50,000 places, or places on
    /// another continent, in a guide of 20 per category within 5 km.
    struct Admitted {
        var places: [Place]
        var skipped: [PlacesDecoder.SkippedFeature]
        var warning: String?
    }

    func admit(_ result: PlacesDecoder.Result, _ request: PlacesRequest) -> Admitted {
        let (places, dropped) = request.admitted(result.places, slack: 0.01)
        let warning =
            dropped == 0
            ? nil
            : "Svaret med \(categoryName(request.category)) hadde \(dropped) steder utenfor radius eller ut over de \(request.limit) det ble bedt om; de er ikke tatt med."
        return Admitted(places: places, skipped: result.skipped, warning: warning)
    }
}
