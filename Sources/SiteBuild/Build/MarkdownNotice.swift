import BeaconHTML
import BeaconModel
import BeaconSite
import Synchronization

/// Without libcmark the owner's Markdown is shown as plain text (`OwnerText`); the terminal says so
/// once per run (`serve --watch` rebuilds without saying it again), and only for a guide that has
/// words of the owner's in it: a comment, a note on a place, an intro of its own.
package enum MarkdownNotice {
    private static let said = Mutex(false)

    /// The notice, the first time this process builds such a guide without libcmark; else nil.
    package static func take(_ guide: Guide) -> String? {
        guard !OwnerText.rendersMarkdown, hasOwnerText(guide) else { return nil }
        return said.withLock { said in
            defer { said = true }
            return said ? nil : OwnerText.missingLibraryNotice
        }
    }

    static func hasOwnerText(_ guide: Guide) -> Bool {
        let settings = guide.settings
        if settings.intro != SiteSettings.defaults.intro
            || settings.translations.values.contains(where: { $0.intro != nil })
        {
            return true
        }
        return guide.allPages.contains { place in
            place.ownerNote != nil || place.ratings.contains { $0.comment != nil }
        }
    }
}
