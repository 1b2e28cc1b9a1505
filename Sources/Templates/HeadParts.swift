import BeaconHTML
import Synchronization

/// The lines of a document head that do not name the page: the same for every page at one way to
/// the root with the same scripts, so they are made once per build, not for each of 100,000 pages.
struct HeadParts: Sendable {
    /// `html`'s start tag: the page's language and the guide's time zone.
    var document: HTMLStartTag
    /// The character set to the referrer policy (the security policy).
    var opening: HTMLFragment
    /// Colour scheme, theme colour and icons.
    var icons: HTMLFragment
    /// Stylesheets and scripts, the last lines of the head.
    var assets: HTMLFragment

    struct Key: Hashable, Sendable {
        var root: String
        var includeScript: Bool
        var includeHoursScript: Bool
        var includeMap: Bool
        var includeShareScript: Bool
        var includeGalleryScript: Bool
        var includeMovedScript: Bool
        var mapImageOrigin: String?
    }
}

/// The head parts a context has made, by key; shared by the rendering tasks.
final class HeadPartsMemo: Sendable {
    private let parts = Mutex<[HeadParts.Key: HeadParts]>([:])

    func parts(_ key: HeadParts.Key, make: (HeadParts.Key) -> HeadParts) -> HeadParts {
        if let known = parts.withLock({ $0[key] }) { return known }
        let made = make(key)
        parts.withLock { $0[key] = made }
        return made
    }
}
