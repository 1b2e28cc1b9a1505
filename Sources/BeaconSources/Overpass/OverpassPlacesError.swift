import BeaconMap
import BeaconModel
import BeaconSystem

/// Why OpenStreetMap gave a build no places.
package enum OverpassPlacesError: UserFacingError, Equatable {
    case fetch(OverpassError)
    case unexpectedAnswer(String)
    case serverRemark(String)
    case offlineWithoutCache
    /// No kind of the guide has a tag to ask for.
    case noTags(kinds: [String])

    package var userMessage: String {
        switch self {
        case .fetch(let error):
            "Fikk ikke steder fra OpenStreetMap. " + error.userMessage
                + " Med «\"source\": \"none\"» i \(SiteSettings.fileName) bygges guiden av bare dine egne steder."
        case .unexpectedAnswer(let what):
            "Fikk ikke steder fra OpenStreetMap: Overpass svarte med \(what)."
        case .serverRemark(let remark):
            "Fikk ikke steder fra OpenStreetMap: Overpass avbrøt spørringen («\(remark)»). Prøv igjen senere, med mindre radius, eller sett OVERPASS_URL til et annet speil."
        case .offlineWithoutCache:
            "Mellomlageret har ingen steder fra OpenStreetMap for dette senteret og denne radiusen, og --offline forbyr nettverkskall. Bygg én gang uten --offline først."
        case .noTags(let kinds):
            "Ingen av guidens kategorier (\(kinds.joined(separator: ", "))) har OpenStreetMap-merkelapper å spørre Overpass etter. Gi en egen kategori «\"osm\": [\"amenity=…\"]» i \(SiteSettings.fileName), eller sett GEOAPIFY_API_KEY."
        }
    }

    package var exitStatus: ExitStatus {
        switch self {
        case .fetch(let error): error.exitStatus
        case .unexpectedAnswer, .serverRemark: .unavailable
        case .offlineWithoutCache: .unavailable
        case .noTags: .usage
        }
    }
}
