import BeaconModel
import BeaconSystem
import BuiltInFiles
import FoundationEssentials
import Glibc
import SiteBuild

/// The `sitegen` command: parses arguments, runs the command, prints errors in
/// Norwegian on standard error and returns the exit status. Everything the
/// executable does is here, so tests can run it in-process.
package enum CommandLineTool {
    static let version = "1.1.0"

    /// "sitegen 1.1.0 (commit 1a2b3c4d5e6f)": the version, and the commit it was built from when
    /// known.
    static var versionLine: String {
        "sitegen \(version)"
            + (BuiltInFiles.sourceCommit.map { " (commit \($0.prefix(12)))" } ?? " (commit ukjent)")
    }

    /// The process's environment, read from `environ` (`ProcessInfo` sets itself up first: a
    /// fraction of a millisecond every run). A name given twice has its first value, as `getenv`
    /// gives it.
    package static func processEnvironment() -> [String: String] { ProcessFacts.environment() }

    /// `now`: the time commands go by (today's date for a rating, cache ages, open now); tests set
    /// it.
    package static func run(
        arguments: [String], environment: [String: String] = processEnvironment(),
        console unguarded: any Console = StandardConsole(),
        now: @escaping @Sendable () -> Date = Date.init
    ) async -> Int32 {
        let console = GuardedConsole(base: unguarded, redactor: .fromEnvironment(environment))
        let arguments = Self.commandFirst(arguments)
        guard let name = arguments.first else {
            console.output(overview)
            return ExitStatus.usage.rawValue
        }
        if name == "--help" || name == "-h" || name == "help" {
            if arguments.count == 2, arguments[1] == manOption.name {
                var page = ManPage.render()
                if page.hasSuffix("\n") { page.removeLast() }
                console.output(page)
            } else if arguments.count > 1,
                let command = commands.first(where: { $0.spec.name == arguments[1] })
            {
                console.output(command.spec.helpText)
            } else {
                console.output(overview)
            }
            return ExitStatus.success.rawValue
        }
        if name == "--version" {
            console.output(versionLine)
            return ExitStatus.success.rawValue
        }
        guard let command = commands.first(where: { $0.spec.name == name }) else {
            if let guess = Self.commandsInBokmål[name.lowercased()]
                ?? ClosestWord.to(name, among: commands.map(\.spec.name))
            {
                console.error("sitegen: ukjent kommando «\(name)». Mente du «sitegen \(guess)»?")
            } else {
                console.error("sitegen: ukjent kommando «\(name)». Se «sitegen --help».")
            }
            return ExitStatus.usage.rawValue
        }
        do {
            let parsed = try ParsedArguments.parse(Array(arguments.dropFirst()), spec: command.spec)
            if parsed.wantsHelp {
                console.output(command.spec.helpText)
                return ExitStatus.success.rawValue
            }
            let context = CommandContext(
                siteRoot: CommonOptions.site.value(in: parsed), environment: environment,
                console: CommonOptions.quiet.value(in: parsed)
                    ? QuietConsole(base: console) : console, now: now)
            return try await command.run(context, parsed: parsed).rawValue
        } catch let error as UsageError {
            let ending = error.message.hasSuffix("?") ? "" : "."
            console.error("sitegen \(error.command): \(error.message)\(ending)")
            console.error("Se «sitegen \(error.command) --help».")
            return ExitStatus.usage.rawValue
        } catch let error as any UserFacingError {
            console.error("Feil: \(error.userMessage)")
            return error.exitStatus.rawValue
        } catch {
            console.error("Intern feil: \(String(describing: error))")
            return ExitStatus.software.rawValue
        }
    }

    static let commands: [any Command] = [
        InitCommand(),
        BuildCommand(),
        RateCommand(),
        RatingsCommand(),
        FavoriteCommand(),
        FavoritesCommand(),
        ListCommand(),
        ListsCommand(),
        PlaceCommand(),
        PlacesCommand(),
        ImportCommand(),
        PhotoCommand(),
        SearchCommand(),
        CategoriesCommand(),
        RadiusCommand(),
        CenterCommand(),
        ShareCommand(),
        ServeCommand(),
        AssetsCommand(),
        SanitizeCommand(),
        CompletionsCommand(),
    ]

    /// `sitegen --site guide -q build` as `sitegen build --site guide -q`: the options every
    /// command of a site takes may come before the command, as git's `-C` does. Only when a command
    /// follows them.
    static func commandFirst(_ arguments: [String]) -> [String] {
        var leading: [String] = []
        var rest = arguments[...]
        while let first = rest.first {
            if first == "-q" || first == "--quiet" || first.hasPrefix("--site=") {
                leading.append(first)
                rest = rest.dropFirst()
            } else if first == "--site", rest.count >= 2 {
                leading += rest.prefix(2)
                rest = rest.dropFirst(2)
            } else {
                break
            }
        }
        guard !leading.isEmpty, let name = rest.first,
            commands.contains(where: { $0.spec.name == name })
        else {
            return arguments
        }
        return [name] + leading + rest.dropFirst()
    }

    /// The commands' names are English while everything they say is bokmål, so an owner may well
    /// type the bokmål word: it is answered with the command's name, never run in its place.
    static let commandsInBokmål: [String: String] = [
        "bygg": "build", "bygge": "build", "vurder": "rate", "vurdering": "rate",
        "vurderinger": "ratings",
        "favoritt": "favorite", "favoritter": "favorites", "sted": "place", "steder": "places",
        "importer": "import", "bilde": "photo", "bilder": "photo", "foto": "photo", "søk": "search",
        "kategori": "categories", "kategorier": "categories", "senter": "center",
        "sentrum": "center",
        "del": "share", "hjelp": "help", "ressurser": "assets", "rens": "sanitize",
    ]

    /// `help` is handled above rather than in the table; this spec describes
    /// it to the completions and the man page.
    static let helpSpec = CommandSpec(
        name: "help",
        usage: "sitegen help [KOMMANDO | --man]",
        summary: "Viser oversikten, hjelpen til én kommando, eller hele veiledningen som man-side.",
        options: [manOption],
        maximumPositionals: 1
    )

    static let manOption = CommandSpec.Option(
        name: "--man", valueName: nil,
        help:
            "skriv hele veiledningen som man-side (roff); les den med «sitegen help --man | man -l -»"
    )

    /// The options that stand alone, in place of a command.
    static let globalOptions: [CommandSpec.Option] = [
        .init(name: "--help", valueName: nil, help: "vis oversikten over kommandoene"),
        .init(name: "--version", valueName: nil, help: "vis versjonsnummeret"),
    ]

    static var overview: String {
        var text = """
            sitegen – lager en norsk stedsguide (restauranter, kafeer, hoteller eller de stedene du velger) som et statisk nettsted.

            Bruk: sitegen KOMMANDO [VALG]

            Kommandoer:

            """
        let width = commands.map(\.spec.name.count).max() ?? 0
        for command in commands {
            text +=
                "  " + command.spec.name
                + String(repeating: " ", count: width - command.spec.name.count + 2)
                + command.spec.summary + "\n"
        }
        text += """

            Se «sitegen KOMMANDO --help» for valgene til hver kommando, og «sitegen help --man | man -l -»
            for hele veiledningen.
            Uten GEOAPIFY_API_KEY henter sitegen stedene fra OpenStreetMap (Overpass); en guide ved
            Oslo S bygges av eksempeldataene.
            """
        return text
    }
}

/// What a command gets to work with, besides its arguments.
struct CommandContext: Sendable {
    /// The site folder `--site` named; nil: the folder the command runs in.
    var siteRoot: String?
    var environment: [String: String]
    var console: any Console
    /// The time the command goes by.
    var now: @Sendable () -> Date

    /// Today on the guide's clock.
    func today(in zone: GuideTimeZone) -> CalendarDate { zone.today(now()) }

    var site: SiteFolder {
        SiteFolder(root: siteRoot ?? ".", redactor: .fromEnvironment(environment))
    }
}

/// One `sitegen` sub-command. Its spec's options are `Options.declared`, and it reads them from
/// `arguments` through those same typed options, so it cannot ask for one its help does not list.
protocol Command: Sendable {
    associatedtype Options: CommandOptions
    var spec: CommandSpec { get }
    func run(_ context: CommandContext, _ arguments: Arguments<Options>) async throws -> ExitStatus
}

extension Command {
    /// Runs the command on words parsed against its spec (the table holds commands as `any
    /// Command`).
    func run(_ context: CommandContext, parsed: ParsedArguments) async throws -> ExitStatus {
        try await run(context, Arguments(parsed))
    }
}
