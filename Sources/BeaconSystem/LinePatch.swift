import FoundationEssentials
import Glibc

/// Files written one item a line (the all-places GeoJSON export, the page
/// data files) are changed by writing again only the lines of the items that
/// changed and copying the rest: at 100,000 places a copy instead of most of
/// a second of writing JSON.
package enum LinePatch {
    /// `previous` with the lines of `items` (indices from 0 among the `count`
    /// item lines, which follow one header line and precede one closing line)
    /// written again by `render`, which appends an item's line without its
    /// newline. Nil when `previous` does not start with `header` or has not
    /// exactly that many lines; `changed` says whether any line came out different.
    package static func apply(
        _ previous: MappedFile, header: [UInt8], count: Int, items: [Int],
        render: (Int, inout [UInt8]) -> Void
    ) -> (bytes: [UInt8], changed: Bool)? {
        prepare(previous, header: header, count: count, items: items, render: render).map { ($0.bytes, $0.changed) }
    }

    /// The same, as the previous file's unchanged stretches and the new
    /// lines, which a writer can hand to the new file one after the other
    /// (`SiteWriter.write(_:to:)`), so the patched file is never whole in
    /// memory (the patch keeps `previous` mapped).
    package static func prepare(
        _ previous: MappedFile, header: [UInt8], count: Int, items: [Int],
        render: (Int, inout [UInt8]) -> Void
    ) -> Patched? {
        let bytes = unsafe previous.bytes.assumingMemoryBound(to: UInt8.self)
        var lineStarts: [Int] = [0]
        lineStarts.reserveCapacity(count + 3)
        var offset = 0
        while offset < bytes.count, let base = bytes.baseAddress,
            let found = unsafe memchr(base + offset, 0x0A, bytes.count - offset)
        {
            offset = unsafe base.distance(to: found.assumingMemoryBound(to: UInt8.self)) + 1
            lineStarts.append(offset)
        }
        // The header line, `count` item lines, the closing line, and the end after the last newline.
        guard count > 0, lineStarts.count == count + 3, lineStarts.last == bytes.count,
            unsafe bytes.starts(with: header)
        else { return nil }
        var replacements: [(line: Range<Int>, bytes: [UInt8])] = []
        var changed = false
        for item in Set(items).sorted() {
            guard item >= 0, item < count else { return nil }
            let line = lineStarts[item + 1]..<(lineStarts[item + 2] - 1)  // without the newline
            var out: [UInt8] = []
            render(item, &out)
            if unsafe !changed && !out.elementsEqual(bytes[line]) { changed = true }
            replacements.append((line, out))
        }
        return Patched(file: previous, replacements: replacements, changed: changed)
    }

    /// A patch over the previous file's bytes (see `prepare`).
    package struct Patched {
        let file: MappedFile
        var previous: UnsafeRawBufferPointer { unsafe file.bytes }
        /// Each replaced line of `previous` (without its newline) and its new bytes, in order.
        let replacements: [(line: Range<Int>, bytes: [UInt8])]
        /// Whether any line came out different (if not, the file is `previous` as it is).
        package let changed: Bool

        /// The size of the patched file.
        package var count: Int {
            unsafe replacements.reduce(previous.count) { $0 - $1.line.count + $1.bytes.count }
        }

        /// The patched file in order: stretches of `previous` (`isNew` false) and new lines.
        package func forEachPart<Failure: Error>(
            _ body: (_ part: UnsafeRawBufferPointer, _ isNew: Bool) throws(Failure) -> Void
        ) throws(Failure) {
            var copiedUpTo = 0
            for replacement in replacements {
                try unsafe body(
                    UnsafeRawBufferPointer(rebasing: previous[copiedUpTo..<replacement.line.lowerBound]), false)
                try unsafe replacement.bytes.withUnsafeBytes { line in
                    Result { () throws(Failure) in try unsafe body(line, true) }
                }
                .get()
                copiedUpTo = replacement.line.upperBound
            }
            try unsafe body(UnsafeRawBufferPointer(rebasing: previous[copiedUpTo...]), false)
        }

        /// Writes the patched file to `descriptor` (`path` names it in an error): the previous file's
        /// stretches as they are, each new line through `newLine` when there is one (to redact it).
        package func write(
            to descriptor: Int32, path: String, newLine: (([UInt8]) -> [UInt8])? = nil
        ) throws(FileError) {
            try unsafe forEachPart { (part, isNew) throws(FileError) in
                if isNew, let newLine {
                    try FileSystem.writeAll(fd: descriptor, bytes: newLine(unsafe Array(part)), path: path)
                } else {
                    try unsafe FileSystem.writeAll(fd: descriptor, bytes: part, path: path)
                }
            }
        }

        /// The patched file whole.
        package var bytes: [UInt8] {
            var out: [UInt8] = []
            out.reserveCapacity(count)
            unsafe forEachPart { part, _ in unsafe out.append(contentsOf: part) }
            return out
        }
    }
}
