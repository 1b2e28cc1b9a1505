/// The cut tiles as one cache file: for each, zoom, x, y and length (four
/// little-endian 32-bit numbers), then its bytes. A file that does not add
/// up is not a cache entry.
package enum VectorTileArchive {
    static let magic = Array("BEACON-VECTOR-TILES-1\n".utf8)

    package static func encode(_ tiles: [PublishedTile]) -> [UInt8] {
        var out = magic
        out.reserveCapacity(magic.count + tiles.reduce(0) { $0 + 16 + $1.bytes.count })
        for tile in tiles {
            for number in [tile.zoom, tile.x, tile.y, tile.bytes.count] {
                let value = UInt32(truncatingIfNeeded: number)  // little-endian
                out += [UInt8(truncatingIfNeeded: value), UInt8(truncatingIfNeeded: value >> 8)]
                out += [UInt8(truncatingIfNeeded: value >> 16), UInt8(truncatingIfNeeded: value >> 24)]
            }
            out += tile.bytes
        }
        return out
    }

    package static func decode(_ bytes: [UInt8]) -> [PublishedTile]? {
        guard bytes.count >= magic.count, Array(bytes[0..<magic.count]) == magic else { return nil }
        var tiles: [PublishedTile] = []
        var index = magic.count
        func number() -> Int? {
            guard index + 4 <= bytes.count else { return nil }
            let value =
                UInt32(bytes[index]) | UInt32(bytes[index + 1]) << 8 | UInt32(bytes[index + 2]) << 16
                | UInt32(bytes[index + 3]) << 24
            index += 4
            return Int(value)
        }
        while index < bytes.count {
            guard let zoom = number(), let x = number(), let y = number(), let length = number(),
                zoom <= 30, index + length <= bytes.count
            else { return nil }
            tiles.append(
                PublishedTile(
                    zoom: zoom, x: x, y: y, bytes: Array(bytes[index..<index + length]),
                    pathTemplate: VectorTiles.pathTemplate))
            index += length
        }
        return tiles
    }
}
