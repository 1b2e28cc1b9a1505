import BeaconModel
import BeaconSite

/// What the build tells the owner about their lists: places a list holds that the guide does not
/// have now (beyond the radius, hidden, or gone from the data). They stay in the list, in case
/// they come back; the list's page leaves them out.
enum ListReport {
    /// One line for all the lists, or nil when every list's places are in the guide.
    static func warning(_ lists: [GuideList]) -> String? {
        let short = lists.filter { $0.missingCount > 0 }
        guard !short.isEmpty else { return nil }
        let total = short.reduce(0) { $0 + $1.missingCount }
        let named = short.map { "«\($0.name)» (\(NorwegianFormat.integer($0.missingCount)))" }
        return NorwegianFormat.count(total, singular: "sted", plural: "steder")
            + (short.count == 1 ? " i listen " : " i listene ") + NorwegianFormat.list(named)
            + " er ikke i guiden nå (utenfor radius, skjult eller borte fra dataene), og vises ikke på listesidene. "
            + "De blir stående i listene i tilfelle de kommer tilbake."
    }
}
