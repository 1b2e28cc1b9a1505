/// What every typed option has: its entry in the spec, which `--help`, the man page, the
/// completions and the generated docs read.
protocol DeclaredOption: Sendable {
    var declared: CommandSpec.Option { get }
}

extension DeclaredOption {
    var name: String { declared.name }

    /// Whether the words name the option, with or without a value.
    func isGiven(in parsed: ParsedArguments) -> Bool { parsed.options[name] != nil }
}

/// One option of a command, typed: its entry in the spec and how its words read as a `Value` (a
/// flag as `Bool`, one word as `String?`, several as `[String]?`). A command declares its options
/// once, as the stored properties of its `Options`, and reads them by key path
/// (`arguments[\.output]`): an option misspelt, or one its spec does not declare, does not compile.
struct Option<Value: Sendable>: DeclaredOption {
    private(set) var declared: CommandSpec.Option
    private let read: @Sendable (ParsedArguments) -> Value

    private init(
        _ declared: CommandSpec.Option, read: @escaping @Sendable (ParsedArguments) -> Value
    ) {
        self.declared = declared
        self.read = read
    }

    /// The value in words parsed against a spec that declares the option: nil or false when not
    /// given.
    func value(in parsed: ParsedArguments) -> Value { read(parsed) }

    /// The same option, its help led by `prefix` (`serve`'s build options: «med --watch: …»).
    func helpLed(by prefix: String) -> Option {
        var option = self
        option.declared.help = prefix + declared.help
        return option
    }
}

extension Option where Value == Bool {
    /// A flag: true when given.
    init(flag name: String, help: String) {
        self.init(.init(name: name, valueName: nil, help: help)) { $0.options[name] != nil }
    }
}

extension Option where Value == String? {
    /// An option of one word (`--output MAPPE`).
    init(_ name: String, valueName: String, help: String) {
        self.init(.init(name: name, valueName: valueName, help: help)) { $0.options[name] }
    }
}

extension Option where Value == [String]? {
    /// An option of `count` words (`--at BREDDE LENGDE`), all of them.
    init(_ name: String, valueName: String, help: String, count: Int) {
        self.init(.init(name: name, valueName: valueName, help: help, valueCount: count)) {
            $0.multipleValues[name]
        }
    }
}

/// An option of one word checked as it is read (`--pick N`: a whole number from 1 to 10), by the
/// command's own rule and in its words. Read where the command always read it, so its checks keep
/// their order.
struct CheckedOption<Value: Sendable>: DeclaredOption {
    let declared: CommandSpec.Option
    private let check: @Sendable (String) throws -> Value

    init(
        _ name: String, valueName: String, help: String,
        check: @escaping @Sendable (String) throws -> Value
    ) {
        declared = .init(name: name, valueName: valueName, help: help)
        self.check = check
    }

    /// The checked value, or nil when the option is not given.
    func value(in parsed: ParsedArguments) throws -> Value? { try parsed.options[name].map(check) }
}

/// A command's options: one stored `Option` or `CheckedOption` each, `listed` in the order its help
/// lists them, which is its spec's list (`declared`). Listed by hand rather than found by
/// reflection, which would cost every run most of a millisecond; `CommandOptionsTests` checks that
/// `listed` has every stored option.
protocol CommandOptions: Sendable {
    init()
    var listed: [any DeclaredOption] { get }
}

extension CommandOptions {
    /// The spec's list of options.
    static var declared: [CommandSpec.Option] { Self().listed.map(\.declared) }

    /// The options at `paths`, in their order.
    func options(at paths: [PartialKeyPath<Self>]) -> [any DeclaredOption] {
        paths.compactMap { self[keyPath: $0] as? any DeclaredOption }
    }
}

/// A command's words as parsed against its spec, read through the command's own options, by key
/// path: `arguments[\.output]`, `try arguments[\.pick]`.
struct Arguments<Options: CommandOptions>: Sendable {
    let options = Options()
    private let parsed: ParsedArguments

    init(_ parsed: ParsedArguments) {
        self.parsed = parsed
    }

    var positionals: [String] { parsed.positionals }

    subscript<Value>(_ option: KeyPath<Options, Option<Value>>) -> Value {
        options[keyPath: option].value(in: parsed)
    }

    subscript<Value>(_ option: KeyPath<Options, CheckedOption<Value>>) -> Value? {
        get throws { try options[keyPath: option].value(in: parsed) }
    }

    /// Whether the option is given, its value unread (and so unchecked).
    func isGiven(_ option: KeyPath<Options, some DeclaredOption>) -> Bool {
        options[keyPath: option].isGiven(in: parsed)
    }

    /// The first of `candidates` given: one that belongs to another of the command's actions
    /// (`--reset` to `place add`), or that another option must come with.
    func firstGiven(_ candidates: [PartialKeyPath<Options>]) -> CommandSpec.Option? {
        options.options(at: candidates).first { $0.isGiven(in: parsed) }?.declared
    }
}

/// The options most commands take, declared once.
enum CommonOptions {
    static let site = Option<String?>(
        "--site", valueName: "MAPPE", help: "nettstedsmappen (standard: mappen du står i)")
    static let quiet = Option(flag: "--quiet", help: "ingen fremdriftsmeldinger")
}

/// A command without options (its help still lists `--help`).
struct NoOptions: CommandOptions {
    var listed: [any DeclaredOption] { [] }
}

/// `--site` alone.
struct SiteOptions: CommandOptions {
    let site = CommonOptions.site
    var listed: [any DeclaredOption] { [site] }
}

/// `--site` and `--quiet`.
struct SiteAndQuietOptions: CommandOptions {
    let site = CommonOptions.site
    let quiet = CommonOptions.quiet
    var listed: [any DeclaredOption] { [site, quiet] }
}
