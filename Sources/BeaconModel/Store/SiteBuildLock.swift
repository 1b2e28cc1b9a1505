import BeaconSystem
import FoundationEssentials
import Glibc

/// One build of a site at a time: two builds at once would race for the same
/// output, staging folder and cache. The lock is an `flock` on the site folder
/// itself, so it leaves no file behind and the kernel releases it when a
/// build dies, however it dies.
package final class SiteBuildLock: Sendable {
    private let descriptor: Int32

    private init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    deinit {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }

    /// Takes the lock. When another build holds it: with `wait`, calls
    /// `onWait` once and waits; without, throws `.busy` at once.
    package static func acquire(site: SiteFolder, wait: Bool, onWait: () -> Void = {})
        throws(SiteBuildLockError)
        -> SiteBuildLock
    {
        let fd = FileSystem.openDescriptor(site.root, flags: O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { throw .file(.errno("låse", site.root)) }
        if flock(fd, LOCK_EX | LOCK_NB) == 0 { return SiteBuildLock(descriptor: fd) }
        guard errno == EWOULDBLOCK else {
            let error = FileError.errno("låse", site.root)
            close(fd)
            throw .file(error)
        }
        guard wait else {
            close(fd)
            throw .busy(site: site.root)
        }
        onWait()
        while flock(fd, LOCK_EX) != 0 {
            if errno == EINTR { continue }
            let error = FileError.errno("låse", site.root)
            close(fd)
            throw .file(error)
        }
        return SiteBuildLock(descriptor: fd)
    }
}

package enum SiteBuildLockError: UserFacingError, Equatable {
    case busy(site: String)
    case file(FileError)

    package var userMessage: String {
        switch self {
        case .busy(let site):
            return
                "En annen bygging av \(site) pågår nå. Prøv igjen når den er ferdig, eller bygg uten --no-wait for å vente på den."
        case .file(let error):
            return error.userMessage
        }
    }

    package var exitStatus: ExitStatus {
        switch self {
        case .busy: .temporaryFailure
        case .file(let error): error.exitStatus
        }
    }
}
