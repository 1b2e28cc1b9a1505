import BeaconModel
import BeaconSystem
import BeaconText
import FoundationEssentials
import Glibc
import Synchronization

/// Writes a site into its output folder so that readers and later builds
/// see either the old site or the new one, never a mix, and only what changed
/// is written:
///
/// - A file whose bytes equal the previous output's is not written; it is
///   hard-linked into the new tree at the end, so it keeps its inode and
///   modification time (CDNs and rsync rely on that).
/// - Changed and new files go into a staging folder beside the output,
///   created on the first change. If nothing changed and nothing is stale, the
///   output is not touched at all.
/// - `commit()` completes the staging tree and swaps it with the output in one
///   `renameat2(RENAME_EXCHANGE)`; the old tree is then removed. A build that
///   fails before `commit()` leaves the previous output exactly as it was.
/// - A build that wrote only the pages its change touches calls
///   `commitChanges(removing:)` instead (`SiteWriter+Changes.swift`): the
///   changed files moved in one by one, without listing the output.
///
/// `write` may be called from many threads at once.
package final class SiteWriter: Sendable {
    package struct Statistics: Sendable, Equatable {
        /// Files created or replaced.
        package var written = 0
        /// Files whose bytes were unchanged (not rewritten).
        package var unchanged = 0
        /// Files of the previous output the new site no longer has.
        package var removed = 0
        /// Of the files written, those the previous output did not have (known after
        /// `commitChanges`).
        package var added = 0
        /// Bytes of the whole new site.
        var totalBytes = 0

        package init(written: Int = 0, unchanged: Int = 0, removed: Int = 0, totalBytes: Int = 0) {
            self.written = written
            self.unchanged = unchanged
            self.removed = removed
            self.totalBytes = totalBytes
        }
    }

    /// Marks a folder as ours, so a build never replaces a folder it did not make.
    package static let markerFileName = ".sitegen-output"

    package let outputPath: String
    /// Applied to every file: the API key never reaches the output.
    let redactor: SecretRedactor
    let stagingPath: String
    /// The previous output, open (or -1): unchanged files are compared and linked relative to it.
    let previousDescriptor: Int32
    let state = Mutex(State())
    /// Set once the staging folder exists, so writers need not take the lock to ask.
    let stagingReady = Atomic<Bool>(false)
    /// The staging folder, open: files are created relative to it (`openat`),
    /// which spares the kernel walking the long path for every page.
    let stagingDescriptor = Atomic<Int32>(-1)

    /// The digest of what this build made in the staging tree, summed as it is made
    /// (`OutputTreeDigestChange`).
    let staged = Mutex(OutputTreeDigestChange())
    /// After a commit: the output's digest (`OutputTreeDigest`), known without walking it; nil if
    /// unknown.
    package var committedTree: String? { committedTreeValue.withLock { $0 } }
    let committedTreeValue = Mutex<String?>(nil)

    /// Set by `cancel()`: every later write fails, and no staging folder is made.
    private let cancelled = Atomic<Bool>(false)

    struct State: Sendable {
        var cancelled = false
        var stagingCreated = false
        var unchangedPaths: [String] = []
        var allPaths = Set<String>()
        var statistics = Statistics()
    }

    /// Folders the output may not be or contain, and that the writer never makes (the site folder).
    let protectedPaths: [String]

    /// `protectedPaths` are folders the output must neither be nor contain (the site folder).
    package init(
        outputPath: String, protectedPaths: [String] = [], redactor: SecretRedactor = .none
    ) throws(SiteWriterError) {
        self.redactor = redactor
        let output = SiteFolder.absolute(outputPath)
        guard output != "/" else {
            throw .unsafeOutputPath(path: output, reason: "rotmappen kan ikke brukes")
        }
        self.protectedPaths = protectedPaths.map(SiteFolder.absolute)
        for protected in self.protectedPaths {
            if output == protected || protected.hasPrefix(output + "/") {
                throw .unsafeOutputPath(
                    path: output, reason: "mappen inneholder nettstedsmappen \(protected)")
            }
        }
        self.outputPath = output
        let parent = PathText.parent(output)
        let name = PathText.lastComponent(output)
        self.stagingPath = parent + "/." + name + ".staging-\(getpid())"
        if FileSystem.fileExists(output) {
            guard FileSystem.isDirectory(output) else {
                throw .unsafeOutputPath(path: output, reason: "det finnes en fil med det navnet")
            }
            let isOurs = FileSystem.fileExists(output + "/" + SiteWriter.markerFileName)
            let isEmpty = ((try? FileManager.default.contentsOfDirectory(atPath: output)) ?? [])
                .isEmpty
            guard isOurs || isEmpty else { throw .notOurFolder(path: output) }
        }
        SiteWriter.removeLeftoverStaging(parent: parent, name: name)
        previousDescriptor = FileSystem.openDescriptor(
            output, flags: O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    }

    deinit {
        if previousDescriptor >= 0 { close(previousDescriptor) }
        closeStagingDescriptor()
    }

    /// Stops the build (Ctrl-C): writes from now on fail, so the build ends and
    /// `discard()` removes the staging folder; a commit that has not swapped yet
    /// does not. Returns whether a staging folder exists (so there is something
    /// to clean up before the process may exit).
    @discardableResult
    package func cancel() -> Bool {
        cancelled.store(true, ordering: .releasing)
        return state.withLock { state in
            state.cancelled = true
            return state.stagingCreated
        }
    }

    /// Writes one file of the site (`relativePath` like "steder/x/index.html"). `knownToDiffer`
    /// spares comparing a big file the caller knows differs from the previous output's.
    package func write(_ unredacted: [UInt8], to relativePath: String, knownToDiffer: Bool = false)
        throws(SiteWriterError)
    {
        if cancelled.load(ordering: .acquiring) { throw .cancelled }
        let bytes = redactor.isEmpty ? unredacted : redactor.redact(unredacted)
        try claim(relativePath, bytes: bytes.count)
        if !knownToDiffer && SiteWriter.fileHasContent(relativePath, in: previousDescriptor, bytes)
        {
            markUnchanged(relativePath)
            return
        }
        let fd = try createStagedFile(relativePath)
        defer { close(fd) }
        do throws(FileError) {
            try FileSystem.writeAll(fd: fd, bytes: bytes, path: stagingPath + "/" + relativePath)
        } catch { throw .file(error) }
        if let info = FileSystem.rawStatus(descriptor: fd) {
            let hash = OutputTreeDigestChange.fileHash(relativePath, info)
            staged.withLock { $0.addFile(hash: hash) }
        }
    }

    /// Claims a path of the new site (a second writer of it is a bug): one lock per new file.
    func claim(_ relativePath: String, bytes: Int) throws(SiteWriterError) {
        guard SiteWriter.isSafeRelativePath(relativePath) else {
            throw .invalidPagePath(relativePath)
        }
        let isNew = state.withLock { state in
            state.statistics.totalBytes += bytes
            return state.allPaths.insert(relativePath).inserted
        }
        guard isNew else { throw .invalidPagePath(relativePath + " (to ganger)") }
    }

    /// The previous output's file has exactly these bytes: it is linked into the new tree at the
    /// end.
    func markUnchanged(_ relativePath: String) {
        state.withLock { state in
            state.unchangedPaths.append(relativePath)
            state.statistics.unchanged += 1
        }
    }

    /// Finishes the new tree and swaps it in. Returns what was done.
    package func commit() throws(SiteWriterError) -> Statistics {
        try write(
            Array("Beacon sitegen output. This folder is replaced by each build.\n".utf8),
            to: SiteWriter.markerFileName
        )
        let (stagingCreated, unchanged, allPaths) = state.withLock {
            ($0.stagingCreated, $0.unchangedPaths, $0.allPaths)
        }
        state.withLock { $0.statistics.written = $0.allPaths.count - $0.statistics.unchanged }
        let previous =
            FileSystem.isDirectory(outputPath) ? SiteWriter.listFiles(under: outputPath) : []
        let stale = previous.filter { !allPaths.contains($0) }
        state.withLock { $0.statistics.removed = stale.count }
        if !stagingCreated && stale.isEmpty && FileSystem.isDirectory(outputPath) {
            return state.withLock { $0.statistics }
        }
        try ensureStaging()
        let staging = stagingDescriptor.load(ordering: .acquiring)
        let previousRoot = previousDescriptor
        // Linking is one system call per file: spread it over the cores.
        let failure = Mutex<FileError?>(nil)
        ParallelChunks.forEach(count: unchanged.count, chunkSize: 512) { range in
            for path in unchanged[range] {
                var linked = FileSystem.hardLink(path, from: previousRoot, to: staging)
                if !linked && errno == ENOENT {
                    do throws(FileError) { try createParentDirectories(of: path) } catch {
                        failure.withLock { $0 = $0 ?? error }
                        return
                    }
                    linked = FileSystem.hardLink(path, from: previousRoot, to: staging)
                }
                if !linked {
                    let error = FileError.errno("lenke", stagingPath + "/" + path)
                    failure.withLock { $0 = $0 ?? error }
                    return
                }
            }
        }
        if let error = failure.withLock({ $0 }) { throw .file(error) }
        closeStagingDescriptor()
        // The last moment to stop: after the swap the new site is published.
        if cancelled.load(ordering: .acquiring) { throw .cancelled }
        try swapStagingIntoPlace()
        // The linked files' change times moved when they were linked and again when the old tree's
        // names for them went: they are added to the digest as the output holds them now.
        let output = FileSystem.openDescriptor(
            outputPath, flags: O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if output >= 0 {
            defer { close(output) }
            let linked = ParallelChunks.map(count: unchanged.count, chunkSize: 2_048) {
                FileSystem.rawStatus(unchanged[$0], in: output)
            }
            if !linked.contains(where: { $0 == nil }) {
                var change = staged.withLock { $0 }
                for (path, info) in zip(unchanged, linked) { change.addFile(path, info!) }
                committedTreeValue.withLock { $0 = change.applied(to: nil) }
            }
        }
        return state.withLock { $0.statistics }
    }

    /// What was written: the unchanged paths, and every path.
    func stateSnapshot() -> (unchanged: [String], all: Set<String>) {
        state.withLock { ($0.unchangedPaths, $0.allPaths) }
    }

    func recordStatistics(written: Int, removed: Int, added: Int? = nil) {
        state.withLock { state in
            state.statistics.written = written
            state.statistics.removed = removed
            if let added { state.statistics.added = added }
        }
    }

    var statistics: Statistics { state.withLock { $0.statistics } }
    var isCancelled: Bool { cancelled.load(ordering: .acquiring) }
    func closeStagingDescriptorForCommit() { closeStagingDescriptor() }

    /// Throws away a build that failed; the previous output stays as it was.
    private func closeStagingDescriptor() {
        let descriptor = stagingDescriptor.exchange(-1, ordering: .acquiringAndReleasing)
        if descriptor >= 0 { close(descriptor) }
    }

    package func discard() {
        closeStagingDescriptor()
        if state.withLock({ $0.stagingCreated }) { FileSystem.removeTree(stagingPath) }
    }

    private func swapStagingIntoPlace() throws(SiteWriterError) {
        if !FileSystem.fileExists(outputPath) {
            if let code = FileSystem.move(stagingPath, to: outputPath) {
                throw .file(.errno("flytte på plass", outputPath, code: code))
            }
            return
        }
        if FileSystem.exchange(stagingPath, outputPath) {
            FileSystem.removeTree(stagingPath)  // now holds the previous output
            return
        }
        // Filesystems without RENAME_EXCHANGE: two renames, a moment without output.
        let old = stagingPath + ".old"
        if let code = FileSystem.move(outputPath, to: old) {
            throw .file(.errno("flytte", outputPath, code: code))
        }
        if let code = FileSystem.move(stagingPath, to: outputPath) {
            _ = FileSystem.move(old, to: outputPath)
            throw .file(.errno("flytte på plass", outputPath, code: code))
        }
        FileSystem.removeTree(old)
    }
}
