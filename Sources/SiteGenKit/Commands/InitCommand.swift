import BeaconCore
import BeaconText
import BuiltInFiles
import FoundationEssentials

/// `sitegen init [DIR]`: a new site folder with settings, an empty store and a
/// `.gitignore`, or (`--sample`) the demo guide around Oslo S with its
/// ratings and favorites. Writes nothing unless it can write everything.
struct InitCommand: Command {
    let spec = CommandSpec(
        name: "init",
        usage:
            "sitegen init [MAPPE] [--center BREDDE LENGDE | --address ADRESSE [--pick N]] [--label NAVN] [--title TITTEL] [--quiet] | --sample",
        summary: "Lager en ny nettstedsmappe: innstillinger, et tomt lager og .gitignore.",
        details: """
            Mappen (standard: der du står) må være ny eller tom. Uten --center eller --address
            ligger senteret ved Oslo S; endre det senere med «sitegen center». --address slår
            opp adressen hos Geoapify og trenger GEOAPIFY_API_KEY. --sample lager eksempelguiden
            rundt Oslo S med vurderinger og favoritter.
            """,
        options: [
            .init(
                name: "--center", valueName: "BREDDE LENGDE", help: "senteret, for eksempel --center 59.9111 10.7503",
                valueCount: 2),
            .init(
                name: "--address", valueName: "ADRESSE",
                help: "slå opp senteret hos Geoapify (trenger GEOAPIFY_API_KEY)"),
            .init(name: "--pick", valueName: "N", help: "velg treff nummer N fra --address (standard: 1)"),
            .init(name: "--label", valueName: "NAVN", help: "navnet på senteret, vist på sidene («fra Oslo S»)"),
            .init(name: "--title", valueName: "TITTEL", help: "nettstedets tittel"),
            .init(name: "--sample", valueName: nil, help: "eksempelguiden rundt Oslo S, med vurderinger og favoritter"),
            CommandSpec.quietOption,
        ],
        maximumPositionals: 1
    )

    static let gitignore = """
        # Laget av «sitegen init»: det bygde nettstedet og sitegens egne filer hører ikke hjemme i git.
        output/
        .beacon-cache/
        .beacon.lock

        """

    func run(_ context: CommandContext) async throws -> ExitStatus {
        let arguments = context.arguments
        let given = arguments.positionals.first ?? "."
        let folder = SiteFolder.absolute(given)
        if arguments.flag("--sample") {
            for name in ["--center", "--address", "--label", "--title", "--pick"] where arguments.value(name) != nil {
                throw UsageError(
                    "--sample lager eksempelguiden og kan ikke brukes sammen med \(name)", command: spec.name)
            }
        }
        if arguments.value("--center") != nil && arguments.value("--address") != nil {
            throw UsageError("bruk enten --center eller --address, ikke begge", command: spec.name)
        }
        if arguments.value("--pick") != nil && arguments.value("--address") == nil {
            throw UsageError("--pick brukes bare sammen med --address", command: spec.name)
        }
        try SiteInitializer.checkFolderIsFree(folder, given: given)

        let files: [(name: String, bytes: [UInt8])]
        let settings: SiteSettings
        if arguments.flag("--sample") {
            (settings, files) = try sampleSite()
        } else {
            settings = try await chosenSettings(context)
            files = [(SiteSettings.fileName, settings.encodedBytes), (GuideStore.fileName, GuideStore().encodedBytes)]
        }
        try SiteInitializer.create(folder, files: files + [(".gitignore", Array(InitCommand.gitignore.utf8))])

        let console = context.console
        console.output(
            "Laget nettstedet «\(settings.title)» i \(folder): " + files.map(\.name).joined(separator: ", ")
                + " og .gitignore.")
        console.output(
            "Senter: \(settings.centerLabel.map { $0 + ", " } ?? "")\(NorwegianFormat.coordinate(settings.center)), radius \(settings.radiusKm) km."
        )
        if (context.environment["GEOAPIFY_API_KEY"] ?? "").trimmingSpaces().isEmpty {
            console.output(
                "Uten GEOAPIFY_API_KEY bygger sitegen fra eksempeldataene rundt Oslo S; sett nøkkelen for ekte steder rundt senteret ditt."
            )
        }
        let cd = folder == SiteFolder.absolute(".") ? "" : "cd \(ShellWord.path(given)) && "
        console.output("")
        console.output("Neste steg:")
        let steps = [
            ("\(cd)sitegen build", "bygg nettstedet i output/"),
            ("sitegen serve --watch", "se det på http://127.0.0.1:8000/, oppdatert når du endrer noe"),
            ("sitegen rate \"NAVN\" 5", "gi et sted stjerner (sitegen search viser navnene)"),
        ]
        let width = steps.map(\.0.count).max() ?? 0
        for (command, note) in steps {
            console.output("  " + command + String(repeating: " ", count: width - command.count) + "   # " + note)
        }
        return .success
    }

    /// The settings from the options: a centre given or looked up, a title.
    func chosenSettings(_ context: CommandContext) async throws -> SiteSettings {
        let arguments = context.arguments
        var settings = SiteSettings(centerLabel: nil, intro: nil)
        var label = try arguments.value("--label").flatMap(InputParsing.label)
        if let words = arguments.values("--center") {
            settings.center = try InputParsing.coordinate(latitude: words[0], longitude: words[1])
        } else if let address = arguments.value("--address") {
            let found = try await CenterSearch(context: context).choose(address: address, near: settings.center)
            settings.center = found.coordinate
            label = found.label
        } else {
            settings.center = .osloS
            label = label ?? "Oslo S"
        }
        settings.centerLabel = label
        if let title = arguments.value("--title") {
            settings.title = try InputParsing.typedText(title, field: "Tittelen").trimmingSpaces()
            guard !settings.title.isEmpty, settings.title.count <= 120 else {
                throw InvalidInput(message: "Tittelen må ha mellom 1 og 120 tegn.")
            }
        } else {
            settings.title = label.map { "Steder rundt \($0)" } ?? "Min stedsguide"
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
        let settings = try SiteFolder.parseSettings(files[0].bytes, path: "sample-site/" + files[0].name)
        _ = try SiteFolder.parseStore(files[1].bytes, path: "sample-site/" + files[1].name)
        return (settings, files)
    }
}
