import BeaconModel
import BeaconSystem
import BeaconText
import FoundationEssentials

/// `sitegen photo list [STED]`: one place's photos as `photo remove` and `photo order` number them,
/// with each original's size, or «mangler» when `photos/` no longer has it (deleted by hand);
/// without a place, every place that has photos.
struct PhotoListing {
    var context: CommandContext
    var arguments: Arguments<PhotoCommand.Options>

    func run() async throws -> ExitStatus {
        let positionals = arguments.positionals
        guard positionals.count <= 2 else {
            throw UsageError(
                "«photo list» tar høyst ett sted (fikk «\(positionals[2])»)", command: "photo")
        }
        if arguments.firstGiven([\.all, \.alt, \.credit]) != nil {
            throw UsageError("«photo list» tar ingen andre valg enn --site", command: "photo")
        }
        let known = try await KnownPlaces.load(context)
        let site = context.site
        if positionals.count == 2 {
            let place = try known.resolve(positionals[1])
            list(place, photos: known.store.photos(of: place.id), site: site)
        } else {
            listPlaces(known, site: site)
        }
        return .success
    }

    private func list(_ place: Place, photos: [PlacePhoto], site: SiteFolder) {
        let console = context.console
        guard !photos.isEmpty else {
            console.output(
                "\(place.name) har ingen bilder. Legg til med «sitegen photo add \(place.id.rawValue) FIL… --alt TEKST»."
            )
            return
        }
        console.output("Bilder av \(place.name) (\(place.id.rawValue)):")
        var missing = 0
        for (index, photo) in photos.enumerated() {
            let size = site.originalSize(of: photo)
            if size == nil { missing += 1 }
            var line =
                "  \(index + 1)  \(photo.file)  "
                + (size.map { FileSystem.describe(bytes: $0) } ?? "mangler")
            line += photo.alt.map { "  alt: «\($0)»" } ?? "  (uten alt-tekst)"
            if let credit = photo.credit { line += "  kreditering: \(credit)" }
            console.output(line)
        }
        if missing > 0 {
            console.output(
                "«mangler»: filen er ikke i photos/. Legg bildet til på nytt med «sitegen photo add», "
                    + "eller fjern det med «sitegen photo remove \(place.id.rawValue) N».")
        }
    }

    private func listPlaces(_ known: KnownPlaces, site: SiteFolder) {
        let console = context.console
        let places = known.store.placesWithPhotos
        guard !places.isEmpty else {
            console.output(
                "Ingen steder har bilder ennå. Legg til med «sitegen photo add STED FIL… --alt TEKST»."
            )
            return
        }
        let names = Dictionary(
            known.all.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
        console.output(
            NorwegianFormat.count(places.count, singular: "sted har", plural: "steder har")
                + " bilder:")
        for (id, photos) in places {
            let name = names[id] ?? known.store.entries[id]?.snapshot?.name ?? id.rawValue
            let missing = photos.filter { site.originalSize(of: $0) == nil }.count
            console.output(
                "  \(name) (\(id.rawValue)): \(NorwegianFormat.count(photos.count, singular: "bilde", plural: "bilder"))"
                    + (missing > 0 ? ", \(missing) mangler i photos/" : ""))
        }
    }
}
