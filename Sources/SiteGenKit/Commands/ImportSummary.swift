import BeaconModel
import BeaconSources
import BeaconText
import Templates

/// The terminal's account of an import: one headline that counts what became of every place read,
/// so its parts add up to the whole («Importerte 412: 380 nye, 24 slått sammen med steder i guiden,
/// 8 uten posisjon»; «Leste» when nothing changed), a line for the new places of kinds the guide does
/// not list and for those no kind fits (both under «Andre steder», with the command that moves
/// them), a line for each kind of place left out with its names, and for `--dry-run` a line per
/// place.
struct ImportSummary {
    /// What was done about places without a position: what is said of those left without one.
    enum PositionLookup {
        /// Geoapify was asked; those left had no answer.
        case lookedUp
        /// A dry run with a key: nothing was asked, a real import would ask.
        case wouldLookUp
        case noKey
    }

    var lines: [PlaceImporter.Line]
    /// How many places joined each saved list.
    var listed: [String: Int] = [:]
    /// How many places a full list had no room for.
    var overflowed: [String: Int] = [:]
    var positions: PositionLookup
    var category: PlaceCategory?
    var settings: SiteSettings
    /// `--verbose`: every place named under its reason, not the first five.
    var verbose = false

    private func count(_ matches: (PlaceImporter.Outcome) -> Bool) -> Int {
        lines.count { matches($0.outcome) }
    }

    private func names(_ matches: (PlaceImporter.Outcome) -> Bool) -> String {
        let limit = verbose ? Int.max : 5
        let named = lines.filter { matches($0.outcome) }.map { $0.name ?? "uten navn" }
        let shown = named.prefix(limit).map { "«\(TextHardening.truncate($0, to: 40))»" }.joined(
            separator: ", ")
        return named.count > limit ? shown + " og \(named.count - limit) til" : shown
    }

    var added: Int { count { if case .added = $0 { true } else { false } } }
    var merged: Int { count { if case .merged = $0 { true } else { false } } }
    var duplicates: Int { count { if case .duplicate = $0 { true } else { false } } }
    var alreadyThere: Int { count { if case .alreadyThere = $0 { true } else { false } } }
    var changedAnything: Bool { added + merged > 0 || !listed.isEmpty }

    /// The new places of each kind the guide does not list (shown under «Andre steder» until it
    /// does), most first.
    var kindsOutsideGuide: [(category: PlaceCategory, count: Int)] {
        var counts: [PlaceCategory: Int] = [:]
        for line in lines {
            if case .added(_, let category) = line.outcome, category != .other,
                !settings.categories.contains(category)
            {
                counts[category, default: 0] += 1
            }
        }
        return counts.map { ($0.key, $0.value) }.sorted {
            $0.count != $1.count ? $0.count > $1.count : $0.category < $1.category
        }
    }

    private static func isAddedAsOther(_ outcome: PlaceImporter.Outcome) -> Bool {
        if case .added(_, let category) = outcome { category == .other } else { false }
    }

    private static func isSkip(_ reason: PlaceImporter.SkipReason) -> (PlaceImporter.Outcome) ->
        Bool
    {
        { outcome in
            if case .skipped(let found) = outcome {
                switch (found, reason) {
                case (.notAPoint, .notAPoint): return true
                default: return found == reason
                }
            }
            return false
        }
    }

    /// «Importerte» only when the store changed; a dry run, or a file whose places were all there
    /// or left out, was only read.
    func headline(dryRun: Bool) -> String {
        let other = count(Self.isAddedAsOther) + kindsOutsideGuide.reduce(0) { $0 + $1.count }
        var parts = [
            "\(NorwegianFormat.integer(added)) nye"
                + (other > 0 ? " (\(NorwegianFormat.integer(other)) under «Andre steder»)" : ""),
            "\(NorwegianFormat.integer(merged)) slått sammen med steder i guiden",
        ]
        if duplicates > 0 {
            parts.append(
                "\(NorwegianFormat.integer(duplicates)) dobbeltført\(duplicates == 1 ? "" : "e") i filene"
            )
        }
        if alreadyThere > 0 {
            parts.append("\(NorwegianFormat.integer(alreadyThere)) var med fra før")
        }
        let skipped = [
            (PlaceImporter.SkipReason.noPosition, "uten posisjon"),
            (.notAPoint(kind: ""), "som ikke er punkter"), (.noName, "uten navn"),
            (.badCoordinates, "med ugyldig posisjon"), (.empty, "tomme"),
        ]
        for (reason, words) in skipped {
            let n = count(Self.isSkip(reason))
            if n > 0 { parts.append("\(NorwegianFormat.integer(n)) \(words)") }
        }
        let verb = !dryRun && changedAnything ? "Importerte" : "Leste"
        return "\(verb) \(NorwegianFormat.integer(lines.count)): " + parts.joined(separator: ", ")
            + "."
    }

    /// What to do about each kind of place left out, with some of their names.
    var details: [String] {
        var details: [String] = []
        if !listed.isEmpty {
            let lists = listed.sorted { $0.key < $1.key }.map {
                "«\(TextHardening.truncate($0.key, to: 40))» (\(NorwegianFormat.count($0.value, singular: "sted", plural: "steder")))"
            }
            details.append(
                "Lagt i listene dine: \(NorwegianFormat.list(lists)). Se dem med «sitegen lists»."
            )
        }
        for (list, count) in overflowed.sorted(by: { $0.key < $1.key }) {
            details.append(
                "«\(TextHardening.truncate(list, to: 40))» er full (\(SavedList.maximumPlaces) steder): "
                    + "\(NorwegianFormat.count(count, singular: "sted", plural: "steder")) kom ikke med i den, men er i guiden."
            )
        }
        let outside = kindsOutsideGuide
        if !outside.isEmpty {
            let kinds = outside.map {
                NorwegianFormat.count(
                    $0.count, singular: CategoryNames.singular($0.category).lowercased(),
                    plural: CategoryNames.pluralInText($0.category))
            }
            details.append(
                "\(NorwegianFormat.list(kinds)) er ikke blant guidens kategorier; de vises under «Andre steder» "
                    + "til du tar dem med: sitegen categories add "
                    + outside.map(\.category.rawValue).joined(separator: " "))
        }
        let unknown = count(Self.isAddedAsOther)
        if unknown > 0 {
            details.append(
                "Ingen kjent kategori for \(names(Self.isAddedAsOther)); "
                    + (unknown == 1 ? "det ligger" : "de ligger")
                    + " under «Andre steder». Flytt et sted med «sitegen place edit NAVN --category kafe»."
            )
        }
        let noPosition = count(Self.isSkip(.noPosition))
        if noPosition > 0 {
            details.append(
                "Uten posisjon: \(names(Self.isSkip(.noPosition))). "
                    + {
                        switch positions {
                        case .lookedUp:
                            "Geoapify fant dem ikke; legg dem til med «sitegen place add NAVN --at BREDDE LENGDE»."
                        case .wouldLookUp:
                            "En import uten --dry-run slår dem opp hos Geoapify først."
                        case .noKey:
                            "Sett GEOAPIFY_API_KEY og importer igjen for å slå dem opp, eller legg dem til med "
                                + "«sitegen place add NAVN --at BREDDE LENGDE»."
                        }
                    }())
        }
        if count(Self.isSkip(.notAPoint(kind: ""))) > 0 {
            details.append(
                "Ikke punkter (linjer, flater, spor): \(names(Self.isSkip(.notAPoint(kind: ""))))."
                    + " En guide viser steder, så de er ikke tatt med.")
        }
        if count(Self.isSkip(.badCoordinates)) > 0 {
            details.append("Ugyldig posisjon: \(names(Self.isSkip(.badCoordinates))).")
        }
        return details
    }

    /// `--dry-run`: a line per place, the first `limit` of them.
    func planLines(limit: Int) -> [String] {
        var shown = lines.prefix(limit).map { line -> String in
            let name = TextHardening.truncate(line.name ?? "(uten navn)", to: 50)
            switch line.outcome {
            case .added(_, let category):
                return "  + \(name)"
                    + (settings.categories.contains(category)
                        ? ""
                        : " (\(CategoryNames.singular(category).lowercased()), under «Andre steder»)")
            case .merged(_, let known): return "  = \(name) → slås sammen med «\(known)»"
            case .duplicate(_, let known):
                return "  = \(name) → samme sted som «\(known)» lenger opp"
            case .alreadyThere: return "  · \(name) (med fra før)"
            case .skipped(.noName): return "  – (uten navn)"
            case .skipped(let reason): return "  – \(name) (\(Self.words(reason)))"
            }
        }
        if lines.count > limit { shown.append("  … og \(lines.count - limit) til") }
        return shown
    }

    static func words(_ reason: PlaceImporter.SkipReason) -> String {
        switch reason {
        case .noPosition: "uten posisjon"
        case .noName: "uten navn"
        case .badCoordinates: "ugyldig posisjon"
        case .notAPoint(let kind): "ikke et punkt, men \(kind)"
        case .empty: "tom"
        }
    }
}
