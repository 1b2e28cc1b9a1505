import Glibc

/// A file's bytes mapped read-only, for as long as this object lives: a
/// 45 MB cache file is then read where the kernel keeps it, not copied into
/// fresh memory first (a fault and a zeroed page per 4 KB). Only for files
/// that are replaced by renaming, never truncated in place (truncation under
/// a mapping would end the process), such as the tool's own caches.
///
/// The one read-only buffer the modules outside this one see: a kept archive or
/// a previous output file is read through its bounds-checked methods below, not
/// through a pointer.
@safe public final class MappedFile: @unchecked Sendable {  // a read-only mapping, unmapped only in deinit
    /// The bytes; valid while the object lives (immutable, so shared freely).
    @usableFromInline let bytes: UnsafeRawBufferPointer

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

/// Reading the bytes, every read checked against their end (public and inlinable: a kept archive's reader
/// calls these for every field of every place it decodes).
extension MappedFile {
    /// How many bytes the file has.
    @inlinable
    public var count: Int { unsafe bytes.count }

    /// The byte at `offset`, which must lie in the file.
    @inlinable
    public subscript(offset: Int) -> UInt8 {
        precondition(offset >= 0 && offset < count, "a byte past a mapped file's end")
        return unsafe bytes[offset]
    }

    /// The little-endian integer in the 4 bytes at `offset`; nil when they do not all lie in the file.
    @inlinable
    public func littleEndianUInt32(at offset: Int) -> UInt32? {
        guard offset >= 0, offset <= count - 4 else { return nil }
        return unsafe UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
    }

    /// The little-endian integer in the 8 bytes at `offset`; nil when they do not all lie in the file.
    @inlinable
    public func littleEndianUInt64(at offset: Int) -> UInt64? {
        guard offset >= 0, offset <= count - 8 else { return nil }
        return unsafe UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }

    /// Whether `range` lies in the file.
    @inlinable
    public func contains(_ range: Range<Int>) -> Bool { range.lowerBound >= 0 && range.upperBound <= count }

    /// The bytes of `range` (which must lie in the file) as text; bytes that are not UTF-8 are repaired
    /// (U+FFFD), so only for text this tool wrote, where nothing needs repair.
    @inlinable
    public func string(_ range: Range<Int>) -> String {
        precondition(contains(range), "a range past a mapped file's end")
        return unsafe String(
            decoding: UnsafeRawBufferPointer(rebasing: bytes[range]).assumingMemoryBound(to: UInt8.self), as: UTF8.self)
    }

    /// Whether the bytes of `range` (which must lie in the file) are `other`'s.
    @inlinable
    public func bytes(_ range: Range<Int>, equal other: some Collection<UInt8>) -> Bool {
        precondition(contains(range), "a range past a mapped file's end")
        guard range.count == other.count else { return false }
        let part = unsafe UnsafeRawBufferPointer(rebasing: bytes[range])
        if range.isEmpty { return true }
        let same = other.withContiguousStorageIfAvailable {
            unsafe memcmp(part.baseAddress!, $0.baseAddress!, part.count) == 0
        }
        return unsafe same ?? part.elementsEqual(other)
    }

    /// Whether the file begins with `prefix`.
    @inlinable
    public func starts(with prefix: [UInt8]) -> Bool {
        prefix.count <= count && bytes(0..<prefix.count, equal: prefix)
    }

    /// Appends the bytes of `range` (which must lie in the file) to `array`.
    @inlinable
    public func append(_ range: Range<Int>, to array: inout [UInt8]) {
        precondition(contains(range), "a range past a mapped file's end")
        unsafe array.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[range]))
    }
}
