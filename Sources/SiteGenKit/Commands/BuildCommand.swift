import BeaconCore
import BeaconSystem
import FoundationEssentials
import Glibc

/// `sitegen build`: fetch, merge, render, write `output/`.
struct BuildCommand: Command {
    let spec = CommandSpec(
        name: "build",
        usage:
            "sitegen build [--site MAPPE] [--output MAPPE] [--places FIL [--category KATEGORI]] [--refresh | --offline] [--force] [--no-wait] [--timings] [--quiet]",
        summary: "Henter stedene, fletter inn vurderinger og favoritter, og skriver nettstedet til output/.",
        details: """
            Med GEOAPIFY_API_KEY satt hentes stedene fra Geoapify (via mellomlageret i .beacon-cache/);
            uten nøkkel brukes eksempeldataene rundt Oslo S. Nettstedet byttes inn i ett steg, så en
            bygging som feiler lar forrige versjon stå urørt, og uendrede filer skrives ikke på nytt.
            """,
        options: [
            CommandSpec.siteOption,
            .init(
                name: "--output", valueName: "MAPPE",
                help: "hvor nettstedet skrives (standard: output/ i nettstedsmappen)"),
        ] + BuildCommand.inputOptions + [
            .init(
                name: "--no-wait", valueName: nil,
                help: "avbryt med en gang (status 75) hvis en annen bygging av nettstedet pågår, i stedet for å vente"),
            .init(
                name: "--timings", valueName: nil,
                help: "skriv ut hvor lang tid hvert steg tok, og prosessens høyeste minnebruk etter det"),
            CommandSpec.quietOption,
        ]
    )

    /// The options that decide what a build makes, read alike by `build` and `serve --watch` (`buildOptions`).
    static let inputOptions: [CommandSpec.Option] = [
        .init(name: "--places", valueName: "FIL", help: "bygg fra en GeoJSON-fil med steder i stedet for API-et"),
        .init(
            name: "--category", valueName: "KATEGORI",
            help: "kategori for steder i --places-filen som mangler en (en av guidens kategorier, for eksempel cafe)"),
        .init(name: "--refresh", valueName: nil, help: "hent på nytt fra API-et selv om mellomlageret er ferskt"),
        .init(name: "--offline", valueName: nil, help: "bruk bare mellomlageret, ingen nettverkskall"),
        .init(name: "--force", valueName: nil, help: "bygg alle sider på nytt selv om ingenting er endret"),
    ]

    /// The build that `inputOptions` and `--output` ask for, checked; `command` names the command in a usage error.
    static func buildOptions(_ context: CommandContext, command: String) throws -> BuildOptions {
        let arguments = context.arguments
        if arguments.flag("--refresh") && arguments.flag("--offline") {
            throw UsageError("--refresh og --offline kan ikke brukes sammen", command: command)
        }
        var category: PlaceCategory?
        if let text = arguments.value("--category") {
            // The owner's own kinds are named in the settings; a settings file that cannot be read is the
            // build's to report.
            let own = (try? context.site.loadSettings())?.categories ?? []
            guard let parsed = PlaceCategory(userInput: text, in: own) else {
                throw UsageError(PlaceCategory.unknownMessage(text), command: command)
            }
            category = parsed
        }
        if category != nil && arguments.value("--places") == nil {
            throw UsageError("--category brukes bare sammen med --places", command: command)
        }
        var options = BuildOptions(
            site: context.site, outputPath: arguments.value("--output"), placesFile: arguments.value("--places"),
            defaultCategory: category, refresh: arguments.flag("--refresh"), offline: arguments.flag("--offline"),
            force: arguments.flag("--force"))
        options.now = context.now
        return options
    }

    func run(_ context: CommandContext) async throws -> ExitStatus {
        let arguments = context.arguments
        var options = try BuildCommand.buildOptions(context, command: spec.name)
        options.waitForOtherBuild = !arguments.flag("--no-wait")
        let cancellation = BuildCancellation()
        options.cancellation = cancellation
        // On a terminal, long work shows one updating line (--quiet: none).
        let console = StatusLine.onTerminal(
            context.console, quiet: arguments.flag("--quiet"), environment: context.environment)
        defer { (console as? StatusLine)?.finish() }
        // Ctrl-C: the first stops the build, which removes its staging folder;
        // a second one (or one before anything was written) leaves at once.
        let trap = SignalTrap([SIGINT, SIGTERM, SIGHUP]) { signal in
            let again = cancellation.signal != nil
            if !again { console.error("Avbryter byggingen og rydder opp …") }
            if again || !cancellation.cancel(signal: signal) { _exit(128 + signal) }
        }
        defer { trap.cancel() }
        let report: BuildReport
        do {
            report = try await BuildPipeline(options: options, environment: context.environment, console: console).run()
        } catch {
            guard let signal = cancellation.signal else { throw error }
            console.error("Byggingen ble avbrutt. Forrige versjon av nettstedet er ikke endret.")
            return ExitStatus(rawValue: 128 + signal) ?? .interrupted
        }
        (console as? StatusLine)?.finish()
        if arguments.flag("--timings") {
            for (name, seconds, peak) in report.stepTimings {
                let memory = peak.map { MachineNumber.rightAligned(String($0), width: 5) + " MiB" } ?? "        –"
                let time = MachineNumber.rightAligned(MachineNumber.fixed(seconds, decimals: 3), width: 7)
                context.console.output(time + " s  " + memory + " topp  " + name)
            }
        }
        let files = report.files
        let seconds = NorwegianFormat.decimal(report.seconds, places: 2)
        let rendered = report.renderedPages == report.pages ? "" : " (\(report.renderedPages) laget på nytt)"
        context.console.progress(
            "Ferdig på \(seconds) s: \(report.pages) sider\(rendered), \(report.placeCount) steder. Filer: \(files.written) skrevet, \(files.unchanged) uendret, \(files.removed) fjernet → \(options.outputPath)"
        )
        return .success
    }
}
