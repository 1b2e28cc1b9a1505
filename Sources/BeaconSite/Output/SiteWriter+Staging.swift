import BeaconSystem
import BeaconText
import FoundationEssentials
import Glibc
import Synchronization

/// The staging tree beside the output: made on the first change, its folders and files created in
/// it, and the leftovers of killed builds removed.
extension SiteWriter {
    /// Staging folders of builds that were killed before they could clean up.
    static func removeLeftoverStaging(parent: String, name: String) {
        let prefix = "." + name + ".staging-"
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: parent)) ?? []
        where entry.hasPrefix(prefix) {
            let pid = Int32(entry.dropFirst(prefix.count)) ?? 0
            // Leave a folder of a build that is still running.
            if pid > 0, pid != getpid(), kill(pid, 0) == 0 { continue }
            FileSystem.removeTree(parent + "/" + entry)
        }
    }

    /// Creates (or empties) `relativePath` in the staging tree, its folders as needed; returns it
    /// open for writing.
    func createStagedFile(_ relativePath: String) throws(SiteWriterError) -> Int32 {
        try ensureStaging()
        let staging = stagingDescriptor.load(ordering: .acquiring)
        // Folders are made on demand: no bookkeeping, and mkdir is atomic. The staging tree starts
        // empty and most files are a page alone in its folder (`steder/<slug>/index.html`), so a
        // file in a folder makes the folder first: one call, where opening first would fail once
        // more.
        if relativePath.utf8.contains(UInt8(ascii: "/")) {
            do throws(FileError) { try createParentDirectories(of: relativePath) } catch {
                throw .file(error)
            }
        }
        let fd = FileSystem.openDescriptor(
            relativePath, in: staging, flags: O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode: 0o644)
        guard fd >= 0 else { throw .file(.errno("skrive", stagingPath + "/" + relativePath)) }
        return fd
    }

    /// Creates the staging folder once; under the lock, so no writer can
    /// see it as created before it exists.
    func ensureStaging() throws(SiteWriterError) {
        if stagingReady.load(ordering: .acquiring) { return }
        let stagingPath = self.stagingPath
        let parent = PathText.parent(stagingPath)
        var cancelledNow = false
        let failure: Int32? = state.withLock { state in
            if state.stagingCreated { return nil }
            if state.cancelled {
                cancelledNow = true
                return nil
            }
            // The output's parent folder is made only now: a build that fails earlier leaves
            // nothing behind. Never a protected folder (the site's) or one above it: a site deleted
            // or moved meanwhile is not made again.
            let boundary = protectedPaths.first { parent != $0 && parent.hasPrefix($0 + "/") }
            if protectedPaths.contains(parent) && !FileSystem.isDirectory(parent) { return ENOENT }
            if !FileSystem.isDirectory(parent),
                (try? FileSystem.createDirectory(parent, inside: boundary)) == nil
            {
                return errno == 0 ? ENOENT : errno
            }
            FileSystem.removeTree(stagingPath)
            if !FileSystem.makeFolder(stagingPath) { return errno }
            let descriptor = FileSystem.openDescriptor(
                stagingPath, flags: O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            if descriptor < 0 { return errno }
            stagingDescriptor.store(descriptor, ordering: .releasing)
            state.stagingCreated = true
            stagingReady.store(true, ordering: .releasing)
            return nil
        }
        if cancelledNow { throw .cancelled }
        if let failure { throw .file(.errno("opprette mappen", stagingPath, code: failure)) }
    }

    /// `mkdir -p` of a file's folders inside the staging tree; a folder another
    /// writer made first is fine. Made from the deepest up: usually only the
    /// page's own folder is missing (`steder/<slug>/`), one call.
    func createParentDirectories(of relativePath: String) throws(FileError) {
        // The folders, deepest first ("steder/x/index.html": "steder/x", "steder"), found by bytes.
        var folders: [Substring] = []
        var index = relativePath.utf8.endIndex
        while let slash = relativePath.utf8[..<index].lastIndex(of: UInt8(ascii: "/")) {
            folders.append(relativePath[..<slash])
            index = slash
        }
        let staging = stagingDescriptor.load(ordering: .acquiring)
        // folders[0] is the deepest: find the deepest one whose parent exists, then make the rest
        // downwards.
        var level = 0
        while level < folders.count {
            if FileSystem.makeFolder(String(folders[level]), in: staging) {
                staged.withLock { $0.addFolder(String(folders[level])) }
                break
            }
            if errno == EEXIST { break }
            guard errno == ENOENT else {
                throw .errno("opprette mappen", stagingPath + "/" + folders[level])
            }
            level += 1
        }
        while level > 0 {
            level -= 1
            if FileSystem.makeFolder(String(folders[level]), in: staging) {
                staged.withLock { $0.addFolder(String(folders[level])) }
            } else if errno != EEXIST {
                throw .errno("opprette mappen", stagingPath + "/" + folders[level])
            }
        }
    }
}
