import Glibc

/// An exclusive advisory lock (`flock`) held while `body` runs, so that
/// concurrent `sitegen` processes change the store one at a time.
package enum FileLock {
    package static func withLock<T>(at path: String, _ body: () throws -> T) throws -> T {
        // O_NOFOLLOW: a lock file that someone replaced with a symlink is not followed.
        let fd = unsafe open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o644)
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
