import BeaconSystem

/// The cut tiles as one cache file: a header with the digest of what follows, then for each tile
/// its zoom, x, y and length (four little-endian 32-bit numbers) and its bytes. Caches travel (a CI
/// cache, a restored backup), and a tile is a script the published pages run, so a cached file is
/// used only when its digest holds and every tile is exactly what `VectorTiles.encode` writes for
/// the features it holds: a tile changed to run code (`alert(…)` in place of a street name's
/// quotes) is not one, and the tiles are cut again. A file that does not add up is not a cache
/// entry.
package enum VectorTileArchive {
    static let magic = Array("BEACON-VECTOR-TILES-2\n".utf8)
    /// The digest's hex digits and a line break, after the magic.
    static let digestLength = 17

    package static func encode(_ tiles: [PublishedTile]) -> [UInt8] {
        var body: [UInt8] = []
        body.reserveCapacity(tiles.reduce(0) { $0 + 16 + $1.bytes.count })
        for tile in tiles {
            for number in [tile.zoom, tile.x, tile.y, tile.bytes.count] {
                let value = UInt32(truncatingIfNeeded: number)  // little-endian
                body += [UInt8(truncatingIfNeeded: value), UInt8(truncatingIfNeeded: value >> 8)]
                body += [
                    UInt8(truncatingIfNeeded: value >> 16), UInt8(truncatingIfNeeded: value >> 24),
                ]
            }
            body += tile.bytes
        }
        return magic + Array((digest(body[...]) + "\n").utf8) + body
    }

    static func digest(_ body: ArraySlice<UInt8>) -> String {
        var hasher = ContentHasher()
        hasher.combine(Array(body))
        return hasher.hex
    }

    package static func decode(_ bytes: [UInt8]) -> [PublishedTile]? {
        let start = magic.count + digestLength
        guard bytes.count >= start, Array(bytes[0..<magic.count]) == magic,
            String(decoding: bytes[magic.count..<start], as: UTF8.self) == digest(bytes[start...])
                + "\n"
        else { return nil }
        var tiles: [PublishedTile] = []
        var index = start
        func number() -> Int? {
            guard index + 4 <= bytes.count else { return nil }
            let value =
                UInt32(bytes[index]) | UInt32(bytes[index + 1]) << 8 | UInt32(bytes[index + 2])
                << 16
                | UInt32(bytes[index + 3]) << 24
            index += 4
            return Int(value)
        }
        while index < bytes.count {
            guard let zoom = number(), let x = number(), let y = number(), let length = number(),
                zoom <= 30, index + length <= bytes.count
            else { return nil }
            let tile = Array(bytes[index..<index + length])
            guard let features = VectorTiles.decode(tile),
                VectorTiles.encode(features, zoom: zoom, x: x, y: y) == tile
            else { return nil }
            tiles.append(
                PublishedTile(
                    zoom: zoom, x: x, y: y, bytes: tile, pathTemplate: VectorTiles.pathTemplate))
            index += length
        }
        return tiles
    }
}
