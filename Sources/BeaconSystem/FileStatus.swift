import Glibc

/// What `stat(2)` says of a path, as plain values.
package struct FileStatus: Sendable, Equatable {
    package var size: Int64
    package var modifiedSeconds: Int
    package var modifiedNanoseconds: Int
    /// The change time: any write moves it, and nothing can set it back.
    package var changedSeconds: Int
    package var changedNanoseconds: Int
    package var device: UInt64
    package var inode: UInt64
    package var isSymbolicLink: Bool
    package var isRegularFile: Bool
    package var isDirectory: Bool

    init(_ info: stat) {
        size = Int64(info.st_size)
        modifiedSeconds = info.st_mtim.tv_sec
        modifiedNanoseconds = info.st_mtim.tv_nsec
        changedSeconds = info.st_ctim.tv_sec
        changedNanoseconds = info.st_ctim.tv_nsec
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        isSymbolicLink = info.st_mode & S_IFMT == S_IFLNK
        isRegularFile = info.st_mode & S_IFMT == S_IFREG
        isDirectory = info.st_mode & S_IFMT == S_IFDIR
    }
}

extension FileSystem {
    /// The status of what `path` leads to (through symbolic links), or of the link itself when
    /// `followingLinks` is false; nil when nothing is there or it cannot be reached.
    package static func status(_ path: String, followingLinks: Bool = true) -> FileStatus? {
        var info = stat()
        let result = unsafe followingLinks ? stat(path, &info) : lstat(path, &info)
        return result == 0 ? FileStatus(info) : nil
    }

    /// The status of an open descriptor's file; nil on an error.
    package static func status(descriptor: Int32) -> FileStatus? {
        var info = stat()
        return unsafe fstat(descriptor, &info) == 0 ? FileStatus(info) : nil
    }

    /// True when `path` itself is a symbolic link (whether or not it leads anywhere).
    package static func isSymbolicLink(_ path: String) -> Bool {
        status(path, followingLinks: false)?.isSymbolicLink ?? false
    }

    /// True when anything is at `path`, a dangling symbolic link included.
    package static func entryExists(_ path: String) -> Bool {
        status(path, followingLinks: false) != nil
    }

    /// `rename(2)`: nil, or the error number.
    package static func move(_ source: String, to target: String) -> Int32? {
        unsafe Glibc.rename(source, target) == 0 ? nil : Glibc.errno
    }

    /// `link(2)`: nil, or the error number.
    package static func hardLink(_ source: String, at target: String) -> Int32? {
        unsafe link(source, target) == 0 ? nil : Glibc.errno
    }

    /// `unlink(2)`, its failure ignored: for removing what this process made, when a step after it
    /// failed.
    package static func removeFile(_ path: String) {
        _ = unsafe unlink(path)
    }

    /// The absolute path with every symbolic link resolved, nil when it does not exist
    /// (`realpath(3)`).
    package static func realPath(_ path: String) -> String? {
        guard let real = unsafe realpath(path, nil) else { return nil }
        defer { unsafe free(real) }
        return unsafe String(cString: real)
    }

    /// `open(2)`: a descriptor, or -1 with `errno` set.
    package static func openDescriptor(_ path: String, flags: Int32) -> Int32 {
        unsafe Glibc.open(path, flags)
    }
}
