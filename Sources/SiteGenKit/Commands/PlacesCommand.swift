import BeaconModel
import BeaconSite
import BeaconSystem
import BeaconText
import FoundationEssentials
import Templates

/// `sitegen places [--own|--hidden|--edited|--list NAVN]`: the guide's places, or the ones the owner
/// added, hid or corrected, or those of one of the owner's lists in the list's order.
struct PlacesCommand: Command {
    let spec = CommandSpec(
        name: "places",
        usage: "sitegen places [--own | --hidden | --edited | --list NAVN] [--site MAPPE]",
        summary:
            "Viser stedene i guiden, nærmeste først; eller bare dine egne, de skjulte eller de rettede.",
        details:
            "Merker: «eget» for steder du har lagt til, «rettet» for steder fra dataene du har rettet.",
        options: Options.declared
    )

    struct Options: CommandOptions {
        let own = Option(
            flag: "--own", help: "bare stedene du har lagt til selv (place add, import)")
        let hidden = Option(flag: "--hidden", help: "bare stedene du har skjult (place hide)")
        let edited = Option(
            flag: "--edited", help: "bare stedene fra dataene du har rettet (place edit)")
        let list = Option<String?>(
            "--list", valueName: "NAVN",
            help: "stedene i en av listene dine, i din rekkefølge")
        let site = CommonOptions.site
        var listed: [any DeclaredOption] { [own, hidden, edited, list, site] }
    }

    func run(_ context: CommandContext, _ arguments: Arguments<Options>) async throws -> ExitStatus
    {
        let chosen = [
            arguments[\.own], arguments[\.hidden], arguments[\.edited], arguments[\.list] != nil,
        ].filter { $0 }
        guard chosen.count <= 1 else {
            throw UsageError(
                "velg bare én av --own, --hidden, --edited og --list", command: spec.name)
        }
        let known = try await KnownPlaces.load(context)
        if let name = arguments[\.list] {
            return try showList(named: name, known: known, context)
        }
        if arguments[\.hidden] {
            let hidden = known.store.entries.filter { $0.value.hidden != nil }.sorted {
                $0.key < $1.key
            }
            guard !hidden.isEmpty else {
                context.console.output(
                    "Ingen steder er skjult. Skjul et med «sitegen place hide STED».")
                return .success
            }
            for (id, entry) in hidden {
                let name = entry.snapshot?.name ?? id.rawValue
                var line = "  \(name) (\(id.rawValue)), skjult \(entry.hidden!.since.iso)"
                if let reason = entry.hidden!.reason { line += ": " + reason }
                context.console.output(line)
            }
            return .success
        }
        let guide = known.guide
        var places = Array(guide.places)
        if arguments[\.own] { places = places.filter { $0.place.origin == .own } }
        if arguments[\.edited] { places = places.filter { $0.place.origin == .corrected } }
        guard !places.isEmpty else {
            context.console.output(
                arguments[\.own]
                    ? "Du har ikke lagt til egne steder ennå. Legg til et med «sitegen place add NAVN --at BREDDE LENGDE», "
                        + "eller hent inn lagrede steder med «sitegen import FIL»."
                    : arguments[\.edited]
                        ? "Du har ikke rettet noen steder. Rett et med «sitegen place edit STED --name …»."
                        : "Guiden har ingen steder ennå.")
            return .success
        }
        context.console.output(PlaceTable.render(places, status: Self.mark, statusHeader: "Merke"))
        return .success
    }

    /// The places of one list in its order; a place the guide no longer shows is named as the
    /// store remembers it.
    func showList(named name: String, known: KnownPlaces, _ context: CommandContext) throws
        -> ExitStatus
    {
        let lists = known.store.lists
        guard let list = known.store.list(named: name) else {
            throw UsageError(
                lists.isEmpty
                    ? "du har ingen lister ennå; lag en med «sitegen list new NAVN», eller importer lagrede lister (Google Takeout, My Maps) med «sitegen import»"
                    : "ingen liste heter «\(TextHardening.clean(name, maximumLength: 60) ?? "")» (du har "
                        + NorwegianFormat.list(lists.map { "«\($0.name)»" }) + ")",
                command: spec.name)
        }
        var byID: [PlaceID: GuidePlace] = [:]
        for place in known.guide.allPages { byID[place.id] = place }
        let places = list.places.compactMap { byID[$0] }
        context.console.output(
            "«\(list.name)»: "
                + NorwegianFormat.count(list.places.count, singular: "sted", plural: "steder") + "."
        )
        if !places.isEmpty {
            context.console.output(
                PlaceTable.render(places, status: Self.mark, statusHeader: "Merke"))
        }
        let missing = list.places.count - places.count
        if missing > 0 {
            context.console.output(
                "\(NorwegianFormat.count(missing, singular: "sted", plural: "steder")) i listen er ikke i guiden nå."
            )
        }
        return .success
    }

    static func mark(_ place: GuidePlace) -> String? {
        switch place.place.origin {
        case .own: "eget"
        case .corrected: "rettet"
        case .data: nil
        }
    }
}
