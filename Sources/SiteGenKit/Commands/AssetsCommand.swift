import BeaconModel
import BeaconSystem
import BeaconText
import FoundationEssentials
import Glibc
import SiteBuild

/// `sitegen assets list | eject [NAVN …]`: the built-in stylesheet, scripts
/// and icons, and the site's own files in `assets/` that replace or add to them.
struct AssetsCommand: Command {
    let spec = CommandSpec(
        name: "assets",
        usage: "sitegen assets list | eject [FIL …] [--force] [--site MAPPE] [--quiet]",
        summary:
            "Viser de innebygde ressursene (stilark, skript, ikoner) eller kopierer dem til assets/ for å endre dem.",
        details: """
            list          viser hver innebygde fil, og om nettstedets assets/ erstatter den
            eject [FIL …] kopierer de innebygde filene (eller bare de nevnte) til assets/

            En fil i assets/ erstatter den innebygde filen med samme navn, og assets/custom.css
            lastes etter det innebygde stilarket på hver side. Kopier bare det du vil endre: en
            kopiert fil følger ikke med når sitegen oppdateres.
            """,
        options: Options.declared,
        minimumPositionals: 1,
        maximumPositionals: 64,
        subcommands: ["list", "eject"]
    )

    struct Options: CommandOptions {
        let force = Option(flag: "--force", help: "skriv over filer i assets/ som er endret")
        let site = CommonOptions.site
        let quiet = CommonOptions.quiet
        var listed: [any DeclaredOption] { [force, site, quiet] }
    }

    func run(_ context: CommandContext, _ arguments: Arguments<Options>) async throws -> ExitStatus
    {
        let site = context.site
        try site.checkExists()
        let positionals = arguments.positionals
        let builtIn = AssetBundle.builtInFiles()
        switch positionals[0] {
        case "list":
            guard positionals.count == 1 else {
                throw UsageError("«list» tar ingen argumenter", command: spec.name)
            }
            let own = try AssetBundle.ownFiles(in: site.assetsPath)
            let ownNames = Set(own.map(\.name))
            let builtInNames = Set(builtIn.map(\.name))
            context.console.output("Innebygde ressurser (\(builtIn.count)):")
            for file in builtIn {
                let note =
                    ownNames.contains(file.name) ? "  ← erstattet av assets/\(file.name)" : ""
                context.console.output(
                    "  \(file.name)  (\(NorwegianFormat.count(file.bytes.count, singular: "byte", plural: "byte")))\(note)"
                )
            }
            let added = own.filter { !builtInNames.contains($0.name) }
            if !added.isEmpty {
                context.console.output("Egne filer i assets/ (\(added.count)):")
                for file in added { context.console.output("  \(file.name)") }
            }
        case "eject":
            let chosen = Array(positionals.dropFirst())
            let known = Set(builtIn.map(\.name))
            if let unknown = chosen.first(where: { !known.contains($0) }) {
                throw UsageError(
                    "«\(unknown)» er ikke en innebygd fil (se «sitegen assets list»)",
                    command: spec.name)
            }
            let files = chosen.isEmpty ? builtIn : builtIn.filter { chosen.contains($0.name) }
            try eject(
                files, into: site.assetsPath, force: arguments[\.force], console: context.console)
        default:
            throw UsageError(
                "ukjent underkommando «\(positionals[0])» (bruk list eller eject)",
                command: spec.name)
        }
        return .success
    }

    /// Copies `files` into the folder; a file there that differs is only
    /// replaced with `force`, and then nothing is written unless all can be.
    func eject(
        _ files: [(name: String, bytes: [UInt8])], into folder: String, force: Bool,
        console: any Console
    ) throws {
        var changed: [String] = []
        var toWrite: [(name: String, bytes: [UInt8])] = []
        for file in files {
            let path = folder + "/" + file.name
            // Never written through a link, the file's or its folder's (`icons/`): it could lead
            // out of the site (the build refuses such links too).
            for candidate in [path, PathText.parent(path)] where candidate != folder {
                if FileSystem.isSymbolicLink(candidate) {
                    throw EjectConflict(folder: folder, names: [file.name], isLink: true)
                }
            }
            if let existing = try FileSystem.readIfExists(path) {
                if existing == file.bytes { continue }
                changed.append(file.name)
            }
            toWrite.append(file)
        }
        if !changed.isEmpty && !force {
            throw EjectConflict(folder: folder, names: changed)
        }
        try FileSystem.createDirectory(folder)
        for file in toWrite {
            let path = folder + "/" + file.name
            try FileSystem.createDirectory(PathText.parent(path))
            try FileSystem.writeAtomically(file.bytes, to: path)
        }
        let skipped = files.count - toWrite.count
        var line =
            "Kopierte \(NorwegianFormat.count(toWrite.count, singular: "fil", plural: "filer")) til \(folder)"
        if skipped > 0 { line += " (\(skipped) var der allerede, like)" }
        console.output(
            line
                + ". Endre dem, eller legg egne regler i assets/custom.css; «sitegen build» tar dem med."
        )
    }

    struct EjectConflict: UserFacingError {
        var folder: String
        var names: [String]
        var isLink = false
        var userMessage: String {
            if isLink {
                return
                    "\(names.joined(separator: ", ")) i \(folder) er en symbolsk lenke, og sitegen skriver ikke gjennom den. Ingenting er kopiert; fjern lenken først."
            }
            return
                "\(names.joined(separator: ", ")) i \(folder) er endret og blir ikke skrevet over. Ingenting er kopiert; bruk --force for å skrive over."
        }
        var exitStatus: ExitStatus { .usage }
    }
}
