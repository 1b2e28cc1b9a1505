import BeaconModel
import BeaconSite
import Templates

/// What the build tells the owner about their edits that found nothing to edit: a correction or
/// hidden mark whose place the data no longer has (kept in the store, in case it returns), an own
/// place of a kind the guide no longer holds.
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
        for place in base.ownPlacesOutsideCategories {
            warnings.append(
                "Ditt eget sted «\(place.name)» er \(CategoryNames.singular(place.category).lowercased()), som guiden ikke har "
                    + "med (categories i innstillingene), så det vises ikke. Legg kategorien til, eller endre stedet med "
                    + "«sitegen place edit \(place.id.rawValue) --category …».")
        }
        return warnings
    }
}
