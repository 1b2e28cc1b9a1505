import BeaconModel
import BeaconSystem
import FoundationEssentials
import Synchronization

/// Turns a GeoJSON FeatureCollection — a Geoapify Places answer, or any
/// RFC 7946 file of points with a `name` (uMap, Overpass, an earlier export) —
/// into places. Decoding is loose, as real data demands: no property is
/// required except a name and a position, numbers are accepted where text was
/// expected, unknown members are ignored, and an odd feature is skipped with a
/// reason instead of failing the whole answer.
///
/// Unnamed features are skipped (a guide entry without a name helps nobody; the
/// live request also sends `conditions=named`).
package struct PlacesDecoder: Sendable {
    /// The category every feature gets, when the request asked for one category; otherwise it is
    /// the first of `categories` that the feature's Geoapify `categories`, its plain `category` or
    /// its OSM tags (`amenity=bar`) fall under, then this default.
    var assignedCategory: PlaceCategory?
    var defaultCategory: PlaceCategory?
    /// The guide's categories, in the owner's order.
    var categories: [PlaceCategory]
    /// The country an address whose data names none is written the way of
    /// (`SiteSettings.addressCountry`).
    var addressCountry: String?

    package init(
        assignedCategory: PlaceCategory? = nil, defaultCategory: PlaceCategory? = nil,
        categories: [PlaceCategory] = PlaceCategory.defaults, addressCountry: String? = nil
    ) {
        self.assignedCategory = assignedCategory
        self.defaultCategory = defaultCategory
        self.categories = categories
        self.addressCountry = addressCountry
    }

    package struct Result: Sendable {
        package var places: [Place]
        package var skipped: [SkippedFeature]
    }

    package struct SkippedFeature: Sendable, Equatable {
        var index: Int
        package var reason: Reason

        package enum Reason: Error, Sendable, Equatable {
            case noName
            case noPosition
            /// No kind of the guide's: `outside` is the preset it is (a bar in a guide of cafés),
            /// nil when no kind fits.
            case noCategory(outside: PlaceCategory?)
            case duplicate(PlaceID)
            case notAFeature
        }

        /// "369 hoppet over: 266 uten navn, 51 barer, 40 puber, 12 uten kjent kategori": how many
        /// for each reason, most first; the kinds the guide does not list by name, and the command
        /// that takes them in ("sitegen categories add bar pub").
        /// `counted` names a count of a kind («51 barer»; the catalogues live above this module).
        package static func summary(
            _ skipped: [SkippedFeature],
            counted: (PlaceCategory, Int) -> String = {
                "\(NorwegianFormat.integer($1)) \($0.rawValue)"
            }
        ) -> String {
            var counts: [(text: String, count: Int)] = []
            for feature in skipped {
                let text =
                    switch feature.reason {
                    case .noName: "uten navn"
                    case .noPosition: "uten gyldig posisjon"
                    case .noCategory(let outside?): "kind:" + outside.rawValue
                    case .noCategory(nil): "uten kjent kategori"
                    case .duplicate: "det samme stedet to ganger"
                    case .notAFeature: "ikke GeoJSON-steder (Feature)"
                    }
                if let index = counts.firstIndex(where: { $0.text == text }) {
                    counts[index].count += 1
                } else {
                    counts.append((text, 1))
                }
            }
            // Most first; equal counts in the order they first came.
            let sorted = counts.enumerated().sorted {
                $0.element.count != $1.element.count
                    ? $0.element.count > $1.element.count : $0.offset < $1.offset
            }.map(\.element)
            let parts = sorted.map { part -> String in
                guard part.text.hasPrefix("kind:"),
                    let kind = PlaceCategory(rawValue: String(part.text.dropFirst(5)))
                else { return "\(NorwegianFormat.integer(part.count)) \(part.text)" }
                return counted(kind, part.count)
            }
            return "\(NorwegianFormat.integer(skipped.count)) hoppet over"
                + (parts.isEmpty ? "" : ": " + parts.joined(separator: ", "))
        }

        /// «Det er kategorier guiden ikke har; ta dem med: sitegen categories add bar pub», most
        /// first; nil when every place left out had no kind at all.
        package static func kindsAdvice(_ skipped: [SkippedFeature]) -> String? {
            var counts: [PlaceCategory: Int] = [:]
            for feature in skipped {
                if case .noCategory(let outside?) = feature.reason {
                    counts[outside, default: 0] += 1
                }
            }
            guard !counts.isEmpty else { return nil }
            let kinds = counts.sorted {
                $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key
            }
            return "Det er kategorier guiden ikke har; ta dem med: sitegen categories add "
                + kinds.map(\.key.rawValue).joined(separator: " ")
        }

    }

    package enum Failure: Error, Sendable, Equatable {
        /// Valid JSON, but not a FeatureCollection.
        case notAFeatureCollection
    }

    package func decode(_ json: JSONValue) throws(Failure) -> Result {
        guard let features = json["features"]?.arrayValue else {
            // A single Feature (Place Details answers one) is accepted too.
            if json["type"]?.looseString == "Feature" { return decode(features: [json]) }
            throw .notAFeatureCollection
        }
        return decode(features: features)
    }

    /// Decodes a FeatureCollection straight from its bytes, parsing and decoding chunks of features
    /// on all cores. Falls back to parsing the whole document when the layout is unusual. `bytes`
    /// is consumed: its end marker is added in place (a file read by `FileSystem` has room for it),
    /// so a 90 MB places file is not copied.
    package func decode(bytes: consuming [UInt8]) throws -> Result {
        let document = JSONDocument(bytes)
        if let fast = features(of: document) { return fast }
        return try decode(document.parseWhole())
    }

    /// The features split out of `document` and decoded on all cores; nil when the layout is
    /// unusual or the JSON is invalid anywhere (the whole document is then parsed, to report
    /// where).
    private func features(of document: JSONDocument) -> Result? {
        guard let (ranges, otherRanges) = document.featureRanges() else { return nil }
        // Everything outside the features must be valid JSON as well.
        for range in otherRanges where (try? document.parse(range)) == nil { return nil }
        let invalid = Atomic<Bool>(false)
        let decoded = decodeInParallel(count: ranges.count) { index in
            guard let feature = try? document.parse(ranges[index]) else {
                invalid.store(true, ordering: .relaxed)
                return .failure(.notAFeature)
            }
            return decodeFeature(feature)
        }
        // Invalid JSON anywhere: let the full parse report where.
        guard !invalid.load(ordering: .relaxed) else { return nil }
        return Self.collect(decoded)
    }

    func decode(features: [JSONValue]) -> Result {
        Self.collect(decodeInParallel(count: features.count) { decodeFeature(features[$0]) })
    }

    /// Keeps the first of each identity, in the file's order. Each place is
    /// moved out of `decoded`, not copied.
    static func collect(_ decoded: consuming [Swift.Result<Place, SkippedFeature.Reason>]) -> Result
    {
        var places: [Place] = []
        places.reserveCapacity(decoded.count)
        var skipped: [SkippedFeature] = []
        var seen = Set<PlaceID>()
        seen.reserveCapacity(decoded.count)
        var decoded = decoded
        for index in decoded.indices {
            var outcome = Swift.Result<Place, SkippedFeature.Reason>.failure(.noName)
            swap(&outcome, &decoded[index])  // moved out, not copied
            switch outcome {
            case .success(let place):
                if seen.insert(place.id).inserted {
                    places.append(place)
                } else {
                    skipped.append(SkippedFeature(index: index, reason: .duplicate(place.id)))
                }
            case .failure(let reason):
                skipped.append(SkippedFeature(index: index, reason: reason))
            }
        }
        return Result(places: places, skipped: skipped)
    }

    /// Each feature decodes on its own, so big files use every core; the
    /// results keep the file's order.
    func decodeInParallel(
        count: Int, _ decode: @Sendable (Int) -> Swift.Result<Place, SkippedFeature.Reason>
    ) -> [Swift
        .Result<Place, SkippedFeature.Reason>]
    {
        ParallelChunks.map(count: count, chunkSize: 1_024, decode)
    }

    func decodeFeature(_ feature: JSONValue) -> Swift.Result<Place, SkippedFeature.Reason> {
        guard case .object = feature, let properties = feature["properties"],
            case .object = properties
        else {
            return .failure(.notAFeature)
        }
        let raw = properties["datasource"]?["raw"]
        guard
            let name = TextHardening.clean(
                text("name", in: properties) ?? text("name", in: raw),
                maximumLength: TextHardening.Limit.name)
        else {
            return .failure(.noName)
        }
        guard let coordinate = position(of: feature, properties: properties) else {
            return .failure(.noPosition)
        }
        guard
            let category = assignedCategory
                ?? category(properties: properties, raw: raw, among: categories)
        else {
            let preset = category(
                properties: properties, raw: raw, among: PlaceCategory.presets, orDefault: false)
            return .failure(.noCategory(outside: preset))
        }
        let providerID = text("place_id", in: properties)
        let id = identity(
            properties: properties, raw: raw, feature: feature, name: name, coordinate: coordinate)
        let contact = properties["contact"]
        var place =
            Place(
                id: id,
                name: name,
                category: category,
                coordinate: coordinate,
                address: address(properties: properties, raw: raw, name: name),
                openingHours: TextHardening.clean(
                    text("opening_hours", in: properties) ?? text("opening_hours", in: raw),
                    maximumLength: TextHardening.Limit.openingHours),
                phone: TextHardening.clean(
                    text("phone", in: contact) ?? text("phone", "contact:phone", in: raw),
                    maximumLength: TextHardening.Limit.phone),
                website: WebsiteAddress.normalized(
                    text("website", in: properties)
                        ?? text("website", "contact:website", "url", in: raw)),
                email: TextHardening.clean(
                    text("email", in: contact) ?? text("email", "contact:email", in: raw),
                    maximumLength: 200),
                providerID: providerID.flatMap { TextHardening.clean($0, maximumLength: 300) },
                traits: traits(properties: properties, raw: raw)
            )
        place.names = names(properties: properties, raw: raw, name: name)
        return .success(place)
    }

    /// The first of `keys` that `object` has as text (a number reads as its digits).
    func text(_ keys: String..., in object: JSONValue?) -> String? {
        for key in keys {
            if let value = object?[key]?.looseString { return value }
        }
        return nil
    }
}
