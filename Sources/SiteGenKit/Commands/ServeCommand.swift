import Foundation
import BeaconCore
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// `sitegen serve`: previews the built site on loopback until Ctrl-C.
struct ServeCommand: Command {
    let spec = CommandSpec(
        name: "serve",
        usage: "sitegen serve [--port N] [--host ADRESSE] [--output MAPPE] [--site MAPPE]",
        summary: "Viser det bygde nettstedet på http://127.0.0.1:8000/ til du trykker Ctrl-C.",
        details: "Serveren lytter bare på maskinen din (127.0.0.1) med mindre du oppgir --host 0.0.0.0.",
        options: [
            .init(name: "--port", valueName: "N", help: "porten (standard 8000; 0 velger en ledig)"),
            .init(name: "--host", valueName: "ADRESSE", help: "adressen å lytte på (standard 127.0.0.1)"),
            .init(name: "--output", valueName: "MAPPE", help: "mappen som vises (standard: output/ i nettstedsmappen)"),
            CommandSpec.siteOption,
            CommandSpec.quietOption,
        ]
    )

    func run(_ context: CommandContext) async throws -> ExitStatus {
        let arguments = context.arguments
        var port: UInt16 = 8000
        if let text = arguments.value("--port") {
            guard let value = UInt16(text) else { throw InvalidInput(message: "Porten må være et tall fra 0 til 65535 (fikk «\(text)»).") }
            port = value
        }
        let root = arguments.value("--output").map(SiteFolder.absolute) ?? context.site.defaultOutputPath
        let host = arguments.value("--host") ?? "127.0.0.1"
        let console = context.console
        let server = try StaticFileServer(configuration: .init(root: root, host: host, port: port), log: { console.progress($0) })

        // Ctrl-C and SIGTERM stop the server cleanly. The trap is set before the
        // address is announced: a signal sent as soon as someone reads it must not be lost.
        let stopRequested = Mutex<CheckedContinuation<Void, Never>?>(nil)
        let signalled = Atomic<Bool>(false)
        let trap = SignalTrap([SIGINT, SIGTERM]) { _ in
            guard !signalled.exchange(true, ordering: .acquiringAndReleasing) else { return }
            stopRequested.withLock { $0.take() }?.resume()
        }
        defer { trap.cancel() }
        server.start()
        context.console.output("Viser \(root) på http://\(host):\(server.port)/ — trykk Ctrl-C for å stoppe.")
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            stopRequested.withLock { $0 = continuation }
            // A signal that came before the continuation existed.
            if signalled.load(ordering: .acquiring) { stopRequested.withLock { $0.take() }?.resume() }
        }
        server.stop()
        context.console.output("Serveren er stoppet.")
        return .success
    }
}
