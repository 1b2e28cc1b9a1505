import BeaconSystem

/// Nothing the tool reads or writes in a site folder may lead out of it.
///
/// The folder is meant to go into git, and git keeps symbolic links: a cloned guide whose `assets`
/// (or store, settings, cache or output) is a link to `~/.ssh` must not make the next build
/// publish, read or write what lies there. Paths the owner types on the command line (`--output`,
/// `--places`, `--site` itself) are theirs to point anywhere, and are not checked here.
extension SiteFolder {
    /// The parts of the folder every command may touch; the output is checked where it is used, as
    /// the owner may name another with `--output`.
    package var fixedParts: [String] {
        [settingsPath, storePath, assetsPath, photosPath, cachePath, lockPath]
    }

    /// Throws when `path` (something in this folder) leads out of it: through a symbolic link at
    /// any level, also one whose target does not exist yet (a write would create it out there).
    package func checkInside(_ path: String) throws(SiteDataError) {
        let target = FileSystem.finalPath(path)
        guard target == root || target.hasPrefix(root.hasSuffix("/") ? root : root + "/") else {
            throw .leadsOutside(path: path, target: target, relative: relativeName(of: path))
        }
    }

    /// `checkInside` for every fixed part, and for the cache's folders (its files are read without
    /// following links: `FileSystem.readCacheFile`).
    package func checkFixedPartsInside() throws(SiteDataError) {
        for path in fixedParts { try checkInside(path) }
        for name in FileSystem.entryNames(in: cachePath) { try checkInside(cachePath + "/" + name) }
    }

    /// Makes `path`'s missing folders below the site folder, never the site folder itself: one
    /// deleted or moved while a command runs is not made again.
    package func createFolder(_ path: String) throws(FileError) {
        try FileSystem.createDirectory(path, inside: root)
    }

    /// "assets", "beacon-store.json": how the owner sees a part's name in the folder.
    func relativeName(of path: String) -> String {
        let prefix = root.hasSuffix("/") ? root : root + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }
}
