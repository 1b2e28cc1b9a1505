import BeaconCore
import BeaconSystem
import FoundationEssentials

/// Decides whether a command may write a file of its own (the share file) at
/// a path the user chose. Never over the site's settings, store, lock file or
/// places file, whatever the path is called (a symlink, a hard link, `../x`);
/// over another existing file only when it is an earlier file of the same
/// kind, or with `--force`.
struct OwnedFileGuard {
    var site: SiteFolder
    /// What the command writes, for messages ("delingsfil").
    var kind: String
    /// Recognises an earlier file of this kind from its first bytes.
    var isOurs: @Sendable ([UInt8]) -> Bool

    /// `path` as resolved (`SiteFolder.absolute`); `given` as the user wrote it, for messages.
    func check(_ path: String, given: String, force: Bool) throws {
        guard let target = FileSystem.identity(path) else { return }  // a new file
        var protected = [
            (site.settingsPath, "innstillingsfilen"), (site.storePath, "lageret med vurderingene og favorittene"),
            (site.lockPath, "låsefilen"), (PlaceIndex.path(in: site), "stedsindeksen"),
        ]
        if let placesFile = PlaceIndex.lastPlacesFile(in: site) { protected.append((placesFile, "stedsfilen")) }
        for (file, role) in protected {
            if let identity = FileSystem.identity(file), identity == target {
                throw InvalidInput(
                    message:
                        "\(given) er \(role) (\(file)), som sitegen aldri skriver over med en \(kind). Velg et annet filnavn med --output."
                )
            }
        }
        if FileSystem.isDirectory(path) {
            throw InvalidInput(message: "\(path) er en mappe; oppgi et filnavn med --output.")
        }
        if force { return }
        guard let head = FileSystem.readPrefix(path, maximumBytes: 4096), isOurs(head) else {
            throw InvalidInput(
                message:
                    "\(path) finnes allerede og er ikke en \(kind) fra sitegen, så den blir ikke skrevet over. Velg et annet filnavn, eller bruk --force hvis filen skal erstattes."
            )
        }
    }
}
