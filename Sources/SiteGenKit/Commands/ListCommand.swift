import BeaconModel
import BeaconSite
import BeaconSystem
import BeaconText
import Templates

/// `sitegen list new|show|rename|describe|order|delete|add|remove|move|note`: the owner's lists.
/// «Mine steder» is the favourites, a list of its own: `add` and `remove` work on it as
/// `sitegen favorite` does.
struct ListCommand: Command {
    let spec = CommandSpec(
        name: "list",
        usage: """
            sitegen list new NAVN [--description TEKST] [--order REKKEFØLGE]
                   sitegen list show|delete NAVN
                   sitegen list rename NAVN NYTT-NAVN
                   sitegen list describe NAVN TEKST
                   sitegen list order NAVN manual|nearest|rating
                   sitegen list add NAVN STED [STED …] [--at PLASS] [--note TEKST]
                   sitegen list remove NAVN STED
                   sitegen list move NAVN STED PLASS
                   sitegen list note NAVN STED TEKST
                   [--site MAPPE] [--quiet]
            """,
        summary: "Lager og endrer listene dine: navn, beskrivelse, steder, rekkefølge og notater.",
        details: """
            En liste har et navn (i hvilken som helst skrift), en beskrivelse og stedene i din
            rekkefølge, med et notat per sted som bare gjelder i den listen. Beskrivelsen og notatene
            er Markdown, som kommentarene. Et sted kan være i mange lister. Rekkefølgen på listens
            side: manual (din, som «move» endrer), nearest (nærmest sentrum først) eller rating (best
            vurdert først). En tom TEKST («''») fjerner beskrivelsen eller notatet. «Mine steder» er
            favorittene: «add» og «remove» virker der som «sitegen favorite». Hver liste får en side
            under lister/ ved neste bygging. Se alle med «sitegen lists».
            """,
        options: Options.declared,
        minimumPositionals: 2,
        // More than a list holds, so that the refusal says so rather than the parser.
        maximumPositionals: 100_000,
        subcommands: [
            "new", "show", "rename", "describe", "order", "delete", "add", "remove", "move", "note",
        ]
    )

    struct Options: CommandOptions {
        let description = Option<String?>(
            "--description", valueName: "TEKST", help: "hva listen er for (new; Markdown)")
        let order = Option<String?>(
            "--order", valueName: "REKKEFØLGE", help: "manual, nearest eller rating (new)")
        let at = Option<String?>(
            "--at", valueName: "PLASS",
            help: "plassen i listen stedene settes inn på, 1 først (add)")
        let note = Option<String?>(
            "--note", valueName: "TEKST", help: "notatet om stedet i denne listen (add; Markdown)")
        let site = CommonOptions.site
        let quiet = CommonOptions.quiet
        var listed: [any DeclaredOption] { [description, order, at, note, site, quiet] }
    }

    /// How many words each action takes after its name (nil: any number, at least one).
    static let arity: [String: Int?] = [
        "new": 0, "show": 0, "delete": 0, "rename": 1, "describe": 1, "order": 1, "add": nil,
        "remove": 1, "move": 2, "note": 2,
    ]

    func run(_ context: CommandContext, _ arguments: Arguments<Options>) async throws -> ExitStatus
    {
        let words = arguments.positionals
        let action = words[0]
        guard let arity = Self.arity[action] else {
            throw UsageError(
                "ukjent handling «\(TextHardening.clean(action, maximumLength: 40) ?? "")»; bruk en av "
                    + spec.subcommands.joined(separator: ", "), command: spec.name)
        }
        let rest = Array(words.dropFirst(2))
        if let arity, rest.count != arity {
            throw UsageError(
                "«list \(action)» tar \(arity + 1) argument\(arity == 0 ? "" : "er") etter handlingen (fikk \(rest.count + 1))",
                command: spec.name)
        }
        if arity == nil, rest.isEmpty {
            throw UsageError(
                "«list add» trenger minst ett sted etter listens navn", command: spec.name)
        }
        try refuseOptions(outside: action, arguments)
        let name = words[1]
        if FavoritesList.isNamed(name) {
            return try await FavoritesList.run(
                action, name: name, places: rest, context, command: spec.name)
        }
        try context.site.checkExists()
        let editor = ListEditor(context: context, command: spec.name)
        switch action {
        case "new":
            try editor.make(
                name, description: arguments[\.description],
                order: try arguments[\.order].map(order(_:)))
        case "show": try await editor.show(name)
        case "delete": try editor.delete(name)
        case "rename": try editor.rename(name, to: rest[0])
        case "describe": try editor.describe(name, rest[0])
        case "order": try editor.order(name, try order(rest[0]))
        case "add":
            try await editor.add(
                rest, to: name, at: try arguments[\.at].map(position(_:)), note: arguments[\.note])
        case "remove": try await editor.remove(rest[0], from: name)
        case "move": try await editor.move(rest[0], in: name, to: try position(rest[1]))
        default: try await editor.note(rest[0], in: name, rest[1])
        }
        return .success
    }

    /// The options only some actions take, refused on the others rather than ignored.
    private func refuseOptions(outside action: String, _ arguments: Arguments<Options>) throws {
        let given: [(String, Bool, Set<String>)] = [
            ("--description", arguments[\.description] != nil, ["new"]),
            ("--order", arguments[\.order] != nil, ["new"]),
            ("--at", arguments[\.at] != nil, ["add"]),
            ("--note", arguments[\.note] != nil, ["add"]),
        ]
        for (option, isGiven, actions) in given where isGiven && !actions.contains(action) {
            throw UsageError(
                "\(option) gjelder bare «list \(actions.sorted().joined(separator: "|"))»",
                command: spec.name)
        }
    }

    private func order(_ word: String) throws -> SavedList.Order {
        guard let order = SavedList.Order(rawValue: word.lowercased()) else {
            throw UsageError(
                "rekkefølgen må være manual, nearest eller rating (fikk «\(TextHardening.clean(word, maximumLength: 40) ?? "")»)",
                command: spec.name)
        }
        return order
    }

    private func position(_ word: String) throws -> Int {
        guard let value = Int(word), value >= 1 else {
            throw UsageError(
                "plassen må være et helt tall fra 1 (fikk «\(TextHardening.clean(word, maximumLength: 40) ?? "")»)",
                command: spec.name)
        }
        return value
    }
}
