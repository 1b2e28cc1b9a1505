/// What an element's tags make of it, worked out once while the tags are at
/// hand, so a reader keeps a few words per way instead of its tag dictionary.
struct BasemapTagSummary: Equatable {
    var lineKind: BasemapKind?
    /// The kind of a closed way with these tags, when it is an area (`BasemapTags.isArea`).
    var closedWayKind: BasemapKind?
    /// The kind of a polygon or multipolygon: what the tags say as an area, whatever shape a way
    /// would be.
    var polygonKind: BasemapKind?
    var isCoastline: Bool
    var name: String?

    /// Nil when the tags draw nothing (buildings, shops, untagged member ways).
    init?(_ tags: [String: String]) {
        guard !tags.isEmpty else { return nil }
        lineKind = BasemapTags.lineKind(tags)
        polygonKind = BasemapTags.areaKind(tags)
        closedWayKind = BasemapTags.isArea(tags) ? polygonKind : nil
        isCoastline = BasemapTags.isCoastline(tags)
        guard lineKind != nil || polygonKind != nil || isCoastline else { return nil }
        name = BasemapTags.name(tags)
    }

    /// The kind of a relation drawn as an area: a multipolygon, or another relation that
    /// tags water, green or land use without being a boundary (a national park's boundary
    /// would paint half the map green).
    static func relationKind(_ tags: [String: String]) -> BasemapKind? {
        guard let kind = BasemapTags.areaKind(tags) else { return nil }
        let type = tags["type"]
        if type == "multipolygon" { return kind }
        return type != "boundary" && tags["boundary"] == nil ? kind : nil
    }
}
