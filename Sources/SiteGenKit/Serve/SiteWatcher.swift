import Foundation
import BeaconCore

/// Notices when the inputs of a build change: the settings, the store, the
/// places file and everything under the site's `assets/`. It compares each
/// file's size, modification time and inode every `interval`, which catches
/// editors that save in place and tools that save by rename (as `sitegen rate`
/// does) alike, and costs a few `stat` calls for a site.
struct SiteWatcher: Sendable {
    var files: [String]
    var folders: [String]
    var interval: Duration = .milliseconds(100)
    /// How long the inputs must stay still before a rebuild, so a burst of saves builds once.
    var settle: Duration = .milliseconds(60)

    init(site: SiteFolder, placesFile: String?) {
        files = [site.settingsPath, site.storePath] + (placesFile.map { [$0] } ?? [])
        folders = [site.assetsPath]
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

    /// Calls `changed` each time the inputs changed and then stayed still, until `stop` says so.
    func run(stop: @Sendable () -> Bool, changed: () async -> Void) async {
        var last = snapshot()
        while !stop() {
            try? await Task.sleep(for: interval)
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
            if stop() { return }
            await changed()
        }
    }

    static func stamp(_ path: String) -> Stamp? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return Stamp(size: Int64(info.st_size), seconds: info.st_mtim.tv_sec, nanoseconds: info.st_mtim.tv_nsec, inode: UInt64(info.st_ino))
    }

    static func walk(_ folder: String, into stamps: inout [String: Stamp]) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        if let stamp = stamp(folder) { stamps[folder] = stamp }
        for name in names where !name.hasPrefix(".") {
            let path = folder + "/" + name
            // Folders are walked, never through a symbolic link (a link to a parent would loop).
            var link = stat()
            let isLink = lstat(path, &link) == 0 && (link.st_mode & S_IFMT) == S_IFLNK
            if !isLink && FileSystem.isDirectory(path) { walk(path, into: &stamps) } else if let stamp = stamp(path) { stamps[path] = stamp }
        }
    }
}
