import BeaconModel
import BeaconSite

/// The command table as the shell completions and the man page read it:
/// every command's spec, then `help`, then the options that stand alone
/// (`--help`, `--version`). Built from `CommandLineTool.commands`, the same
/// table `--help` prints, so a new command appears everywhere at once.
struct CommandTable: Sendable {
    var commands: [CommandSpec]
    var help: CommandSpec
    var globalOptions: [CommandSpec.Option]

    static var current: CommandTable {
        CommandTable(
            commands: CommandLineTool.commands.map(\.spec), help: CommandLineTool.helpSpec,
            globalOptions: CommandLineTool.globalOptions)
    }

    /// What can stand first: the commands, then `help`. `help`'s first
    /// argument is any of the commands.
    var entries: [CommandSpec] {
        var help = help
        help.subcommands = commands.map(\.name)
        return commands + [help]
    }

    /// The options a command accepts, as its help text lists them (`--help` last).
    static func options(of spec: CommandSpec) -> [CommandSpec.Option] {
        spec.options.contains { $0.name == CommandSpec.helpOption.name }
            ? spec.options : spec.options + [CommandSpec.helpOption]
    }
}

/// What a shell can offer for an option's value, decided by the option's
/// value name: a folder (MAPPE), a file (FIL), a category, a sort order, or
/// nothing it could list (a number, a text).
enum OptionValue: Equatable {
    case none
    case directory
    case file
    case words([String])
    /// The guide's categories, asked of `sitegen categories --names` as the line is completed (in
    /// the `--site` folder on the line, else the current one); these words where that fails (no
    /// guide there).
    case categories([String])
    case unlisted

    init(_ option: CommandSpec.Option) {
        switch option.valueName {
        case nil: self = .none
        case "MAPPE": self = .directory
        case "FIL": self = .file
        case "KATEGORI": self = .categories(PlaceCategory.presets.flatMap(\.commandLineNames))
        case "REKKEFØLGE": self = .words(PlaceQuery.Sort.allCases.map(\.rawValue))
        default: self = .unlisted
        }
    }
}
