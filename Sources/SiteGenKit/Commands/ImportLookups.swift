import BeaconModel
import BeaconSources
import BeaconText
import FoundationEssentials

/// Positions for imported places their file gives none for (a Google Maps list as CSV, Takeout's
/// `[0,0]`): looked up by name and address near the guide's centre with Geoapify, one at a time and
/// paced (the free plan allows five a second), each answer kept in the cache so an import run again
/// asks nothing.
struct ImportLookups {
    var context: CommandContext
    var settings: SiteSettings

    /// Whether a key is set.
    var canLookUp: Bool {
        !(context.environment["GEOAPIFY_API_KEY"] ?? "").trimmingWhitespace().isEmpty
    }

    /// The places without a position that no place of the guide stands for by name alone.
    static func missing(_ files: [PlaceImporter.File], known: [Place]) -> [PlaceImporter.FilePlace]
    {
        guard files.contains(where: { $0.content.places.contains { $0.coordinate == nil } }) else {
            return []
        }
        var names: [String: Int] = [:]
        for place in known { names[PlaceMatching.nameKey(place.name), default: 0] += 1 }
        var missing: [PlaceImporter.FilePlace] = []
        for (fileIndex, file) in files.enumerated() {
            for (placeIndex, place) in file.content.places.enumerated()
            where place.coordinate == nil {
                if place.osmID == nil, names[PlaceMatching.nameKey(place.name)] != 1 {
                    missing.append(PlaceImporter.FilePlace(file: fileIndex, place: placeIndex))
                }
            }
        }
        return missing
    }

    /// One lookup per place, at most five a second; what was found, and a line that counts it.
    func positions(for missing: [PlaceImporter.FilePlace], in files: [PlaceImporter.File])
        async throws -> (
            positions: [PlaceImporter.FilePlace: Coordinate], report: String
        )
    {
        guard let client = try GeoapifyClient.fromEnvironment(context.environment) else {
            throw GeoapifyError.missingKey
        }
        let cache = ResponseCache(
            folder: context.site.cachePath + "/geocode", inside: context.site.root)
        try context.site.checkInside(context.site.cachePath + "/geocode")
        var positions: [PlaceImporter.FilePlace: Coordinate] = [:]
        var asked = 0
        var notFound = 0
        let status = context.console
        for (number, item) in missing.enumerated() {
            let place = files[item.file].content.places[item.place]
            let text = [place.name, place.address].compactMap { $0 }.joined(separator: ", ")
            if number % 10 == 0 {
                status.progress(
                    "Slår opp posisjoner hos Geoapify: \(number + 1) av \(missing.count) …")
            }
            let (candidate, fromCache) = try await client.geocodeOnce(
                text, near: settings.center, cache: cache)
            if !fromCache {
                asked += 1
                try? await Task.sleep(for: .milliseconds(220))
            }
            if let candidate { positions[item] = candidate.coordinate } else { notFound += 1 }
        }
        var report =
            "Slo opp \(NorwegianFormat.count(missing.count, singular: "posisjon", plural: "posisjoner")) hos Geoapify "
            + "(\(NorwegianFormat.integer(asked)) spørringer, resten fra bufferen)"
        if notFound > 0 { report += "; \(NorwegianFormat.integer(notFound)) ble ikke funnet" }
        return (positions, report + ".")
    }
}
