import BeaconCore
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
        options: [
            .init(name: "--watch", valueName: nil, help: "bygg på nytt og last inn sidene på nytt når noe endres")
        ]
            + BuildCommand.inputOptions.map { option in
                var option = option
                option.help = "med --watch: " + option.help
                return option
            } + [
                .init(name: "--port", valueName: "N", help: "porten (standard 8000; 0 velger en ledig)"),
                .init(name: "--host", valueName: "ADRESSE", help: "adressen å lytte på (standard 127.0.0.1)"),
                .init(
                    name: "--output", valueName: "MAPPE", help: "mappen som vises (standard: output/ i nettstedsmappen)"
                ),
                CommandSpec.siteOption,
                CommandSpec.quietOption,
            ]
    )

    func run(_ context: CommandContext) async throws -> ExitStatus {
        let arguments = context.arguments
        var port: UInt16 = 8000
        if let text = arguments.value("--port") {
            guard let value = UInt16(text) else {
                throw InvalidInput(message: "Porten må være et tall fra 0 til 65535 (fikk «\(text)»).")
            }
            port = value
        }
        let root = arguments.value("--output").map(SiteFolder.absolute) ?? context.site.defaultOutputPath
        if arguments.value("--output") == nil {
            try context.site.checkExists()
            try context.site.checkInside(root)
        }
        let host = arguments.value("--host") ?? "127.0.0.1"
        let console = context.console
        let watching = arguments.flag("--watch")
        if !watching, let option = BuildCommand.inputOptions.first(where: { arguments.options[$0.name] != nil }) {
            throw UsageError(
                "\(option.name) brukes bare sammen med --watch (ellers: «sitegen build \(option.name)»)",
                command: spec.name)
        }
        var rebuilder: WatchRebuilder?
        if watching {
            let builder = WatchRebuilder(
                context: context, options: try BuildCommand.buildOptions(context, command: spec.name))
            // The first build: the site as the inputs are now. Without any earlier site to show, its failure ends here.
            let status = await builder.rebuild(first: true)
            if status != .success && !FileSystem.isDirectory(root) { return status }
            rebuilder = builder
        }
        let server = try StaticFileServer(
            configuration: .init(root: root, host: host, port: port, liveReload: rebuilder?.liveReload),
            log: { line in if !watching || !line.hasPrefix("GET /__sitegen/") { console.progress(line) } })

        // Ctrl-C and SIGTERM stop the server cleanly, and so does a watched site folder that is gone. The
        // trap is set before the address is announced: a signal sent as soon as someone reads it must not be lost.
        let stopRequested = Mutex<CheckedContinuation<Void, Never>?>(nil)
        let stopping = Atomic<Bool>(false)
        let requestStop: @Sendable () -> Void = {
            guard !stopping.exchange(true, ordering: .acquiringAndReleasing) else { return }
            stopRequested.withLock { $0.take() }?.resume()
        }
        let trap = SignalTrap([SIGINT, SIGTERM]) { _ in requestStop() }
        defer { trap.cancel() }
        server.start()
        context.console.output("Viser \(root) på http://\(host):\(server.port)/ — trykk Ctrl-C for å stoppe.")
        let watch = rebuilder.map { builder in
            let watched =
                builder.options.placesFile == nil
                ? "innstillingene, lageret og assets/" : "innstillingene, lageret, assets/ og stedsfilen"
            context.console.output("Følger med på \(watched): endringer bygges og vises med en gang.")
            return Task {
                let ending = await builder.watch(stop: { Task.isCancelled })
                if ending == .siteGone { requestStop() }
                return ending
            }
        }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            stopRequested.withLock { $0 = continuation }
            // A stop that came before the continuation existed.
            if stopping.load(ordering: .acquiring) { stopRequested.withLock { $0.take() }?.resume() }
        }
        watch?.cancel()
        let ending = await watch?.value
        server.stop()
        if ending == .siteGone, let rebuilder { throw SiteGoneError(root: rebuilder.options.site.root) }
        context.console.output("Serveren er stoppet.")
        return .success
    }
}
