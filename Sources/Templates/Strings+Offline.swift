/// Texts for the installable, offline guide: the web app manifest and the
/// offline page. (`Resources/assets/beacon-offline.js` has its own copy of
/// the note it shows while the reader has no network.)
extension Strings {
    /// The home-screen name when the title is too long for it (a launcher shows about 12 characters).
    static let appShortName = "Beacon"
    static func appDescription(center: String?) -> String {
        "Restauranter, kafeer og hoteller rundt \(center ?? "sentrum"), med vurderinger og favoritter. Virker også uten nett."
    }
    static let offlineTitle = "Uten nett"
    static let offlineHeading = "Denne siden er ikke lagret"
    static let offlineText = "Denne siden har ikke vært åpnet på enheten før, så den er ikke med i den lagrede kopien. Forsiden, kategoriene, Mine steder og stedene du har sett på, kan du lese uten nett."
    /// What `beacon-offline.js` writes at the top of a page shown from the stored copy.
    static let offlineNote = "Du er uten nett. Du ser en lagret kopi av guiden."
}
