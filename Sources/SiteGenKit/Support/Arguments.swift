import BeaconModel

/// A command-line mistake: shown with the command's usage, exit status 64.
struct UsageError: Error, Sendable, Equatable {
    var message: String
    var command: String

    package init(_ message: String, command: String) {
        self.message = message
        self.command = command
    }
}

/// The options and arguments a command accepts, and its help text.
struct CommandSpec: Sendable {
    struct Option: Sendable {
        var name: String
        var valueName: String?
        var help: String
        /// How many words the value is (`--center BREDDE LENGDE` takes two).
        var valueCount = 1
        var takesValue: Bool { valueName != nil }
    }

    var name: String
    var usage: String
    var summary: String
    var details: String = ""
    var options: [Option]
    /// Names of positional arguments, for the help text; `maximumPositionals` bounds them.
    var minimumPositionals = 0
    var maximumPositionals = 0
    /// The words the first positional can be (`center show|set|search`), for shell completion.
    var subcommands: [String] = []

    static let helpOption = Option(name: "--help", valueName: nil, help: "vis denne hjelpen")

    var helpText: String {
        var text = "Bruk: \(usage)\n\n\(summary)\n"
        if !details.isEmpty { text += "\n\(details)\n" }
        let all = options + [CommandSpec.helpOption]
        text += "\nValg:\n"
        let width = all.map { $0.name.count + ($0.valueName.map { $0.count + 1 } ?? 0) }.max() ?? 0
        for option in all {
            let left = option.name + (option.valueName.map { " " + $0 } ?? "")
            text +=
                "  " + left + String(repeating: " ", count: width - left.count + 2) + option.help
                + "\n"
        }
        return text
    }
}

/// Parsed arguments: options by name (flags map to ""), positionals in order. A command reads its
/// options through `Arguments`, by the typed options its spec is made from (`CommandOptions`),
/// never by name.
struct ParsedArguments: Sendable {
    var options: [String: String] = [:]
    var positionals: [String] = []
    /// Every word of options that take more than one (`--center 59.91 10.75`).
    var multipleValues: [String: [String]] = [:]
    var wantsHelp: Bool { options["--help"] != nil }

    /// Accepts `--name value`, `--name=value`, and `--` to end options (so a
    /// place called "-5 grader" can still be named).
    static func parse(_ arguments: [String], spec: CommandSpec) throws(UsageError)
        -> ParsedArguments
    {
        var parsed = ParsedArguments()
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if optionsEnded || !argument.hasPrefix("-") || argument == "-"
                || DecimalNumber.parse(argument) != nil
            {
                parsed.positionals.append(argument)
                continue
            }
            if argument == "--" {
                optionsEnded = true
                continue
            }
            if argument == "-h" {
                parsed.options["--help"] = ""
                continue
            }
            // `-q`, as most tools spell it, where the command has `--quiet`.
            if argument == "-q",
                spec.options.contains(where: { $0.name == CommonOptions.quiet.name })
            {
                parsed.options[CommonOptions.quiet.name] = ""
                continue
            }
            var name = argument
            var inlineValue: String?
            if let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            if name == "--help" {
                parsed.options["--help"] = ""
                continue
            }
            guard let option = spec.options.first(where: { $0.name == name }) else {
                let guess = ClosestWord.to(name, among: spec.options.map(\.name) + ["--help"])
                throw UsageError(
                    "ukjent valg «\(name)»" + (guess.map { ". Mente du «\($0)»?" } ?? ""),
                    command: spec.name)
            }
            if option.takesValue && option.valueCount > 1 {
                guard inlineValue == nil, index + option.valueCount <= arguments.count else {
                    throw UsageError(
                        "\(name) trenger \(option.valueCount) verdier (\(option.valueName!))",
                        command: spec.name)
                }
                parsed.multipleValues[name] = Array(arguments[index..<index + option.valueCount])
                parsed.options[name] = arguments[index]
                index += option.valueCount
            } else if option.takesValue {
                if let inlineValue {
                    parsed.options[name] = inlineValue
                } else {
                    guard index < arguments.count else {
                        throw UsageError(
                            "\(name) trenger en verdi (\(option.valueName!))", command: spec.name)
                    }
                    parsed.options[name] = arguments[index]
                    index += 1
                }
            } else {
                guard inlineValue == nil else {
                    throw UsageError("\(name) tar ingen verdi", command: spec.name)
                }
                parsed.options[name] = ""
            }
        }
        if !parsed.wantsHelp {
            if parsed.positionals.count < spec.minimumPositionals {
                throw UsageError("for få argumenter", command: spec.name)
            }
            if parsed.positionals.count > spec.maximumPositionals {
                throw UsageError(
                    "uventet argument «\(parsed.positionals[spec.maximumPositionals])»",
                    command: spec.name)
            }
        }
        return parsed
    }
}
