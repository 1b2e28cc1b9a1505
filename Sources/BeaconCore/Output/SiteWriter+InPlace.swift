import BeaconSystem
import BeaconText
import FoundationEssentials
import Glibc

/// The commit for a small change (a rating, a favorite): instead of linking
/// every unchanged file into a new tree and swapping trees, which costs a
/// system call per file of the whole site, the few changed files are moved
/// into the live output one by one.
///
/// The guarantee: every file is replaced by `rename`, so a reader (or a
/// crash) sees each file whole, old or new, never half-written. Files that
/// are new to the site are moved in first, then the changed ones, and files
/// the site no longer has are removed last, so no page ever links to a file
/// that is not there. While the moves run the site is a mix of old and new
/// pages for a moment (milliseconds for a handful of files). Before the first
/// move an intent record listing every step is written (synced), and the
/// staged files are synced: a build killed half-way is finished by the next
/// `SiteWriter` of the same output, before it does anything else.
extension SiteWriter {
    /// Where the intent record lives: beside the output, `.<name>.commit-intent`.
    static func intentPath(parent: String, name: String) -> String {
        parent + "/." + name + ".commit-intent"
    }

    /// Whether moving the changes in is cheaper than a new tree: at most a
    /// quarter of the site changes (the swap links every other file).
    static func prefersInPlace(changed: Int, removed: Int, total: Int) -> Bool {
        changed + removed <= total / 4
    }

    /// Moves `changed` (new files first, then replaced ones) from the staging
    /// folder into the output and removes `stale`, after writing the intent record.
    @discardableResult
    func commitInPlace(changed: [String], previous: Set<String>, stale: [String]) throws(SiteWriterError)
        -> OutputTreeDigestAdjustment
    {
        let parent = PathText.parent(outputPath)
        let name = PathText.lastComponent(outputPath)
        let ordered =
            changed.filter { !previous.contains($0) }.sorted() + changed.filter { previous.contains($0) }.sorted()
        // The staged files and the record reach the disk before anything moves.
        for path in ordered {
            let fd = FileSystem.openDescriptor(stagingPath + "/" + path, flags: O_RDONLY | O_CLOEXEC)
            if fd >= 0 {
                fsync(fd)
                close(fd)
            }
        }
        var record = "beacon-commit 1\nstaging " + PathText.lastComponent(stagingPath) + "\n"
        for path in ordered { record += "+ " + path + "\n" }
        for path in stale.sorted() { record += "- " + path + "\n" }
        let intent = SiteWriter.intentPath(parent: parent, name: name)
        do { try FileSystem.writeCacheFile(Array(record.utf8), to: intent) } catch { throw .file(error) }
        do {
            return try SiteWriter.applyIntent(
                record, parent: parent, output: outputPath, crashAfterMoves: crashAfterMoves)
        } catch .cancelled {
            throw .cancelled
        } catch {
            // Not a kill but a move that cannot be done (something made in the output by hand where a file
            // goes): the record would fail every next build the same way. The build record is gone by now,
            // so the next build trusts nothing of this output and replaces it whole.
            FileSystem.removeFile(intent)
            throw error
        }
    }

    /// Commits only the files this build wrote, and removes `removals` (those
    /// that exist): every other file of the output stays as it is. For a
    /// build that knows which pages its change touches, so nothing walks the
    /// whole output. Always in place, with the same guarantee as above.
    /// Returns what was done and how the output's digest changed.
    package func commitChanges(removing removals: [String]) throws(SiteWriterError) -> (
        Statistics, OutputTreeDigestAdjustment
    ) {
        guard previousDescriptor >= 0 else {
            throw .unsafeOutputPath(path: outputPath, reason: "mappen finnes ikke lenger; bygg på nytt med --force")
        }
        let (unchanged, allPaths) = stateSnapshot()
        let unchangedSet = Set(unchanged)
        let changed = allPaths.filter { !unchangedSet.contains($0) }
        let previous = Set(changed.filter { SiteWriter.entryExists($0, in: previousDescriptor) })
        let stale = removals.filter { !allPaths.contains($0) && SiteWriter.entryExists($0, in: previousDescriptor) }
        recordStatistics(written: changed.count, removed: stale.count, added: changed.count - previous.count)
        guard !changed.isEmpty || !stale.isEmpty else { return (statistics, OutputTreeDigestAdjustment()) }
        closeStagingDescriptorForCommit()
        if isCancelled { throw .cancelled }
        let adjustment = try commitInPlace(changed: Array(changed), previous: previous, stale: stale)
        return (statistics, adjustment)
    }

    static func entryExists(_ path: String, in folder: Int32) -> Bool {
        FileSystem.rawStatus(path, in: folder) != nil
    }

    /// Finishes a commit a killed build left (its intent record), before this
    /// build touches anything: the moves not yet done, the removals, then the
    /// record and the staging folder go.
    static func finishInterruptedCommit(parent: String, name: String) throws(SiteWriterError) {
        let intent = intentPath(parent: parent, name: name)
        guard let bytes = try? FileSystem.readIfExists(intent) else { return }
        _ = try applyIntent(
            String(decoding: bytes, as: UTF8.self), parent: parent, output: parent + "/" + name, crashAfterMoves: nil)
    }

    /// Carries out a record; every step may already have been done.
    /// `crashAfterMoves` stops after that many moves, as a kill would (tests only).
    /// Returns how the output's digest changed (`OutputTreeDigest`).
    static func applyIntent(_ record: String, parent: String, output: String, crashAfterMoves: Int?)
        throws(SiteWriterError) -> OutputTreeDigestAdjustment
    {
        var adjustment = OutputTreeDigestAdjustment()
        let lines = record.split(separator: "\n").map(String.init)
        let outputName = PathText.lastComponent(output)
        // The staging folder must be this output's own (`.<name>.staging-<pid>`): a record must never
        // make a build move or remove anything else.
        let stagingName =
            lines.count >= 2 && lines[1].hasPrefix("staging ") ? String(lines[1].dropFirst("staging ".count)) : ""
        guard lines.first == "beacon-commit 1", stagingName.hasPrefix("." + outputName + ".staging-"),
            !stagingName.containsBytes("/")
        else {
            // Not a record this version wrote: leave the output alone, and say so.
            throw .file(
                FileError(
                    path: intentPath(parent: parent, name: PathText.lastComponent(output)),
                    action: "fullføre byggingen i",
                    reason: "ukjent format; slett filen og bygg på nytt med --force"))
        }
        let staging = parent + "/" + stagingName
        var moves = 0
        for line in lines.dropFirst(2) {
            let path = String(line.dropFirst(2))
            guard isSafeRelativePath(path) else { continue }
            if line.hasPrefix("+ ") {
                let source = staging + "/" + path
                guard FileSystem.fileExists(source) else { continue }  // moved before the kill
                if let crashAfterMoves, moves >= crashAfterMoves { throw .cancelled }
                let target = output + "/" + path
                let folder = PathText.parent(path)
                if !folder.isEmpty && !FileSystem.isDirectory(output + "/" + folder) {
                    var made = ""
                    for component in folder.split(separator: "/") {
                        made = made.isEmpty ? String(component) : made + "/" + component
                        if !FileSystem.isDirectory(output + "/" + made) { adjustment.addFolder(made) }
                    }
                }
                do { try FileSystem.createDirectory(PathText.parent(target)) } catch { throw .file(error) }
                adjustment.removeFile(path, at: target)
                if let code = FileSystem.move(source, to: target) {
                    throw .file(.errno("flytte på plass", target, code: code))
                }
                adjustment.addFile(path, at: target)
                moves += 1
            } else if line.hasPrefix("- ") {
                adjustment.removeFile(path, at: output + "/" + path)
                FileSystem.removeFile(output + "/" + path)
                // Folders the removal left empty go too (rmdir fails on any other).
                var folder = PathText.parent(path)
                while !folder.isEmpty, FileSystem.removeEmptyFolder(output + "/" + folder) {
                    adjustment.removeFolder(folder)
                    folder = PathText.parent(folder)
                }
            }
        }
        FileSystem.syncDirectory(output)
        FileSystem.removeFile(intentPath(parent: parent, name: PathText.lastComponent(output)))
        FileSystem.removeTree(staging)
        FileSystem.syncDirectory(parent)
        return adjustment
    }
}
