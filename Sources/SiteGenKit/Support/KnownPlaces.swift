import BeaconModel
import BeaconSite
import BeaconSources
import BeaconSystem
import BeaconText
import FoundationEssentials
import SiteBuild
import Templates

/// The places the terminal commands know: those of the last build (its index
/// in the cache folder), or — before the first build without an API key — the
/// sample data; plus every place the store has a copy of (favorites and rated
/// places outside the current data).
struct KnownPlaces {
    var settings: SiteSettings
    var store: GuideStore
    var current: [Place]
    /// Where `current` came from: the last build's source (so the share file
    /// credits Geoapify and dates the data as the pages do), or the sample data.
    var source: DataSourceInfo

    static func load(_ context: CommandContext) async throws -> KnownPlaces {
        let site = context.site
        try site.checkExists()
        let settings = try site.loadSettings()
        let store = try site.loadStore()
        let sample = SampleDataSource.builtIn
        if let indexed = PlaceIndex.load(from: site, settings: settings) {
            let source =
                PlaceIndex.loadSource(from: site)
                ?? DataSourceInfo(kind: .sample, fetchedAt: sample.dataDate)
            return KnownPlaces(settings: settings, store: store, current: indexed, source: source)
        }
        guard (context.environment["GEOAPIFY_API_KEY"] ?? "").trimmingWhitespace().isEmpty else {
            throw NoPlacesYet()
        }
        var places: [Place] = []
        for category in settings.categories where category.hasSampleData {
            let request = PlacesRequest(
                category: category, center: settings.center, radiusMetres: settings.radiusMetres,
                limit: settings.placesPerCategory)
            places += try await sample.places(for: request).places
        }
        return KnownPlaces(
            settings: settings, store: store, current: places,
            source: DataSourceInfo(kind: .sample, fetchedAt: sample.dataDate))
    }

    /// Current places first (as the owner edited them, hidden ones too), the owner's own places,
    /// then the store's copies of the others.
    var all: [Place] {
        var places = store.editedPlaces(current, settings: settings)
        let known = Set(places.map(\.id))
        for (id, entry) in store.entries.sorted(by: { $0.key < $1.key }) where !known.contains(id) {
            if let snapshot = entry.snapshot { places.append(snapshot.place(id: id)) }
        }
        return places
    }

    /// Resolves PLACE or throws a message listing the candidates.
    func resolve(_ text: String) throws -> Place {
        let resolver = PlaceResolver(places: all, language: settings.languages.main)
        switch resolver.resolve(text) {
        case .found(let place):
            return place
        case .notFound:
            throw PlaceNotFound(query: text)
        case .ambiguous(let candidates):
            let lines = candidates.prefix(10).map { place in
                "  \(resolver.slug(of: place) ?? place.id.rawValue)  (\(place.name), \(CategoryNames.singular(place.category).lowercased()))"
            }
            let more = candidates.count > 10 ? "\n  … og \(candidates.count - 10) til" : ""
            throw AmbiguousPlace(query: text, list: lines.joined(separator: "\n") + more)
        }
    }

    /// The guide as the site shows it (current places merged with the store).
    var guide: Guide {
        GuideAssembler.assemble(places: current, store: store, settings: settings, source: source)
    }
}

struct NoPlacesYet: UserFacingError {
    var userMessage: String {
        "Ingen steder er kjent ennå. Kjør «sitegen build» først, så vet sitegen hvilke steder guiden har."
    }
    var exitStatus: ExitStatus { .dataError }
}

struct PlaceNotFound: UserFacingError {
    var query: String
    var userMessage: String {
        "Fant ikke noe sted som heter «\(query)». Se «sitegen search» for stedene i guiden."
    }
    var exitStatus: ExitStatus { .dataError }
}

struct AmbiguousPlace: UserFacingError {
    var query: String
    var list: String
    var userMessage: String {
        "«\(query)» passer på flere steder. Oppgi ett av disse (navnet på lenken) i stedet:\n\(list)\nIngenting er endret."
    }
    var exitStatus: ExitStatus { .dataError }
}
