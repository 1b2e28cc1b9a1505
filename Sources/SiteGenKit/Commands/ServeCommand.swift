import BeaconModel
import BeaconSystem
import FoundationEssentials
import Glibc
import Synchronization

/// `sitegen serve`: previews the built site on loopback until Ctrl-C.
struct ServeCommand: Command {
    let spec = CommandSpec(
        name: "serve",
        usage:
            "sitegen serve [--watch [--places FIL [--category KATEGORI]] [--refresh | --offline] [--force]] [--port N] [--host ADRESSE] [--output MAPPE] [--site MAPPE] [--quiet]",
        summary: "Viser det bygde nettstedet på http://127.0.0.1:8000/ til du trykker Ctrl-C.",
        details: """
            Serveren lytter bare på maskinen din (127.0.0.1) med mindre du oppgir --host 0.0.0.0.
            Med --watch bygger sitegen nettstedet på nytt når innstillingene, lageret, assets/ eller
            stedsfilen endres, og åpne sider lastes inn på nytt. Feiler en bygging, vises feilen her
            og forrige versjon vises videre. Med --watch gjelder byggevalgene som for «sitegen build»;
            --refresh og --force gjelder den første byggingen.
            """,
        options: Options.declared
    )

    struct Options: BuildInputOptions {
        let watch = Option(
            flag: "--watch", help: "bygg på nytt og last inn sidene på nytt når noe endres")
        let places = BuildInputs.places.helpLed(by: withWatch)
        let category = BuildInputs.category.helpLed(by: withWatch)
        let refresh = BuildInputs.refresh.helpLed(by: withWatch)
        let offline = BuildInputs.offline.helpLed(by: withWatch)
        let force = BuildInputs.force.helpLed(by: withWatch)
        let port = CheckedOption(
            "--port", valueName: "N", help: "porten (standard 8000; 0 velger en ledig)",
            check: InputParsing.port)
        let host = Option<String?>(
            "--host", valueName: "ADRESSE", help: "adressen å lytte på (standard 127.0.0.1)")
        let output = Option<String?>(
            "--output", valueName: "MAPPE",
            help: "mappen som vises (standard: output/ i nettstedsmappen)")
        let site = CommonOptions.site
        let quiet = CommonOptions.quiet
        var listed: [any DeclaredOption] {
            [watch, places, category, refresh, offline, force, port, host, output, site, quiet]
        }
    }

    /// What the build options' help says first here: they count only with `--watch`.
    private static let withWatch = "med --watch: "

    func run(_ context: CommandContext, _ arguments: Arguments<Options>) async throws -> ExitStatus
    {
        let port = try arguments[\.port] ?? 8000
        let root = arguments[\.output].map(SiteFolder.absolute) ?? context.site.defaultOutputPath
        if arguments[\.output] == nil {
            try context.site.checkExists()
            try context.site.checkInside(root)
        }
        let host = arguments[\.host] ?? "127.0.0.1"
        let console = context.console
        let watching = arguments[\.watch]
        if !watching, let option = arguments.firstGiven(Options.inputs) {
            throw UsageError(
                "\(option.name) brukes bare sammen med --watch (ellers: «sitegen build \(option.name)»)",
                command: spec.name)
        }
        var rebuilder: WatchRebuilder?
        if watching {
            let builder = WatchRebuilder(
                context: context,
                options: try BuildCommand.buildOptions(context, arguments, command: spec.name))
            // The first build: the site as the inputs are now. Without any earlier site to show,
            // its failure ends here.
            let status = await builder.rebuild(first: true)
            if status != .success && !FileSystem.isDirectory(root) { return status }
            rebuilder = builder
        }
        let server = try StaticFileServer(
            configuration: .init(
                root: root, host: host, port: port, liveReload: rebuilder?.liveReload),
            log: { line in
                if !watching || !line.hasPrefix("GET /__sitegen/") { console.progress(line) }
            })

        // Ctrl-C and SIGTERM stop the server cleanly, and so does a watched site folder that is
        // gone. The trap is set before the address is announced: a signal sent as soon as someone
        // reads it must not be lost.
        let stopRequested = Mutex<CheckedContinuation<Void, Never>?>(nil)
        let stopping = Atomic<Bool>(false)
        let requestStop: @Sendable () -> Void = {
            guard !stopping.exchange(true, ordering: .acquiringAndReleasing) else { return }
            stopRequested.withLock { $0.take() }?.resume()
        }
        let trap = SignalTrap([SIGINT, SIGTERM]) { _ in requestStop() }
        defer { trap.cancel() }
        server.start()
        context.console.output(
            "Viser \(root) på http://\(host):\(server.port)/ — trykk Ctrl-C for å stoppe.")
        let watch = rebuilder.map { builder in
            let watched =
                builder.options.placesFile == nil
                ? "innstillingene, lageret og assets/"
                : "innstillingene, lageret, assets/ og stedsfilen"
            context.console.output(
                "Følger med på \(watched): endringer bygges og vises med en gang.")
            return Task {
                let ending = await builder.watch(stop: { Task.isCancelled })
                if ending == .siteGone { requestStop() }
                return ending
            }
        }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            stopRequested.withLock { $0 = continuation }
            // A stop that came before the continuation existed.
            if stopping.load(ordering: .acquiring) {
                stopRequested.withLock { $0.take() }?.resume()
            }
        }
        watch?.cancel()
        let ending = await watch?.value
        server.stop()
        if ending == .siteGone, let rebuilder {
            throw SiteGoneError(root: rebuilder.options.site.root)
        }
        context.console.output("Serveren er stoppet.")
        return .success
    }
}
