import BeaconModel
import BeaconSite
import BeaconSystem
import BeaconText
import FoundationEssentials
import Templates

/// `sitegen search`: the list page's search, filters and sort, in the terminal.
struct SearchCommand: Command {
    let spec = CommandSpec(
        name: "search",
        usage:
            "sitegen search [TEKST] [--category KATEGORI] [--cuisine KJØKKEN] [--radius KM] [--sort recommended|distance|rating|name] [--favorites] [--open-now] [--site MAPPE]",
        summary: "Søker i guidens steder med de samme filtrene og sorteringene som nettsiden.",
        options: Options.declared,
        maximumPositionals: 1
    )

    struct Options: CommandOptions {
        let category = Option<String?>(
            "--category", valueName: "KATEGORI",
            help: "en av guidens kategorier (restaurant, cafe, hotel, bar …)")
        let cuisine = Option<String?>(
            "--cuisine", valueName: "KJØKKEN",
            help:
                "bare steder med dette kjøkkenet, på norsk eller engelsk eller som i dataene (indisk, indian, fish_and_chips)"
        )
        let radius = CheckedOption(
            "--radius", valueName: "KM",
            help: "bare steder innenfor så mange km fra senteret (1–10; uten: guidens radius)",
            check: InputParsing.radius)
        let sort = Option<String?>(
            "--sort", valueName: "REKKEFØLGE",
            help:
                "recommended (favoritter, så best vurdert blant stedene med minst picksMinimumRating stjerner, så nærmest; standard), distance (nærmest først), rating (best først) eller name (A–Å)"
        )
        let favorites = Option(flag: "--favorites", help: "bare favoritter")
        let openNow = Option(
            flag: "--open-now", help: "bare steder som har åpent nå (i guidens tidssone)")
        let site = CommonOptions.site
        var listed: [any DeclaredOption] {
            [category, cuisine, radius, sort, favorites, openNow, site]
        }
    }

    func run(_ context: CommandContext, _ arguments: Arguments<Options>) async throws -> ExitStatus
    {
        var query = PlaceQuery(
            text: arguments.positionals.first ?? "", favoritesOnly: arguments[\.favorites])
        query.cuisineWords = CuisineNames.searchWords
        query.categoryWords = CategoryNames.searchText

        if let radius = try arguments[\.radius] { query.maximumDistanceKm = Double(radius) }
        if let text = arguments[\.sort] {
            guard let sort = PlaceQuery.Sort(rawValue: text) else {
                throw UsageError(
                    "ukjent sortering «\(text)» (bruk recommended, distance, rating eller name)",
                    command: spec.name)
            }
            query.sort = sort
        }
        let known = try await KnownPlaces.load(context)
        query.picksMinimumRating = known.settings.picksMinimumRating
        if let text = arguments[\.category] {
            guard let category = PlaceCategory(userInput: text, in: known.settings.categories)
            else {
                throw UsageError(PlaceCategory.unknownMessage(text), command: spec.name)
            }
            query.category = category
        }
        if let category = query.category, !known.guide.categories.contains(category) {
            throw UsageError(
                "guiden har ikke kategorien «\(category.rawValue)» (den har "
                    + known.guide.categories.map(\.rawValue).joined(separator: ", ") + ")",
                command: spec.name)
        }
        if let text = arguments[\.cuisine] {
            let inGuide = Set(known.guide.allPages.flatMap(\.traits.cuisines))
            guard let key = CuisineNames.key(matching: text, among: inGuide) else {
                // In the terminal's language (bokmål), as the pages name them.
                let offered = CuisineNames.commonest(in: known.guide.allPages, limit: 8)
                    .map(Strings.of(.nb).cuisineName).joined(separator: ", ")
                // What was typed, echoed short: a pasted page of text is not repeated back.
                guard let shown = TextHardening.clean(text, maximumLength: 40) else {
                    throw UsageError(
                        "--cuisine trenger et kjøkken, for eksempel «indisk»", command: spec.name)
                }
                throw UsageError(
                    "ingen steder i guiden har kjøkkenet «\(shown)»"
                        + (offered.isEmpty
                            ? " (dataene sier ikke hva slags kjøkken stedene har)"
                            : " (prøv \(offered))"),
                    command: spec.name)
            }
            query.cuisine = key
        }
        let now = known.guide.settings.guideTimeZone.weekdayAndMinute(context.now())
        if arguments[\.openNow] {
            query.isOpen = PlaceQuery.openAt(weekday: now.weekday, minute: now.minute)
        }
        // As on the page: within the guide's radius unless told otherwise, and every
        // favorite (also one no longer in the data) under --favorites.
        if query.maximumDistanceKm == nil {
            query.maximumDistanceKm = Double(known.guide.settings.radiusKm)
        }
        let matches = query.matches(in: known.guide.allPages)
        let results = matches.places
        if results.isEmpty {
            context.console.output("Ingen treff.")
        } else {
            // "Åpent · stenger kl. 22:00", as on the place's page, for places with understood
            // hours.
            context.console.output(
                PlaceTable.render(results, countLine: Self.countLine(matches, text: query.text)) {
                    place in
                    guard place.category.hasOpeningStatus else { return nil }
                    return place.openingHours.flatMap(OpeningHours.init)?.status(
                        weekday: now.weekday, minute: now.minute)?.norwegianText
                })
        }
        return .success
    }
}

extension SearchCommand {
    /// «3 steder med «kebab» · 90 andre gatekjøkken» when a search found places both in their own
    /// words and only through their category's, as the list page's count line says it
    /// (`searchTiers` in the catalogues); nil otherwise (the table's plain count).
    static func countLine(_ matches: PlaceQuery.Matches, text: String) -> String? {
        let others = matches.places[matches.ownCount...]
        guard matches.ownCount > 0, let first = others.first,
            let shown = TextHardening.clean(text, maximumLength: 40)
        else { return nil }
        let rest: String
        if others.count == 1 {
            rest = "1 annet treff"
        } else if others.allSatisfy({ $0.category == first.category }) {
            rest = "\(others.count) andre \(CategoryNames.pluralInText(first.category))"
        } else {
            rest = "\(others.count) andre treff"
        }
        let own = NorwegianFormat.count(matches.ownCount, singular: "sted", plural: "steder")
        return "\(own) med «\(shown)» · \(rest)".replacingAll(
            NorwegianFormat.noBreakSpace, with: " ")
    }
}

/// A readable table of places for the terminal.
enum PlaceTable {
    /// «Restaurant · indisk, pizza»: the category, and the cuisines as the bokmål pages name them.
    static func kind(_ place: GuidePlace) -> String {
        let cuisines = place.traits.cuisines
        guard !cuisines.isEmpty else { return CategoryNames.singular(place.category) }
        let t = Strings.of(.nb)
        return TerminalText.truncate(
            CategoryNames.singular(place.category) + " · "
                + cuisines.map(t.cuisineName).joined(separator: ", "),
            toColumns: 40
        )
    }

    /// `status` adds a last column ("Nå") when it has something to say for any place; `countLine`
    /// stands for the last line's count («12 steder»).
    static func render(
        _ places: [GuidePlace], countLine: String? = nil, status: ((GuidePlace) -> String?)? = nil,
        statusHeader: String = "Nå"
    ) -> String {
        var header = ["Navn", "Kategori", "Avstand", "Vurdering"]
        let statuses = places.map { status?($0) }
        let withStatus = statuses.contains { $0 != nil }
        if withStatus { header.append(statusHeader) }
        var rows: [[String]] = zip(places, statuses).map { place, status in
            // A name of no Latin letter as the bokmål pages show it, the sign's after it: the owner
            // may not read the sign's script, and the commands answer to either.
            let shown = place.displayName(in: .nb)
            let name =
                (shown == place.displayName ? shown : "\(shown) (\(place.name))")
                + (place.isFavorite ? " ♥" : "")
            let rating =
                place.summary.map { "\(TerminalStars.text($0.roundedStars)) (\($0.count))" } ?? "–"
            let row = [
                TerminalText.truncate(name, toColumns: 40), kind(place),
                NorwegianFormat.distance(metres: place.wholeMetres).replacingAll(
                    NorwegianFormat.noBreakSpace, with: " "), rating,
            ]
            return withStatus ? row + [status ?? "–"] : row
        }
        rows.insert(header, at: 0)
        var lines = TerminalTable.render(rows)
        lines.append("")
        lines.append(
            countLine
                ?? NorwegianFormat.count(places.count, singular: "sted", plural: "steder")
                .replacingAll(NorwegianFormat.noBreakSpace, with: " "))
        return lines.joined(separator: "\n")
    }
}
