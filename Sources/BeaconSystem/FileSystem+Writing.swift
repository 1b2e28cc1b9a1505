import BeaconText
import FoundationEssentials
import Glibc

extension FileSystem {
    /// Replaces `path` atomically: a reader sees the old or the new content,
    /// never a mix, and a crash leaves the old file. What the owner set up
    /// stays: a symlink is written through (its target is replaced, the link
    /// stays a link), the file keeps its permissions and, where the process
    /// may set it, its owner; a file without write permission is refused.
    /// Temporary files that killed processes left beside it are removed.
    package static func writeAtomically(_ bytes: [UInt8], to path: String, mode: mode_t = 0o644)
        throws(FileError)
    {
        try unsafe bytes.withUnsafeBytes { buffer in
            Result { () throws(FileError) in
                try unsafe writeAtomically(buffer, to: path, mode: mode)
            }
        }.get()
    }

    package static func writeAtomically(_ data: Data, to path: String, mode: mode_t = 0o644)
        throws(FileError)
    {
        try unsafe data.withUnsafeBytes { buffer in
            Result { () throws(FileError) in
                try unsafe writeAtomically(buffer, to: path, mode: mode)
            }
        }.get()
    }

    /// One of the tool's own cache files (the build record, the kept guide and store): written
    /// whole, replacing a symbolic link rather than following it.
    package static func writeCacheFile(
        _ bytes: [UInt8], to path: String, sync: Bool = true, unlinkingFirst: Bool = false
    ) throws(FileError) {
        try writeAtomically(
            to: path, sync: sync, followingSymlinks: false, unlinkingFirst: unlinkingFirst
        ) {
            (fd) throws(FileError) in
            try writeAll(fd: fd, bytes: bytes, path: path)
        }
    }

    package static func writeAtomically(
        _ bytes: UnsafeRawBufferPointer, to path: String, mode: mode_t
    )
        throws(FileError)
    {
        try writeAtomically(to: path, mode: mode) { (fd) throws(FileError) in
            try unsafe writeAll(fd: fd, bytes: bytes, path: path)
        }
    }

    /// The same, for a file written in parts as it is made (`produce` writes them to the open
    /// temporary file); `sync: false` for a cache that a crash may lose (it is checked when read).
    /// `followingSymlinks: false` for the tool's own cache files: a symbolic link there is
    /// replaced, never written through (a link to /etc/passwd must not make a build overwrite it).
    /// `unlinkingFirst`: for a cache read only under the site's build lock (for a moment there is
    /// no file).
    package static func writeAtomically(
        to path: String, mode: mode_t = 0o644, sync: Bool = true, followingSymlinks: Bool = true,
        unlinkingFirst: Bool = false,
        _ produce: (_ fd: Int32) throws(FileError) -> Void
    ) throws(FileError) {
        let target = followingSymlinks ? try resolvingSymlinks(path) : path
        let directory = PathText.parent(target)
        let folder = directory.isEmpty ? "." : directory
        let name = PathText.lastComponent(target)
        var fileMode = mode
        var owner: (uid: uid_t, gid: gid_t)?
        var existing = stat()
        if unsafe lstat(target, &existing) == 0,
            followingSymlinks || (existing.st_mode & S_IFMT) != S_IFLNK
        {
            guard (existing.st_mode & S_IFMT) == S_IFREG else {
                throw FileError(
                    path: path, action: "skrive",
                    reason: (existing.st_mode & S_IFMT) == S_IFDIR
                        ? "er en mappe" : "er ikke en vanlig fil")
            }
            guard existing.st_mode & 0o222 != 0, unsafe access(target, W_OK) == 0 else {
                throw FileError(
                    path: path, action: "skrive",
                    reason:
                        "filen er skrivebeskyttet (endre det med «chmod u+w» hvis sitegen skal kunne endre den)"
                )
            }
            fileMode = existing.st_mode & 0o7777
            owner = (existing.st_uid, existing.st_gid)
        }
        let temporary =
            folder + "/" + temporaryPrefix(for: name)
            + "\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let fd = unsafe open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw .errno("skrive", path) }
        do throws(FileError) {
            try produce(fd)
            // The umask must not narrow what the owner chose; a failed chown
            // (not permitted for others' files) keeps this process as owner.
            if let owner, owner.uid != geteuid() || owner.gid != getegid() {
                _ = fchown(fd, owner.uid, owner.gid)
            }
            guard fchmod(fd, fileMode) == 0 else { throw FileError.errno("skrive", path) }
            guard !sync || fsync(fd) == 0 else { throw FileError.errno("skrive", path) }
        } catch {
            close(fd)
            unsafe unlink(temporary)
            throw error
        }
        close(fd)
        // A big cache read only by builds loses its old file first, so the rename replaces nothing:
        // a rename over a file makes ext4 allocate the new one's blocks and start writing them at
        // once (auto_da_alloc), in the build's way for a big guide base. A crash in between loses
        // only the cache.
        if unlinkingFirst { unsafe unlink(target) }
        guard unsafe rename(temporary, target) == 0 else {
            let code = errno
            unsafe unlink(temporary)
            throw .errno("skrive", path, code: code)
        }
        if sync { syncDirectory(folder) }
        removeStaleTemporaries(of: name, in: folder)
    }

    /// `.name.tmp-PID-RANDOM`: the process id lets a later write tell a dead writer's leftovers
    /// from a live one's.
    static func temporaryPrefix(for name: String) -> String { ".\(name).tmp-" }

    /// Removes `.name.tmp-PID-…` files whose process no longer runs (killed
    /// during a write); a live process's temporary file is left alone.
    static func removeStaleTemporaries(of name: String, in folder: String) {
        let prefix = temporaryPrefix(for: name)
        guard let handle = unsafe opendir(folder) else { return }
        defer { unsafe closedir(handle) }
        var stale: [String] = []
        while let entry = unsafe readdir(handle) {
            let entryName = unsafe withUnsafeBytes(of: entry.pointee.d_name) {
                unsafe String(decoding: $0.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            guard entryName.hasPrefix(prefix) else { continue }
            let rest = entryName.dropFirst(prefix.count)
            guard let dash = rest.firstIndex(of: "-"), let pid = Int32(rest[..<dash]), pid > 0,
                pid != getpid()
            else {
                continue
            }
            if kill(pid, 0) != 0 && errno == ESRCH { stale.append(entryName) }
        }
        for entryName in stale { unsafe unlink(folder + "/" + entryName) }
    }

    package static func writeAll(fd: Int32, bytes: [UInt8], path: String) throws(FileError) {
        try unsafe bytes.withUnsafeBytes { buffer in
            Result { () throws(FileError) in try unsafe writeAll(fd: fd, bytes: buffer, path: path)
            }
        }.get()
    }

    static func writeAll(fd: Int32, bytes buffer: UnsafeRawBufferPointer, path: String)
        throws(FileError)
    {
        var written = 0
        while written < buffer.count {
            let n = unsafe Glibc.write(fd, buffer.baseAddress! + written, buffer.count - written)
            if n < 0 {
                if errno == EINTR { continue }
                throw .errno("skrive", path)
            }
            written += n
        }
    }

    package static func syncDirectory(_ path: String) {
        let fd = unsafe open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if fd >= 0 {
            fsync(fd)
            close(fd)
        }
    }
}
