import BeaconSystem

/// A PNG with only the chunks that make its picture: `IHDR`, `PLTE`, `tRNS`, `IDAT` and `IEND`,
/// each copied whole with its own length and CRC. Text (`tEXt`, `zTXt`, `iTXt`), profiles, dates
/// and every other ancillary chunk are dropped, so nothing a server wrote beside the picture (a key
/// it echoed, a comment) reaches the published site, and no byte inside a chunk is ever changed.
package enum PNGTile {
    static let keptChunks: Set<String> = ["IHDR", "PLTE", "tRNS", "IDAT", "IEND"]

    /// The picture's chunks, or nil when `bytes` is no PNG whose chunks add up and check out.
    package static func publishable(_ bytes: [UInt8]) -> [UInt8]? {
        guard bytes.count >= 8, Array(bytes[0..<8]) == PNGCheck.signature else { return nil }
        var output = PNGCheck.signature
        output.reserveCapacity(bytes.count)
        var position = 8
        var seenEnd = false
        while position < bytes.count {
            guard position + 12 <= bytes.count else { return nil }
            let length = bytes[position..<(position + 4)].reduce(0) { $0 << 8 | Int($1) }
            let end = position + 12 + length
            guard length <= 0x7FFF_FFFF, end <= bytes.count else { return nil }
            let type = bytes[(position + 4)..<(position + 8)]
            let crc = bytes[(end - 4)..<end].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
            guard Inflate.crc32(Array(bytes[(position + 4)..<(end - 4)])) == crc else { return nil }
            let name = String(decoding: type, as: UTF8.self)
            if keptChunks.contains(name) { output.append(contentsOf: bytes[position..<end]) }
            position = end
            if name == "IEND" {
                seenEnd = true
                break
            }
        }
        return seenEnd ? output : nil
    }
}
