import Testing

@testable import SiteBuild
@testable import SiteGenKit

/// A command reads its options by key path into its own `Options`, so one it does not have does not
/// compile. What the compiler cannot see is whether `Options` lists every option it holds: one left
/// out of `listed` would be read but never parsed (the spec, made from `listed`, would refuse it).
/// These tests see it, by reflection, which the tool itself does without.
@Suite struct CommandOptionsTests {
    /// The names of the options a value holds as stored properties, in their order.
    static func stored(_ options: some CommandOptions) -> [String] {
        Mirror(reflecting: options).children.compactMap { ($0.value as? any DeclaredOption)?.name }
    }

    struct Checked {
        var command: String
        var spec: [String]
        var listed: [String]
        var stored: [String]
    }

    static func check<C: Command>(_ command: C) -> Checked {
        Checked(
            command: command.spec.name, spec: command.spec.options.map(\.name),
            listed: C.Options.declared.map(\.name), stored: stored(C.Options()))
    }

    /// Every command's spec is made from its `Options`, which lists each option it holds once, in
    /// order.
    @Test func everyCommandsSpecListsEveryOptionItCanRead() {
        #expect(CommandLineTool.commands.count == 21)
        for command in CommandLineTool.commands {
            let checked = Self.check(command)
            #expect(checked.spec == checked.listed, "\(checked.command)")
            #expect(
                checked.listed == checked.stored, "\(checked.command): listed \(checked.listed)")
            #expect(
                Set(checked.spec).count == checked.spec.count,
                "\(checked.command) names an option twice")
            // `--help` is every command's, added to the help by `CommandSpec.helpText`.
            #expect(!checked.spec.contains(CommandSpec.helpOption.name), "\(checked.command)")
        }
    }

    /// The options `serve --watch` shares with `build` are the build's, worded for `--watch`.
    @Test func serveTakesTheBuildsInputs() {
        let build = BuildCommand.Options().options(at: BuildCommand.Options.inputs).map(\.declared)
        let serve = ServeCommand.Options().options(at: ServeCommand.Options.inputs).map(\.declared)
        #expect(
            build.map(\.name) == ["--places", "--category", "--refresh", "--offline", "--force"])
        #expect(serve.map(\.name) == build.map(\.name))
        #expect(serve.map(\.help) == build.map { "med --watch: " + $0.help })
    }

    /// Each kind of option reads as its type: a flag, one word, several words, a checked number.
    @Test func optionsReadAsTheirTypes() throws {
        func parse<Options: CommandOptions>(_ words: [String], as _: Options.Type) throws
            -> Arguments<Options>
        {
            let spec = CommandSpec(
                name: "test", usage: "", summary: "", options: Options.declared,
                maximumPositionals: 2)
            return Arguments(try ParsedArguments.parse(words, spec: spec))
        }
        let place = try parse(
            ["--at", "59.9", "10.7", "--reset", "--name=Ny"], as: PlaceCommand.Options.self)
        #expect(place[\.at] == ["59.9", "10.7"])
        #expect(place[\.reset] && !place[\.quiet])
        #expect(place[\.name] == "Ny" && place[\.note] == nil)
        #expect(place.firstGiven([\.reason, \.reset, \.name])?.name == "--reset")
        #expect(place.firstGiven([\.reason, \.site]) == nil)

        let center = try parse(
            ["search", "Storgata 1", "--pick", "3"], as: CenterCommand.Options.self)
        #expect(try center[\.pick] == 3)
        #expect(center.positionals == ["search", "Storgata 1"])
        let wrong = try parse(["--pick", "11"], as: CenterCommand.Options.self)
        #expect(wrong.isGiven(\.pick))
        #expect(throws: InvalidInput.self) { try wrong[\.pick] }
        #expect(try parse([], as: CenterCommand.Options.self)[\.pick] == nil)
    }
}
