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

        // Ctrl-C and SIGTERM stop the server cleanly.
        server.start()
        context.console.output("Viser \(root) på http://\(host):\(server.port)/ — trykk Ctrl-C for å stoppe.")
        var trap: SignalTrap?
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let resumed = Atomic<Bool>(false)
            trap = SignalTrap([SIGINT, SIGTERM]) { _ in
                guard !resumed.exchange(true, ordering: .acquiringAndReleasing) else { return }
                continuation.resume()
            }
        }
        server.stop()
        trap?.cancel()
        context.console.output("Serveren er stoppet.")
        return .success
    }
}
