import Glibc

/// A file's bytes mapped read-only, for as long as this object lives: a
/// 45 MB cache file is then read where the kernel keeps it, not copied into
/// fresh memory first (a fault and a zeroed page per 4 KB). Only for files
/// that are replaced by renaming, never truncated in place (truncation under
/// a mapping would end the process), such as the tool's own caches.
@safe package final class MappedFile: @unchecked Sendable {  // a read-only mapping, unmapped only in deinit
    /// The bytes; valid while the object lives (immutable, so shared freely).
    package let bytes: UnsafeRawBufferPointer

    /// Nil when the path is not a regular, non-empty file of at most `limit` bytes, or cannot be mapped.
    package convenience init?(path: String, limit: Int) {
        unsafe self.init(descriptor: open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW), limit: limit)
    }

    /// `relativePath` below the open folder `folder` (never through a symbolic link at its end).
    package convenience init?(relativePath: String, in folder: Int32, limit: Int = .max) {
        unsafe self.init(descriptor: openat(folder, relativePath, O_RDONLY | O_CLOEXEC | O_NOFOLLOW), limit: limit)
    }

    /// A copy of `bytes`, mapped like a file (for a file's contents already in memory). Nil when empty.
    package init?(copying bytes: [UInt8]) {
        guard !bytes.isEmpty,
            let address = unsafe mmap(nil, bytes.count, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
            unsafe address != MAP_FAILED
        else { return nil }
        unsafe bytes.withUnsafeBytes { unsafe address.copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
        _ = unsafe mprotect(address, bytes.count, PROT_READ)
        unsafe self.bytes = unsafe UnsafeRawBufferPointer(start: address, count: bytes.count)
    }

    /// Takes `fd` (closed here; nil when it is negative).
    private init?(descriptor fd: Int32, limit: Int) {
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard unsafe fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_size > 0, info.st_size <= limit
        else {
            return nil
        }
        let size = Int(info.st_size)
        // Not populated up front: faulting in as it is read maps 16 pages a fault, and measured faster
        // than populating all at once.
        guard let address = unsafe mmap(nil, size, PROT_READ, MAP_PRIVATE, fd, 0), unsafe address != MAP_FAILED else {
            return nil
        }
        unsafe bytes = unsafe UnsafeRawBufferPointer(start: address, count: size)
    }

    deinit {
        unsafe munmap(UnsafeMutableRawPointer(mutating: bytes.baseAddress), bytes.count)
    }
}
