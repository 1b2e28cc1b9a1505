import BeaconModel
import BeaconSite
import Templates

/// The owner's lists' exports in a rebuild after a store change.
extension RebuildPlan {
    /// Renders the lists' exports again when the lists changed (a place added, moved, noted, a
    /// list renamed or described) or a place in one did (its name, address or rating shape the
    /// files); the files of a list the new store no longer has under that slug (deleted, or
    /// renamed to another) go.
    mutating func planSavedListExports(
        old: GuideStore, new: GuideStore, changed: Set<PlaceID>, paths: SitePaths
    ) {
        let listed = { (store: GuideStore) in
            store.lists.contains { list in list.places.contains(where: changed.contains) }
        }
        guard old.lists != new.lists || listed(old) || listed(new) else { return }
        savedListExports = true
        let kept = Set(GuideList.make(new.lists, placesByID: [:]).map(\.slug))
        for list in GuideList.make(old.lists, placesByID: [:]) where !kept.contains(list.slug) {
            removals += SiteFiles.savedListExportPaths(list, paths: paths)
        }
    }
}
