import Glibc

/// The system calls the site writer makes: on paths below an open folder (`openat`, `mkdirat`,
/// `linkat`, `fstatat`), the atomic swap of two folders, and reading a file back to compare it.
/// Each answers with plain values; a failure leaves `errno` set, as the call did.
extension FileSystem {
    /// `open(2)` of `relativePath` below the open folder `folder`: a descriptor, or -1.
    package static func openDescriptor(
        _ relativePath: String, in folder: Int32, flags: Int32, mode: mode_t = 0
    )
        -> Int32
    {
        unsafe openat(folder, relativePath, flags, mode)
    }

    /// `fstat(2)` of an open descriptor; nil on an error.
    package static func rawStatus(descriptor: Int32) -> stat? {
        var info = stat()
        return unsafe fstat(descriptor, &info) == 0 ? info : nil
    }

    /// `fstatat(2)` of `relativePath` below `folder`, not following a symbolic link at its end; nil
    /// on an error.
    package static func rawStatus(_ relativePath: String, in folder: Int32) -> stat? {
        var info = stat()
        return unsafe fstatat(folder, relativePath, &info, AT_SYMLINK_NOFOLLOW) == 0 ? info : nil
    }

    /// `openat(2)` of the entry `name` (NUL-terminated, as a listing gives it) below `folder`: a
    /// descriptor, or -1.
    package static func openDescriptor(name: [CChar], in folder: Int32, flags: Int32) -> Int32 {
        precondition(name.last == 0, "a name without its NUL")
        return unsafe openat(folder, name, flags)
    }

    /// `fstatat(2)` of the entry `name` (NUL-terminated) below `folder`, not through a symbolic
    /// link.
    package static func rawStatus(name: [CChar], in folder: Int32) -> stat? {
        precondition(name.last == 0, "a name without its NUL")
        var info = stat()
        return unsafe fstatat(folder, name, &info, AT_SYMLINK_NOFOLLOW) == 0 ? info : nil
    }

    /// `lstat(2)`: the status of `path` itself, a symbolic link included; nil on an error.
    package static func rawLinkStatus(_ path: String) -> stat? {
        var info = stat()
        return unsafe lstat(path, &info) == 0 ? info : nil
    }

    /// `mkdir(2)`: true when made.
    package static func makeFolder(_ path: String, mode: mode_t = 0o755) -> Bool {
        unsafe mkdir(path, mode) == 0
    }

    /// `mkdirat(2)` of `relativePath` below `folder`: true when made.
    package static func makeFolder(_ relativePath: String, in folder: Int32, mode: mode_t = 0o755)
        -> Bool
    {
        unsafe mkdirat(folder, relativePath, mode) == 0
    }

    /// `linkat(2)`: `relativePath` below `source` linked at the same path below `target`; true when
    /// linked.
    package static func hardLink(_ relativePath: String, from source: Int32, to target: Int32)
        -> Bool
    {
        unsafe linkat(source, relativePath, target, relativePath, 0) == 0
    }

    /// `rmdir(2)`: true when the empty folder is gone.
    package static func removeEmptyFolder(_ path: String) -> Bool {
        unsafe rmdir(path) == 0
    }

    /// Swaps two paths in one step (`renameat2` with `RENAME_EXCHANGE`); false when it failed or
    /// the system has no such call (glibc's, which Swift's Glibc module does not export).
    package static func exchange(_ first: String, _ second: String) -> Bool {
        guard let renameAt2 = unsafe renameAt2 else { return false }
        return unsafe renameAt2(AT_FDCWD, first, AT_FDCWD, second, 2) == 0  // 2: RENAME_EXCHANGE
    }

    private typealias RenameAt2 =
        @convention(c) (
            Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32
        ) -> Int32

    private static let renameAt2: RenameAt2? = {
        guard let symbol = unsafe dlsym(UnsafeMutableRawPointer(bitPattern: 0), "renameat2") else {
            return nil
        }
        return unsafe unsafeBitCast(symbol, to: RenameAt2.self)
    }()

    /// Every file under `root` that is not a folder, as paths relative to it (folders are walked,
    /// symbolic links are listed as files).
    package static func filesUnder(_ root: String) -> [String] {
        var files: [String] = []
        var pending = [""]
        while let relative = pending.popLast() {
            let directory = relative.isEmpty ? root : root + "/" + relative
            guard let handle = unsafe opendir(directory) else { continue }
            defer { unsafe closedir(handle) }
            while let entry = unsafe readdir(handle) {
                let name = unsafe withUnsafeBytes(of: entry.pointee.d_name) { raw in
                    unsafe String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
                }
                if name == "." || name == ".." { continue }
                let path = relative.isEmpty ? name : relative + "/" + name
                let type = unsafe Int32(entry.pointee.d_type)
                if type == DT_DIR
                    || (type == DT_UNKNOWN && FileSystem.isDirectory(root + "/" + path))
                {
                    pending.append(path)
                } else {
                    files.append(path)
                }
            }
        }
        return files
    }
}

extension DescriptorIO {
    /// `pread(2)` of up to `count` bytes at `fileOffset` into `buffer` from `bufferOffset` on
    /// (within the buffer): the count read, 0 at the end, -1 with `errno` set.
    package static func read(
        _ descriptor: Int32, into buffer: inout [UInt8], from bufferOffset: Int = 0, count: Int,
        fileOffset: Int
    ) -> Int {
        precondition(
            bufferOffset >= 0 && count >= 0 && bufferOffset + count <= buffer.count,
            "outside the buffer")
        return unsafe buffer.withUnsafeMutableBytes {
            unsafe pread(descriptor, $0.baseAddress! + bufferOffset, count, off_t(fileOffset))
        }
    }
}

extension Array where Element == UInt8 {
    /// Whether `count` bytes from `offset` equal `other`'s first `count` (`memcmp`: a page compared
    /// with the file it would replace).
    package func bytesEqual(from offset: Int, to other: [UInt8], count: Int) -> Bool {
        precondition(
            offset >= 0 && count >= 0 && offset + count <= self.count && count <= other.count,
            "outside")
        if count == 0 { return true }
        return unsafe withUnsafeBytes { mine in
            unsafe other.withUnsafeBytes { theirs in
                unsafe memcmp(mine.baseAddress! + offset, theirs.baseAddress!, count) == 0
            }
        }
    }
}
