import BeaconSystem
import FoundationEssentials

/// `sitegen favorite add|remove PLACE`.
struct FavoriteCommand: Command {
    let spec = CommandSpec(
        name: "favorite",
        usage: "sitegen favorite add|remove STED [--site MAPPE] [--quiet]",
        summary: "Legger til eller fjerner et sted fra favorittene (Mine steder).",
        details:
            "En favoritt beholder en kopi av navn, adresse og posisjon, så den vises på favorittsiden selv om stedet faller utenfor radius.",
        options: SiteAndQuietOptions.declared,
        minimumPositionals: 2,
        maximumPositionals: 2,
        subcommands: ["add", "remove"]
    )

    func run(_ context: CommandContext, _ arguments: Arguments<SiteAndQuietOptions>) async throws
        -> ExitStatus
    {
        let action = arguments.positionals[0]
        guard action == "add" || action == "remove" else {
            throw UsageError(
                "første argument må være «add» eller «remove» (fikk «\(action)»)",
                command: spec.name)
        }
        let known = try await KnownPlaces.load(context)
        let place = try known.resolve(arguments.positionals[1])
        if action == "add" {
            let added = try context.site.updateStore {
                $0.addFavorite(place, on: context.today(in: known.guide.settings.guideTimeZone))
            }
            context.console.output(
                added
                    ? "\(place.name) er lagt til i favorittene."
                    : "\(place.name) var allerede en favoritt.")
        } else {
            let removed = try context.site.updateStore { $0.removeFavorite(place.id) }
            context.console.output(
                removed
                    ? "\(place.name) er fjernet fra favorittene."
                    : "\(place.name) var ikke en favoritt.")
        }
        return .success
    }
}

/// `sitegen favorites`: the favorites, nearest first.
struct FavoritesCommand: Command {
    let spec = CommandSpec(
        name: "favorites",
        usage: "sitegen favorites [--site MAPPE]",
        summary: "Viser favorittene.",
        options: SiteOptions.declared
    )

    func run(_ context: CommandContext, _ arguments: Arguments<SiteOptions>) async throws
        -> ExitStatus
    {
        let known = try await KnownPlaces.load(context)
        let favorites = known.guide.favorites
        if favorites.isEmpty {
            context.console.output(
                "Ingen favoritter ennå. Legg til en med «sitegen favorite add STED».")
        } else {
            context.console.output(PlaceTable.render(favorites))
        }
        return .success
    }
}
