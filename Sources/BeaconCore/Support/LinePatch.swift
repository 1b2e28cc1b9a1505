import Foundation

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
    package static func apply(_ previous: UnsafeRawBufferPointer, header: [UInt8], count: Int, items: [Int],
                              render: (Int, inout [UInt8]) -> Void) -> (bytes: [UInt8], changed: Bool)? {
        let previous = previous.assumingMemoryBound(to: UInt8.self)
        var lineStarts: [Int] = [0]
        lineStarts.reserveCapacity(count + 3)
        var offset = 0
        while offset < previous.count, let base = previous.baseAddress,
              let found = memchr(base + offset, 0x0A, previous.count - offset) {
            offset = base.distance(to: found.assumingMemoryBound(to: UInt8.self)) + 1
            lineStarts.append(offset)
        }
        // The header line, `count` item lines, the closing line, and the end after the last newline.
        guard count > 0, lineStarts.count == count + 3, lineStarts.last == previous.count, previous.starts(with: header) else { return nil }
        var out: [UInt8] = []
        out.reserveCapacity(previous.count + items.count * 200)
        var copiedUpTo = 0
        var changed = false
        for item in Set(items).sorted() {
            guard item >= 0, item < count else { return nil }
            let start = lineStarts[item + 1], end = lineStarts[item + 2] - 1 // without the newline
            out.append(contentsOf: UnsafeBufferPointer(rebasing: previous[copiedUpTo..<start]))
            let lineStart = out.count
            render(item, &out)
            if !changed && !out[lineStart...].elementsEqual(previous[start..<end]) { changed = true }
            copiedUpTo = end
        }
        out.append(contentsOf: UnsafeBufferPointer(rebasing: previous[copiedUpTo...]))
        return (out, changed)
    }
}
