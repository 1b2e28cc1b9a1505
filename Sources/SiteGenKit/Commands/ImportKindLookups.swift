import BeaconMap
import BeaconModel
import BeaconSources
import BeaconSystem
import FoundationEssentials
import SiteBuild

/// The kinds of imported places whose file names none (Google Takeout, most KML): with a Geoapify
/// key, asked of Geoapify's Place Details, one point at a time and paced as the address lookups
/// are; without one, of OpenStreetMap in one Overpass request for the whole import
/// (`OverpassKindLookup`). Every answer is kept in the cache, so an import run again asks nothing.
/// A place nothing stands for (within 50 m, under a similar name), or an import whose request
/// fails, still comes in, under «Andre steder».
struct ImportKindLookups {
    var context: CommandContext
    var settings: SiteSettings

    /// The places that have a position, that no place of the guide stands for, and that neither
    /// `--category`, their tags nor their folder give a kind.
    static func unknown(
        _ files: [PlaceImporter.File], known: [Place], settings: SiteSettings,
        options: PlaceImporter.Options, positions: [PlaceImporter.FilePlace: Coordinate]
    ) -> [(place: PlaceImporter.FilePlace, at: Coordinate)] {
        guard options.category == nil else { return [] }
        let matching = PlaceMatching(known)
        var unknown: [(place: PlaceImporter.FilePlace, at: Coordinate)] = []
        for (fileIndex, file) in files.enumerated() {
            for (placeIndex, imported) in file.content.places.enumerated() {
                let item = PlaceImporter.FilePlace(file: fileIndex, place: placeIndex)
                guard let at = imported.coordinate ?? positions[item],
                    PlaceImporter.category(of: imported, settings: settings, options: options)
                        == .other,
                    matching.match(name: imported.name, at: at) == nil
                else { continue }
                unknown.append((item, at))
            }
        }
        return unknown
    }

    /// The tags found for each of `unknown`, and a line that says what was asked and found. A
    /// failed request is a warning, not an error: the places then come in under «Andre steder».
    func tags(
        for unknown: [(place: PlaceImporter.FilePlace, at: Coordinate)],
        in files: [PlaceImporter.File], options: PlaceImporter.Options
    ) async throws -> (tags: [PlaceImporter.FilePlace: [String: String]], report: String) {
        if let geoapify = try GeoapifyClient.fromEnvironment(context.environment) {
            return try await detailsTags(for: unknown, in: files, client: geoapify)
        }
        let lookup = OverpassKindLookup(points: unknown.map(\.at))
        let folder = context.site.cachePath + "/overpass"
        try context.site.checkInside(folder)
        let cache = ResponseCache(folder: folder, inside: context.site.root)
        let client = try OverpassClient.forBuild(
            environment: context.environment, console: context.console, now: { Date() })
        let count = NorwegianFormat.count(unknown.count, singular: "sted", plural: "steder")
        let body: Data
        if let cached = cache.entry(
            for: lookup.cacheKey, now: Date(), limit: OverpassClient.maximumAnswerBytes)
        {
            body = cached.body
        } else {
            context.console.progress(
                "Slår opp kategorien til \(count) hos Overpass (\(client.endpoint.host ?? "")) …"
            )
            do {
                body = try await client.fetch(
                    query: lookup.text(
                        timeoutSeconds: client.timeoutSeconds,
                        maximumBytes: OverpassClient.maximumAnswerBytes))
                _ = try OverpassKindLookup.read(body)
                try? cache.store(body, url: client.endpoint, key: lookup.cacheKey, at: Date())
            } catch let error as any UserFacingError {
                return (
                    [:],
                    "Advarsel: fikk ikke slått opp kategorien til \(count) (\(Self.clause(error.userMessage))); "
                        + "de legges under «Andre steder»."
                )
            }
        }
        let candidates: OverpassKindLookup.Candidates
        do {
            candidates = try OverpassKindLookup.read(body)
        } catch {
            return (
                [:],
                "Advarsel: svaret fra Overpass kunne ikke leses (\(Self.clause(error.userMessage)))."
            )
        }
        var tags: [PlaceImporter.FilePlace: [String: String]] = [:]
        for (item, at) in unknown {
            let imported = files[item.file].content.places[item.place]
            guard let found = candidates.tags(name: imported.name, at: at) else { continue }
            var probe = imported
            probe.osmTags = found
            // Only an element of a kind: a named bus stop tells nothing the guide can file.
            if PlaceImporter.category(of: probe, settings: settings, options: options) != .other {
                tags[item] = found
            }
        }
        return (
            tags,
            "Slo opp kategorien til \(count) i OpenStreetMap: fant \(NorwegianFormat.integer(tags.count))."
        )
    }

    /// Geoapify's Place Details at each point: the first answer within 50 m under a similar name
    /// whose categories fall under a preset gives the place that preset's OpenStreetMap tag (which
    /// the importer reads its kind from, as from a file's own tags).
    func detailsTags(
        for unknown: [(place: PlaceImporter.FilePlace, at: Coordinate)],
        in files: [PlaceImporter.File], client: GeoapifyClient
    ) async throws -> (tags: [PlaceImporter.FilePlace: [String: String]], report: String) {
        let folder = context.site.cachePath + "/details"
        try context.site.checkInside(folder)
        let cache = ResponseCache(folder: folder, inside: context.site.root)
        let count = NorwegianFormat.count(unknown.count, singular: "sted", plural: "steder")
        var tags: [PlaceImporter.FilePlace: [String: String]] = [:]
        var asked = 0
        for (number, (item, at)) in unknown.enumerated() {
            if number % 10 == 0 {
                context.console.progress(
                    "Slår opp kategorien hos Geoapify: \(number + 1) av \(unknown.count) …")
            }
            let answer: (details: [PlaceDetails], fromCache: Bool)
            do {
                answer = try await client.placeDetailsOnce(at: at, cache: cache)
            } catch {
                return (
                    tags,
                    "Advarsel: fikk ikke slått opp kategorien til \(count) (\(Self.clause(error.userMessage))); "
                        + "de som ikke ble funnet, legges under «Andre steder»."
                )
            }
            if !answer.fromCache {
                asked += 1
                // The free plan allows five requests a second.
                try? await Task.sleep(for: .milliseconds(220))
            }
            let name = files[item.file].content.places[item.place].name
            let candidates = answer.details.map {
                Place(
                    id: PlaceID(rawValue: "details/\($0.name)"), name: $0.name, category: .other,
                    coordinate: $0.coordinate)
            }
            guard let found = PlaceMatching(candidates).match(name: name, at: at),
                let details = answer.details.first(where: { $0.name == found.name }),
                let preset = PlaceCategory.first(
                    in: PlaceCategory.presets, matching: details.categories),
                let tag = preset.openStreetMapTags.first
            else { continue }
            tags[item] = [tag.key: tag.value, "name": details.name]
        }
        return (
            tags,
            "Slo opp kategorien til \(count) hos Geoapify (\(NorwegianFormat.integer(asked)) spørringer, "
                + "resten fra bufferen): fant \(NorwegianFormat.integer(tags.count))."
        )
    }

    /// A message as a clause inside a sentence: without its closing full stop.
    static func clause(_ message: String) -> String {
        message.hasSuffix(".") ? String(message.dropLast()) : message
    }
}
