/// An error a person reads: a Norwegian message that names the cause (and the
/// file, when there is one) and an exit status for scripts.
package protocol UserFacingError: Error, Sendable {
    var userMessage: String { get }
    var exitStatus: ExitStatus { get }
}

/// Exit statuses after BSD's sysexits, so scripts can tell failures apart.
/// `CaseIterable` so the man page lists every status.
package enum ExitStatus: Int32, CaseIterable, Sendable {
    case success = 0
    case failure = 1
    case usage = 64
    case dataError = 65
    case unavailable = 69
    case software = 70
    case ioError = 74
    /// Another process holds what this one needs (a build of the same site); try again later.
    case temporaryFailure = 75
    /// Stopped by a signal: 128 + SIGHUP, SIGINT, SIGTERM, as shells report it.
    case hangUp = 129
    case interrupted = 130
    case terminated = 143
}
