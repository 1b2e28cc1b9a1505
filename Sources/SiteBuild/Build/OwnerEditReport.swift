import BeaconModel
import BeaconSite
import Templates

/// What the build tells the owner about their edits that found nothing to edit: a correction or
/// hidden mark whose place the data no longer has (kept in the store, in case it returns), own
/// places of kinds the guide does not list (shown under «Andre steder»).
enum OwnerEditReport {
    package static func warnings(_ base: GuideBase, settings: SiteSettings) -> [String] {
        var warnings: [String] = []
        for edit in base.editsWithoutPlace {
            let name = edit.entry.snapshot?.name ?? edit.id.rawValue
            let what = edit.entry.correction != nil ? "Rettelsen av" : "Skjulingen av"
            warnings.append(
                "\(what) «\(name)» (\(edit.id.rawValue)) gjelder et sted som ikke lenger er i dataene. Den er beholdt "
                    + "i \(GuideStore.fileName) i tilfelle stedet kommer tilbake; fjern den med "
                    + (edit.entry.correction != nil
                        ? "«sitegen place edit \(edit.id.rawValue) --reset»"
                        : "«sitegen place unhide \(edit.id.rawValue)»")
                    + ".")
        }
        // Own places of kinds the guide does not list: shown under «Andre steder», said once.
        var outside: [PlaceCategory: Int] = [:]
        for place in base.ownPlacesOutsideCategories { outside[place.category, default: 0] += 1 }
        if !outside.isEmpty {
            let kinds = outside.sorted {
                $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key
            }
            let counted = kinds.map {
                NorwegianFormat.count(
                    $0.value, singular: CategoryNames.singular($0.key).lowercased(),
                    plural: CategoryNames.pluralInText($0.key))
            }
            let total = base.ownPlacesOutsideCategories.count
            warnings.append(
                "\(NorwegianFormat.count(total, singular: "eget sted", plural: "egne steder")) er av slag guiden "
                    + "ikke har med (\(NorwegianFormat.list(counted))), og vises under «Andre steder». "
                    + "Ta dem med i egne kategorier: sitegen categories add "
                    + kinds.map(\.key.rawValue).joined(separator: " "))
        }
        return warnings
    }
}
