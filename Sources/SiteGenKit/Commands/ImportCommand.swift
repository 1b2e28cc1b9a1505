import BeaconModel
import BeaconSite
import BeaconSources
import BeaconSystem
import BeaconText
import FoundationEssentials
import Templates

/// `sitegen import FIL…`: the owner's saved places (Google Takeout, a Google Maps list, My Maps
/// KML/KMZ, GPX, GeoJSON, Overpass) into the store, merged with the places the guide knows. Every
/// file is read before anything is written, and the store is written once, atomically, at the end
/// (or not at all).
struct ImportCommand: Command {
    let spec = CommandSpec(
        name: "import",
        usage:
            "sitegen import FIL… [--dry-run] [--verbose] [--category KATEGORI] [--as places|favorites] [--list NAVN] [--offline] [--site MAPPE] [--quiet]",
        summary:
            "Henter inn lagrede steder fra Google Maps, My Maps, GPX, GeoJSON eller OpenStreetMap.",
        details: """
            Formatet kjennes igjen på innholdet: Google Takeout («Saved Places.json»), en Google Maps-liste som CSV,
            KML eller KMZ fra Google My Maps, GPX-veipunkter, GeoJSON-punkter med navn, Overpass JSON og
            OpenStreetMap-XML (fra JOSM, osmium eller Overpass). KML og GPX leses i tegnsettet de oppgir.
            Et sted innen 50 meter fra et sted guiden har, med et lignende navn, slås sammen med det (notatet og
            favorittmerket tas med) i stedet for å legges til to ganger. Å importere samme fil igjen endrer ingenting.
            Steder uten posisjon (CSV-lister, Takeout med [0,0]) slås opp hos Geoapify når GEOAPIFY_API_KEY er satt.
            Et sted filen ikke sier hva slags er (Takeout sier det aldri), slås opp i OpenStreetMap: én forespørsel
            til Overpass for hele importen, et sted med lignende navn innen 50 meter gir kategorien. Det ingen
            kategori passer for, legges under «Andre steder»; flytt det med «sitegen place edit NAVN --category …».
            Lagrede lister (Takeout) og mapper (My Maps) blir lister med samme navn; --list legger alle stedene i
            én liste du velger. En ny import legger nye steder sist og beholder rekkefølgen og notatene du har gitt.
            --dry-run og --offline spør ingen.
            """,
        options: Options.declared,
        minimumPositionals: 1,
        maximumPositionals: 100
    )

    struct Options: CommandOptions {
        let dryRun = Option(flag: "--dry-run", help: "vis hva som ville skjedd, uten å endre noe")
        let verbose = Option(
            flag: "--verbose",
            help: "nevn hvert sted under grunnen det fikk, ikke bare de fem første")
        let category = Option<String?>(
            "--category", valueName: "KATEGORI",
            help: "hva slags steder det er (ellers fra OSM-taggene eller mappenavnet)")
        let mode = Option<String?>(
            "--as", valueName: "places|favorites",
            help: "som egne steder (standard), eller også som favoritter")
        let list = Option<String?>(
            "--list", valueName: "NAVN",
            help: "legg alle stedene i denne listen (ellers i listene og mappene filen har)")
        let offline = Option(
            flag: "--offline",
            help: "spør ingen: steder filen ikke sier hva slags er, legges under «Andre steder»")
        let site = CommonOptions.site
        let quiet = CommonOptions.quiet
        var listed: [any DeclaredOption] {
            [dryRun, verbose, category, mode, list, offline, site, quiet]
        }
    }

    func run(_ context: CommandContext, _ arguments: Arguments<Options>) async throws -> ExitStatus
    {
        var asFavorites = false
        if let mode = arguments[\.mode] {
            guard mode == "places" || mode == "favorites" else {
                throw UsageError(
                    "--as må være «places» eller «favorites» (fikk «\(mode)»)", command: spec.name)
            }
            asFavorites = mode == "favorites"
        }
        // «Mine steder» is the favourites: all of them favourites, in no list of their own.
        var list = try arguments[\.list].map { name throws(ListEditError) in
            try GuideStore.listName(name)
        }
        if let name = list, FavoritesList.isNamed(name) {
            asFavorites = true
            list = nil
        }
        let dryRun = arguments[\.dryRun]
        let known = try await KnownPlaces.load(context)
        let settings = known.settings
        var category: PlaceCategory?
        if let text = arguments[\.category] {
            guard let named = PlaceCategory(userInput: text, in: settings.categories) else {
                throw UsageError(PlaceCategory.unknownMessage(text), command: spec.name)
            }
            guard settings.categories.contains(named) || named == .other else {
                throw UsageError(
                    "guiden har ikke kategorien «\(named.rawValue)» (den har "
                        + settings.categories.map(\.rawValue).joined(separator: ", ")
                        + "); ta den med først: sitegen categories add \(named.rawValue)",
                    command: spec.name)
            }
            category = named
        }

        // Every file read and understood before anything is looked up or written.
        var files: [PlaceImporter.File] = []
        for path in arguments.positionals {
            let absolute = SiteFolder.absolute(path)
            let bytes = try FileSystem.read(absolute, limit: ImportReader.maximumFileBytes)
            let name = PathText.lastComponent(absolute)
            for (shown, content) in try ImportReader.files(bytes, fileName: name) {
                files.append(PlaceImporter.File(name: shown, content: content))
                // Every place the file holds, those that will be left out too: the summary's
                // whole.
                context.console.progress(
                    "Leste \(shown): \(content.format.displayName), "
                        + NorwegianFormat.count(
                            content.places.count + content.skipped.count, singular: "sted",
                            plural: "steder") + ".")
            }
        }

        let options = PlaceImporter.Options(
            category: category, asFavorites: asFavorites,
            today: context.today(in: settings.guideTimeZone), list: list)
        let places = known.all
        let lookups = ImportLookups(context: context, settings: settings)
        let missing = ImportLookups.missing(files, known: places)
        var positions: [PlaceImporter.FilePlace: Coordinate] = [:]
        var lookupReport: String?
        if !missing.isEmpty {
            if dryRun {
                lookupReport =
                    lookups.canLookUp
                    ? "\(NorwegianFormat.count(missing.count, singular: "sted", plural: "steder")) uten posisjon "
                        + "ville blitt slått opp hos Geoapify."
                    : nil
            } else if lookups.canLookUp {
                let found = try await lookups.positions(for: missing, in: files)
                positions = found.positions
                lookupReport = found.report
            }
        }

        // The kinds of located places nobody named, from OpenStreetMap: not on a dry run, which
        // asks no one.
        var tags: [PlaceImporter.FilePlace: [String: String]] = [:]
        let unknown = ImportKindLookups.unknown(
            files, known: places, settings: settings, options: options, positions: positions)
        if !unknown.isEmpty, !dryRun, !arguments[\.offline] {
            let found = try await ImportKindLookups(context: context, settings: settings).tags(
                for: unknown, in: files, options: options)
            tags = found.tags
            context.console.output(found.report)
        }

        let result: PlaceImporter.Result
        if dryRun {
            result = PlaceImporter.run(
                files, known: places, store: known.store, settings: settings, options: options,
                positions: positions)
        } else {
            // Planned again under the lock, against the store as it is now: an import never undoes
            // a rating given while it ran.
            result = try context.site.updateStoreIfChanged { store in
                let result = PlaceImporter.run(
                    files, known: places, store: store, settings: settings, options: options,
                    positions: positions, tags: tags)
                store = result.store
                return result
            }
        }
        let summary = ImportSummary(
            lines: result.lines, listed: result.listed, overflowed: result.overflowed,
            positions: !lookups.canLookUp ? .noKey : dryRun ? .wouldLookUp : .lookedUp,
            category: category, settings: settings, verbose: arguments[\.verbose])
        if dryRun {
            for line in summary.planLines(limit: 60) { context.console.output(line) }
        }
        if let lookupReport { context.console.output(lookupReport) }
        context.console.output(
            (dryRun ? "Prøvekjøring, ingenting er endret. " : "") + summary.headline(dryRun: dryRun)
        )
        for line in summary.details { context.console.output("  " + line) }
        if !dryRun, summary.changedAnything {
            context.console.output("Kjør «sitegen build» for å oppdatere nettstedet.")
        }
        return .success
    }
}
