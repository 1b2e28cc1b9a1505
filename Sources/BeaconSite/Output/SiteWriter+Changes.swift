import BeaconSystem
import BeaconText
import FoundationEssentials
import Glibc

/// The commit for a build that rendered only what its change touches (a rating, a favorite): the
/// few changed files are moved into the live output one by one, instead of linking every unchanged
/// file into a new tree, which costs a system call per file of the whole site.
///
/// Every file is replaced by `rename`, so a reader sees each file whole, old or new. Files new to
/// the site are moved in first, then the changed ones, and the files the site no longer has are
/// removed last, so no page links to a file that is not there. While the moves run the site is a
/// mix of old and new pages for a moment. A build killed half-way leaves no build record (it is
/// removed before the commit), so the next build renders every page and writes what differs: the
/// output is repaired.
extension SiteWriter {
    /// Moves the files this build wrote into the output and removes `removals` (those that exist):
    /// every other file of the output stays as it is, unread and unlisted. `previousTree`: the
    /// output's recorded digest, which `committedTree` then holds changed by these moves.
    package func commitChanges(removing removals: [String], previousTree: String)
        throws(SiteWriterError)
        -> Statistics
    {
        guard previousDescriptor >= 0 else {
            throw .unsafeOutputPath(
                path: outputPath, reason: "mappen finnes ikke lenger; bygg på nytt med --force")
        }
        let (unchanged, allPaths) = stateSnapshot()
        let unchangedSet = Set(unchanged)
        let changed = allPaths.filter { !unchangedSet.contains($0) }
        let existing = Set(
            changed.filter { FileSystem.rawStatus($0, in: previousDescriptor) != nil })
        let stale = removals.filter {
            !allPaths.contains($0) && FileSystem.rawStatus($0, in: previousDescriptor) != nil
        }
        recordStatistics(
            written: changed.count, removed: stale.count, added: changed.count - existing.count)
        guard !changed.isEmpty || !stale.isEmpty else {
            committedTreeValue.withLock { $0 = previousTree }
            return statistics
        }
        closeStagingDescriptorForCommit()
        if isCancelled { throw .cancelled }
        var change = OutputTreeDigestChange()
        let ordered =
            changed.filter { !existing.contains($0) }.sorted()
            + changed.filter { existing.contains($0) }.sorted()
        for path in ordered {
            let target = outputPath + "/" + path
            var folder = PathText.parent(path)
            var missing: [String] = []
            while !folder.isEmpty, !FileSystem.isDirectory(outputPath + "/" + folder) {
                missing.append(folder)
                folder = PathText.parent(folder)
            }
            do { try FileSystem.createDirectory(PathText.parent(target)) } catch {
                throw .file(error)
            }
            for folder in missing { change.addFolder(folder) }
            if let info = FileSystem.rawLinkStatus(target) { change.removeFile(path, info) }
            if let code = FileSystem.move(stagingPath + "/" + path, to: target) {
                throw .file(.errno("flytte på plass", target, code: code))
            }
            if let info = FileSystem.rawLinkStatus(target) { change.addFile(path, info) }
        }
        for path in stale.sorted() {
            if let info = FileSystem.rawLinkStatus(outputPath + "/" + path) {
                change.removeFile(path, info)
            }
            FileSystem.removeFile(outputPath + "/" + path)
            // Folders the removal left empty go too (rmdir fails on any other).
            var folder = PathText.parent(path)
            while !folder.isEmpty, FileSystem.removeEmptyFolder(outputPath + "/" + folder) {
                change.removeFolder(folder)
                folder = PathText.parent(folder)
            }
        }
        FileSystem.removeTree(stagingPath)
        committedTreeValue.withLock { $0 = change.applied(to: previousTree) }
        return statistics
    }
}
