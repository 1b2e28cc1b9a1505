import BeaconSystem
import FoundationEssentials
import Glibc

/// A big file of the site written as it is made, never held whole (the all-places GeoJSON is 74 MB at
/// 100,000 places). Its parts are compared with the previous output's file as they come; nothing is
/// written while they match, and at the first difference the matching start is copied from the previous
/// file into the staging tree and the rest follows. A file that matches to the last byte counts as
/// unchanged, like any other.
extension SiteWriter {
    /// `produce` hands its parts to `emit`, in order; each part is redacted on its own, so a part must be
    /// whole lines (the API key never spans two).
    package func writeStreaming(
        to relativePath: String,
        _ produce: (_ emit: ([UInt8]) throws(SiteWriterError) -> Void) throws(SiteWriterError) -> Void
    ) throws(SiteWriterError) {
        if isCancelled { throw .cancelled }
        try claim(relativePath, bytes: 0)
        var file = StreamedFile(writer: self, path: relativePath)
        defer { file.close() }
        try produce { (part) throws(SiteWriterError) in
            try file.append(redactor.isEmpty ? part : redactor.redact(part))
        }
        try file.finish()
    }
}

/// The state of one streamed file: how far it matches the previous output's, and the staged copy once it does not.
private struct StreamedFile {
    let writer: SiteWriter
    let path: String
    /// The previous output's file, open, while everything so far matches it (-1: none, or no longer).
    var previous: Int32 = -1
    var previousSize = 0
    /// Bytes handed over so far.
    var offset = 0
    /// The staged file, once the bytes differ.
    var staged: Int32 = -1
    var buffer: [UInt8] = []

    init(writer: SiteWriter, path: String) {
        self.writer = writer
        self.path = path
        guard writer.previousDescriptor >= 0 else { return }
        let fd = FileSystem.openDescriptor(
            path, in: writer.previousDescriptor, flags: O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        guard fd >= 0 else { return }
        if let info = FileSystem.rawStatus(descriptor: fd), (info.st_mode & S_IFMT) == S_IFREG {
            previous = fd
            previousSize = Int(info.st_size)
        } else {
            Glibc.close(fd)
        }
    }

    var stagedPath: String { writer.stagingPath + "/" + path }

    mutating func append(_ part: [UInt8]) throws(SiteWriterError) {
        if writer.isCancelled { throw .cancelled }
        writer.countBytes(part.count)
        if staged < 0 && previous >= 0 && matchesPrevious(part) {
            offset += part.count
            return
        }
        try startStaging()
        try write(part)
        offset += part.count
    }

    /// Whether the previous file holds `part` at `offset`.
    mutating func matchesPrevious(_ part: [UInt8]) -> Bool {
        guard offset + part.count <= previousSize else { return false }
        if buffer.count < part.count { buffer = [UInt8](repeating: 0, count: part.count) }
        var read = 0
        while read < part.count {
            let n = DescriptorIO.read(
                previous, into: &buffer, from: read, count: part.count - read, fileOffset: offset + read)
            if n <= 0 { return false }
            read += n
        }
        return part.bytesEqual(from: 0, to: buffer, count: part.count)
    }

    /// The bytes differ from here: stage the file, starting with the matching `offset` bytes of the previous one.
    mutating func startStaging() throws(SiteWriterError) {
        guard staged < 0 else { return }
        staged = try writer.createStagedFile(path)
        var copied = 0
        if buffer.count < 1 << 20 { buffer = [UInt8](repeating: 0, count: 1 << 20) }
        while copied < offset {
            let n = DescriptorIO.read(
                previous, into: &buffer, count: min(buffer.count, offset - copied), fileOffset: copied)
            guard n > 0 else { throw .file(.errno("lese", writer.outputPath + "/" + path)) }
            try write(Array(buffer[0..<n]))
            copied += n
        }
    }

    func write(_ bytes: [UInt8]) throws(SiteWriterError) {
        do throws(FileError) { try FileSystem.writeAll(fd: staged, bytes: bytes, path: stagedPath) } catch {
            throw .file(error)
        }
    }

    mutating func finish() throws(SiteWriterError) {
        if staged < 0 && previous >= 0 && offset == previousSize {
            writer.markUnchanged(path)
            return
        }
        try startStaging()
        writer.recordStagedFile(path, fd: staged)
    }

    mutating func close() {
        if previous >= 0 {
            Glibc.close(previous)
            previous = -1
        }
        if staged >= 0 {
            Glibc.close(staged)
            staged = -1
        }
    }
}
