import BeaconSystem

/// GeoJSON and Overpass JSON, told apart by their members (`"features"`,
/// `"elements"`) in whatever order they come. The top-level object is walked
/// by hand and each feature or element parsed on its own and dropped once
/// read, so a city's answer of tens of megabytes never stands as one tree.
enum BasemapJSONReader {
    package static func read(_ bytes: [UInt8], into collector: inout BasemapCollector)
        throws(BasemapDataError)
    {
        let result: Result<Void, BasemapDataError> = JSONParser.withReader(over: bytes) { reader in
            var walk = Walk(reader: reader)
            do {
                try walk.run(into: &collector)
                return .success(())
            } catch let error as BasemapDataError {
                return .failure(error)
            } catch let error as JSONParseError {
                return .failure(
                    error.isTooDeep
                        ? .nestedTooDeep(walk.format, detail: error.localizedDescription)
                        : .malformed(walk.format, detail: error.localizedDescription))
            } catch {
                return .failure(.malformed(walk.format, detail: "\(error)"))
            }
        }
        try result.get()
    }

    private struct Walk {
        var reader: JSONParser.Reader
        var sawElements = false
        var sawFeatures = false
        var count = 0
        var elements = OSMElements()
        /// The other members, kept for a lone Feature and for saying what the JSON was.
        var others: [(key: String, value: JSONValue)] = []

        var format: BasemapDataFormat {
            sawElements ? .overpassJSON : sawFeatures ? .geoJSON : .json
        }

        mutating func run(into collector: inout BasemapCollector) throws {
            reader.skipWhitespace()
            guard reader.nextByte == UInt8(ascii: "{") else {
                // A top-level array or scalar: still parsed, so that broken JSON is reported as
                // such.
                _ = try reader.parseValue(depth: 0)
                throw BasemapDataError.unexpectedContent("JSON som ikke er et objekt")
            }
            var more = try reader.openObject()
            while more {
                let name = try reader.memberName()
                if name == "elements" && reader.nextByte == UInt8(ascii: "[") {
                    sawElements = true
                    var item = try reader.openArray()
                    while item {
                        try OverpassElement.read(&reader, into: &elements, collector: &collector)
                        count += 1
                        item = try reader.nextItem()
                    }
                } else if name == "features" && reader.nextByte == UInt8(ascii: "[") {
                    sawFeatures = true
                    var item = try reader.openArray()
                    while item {
                        try BasemapGeoJSON.add(try reader.parseValue(depth: 2), to: &collector)
                        count += 1
                        item = try reader.nextItem()
                    }
                } else {
                    others.append((name, try reader.parseValue(depth: 1)))
                }
                more = try reader.nextMember()
            }
            reader.skipWhitespace()
            if reader.index != reader.count {
                throw reader.error("mer innhold etter slutten av JSON-verdien")
            }
            try finish(into: &collector)
        }

        private func member(_ key: String) -> JSONValue? {
            others.first { $0.key == key }?.value
        }

        private mutating func finish(into collector: inout BasemapCollector)
            throws(BasemapDataError)
        {
            // Overpass reports a timeout or lack of memory after the elements it managed.
            if let remark = member("remark")?.looseString, remark.lowercased().contains("error") {
                throw .overpassError(BasemapDataReader.cleanedMessage(remark))
            }
            if sawElements || sawFeatures {
                if count == 0 { throw .noElements(format) }
                elements.assemble(into: &collector)
                return
            }
            let type = member("type")?.looseString
            switch type {
            case "Feature":
                try BasemapGeoJSON.add(.object(others), to: &collector)
            case "FeatureCollection":
                throw .unexpectedContent("en GeoJSON FeatureCollection uten «features»")
            case "Point", "MultiPoint", "LineString", "MultiLineString", "Polygon", "MultiPolygon",
                "GeometryCollection":
                throw .unexpectedContent(
                    "en GeoJSON-geometri (\(type!)) uten OpenStreetMap-tagger, så kartet vet ikke hva den er"
                )
            default:
                throw .unexpectedContent(
                    "JSON, men verken GeoJSON (ingen «features») eller et svar fra Overpass API (ingen «elements»)"
                )
            }
        }
    }
}
