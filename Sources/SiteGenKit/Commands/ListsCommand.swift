import BeaconModel
import BeaconSite
import BeaconSystem
import BeaconText
import Templates

/// `sitegen lists`: the owner's lists, «Mine steder» first, each with its count, order and the
/// address of its page.
struct ListsCommand: Command {
    let spec = CommandSpec(
        name: "lists",
        usage: "sitegen lists [--site MAPPE]",
        summary: "Viser listene dine, med antall steder og adressen til sidene deres.",
        options: SiteOptions.declared
    )

    func run(_ context: CommandContext, _ arguments: Arguments<SiteOptions>) async throws
        -> ExitStatus
    {
        try context.site.checkExists()
        let store = try context.site.loadStore()
        let settings = try context.site.loadSettings()
        let words = PathWords(settings.languages.main)
        let favorites = store.favoriteIDs.count
        guard !store.lists.isEmpty || favorites > 0 else {
            context.console.output(
                "Ingen lister ennå. Lag en med «sitegen list new NAVN», eller importer lagrede lister med «sitegen import»."
            )
            return .success
        }
        var rows = [["Navn", "Steder", "Rekkefølge", "Side"]]
        if favorites > 0 {
            rows.append([
                FavoritesList.name + " ♥", String(favorites), "nærmest sentrum først",
                words.favorites + "/",
            ])
        }
        for (list, slug) in zip(store.lists, GuideList.slugs(store.lists)) {
            rows.append([
                TerminalText.truncate(list.name, toColumns: 40), String(list.places.count),
                ListEditor.orderName(list.order), "\(words.lists)/\(slug)/",
            ])
        }
        var lines = TerminalTable.render(rows)
        lines.append("")
        lines.append(
            NorwegianFormat.count(store.lists.count, singular: "liste", plural: "lister")
                .replacingAll(NorwegianFormat.noBreakSpace, with: " ")
                + (favorites > 0 ? " og «\(FavoritesList.name)»" : ""))
        context.console.output(lines.joined(separator: "\n"))
        return .success
    }
}
