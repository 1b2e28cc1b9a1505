import Foundation

/// Places from Geoapify through the response cache:
/// - normal: a fresh cached answer (younger than the time-to-live) is used as is;
///   otherwise the API is asked and its answer cached;
/// - `refresh`: the API is always asked (the brief's pull-to-refresh);
/// - `offline`: only the cache, stale or not; a missing entry is an error.
/// When the API fails and any cached answer exists, that answer is used with a
/// warning naming its age. Only answers that decode are cached.
public struct GeoapifyPlaceSource: PlaceSource {
    public enum Mode: Sendable { case normal, refresh, offline }

    public var client: GeoapifyClient
    public var cache: ResponseCache
    public var mode: Mode
    public var timeToLive: TimeInterval
    public var now: @Sendable () -> Date

    public init(client: GeoapifyClient, cache: ResponseCache, mode: Mode = .normal, timeToLive: TimeInterval = 24 * 3600, now: @escaping @Sendable () -> Date = Date.init) {
        self.client = client
        self.cache = cache
        self.mode = mode
        self.timeToLive = timeToLive
        self.now = now
    }

    public func places(for request: PlacesRequest) async throws -> FetchedPlaces {
        let url = client.placesURL(for: request)
        let key = ResponseCache.key(for: url, kind: "places-\(request.category.rawValue)")
        let cached = cache.entry(for: key)
        let cachedResult = cached.flatMap { try? GeoapifyClient.decodePlaces($0.body, category: request.category) }
        let cachedHash = cached.map { ResponseCache.hash($0.body) }

        if let cached, let cachedResult {
            let age = now().timeIntervalSince(cached.savedAt)
            // A time-to-live of 0 means: always ask the API (the cache is then only a fallback).
            if mode == .offline || (mode == .normal && timeToLive > 0 && age < timeToLive) {
                return FetchedPlaces(places: cachedResult.places, skipped: cachedResult.skipped,
                                     origin: .cache(savedAt: cached.savedAt, stale: age >= timeToLive), contentHash: cachedHash)
            }
        }
        if mode == .offline {
            throw GeoapifyError.offlineWithoutCache(category: request.category.pluralNameLowercased)
        }
        do {
            let (body, result) = try await client.places(request)
            let fetchedAt = now()
            var warning: String?
            do { try cache.store(body, url: url, key: key, at: fetchedAt) } catch {
                warning = "Kunne ikke lagre svaret i mellomlageret: \(error.userMessage)"
            }
            return FetchedPlaces(places: result.places, skipped: result.skipped, origin: .live(fetchedAt: fetchedAt), warning: warning,
                                 contentHash: ResponseCache.hash(body))
        } catch {
            guard let cached, let cachedResult else { throw error }
            let age = AgeText.norwegian(seconds: now().timeIntervalSince(cached.savedAt))
            return FetchedPlaces(places: cachedResult.places, skipped: cachedResult.skipped,
                                 origin: .cache(savedAt: cached.savedAt, stale: true),
                                 warning: "\(error.userMessage) Bruker \(request.category.pluralNameLowercased) fra mellomlageret i stedet (\(age) gamle).",
                                 contentHash: cachedHash)
        }
    }
}
