import BeaconModel
import BeaconSystem
import BeaconText

/// Our own basemap cut into tiles: for each tile of a `VectorTilePlan`, the features over it,
/// simplified for the zooms it serves, cut to its square (plus a margin, so lines and fills meet
/// their neighbours' without seams) and written as whole numbers on a 4096 grid. Each tile is a
/// small script (`kart/osm/14/8710/4780.js`) that hands its data to `beacon-basemap.js`: a script,
/// not JSON, because a guide opened from disk (file://) may load scripts but not fetch files.
///
///     BeaconBasemap.tile(14,8710,4780,{"k":["water","minor"],"f":[[0,null,[[x,y,dx,dy,…],…]],[1,"Storgata",[[…]]]]});
///
/// `k` lists the tile's kinds (`BasemapKind` raw values); each feature is [index into k, name or
/// null, parts], a part being a ring, a line or a point: the first point absolute, the rest as
/// differences to the one before.
package enum VectorTiles {
    package static let extent = 4096
    /// The margin around each tile, in grid units (about 4 px at the zoom the tile is cut for).
    static let buffer = 64
    package static let pathTemplate = "kart/osm/{z}/{x}/{y}.js"

    /// The lowest data zoom a kind is cut at: the major roads and large areas
    /// from the overview, the minor streets from 12, paths and service roads at 14.
    static func minimumZoom(_ kind: BasemapKind) -> Int {
        switch kind {
        case .service, .path, .pedestrianArea: 14
        case .tertiary, .minor, .rail, .waterway, .place, .cemetery, .commercial, .industrial: 12
        default: 10
        }
    }

    /// The highest zoom a level is drawn for, which its simplification must hold up at.
    static func servedUpTo(_ zoom: Int, plan: VectorTilePlan) -> Int {
        let zooms = plan.levels.map(\.zoom)
        guard let index = zooms.firstIndex(of: zoom), index + 1 < zooms.count else {
            return zoom + 3
        }
        return zooms[index + 1] - 1
    }

    /// Every tile of `plan`, empty ones too (the page then knows there is nothing, rather than a
    /// missing file). The work runs on all cores: features are projected and simplified, then tiles
    /// cut and written, in parallel.
    package static func make(_ features: [BasemapFeature], plan: VectorTilePlan) -> [PublishedTile]
    {
        let projected = ParallelChunks.map(count: features.count, chunkSize: 512) {
            ProjectedFeature(features[$0])
        }
        var tiles: [PublishedTile] = []
        for level in plan.levels {
            tiles += make(projected, level: level, servedUpTo: servedUpTo(level.zoom, plan: plan))
        }
        return tiles
    }

    static func make(_ features: [ProjectedFeature], level: TileRange, servedUpTo top: Int)
        -> [PublishedTile]
    {
        let zoom = level.zoom
        let scale = Double(1 << zoom)
        let tileSize = 1 / scale
        let pixel = 1 / (256 * Double(1 << top))
        // Half a pixel where the level is drawn largest, but no finer than the grid.
        let tolerance = max(pixel * 0.5, tileSize / Double(extent) / 2)
        let smallestArea = (pixel * 1.5) * (pixel * 1.5)
        let margin = tileSize * Double(buffer) / Double(extent)
        let levelRect = WorldRect(
            minX: Double(level.minX) * tileSize, minY: Double(level.minY) * tileSize,
            maxX: Double(level.maxX + 1) * tileSize, maxY: Double(level.maxY + 1) * tileSize
        ).grown(by: margin)

        // Each feature this level draws, simplified for it.
        let simplified: [[[WorldPoint]]?] = ParallelChunks.map(
            count: features.count, chunkSize: 256
        ) { index in
            let feature = features[index]
            guard minimumZoom(feature.kind) <= zoom, let bounds = feature.bounds,
                bounds.intersects(levelRect)
            else {
                return nil
            }
            let parts = feature.simplifiedParts(tolerance: tolerance, smallestArea: smallestArea)
            return parts.isEmpty ? nil : parts
        }
        // Which features each tile holds (by the feature's box and the margin), in the features'
        // order.
        var byTile = [[Int]](repeating: [], count: level.count)
        for (index, parts) in simplified.enumerated() {
            guard parts != nil, let bounds = features[index].bounds else { continue }
            let firstX = max(level.minX, Int(((bounds.minX - margin) * scale).rounded(.down)))
            let lastX = min(level.maxX, Int(((bounds.maxX + margin) * scale).rounded(.down)))
            let firstY = max(level.minY, Int(((bounds.minY - margin) * scale).rounded(.down)))
            let lastY = min(level.maxY, Int(((bounds.maxY + margin) * scale).rounded(.down)))
            guard firstX <= lastX, firstY <= lastY else { continue }
            for y in firstY...lastY {
                for x in firstX...lastX {
                    byTile[(y - level.minY) * level.width + (x - level.minX)].append(index)
                }
            }
        }
        let holds = byTile
        return ParallelChunks.map(count: level.count, chunkSize: 4) { tileIndex in
            let x = level.minX + tileIndex % level.width
            let y = level.minY + tileIndex / level.width
            let origin = WorldPoint(x: Double(x) * tileSize, y: Double(y) * tileSize)
            let rect = WorldRect(
                minX: origin.x, minY: origin.y, maxX: origin.x + tileSize, maxY: origin.y + tileSize
            )
            .grown(by: margin)
            var cut: [TileFeature] = []
            for index in holds[tileIndex] {
                let feature = features[index]
                let parts = feature.cut(
                    simplified[index] ?? [], to: rect, origin: origin, tileSize: tileSize)
                if !parts.isEmpty {
                    cut.append(TileFeature(kind: feature.kind, name: feature.name, parts: parts))
                }
            }
            return PublishedTile(
                zoom: zoom, x: x, y: y, bytes: encode(cut, zoom: zoom, x: x, y: y),
                pathTemplate: pathTemplate)
        }
    }

    /// The tile's script, features in drawing order (the kinds' order; within a kind as they came).
    static func encode(_ features: [TileFeature], zoom: Int, x: Int, y: Int) -> [UInt8] {
        // Stable by kind: a counting sort over the kinds' order.
        var buckets = [[TileFeature]](repeating: [], count: BasemapKind.allCases.count)
        for feature in features { buckets[feature.kind.order].append(feature) }
        let sorted = buckets.flatMap { $0 }
        var kinds: [BasemapKind] = []
        for feature in sorted where kinds.last != feature.kind { kinds.append(feature.kind) }
        var out: [UInt8] = []
        out.reserveCapacity(64 + sorted.count * 48)
        out += Array("BeaconBasemap.tile(\(zoom),\(x),\(y),{\"k\":[".utf8)
        for (index, kind) in kinds.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            JSONWriter.appendString(kind.rawValue, to: &out)
        }
        out += Array("],\"f\":[".utf8)
        var kindIndex = 0
        for (index, feature) in sorted.enumerated() {
            while kinds[kindIndex] != feature.kind { kindIndex += 1 }
            if index > 0 { out.append(UInt8(ascii: ",")) }
            out.append(UInt8(ascii: "["))
            append(kindIndex, to: &out)
            out.append(UInt8(ascii: ","))
            if let name = feature.name {
                JSONWriter.appendString(name, to: &out)
            } else {
                out += Array("null".utf8)
            }
            out += Array(",[".utf8)
            for (partIndex, part) in feature.parts.enumerated() {
                if partIndex > 0 { out.append(UInt8(ascii: ",")) }
                out.append(UInt8(ascii: "["))
                var previousX = 0
                var previousY = 0
                for (pointIndex, point) in part.enumerated() {
                    if pointIndex > 0 { out.append(UInt8(ascii: ",")) }
                    append(point.x - previousX, to: &out)
                    out.append(UInt8(ascii: ","))
                    append(point.y - previousY, to: &out)
                    previousX = point.x
                    previousY = point.y
                }
                out.append(UInt8(ascii: "]"))
            }
            out += Array("]]".utf8)
        }
        out += Array("]});\n".utf8)
        return out
    }

    /// A whole number's digits, without making a String: written backwards, then turned around.
    private static func append(_ value: Int, to out: inout [UInt8]) {
        if value < 0 { out.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        let start = out.count
        repeat {
            out.append(UInt8(ascii: "0") + UInt8(magnitude % 10))
            magnitude /= 10
        } while magnitude > 0
        out[start...].reverse()
    }
}

extension VectorTiles {
    /// A tile file's features back (the share file's overview reads the last build's tiles); nil
    /// when the bytes are not one of our tiles.
    package static func decode(_ bytes: [UInt8]) -> [TileFeature]? {
        let prefix = Array("BeaconBasemap.tile(".utf8)
        guard bytes.count > prefix.count, Array(bytes[0..<prefix.count]) == prefix,
            let open = bytes.firstIndex(of: UInt8(ascii: "{")),
            let close = bytes.lastIndex(of: UInt8(ascii: "}")), open < close,
            let json = try? JSONParser.parse(bytes: Array(bytes[open...close])),
            case .array(let kindNames)? = json["k"], case .array(let features)? = json["f"]
        else { return nil }
        let kinds = kindNames.map { value -> BasemapKind? in
            if case .string(let name) = value { return BasemapKind(rawValue: name) }
            return nil
        }
        var result: [TileFeature] = []
        for feature in features {
            guard case .array(let fields) = feature, fields.count == 3,
                case .number(let index) = fields[0],
                let kindIndex = Int(exactly: index), kinds.indices.contains(kindIndex),
                let kind = kinds[kindIndex],
                case .array(let parts) = fields[2]
            else { return nil }
            var name: String?
            if case .string(let text) = fields[1] { name = text }
            var decoded: [[GridPoint]] = []
            for part in parts {
                guard case .array(let numbers) = part, numbers.count % 2 == 0 else { return nil }
                var points: [GridPoint] = []
                points.reserveCapacity(numbers.count / 2)
                var x = 0
                var y = 0
                for pair in stride(from: 0, to: numbers.count, by: 2) {
                    guard case .number(let dx) = numbers[pair],
                        case .number(let dy) = numbers[pair + 1],
                        let ix = Int(exactly: dx), let iy = Int(exactly: dy)
                    else { return nil }
                    x += ix
                    y += iy
                    points.append(GridPoint(x: x, y: y))
                }
                decoded.append(points)
            }
            result.append(TileFeature(kind: kind, name: name, parts: decoded))
        }
        return result
    }
}

/// A point on a tile's grid (0…4096, a little beyond within the margin).
package struct GridPoint: Sendable, Equatable {
    package var x: Int
    package var y: Int
}

/// One feature as a tile holds it: cut, on the grid.
package struct TileFeature: Sendable {
    package var kind: BasemapKind
    package var name: String?
    package var parts: [[GridPoint]]
}

/// A feature in world units, projected once for every level and tile.
struct ProjectedFeature: Sendable {
    var kind: BasemapKind
    var name: String?
    /// Lines and rings (areas), or a single point (labels).
    var parts: [[WorldPoint]]
    var bounds: WorldRect?

    init(_ feature: BasemapFeature) {
        kind = feature.kind
        name = feature.name
        switch feature.geometry {
        case .line(let points): parts = [points.map(TileGeometry.world)]
        case .area(let rings): parts = rings.map { $0.map(TileGeometry.world) }
        case .point(let point): parts = [[TileGeometry.world(point)]]
        }
        bounds = WorldRect.around(parts.flatMap { $0 })
    }

    private var isArea: Bool { kind.isArea }
    private var isPoint: Bool { kind.isLabel }

    /// The parts simplified for a level; rings too small to see there are left out.
    func simplifiedParts(tolerance: Double, smallestArea: Double) -> [[WorldPoint]] {
        if isPoint { return parts }
        if isArea {
            // An area is kept whole or not at all: its outer ring decides (the largest).
            let largest = parts.map { abs(TileGeometry.signedArea($0)) }.max() ?? 0
            guard largest >= smallestArea else { return [] }
            return parts.filter { abs(TileGeometry.signedArea($0)) >= smallestArea }
                .map { TileGeometry.simplified($0, tolerance: tolerance) }.filter { $0.count >= 3 }
        }
        return parts.map { TileGeometry.simplified($0, tolerance: tolerance) }.filter {
            $0.count >= 2
        }
    }

    /// `parts` cut to `rect` and put on the grid of the tile at `origin`.
    func cut(_ parts: [[WorldPoint]], to rect: WorldRect, origin: WorldPoint, tileSize: Double)
        -> [[GridPoint]]
    {
        let unit = Double(VectorTiles.extent) / tileSize
        func grid(_ points: [WorldPoint]) -> [GridPoint] {
            var result: [GridPoint] = []
            result.reserveCapacity(points.count)
            for point in points {
                let next = GridPoint(
                    x: Int(((point.x - origin.x) * unit).rounded()),
                    y: Int(((point.y - origin.y) * unit).rounded()))
                if result.last != next { result.append(next) }
            }
            return result
        }
        if isPoint {
            guard let point = parts.first?.first, rect.contains(point) else { return [] }
            return [grid([point])]
        }
        if isArea {
            return parts.map { grid(TileGeometry.clipRing($0, to: rect)) }.filter { $0.count >= 3 }
        }
        return parts.flatMap { TileGeometry.clipLine($0, to: rect) }.map(grid).filter {
            $0.count >= 2
        }
    }
}
