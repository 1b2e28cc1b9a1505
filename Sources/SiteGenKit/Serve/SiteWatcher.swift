import BeaconModel
import BeaconSystem
import FoundationEssentials
import Glibc

/// Notices when the inputs of a build change: the settings, the store, the places file and
/// everything under the site's `assets/`. It compares each file's size, modification time and inode
/// every `interval`, which catches editors that save in place and tools that save by rename (as
/// `sitegen rate` does) alike, and costs a few `stat` calls for a site.
///
/// It also watches the site folder itself: when the folder is deleted or moved (another device and
/// inode at its path, or none), watching ends, so a rebuild never makes the folder again or follows
/// the name to another folder.
struct SiteWatcher: Sendable {
    var files: [String]
    var folders: [String]
    /// The site folder, and the device and inode it had when watching began.
    var root: String
    var rootIdentity: (device: UInt64, inode: UInt64)?
    var interval: Duration = .milliseconds(100)
    /// How long the inputs must stay still before a rebuild, so a burst of saves builds once.
    var settle: Duration = .milliseconds(60)

    init(site: SiteFolder, placesFile: String?) {
        files = [site.settingsPath, site.storePath] + (placesFile.map { [$0] } ?? [])
        folders = [site.assetsPath]
        root = site.root
        rootIdentity = FileSystem.identity(site.root)
    }

    /// Why watching ended.
    enum Ending: Equatable, Sendable {
        case stopped
        /// The site folder was deleted or moved.
        case siteGone
    }

    /// Whether the site folder is still the one watching began with.
    var siteIsThere: Bool {
        guard let rootIdentity, let now = FileSystem.identity(root) else { return false }
        return now == rootIdentity
    }

    struct Stamp: Equatable, Sendable {
        var size: Int64
        var seconds: Int
        var nanoseconds: Int
        var inode: UInt64
    }

    /// Every watched file that exists, with its stamp.
    func snapshot() -> [String: Stamp] {
        var stamps: [String: Stamp] = [:]
        for path in files { if let stamp = SiteWatcher.stamp(path) { stamps[path] = stamp } }
        for folder in folders { SiteWatcher.walk(folder, into: &stamps) }
        return stamps
    }

    /// Calls `changed` each time the inputs changed and then stayed still, until `stop` says so or
    /// the site folder is gone.
    func run(stop: @Sendable () -> Bool, changed: () async -> Void) async -> Ending {
        var last = snapshot()
        while !stop() {
            try? await Task.sleep(for: interval)
            guard siteIsThere else { return .siteGone }
            var now = snapshot()
            guard now != last else { continue }
            // Wait for the saves to settle.
            while !stop() {
                try? await Task.sleep(for: settle)
                let again = snapshot()
                if again == now { break }
                now = again
            }
            last = now
            if stop() { return .stopped }
            guard siteIsThere else { return .siteGone }
            await changed()
        }
        return .stopped
    }

    static func stamp(_ path: String) -> Stamp? {
        guard let info = FileSystem.status(path) else { return nil }
        return Stamp(
            size: info.size, seconds: info.modifiedSeconds, nanoseconds: info.modifiedNanoseconds,
            inode: info.inode)
    }

    static func walk(_ folder: String, into stamps: inout [String: Stamp]) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else {
            return
        }
        if let stamp = stamp(folder) { stamps[folder] = stamp }
        for name in names where !name.hasPrefix(".") {
            let path = folder + "/" + name
            // Folders are walked, never through a symbolic link (a link to a parent would loop).
            let isLink = FileSystem.isSymbolicLink(path)
            if !isLink && FileSystem.isDirectory(path) {
                walk(path, into: &stamps)
            } else if let stamp = stamp(path) {
                stamps[path] = stamp
            }
        }
    }
}
