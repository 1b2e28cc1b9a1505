import BeaconMap
import BeaconModel
import BeaconSystem
import BeaconText
import BuiltInFiles
import FoundationEssentials
import SiteBuild
import Templates

/// `sitegen init [DIR]`: a new site folder with settings, an empty store and a
/// `.gitignore`, or (`--sample`) the demo guide around Oslo S with its
/// ratings and favorites. Writes nothing unless it can write everything.
struct InitCommand: Command {
    let spec = CommandSpec(
        name: "init",
        usage:
            "sitegen init [MAPPE] [--center BREDDE LENGDE | --address ADRESSE [--pick N]] [--label NAVN] [--title TITTEL] [--categories KATEGORI,…] [--quiet] | --sample",
        summary: "Lager en ny nettstedsmappe: innstillinger, et tomt lager og .gitignore.",
        details: """
            Mappen (standard: der du står) må være ny eller tom. Uten --center eller --address
            ligger senteret ved Oslo S; endre det senere med «sitegen center». --address slår
            opp adressen hos Geoapify og trenger GEOAPIFY_API_KEY. --categories velger guidens
            kategorier i rekkefølgen sidene viser dem (standard: restaurant, cafe, hotel; alle står
            i «sitegen categories»). --sample lager eksempelguiden rundt Oslo S med vurderinger og
            favoritter.
            """,
        options: Options.declared,
        maximumPositionals: 1
    )

    struct Options: CommandOptions {
        let center = Option<[String]?>(
            "--center", valueName: "BREDDE LENGDE",
            help: "senteret, for eksempel --center 59.9111 10.7503", count: 2)
        let address = Option<String?>(
            "--address", valueName: "ADRESSE",
            help: "slå opp senteret hos Geoapify (trenger GEOAPIFY_API_KEY)")
        let pick = CheckedOption(
            "--pick", valueName: "N", help: "velg treff nummer N fra --address (standard: 1)",
            check: InputParsing.pick)
        let label = CenterSearch.label
        let title = Option<String?>("--title", valueName: "TITTEL", help: "nettstedets tittel")
        let categories = Option<String?>(
            "--categories", valueName: "KATEGORI,…",
            help:
                "guidens kategorier, skilt med komma, i rekkefølgen sidene viser dem (standard: restaurant,cafe,hotel)"
        )
        let sample = Option(
            flag: "--sample", help: "eksempelguiden rundt Oslo S, med vurderinger og favoritter")
        let quiet = CommonOptions.quiet
        var listed: [any DeclaredOption] {
            [center, address, pick, label, title, categories, sample, quiet]
        }
    }

    static let gitignore = """
        # Laget av «sitegen init»: det bygde nettstedet og sitegens egne filer hører ikke hjemme i git.
        output/
        .beacon-cache/
        .beacon.lock

        """

    func run(_ context: CommandContext, _ arguments: Arguments<Options>) async throws -> ExitStatus
    {
        let given = arguments.positionals.first ?? "."
        let folder = SiteFolder.absolute(given)
        if arguments[\.sample] {
            if let option = arguments.firstGiven([\.center, \.address, \.label, \.title, \.pick]) {
                throw UsageError(
                    "--sample lager eksempelguiden og kan ikke brukes sammen med \(option.name)",
                    command: spec.name)
            }
            // The demo's places and its ratings and favorites are of the brief's three kinds only.
            if arguments[\.categories] != nil {
                throw UsageError(
                    "--sample lager eksempelguiden, og eksempeldataene har bare restauranter, kafeer og hoteller, "
                        + "så --sample kan ikke brukes sammen med --categories; for andre kategorier, lag en egen "
                        + "guide med «sitegen init MAPPE --categories …» og sett GEOAPIFY_API_KEY",
                    command: spec.name)
            }
        }
        let categories = try arguments[\.categories].map(parseCategories)
        if arguments[\.center] != nil && arguments[\.address] != nil {
            throw UsageError("bruk enten --center eller --address, ikke begge", command: spec.name)
        }
        if arguments.isGiven(\.pick) && arguments[\.address] == nil {
            throw UsageError("--pick brukes bare sammen med --address", command: spec.name)
        }
        try SiteInitializer.checkFolderIsFree(folder, given: given)

        let files: [(name: String, bytes: [UInt8])]
        let settings: SiteSettings
        if arguments[\.sample] {
            (settings, files) = try sampleSite()
        } else {
            settings = try await chosenSettings(context, arguments, categories: categories)
            files = [
                (SiteSettings.fileName, settings.encodedBytes),
                (GuideStore.fileName, GuideStore().encodedBytes),
            ]
        }
        try SiteInitializer.create(
            folder, files: files + [(".gitignore", Array(InitCommand.gitignore.utf8))])

        let console = context.console
        console.output(
            "Laget nettstedet «\(settings.title)» i \(folder): "
                + files.map(\.name).joined(separator: ", ")
                + " og .gitignore.")
        console.output(
            "Senter: \(settings.centerLabel.map { $0 + ", " } ?? "")\(NorwegianFormat.coordinate(settings.center)), radius \(settings.radiusKm) km."
        )
        if settings.categories != PlaceCategory.defaults {
            console.output(
                "Kategorier: "
                    + settings.categories.map { CategoryNames.pluralInText($0) }.joined(
                        separator: ", ") + ".")
        }
        let hasKey = !(context.environment["GEOAPIFY_API_KEY"] ?? "").trimmingSpaces().isEmpty
        switch PlacesSourceSetting.resolved(
            settings.source, hasKey: hasKey, center: settings.center)
        {
        case .sample:
            console.output(
                "Uten GEOAPIFY_API_KEY bygger sitegen fra eksempeldataene rundt Oslo S; sett nøkkelen, eller «\"source\": \"osm\"» i \(SiteSettings.fileName), for ekte steder rundt senteret ditt."
            )
            // The sample has the brief's three kinds only: say which chosen kinds stay empty
            // without the key.
            let empty = settings.categories.filter { !$0.hasSampleData }
            if !empty.isEmpty {
                let all = empty.count == settings.categories.count
                console.output(
                    "Eksempeldataene har bare restauranter, kafeer og hoteller, så uten nøkkelen får guiden ingen "
                        + CategoriesCommand.listed(
                            empty.map { CategoryNames.pluralInText($0) }, or: true)
                        + (all ? ", og «sitegen build» har ingen steder å bygge av." : "."))
            }
        case .openStreetMap:
            console.output(
                "Uten GEOAPIFY_API_KEY henter «sitegen build» stedene og kartet fra OpenStreetMap, hos Overpass-tjenesten (\(OverpassClient.defaultURL.host ?? "")): den ser maskinens IP-adresse og området guiden dekker, ikke mer."
            )
        case .ownOnly:
            break  // init never writes `source`; a folder's own settings are not init's
        case .geoapify:
            console.output(
                "«sitegen build» henter stedene fra Geoapify og kartet fra OpenStreetMap (Overpass-tjenesten, \(OverpassClient.defaultURL.host ?? ""))."
            )
        }
        let cd = folder == SiteFolder.absolute(".") ? "" : "cd \(ShellWord.path(given)) && "
        console.output("")
        console.output("Neste steg:")
        let steps = [
            ("\(cd)sitegen build", "bygg nettstedet i output/"),
            (
                "sitegen serve --watch",
                "se det på http://127.0.0.1:8000/, oppdatert når du endrer noe"
            ),
            ("sitegen rate \"NAVN\" 5", "gi et sted stjerner (sitegen search viser navnene)"),
        ]
        let width = steps.map(\.0.count).max() ?? 0
        for (command, note) in steps {
            console.output(
                "  " + command + String(repeating: " ", count: width - command.count) + "   # "
                    + note)
        }
        return .success
    }

    /// `--categories bar,pub,fast-food`: the kinds named as `--category` takes them elsewhere
    /// ("kafe", "hotell"), in the order given; an empty, unknown or repeated one is a usage error.
    func parseCategories(_ text: String) throws(UsageError) -> [PlaceCategory] {
        var categories: [PlaceCategory] = []
        var typed: [String] = []
        for item in text.split(separator: ",", omittingEmptySubsequences: false) {
            let name = String(item).trimmingSpaces()
            guard !name.isEmpty else {
                throw UsageError(
                    "--categories trenger kategorinavn skilt med komma, for eksempel «bar,pub,fast-food» "
                        + "(«sitegen categories» viser alle)",
                    command: spec.name)
            }
            // The message `--category` gives elsewhere: the nearest presets, or all of them.
            guard let category = PlaceCategory(userInput: name) else {
                throw UsageError(PlaceCategory.unknownMessage(name), command: spec.name)
            }
            if let first = categories.firstIndex(of: category) {
                let names = [typed[first], name].map {
                    TextHardening.clean($0, maximumLength: 40) ?? ""
                }
                throw UsageError(
                    "--categories nevner «\(category.rawValue)» to ganger"
                        + (names[0] == names[1] ? "" : " (som «\(names[0])» og «\(names[1])»)"),
                    command: spec.name)
            }
            categories.append(category)
            typed.append(name)
        }
        return categories
    }

    /// The settings from the options: a centre given or looked up, a title, the categories.
    func chosenSettings(
        _ context: CommandContext, _ arguments: Arguments<Options>, categories: [PlaceCategory]?
    )
        async throws -> SiteSettings
    {
        var settings = SiteSettings(centerLabel: nil, intro: nil)
        if let categories { settings.categories = categories }
        var label = try arguments[\.label].flatMap(InputParsing.label)
        if let words = arguments[\.center] {
            settings.center = try InputParsing.coordinate(latitude: words[0], longitude: words[1])
        } else if let address = arguments[\.address] {
            let found = try await CenterSearch(context: context).choose(
                address: address, near: settings.center, label: arguments[\.label],
                pick: { try arguments[\.pick] })
            settings.center = found.coordinate
            label = found.label
        } else {
            settings.center = .osloS
            label = label ?? "Oslo S"
        }
        settings.centerLabel = label
        if let title = arguments[\.title] {
            settings.title = try InputParsing.typedText(title, field: "Tittelen").trimmingSpaces()
            guard !settings.title.isEmpty, settings.title.count <= 120 else {
                throw InvalidInput(message: "Tittelen må ha mellom 1 og 120 tegn.")
            }
        } else {
            settings.title = SiteSettings.titleFollowing(label: label)
        }
        return settings
    }

    /// The demo guide's settings and store, as compiled in (the repository's own).
    func sampleSite() throws -> (SiteSettings, [(name: String, bytes: [UInt8])]) {
        var files: [(name: String, bytes: [UInt8])] = []
        for name in [SiteSettings.fileName, GuideStore.fileName] {
            guard let bytes = BuiltInFiles.bytes("sample-site/" + name) else {
                throw AssetBundle.AssetError.builtInFileMissing(name)
            }
            files.append((name, bytes))
        }
        // Read by the same rules as any site's files, so a broken starter is never written.
        let settings = try SiteFolder.parseSettings(
            files[0].bytes, path: "sample-site/" + files[0].name)
        _ = try SiteFolder.parseStore(files[1].bytes, path: "sample-site/" + files[1].name)
        return (settings, files)
    }
}
