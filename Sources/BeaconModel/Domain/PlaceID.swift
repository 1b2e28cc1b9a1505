import BeaconSystem

/// A place's stable identity: its OpenStreetMap element (`node/123`) when the
/// data names one, else the provider's id (`geoapify/51ab…`). Geoapify's
/// `place_id` changes with language, renames and small moves, so ratings,
/// favorites and page URLs key on the OSM element whenever there is one.
package struct PlaceID: Hashable, Comparable, Sendable, CustomStringConvertible {
    package let rawValue: String

    package init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// `type` is OSM's element type as Geoapify writes it: `n`, `w`, `r` or the full word.
    package static func osm(type: String, id: String) -> PlaceID? {
        let element: String
        switch type.lowercased() {
        case "n", "node": element = "node"
        case "w", "way": element = "way"
        case "r", "relation": element = "relation"
        default: return nil
        }
        let digits = id.hasPrefix("-") ? String(id.dropFirst()) : id
        guard !digits.isEmpty, digits.count <= 20, digits.allSatisfy({ $0.isASCII && $0.isNumber })
        else { return nil }
        return PlaceID(rawValue: "\(element)/\(digits)")
    }

    /// Falls back to the provider's id; only characters safe in a key are kept.
    package static func provider(_ placeID: String) -> PlaceID? {
        var safe: [UInt8] = []
        safe.reserveCapacity(min(placeID.utf8.count, 200))
        for byte in placeID.utf8 where safe.count < 200 {
            let isSafe =
                (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A)
                || (byte >= 0x30 && byte <= 0x39)
                || byte == 0x5F || byte == 0x2D
            if isSafe { safe.append(byte) }
        }
        guard !safe.isEmpty else { return nil }
        return PlaceID(rawValue: "geoapify/" + String(decoding: safe, as: UTF8.self))
    }

    /// `node/123`, `way/…`, `relation/…`: an element that has a page on
    /// openstreetmap.org. Provider ids (`geoapify/…`) and ids made up for
    /// places without one (`local/…`) have none.
    var isOpenStreetMap: Bool {
        // Bytes, not characters: every place page asks, and an id of the shape is ASCII throughout.
        let bytes = rawValue.utf8
        guard let slash = bytes.firstIndex(of: UInt8(ascii: "/")) else { return false }
        let type = bytes[..<slash]
        let number = bytes[bytes.index(after: slash)...]
        let isElementType = ["node", "way", "relation"].contains { type.elementsEqual($0.utf8) }
        return isElementType && !number.isEmpty && number.count <= 20
            && number.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
    }

    /// The OpenStreetMap page of the element, for "Se på OpenStreetMap".
    package var openStreetMapURL: String? {
        isOpenStreetMap ? "https://www.openstreetmap.org/\(rawValue)" : nil
    }

    /// A short, stable hash (FNV-1a, base 36) that makes slugs unique; Swift's
    /// `Hasher` is seeded per process and would change URLs on every build.
    private static let base36Digits = Array("0123456789abcdefghijklmnopqrstuvwxyz".utf8)

    package func shortHash(length: Int = 6) -> String {
        var hash = FNV1a.hash(rawValue.utf8)
        return String(utf8Length: length) { out in
            for index in 0..<length {
                out[index] = Self.base36Digits[Int(hash % 36)]
                hash /= 36
            }
        }
    }

    package var description: String { rawValue }

    package static func < (lhs: PlaceID, rhs: PlaceID) -> Bool { lhs.rawValue < rhs.rawValue }
}
