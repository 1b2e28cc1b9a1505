import BeaconModel
import BeaconSite
import BeaconSystem
import BeaconText
import Templates

/// «Mine steder», the favourites, as `sitegen list` sees them: a list of its own that `add`,
/// `remove` and `show` work on as `sitegen favorite` and `sitegen favorites` do. Its places are marks
/// on the store's entries, as before lists, so older stores and the favourites page stay as they were.
enum FavoritesList {
    /// The name the pages give it in the guide's first language, bokmål.
    static let name = Strings.of(.nb).myPlaces

    /// Whether `text` names the favourites in any of the pages' languages («mine steder»,
    /// «Mine stader», «My places»).
    static func isNamed(_ text: String) -> Bool {
        let key = TextFolding.searchKey(text)
        return Language.allCases.contains { TextFolding.searchKey(Strings.of($0).myPlaces) == key }
    }

    static func run(
        _ action: String, name: String, places words: [String], _ context: CommandContext,
        command: String
    ) async throws -> ExitStatus {
        switch action {
        case "show":
            let favorites = try await KnownPlaces.load(context).guide.favorites
            context.console.output(
                favorites.isEmpty
                    ? "«\(Self.name)» er tom. Legg til med «sitegen list add '\(Self.name)' STED»."
                    : "«\(Self.name)» · favorittene dine\n" + PlaceTable.render(favorites))
            return .success
        case "add", "remove":
            guard words.count == 1 || action == "add" else {
                throw UsageError("«list remove» tar ett sted", command: command)
            }
            let known = try await KnownPlaces.load(context)
            let places = try words.map { try known.resolve($0) }
            let today = context.today(in: known.guide.settings.guideTimeZone)
            let changed = try context.site.updateStore { store in
                places.filter { place in
                    action == "add"
                        ? store.addFavorite(place, on: today) : store.removeFavorite(place.id)
                }
            }
            for place in places {
                let did = changed.contains { $0.id == place.id }
                context.console.output(
                    action == "add"
                        ? (did
                            ? "\(place.name) er lagt til i «\(Self.name)»."
                            : "\(place.name) var allerede i «\(Self.name)».")
                        : (did
                            ? "\(place.name) er fjernet fra «\(Self.name)»."
                            : "\(place.name) var ikke i «\(Self.name)»."))
            }
            return .success
        case "new":
            throw ListEditError.duplicateName(Self.name)
        default:
            throw UsageError(
                "«\(Self.name)» er favorittene dine: der kan du legge til, fjerne og vise steder (add, remove, show), men ikke \(action)",
                command: command)
        }
    }
}
