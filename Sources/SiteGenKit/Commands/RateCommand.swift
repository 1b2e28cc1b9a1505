import BeaconModel
import BeaconSystem
import BeaconText
import FoundationEssentials
import Templates

/// `sitegen rate PLACE STARS`: adds one rating as its own entry.
struct RateCommand: Command {
    let spec = CommandSpec(
        name: "rate",
        usage:
            "sitegen rate STED STJERNER [--comment TEKST] [--date ÅÅÅÅ-MM-DD] [--site MAPPE] [--quiet]",
        summary: "Gir et sted en vurdering fra 1 til 5 stjerner (hver vurdering lagres for seg).",
        details: """
            STED er lenkenavnet (slug), id-en (node/123 eller Geoapify-id) eller en entydig del av navnet.
            Kommentaren er Markdown: *kursiv*, **fet**, lister, lenker, avsnitt; se «sitegen sanitize».
            """,
        options: Options.declared,
        minimumPositionals: 2,
        maximumPositionals: 2
    )

    struct Options: CommandOptions {
        let comment = Option<String?>(
            "--comment", valueName: "TEKST", help: "en kommentar til vurderingen")
        let date = Option<String?>(
            "--date", valueName: "DATO", help: "datoen for besøket (standard: i dag)")
        let site = CommonOptions.site
        let quiet = CommonOptions.quiet
        var listed: [any DeclaredOption] { [comment, date, site, quiet] }
    }

    func run(_ context: CommandContext, _ arguments: Arguments<Options>) async throws -> ExitStatus
    {
        let stars = try InputParsing.stars(arguments.positionals[1])
        let comment = try arguments[\.comment].map(InputParsing.comment)
        let known = try await KnownPlaces.load(context)
        let today = context.today(in: known.guide.settings.guideTimeZone)
        let date = try arguments[\.date].map { try InputParsing.date($0, today: today) } ?? today
        let place = try known.resolve(arguments.positionals[0])
        let (ratings, latest) = try context.site.updateStore { store -> ([Rating], CalendarDate?) in
            let latest = store.entries.values.lazy.flatMap(\.ratings).map(\.date).max()
            store.addRating(Rating(stars: stars, date: date, comment: comment), to: place)
            return (store.ratings(for: place.id), latest)
        }
        // A clock set wrong would date the rating wrong for good: today before the store's newest
        // rating is a sign.
        if arguments[\.date] == nil, let latest, today < latest {
            context.console.error(
                "Advarsel: ifølge maskinens klokke er det \(today), men lageret har en vurdering fra \(latest). "
                    + "Går klokka riktig? Vurderingen er lagret med \(today); gi datoen selv med --date ÅÅÅÅ-MM-DD."
            )
        }
        let summary = RatingSummary(ratings: ratings)!
        context.console.output("Lagret \(stars) av 5 for \(place.name) (\(date.norwegianLong)).")
        context.console.output(
            "Stedet har nå \(NorwegianFormat.count(summary.count, singular: "vurdering", plural: "vurderinger")), snitt \(Language.nb.tenths(summary.averageTenths)) → \(TerminalStars.text(summary.roundedStars)). Kjør «sitegen build» for å oppdatere nettstedet."
        )
        return .success
    }
}

/// `sitegen ratings PLACE`: the place's ratings, newest first.
struct RatingsCommand: Command {
    let spec = CommandSpec(
        name: "ratings",
        usage: "sitegen ratings STED [--site MAPPE]",
        summary: "Viser vurderingene av et sted, nyeste først, med snitt og avrundet stjerne.",
        options: SiteOptions.declared,
        minimumPositionals: 1,
        maximumPositionals: 1
    )

    func run(_ context: CommandContext, _ arguments: Arguments<SiteOptions>) async throws
        -> ExitStatus
    {
        let known = try await KnownPlaces.load(context)
        let place = try known.resolve(arguments.positionals[0])
        let ratings = known.store.ratings(for: place.id)
        context.console.output(
            "\(place.name) – \(CategoryNames.singular(place.category).lowercased())")
        guard let summary = RatingSummary(ratings: ratings) else {
            context.console.output(
                "Ingen vurderinger ennå. Gi en med «sitegen rate \"\(place.name)\" 4».")
            return .success
        }
        context.console.output(
            "Snitt \(Language.nb.tenths(summary.averageTenths)) av \(NorwegianFormat.count(summary.count, singular: "vurdering", plural: "vurderinger")) → \(TerminalStars.text(summary.roundedStars)) (\(summary.roundedStars) av 5)"
        )
        for rating in ratings.newestFirst {
            var line = "  \(rating.date.iso)  \(TerminalStars.text(rating.stars))"
            if let comment = rating.comment { line += "  " + comment.replacingAll("\n", with: " ") }
            context.console.output(line)
        }
        return .success
    }
}
