import Glibc

/// Where a user's home folder is, for `~` in a path the owner typed.
package enum HomeFolder {
    /// `$HOME` (or the password database's entry) for nil; the named user's entry otherwise; nil
    /// when unknown.
    package static func path(ofUser user: String?) -> String? {
        guard let user else {
            if let home = unsafe getenv("HOME") { return unsafe String(cString: home) }
            return unsafe getpwuid(getuid()).flatMap { unsafe $0.pointee.pw_dir }.map {
                unsafe String(cString: $0)
            }
        }
        return unsafe getpwnam(user).flatMap { unsafe $0.pointee.pw_dir }.map {
            unsafe String(cString: $0)
        }
    }
}
