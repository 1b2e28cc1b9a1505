import Foundation
import Testing

@testable import BeaconSystem
@testable import SiteBuild
@testable import SiteGenKit

/// The README's commands table and the usage blocks of `docs/commands.md` are generated from the
/// command table `--help` prints (`CommandReference`). These tests fail when the checked-in files
/// differ from what the table gives; after an intended change to a command, rewrite them with
///
///     scripts/update-docs        (UPDATE_GOLDEN=1 swift test --filter CommandReferenceTests)
///
/// and review the diff (a new command also gets a section at the end of `docs/commands.md` to fill
/// in).
@Suite struct CommandReferenceTests {
    static let table = CommandTable.current
    static let readme = "README.md"
    static let commands = "docs/commands.md"

    static var updating: Bool { ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] == "1" }

    static func read(_ file: String) throws -> String {
        try String(contentsOfFile: Repository.root + "/" + file, encoding: .utf8)
    }

    /// Checks `file` against its refreshed text, or writes that text when updating.
    func check(_ file: String, _ refreshed: CommandReference.Refreshed, was text: String) throws {
        #expect(
            refreshed.unknown.isEmpty,
            "\(file) has generated blocks the table does not: \(refreshed.unknown)")
        if Self.updating {
            if refreshed.text != text {
                try FileSystem.writeAtomically(
                    Array(refreshed.text.utf8), to: Repository.root + "/" + file)
            }
            return
        }
        #expect(
            refreshed.missing.isEmpty,
            "\(file) lacks blocks for \(refreshed.missing); run scripts/update-docs")
        if refreshed.text != text {
            let actual =
                NSTemporaryDirectory() + "/command-reference-"
                + file.replacingOccurrences(of: "/", with: "-")
            try FileSystem.writeAtomically(Array(refreshed.text.utf8), to: actual)
            Issue.record(
                """
                \(file) differs from the command table; what it should be is in \(actual) \
                (diff it, then run scripts/update-docs)
                """)
        }
    }

    @Test func readmeTableIsTheCommandTable() throws {
        let text = try Self.read(Self.readme)
        let refreshed = CommandReference.refresh(text, blocks: CommandReference.readmeBlocks())
        // Where the table goes is the README's choice: updating cannot put a lost marker back.
        #expect(
            refreshed.missing.isEmpty, "README.md has no <!-- generated: commands-table --> block")
        try check(Self.readme, refreshed, was: text)
    }

    @Test func commandsDocumentHasEveryCommandsUsageAndOptions() throws {
        let text = try Self.read(Self.commands)
        try check(Self.commands, CommandReference.refreshCommandsDocument(text), was: text)
    }

    /// A usage line names every option its command takes (`--help` aside): the line is what a
    /// reader scans, and the options table below it is generated, so a line left behind would show
    /// first.
    @Test func everyUsageLineNamesEveryOption() {
        for spec in Self.table.entries {
            let words = Set(
                spec.usage.split(whereSeparator: { " []|".contains($0) }).map(String.init))
            for option in spec.options where option.name != CommandSpec.helpOption.name {
                #expect(words.contains(option.name), "«\(spec.usage)» lacks \(option.name)")
            }
        }
    }

    /// What `sitegen COMMAND --help` prints first is the usage line in that command's block of the
    /// docs.
    @Test(.disabled(if: CommandReferenceTests.updating, "the files are being rewritten"))
    func helpPrintsTheUsageLineTheDocsShow() async throws {
        let text = try Self.read(Self.commands)
        for spec in Self.table.commands {
            let console = CapturingConsole()
            let status = await CommandLineTool.run(
                arguments: [spec.name, "--help"], environment: [:], console: console)
            #expect(status == 0)
            let firstLine = try #require(console.outputText.split(separator: "\n").first)
            #expect(firstLine.hasPrefix("Bruk: "), "\(firstLine)")
            let usage = String(firstLine.dropFirst("Bruk: ".count))
            let marker = CommandReference.startMarker(CommandReference.usageBlockName(spec.name))
            let block = marker + "\n```text\n" + usage + "\n"
            let shown = text.contains(block)
            #expect(shown, "docs/commands.md does not show «\(usage)» for \(spec.name)")
        }
    }

    /// Every row of the README's table links to a section that is there, and every command has its
    /// purpose written in English.
    @Test(.disabled(if: CommandReferenceTests.updating, "the files are being rewritten"))
    func tableLinksLandOnSectionsAndEveryCommandHasAPurpose() throws {
        let text = try Self.read(Self.commands)
        for spec in Self.table.commands + [Self.table.help] {
            let hasSection = text.contains("\n" + CommandReference.heading(spec.name) + "\n")
            #expect(hasSection, "docs/commands.md has no section for \(spec.name)")
            #expect(
                CommandReference.purposes[spec.name] != nil, "no English purpose for \(spec.name)")
        }
        for option in Self.table.globalOptions {
            #expect(
                CommandReference.purposes[option.name] != nil,
                "no English purpose for \(option.name)")
        }
        let names = Set(
            (Self.table.commands + [Self.table.help]).map(\.name)
                + Self.table.globalOptions.map(\.name))
        #expect(Set(CommandReference.purposes.keys) == names)
    }

    /// The README's and the docs' links to files of the repository lead to files that are there,
    /// and a link to a section of a Markdown file to a heading that is there.
    @Test func relativeLinksInTheDocsExist() throws {
        let docs = try FileManager.default.contentsOfDirectory(atPath: Repository.root + "/docs")
            .filter { $0.hasSuffix(".md") }.map { "docs/" + $0 }
        for file in [Self.readme, "ARCHITECTURE.md"] + docs {
            let folder = (file as NSString).deletingLastPathComponent
            let text = try Self.read(file)
            for target in Self.linkTargets(text)
            where !target.contains("://") && !target.hasPrefix("mailto:") {
                let path = String(target.prefix { $0 != "#" })
                let linked = path.isEmpty ? file : (folder.isEmpty ? "" : folder + "/") + path
                guard FileManager.default.fileExists(atPath: Repository.root + "/" + linked) else {
                    Issue.record("\(file) links to \(target), which is not there")
                    continue
                }
                if path.count < target.count, linked.hasSuffix(".md") {
                    let anchor = String(target.dropFirst(path.count + 1))
                    let headings = try Self.read(linked).split(separator: "\n").filter {
                        $0.hasPrefix("#")
                    }
                    let found = headings.contains { Self.anchor(ofHeading: $0) == anchor }
                    #expect(found, "\(file) links to \(target), but \(linked) has no such heading")
                }
            }
        }
    }

    /// The anchor GitHub gives a heading: its text in lower case, without punctuation, spaces as
    /// hyphens.
    static func anchor(ofHeading line: Substring) -> String {
        let text = line.drop { $0 == "#" }.drop { $0 == " " }
        return String(
            text.lowercased().compactMap { character -> Character? in
                if character == " " { return "-" }
                return character.isLetter || character.isNumber || character == "-"
                    || character == "_"
                    ? character : nil
            })
    }

    /// `](target)` and `src="target"` in Markdown.
    static func linkTargets(_ text: String) -> [String] {
        var targets: [String] = []
        for (opening, closing) in [("](", ")"), ("src=\"", "\"")] {
            for part in text.components(separatedBy: opening).dropFirst() {
                if let end = part.range(of: closing) {
                    targets.append(String(part[..<end.lowerBound]))
                }
            }
        }
        return targets
    }

    /// A new command gets a row in the table and a section of its own, and a block whose command is
    /// gone is reported; the text around the blocks stays as it was.
    @Test func refreshKeepsHandWrittenTextAndAddsNewCommands() {
        var table = Self.table
        table.commands.append(
            CommandSpec(
                name: "demo", usage: "sitegen demo [--sample]",
                summary: "En kommando bare denne testen har.",
                options: [.init(name: "--sample", valueName: nil, help: "med | eksempeldata")],
                subcommands: ["a", "b"])
        )
        let row = "| [`sitegen demo a\\|b`](docs/commands.md#sitegen-demo) |"
        #expect(CommandReference.commandsTable(table).contains(row))

        let document = """
            # Commands

            ## `sitegen build`

            Before.
            <!-- generated: usage build -->
            stale
            <!-- end generated -->
            After, by hand.
            <!-- generated: usage gone -->
            kept
            <!-- end generated -->
            """
        let refreshed = CommandReference.refreshCommandsDocument(document, table: table)
        #expect(refreshed.unknown == ["usage gone"])
        #expect(
            refreshed.text.contains(
                "Before.\n<!-- generated: usage build -->\n```text\nsitegen build ["))
        #expect(
            refreshed.text.contains(
                """

                <!-- end generated -->
                After, by hand.
                <!-- generated: usage gone -->
                kept

                """))
        #expect(!refreshed.text.contains("stale"))
        #expect(
            refreshed.text.contains(
                """

                ## `sitegen demo`

                <!-- generated: usage demo -->
                ```text
                sitegen demo [--sample]
                ```
                """))
        #expect(refreshed.text.contains("| `--sample` | med \\| eksempeldata |"))
        #expect(refreshed.text.hasSuffix("<!-- end generated -->\n"))
        // Refreshing what was refreshed changes nothing.
        #expect(
            CommandReference.refreshCommandsDocument(refreshed.text, table: table).text
                == refreshed.text)
    }
}
