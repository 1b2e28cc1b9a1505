import Glibc

extension FileSystem {
    /// What a file read accepts by default: the store, settings, cache
    /// entries and pages are far below it; a bigger file is refused with a
    /// message rather than read until memory runs out.
    package static let defaultReadLimit = 64 << 20

    /// The whole file, or nil when it does not exist. Only a regular file is
    /// read (a FIFO, a device such as /dev/zero, a socket or a folder is
    /// refused at once instead of hanging or filling memory), and only up to
    /// `limit` bytes.
    package static func readIfExists(_ path: String, limit: Int = defaultReadLimit)
        throws(FileError) -> [UInt8]?
    {
        // O_NONBLOCK: opening a FIFO without a writer would otherwise wait forever.
        let fd = unsafe open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
        if fd < 0 {
            if errno == ENOENT { return nil }
            throw .errno("lese", path)
        }
        defer { close(fd) }
        return try readAll(fd: fd, path: path, limit: limit)
    }

    /// One of the tool's own cache files, or nil when there is none or it cannot be read whole. A
    /// symbolic link is never followed (the pair of `writeCacheFile`, which replaces one): what the
    /// cache holds is published, so a link there must not bring in a file from elsewhere.
    package static func readCacheFile(_ path: String, limit: Int = defaultReadLimit) -> [UInt8]? {
        let fd = unsafe open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY | O_NOFOLLOW)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        return try? readAll(fd: fd, path: path, limit: limit)
    }

    package static func read(_ path: String, limit: Int = defaultReadLimit) throws(FileError)
        -> [UInt8]
    {
        guard let bytes = try readIfExists(path, limit: limit) else {
            throw FileError(path: path, action: "lese", reason: "finnes ikke")
        }
        return bytes
    }

    /// At most the first `maximumBytes` of a regular file; nil when there is no such file.
    package static func readPrefix(_ path: String, maximumBytes: Int) -> [UInt8]? {
        let fd = unsafe open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard unsafe fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        var bytes = [UInt8](repeating: 0, count: maximumBytes)
        let n = unsafe bytes.withUnsafeMutableBytes {
            unsafe Glibc.read(fd, $0.baseAddress!, maximumBytes)
        }
        guard n >= 0 else { return nil }
        bytes.removeSubrange(n...)
        return bytes
    }

    /// From this size on, `readAll` reads the two halves of a file on two cores.
    static let parallelReadMinimum = 4 << 20

    /// `count` bytes at `offset` (fewer at the file's end), with the error number of a failed read.
    private static func readFully(
        _ fd: Int32, into target: UnsafeMutablePointer<UInt8>, count: Int, at offset: Int
    )
        -> (count: Int, error: Int32)
    {
        var done = 0
        while done < count {
            let n = unsafe pread(fd, target + done, count - done, off_t(offset + done))
            if n < 0 {
                if errno == EINTR { continue }
                return (done, errno)
            }
            if n == 0 { break }
            done += n
        }
        return (done, 0)
    }

    /// Asks the kernel to back the whole 2 MB stretches of a fresh buffer with huge pages (where
    /// transparent huge pages are enabled for those who ask): one fault and one page per 2 MB
    /// instead of 512 of each. Only advice: nothing changes where it is not taken.
    static func adviseHugePages(_ buffer: UnsafeMutableRawBufferPointer) {
        guard let base = buffer.baseAddress else { return }
        let huge = 2 << 20
        let start = (Int(bitPattern: base) + huge - 1) & ~(huge - 1)
        let end = (Int(bitPattern: base) + buffer.count) & ~(huge - 1)
        guard end > start, let aligned = unsafe UnsafeMutableRawPointer(bitPattern: start) else {
            return
        }
        _ = unsafe madvise(aligned, end - start, MADV_HUGEPAGE)
    }

    static func readAll(fd: Int32, path: String, limit: Int) throws(FileError) -> [UInt8] {
        var info = stat()
        guard unsafe fstat(fd, &info) == 0 else { throw .errno("lese", path) }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw FileError(path: path, action: "lese", reason: "er en mappe")
        default:
            throw FileError(
                path: path, action: "lese",
                reason: "er ikke en vanlig fil (men en FIFO, en enhet eller en socket)")
        }
        let size = Int(info.st_size)
        guard size <= limit else {
            throw FileError(
                path: path, action: "lese",
                reason:
                    "er for stor (\(describe(bytes: size)), grensen er \(describe(bytes: limit)))")
        }
        // Read straight into uninitialised memory: zeroing it first would touch every page twice.
        var filled = 0
        var failure: Int32 = 0
        // One byte of room beyond the file: a parser's end marker then needs no copy
        // (`PlacesDecoder`).
        let expected = max(size, 0)
        var bytes = unsafe [UInt8](unsafeUninitializedCapacity: expected + 1) {
            buffer, initialized in
            if expected >= parallelReadMinimum {
                unsafe adviseHugePages(UnsafeMutableRawBufferPointer(buffer))
                // A big file is read in two halves on two cores: most of a read into fresh memory
                // is faulting its pages in and copying, which each core does for its own half.
                let half = expected / 2
                let target = unsafe DisjointSlots(buffer)
                let halves = ParallelChunks.map(count: 2, chunkSize: 1) { part in
                    unsafe part == 0
                        ? readFully(fd, into: target.slots.baseAddress!, count: half, at: 0)
                        : readFully(
                            fd, into: target.slots.baseAddress! + half, count: expected - half,
                            at: half)
                }
                if halves[0].error != 0 {
                    failure = halves[0].error
                } else if halves[0].count < half {
                    // the file shrank: what is left of it is the first part
                    filled = halves[0].count
                } else if halves[1].error != 0 {
                    failure = halves[1].error
                } else {
                    filled = half + halves[1].count
                }
                // The probe below reads on from here.
                if failure == 0 && lseek(fd, off_t(filled), SEEK_SET) < 0 { failure = errno }
            } else {
                while filled < expected {
                    let n = unsafe Glibc.read(fd, buffer.baseAddress! + filled, expected - filled)
                    if n < 0 {
                        if errno == EINTR { continue }
                        failure = errno
                        break
                    }
                    if n == 0 { break }
                    filled += n
                }
            }
            initialized = filled
        }
        if failure != 0 { throw .errno("lese", path, code: failure) }
        // the file ended early (it shrank while it was read)
        guard filled == size else { return bytes }
        // All the bytes fstat promised: a small read says whether the file ended there
        // (the usual case), without growing (and copying) the whole buffer to find out.
        var probe = [UInt8](repeating: 0, count: 4096)
        while true {
            let extra = unsafe probe.withUnsafeMutableBytes {
                unsafe Glibc.read(fd, $0.baseAddress!, $0.count)
            }
            if extra < 0 {
                if errno == EINTR { continue }
                throw .errno("lese", path)
            }
            if extra == 0 { break }
            // The file grew while it was read: never past the limit.
            guard bytes.count + extra <= limit else {
                throw FileError(
                    path: path, action: "lese",
                    reason: "er for stor (grensen er \(describe(bytes: limit)))")
            }
            bytes.append(contentsOf: probe[0..<extra])
        }
        return bytes
    }
}
