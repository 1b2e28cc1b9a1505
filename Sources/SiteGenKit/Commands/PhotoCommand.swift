import BeaconModel
import BeaconSite
import BeaconSystem
import BeaconText
import FoundationEssentials

/// `sitegen photo add|edit|remove|list|order`: the owner's photos of places. The originals are
/// copied into the site folder's `photos/` under a name from their content (so a picture used twice
/// is one file) and named in the store, in the owner's order; the build makes the pages' sizes from
/// them.
struct PhotoCommand: Command {
    let spec = CommandSpec(
        name: "photo",
        usage: """
            sitegen photo add STED FIL… [--alt TEKST] [--credit TEKST]
                   sitegen photo edit STED N [--alt TEKST] [--credit TEKST]
                   sitegen photo remove STED [N | --all]
                   sitegen photo list [STED]
                   sitegen photo order STED N…
                   [--site MAPPE] [--quiet]
            """,
        summary: "Legger til, fjerner, viser og ordner dine bilder av et sted.",
        details: """
            Originalene kopieres til mappen photos/ i nettstedsmappen, med et navn laget av innholdet: samme bilde
            lagt til to ganger, eller for to steder, blir én fil. Formatet avgjøres av innholdet (JPEG, PNG, GIF,
            WebP, HEIC/HEIF eller AVIF), og et bilde kan være på inntil 200 MB og 60 millioner piksler; et bilde
            byggingen ikke kan vise (TIFF, eller så smalt at det blir over 16 383 piksler høyt), avvises med en
            gang, med byggingens begrunnelse. --alt beskriver hva bildet
            viser, for dem som ikke ser det; uten sier sidene «Bilde av NAVN». «edit» endrer teksten eller
            krediteringen til bilde N (en tom tekst, --alt "", fjerner den). «remove» tar bilde N (nummeret i
            «photo list») eller alle (--all); originalen slettes når ingen steder bruker den lenger.
            «order 3 1 2» gir bildene ny rekkefølge.
            """,
        options: Options.declared,
        minimumPositionals: 1,
        // Unbounded here: each action counts its own, so that 55 files are told the limit of 50 a
        // place has.
        maximumPositionals: Int.max,
        subcommands: ["add", "edit", "remove", "list", "order"]
    )

    struct Options: CommandOptions {
        let alt = Option<String?>(
            "--alt", valueName: "TEKST",
            help: "hva bildet viser, for dem som ikke ser det (add, edit)")
        let credit = Option<String?>(
            "--credit", valueName: "TEKST", help: "hvem som tok bildet (add, edit)")
        let all = Option(flag: "--all", help: "alle stedets bilder (remove)")
        let site = CommonOptions.site
        let quiet = CommonOptions.quiet
        var listed: [any DeclaredOption] { [alt, credit, all, site, quiet] }
    }

    func run(_ context: CommandContext, _ arguments: Arguments<Options>) async throws -> ExitStatus
    {
        let action = arguments.positionals[0]
        switch action {
        case "add": return try await add(context, arguments)
        case "edit": return try await edit(context, arguments)
        case "remove": return try await remove(context, arguments)
        case "list": return try await PhotoListing(context: context, arguments: arguments).run()
        case "order": return try await order(context, arguments)
        default:
            throw UsageError(
                "første argument må være add, edit, remove, list eller order (fikk «\(action)»)",
                command: spec.name)
        }
    }

    // MARK: add

    private func add(_ context: CommandContext, _ arguments: Arguments<Options>) async throws
        -> ExitStatus
    {
        try refuse([\.all], for: "add", arguments)
        guard arguments.positionals.count >= 3 else {
            throw UsageError(
                "oppgi stedet og minst én bildefil: sitegen photo add STED FIL…", command: spec.name
            )
        }
        let files = arguments.positionals.count - 2
        guard files <= PlacePhoto.maximumPerPlace else {
            throw InvalidInput(
                message:
                    "Et sted kan ha opptil \(PlacePhoto.maximumPerPlace) bilder, så legg til høyst "
                    + "\(PlacePhoto.maximumPerPlace) om gangen (fikk \(files) filer).")
        }
        let alt = try typed(arguments, \.alt, field: "Alt-teksten", limit: PlacePhoto.Limit.alt)
        let credit = try typed(
            arguments, \.credit, field: "Krediteringen", limit: PlacePhoto.Limit.credit)
        let known = try await KnownPlaces.load(context)
        let place = try known.resolve(arguments.positionals[1])
        // Every file checked and named before anything is written.
        var originals: [PhotoOriginal] = []
        for path in arguments.positionals.dropFirst(2) {
            originals.append(try PhotoOriginal.read(SiteFolder.absolute(path)))
        }
        let outcomes = try context.site.updatePhotos(adding: originals) { store in
            let before = store.photos(of: place.id).count
            let outcomes = originals.map {
                store.addPhoto(PlacePhoto(file: $0.file, alt: alt, credit: credit), to: place)
            }
            if outcomes.contains(.full) {
                let room = PlacePhoto.maximumPerPlace - before
                throw InvalidInput(
                    message:
                        "\(place.name) har \(NorwegianFormat.count(before, singular: "bilde", plural: "bilder")), "
                        + "og et sted kan ha opptil \(PlacePhoto.maximumPerPlace); "
                        + (room > 0
                            ? "det er plass til \(room) til."
                            : "fjern noen først med «sitegen photo remove»."))
            }
            return (outcomes: outcomes, total: store.photos(of: place.id).count)
        }
        for (original, outcome) in zip(originals, outcomes.outcomes) where outcome == .alreadyThere
        {
            context.console.output(
                "\(PathText.lastComponent(original.path)) var allerede med blant bildene av \(place.name) "
                    + "(\(original.file)).")
        }
        let added = outcomes.outcomes.filter { $0 == .added }.count
        guard added > 0 else {
            context.console.output("Ingenting er endret.")
            return .success
        }
        context.console.output(
            "La til \(NorwegianFormat.count(added, singular: "bilde", plural: "bilder")) av \(place.name) "
                + "(\(outcomes.total) i alt). Kjør «sitegen build» for å oppdatere nettstedet.")
        for (original, outcome) in zip(originals, outcomes.outcomes) where outcome == .added {
            if let warning = Self.smallPhotoWarning(original) { context.console.error(warning) }
        }
        if alt == nil {
            context.console.error(
                "Merk: uten --alt sier sidene «Bilde av \(place.name)» om "
                    + (added == 1 ? "bildet" : "bildene")
                    + ", og det sier lite til den som ikke ser "
                    + (added == 1 ? "det" : "dem")
                    + ". Beskriv hva et bilde viser med --alt «…» når du legger det til, "
                    + "eller senere med «sitegen photo edit STED N --alt «…»».")
        }
        return .success
    }

    /// The warning for a photo narrower than the page shows photos: it is added all the same, and
    /// the page shows it at its own size rather than stretched.
    static func smallPhotoWarning(_ original: PhotoOriginal) -> String? {
        guard let width = original.uprightWidth, let height = original.uprightHeight,
            width < PhotoPipeline.widestShown
        else { return nil }
        return
            "Merk: \(PathText.lastComponent(original.path)) er bare \(width) × \(height) piksler, "
            + "men stedets side viser bilder opptil \(PhotoPipeline.widestShown) piksler brede. "
            + "Siden forstørrer aldri et bilde, så dette vises i sin egen størrelse, smalere enn "
            + "spalten; har du en større utgave, bruk den."
    }

    // MARK: remove

    private func remove(_ context: CommandContext, _ arguments: Arguments<Options>) async throws
        -> ExitStatus
    {
        try refuse([\.alt, \.credit], for: "remove", arguments)
        let all = arguments[\.all]
        guard arguments.positionals.count >= 2 else {
            throw UsageError(
                "oppgi stedet: sitegen photo remove STED [N | --all]", command: spec.name)
        }
        guard arguments.positionals.count <= 3 else {
            throw UsageError("oppgi ett bildenummer (eller --all)", command: spec.name)
        }
        if all, arguments.positionals.count == 3 {
            throw UsageError(
                "oppgi enten et bildenummer eller --all, ikke begge", command: spec.name)
        }
        guard all || arguments.positionals.count == 3 else {
            throw UsageError(
                "oppgi hvilket bilde (nummeret i «sitegen photo list STED») eller --all for alle",
                command: spec.name)
        }
        let number = try all ? nil : photoNumber(arguments.positionals[2])
        let known = try await KnownPlaces.load(context)
        let place = try known.resolve(arguments.positionals[1])
        let removed = try context.site.updatePhotos { store in
            let count = store.photos(of: place.id).count
            let removed: [PlacePhoto]
            if let number {
                guard number <= count else {
                    throw Self.noSuchNumber(number, count: count, place: place)
                }
                removed = [store.removePhoto(at: number - 1, of: place.id)!]
            } else {
                removed = store.removePhotos(of: place.id)
            }
            let named = store.photoFiles
            return removed.map { (photo: $0, shared: named.contains($0.file)) }
        }
        guard !removed.isEmpty else {
            context.console.output("\(place.name) hadde ingen bilder. Ingenting er endret.")
            return .success
        }
        let what =
            number.map { "bilde \($0) (\(removed[0].photo.file))" }
            ?? NorwegianFormat.count(removed.count, singular: "bilde", plural: "bilder")
        let shared = removed.filter(\.shared).count
        let deleted = removed.count - shared
        var line = "Fjernet \(what) av \(place.name)."
        if deleted > 0 {
            line +=
                " " + (deleted == 1 ? "Originalen" : "\(deleted) originaler")
                + " er slettet fra photos/."
        }
        if shared > 0 {
            line +=
                " " + (shared == 1 ? "Én original" : "\(shared) originaler")
                + " er beholdt, fordi et annet sted også har bildet."
        }
        context.console.output(line + " Kjør «sitegen build» for å oppdatere nettstedet.")
        return .success
    }

    // MARK: edit

    private func edit(_ context: CommandContext, _ arguments: Arguments<Options>) async throws
        -> ExitStatus
    {
        try refuse([\.all], for: "edit", arguments)
        guard arguments.positionals.count == 3 else {
            throw UsageError(
                "oppgi stedet og bildets nummer: sitegen photo edit STED N --alt TEKST",
                command: spec.name)
        }
        let number = try photoNumber(arguments.positionals[2])
        // An empty text removes it; no option leaves it.
        func change(_ option: KeyPath<Options, Option<String?>>, field: String, limit: Int) throws
            -> String??
        {
            guard let raw = arguments[option] else { return nil }
            if raw.trimmingSpaces().isEmpty { return .some(nil) }
            return .some(try typed(arguments, option, field: field, limit: limit))
        }
        let alt = try change(\.alt, field: "Alt-teksten", limit: PlacePhoto.Limit.alt)
        let credit = try change(\.credit, field: "Krediteringen", limit: PlacePhoto.Limit.credit)
        guard alt != nil || credit != nil else {
            throw UsageError(
                "oppgi hva som skal endres: --alt TEKST og/eller --credit TEKST", command: spec.name
            )
        }
        let known = try await KnownPlaces.load(context)
        let place = try known.resolve(arguments.positionals[1])
        let photo = try context.site.updatePhotos { store in
            let count = store.photos(of: place.id).count
            guard
                let photo = store.editPhoto(at: number - 1, of: place.id, alt: alt, credit: credit)
            else {
                throw Self.noSuchNumber(number, count: count, place: place)
            }
            return photo
        }
        context.console.output("Bilde \(number) av \(place.name): \(photo.file)")
        context.console.output(
            "  Beskrivelse: "
                + (photo.alt.map { "«\($0)»" } ?? "ingen (sidene sier «Bilde av \(place.name)»)"))
        context.console.output("  Kreditering: " + (photo.credit.map { "«\($0)»" } ?? "ingen"))
        context.console.output("Kjør «sitegen build» for å oppdatere nettstedet.")
        return .success
    }

    // MARK: order

    private func order(_ context: CommandContext, _ arguments: Arguments<Options>) async throws
        -> ExitStatus
    {
        try refuse([\.alt, \.credit, \.all], for: "order", arguments)
        guard arguments.positionals.count >= 3 else {
            throw UsageError(
                "oppgi stedet og bildenes nye rekkefølge, for eksempel: sitegen photo order STED 3 1 2",
                command: spec.name)
        }
        let numbers = try arguments.positionals.dropFirst(2).map(photoNumber)
        let given = numbers.map(String.init).joined(separator: " ")
        let known = try await KnownPlaces.load(context)
        let place = try known.resolve(arguments.positionals[1])
        let photos = try context.site.updatePhotos { store in
            let count = store.photos(of: place.id).count
            guard count > 0 else {
                throw InvalidInput(message: "\(place.name) har ingen bilder å ordne.")
            }
            guard store.reorderPhotos(of: place.id, numbers.map { $0 - 1 }) else {
                throw InvalidInput(
                    message:
                        "\(place.name) har \(NorwegianFormat.count(count, singular: "bilde", plural: "bilder")): "
                        + "oppgi hvert av numrene fra 1 til \(count) nøyaktig én gang, i den nye rekkefølgen "
                        + "(fikk «\(given)»).")
            }
            return store.photos(of: place.id)
        }
        let unchanged = numbers == Array(1...photos.count)
        context.console.output(
            unchanged
                ? "Bildene av \(place.name) var allerede i den rekkefølgen."
                : "Ny rekkefølge for \(place.name):")
        if !unchanged {
            for (index, photo) in photos.enumerated() {
                context.console.output(
                    "  \(index + 1)  \(photo.file)" + (photo.alt.map { "  «\($0)»" } ?? ""))
            }
            context.console.output("Kjør «sitegen build» for å oppdatere nettstedet.")
        }
        return .success
    }

    // MARK: Parts

    private func photoNumber(_ text: String) throws -> Int {
        guard let number = Int(text.trimmingSpaces()), number >= 1 else {
            throw InvalidInput(
                message:
                    "Et bildenummer er et helt tall fra 1, som i «sitegen photo list STED» (fikk «\(text)»)."
            )
        }
        return number
    }

    private static func noSuchNumber(_ number: Int, count: Int, place: Place) -> InvalidInput {
        InvalidInput(
            message: count == 0
                ? "\(place.name) har ingen bilder."
                : "\(place.name) har \(NorwegianFormat.count(count, singular: "bilde", plural: "bilder")), så det er "
                    + "ikke noe bilde \(number). Se numrene med «sitegen photo list \(place.id.rawValue)»."
        )
    }

    /// An option's typed text, refused when it holds control characters, is empty or is over
    /// `limit`.
    private func typed(
        _ arguments: Arguments<Options>, _ option: KeyPath<Options, Option<String?>>, field: String,
        limit: Int
    ) throws -> String? {
        guard let raw = arguments[option] else { return nil }
        let text = try InputParsing.typedText(raw, field: field)
        guard text.count <= limit else {
            throw InvalidInput(
                message: "\(field) er for lang (\(text.count) tegn, grensen er \(limit)).")
        }
        guard let clean = TextHardening.clean(text, maximumLength: limit) else {
            throw InvalidInput(
                message:
                    "\(field) er tom. Dropp \(arguments.options[keyPath: option].name) hvis du ikke vil oppgi noe."
            )
        }
        return clean
    }

    private func refuse(
        _ options: [PartialKeyPath<Options>], for action: String, _ arguments: Arguments<Options>
    )
        throws
    {
        if let given = arguments.firstGiven(options) {
            throw UsageError("\(given.name) hører ikke til «photo \(action)»", command: spec.name)
        }
    }
}
