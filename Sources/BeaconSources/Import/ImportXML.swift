import BeaconSystem

/// How the import reads XML (KML, GPX, OpenStreetMap XML): libxml2's reader (`XMLEventReader`), in
/// the encoding the file declares, no DOCTYPE that declares anything (so no entity can expand),
/// nesting kept shallow; its errors made into the import's.
enum ImportXML {
    /// My Maps nests Document, Folder, Placemark, MultiGeometry, Point: a few levels; GPX fewer.
    static let maximumDepth = 100
    /// A name, a time or a position is short; more of it than this is not kept.
    static let shortTextBytes = 4_096
    /// A description is cut to `TextHardening.Limit.comment` characters later; this is room for
    /// that.
    static let longTextBytes = 64 << 10

    /// `body` run over a reader of `bytes`; `what` names the format in a message ("KML").
    package static func read<Value>(
        _ bytes: [UInt8], what: String, _ body: (XMLEventReader) throws(XMLReadError) -> Value
    ) throws(ImportError.Reason) -> Value {
        do throws(XMLReadError) {
            return try XMLEventReader.read(bytes, maximumDepth: maximumDepth, body)
        } catch {
            throw reason(error, what: what)
        }
    }

    /// The import's reason for a reader's error.
    static func reason(_ error: XMLReadError, what: String) -> ImportError.Reason {
        switch error.kind {
        case .declaresEntities: .declaresEntities
        case .notUTF8(let offset, let byte): .invalidUTF8(offset: offset, byte: byte)
        case .malformed:
            error.isTooDeep
                ? .nestedTooDeep(what: what, detail: error.description)
                : .malformed(what: what, detail: error.description)
        }
    }

}
