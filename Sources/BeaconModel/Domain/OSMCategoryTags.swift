/// The OpenStreetMap tags that name a kind of place, each with the Geoapify category key it is
/// filed under (Geoapify's keys come from these tags). An Overpass or osmtogeojson export has no
/// Geoapify categories, only tags like `amenity=bar`; with this a feature of such a file finds its
/// category.
package enum OSMCategoryTags {
    /// `"amenity=bar": "catering.bar"`, …
    package static let geoapifyKeys: [String: String] = [
        "amenity=restaurant": "catering.restaurant",
        "amenity=cafe": "catering.cafe",
        "amenity=bar": "catering.bar",
        "amenity=pub": "catering.pub",
        "amenity=biergarten": "catering.biergarten",
        "amenity=fast_food": "catering.fast_food",
        "amenity=food_court": "catering.food_court",
        "amenity=ice_cream": "catering.ice_cream",
        "amenity=library": "education.library",
        "amenity=cinema": "entertainment.cinema",
        "amenity=theatre": "entertainment.culture.theatre",
        "amenity=public_bath": "leisure.spa.public_bath",
        "shop=bakery": "commercial.food_and_drink.bakery",
        "shop=ice_cream": "catering.ice_cream",
        "shop=books": "commercial.books",
        "shop=supermarket": "commercial.supermarket",
        "tourism=hotel": "accommodation.hotel",
        "tourism=hostel": "accommodation.hostel",
        "tourism=museum": "entertainment.museum",
        "tourism=gallery": "entertainment.culture.gallery",
        "tourism=viewpoint": "tourism.attraction.viewpoint",
        "tourism=attraction": "tourism.attraction",
        "historic=castle": "tourism.sights.castle",
        "historic=fort": "tourism.sights.fort",
        "historic=monument": "tourism.sights.memorial.monument",
        "historic=ruins": "tourism.sights.ruines",
        "historic=archaeological_site": "tourism.sights.archaeological_site",
        "tourism=camp_site": "camping.camp_site",
        "tourism=caravan_site": "camping.caravan_site",
        "leisure=park": "leisure.park",
        "leisure=playground": "leisure.playground",
        "leisure=beach_resort": "beach.beach_resort",
        "natural=beach": "beach",
    ]

    /// The keys of the tags OSM files a kind of place under.
    package static let tagKeys = ["amenity", "shop", "tourism", "leisure", "natural", "historic"]
}

extension PlaceCategory {
    /// The OpenStreetMap tags whose places fall in this kind: those of the table whose Geoapify
    /// key the kind holds, then the owner's own (`"osm": [...]`). What an Overpass query for the
    /// kind asks for; empty for an owner's kind with neither.
    package var openStreetMapTags: [OSMTag] {
        var tags = OSMCategoryTags.geoapifyKeys
            .filter { matches(geoapifyKey: $0.value) }
            .keys.sorted()
            .compactMap(OSMTag.init)
        for tag in definition.osmTags where !tags.contains(tag) { tags.append(tag) }
        return tags
    }
}
