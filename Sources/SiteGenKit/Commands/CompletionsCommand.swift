import BeaconSystem

/// `sitegen completions bash|zsh|fish`: a tab completion script for the
/// shell, generated from the command table (`CompletionScripts`), so it
/// never offers a command or option the tool does not have.
struct CompletionsCommand: Command {
    let spec = CommandSpec(
        name: "completions",
        usage: "sitegen completions bash|zsh|fish",
        summary:
            "Skriver et skript for tab-fullføring av kommandoer, valg, mapper og kategorier i bash, zsh eller fish.",
        details: """
            bash    sitegen completions bash > ~/.local/share/bash-completion/completions/sitegen
            zsh     sitegen completions zsh > ~/.zsh/completions/_sitegen (mappen må stå i fpath før compinit)
            fish    sitegen completions fish > ~/.config/fish/completions/sitegen.fish
            """,
        options: NoOptions.declared,
        minimumPositionals: 1,
        maximumPositionals: 1,
        subcommands: CompletionShell.allCases.map(\.rawValue)
    )

    func run(_ context: CommandContext, _ arguments: Arguments<NoOptions>) async throws
        -> ExitStatus
    {
        let name = arguments.positionals[0]
        guard let shell = CompletionShell(rawValue: name) else {
            let known = CompletionShell.allCases.map(\.rawValue)
            throw UsageError(
                "ukjent skall «\(name)» (bruk \(known.dropLast().joined(separator: ", ")) eller \(known.last!))",
                command: spec.name)
        }
        var script = CompletionScripts.script(for: shell)
        if script.hasSuffix("\n") { script.removeLast() }
        context.console.output(script)
        return .success
    }
}
