import BeaconMap
import BeaconModel
import BeaconSystem
import FoundationEssentials

/// Places from OpenStreetMap through the Overpass API, for a guide without a Geoapify key (or one
/// whose owner chose `"source": "osm"`): one request for every kind at once, read as Geoapify's
/// answers are read, then the same nearest-N per kind within the radius. Cached as Geoapify's
/// answers are (`PlaceFetchMode`, the guide's `cacheHours`); an answer that is not places (an
/// error page, a `remark`, a cut-off body) is never cached, and a failed request falls back on
/// the cached answer with a warning.
package struct OverpassPlaceSource: PlaceSource {
    var client: OverpassClient
    var cache: ResponseCache
    var mode: PlaceFetchMode
    var timeToLive: TimeInterval
    /// The guide's kinds, in its order: an element falls in the first whose tags it has.
    var categories: [PlaceCategory]
    var addressCountry: String?
    package var now: @Sendable () -> Date

    package init(
        client: OverpassClient, cache: ResponseCache, mode: PlaceFetchMode = .normal,
        timeToLive: TimeInterval = 24 * 3600, categories: [PlaceCategory],
        addressCountry: String? = nil, now: @escaping @Sendable () -> Date = Date.init
    ) {
        self.client = client
        self.cache = cache
        self.mode = mode
        self.timeToLive = timeToLive
        self.categories = categories
        self.addressCountry = addressCountry
        self.now = now
    }

    package func places(for request: PlacesRequest) async throws -> FetchedPlaces {
        try await places(for: [request])[0]
    }

    package func places(for requests: [PlacesRequest]) async throws -> [FetchedPlaces] {
        guard let first = requests.first else { return [] }
        let query = OverpassPlaceQuery(
            categories: requests.map(\.category), center: first.center,
            radiusMetres: first.radiusMetres)
        guard !query.tags.isEmpty else {
            throw OverpassPlacesError.noTags(kinds: requests.map(\.category.rawValue))
        }
        let key = query.cacheKey
        let cached = cache.entry(
            for: key, now: now(), limit: OverpassClient.maximumAnswerBytes)
        let cachedPlaces = cached.flatMap { try? read($0.body) }
        if let cached, let cachedPlaces {
            let age = now().timeIntervalSince(cached.savedAt)
            // As Geoapify's: 0 hours means always ask; a date in the future is not fresh.
            let fresh = age >= 0 && age < timeToLive
            if mode == .offline || (mode == .normal && timeToLive > 0 && fresh) {
                return split(
                    cachedPlaces, requests, origin: .cache(savedAt: cached.savedAt, stale: !fresh),
                    hash: ResponseCache.hash(cached.body))
            }
        }
        if mode == .offline { throw OverpassPlacesError.offlineWithoutCache }
        do throws(OverpassPlacesError) {
            let body: Data
            do {
                body = try await client.fetch(
                    query: query.text(
                        timeoutSeconds: client.timeoutSeconds,
                        maximumBytes: OverpassClient.maximumAnswerBytes))
            } catch { throw .fetch(error) }
            let places = try read(body)
            let fetchedAt = now()
            var warning: String?
            do throws(FileError) {
                try cache.store(body, url: client.endpoint, key: key, at: fetchedAt)
            } catch {
                warning = "Kunne ikke lagre svaret i mellomlageret: \(error.userMessage)"
            }
            return split(
                places, requests, origin: .live(fetchedAt: fetchedAt),
                hash: ResponseCache.hash(body), warning: warning)
        } catch {
            guard let cached, let cachedPlaces else { throw error }
            let age = AgeText.norwegian(seconds: now().timeIntervalSince(cached.savedAt))
            return split(
                cachedPlaces, requests, origin: .cache(savedAt: cached.savedAt, stale: true),
                hash: ResponseCache.hash(cached.body),
                warning:
                    "\(error.userMessage) Bruker stedene fra mellomlageret i stedet (\(age) gamle)."
            )
        }
    }

    func read(_ body: Data) throws(OverpassPlacesError) -> [PlaceCategory: PlacesDecoder.Result] {
        try OverpassPlaceAnswer.read(body, categories: categories, addressCountry: addressCountry)
    }

    /// Each request's kind: its nearest places within the radius, at most its limit (Overpass
    /// answers every place around; the guide keeps the nearest, as it does Geoapify's). A warning
    /// goes with the first kind only, so the build says it once.
    func split(
        _ places: [PlaceCategory: PlacesDecoder.Result], _ requests: [PlacesRequest],
        origin: FetchedPlaces.Origin, hash: UInt64, warning: String? = nil
    ) -> [FetchedPlaces] {
        requests.enumerated().map { index, request in
            let found = places[request.category]
            return FetchedPlaces(
                places: request.admitted(found?.places ?? []).places,
                skipped: found?.skipped ?? [], origin: origin,
                warning: index == 0 ? warning : nil, contentHash: hash)
        }
    }
}
