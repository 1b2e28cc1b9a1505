import BeaconCore
import BeaconSystem
import BeaconText
import FoundationEssentials
import Templates

/// `sitegen places [--own|--hidden|--edited]`: the guide's places, or the ones the owner added, hid or corrected.
struct PlacesCommand: Command {
    let spec = CommandSpec(
        name: "places",
        usage: "sitegen places [--own | --hidden | --edited] [--site MAPPE]",
        summary: "Viser stedene i guiden, nærmeste først; eller bare dine egne, de skjulte eller de rettede.",
        details: "Merker: «eget» for steder du har lagt til, «rettet» for steder fra dataene du har rettet.",
        options: [
            .init(name: "--own", valueName: nil, help: "bare stedene du har lagt til selv (place add, import)"),
            .init(name: "--hidden", valueName: nil, help: "bare stedene du har skjult (place hide)"),
            .init(name: "--edited", valueName: nil, help: "bare stedene fra dataene du har rettet (place edit)"),
            CommandSpec.siteOption,
        ]
    )

    func run(_ context: CommandContext) async throws -> ExitStatus {
        let arguments = context.arguments
        let chosen = ["--own", "--hidden", "--edited"].filter(arguments.flag)
        guard chosen.count <= 1 else {
            throw UsageError("velg bare én av --own, --hidden og --edited", command: spec.name)
        }
        let known = try await KnownPlaces.load(context)
        if arguments.flag("--hidden") {
            let hidden = known.store.entries.filter { $0.value.hidden != nil }.sorted { $0.key < $1.key }
            guard !hidden.isEmpty else {
                context.console.output("Ingen steder er skjult. Skjul et med «sitegen place hide STED».")
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
        if arguments.flag("--own") { places = places.filter { $0.place.origin == .own } }
        if arguments.flag("--edited") { places = places.filter { $0.place.origin == .corrected } }
        guard !places.isEmpty else {
            context.console.output(
                arguments.flag("--own")
                    ? "Du har ikke lagt til egne steder ennå. Legg til et med «sitegen place add NAVN --at BREDDE LENGDE», "
                        + "eller hent inn lagrede steder med «sitegen import FIL»."
                    : arguments.flag("--edited")
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
