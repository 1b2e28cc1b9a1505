import BeaconModel
import BeaconSystem
import FoundationEssentials
import Glibc
import Synchronization

/// A digest of every entry of an output tree: each path with its type,
/// inode, size, modification and change time. Any change to any file —
/// removed, added, replaced, edited in place, truncated, even `touch`ed back
/// to its old time (the change time cannot be set) — changes the digest.
///
/// It is on the path of every unchanged rebuild, so it is cheap: one
/// `fstatat` per file and one listing per folder, through descriptors (no
/// path strings), the big folders split over the cores, and the entries
/// combined in any order (a sum of per-entry hashes), so nothing is sorted.
package enum OutputTreeDigest {
    package static func compute(_ root: String) -> String {
        let rootDescriptor = FileSystem.openDescriptor(
            root, flags: O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard rootDescriptor >= 0 else { return "missing" }
        var total = Sum()
        // The root's own entries, and the names of its folders, whose
        // contents are walked in parallel (split further when big: steder/).
        var jobs: [(folder: Int32, parentKey: UInt64, names: ArraySlice<Entry>)] = []
        var opened: [Int32] = []
        defer { for descriptor in opened { close(descriptor) } }
        for entry in entries(ofOpened: dup(rootDescriptor)) {
            let key = entryKey(parent: 0, name: entry.name)
            guard let child = add(entry, in: rootDescriptor, key: key, to: &total) else { continue }
            opened.append(child)
            let inner = entries(ofOpened: dup(child))
            var start = 0
            repeat {
                let end = min(start + 4_096, inner.count)
                jobs.append((child, key, inner[start..<end]))
                start = end
            } while start < inner.count
        }
        close(rootDescriptor)
        let allJobs = jobs
        let sums = ParallelChunks.map(count: allJobs.count, chunkSize: 1) { index in
            var sum = Sum()
            let job = allJobs[index]
            for entry in job.names {
                walk(entry, in: job.folder, parentKey: job.parentKey, into: &sum)
            }
            return sum
        }
        for sum in sums { total.merge(sum) }
        return total.hex
    }

    /// A folder entry: its NUL-terminated name (for `openat` and `fstatat`)
    /// and whether it is a folder (from readdir's type, or `fstatat` where the
    /// filesystem does not say).
    typealias Entry = FolderEntry

    /// Adds `entry` of the folder open at `folder`: a file by what `fstatat`
    /// says of it, a folder by its name and, recursively, its entries (so an
    /// entry added, removed or renamed in it changes the sum).
    private static func walk(
        _ entry: Entry, in folder: Int32, parentKey: UInt64, into sum: inout Sum
    ) {
        let key = entryKey(parent: parentKey, name: entry.name)
        guard let child = add(entry, in: folder, key: key, to: &sum) else { return }
        // The folder's entries are handled while its listing is open: one descriptor per folder.
        forEachEntry(ofOpened: child) { inner, directory in
            walk(inner, in: directory, parentKey: key, into: &sum)
        }
    }

    /// Adds a file's hash, or a folder's name; returns the folder, opened, for its entries.
    private static func add(_ entry: Entry, in folder: Int32, key: UInt64, to sum: inout Sum)
        -> Int32?
    {
        guard entry.isDirectory else {
            addFile(entry.name, in: folder, key: key, to: &sum)
            return nil
        }
        sum.add(key ^ 0xD1)
        let child = FileSystem.openDescriptor(
            name: entry.name, in: folder, flags: O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard child >= 0 else {
            sum.add(key &+ 1)
            return nil
        }
        return child
    }

    /// Adds one file's hash: its path key and what `fstatat` says.
    private static func addFile(_ name: [CChar], in folder: Int32, key: UInt64, to sum: inout Sum) {
        guard let info = FileSystem.rawStatus(name: name, in: folder) else {
            sum.add(key ^ 0xDEAD)
            return
        }
        sum.add(fileHash(key: key, info))
    }

    /// One file's hash: its path key and what `stat` says of it.
    static func fileHash(key: UInt64, _ info: stat) -> UInt64 {
        // Field by field, not through an array: this runs for every file of every no-change check.
        var h = mix(key ^ UInt64(info.st_mode))
        h = mix(h ^ UInt64(info.st_ino))
        h = mix(h ^ UInt64(bitPattern: Int64(info.st_size)))
        h = mix(h ^ UInt64(bitPattern: Int64(info.st_mtim.tv_sec)))
        h = mix(h ^ UInt64(bitPattern: Int64(info.st_mtim.tv_nsec)))
        h = mix(h ^ UInt64(bitPattern: Int64(info.st_ctim.tv_sec)))
        return mix(h ^ UInt64(bitPattern: Int64(info.st_ctim.tv_nsec)))
    }

    /// The entries of a folder, read through `descriptor` (which this closes).
    static func entries(ofOpened descriptor: Int32) -> [Entry] {
        var result: [Entry] = []
        forEachEntry(ofOpened: descriptor) { entry, _ in result.append(entry) }
        return result
    }

    /// Calls `body` with each entry of the folder open at `descriptor` and the folder's descriptor,
    /// then closes it (`FileSystem.forEachEntry`).
    static func forEachEntry(ofOpened descriptor: Int32, _ body: (Entry, Int32) -> Void) {
        FileSystem.forEachEntry(ofOpened: descriptor, body)
    }

    /// The path of an entry as a number: its parent's key and its name.
    static func entryKey(parent: UInt64, name: [CChar]) -> UInt64 {
        var hash = parent ^ FNV1a.offsetBasis
        for byte in name { hash = FNV1a.step(hash, UInt8(bitPattern: byte)) }
        return mix(hash)
    }

    /// splitmix64's finaliser.
    static func mix(_ value: UInt64) -> UInt64 {
        var z = value &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// An order-independent sum of entry hashes, in two lanes and with a count.
    package struct Sum: Sendable {
        var first: UInt64 = 0
        var second: UInt64 = 0
        var count: UInt64 = 0

        mutating func add(_ hash: UInt64) {
            first = first &+ hash
            second = second &+ OutputTreeDigest.mix(hash ^ 0x5851_F42D_4C95_7F2D)
            count &+= 1
        }

        mutating func merge(_ other: Sum) {
            first = first &+ other.first
            second = second &+ other.second
            count = count &+ other.count
        }

        mutating func subtract(_ other: Sum) {
            first = first &- other.first
            second = second &- other.second
            count = count &- other.count
        }

        init() {}

        /// The sum a `hex` string spells, or nil.
        init?(hex: String) {
            let digits = Array(hex.utf8)
            guard digits.count == 48 else { return nil }
            var lanes: [UInt64] = []
            for lane in 0..<3 {
                guard
                    let value = UInt64(
                        String(decoding: digits[(lane * 16)..<(lane * 16 + 16)], as: UTF8.self),
                        radix: 16)
                else { return nil }
                lanes.append(value)
            }
            (first, second, count) = (lanes[0], lanes[1], lanes[2])
        }

        package var hex: String {
            [first, second, count].map { value in
                let digits = String(value, radix: 16)
                return String(repeating: "0", count: 16 - digits.count) + digits
            }.joined()
        }
    }
}

/// How the digest of an output changes as a build writes it, summed as the files are written, so
/// that the build need not walk the whole output afterwards to record it: each entry's hash taken
/// out before it changes and put in after (the digest is a sum, in any order).
package struct OutputTreeDigestChange: Sendable {
    private var added = OutputTreeDigest.Sum()
    private var removed = OutputTreeDigest.Sum()

    package init() {}

    /// The key of `relativePath` ("steder/x/index.html"), as the walk derives it from the names it
    /// lists: `entryKey` folded over the path's components, each hashed with its NUL.
    static func key(of relativePath: String) -> UInt64 {
        var key: UInt64 = 0
        var hash: UInt64 = 0
        var inName = false
        for byte in relativePath.utf8 {
            if byte == UInt8(ascii: "/") {
                if inName { key = OutputTreeDigest.mix(FNV1a.step(hash, 0)) }
                inName = false
            } else {
                if !inName { hash = key ^ FNV1a.offsetBasis }
                inName = true
                hash = FNV1a.step(hash, byte)
            }
        }
        return inName ? OutputTreeDigest.mix(FNV1a.step(hash, 0)) : key
    }

    /// The hash `addFile` adds: worked out before taking a lock that guards the sum.
    package static func fileHash(_ relativePath: String, _ info: stat) -> UInt64 {
        OutputTreeDigest.fileHash(key: key(of: relativePath), info)
    }

    package mutating func addFile(hash: UInt64) { added.add(hash) }

    /// What `stat` says of the file at `relativePath` (a file written, or one about to change or
    /// go).
    package mutating func addFile(_ relativePath: String, _ info: stat) {
        added.add(OutputTreeDigest.fileHash(key: Self.key(of: relativePath), info))
    }

    package mutating func removeFile(_ relativePath: String, _ info: stat) {
        removed.add(OutputTreeDigest.fileHash(key: Self.key(of: relativePath), info))
    }

    package mutating func addFolder(_ relativePath: String) {
        added.add(Self.key(of: relativePath) ^ 0xD1)
    }
    package mutating func removeFolder(_ relativePath: String) {
        removed.add(Self.key(of: relativePath) ^ 0xD1)
    }

    mutating func merge(_ other: OutputTreeDigestChange) {
        added.merge(other.added)
        removed.merge(other.removed)
    }

    /// `digest` (nil: an empty tree) with these changes applied, or nil when it is not a digest.
    package func applied(to digest: String?) -> String? {
        guard var sum = digest.map({ OutputTreeDigest.Sum(hex: $0) }) ?? OutputTreeDigest.Sum()
        else { return nil }
        sum.merge(added)
        sum.subtract(removed)
        return sum.hex
    }
}
