/// The parts of the repository's Markdown that describe the commands, generated from the command
/// table that `--help` prints (like the man page and the completions), so the README and
/// `docs/commands.md` cannot fall behind the tool. Each part stands between `<!-- generated: NAME
/// -->` and `<!-- end generated -->`; the text around it is written by hand. The docs are in
/// English, so this is the one place where the tool's sources hold English prose: it is never
/// printed by `sitegen`.
enum CommandReference {
    static let endMarker = "<!-- end generated -->"

    static func startMarker(_ name: String) -> String { "<!-- generated: \(name) -->" }

    /// The README's table of commands; its rows link to `document`'s sections.
    static let commandsTableName = "commands-table"

    /// The block of one command in `docs/commands.md`.
    static func usageBlockName(_ command: String) -> String { "usage " + command }

    /// What each command is for, in a line of English: the README's table. Keyed by the command's
    /// name (and the options that stand alone); a command missing here fails
    /// `CommandReferenceTests`.
    static let purposes: [String: String] = [
        "init":
            "makes a new site folder: settings, an empty store, `.gitignore` (`--sample`: the demo guide)",
        "build": "fetches the places, merges ratings and favorites, writes the site into `output/`",
        "rate": "adds a rating of 1–5 stars, with an optional comment and date, as its own entry",
        "ratings": "a place's ratings, newest first, with the average and the rounded star",
        "favorite": "adds a place to the favorites («Mine steder») or removes it",
        "favorites": "lists the favorites",
        "list":
            "makes, renames, describes or deletes one of your lists, and adds, removes, orders and notes its places",
        "lists":
            "your lists («Mine steder» first), with their counts and the addresses of their pages",
        "place":
            "adds your own place, corrects or notes a place from the data, hides one, or removes your own",
        "places":
            "lists the guide's places, or only your own (`--own`), hidden (`--hidden`) or corrected (`--edited`)",
        "import":
            "brings saved places in from Google Takeout, a Google Maps list (CSV), My Maps (KML/KMZ), GPX, GeoJSON or Overpass",
        "photo":
            "adds your photos of a place (copied into `photos/`, one file per picture), removes, lists or orders them",
        "search":
            "the explorer's search, filters and orders in the terminal (the same rules as the page)",
        "categories":
            "the kinds of place a guide can hold, and which the site uses in its order (`--json`, `--names`)",
        "radius": "shows or sets the radius (1–10 km) the next build fetches within",
        "center": "shows the centre, sets it, or looks an address up with Geoapify",
        "share":
            "writes the favorites, or one of your lists (`--list`), as one self-contained HTML file, in the language asked for",
        "serve":
            "previews the built site on http://127.0.0.1:8000/; `--watch` rebuilds and reloads on changes",
        "assets":
            "lists the built-in stylesheet, scripts and icons, or copies them into `assets/` to change",
        "sanitize": "shows how a comment (Markdown) will be rendered on the pages",
        "completions": "prints a tab-completion script for bash, zsh or fish",
        "help": "the overview, one command's help, or the whole manual as a man page (`--man`)",
        "--help": "the overview of the commands",
        "--version": "the version and the commit it was built from",
    ]

    /// The heading of a command's section in `docs/commands.md`, and the anchor GitHub gives it.
    static func heading(_ command: String) -> String { "## `sitegen \(command)`" }
    static func anchor(_ command: String) -> String { "sitegen-" + command }

    /// The README's table: each command as it is typed (with its sub-commands), linked to its
    /// section.
    static func commandsTable(
        _ table: CommandTable = .current, document: String = "docs/commands.md"
    ) -> String {
        var lines = ["| command | what it is for |", "| --- | --- |"]
        for spec in table.commands + [table.help] {
            let subcommands =
                spec.subcommands.isEmpty ? "" : " " + spec.subcommands.joined(separator: "|")
            let typed = "sitegen " + spec.name + subcommands
            lines.append(
                row([
                    "[`\(typed)`](\(document)#\(anchor(spec.name)))",
                    purpose(spec.name, spec.summary),
                ]))
        }
        for option in table.globalOptions {
            lines.append(
                row([
                    "[`sitegen \(option.name)`](\(document)#\(anchor(table.help.name)))",
                    purpose(option.name, option.help),
                ]))
        }
        return lines.joined(separator: "\n")
    }

    /// A command's block: the usage line `sitegen COMMAND --help` prints, its summary and its
    /// options, as `--help` words them (in Norwegian). `help` also names the options that stand
    /// alone.
    static func usageBlock(_ spec: CommandSpec, table: CommandTable = .current) -> String {
        let standing = spec.name == table.help.name ? table.globalOptions : []
        var lines =
            ["```text", spec.usage] + standing.map { "sitegen " + $0.name } + [
                "```", "", spec.summary, "",
            ]
        lines += ["| option | what `--help` says |", "| --- | --- |"]
        for option in CommandTable.options(of: spec) {
            let typed = option.name + (option.valueName.map { " " + $0 } ?? "")
            lines.append(row(["`\(typed)`", option.help]))
        }
        for option in standing {
            lines.append(row(["`sitegen \(option.name)`", option.help]))
        }
        return lines.joined(separator: "\n")
    }

    /// The generated blocks of the README (`document`: where the table's links go).
    static func readmeBlocks(
        _ table: CommandTable = .current,
        document: String = "docs/commands.md"
    ) -> [String: String] {
        [commandsTableName: commandsTable(table, document: document)]
    }

    /// The generated blocks of `docs/commands.md`, in the table's order.
    static func commandBlocks(_ table: CommandTable = .current) -> [(
        name: String, command: String, text: String
    )] {
        (table.commands + [table.help]).map {
            (usageBlockName($0.name), $0.name, usageBlock($0, table: table))
        }
    }

    /// A document with its generated blocks replaced by `blocks`. `unknown`: markers no block has
    /// (a command gone from the table); `missing`: blocks without a marker in the document.
    struct Refreshed: Equatable {
        var text: String
        var unknown: [String] = []
        var missing: [String] = []
    }

    static func refresh(_ text: String, blocks: [String: String]) -> Refreshed {
        var result: [Substring] = []
        var unknown: [String] = []
        var seen: Set<String> = []
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        var index = 0
        while index < lines.count {
            let line = lines[index]
            result.append(line)
            index += 1
            guard let name = markerName(line) else { continue }
            // The old block runs to the next end marker; without one, the rest is kept as it is.
            guard let end = lines[index...].firstIndex(where: { $0 == endMarker }) else {
                unknown.append(name)
                continue
            }
            if let block = blocks[name] {
                seen.insert(name)
                result += block.split(separator: "\n", omittingEmptySubsequences: false)
            } else {
                unknown.append(name)
                result += lines[index..<end]
            }
            result.append(lines[end])
            index = end + 1
        }
        let missing = blocks.keys.filter { !seen.contains($0) }.sorted()
        return Refreshed(text: result.joined(separator: "\n"), unknown: unknown, missing: missing)
    }

    /// `docs/commands.md` refreshed, with a section (heading and block) added at the end for each
    /// command the table has and the document does not yet describe.
    static func refreshCommandsDocument(_ text: String, table: CommandTable = .current) -> Refreshed
    {
        let blocks = commandBlocks(table)
        var refreshed = refresh(
            text, blocks: Dictionary(uniqueKeysWithValues: blocks.map { ($0.name, $0.text) }))
        for block in blocks where refreshed.missing.contains(block.name) {
            if !refreshed.text.hasSuffix("\n") { refreshed.text += "\n" }
            refreshed.text +=
                "\n" + heading(block.command) + "\n\n" + startMarker(block.name) + "\n"
                + block.text + "\n" + endMarker + "\n"
        }
        return refreshed
    }

    static func markerName(_ line: Substring) -> String? {
        let prefix = "<!-- generated: "
        let suffix = " -->"
        guard line.hasPrefix(prefix), line.hasSuffix(suffix),
            line.count > prefix.count + suffix.count
        else {
            return nil
        }
        return String(line.dropFirst(prefix.count).dropLast(suffix.count))
    }

    /// The English purpose, or the `--help` summary until one is written.
    static func purpose(_ name: String, _ fallback: String) -> String { purposes[name] ?? fallback }

    /// A Markdown table row; `|` inside a cell (also inside code) is escaped, as GitHub's tables
    /// need.
    static func row(_ cells: [String]) -> String {
        "| " + cells.map { $0.replacing("|", with: "\\|") }.joined(separator: " | ") + " |"
    }
}
