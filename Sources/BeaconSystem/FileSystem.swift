import BeaconText
import FoundationEssentials
import Glibc

/// Why a file operation failed, in words for a person.
package struct FileError: UserFacingError, Equatable {
    package var path: String
    var action: String
    package var reason: String

    package init(path: String, action: String, reason: String) {
        self.path = path
        self.action = action
        self.reason = reason
    }

    package var userMessage: String { "Kunne ikke \(action) \(path): \(reason)." }
    package var exitStatus: ExitStatus { .ioError }

    package static func errno(_ action: String, _ path: String, code: Int32 = Glibc.errno)
        -> FileError
    {
        FileError(path: path, action: action, reason: FileSystem.describe(errno: code))
    }
}

/// Small POSIX helpers: whole-file reads, atomic writes (temporary file,
/// fsync, rename, fsync of the folder), and an advisory lock between processes.
package enum FileSystem {
    static func describe(errno code: Int32) -> String {
        switch code {
        case ENOENT: return "finnes ikke"
        case EACCES, EPERM: return "mangler tilgang"
        case ENOSPC: return "disken er full"
        case EROFS: return "filsystemet er skrivebeskyttet"
        case EISDIR: return "er en mappe"
        case ENOTDIR: return "en del av stien er ikke en mappe"
        case EEXIST: return "finnes allerede"
        case EFBIG: return "filen ble større enn prosessen har lov til (se «ulimit -f»)"
        case EDQUOT: return "diskkvoten er brukt opp"
        case EMFILE, ENFILE: return "for mange åpne filer"
        default: return unsafe String(cString: strerror(code))
        }
    }

    package static func fileExists(_ path: String) -> Bool {
        var info = stat()
        return unsafe stat(path, &info) == 0
    }

    package static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return unsafe stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    /// `realpath` of the longest part of `path` that exists, then the rest
    /// (which cannot hold a symlink, as it does not exist) without `.`, `..`
    /// or empty segments. A dangling symlink at the end stays as it is.
    package static func resolvedPath(_ path: String) -> String {
        var existing = path
        var rest: [String] = []
        while true {
            if let real = unsafe realpath(existing, nil) {
                defer { unsafe free(real) }
                var result = unsafe String(cString: real)
                for segment in rest.reversed() {
                    switch segment {
                    case "", ".": continue
                    case "..": result = PathText.parent(result)
                    default: result += (result.hasSuffix("/") ? "" : "/") + segment
                    }
                }
                return result
            }
            let parent = PathText.parent(existing)
            if parent == existing || parent.isEmpty { return path }
            rest.append(PathText.lastComponent(existing))
            existing = parent
        }
    }

    /// Where `path` leads: `resolvedPath`, and a dangling symbolic link at its end followed too,
    /// since a write through it would create its target there.
    package static func finalPath(_ path: String) -> String {
        var current = resolvedPath(path)
        for _ in 0..<40 {
            var info = stat()
            guard unsafe lstat(current, &info) == 0, (info.st_mode & S_IFMT) == S_IFLNK,
                let next = try? resolvingSymlinks(current)
            else { return current }
            let resolved = resolvedPath(next)
            if resolved == current { return current }
            current = resolved
        }
        return current
    }

    /// The device and inode a path leads to (through symlinks), so two names
    /// of one file (a symlink, a hard link, `./x` and `x`) are seen as one.
    package static func identity(_ path: String) -> (device: UInt64, inode: UInt64)? {
        var info = stat()
        guard unsafe stat(path, &info) == 0 else { return nil }
        return (UInt64(info.st_dev), UInt64(info.st_ino))
    }

    /// "850 kB", "12,5 MB": sizes in messages (digits grouped as `NorwegianFormat.integer` does).
    package static func describe(bytes: Int) -> String {
        if bytes < 1 << 20 { return "\(max(1, bytes / 1024)) kB" }
        let tenths = Int(saturating: Double(bytes) / Double(1 << 20) * 10)
        var whole = ""
        for (index, digit) in String(tenths / 10).enumerated() {
            if index > 0, (String(tenths / 10).count - index) % 3 == 0 { whole += "\u{00A0}" }
            whole.append(digit)
        }
        return whole + "," + String(tenths % 10) + " MB"
    }

    /// The file a chain of symlinks ends at (which need not exist yet).
    static func resolvingSymlinks(_ path: String) throws(FileError) -> String {
        var current = path
        for _ in 0..<40 {
            var info = stat()
            guard unsafe lstat(current, &info) == 0, (info.st_mode & S_IFMT) == S_IFLNK else {
                return current
            }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let length = unsafe readlink(current, &buffer, buffer.count - 1)
            guard length > 0 else { throw .errno("følge lenken", current) }
            let destination = String(
                decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            current =
                destination.hasPrefix("/")
                ? destination : PathText.appending(destination, to: PathText.parent(current))
        }
        throw FileError(
            path: path, action: "følge lenken", reason: "for mange symbolske lenker i kjede")
    }
}
