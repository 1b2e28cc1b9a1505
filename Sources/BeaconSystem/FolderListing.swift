internal import CDirectoryEntries
import Glibc

/// One entry of a folder listing: its name as the system gives it (NUL-terminated, no encoding assumed)
/// and whether it is a folder (never through a symbolic link).
package struct FolderEntry: Sendable {
    package var name: [CChar]
    package var isDirectory: Bool
}

extension FileSystem {
    /// Calls `body` with each entry of the folder open at `descriptor` (not `.` and `..`) and the folder's
    /// descriptor (valid during the call), then closes it. The entries are read with `getdents64` from the
    /// descriptor itself: a `DIR` stream (`fdopendir`) would add an `fstat` and two `fcntl`s for every folder,
    /// and an output has a folder per page.
    package static func forEachEntry(ofOpened descriptor: Int32, _ body: (FolderEntry, Int32) -> Void) {
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        unsafe withUnsafeTemporaryAllocation(byteCount: 16 * 1024, alignment: 8) { buffer in
            while true {
                let count = unsafe getdents64(descriptor, buffer.baseAddress!, buffer.count)
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { return }
                // struct linux_dirent64: inode (8 bytes), offset (8), record length (2), type (1), name.
                var offset = 0
                while offset + 19 < count {
                    let record = unsafe buffer.baseAddress! + offset
                    let length = unsafe Int(record.loadUnaligned(fromByteOffset: 16, as: UInt16.self))
                    guard length > 19, offset + length <= count else { return }
                    offset += length
                    let type = unsafe record.load(fromByteOffset: 18, as: UInt8.self)
                    let namePointer = unsafe (record + 19).assumingMemoryBound(to: CChar.self)
                    let nameLength = unsafe strnlen(namePointer, length - 19)
                    var name = unsafe Array(UnsafeBufferPointer(start: namePointer, count: nameLength))
                    name.append(0)
                    if name == [0x2E, 0] || name == [0x2E, 0x2E, 0] { continue }
                    var isDirectory = Int32(type) == DT_DIR
                    if Int32(type) == DT_UNKNOWN {
                        isDirectory =
                            rawStatus(name: name, in: descriptor).map { ($0.st_mode & S_IFMT) == S_IFDIR } ?? false
                    }
                    body(FolderEntry(name: name, isDirectory: isDirectory), descriptor)
                }
            }
        }
    }
}
