import BeaconSystem

/// How the import reads XML (KML, GPX): the shared scanner, strict about DOCTYPEs (none that declares
/// anything is read, so no entity can expand) and nesting, its errors made into the import's.
enum ImportXML {
    /// My Maps nests Document, Folder, Placemark, MultiGeometry, Point: a few levels; GPX fewer.
    static let maximumDepth = 100
    /// A name, a time or a position is short; more of it than this is not kept.
    static let shortTextBytes = 4_096
    /// A description is cut to `TextHardening.Limit.comment` characters later; this is room for that.
    static let longTextBytes = 64 << 10

    /// `body` run over a scanner of `bytes`; `what` names the format in a message ("KML").
    static func scan<Value>(
        _ bytes: [UInt8], what: String, _ body: (inout XMLScanner) throws(XMLScanError) -> Value
    ) throws(ImportError.Reason) -> Value {
        let outcome: Result<Value, XMLScanError> = XMLScanner.withScanner(
            over: bytes, maximumDepth: maximumDepth, refusesInternalSubset: true
        ) { scanner in
            guard var reading = scanner else {
                return .failure(XMLScanError(message: "ingen elementer", line: 1, column: 1))
            }
            do throws(XMLScanError) {
                return .success(try body(&reading))
            } catch {
                return .failure(error)
            }
        }
        switch outcome {
        case .success(let value):
            return value
        case .failure(let error):
            if error.declaresEntities { throw .declaresEntities }
            throw error.isTooDeep
                ? .nestedTooDeep(what: what, detail: error.description)
                : .malformed(what: what, detail: error.description)
        }
    }

    /// The current element's name without its namespace prefix, and the prefix (`gx` of `gx:Track`).
    static func name(_ scanner: XMLScanner) -> (prefix: String?, local: String) {
        let full = scanner.text(scanner.name)
        guard let colon = full.lastIndex(of: ":") else { return (nil, full) }
        return (String(full[..<colon]), String(full[full.index(after: colon)...]))
    }

    /// The current element's attribute `name`, references decoded.
    static func attribute(_ scanner: XMLScanner, _ name: StaticString) throws(XMLScanError) -> String? {
        guard let attribute = scanner.attribute(name) else { return nil }
        return try scanner.string(attribute)
    }
}
