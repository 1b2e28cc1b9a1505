import BeaconModel
import BeaconText
import Templates

/// `sitegen categories add|remove KATEGORI…`: which kinds a guide lists, changed by name. Names
/// are read as `--category` reads them (a key, a Norwegian form, a plural); an unknown one is
/// refused with the nearest, and nothing changes. «Andre steder» is every guide's already, and
/// an owner's own kind is defined, and removed, in the settings file itself.
struct CategoryChange {
    enum Verb: String {
        case add, remove
    }

    /// More names than there are presets is a mistake, not a wish.
    static let maximumNames = 64

    var verb: Verb
    var categories: [PlaceCategory]

    init(verb text: String, names: [String], command: String) throws {
        guard let verb = Verb(rawValue: text) else {
            throw UsageError(
                "ukjent handling «\(text)»: bruk «sitegen categories add KATEGORI…» eller «remove KATEGORI…»",
                command: command)
        }
        guard !names.isEmpty else {
            throw UsageError(
                "oppgi hvilke kategorier, for eksempel «sitegen categories \(verb.rawValue) bar pub»",
                command: command)
        }
        var categories: [PlaceCategory] = []
        for name in names {
            guard !PlaceCategory.other.commandLineNames.contains(TextFolding.searchKey(name)) else {
                throw UsageError(
                    "«Andre steder» har hver guide; den vises når noen av dine egne steder ligger der",
                    command: command)
            }
            guard let category = PlaceCategory(userInput: name) else {
                throw UsageError(PlaceCategory.unknownMessage(name), command: command)
            }
            if !categories.contains(category) { categories.append(category) }
        }
        self.verb = verb
        self.categories = categories
    }

    /// The guide's kinds after the change: added ones last, in the order named; a guide keeps at
    /// least one kind.
    func applied(to current: [PlaceCategory]) throws -> [PlaceCategory] {
        switch verb {
        case .add:
            return current + categories.filter { !current.contains($0) }
        case .remove:
            let kept = current.filter { !categories.contains($0) }
            guard !kept.isEmpty else {
                throw UsageError(
                    "en guide må ha minst én kategori; ta med en annen først (sitegen categories add …)",
                    command: "categories")
            }
            return kept
        }
    }

    /// «La til barer og puber. Guiden har nå: restauranter, kafeer, hoteller, barer og puber.»
    func report(before: [PlaceCategory], after: [PlaceCategory]) -> String {
        let changed =
            verb == .add
            ? after.filter { !before.contains($0) } : before.filter { !after.contains($0) }
        let named = { (list: [PlaceCategory]) in
            NorwegianFormat.list(list.map(CategoryNames.pluralInText))
        }
        let unchanged = categories.filter { !changed.contains($0) }
        var lines: [String] = []
        if !changed.isEmpty {
            lines.append((verb == .add ? "La til " : "Tok ut ") + named(changed) + ".")
        }
        if !unchanged.isEmpty {
            lines.append(
                (verb == .add ? "Guiden har allerede " : "Guiden har ikke ") + named(unchanged)
                    + ".")
        }
        lines.append("Guiden har nå: " + named(after) + ".")
        if !changed.isEmpty { lines.append("Kjør «sitegen build» for å oppdatere nettstedet.") }
        return lines.joined(separator: "\n")
    }
}
