import Glibc

/// One entry of a folder listing: its name as the system gives it (NUL-terminated, no encoding
/// assumed) and whether it is a folder (never through a symbolic link).
package struct FolderEntry: Sendable {
    package var name: [CChar]
    package var isDirectory: Bool
}

extension FileSystem {
    /// Calls `body` with each entry of the folder open at `descriptor` (not `.` and `..`) and the
    /// folder's descriptor (valid during the call), then closes it.
    package static func forEachEntry(
        ofOpened descriptor: Int32, _ body: (FolderEntry, Int32) -> Void
    ) {
        guard descriptor >= 0 else { return }
        // The stream gets a descriptor of its own: `body` keeps using `descriptor` for `openat` and
        // `fstatat`.
        let streamDescriptor = dup(descriptor)
        defer { close(descriptor) }
        guard streamDescriptor >= 0, let stream = unsafe fdopendir(streamDescriptor) else {
            if streamDescriptor >= 0 { close(streamDescriptor) }
            return
        }
        defer { unsafe closedir(stream) }
        while let record = unsafe readdir(stream) {
            var name = unsafe withUnsafeBytes(of: record.pointee.d_name) { raw in
                unsafe Array(raw.bindMemory(to: CChar.self).prefix { $0 != 0 })
            }
            name.append(0)
            if name == [0x2E, 0] || name == [0x2E, 0x2E, 0] { continue }
            let type = unsafe Int32(record.pointee.d_type)
            var isDirectory = type == DT_DIR
            if type == DT_UNKNOWN {
                isDirectory =
                    rawStatus(name: name, in: descriptor).map { ($0.st_mode & S_IFMT) == S_IFDIR }
                    ?? false
            }
            body(FolderEntry(name: name, isDirectory: isDirectory), descriptor)
        }
    }
}
