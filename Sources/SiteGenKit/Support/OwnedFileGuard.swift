import BeaconModel
import BeaconSite
import BeaconSystem
import BeaconText
import FoundationEssentials
import SiteBuild

/// Decides whether a command may write a file of its own (the share file) at
/// a path the user chose. Never over the site's settings, store (and its backup),
/// lock file, places file or basemap data, whatever the path is called (a symlink,
/// a hard link, `../x`), and never into a folder sitegen owns (`photos/`, the
/// cache, `output/` or any folder a build wrote), not even as a new file; over
/// another existing file only when it is an earlier file of the same kind, or
/// with `--force`.
struct OwnedFileGuard {
    var site: SiteFolder
    /// What the command writes, for messages ("delingsfil").
    var kind: String
    /// Recognises an earlier file of this kind from its first bytes.
    var isOurs: @Sendable ([UInt8]) -> Bool

    /// `path` as resolved (`SiteFolder.absolute`); `given` as the user wrote it, for messages.
    func check(_ path: String, given: String, force: Bool) throws {
        if let folder = ownedFolder(holding: path) {
            throw InvalidInput(
                message:
                    "\(given) ligger i \(folder), som sitegen eier og aldri skriver over med en \(kind). Velg et "
                    + "filnavn utenfor med --output.")
        }
        guard let target = FileSystem.identity(path) else { return }  // a new file
        var protected = [
            (site.settingsPath, "innstillingsfilen"),
            (site.storePath, "lageret med vurderingene og favorittene"),
            (site.storeBackupPath, "sikkerhetskopien av lageret"),
            (site.storeBackupPath(format: 2), "sikkerhetskopien av lageret"),
            (site.lockPath, "låsefilen"),
            (PlaceIndex.path(in: site), "stedsindeksen"),
        ]
        if let placesFile = PlaceIndex.lastPlacesFile(in: site) {
            protected.append((placesFile, "stedsfilen"))
        }
        if let data = try? site.loadSettings().basemapData {
            protected.append((site.root + "/" + data, "kartdataene (basemapData)"))
        }
        // A hard link to an original elsewhere is that original.
        let photos = site.root + "/" + PlacePhoto.folderName
        for entry in (try? FileSystem.entries(in: photos)) ?? [] {
            if let name = entry.name, !name.hasPrefix(".") {
                protected.append((photos + "/" + name, "et av originalene i photos/"))
            }
        }
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

    /// The folder sitegen owns that `path` (resolved) lies in, as the message names it; nil when
    /// none.
    private func ownedFolder(holding path: String) -> String? {
        let folders = [
            (site.root + "/" + PlacePhoto.folderName, "photos/ (originalene til bildene dine)"),
            (site.cachePath, ".beacon-cache/ (mellomlageret)"),
            (site.defaultOutputPath, "output/ (nettstedet byggingen skriver)"),
        ]
        for (folder, role) in folders where path.hasPrefix(FileSystem.finalPath(folder) + "/") {
            return role
        }
        // Any folder a build wrote, wherever --output put it: the writer's marker is at its top.
        var folder = PathText.parent(path)
        while !folder.isEmpty, folder != "/" {
            if FileSystem.fileExists(folder + "/" + SiteWriter.markerFileName) {
                return "\(folder)/ (et nettsted sitegen har bygget)"
            }
            folder = PathText.parent(folder)
        }
        return nil
    }
}
