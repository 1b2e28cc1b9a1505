import BeaconSite
import BeaconSystem
import BeaconText
import FoundationEssentials
import Templates

/// `sitegen places [--own|--hidden|--edited]`: the guide's places, or the ones the owner added, hid
/// or corrected.
struct PlacesCommand: Command {
    let spec = CommandSpec(
        name: "places",
        usage: "sitegen places [--own | --hidden | --edited] [--site MAPPE]",
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
        let site = CommonOptions.site
        var listed: [any DeclaredOption] { [own, hidden, edited, site] }
    }

    func run(_ context: CommandContext, _ arguments: Arguments<Options>) async throws -> ExitStatus
    {
        let chosen = [arguments[\.own], arguments[\.hidden], arguments[\.edited]].filter { $0 }
        guard chosen.count <= 1 else {
            throw UsageError("velg bare én av --own, --hidden og --edited", command: spec.name)
        }
        let known = try await KnownPlaces.load(context)
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

    static func mark(_ place: GuidePlace) -> String? {
        switch place.place.origin {
        case .own: "eget"
        case .corrected: "rettet"
        case .data: nil
        }
    }
}
