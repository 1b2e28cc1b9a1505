import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why a file operation failed, in words for a person.
public struct FileError: UserFacingError, Equatable {
    public var path: String
    public var action: String
    public var reason: String

    public var userMessage: String { "Kunne ikke \(action) \(path): \(reason)." }
    public var exitStatus: ExitStatus { .ioError }

    static func errno(_ action: String, _ path: String, code: Int32 = Glibc.errno) -> FileError {
        FileError(path: path, action: action, reason: FileSystem.describe(errno: code))
    }
}

/// Small POSIX helpers: whole-file reads, atomic writes (temporary file,
/// fsync, rename, fsync of the folder), and an advisory lock between processes.
public enum FileSystem {
    public static func describe(errno code: Int32) -> String {
        switch code {
        case ENOENT: return "finnes ikke"
        case EACCES, EPERM: return "mangler tilgang"
        case ENOSPC: return "disken er full"
        case EROFS: return "filsystemet er skrivebeskyttet"
        case EISDIR: return "er en mappe"
        case ENOTDIR: return "en del av stien er ikke en mappe"
        case EEXIST: return "finnes allerede"
        default: return String(cString: strerror(code))
        }
    }

    public static func fileExists(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0
    }

    public static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    /// The whole file, or nil when it does not exist.
    public static func readIfExists(_ path: String) throws(FileError) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        if fd < 0 {
            if errno == ENOENT { return nil }
            throw .errno("lese", path)
        }
        defer { close(fd) }
        return try readAll(fd: fd, path: path)
    }

    public static func read(_ path: String) throws(FileError) -> [UInt8] {
        guard let bytes = try readIfExists(path) else { throw FileError(path: path, action: "lese", reason: "finnes ikke") }
        return bytes
    }

    static func readAll(fd: Int32, path: String) throws(FileError) -> [UInt8] {
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw .errno("lese", path) }
        if (info.st_mode & S_IFMT) == S_IFDIR { throw FileError(path: path, action: "lese", reason: "er en mappe") }
        var bytes = [UInt8](repeating: 0, count: max(Int(info.st_size), 0))
        var filled = 0
        while true {
            if filled == bytes.count { bytes.append(contentsOf: repeatElement(0, count: max(4096, bytes.count))) }
            let n = bytes.withUnsafeMutableBytes { buffer in
                Glibc.read(fd, buffer.baseAddress! + filled, buffer.count - filled)
            }
            if n < 0 {
                if errno == EINTR { continue }
                throw .errno("lese", path)
            }
            if n == 0 { break }
            filled += n
        }
        bytes.removeSubrange(filled...)
        return bytes
    }

    /// Replaces `path` atomically: a reader sees the old or the new content,
    /// never a mix, and a crash leaves the old file.
    public static func writeAtomically(_ bytes: [UInt8], to path: String, mode: mode_t = 0o644) throws(FileError) {
        let directory = (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        let temporary = (directory.isEmpty ? "." : directory) + "/.\(name).tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
        guard fd >= 0 else { throw .errno("skrive", path) }
        do throws(FileError) {
            try writeAll(fd: fd, bytes: bytes, path: path)
            guard fsync(fd) == 0 else { throw FileError.errno("skrive", path) }
        } catch {
            close(fd)
            unlink(temporary)
            throw error
        }
        close(fd)
        guard rename(temporary, path) == 0 else {
            let code = errno
            unlink(temporary)
            throw .errno("skrive", path, code: code)
        }
        syncDirectory(directory.isEmpty ? "." : directory)
    }

    static func writeAll(fd: Int32, bytes: [UInt8], path: String) throws(FileError) {
        var written = 0
        while written < bytes.count {
            let n = bytes.withUnsafeBytes { buffer in
                Glibc.write(fd, buffer.baseAddress! + written, buffer.count - written)
            }
            if n < 0 {
                if errno == EINTR { continue }
                throw .errno("skrive", path)
            }
            written += n
        }
    }

    public static func syncDirectory(_ path: String) {
        let fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if fd >= 0 { fsync(fd); close(fd) }
    }

    /// `mkdir -p`.
    public static func createDirectory(_ path: String) throws(FileError) {
        if isDirectory(path) { return }
        let parent = (path as NSString).deletingLastPathComponent
        if !parent.isEmpty, parent != path, !isDirectory(parent) { try createDirectory(parent) }
        if mkdir(path, 0o755) != 0, errno != EEXIST { throw .errno("opprette mappen", path) }
    }

    /// Removes a file or a whole tree; missing is fine. Works on descriptors
    /// (`unlinkat`), which is several times faster than FileManager for the
    /// 100,000-file trees a big site leaves behind.
    public static func removeTree(_ path: String) {
        var info = stat()
        guard lstat(path, &info) == 0 else { return }
        if (info.st_mode & S_IFMT) != S_IFDIR {
            unlink(path)
            return
        }
        let fd = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        if fd >= 0 {
            removeContents(of: fd)
            close(fd)
        }
        if rmdir(path) != 0 { try? FileManager.default.removeItem(atPath: path) }
    }

    /// Empties the folder open at `fd` (never following symlinks).
    private static func removeContents(of fd: Int32) {
        let duplicate = dup(fd)
        guard duplicate >= 0, let directory = fdopendir(duplicate) else { return }
        defer { closedir(directory) }
        var names: [(String, Bool)] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix(while: { $0 != 0 }), as: UTF8.self) }
            if name == "." || name == ".." { continue }
            names.append((name, Int32(entry.pointee.d_type) == DT_DIR))
        }
        for (name, isDirectory) in names {
            if isDirectory || (unlinkat(fd, name, 0) != 0 && errno == EISDIR) {
                let child = openat(fd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
                if child >= 0 {
                    removeContents(of: child)
                    close(child)
                }
                unlinkat(fd, name, AT_REMOVEDIR)
            }
        }
    }
}

/// An exclusive advisory lock (`flock`) held while `body` runs, so that
/// concurrent `sitegen` processes change the store one at a time.
public enum FileLock {
    public static func withLock<T>(at path: String, _ body: () throws -> T) throws -> T {
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw FileError.errno("låse", path) }
        defer { close(fd) }
        while flock(fd, LOCK_EX) != 0 {
            if errno == EINTR { continue }
            throw FileError.errno("låse", path)
        }
        defer { flock(fd, LOCK_UN) }
        return try body()
    }
}
