import BeaconModel
import BeaconSystem
import FoundationEssentials
import Glibc
import SiteBuild

/// `sitegen build`: fetch, merge, render, write `output/`.
struct BuildCommand: Command {
    struct Options: BuildInputOptions {
        let site = CommonOptions.site
        let output = Option<String?>(
            "--output", valueName: "MAPPE",
            help: "hvor nettstedet skrives (standard: output/ i nettstedsmappen)")
        let places = BuildInputs.places
        let category = BuildInputs.category
        let refresh = BuildInputs.refresh
        let offline = BuildInputs.offline
        let force = BuildInputs.force
        let noWait = Option(
            flag: "--no-wait",
            help:
                "avbryt med en gang (status 75) hvis en annen bygging av nettstedet pågår, i stedet for å vente"
        )
        let timings = Option(
            flag: "--timings",
            help: "skriv ut hvor lang tid hvert steg tok, og prosessens høyeste minnebruk etter det"
        )
        let quiet = CommonOptions.quiet
        var listed: [any DeclaredOption] {
            [site, output, places, category, refresh, offline, force, noWait, timings, quiet]
        }
    }

    let spec = CommandSpec(
        name: "build",
        usage:
            "sitegen build [--site MAPPE] [--output MAPPE] [--places FIL [--category KATEGORI]] [--refresh | --offline] [--force] [--no-wait] [--timings] [--quiet]",
        summary:
            "Henter stedene, fletter inn vurderinger og favoritter, og skriver nettstedet til output/.",
        details: """
            Med GEOAPIFY_API_KEY satt hentes stedene fra Geoapify (via mellomlageret i .beacon-cache/);
            uten nøkkel fra OpenStreetMap (Overpass), og for en guide ved Oslo S fra eksempeldataene
            («source» i innstillingene velger selv). Nettstedet byttes inn i ett steg, så en
            bygging som feiler lar forrige versjon stå urørt, og uendrede filer skrives ikke på nytt.
            """,
        options: Options.declared
    )

    /// The options that decide what a build makes (`BuildInputOptions`), as the spec lists them.
    static var inputOptions: [CommandSpec.Option] {
        Options().options(at: Options.inputs).map(\.declared)
    }

    /// The build that the inputs and `--output` ask for, checked; `command` names the command in a
    /// usage error.
    static func buildOptions<Given: BuildInputOptions>(
        _ context: CommandContext, _ arguments: Arguments<Given>, command: String
    ) throws -> BuildOptions {
        if arguments[\.refresh] && arguments[\.offline] {
            throw UsageError("--refresh og --offline kan ikke brukes sammen", command: command)
        }
        var category: PlaceCategory?
        if let text = arguments[\.category] {
            // The owner's own kinds are named in the settings; a settings file that cannot be read
            // is the build's to report.
            let own = (try? context.site.loadSettings())?.categories ?? []
            guard let parsed = PlaceCategory(userInput: text, in: own) else {
                throw UsageError(PlaceCategory.unknownMessage(text), command: command)
            }
            category = parsed
        }
        if category != nil && arguments[\.places] == nil {
            throw UsageError("--category brukes bare sammen med --places", command: command)
        }
        var options = BuildOptions(
            site: context.site, outputPath: arguments[\.output], placesFile: arguments[\.places],
            defaultCategory: category, refresh: arguments[\.refresh], offline: arguments[\.offline],
            force: arguments[\.force])
        options.now = context.now
        return options
    }

    func run(_ context: CommandContext, _ arguments: Arguments<Options>) async throws -> ExitStatus
    {
        var options = try BuildCommand.buildOptions(context, arguments, command: spec.name)
        options.waitForOtherBuild = !arguments[\.noWait]
        let cancellation = BuildCancellation()
        options.cancellation = cancellation
        // On a terminal, long work shows one updating line (--quiet: none).
        let console = StatusLine.onTerminal(
            context.console, quiet: arguments[\.quiet], environment: context.environment)
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
            report = try await BuildPipeline(
                options: options, environment: context.environment, console: console
            ).run()
        } catch {
            guard let signal = cancellation.signal else { throw error }
            console.error("Byggingen ble avbrutt. Forrige versjon av nettstedet er ikke endret.")
            return ExitStatus(rawValue: 128 + signal) ?? .interrupted
        }
        (console as? StatusLine)?.finish()
        if arguments[\.timings] {
            for (name, seconds, peak) in report.stepTimings {
                let memory =
                    peak.map { MachineNumber.rightAligned(String($0), width: 5) + " MiB" }
                    ?? "        –"
                let time = MachineNumber.rightAligned(
                    MachineNumber.fixed(seconds, decimals: 3), width: 7)
                context.console.output(time + " s  " + memory + " topp  " + name)
            }
        }
        let files = report.files
        let seconds = NorwegianFormat.decimal(report.seconds, places: 2)
        let rendered =
            report.renderedPages == report.pages ? "" : " (\(report.renderedPages) laget på nytt)"
        context.console.progress(
            "Ferdig på \(seconds) s: \(report.pages) sider\(rendered), \(report.placeCount) steder. Filer: \(files.written) skrevet, \(files.unchanged) uendret, \(files.removed) fjernet → \(options.outputPath)"
        )
        return .success
    }
}
