import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// A digest of every entry of an output tree: each path with its inode,
/// size, modification and change time. Any change to any file — removed,
/// added, replaced, edited in place, truncated, even `touch`ed back to its
/// old time (the change time cannot be set) — changes the digest. It costs a
/// `stat` per file, no reads, and the top-level folders are walked in parallel.
public enum OutputTreeDigest {
    public static func compute(_ root: String) -> String {
        var info = stat()
        guard lstat(root, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else { return "missing" }
        let top = entries(of: root)
        // Each entry of the root (and each entry of a big folder such as
        // steder/, split in slices) is digested on its own, in order.
        var jobs: [(folder: String, names: ArraySlice<String>)] = []
        for name in top {
            let path = root + "/" + name
            var child = stat()
            guard lstat(path, &child) == 0, (child.st_mode & S_IFMT) == S_IFDIR else {
                jobs.append((root, [name][...]))
                continue
            }
            jobs.append((root, [name][...])) // the folder itself
            let inner = entries(of: path)
            var start = 0
            while start < inner.count {
                let end = min(start + 2_048, inner.count)
                jobs.append((path, inner[start..<end]))
                start = end
            }
        }
        let allJobs = jobs
        let digests = Mutex([String?](repeating: nil, count: jobs.count))
        DispatchQueue.concurrentPerform(iterations: allJobs.count) { index in
            var hasher = ContentHasher()
            let job = allJobs[index]
            let isFolderEntryOnly = job.folder == root
            for name in job.names {
                add(job.folder + "/" + name, relative: name, recursive: !isFolderEntryOnly, into: &hasher)
            }
            let hex = hasher.hex
            digests.withLock { $0[index] = hex }
        }
        var total = ContentHasher()
        total.combine(UInt64(jobs.count))
        for digest in digests.withLock({ $0 }) { total.combine(digest ?? "") }
        return total.hex
    }

    /// Adds `path` (and, for a folder and `recursive`, everything under it).
    private static func add(_ path: String, relative: String, recursive: Bool, into hasher: inout ContentHasher) {
        var info = stat()
        hasher.combine(relative)
        guard lstat(path, &info) == 0 else { hasher.combine("gone"); return }
        hasher.combine(UInt64(info.st_mode))
        hasher.combine(UInt64(info.st_ino))
        hasher.combine(UInt64(bitPattern: Int64(info.st_size)))
        hasher.combine(UInt64(bitPattern: Int64(info.st_mtim.tv_sec)))
        hasher.combine(UInt64(bitPattern: Int64(info.st_mtim.tv_nsec)))
        hasher.combine(UInt64(bitPattern: Int64(info.st_ctim.tv_sec)))
        hasher.combine(UInt64(bitPattern: Int64(info.st_ctim.tv_nsec)))
        guard recursive, (info.st_mode & S_IFMT) == S_IFDIR else { return }
        for name in entries(of: path) {
            add(path + "/" + name, relative: relative + "/" + name, recursive: true, into: &hasher)
        }
    }

    /// A folder's entry names, sorted (readdir's order is not guaranteed).
    static func entries(of folder: String) -> [String] {
        guard let handle = opendir(folder) else { return [] }
        defer { closedir(handle) }
        var names: [String] = []
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix(while: { $0 != 0 }), as: UTF8.self) }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted()
    }
}
