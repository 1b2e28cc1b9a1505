import Foundation
import Testing

@testable import BeaconModel
@testable import BeaconSite
@testable import BeaconSystem
@testable import SiteBuild
@testable import SiteGenKit

/// Shell completions and the man page: generated from the command table, so
/// the expectations here are computed from it too, and the scripts are run by
/// the real shells where they are installed.
@Suite struct CompletionTests {
    static let table = CommandTable.current

    /// Runs sitegen in-process and returns its status, standard output and standard error.
    func run(_ arguments: [String]) async -> (status: Int32, output: String, error: String) {
        let console = CapturingConsole()
        let status = await CommandLineTool.run(
            arguments: arguments, environment: [:], console: console)
        return (status, console.outputText, console.errorText)
    }

    /// The script `sitegen completions SHELL` prints, in a temporary file.
    func scriptFile(_ shell: String) async throws -> (path: String, text: String) {
        let result = await run(["completions", shell])
        #expect(result.status == 0, "\(result.error)")
        let folder = Self.scratch + "/" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let path = folder + "/sitegen." + shell
        try (result.output + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        return (path, result.output)
    }

    /// The scripts and the folder on PATH, in one folder removed when the tests end.
    static let scratch: String = {
        let folder = NSTemporaryDirectory() + "sitegen-completions-\(UUID().uuidString)"
        try! FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(atPath: CompletionTests.scratch) }
        return folder
    }()

    static func quoted(_ word: String) -> String {
        "'" + word.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }

    /// A folder holding only a link named `sitegen` to the binary under test: on PATH, the scripts'
    /// `sitegen categories --names` runs it. Without it on PATH (the default), no `sitegen` is
    /// found (not even one installed on this machine), and KATEGORI gets the built-in list.
    static let sitegenOnPath: String = {
        let folder = scratch + "/path"
        try! FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try! FileManager.default.createSymbolicLink(
            atPath: folder + "/sitegen", withDestinationPath: Repository.sitegenBinary)
        return folder
    }()

    static func path(withSitegen: Bool) -> String {
        (withSitegen ? sitegenOnPath + ":" : "") + "/usr/bin:/bin"
    }

    /// What bash's completion offers for `words` (the last one is the word being
    /// completed): sources the script in a real bash, sets COMP_WORDS,
    /// COMP_CWORD, COMP_LINE and COMP_POINT as readline would, calls the function.
    /// `current`: the word being completed when it is not the last (the cursor back in the line).
    func bashCompletes(
        _ words: [String], script: String, in directory: String? = nil, withSitegen: Bool = false,
        current: Int? = nil
    ) throws -> [String] {
        let line = words.joined(separator: " ")
        let current = current ?? words.count - 1
        let program = """
            source \(Self.quoted(script)) || exit 3
            COMP_WORDS=(\(words.map(Self.quoted).joined(separator: " ")))
            COMP_CWORD=\(current)
            COMP_LINE=\(Self.quoted(line))
            COMP_POINT=\(words[...current].joined(separator: " ").utf8.count)
            _sitegen || exit 4
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        let result = try Sitegen.run(
            ["--norc", "--noprofile", "-c", program], in: directory,
            environment: ["PATH": Self.path(withSitegen: withSitegen)], executable: "/bin/bash")
        #expect(result.status == 0, "\(result.stderr)")
        return result.stdout.split(separator: "\n").map(String.init)
    }

    func spec(_ name: String) throws -> CommandSpec {
        try #require(Self.table.entries.first { $0.name == name })
    }

    @Test func bashRegistersAndCompletesCommandsOptionsAndValues() async throws {
        let script = try await scriptFile("bash").path
        let registration = try Sitegen.run(
            [
                "--norc", "--noprofile", "-c",
                "source \(Self.quoted(script)) && complete -p sitegen",
            ],
            executable: "/bin/bash")
        #expect(registration.status == 0, "\(registration.stderr)")
        #expect(
            registration.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
                == "complete -F _sitegen sitegen")

        // sitegen ra<TAB>: every command in the table that starts with "ra", in table order.
        let commands = try bashCompletes(["sitegen", "ra"], script: script)
        let expected = (Self.table.entries.map(\.name) + Self.table.globalOptions.map(\.name))
            .filter {
                $0.hasPrefix("ra")
            }
        #expect(commands == expected)
        #expect(
            commands.contains("rate") && commands.contains("ratings") && commands.contains("radius")
        )
        #expect(!commands.contains("build"))
        #expect(
            try bashCompletes(["sitegen", ""], script: script).count == Self.table.entries.count
                + Self.table.globalOptions.count)
        #expect(try bashCompletes(["sitegen", "--v"], script: script) == ["--version"])

        // sitegen build --cat<TAB>
        #expect(try bashCompletes(["sitegen", "build", "--cat"], script: script) == ["--category"])
        let buildOptions = try CommandTable.options(of: spec("build")).map(\.name)
        #expect(try bashCompletes(["sitegen", "build", "--"], script: script) == buildOptions)

        // sitegen build --category <TAB>, also as --category=<TAB>
        let categories = PlaceCategory.presets.flatMap(\.commandLineNames)
        #expect(
            try bashCompletes(["sitegen", "build", "--category", ""], script: script) == categories)
        #expect(
            categories.contains("restaurant") && categories.contains("kafe")
                && categories.contains("hotell"))
        #expect(
            try bashCompletes(["sitegen", "build", "--category", "=", "ho"], script: script) == [
                "hotel", "hotell", "hoteller", "hostel",
            ])
        #expect(
            try bashCompletes(["sitegen", "search", "--category", "ka"], script: script) == [
                "kafe", "kafeer",
            ])
        #expect(
            try bashCompletes(["sitegen", "search", "--sort", ""], script: script)
                == PlaceQuery.Sort.allCases.map(\.rawValue))

        // The first argument of a command with subcommands, after options and their values.
        #expect(
            try bashCompletes(["sitegen", "center", ""], script: script) == [
                "show", "set", "search",
            ])
        #expect(
            try bashCompletes(["sitegen", "center", "--site", ".", "s"], script: script) == [
                "show", "set", "search",
            ])
        #expect(
            try bashCompletes(["sitegen", "center", "set", "--"], script: script)
                == CommandTable.options(of: spec("center")).map(\.name))
        #expect(
            try bashCompletes(["sitegen", "completions", ""], script: script)
                == CompletionShell.allCases.map(\.rawValue))
        #expect(
            try bashCompletes(["sitegen", "help", "ra"], script: script)
                == Self.table.commands.map(\.name).filter { $0.hasPrefix("ra") })
        // A value the shell cannot list gets nothing, not the options.
        #expect(try bashCompletes(["sitegen", "rate", "--comment", ""], script: script).isEmpty)
        #expect(try bashCompletes(["sitegen", "bygg", ""], script: script).isEmpty)
    }

    @Test func bashCompletesFoldersAndFilesForMappeAndFil() async throws {
        let script = try await scriptFile("bash").path
        let folder = NSTemporaryDirectory() + "sitegen-paths-\(UUID().uuidString)"
        try FileManager.default.createDirectory(
            atPath: folder + "/alpha dir", withIntermediateDirectories: true)
        try "x".write(toFile: folder + "/alpha.json", atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(
            try bashCompletes(["sitegen", "build", "--site", "al"], script: script, in: folder) == [
                "alpha dir"
            ])
        #expect(
            try bashCompletes(["sitegen", "serve", "--output", "al"], script: script, in: folder)
                == ["alpha dir"])
        #expect(
            Set(
                try bashCompletes(
                    ["sitegen", "build", "--places", "al"], script: script, in: folder)) == [
                    "alpha dir", "alpha.json",
                ])
        // share --output is a file (FIL), build --output a folder (MAPPE).
        #expect(
            Set(
                try bashCompletes(
                    ["sitegen", "share", "--output", "al"], script: script, in: folder)) == [
                    "alpha dir", "alpha.json",
                ])
    }

    @Test func zshAndFishScriptsHaveEveryCommandAndOption() async throws {
        let zsh = try await scriptFile("zsh").text
        let fish = try await scriptFile("fish").text
        #expect(zsh.hasPrefix("#compdef sitegen\n"))
        for spec in Self.table.entries {
            #expect(zsh.contains("'\(spec.name):\(spec.summary)'"), "zsh: \(spec.name)")
            #expect(
                fish.contains(
                    "complete -c sitegen -n __sitegen_needs_command -a '\(spec.name)' -d "),
                "fish: \(spec.name)")
            // zsh: the command's own `_arguments` branch lists each option.
            let branch = try #require(
                zsh.components(separatedBy: "        (\(spec.name))\n").dropFirst().first?
                    .components(separatedBy: ";;")
                    .first)
            for option in CommandTable.options(of: spec) {
                #expect(
                    branch.contains(
                        "'\(option.name)\(option.takesValue && option.valueCount == 1 ? "=" : "")["),
                    "zsh: \(spec.name) \(option.name)")
                #expect(
                    fish.contains(
                        "complete -c sitegen -n '__sitegen_using \(spec.name)' -l \(option.name.dropFirst(2))"
                    ),
                    "fish: \(spec.name) \(option.name)")
            }
        }
        for option in Self.table.globalOptions {
            #expect(zsh.contains("'(- :)\(option.name)["))
            #expect(fish.contains("-n __sitegen_needs_command -l \(option.name.dropFirst(2))"))
        }
        #expect(zsh.contains("--places=[") && zsh.contains("_files -/"))
        let categories = PlaceCategory.presets.flatMap(\.commandLineNames).joined(separator: " ")
        // KATEGORI: the guide's own, with every preset's names where there is no guide.
        #expect(
            zsh.contains("--category=[")
                && zsh.contains(":KATEGORI:{_sitegen_categories \(categories)}'"))
        #expect(fish.contains("-l category -x -a '(__sitegen_categories \(categories))'"))
    }

    @Test(.enabled(if: Shells.path("zsh") != nil)) func zshParsesTheScript() async throws {
        let script = try await scriptFile("zsh").path
        let check = try Sitegen.run(["-n", script], executable: try #require(Shells.path("zsh")))
        #expect(check.status == 0, "\(check.stderr)")
    }

    /// What fish's own completion (`complete -C`) offers for `line`, with the script sourced.
    func fishCompletes(
        _ line: String, script: String, in directory: String? = nil, withSitegen: Bool = false
    ) throws -> Set<String> {
        let fish = try #require(Shells.path("fish"))
        let home = NSTemporaryDirectory() + "sitegen-fish-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: home) }
        let result = try Sitegen.run(
            [
                "--no-config", "-c",
                "source \(Self.quoted(script)); complete -C \(Self.quoted(line))",
            ], in: directory,
            environment: [
                "HOME": home, "XDG_CONFIG_HOME": home, "XDG_DATA_HOME": home,
                "PATH": Self.path(withSitegen: withSitegen),
            ], executable: fish)
        #expect(result.status == 0, "\(result.stderr)")
        return Set(
            result.stdout.split(separator: "\n").map {
                String($0.split(separator: "\t", maxSplits: 1)[0])
            })
    }

    @Test(.enabled(if: Shells.path("fish") != nil)) func fishParsesAndCompletes() async throws {
        let script = try await scriptFile("fish").path
        let fish = try #require(Shells.path("fish"))
        let check = try Sitegen.run(["--no-execute", script], executable: fish)
        #expect(check.status == 0, "\(check.stderr)")
        // fish can complete a command line itself: `complete -C`.
        func completes(_ line: String) throws -> Set<String> {
            try fishCompletes(line, script: script)
        }
        #expect(
            try completes("sitegen ra")
                == Set(Self.table.entries.map(\.name).filter { $0.hasPrefix("ra") }))
        #expect(try completes("sitegen build --cat") == ["--category"])
        #expect(
            try completes("sitegen build --category ")
                == Set(PlaceCategory.presets.flatMap(\.commandLineNames)))
        #expect(try completes("sitegen center ") == ["show", "set", "search"])
        #expect(try completes("sitegen center search ").isEmpty)
    }

    // MARK: the guide's own categories

    /// Two folders side by side: a guide of bars, pubs and cafés, and a folder that is no guide.
    static func guideAndElsewhere() throws -> (tree: String, guide: String, elsewhere: String) {
        let tree = NSTemporaryDirectory() + "sitegen-kinds-\(UUID().uuidString)"
        let guide = tree + "/min guide"
        let elsewhere = tree + "/annet"
        for folder in [guide, elsewhere] {
            try FileManager.default.createDirectory(
                atPath: folder, withIntermediateDirectories: true)
        }
        try #"{"format":1,"categories":["pub","bar","cafe"]}"#.write(
            toFile: guide + "/" + SiteSettings.fileName, atomically: true, encoding: .utf8)
        return (tree, guide, elsewhere)
    }

    static let guidesNames = ["pub", "puber", "bar", "barer", "cafe", "kafe", "kafeer"]

    /// Every script asks `sitegen categories --names` for KATEGORI's values, passing on the line's
    /// `--site`, and keeps every preset's names for when that fails.
    @Test(arguments: CompletionShell.allCases)
    func everyScriptAsksTheGuideForItsCategories(shell: CompletionShell) async throws {
        let script = try await scriptFile(shell.rawValue).text
        let presets = PlaceCategory.presets.flatMap(\.commandLineNames).joined(separator: " ")
        #expect(script.contains("command sitegen categories --names"), "\(shell)")
        #expect(script.contains("2>/dev/null"), "\(shell)")
        switch shell {
        case .bash:
            #expect(script.contains("_sitegen_categories() {"))
            #expect(script.contains("--category) _sitegen_categories '\(presets)'; return 0 ;;"))
            #expect(script.contains("args=(--site \"$site\")"))
            #expect(script.contains("_sitegen_words \"$names\""))
        case .zsh:
            #expect(script.contains("_sitegen_categories() {"))
            #expect(script.contains(":KATEGORI:{_sitegen_categories \(presets)}'"))
            #expect(script.contains("opt_args[--site]"))
        case .fish:
            #expect(script.contains("function __sitegen_categories"))
            #expect(script.contains("-l category -x -a '(__sitegen_categories \(presets))'"))
            #expect(script.contains("set args --site $site"))
        }
        // Only KATEGORI asks: --categories of init (a list) and the other values do not.
        let calls = script.components(separatedBy: "_sitegen_categories ").count - 1
        let categoryOptions = Self.table.entries.flatMap { CommandTable.options(of: $0) }.filter {
            $0.valueName == "KATEGORI"
        }
        #expect(calls == categoryOptions.count, "\(shell)")
    }

    /// bash, run for real with the binary on PATH: the guide's names in the guide or with `--site`
    /// (also `--site=` and a quoted folder), every preset's where there is no guide or it does not
    /// read.
    @Test func bashCompletesTheGuidesOwnCategories() async throws {
        let script = try await scriptFile("bash").path
        let (tree, guide, elsewhere) = try Self.guideAndElsewhere()
        defer { try? FileManager.default.removeItem(atPath: tree) }
        let presets = PlaceCategory.presets.flatMap(\.commandLineNames)
        func completes(_ words: [String], in folder: String, current: Int? = nil) throws -> [String]
        {
            try bashCompletes(
                words, script: script, in: folder, withSitegen: true, current: current)
        }
        #expect(
            try completes(["sitegen", "search", "--category", ""], in: guide) == Self.guidesNames)
        #expect(
            try completes(["sitegen", "build", "--category", "ka"], in: guide) == [
                "kafe", "kafeer",
            ])
        #expect(
            try completes(["sitegen", "build", "--category", "=", "p"], in: guide) == [
                "pub", "puber",
            ])
        // Elsewhere: the guide named on the line, however it is written.
        #expect(
            try completes(["sitegen", "search", "--site", guide, "--category", ""], in: elsewhere)
                == Self.guidesNames)
        #expect(
            try completes(
                ["sitegen", "search", "--site", "=", "../min guide", "--category", "b"],
                in: elsewhere) == [
                    "bar", "barer",
                ])
        #expect(
            try completes(
                ["sitegen", "search", "--site", "'\(guide)'", "--category", "b"], in: elsewhere)
                == [
                    "bar", "barer",
                ])
        #expect(
            try completes(
                ["sitegen", "search", "--site", "../min\\ guide", "--category", "b"], in: elsewhere)
                == [
                    "bar", "barer",
                ])
        // The cursor back before a --site already on the line.
        #expect(
            try completes(
                ["sitegen", "build", "--category", "", "--site", guide], in: elsewhere, current: 3)
                == Self.guidesNames)
        // No guide here, or none there: every preset's names.
        #expect(try completes(["sitegen", "search", "--category", ""], in: elsewhere) == presets)
        #expect(
            try completes(
                ["sitegen", "search", "--site", tree + "/ingen", "--category", "ho"], in: guide)
                == [
                    "hotel", "hotell", "hoteller", "hostel",
                ])
        // A guide whose settings do not read fails the command: the presets, and no message on the
        // line.
        try "{".write(
            toFile: elsewhere + "/" + SiteSettings.fileName, atomically: true, encoding: .utf8)
        #expect(
            try completes(["sitegen", "search", "--category", "pu"], in: elsewhere) == [
                "pub", "puber",
            ])
        #expect(try completes(["sitegen", "search", "--category", ""], in: elsewhere) == presets)
    }

    @Test(.enabled(if: Shells.path("fish") != nil)) func fishCompletesTheGuidesOwnCategories()
        async throws
    {
        let script = try await scriptFile("fish").path
        let (tree, guide, elsewhere) = try Self.guideAndElsewhere()
        defer { try? FileManager.default.removeItem(atPath: tree) }
        func completes(_ line: String, in folder: String) throws -> Set<String> {
            try fishCompletes(line, script: script, in: folder, withSitegen: true)
        }
        #expect(try completes("sitegen search --category ", in: guide) == Set(Self.guidesNames))
        #expect(
            try completes("sitegen search --site '\(guide)' --category b", in: elsewhere) == [
                "bar", "barer",
            ])
        #expect(
            try completes("sitegen search --site=../min\\ guide --category b", in: elsewhere) == [
                "bar", "barer",
            ])
        #expect(
            try completes("sitegen search --category ", in: elsewhere)
                == Set(PlaceCategory.presets.flatMap(\.commandLineNames)))
    }

    /// Adding a command to the table changes every script and the man page:
    /// nothing in the generators lists commands.
    @Test func aNewCommandInTheTableAppearsEverywhere() throws {
        var table = Self.table
        table.commands.append(
            CommandSpec(
                name: "demo", usage: "sitegen demo [--center BREDDE] [--sample]",
                summary: "En kommando bare denne testen har.",
                options: [
                    .init(name: "--center", valueName: "BREDDE", help: "senteret"),
                    .init(name: "--sample", valueName: nil, help: "med eksempeldata"),
                ],
                subcommands: ["here"]))
        let bash = CompletionScripts.bash(table)
        #expect(bash.contains("'init build rate") && bash.contains(" demo help --help --version'"))
        #expect(bash.contains("        demo)\n"))
        #expect(bash.contains("options='--center --sample --help'"))
        #expect(bash.contains("subcommands='here'"))
        #expect(CompletionScripts.zsh(table).contains("'--sample[med eksempeldata]'"))
        #expect(
            CompletionScripts.fish(table).contains(
                "complete -c sitegen -n '__sitegen_using demo' -l center -x -d 'senteret'"))
        #expect(ManPage.render(table).contains("\n.SS demo\n"))
        #expect(!CompletionScripts.bash(Self.table).contains("        demo)\n"))
    }

    @Test func everyOfferedCategoryNameIsAccepted() {
        for category in PlaceCategory.presets {
            for name in category.commandLineNames {
                #expect(PlaceCategory(userInput: name) == category, "\(name)")
            }
        }
        // Accepted, but not offered.
        #expect(PlaceCategory(userInput: "Kafé") == .cafe)
        #expect(PlaceCategory(userInput: "restaurants") == .restaurant)
        #expect(PlaceCategory(userInput: "accommodation.hotel") == .hotel)
        #expect(PlaceCategory(userInput: "bowling") == nil)
    }

    @Test func unknownOrMissingShellIsAUsageError() async throws {
        let unknown = await run(["completions", "tcsh"])
        #expect(unknown.status == 64)
        #expect(unknown.output.isEmpty)
        #expect(unknown.error.contains("ukjent skall «tcsh» (bruk bash, zsh eller fish)"))
        let missing = await run(["completions"])
        #expect(missing.status == 64)
        // The binary prints the same script as the in-process command.
        let binary = try Sitegen.run(["completions", "fish"])
        #expect(binary.status == 0, "\(binary.stderr)")
        #expect(binary.stdout == CompletionScripts.fish(Self.table))
    }

    // MARK: man page

    /// An option name as the page writes it: roff's `\-` for each hyphen.
    static func roff(_ text: String) -> String { text.replacingOccurrences(of: "-", with: #"\-"#) }

    @Test func manPageHasEveryCommandOptionAndStatus() async throws {
        let result = await run(["help", "--man"])
        #expect(result.status == 0, "\(result.error)")
        let page = result.output
        #expect(page.contains("\n.TH SITEGEN 1 "))
        for section in [
            "NAVN", "OVERSIKT", "BESKRIVELSE", "KOMMANDOER", #"MILJ\[u00D8]"#, "FILER",
            "AVSLUTNINGSSTATUS",
        ] {
            #expect(page.contains("\n.SH \(section)\n"), "\(section)")
        }
        #expect(page.contains("\nsitegen \\- lager"))
        for spec in Self.table.entries {
            #expect(page.contains("\n.SS \(spec.name)\n"), "\(spec.name)")
            for option in CommandTable.options(of: spec) {
                #expect(
                    page.contains(#"\fB"# + Self.roff(option.name) + #"\fR"#),
                    "\(spec.name) \(option.name)")
            }
        }
        for name in [
            "GEOAPIFY_API_KEY", "BEACON_LEAFLET_DIR", "NO_COLOR", "beacon\\-settings.json",
            "beacon\\-store.json",
            "output/", ".beacon\\-cache/",
        ] {
            #expect(page.contains(#".TP"# + "\n" + #"\fB"# + name), "\(name)")
        }
        for status in ExitStatus.allCases {
            #expect(page.contains(".TP\n\\fB\(status.rawValue)\\fR\n"), "\(status)")
        }
        // Escaped throughout: ASCII only, every hyphen `\-`, no text line that roff would read as a
        // request.
        let requests: Set<String> = [".TH", ".SH", ".SS", ".PP", ".TP", ".br", ".nh"]
        for line in page.split(separator: "\n") where !line.hasPrefix(#".\""#) {
            #expect(line.unicodeScalars.allSatisfy { $0.isASCII }, "\(line)")
            #expect(!line.replacingOccurrences(of: #"\-"#, with: "").contains("-"), "\(line)")
            if line.hasPrefix(".") || line.hasPrefix("'") {
                #expect(requests.contains(String(line.prefix(3))), "\(line)")
            }
        }
    }

    @Test func roffEscaping() {
        var page = ManPage.Page()
        page.text(".beacon-cache/ er en mappe\n'sitert'\nC:\\sti å")
        #expect(
            page.lines == [#"\&.beacon\-cache/ er en mappe"#, #"\&'sitert'"#, #"C:\esti \[u00E5]"#])
        #expect(ManPage.escaped("→") == #"\[u2192]"#)
        #expect(ManPage.escaped("😀") == #"\[u1F600]"#)
    }

    @Test(.enabled(if: Shells.path("groff") != nil)) func manPageRendersWithoutWarnings()
        async throws
    {
        let page = await run(["help", "--man"]).output
        let file = NSTemporaryDirectory() + "sitegen-\(UUID().uuidString).1"
        try (page + "\n").write(toFile: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: file) }
        let groff = try Sitegen.run(
            ["-man", "-Tutf8", "-ww", "-z", file], executable: try #require(Shells.path("groff")))
        #expect(groff.status == 0)
        #expect(groff.stderr.isEmpty, "\(groff.stderr)")
        if let man = Shells.path("man") {
            let rendered = try Sitegen.run(
                ["-l", file],
                environment: [
                    "MANWIDTH": "100", "LC_ALL": "C.UTF-8", "MANPAGER": "cat", "PAGER": "cat",
                ],
                executable: man)
            #expect(rendered.status == 0, "\(rendered.stderr)")
            // Option names come out as the ASCII hyphens people type.
            #expect(rendered.stdout.contains("--category KATEGORI"))
            #expect(rendered.stdout.contains("MILJØ"))
        }
    }
}

/// Finds a program on PATH, for tests that need a shell or formatter that may not be installed.
enum Shells {
    static func path(_ name: String) -> String? {
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(
            separator: ":")
        return folders.map { "\($0)/\(name)" }.first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
    }
}
