import BeaconModel
import BeaconSystem
import FoundationEssentials
import Glibc
import Templates

/// `sitegen categories`: the kinds of place a guide can hold (the presets, `CategoryPreset.all`)
/// with their names, Geoapify keys and animation, the site's own first in the order its pages show
/// them; as a table, as JSON (`--json`), or as the names the site's categories are typed with, for
/// shell completion (`--names`). `add` and `remove` change the settings' `categories`
/// (`CategoryChange`); everything else reads only.
struct CategoriesCommand: Command {
    let spec = CommandSpec(
        name: "categories",
        usage:
            "sitegen categories [--json | --names | --keys] [--site MAPPE]\n       sitegen categories add|remove KATEGORI… [--site MAPPE]",
        summary:
            "Viser kategoriene en guide kan ha, og hvilke guiden bruker, i rekkefølgen sidene viser dem.",
        details: """
            Guidens kategorier står først, nummerert i rekkefølgen sidene viser dem, så de andre.
            Utenfor en nettstedsmappe vises bare kategoriene. En ny guide får dem du velger med
            «sitegen init --categories bar,pub,fast-food»; i en guide du har, velger du dem med
            «categories» i beacon-settings.json. --names skriver navnene guidens kategorier kan
            skrives med (--category), ett per linje, slik tab-fullføringen bruker dem. --keys skriver
            alle Geoapify-kategoriene, nøklene en egen kategori («key» i beacon-settings.json) kan ha.
            «sitegen categories add bar pub» tar kategoriene med i guiden (sist, i den rekkefølgen de
            står), «remove» tar dem ut; egne steder av en kategori guiden ikke har, vises under
            «Andre steder». Kjør «sitegen build» etterpå.
            """,
        options: Options.declared,
        maximumPositionals: 1 + CategoryChange.maximumNames
    )

    struct Options: CommandOptions {
        let json = Option(
            flag: "--json",
            help:
                "skriv kategoriene som JSON: nøkkel, navn på bokmål, nynorsk og engelsk, Geoapify-nøkler, om og hvor guiden bruker dem"
        )
        let keys = Option(
            flag: "--keys",
            help:
                "skriv alle Geoapify-kategoriene, én per linje (nøklene en egen kategori kan bruke)"
        )
        let names = Option(
            flag: "--names",
            help:
                "skriv navnene guidens kategorier kan skrives med, ett per linje (for tab-fullføring)"
        )
        let site = CommonOptions.site
        var listed: [any DeclaredOption] { [json, keys, names, site] }
    }

    func run(_ context: CommandContext, _ arguments: Arguments<Options>) async throws -> ExitStatus
    {
        if let verb = arguments.positionals.first {
            guard !arguments[\.json], !arguments[\.names], !arguments[\.keys] else {
                throw UsageError(
                    "--json, --names og --keys viser kategoriene; de kan ikke brukes med «\(verb)»",
                    command: spec.name)
            }
            let change = try CategoryChange(
                verb: verb, names: Array(arguments.positionals.dropFirst()), command: spec.name)
            // Only a guide's settings are changed: a folder that holds none is not made one.
            guard
                let current = try Self.settings(
                    of: context.site, named: arguments[\.site] != nil)?.categories
            else { throw NotASiteFolder(path: context.site.root) }
            // Nothing to change: the settings file is left as it is.
            guard try change.applied(to: current) != current else {
                context.console.output(change.report(before: current, after: current))
                return .success
            }
            let (before, after) = try context.site.updateSettings { settings in
                let before = settings.categories
                settings.categories = try change.applied(to: before)
                return (before, settings.categories)
            }
            context.console.output(change.report(before: before, after: after))
            return .success
        }
        if [arguments[\.json], arguments[\.names], arguments[\.keys]].filter({ $0 }).count > 1 {
            throw UsageError("bruk bare én av --json, --names og --keys", command: spec.name)
        }
        if arguments[\.keys] {
            // Every Geoapify category key, for an owner's own kind (`"key"` in `categories`).
            context.console.output(GeoapifyCategoryKeys.all.joined(separator: "\n"))
            return .success
        }
        let site = context.site
        let settings = try Self.settings(of: site, named: arguments[\.site] != nil)
        if arguments[\.names] {
            guard let settings else { throw NotASiteFolder(path: site.root) }
            // Every name `--category` takes for each of the guide's kinds, the key first: what
            // completion offers.
            context.console.output(
                settings.categories.flatMap(\.commandLineNames).joined(separator: "\n"))
            return .success
        }
        let rows = Self.rows(used: settings?.categories)
        if arguments[\.json] {
            var text = JSONWriter().string(Self.json(rows, site: settings.map { _ in site.root }))
            if text.hasSuffix("\n") { text.removeLast() }
            context.console.output(text)
            return .success
        }
        context.console.output(Self.table(rows, settings: settings, site: site.root))
        return .success
    }

    /// The site's settings, or nil when `site` holds no guide (neither settings nor store): then
    /// the presets are listed alone. A folder named with `--site` must exist; a guide's settings
    /// that do not read are an error, as in every command.
    static func settings(of site: SiteFolder, named: Bool) throws -> SiteSettings? {
        // A folder named that is none: said as `checkExists` says it.
        if named && !FileSystem.isDirectory(site.root) { try site.checkExists() }
        // Either file, even a link (which `checkExists` then reports if it leads out of the
        // folder).
        func isThere(_ path: String) -> Bool {
            FileSystem.entryExists(path)
        }
        guard isThere(site.settingsPath) || isThere(site.storePath) else { return nil }
        try site.checkExists()
        return try site.loadSettings()
    }

    /// One kind of place as the command shows it; `position` is its place among the guide's (1
    /// first).
    struct Row {
        var category: PlaceCategory
        var position: Int?
    }

    /// The guide's categories in its order, then the other presets in the table's order.
    static func rows(used: [PlaceCategory]?) -> [Row] {
        let used = used ?? []
        return used.enumerated().map { Row(category: $1, position: $0 + 1) }
            + PlaceCategory.presets.filter { !used.contains($0) }.map {
                Row(category: $0, position: nil)
            }
    }

    /// «Kafé / Kafeer», or one name where singular and plural are alike («Gatekjøkken»).
    static func names(_ category: PlaceCategory) -> String {
        let names = CategoryNames.names(category, in: .nb)
        return names.one == names.other ? names.one : names.one + " / " + names.other
    }

    /// The animation of a category's detail page, in words.
    static func animationText(_ animation: CategoryAnimation) -> String {
        switch animation {
        case .rotate: "snurrer"
        case .steam: "damp"
        case .bounce: "spretter"
        case .sway: "svaier"
        case .pulse: "pulserer"
        case .tilt: "vipper"
        }
    }

    static func table(_ rows: [Row], settings: SiteSettings?, site: String) -> String {
        var header = ["Nøkkel", "Navn (bokmål)", "Ikon", "Animasjon", "Geoapify-nøkler"]
        if settings != nil { header.insert("I guiden", at: 0) }
        var cells: [[String]] = [header]
        for row in rows {
            let keys = row.category.geoapifyKeys
            var line = [
                row.category.rawValue, names(row.category), iconName(row.category.icon),
                animationText(row.category.animation), keys[0],
            ]
            if settings != nil { line.insert(row.position.map { "\($0)." } ?? "–", at: 0) }
            cells.append(line)
            // A kind under more than one Geoapify key: one key a line, under the first.
            for key in keys.dropFirst() {
                cells.append(Array(repeating: "", count: line.count - 1) + [key])
            }
        }
        let lines = TerminalTable.render(cells)

        let all = PlaceCategory.presets.count
        guard let settings else {
            let defaults = PlaceCategory.defaults.map(\.rawValue)
            return
                (["Kategoriene en guide kan ha (\(site) er ingen nettstedsmappe):", ""] + lines + [
                    "",
                    "\(all) kategorier. En guide har \(listed(defaults)) til du velger andre: "
                        + "«sitegen init MAPPE --categories bar,pub,fast-food» for en ny guide, "
                        + "eller «categories» i beacon-settings.json for en du har (se «sitegen categories --site MAPPE»).",
                ]).joined(separator: "\n")
        }
        let used = settings.categories
        let own = used.filter { !$0.isPreset }.count
        let summary =
            used == PlaceCategory.defaults
            ? "Guiden bruker \(used.count) av \(all) kategorier, standardutvalget. Velg andre med «categories» i "
                + "beacon-settings.json, for eksempel \"categories\": [\"restaurant\", \"cafe\", \"bar\"]."
            : "Guiden bruker \(used.count - own) av \(all) kategorier"
                + (own == 0
                    ? "" : " og \(NorwegianFormat.count(own, singular: "egen", plural: "egne"))")
                + ". Endre utvalget eller rekkefølgen med «categories» i beacon-settings.json; "
                + "en egen kategori har Geoapify-nøkler fra «sitegen categories --keys» (se docs/site-folder.md)."
        return
            ([
                "Kategoriene i «\(settings.title)» står først, i rekkefølgen sidene viser dem (\(site)):",
                "",
            ] + lines + ["", summary]).joined(separator: "\n")
    }

    /// `{"site": …, "categories": [{"key", "names": {nb, nn, en: {one, other}}, "commandLineNames",
    /// "geoapifyKeys", "icon", "own", "animation", "used", "position"}]}`: `site` and `position`
    /// are null outside a guide and for a kind it does not use; `position` counts from 1.
    static func json(_ rows: [Row], site: String?) -> JSONValue {
        let categories = rows.map { row -> JSONValue in
            let category = row.category
            let names = Language.allCases.map { language -> (key: String, value: JSONValue) in
                let names = CategoryNames.names(category, in: language)
                return (
                    language.rawValue,
                    .object([("one", .string(names.one)), ("other", .string(names.other))])
                )
            }
            return .object([
                ("key", .string(category.rawValue)),
                ("names", .object(names)),
                ("commandLineNames", .array(category.commandLineNames.map(JSONValue.string))),
                ("geoapifyKeys", .array(category.geoapifyKeys.map(JSONValue.string))),
                ("icon", .string(Self.iconName(category.icon))),
                ("own", .bool(!category.isPreset)),
                ("animation", .string(category.animation.rawValue)),
                ("used", .bool(row.position != nil)),
                ("position", row.position.map { .number(Double($0)) } ?? .null),
            ])
        }
        return .object([
            ("site", site.map(JSONValue.string) ?? .null), ("categories", .array(categories)),
        ])
    }

    /// A built-in symbol by name (`bar`), an owner's by its file (`gelato.svg`).
    static func iconName(_ icon: CategoryIcon) -> String {
        switch icon {
        case .builtIn(let name), .site(let name): name
        }
    }

    /// «a», «a og b», «a, b og c» (or «a, b eller c»).
    static func listed(_ items: [String], or: Bool = false) -> String {
        NorwegianFormat.list(items, or: or)
    }
}

/// `categories --names` where there is no guide: nothing to name (completion then offers every
/// preset).
struct NotASiteFolder: UserFacingError {
    var path: String

    var userMessage: String {
        "\(path) er ingen nettstedsmappe (den har verken beacon-settings.json eller beacon-store.json), "
            + "så den har ingen kategorier. Oppgi guiden med --site MAPPE, eller se alle kategoriene med «sitegen categories»."
    }

    var exitStatus: ExitStatus { .usage }
}
