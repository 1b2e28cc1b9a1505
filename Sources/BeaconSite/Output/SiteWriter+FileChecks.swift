import BeaconSystem
import Glibc

extension SiteWriter {
    /// Relative, no `..` or `.` segments, no empty segments, no NUL or controls.
    static func isSafeRelativePath(_ path: String) -> Bool {
        guard path.utf8.count < 4096 else { return false }
        // Bytes, not characters: every byte refused is ASCII, and it runs for every file a build
        // writes.
        var segmentLength = 0
        var onlyDots = true
        // "", "." or ".."
        func segmentIsBad() -> Bool { segmentLength == 0 || (onlyDots && segmentLength <= 2) }
        for byte in path.utf8 {
            if byte == UInt8(ascii: "/") {
                if segmentIsBad() { return false }
                segmentLength = 0
                onlyDots = true
                continue
            }
            if byte < 0x20 || byte == 0x7F || byte == UInt8(ascii: "\\") { return false }
            segmentLength += 1
            if byte != UInt8(ascii: ".") { onlyDots = false }
            if segmentLength > 255 { return false }
        }
        return !segmentIsBad()
    }

    /// True when `path` is a regular file holding exactly `bytes`.
    static func fileHasContent(_ path: String, in folder: Int32, _ bytes: [UInt8]) -> Bool {
        guard folder >= 0 else { return false }
        let fd = FileSystem.openDescriptor(path, in: folder, flags: O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        guard let info = FileSystem.rawStatus(descriptor: fd), (info.st_mode & S_IFMT) == S_IFREG,
            Int(info.st_size) == bytes.count
        else { return false }
        if bytes.isEmpty { return true }
        var buffer = [UInt8](repeating: 0, count: min(bytes.count, 1 << 16))
        var offset = 0
        while offset < bytes.count {
            let n = DescriptorIO.read(fd, into: &buffer, limit: bytes.count - offset)
            if n <= 0 { return false }
            if !bytes.bytesEqual(from: offset, to: buffer, count: n) { return false }
            offset += n
        }
        return true
    }

    /// Every regular file under `root`, as relative paths.
    static func listFiles(under root: String) -> [String] { FileSystem.filesUnder(root) }
}
