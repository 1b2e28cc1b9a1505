import BeaconModel
import BeaconSystem
import BeaconText

/// Where the folders of the guide's pages were in a guide of another first language (`PathWords`,
/// the categories' folders), for the 404 page: a reader who follows a link to `/steder/x/` of a
/// guide that is English now is sent on to `/places/x/` (`assets/beacon-moved.js`). A guide's
/// addresses move when its first language changes, and guides built by earlier versions of sitegen
/// had the bokmål ones whatever their language.
enum MovedAddresses {
    /// `{"main":"en","places":"places","folders":["nb"],"moved":{"steder":"places",…}}`: the main
    /// language (whose code is no folder now, though it may have been one), the places' folder
    /// (where a page whose place was renamed is looked for by the end of its slug), the other
    /// languages' folders, and each old folder's new name. A word that is one of the guide's
    /// folders now is never moved.
    static func json(settings: SiteSettings) -> [UInt8] {
        let main = settings.languages.main
        let now = PathWords(main)
        let current = Set(
            [now.places, now.favorites, now.page, now.export]
                + settings.categories.map { $0.pathSegment(in: main) })
        var moved: [(String, String)] = []
        func add(_ old: String, _ new: String) {
            guard old != new, !current.contains(old), !moved.contains(where: { $0.0 == old }) else {
                return
            }
            moved.append((old, new))
        }
        for other in Language.allCases where other != main {
            let then = PathWords(other)
            add(then.places, now.places)
            add(then.favorites, now.favorites)
            add(then.page, now.page)
            add(then.export, now.export)
            for category in settings.categories {
                add(category.pathSegment(in: other), category.pathSegment(in: main))
            }
        }
        let object: JSONValue = .object([
            ("main", .string(main.rawValue)),
            ("places", .string(now.places)),
            ("folders", .array(settings.languages.all.dropFirst().map { .string($0.rawValue) })),
            ("moved", .object(moved.map { ($0.0, .string($0.1)) })),
        ])
        var bytes: [UInt8] = []
        JSONWriter(pretty: false).write(object, into: &bytes)
        return bytes
    }
}
