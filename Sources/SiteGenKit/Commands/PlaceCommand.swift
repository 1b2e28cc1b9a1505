import BeaconModel
import BeaconSystem
import BeaconText
import FoundationEssentials
import Templates

/// `sitegen place add|edit|remove|hide|unhide`: the owner's own places, and their corrections to
/// the data's.
struct PlaceCommand: Command {
    let spec = CommandSpec(
        name: "place",
        usage: """
            sitegen place add NAVN (--at BREDDE LENGDE | --address ADRESSE) [--category KATEGORI] [FELT …]
                   sitegen place edit STED [--name NAVN] [--category KATEGORI] [--at BREDDE LENGDE] [FELT …] [--reset]
                   sitegen place remove|unhide STED
                   sitegen place hide STED [--reason TEKST]
                   FELT: [--address ADRESSE] [--hours TIDER] [--website URL] [--phone NUMMER] [--note TEKST]
                   [--site MAPPE] [--quiet]
            """,
        summary: "Legger til egne steder, retter eller skjuler steder fra dataene.",
        details: """
            Felt: --address, --hours («Mo-Fr 08:00-16:00», OpenStreetMap-format), --website, --phone, --note.
            Et eget sted lagres i beacon-store.json og blir med i guiden ved hver bygging, også med --refresh.
            «edit» på et sted fra dataene lagrer en rettelse som gjelder også etter at dataene er hentet på nytt;
            en tom verdi («--phone ''») fjerner dataenes verdi, og --reset fjerner rettelsen. --note virker på alle
            steder (litt formatering er lov, som i kommentarer). «hide» holder et sted fra dataene utenfor guiden.
            Uten --at slås --address opp hos Geoapify (krever GEOAPIFY_API_KEY).
            """,
        options: Options.declared,
        minimumPositionals: 2,
        maximumPositionals: 2,
        subcommands: ["add", "edit", "remove", "hide", "unhide"]
    )

    struct Options: CommandOptions {
        let at = Option<[String]?>(
            "--at", valueName: "BREDDE LENGDE", help: "posisjonen, i desimalgrader", count: 2)
        let category = Option<String?>(
            "--category", valueName: "KATEGORI", help: "hva slags sted (en av guidens kategorier)")
        let name = Option<String?>("--name", valueName: "NAVN", help: "nytt navn (edit)")
        let address = Option<String?>(
            "--address", valueName: "ADRESSE", help: "adressen på én linje")
        let hours = Option<String?>(
            "--hours", valueName: "TIDER", help: "åpningstider i OpenStreetMap-format")
        let website = Option<String?>(
            "--website", valueName: "URL", help: "nettsiden (http eller https)")
        let phone = Option<String?>("--phone", valueName: "NUMMER", help: "telefonnummeret")
        let note = Option<String?>(
            "--note", valueName: "TEKST", help: "ditt notat om stedet (Markdown), vises på siden")
        let reason = Option<String?>(
            "--reason", valueName: "TEKST", help: "hvorfor stedet er skjult (hide; bare for deg)")
        let reset = Option(flag: "--reset", help: "fjern rettelsene av et sted fra dataene (edit)")
        let site = CommonOptions.site
        let quiet = CommonOptions.quiet
        var listed: [any DeclaredOption] {
            [at, category, name, address, hours, website, phone, note, reason, reset, site, quiet]
        }
    }

    func run(_ context: CommandContext, _ arguments: Arguments<Options>) async throws -> ExitStatus
    {
        let action = arguments.positionals[0]
        let target = arguments.positionals[1]
        switch action {
        case "add": return try await add(name: target, context, arguments)
        case "edit": return try await edit(target, context, arguments)
        case "remove": return try await remove(target, context)
        case "hide": return try await hide(target, context, arguments)
        case "unhide": return try await unhide(target, context)
        default:
            throw UsageError(
                "første argument må være add, edit, remove, hide eller unhide (fikk «\(action)»)",
                command: spec.name)
        }
    }

    // MARK: add

    private func add(
        name rawName: String, _ context: CommandContext, _ arguments: Arguments<Options>
    ) async throws
        -> ExitStatus
    {
        try refuse([\.name, \.reset, \.reason], for: "add", arguments)
        let known = try await KnownPlaces.load(context)
        let settings = known.settings
        let name = try typed(
            rawName, field: "Navnet", limit: TextHardening.Limit.name, empty: "Navnet er tomt.")
        let category = try category(arguments, settings: settings, required: true)!
        let fields = try PlaceFields(arguments)
        let coordinate: Coordinate
        let address = fields.address ?? nil
        if let at = arguments[\.at] {
            coordinate = try InputParsing.coordinate(latitude: at[0], longitude: at[1])
        } else if let typed = address {
            coordinate = try await CenterSearch(context: context).choose(
                address: typed, near: settings.center
            )
            .coordinate
        } else {
            throw UsageError(
                "oppgi posisjonen med --at BREDDE LENGDE, eller --address ADRESSE for å slå den opp",
                command: spec.name
            )
        }
        let matching = PlaceMatching(known.all)
        if let existing = matching.match(name: name, at: coordinate) {
            let distance = NorwegianFormat.distance(
                metres: existing.coordinate.distance(to: coordinate))
            throw InvalidInput(
                message:
                    "Guiden har allerede «\(existing.name)» \(distance) unna (\(existing.id.rawValue)). "
                    + "Endre det med «sitegen place edit \(existing.id.rawValue) …» i stedet.")
        }
        let today = context.today(in: settings.guideTimeZone)
        let own = OwnPlace(
            name: name, category: category, coordinate: coordinate, address: address,
            openingHours: fields.hours ?? nil, website: fields.website ?? nil,
            phone: fields.phone ?? nil,
            addedOn: today)
        let id = try context.site.updateStore { $0.addOwnPlace(own, note: fields.note ?? nil) }
        warnAboutHours(own.openingHours, context)
        context.console.output(
            "La til \(name) (\(CategoryNames.singular(category).lowercased()), \(NorwegianFormat.coordinate(coordinate))) "
                + "som \(id.rawValue). Kjør «sitegen build» for å oppdatere nettstedet.")
        if coordinate.distance(to: settings.center) > Double(settings.radiusMetres) {
            context.console.error(
                "Merk: stedet ligger \(NorwegianFormat.distance(metres: coordinate.distance(to: settings.center))) fra "
                    + "senteret, utenfor radiusen på \(settings.radiusKm) km. Det er med i guiden likevel."
            )
        }
        return .success
    }

    // MARK: edit

    private func edit(_ target: String, _ context: CommandContext, _ arguments: Arguments<Options>)
        async throws
        -> ExitStatus
    {
        try refuse([\.reason], for: "edit", arguments)
        let known = try await KnownPlaces.load(context)
        let settings = known.settings
        let place = try known.resolve(target)
        let fields = try PlaceFields(arguments)
        let newName = try arguments[\.name].map {
            try typed(
                $0, field: "Navnet", limit: TextHardening.Limit.name,
                empty: "Navnet kan ikke være tomt.")
        }
        let category = try category(arguments, settings: settings, required: false)
        let today = context.today(in: settings.guideTimeZone)
        let isOwn = known.store.entries[place.id]?.own != nil

        if arguments[\.reset] {
            guard !isOwn else {
                throw InvalidInput(
                    message:
                        "\(place.name) er ditt eget sted; endre feltene, eller fjern det med «sitegen place remove»."
                )
            }
            let removed = try context.site.updateStore { $0.removeCorrection(place.id) }
            context.console.output(
                removed
                    ? "Fjernet rettelsene av \(place.name); dataenes opplysninger gjelder igjen."
                    : "\(place.name) hadde ingen rettelser.")
            return .success
        }
        let changesPlace =
            newName != nil || category != nil || fields.changesPlace || arguments[\.at] != nil
        guard changesPlace || fields.note != nil else {
            throw UsageError(
                "oppgi hva som skal endres (--name, --category, --address, --hours, --website, --phone, --note)",
                command: spec.name)
        }
        if isOwn {
            let coordinate = try arguments[\.at].map {
                try InputParsing.coordinate(latitude: $0[0], longitude: $0[1])
            }
            try context.site.updateStore { store in
                guard var own = store.entries[place.id]?.own else { return }
                if let newName { own.name = newName }
                if let category { own.category = category }
                if let coordinate { own.coordinate = coordinate }
                if let address = fields.address { own.address = address }
                if let hours = fields.hours { own.openingHours = hours }
                if let website = fields.website { own.website = website }
                if let phone = fields.phone { own.phone = phone }
                store.updateOwnPlace(place.id, own)
                if let note = fields.note { store.entries[place.id]?.note = note }
            }
        } else {
            guard arguments[\.at] == nil else {
                throw InvalidInput(
                    message:
                        "Posisjonen til et sted fra dataene kan ikke rettes. Skjul det («sitegen place hide») og "
                        + "legg det til som ditt eget sted med riktig posisjon.")
            }
            // A field given empty clears the data's value: kept as "" in the correction.
            let correction = PlaceCorrection(
                name: newName, category: category, address: fields.address.map { $0 ?? "" },
                openingHours: fields.hours.map { $0 ?? "" },
                website: fields.website.map { $0 ?? "" },
                phone: fields.phone.map { $0 ?? "" }, correctedOn: today)
            try context.site.updateStore { store in
                if !correction.isEmpty { store.correct(place, with: correction) }
                if let note = fields.note { store.setNote(note, on: place) }
            }
        }
        warnAboutHours(fields.hours ?? nil, context)
        context.console.output(
            "Endret \(newName ?? place.name). Kjør «sitegen build» for å oppdatere nettstedet.")
        return .success
    }

    // MARK: remove, hide, unhide

    private func remove(_ target: String, _ context: CommandContext) async throws -> ExitStatus {
        let known = try await KnownPlaces.load(context)
        let place = try known.resolve(target)
        guard known.store.entries[place.id]?.own != nil else {
            throw InvalidInput(
                message: "\(place.name) kommer fra dataene, ikke fra deg, og kan ikke fjernes. "
                    + "Skjul det fra guiden med «sitegen place hide \(place.id.rawValue)».")
        }
        let ratings = known.store.ratings(for: place.id).count
        _ = try context.site.updateStore { $0.removeOwnPlace(place.id) }
        let lost =
            ratings > 0
            ? " med \(NorwegianFormat.count(ratings, singular: "vurdering", plural: "vurderinger"))"
            : ""
        context.console.output(
            "Fjernet \(place.name)\(lost). Kjør «sitegen build» for å oppdatere nettstedet.")
        return .success
    }

    private func hide(_ target: String, _ context: CommandContext, _ arguments: Arguments<Options>)
        async throws
        -> ExitStatus
    {
        let known = try await KnownPlaces.load(context)
        let place = try known.resolve(target)
        guard known.store.entries[place.id]?.own == nil else {
            throw InvalidInput(
                message:
                    "\(place.name) er ditt eget sted; fjern det med «sitegen place remove» i stedet."
            )
        }
        let reason = try arguments[\.reason].map {
            try typed(
                $0, field: "Grunnen", limit: TextHardening.Limit.comment,
                empty: "Grunnen er tom. Dropp --reason hvis du ikke vil oppgi en.")
        }
        let today = context.today(in: known.settings.guideTimeZone)
        let hidden = try context.site.updateStore {
            $0.hide(place, HiddenMark(since: today, reason: reason))
        }
        context.console.output(
            hidden
                ? "\(place.name) er skjult fra guiden. Vurderinger og favorittmerke er tatt vare på; "
                    + "vis det igjen med «sitegen place unhide \(place.id.rawValue)»."
                : "\(place.name) var allerede skjult.")
        return .success
    }

    private func unhide(_ target: String, _ context: CommandContext) async throws -> ExitStatus {
        let known = try await KnownPlaces.load(context)
        let place = try known.resolve(target)
        let shown = try context.site.updateStore { $0.unhide(place.id) }
        context.console.output(
            shown
                ? "\(place.name) er med i guiden igjen. Kjør «sitegen build» for å oppdatere nettstedet."
                : "\(place.name) var ikke skjult.")
        return .success
    }

    // MARK: Parts

    /// Typed text, cleaned (no control characters, trimmed, within `limit`); `empty` is the message
    /// when nothing is left.
    private func typed(_ text: String, field: String, limit: Int, empty: String) throws -> String {
        guard
            let clean = TextHardening.clean(
                try InputParsing.typedText(text, field: field), maximumLength: limit)
        else { throw InvalidInput(message: empty) }
        return clean
    }

    private func refuse(
        _ options: [PartialKeyPath<Options>], for action: String, _ arguments: Arguments<Options>
    )
        throws
    {
        if let given = arguments.firstGiven(options) {
            throw UsageError("\(given.name) hører ikke til «place \(action)»", command: spec.name)
        }
    }

    private func category(_ arguments: Arguments<Options>, settings: SiteSettings, required: Bool)
        throws
        -> PlaceCategory?
    {
        guard let text = arguments[\.category] else {
            guard required else { return nil }
            if settings.categories.count == 1 { return settings.categories[0] }
            throw UsageError(
                "oppgi hva slags sted det er med --category (guiden har "
                    + settings.categories.map(\.rawValue).joined(separator: ", ") + ")",
                command: spec.name)
        }
        guard let category = PlaceCategory(userInput: text, in: settings.categories) else {
            throw UsageError(PlaceCategory.unknownMessage(text), command: spec.name)
        }
        guard settings.categories.contains(category) else {
            throw UsageError(
                "guiden har ikke kategorien «\(category.rawValue)» (den har "
                    + settings.categories.map(\.rawValue).joined(separator: ", ")
                    + "); legg den til med «sitegen categories add \(category.rawValue)» først",
                command: spec.name)
        }
        return category
    }

    private func warnAboutHours(_ hours: String?, _ context: CommandContext) {
        guard let hours, !hours.isEmpty, OpeningHours.lines(hours, in: .nb) == nil else { return }
        context.console.error(
            "Merk: sitegen kan ikke lese åpningstidene «\(hours)», så sidene viser dem som de er skrevet, uten «åpent nå». "
                + "Skriv dem i OpenStreetMap-format, for eksempel «Mo-Fr 08:00-16:00; Sa 10:00-14:00»."
        )
    }
}

/// The text fields `place add` and `place edit` take. Each is nil when not given, and `.some(nil)`
/// when given empty (which clears it).
struct PlaceFields {
    var address: String??
    var hours: String??
    var website: String??
    var phone: String??
    var note: String??

    var changesPlace: Bool { address != nil || hours != nil || website != nil || phone != nil }

    init(_ arguments: Arguments<PlaceCommand.Options>) throws {
        address = try Self.text(
            arguments, \.address, "Adressen", limit: TextHardening.Limit.address)
        hours = try Self.text(
            arguments, \.hours, "Åpningstidene", limit: TextHardening.Limit.openingHours)
        phone = try Self.text(
            arguments, \.phone, "Telefonnummeret", limit: TextHardening.Limit.phone)
        if let text = try Self.text(arguments, \.website, "Nettsiden", limit: 2_000) {
            if let given = text {
                switch WebsiteAddress.checked(given) {
                case .success(let url): website = .some(url)
                case .failure(let refusal):
                    throw InvalidInput(message: "Nettsiden \(refusal.words) (fikk «\(given)»).")
                }
            } else {
                website = .some(nil)
            }
        }
        if let text = arguments[\.note] {
            note =
                text.trimmingWhitespace().isEmpty
                ? .some(nil) : .some(try InputParsing.commentText(text))
        }
    }

    private static func text(
        _ arguments: Arguments<PlaceCommand.Options>,
        _ option: KeyPath<PlaceCommand.Options, Option<String?>>,
        _ field: String, limit: Int
    ) throws -> String?? {
        guard let raw = arguments[option] else { return nil }
        let typed = try InputParsing.typedText(raw, field: field)
        guard typed.count <= limit else {
            throw InvalidInput(
                message: "\(field) er for lang (\(typed.count) tegn, grensen er \(limit)).")
        }
        return .some(TextHardening.clean(typed, maximumLength: limit))
    }
}
