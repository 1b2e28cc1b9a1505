import BeaconModel
import BeaconSystem
import FoundationEssentials

/// `sitegen radius [KM]`: shows or saves the search radius used by the next build.
struct RadiusCommand: Command {
    let spec = CommandSpec(
        name: "radius",
        usage: "sitegen radius [KM] [--site MAPPE] [--quiet]",
        summary: "Viser eller endrer radiusen (1–10 km) som neste bygging henter steder innenfor.",
        options: SiteAndQuietOptions.declared,
        maximumPositionals: 1
    )

    func run(_ context: CommandContext, _ arguments: Arguments<SiteAndQuietOptions>) async throws
        -> ExitStatus
    {
        let site = context.site
        try site.checkExists()
        guard let text = arguments.positionals.first else {
            context.console.output("Radius: \(try site.loadSettings().radiusKm) km")
            return .success
        }
        let radius = try InputParsing.radius(text)
        try site.updateSettings { $0.radiusKm = radius }
        context.console.output(
            "Radius satt til \(radius) km. Kjør «sitegen build» for å hente steder innenfor den.")
        return .success
    }
}

/// `sitegen center show|set|search`: the point the guide is centred on.
struct CenterCommand: Command {
    let spec = CommandSpec(
        name: "center",
        usage:
            "sitegen center show | set BREDDE LENGDE [--label NAVN] | search ADRESSE [--pick N] [--site MAPPE] [--quiet]",
        summary: "Viser eller endrer senteret som stedene hentes rundt.",
        details: """
            show                 viser senteret
            set BREDDE LENGDE    setter senteret, for eksempel «sitegen center set 59.9111 10.7503 --label "Oslo S"»
            search ADRESSE       slår opp en adresse hos Geoapify og lagrer det beste treffet (--pick N for et annet)
            """,
        options: Options.declared,
        minimumPositionals: 1,
        maximumPositionals: 3,
        subcommands: ["show", "set", "search"]
    )

    struct Options: CommandOptions {
        let label = CenterSearch.label
        let pick = CheckedOption(
            "--pick", valueName: "N", help: "velg treff nummer N fra «search» (standard: 1)",
            check: InputParsing.pick)
        let site = CommonOptions.site
        let quiet = CommonOptions.quiet
        var listed: [any DeclaredOption] { [label, pick, site, quiet] }
    }

    func run(_ context: CommandContext, _ arguments: Arguments<Options>) async throws -> ExitStatus
    {
        let site = context.site
        try site.checkExists()
        let positionals = arguments.positionals
        switch positionals[0] {
        case "show":
            guard positionals.count == 1 else {
                throw UsageError("«show» tar ingen argumenter", command: spec.name)
            }
            let settings = try site.loadSettings()
            context.console.output(
                "Senter: \(settings.centerLabel.map { $0 + ", " } ?? "")\(NorwegianFormat.coordinate(settings.center)) (\(MachineNumber.decimal(settings.center.latitude, places: 6)) \(MachineNumber.decimal(settings.center.longitude, places: 6)))"
            )
            context.console.output("Radius: \(settings.radiusKm) km")
            context.console.output(Self.timeZoneLine(settings))
        case "set":
            guard positionals.count == 3 else {
                throw UsageError("«set» trenger breddegrad og lengdegrad", command: spec.name)
            }
            let coordinate = try InputParsing.coordinate(
                latitude: positionals[1], longitude: positionals[2])
            let label = try arguments[\.label].flatMap(InputParsing.label)
            var retitled: String?
            let settings = try site.updateSettings { settings in
                retitled = settings.moveCenter(to: coordinate, label: label)
                return settings
            }
            context.console.output(
                "Senteret er satt til \(label.map { $0 + ", " } ?? "")\(NorwegianFormat.coordinate(coordinate)). Kjør «sitegen build» for å hente steder rundt det."
            )
            if let retitled { context.console.output(Self.retitledLine(retitled)) }
            if label == nil {
                // Without a name the pages measure «fra sentrum»: say how to give it one.
                context.console.output(
                    "Sidene kaller det «sentrum»; gi det et navn med «sitegen center set \(positionals[1]) "
                        + "\(positionals[2]) --label NAVN» (for eksempel en stasjon eller et torg)."
                )
            }
            context.console.output(Self.timeZoneLine(settings))
        case "search":
            guard positionals.count == 2 else {
                throw UsageError(
                    "«search» trenger én adresse (bruk anførselstegn)", command: spec.name)
            }
            return try await CenterSearch(context: context).run(
                address: positionals[1], label: arguments[\.label], pick: { try arguments[\.pick] })
        default:
            throw UsageError(
                "ukjent underkommando «\(positionals[0])» (bruk show, set eller search)",
                command: spec.name)
        }
        return .success
    }
}

extension CenterCommand {
    /// Says that the title followed the centre, and how to keep one of the owner's own.
    static func retitledLine(_ title: String) -> String {
        "Tittelen fulgte senteret og er nå «\(title)» (skriv en egen som «title» i \(SiteSettings.fileName))."
    }

    /// «Tidssone: Europe/London (der senteret ligger …)»: the clock the guide's opening hours go
    /// by.
    static func timeZoneLine(_ settings: SiteSettings) -> String {
        let zone = settings.guideTimeZone.identifier
        return settings.timeZone == nil
            ? "Tidssone: \(zone) (der senteret ligger; sett «timeZone» i \(SiteSettings.fileName) for en annen)"
            : "Tidssone: \(zone) (fra \(SiteSettings.fileName))"
    }
}
