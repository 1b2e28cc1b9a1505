internal import CLibXML2

/// XML as a stream of events, read by libxml2's streaming `xmlTextReader`: the files sitegen reads
/// (OpenStreetMap XML for the basemap; KML, GPX and OSM XML for `sitegen import`) are read element
/// by element, no tree kept, in any encoding libxml2 knows (a declaration's, a byte order mark's),
/// converted to UTF-8.
///
/// Read as hostile: no network (`XML_PARSE_NONET`), no entity substituted (`XML_PARSE_NOENT` is
/// off), no external DTD or entity loaded (`XML_PARSE_DTDLOAD` off), no XInclude, and libxml2's own
/// limits kept (`XML_PARSE_HUGE` off: 256 levels, 10 MB in one text). A DOCTYPE that declares
/// anything at all is an error of its own (`XMLReadError.Kind.declaresEntities`), refused when
/// libxml2 hands over the DOCTYPE, before a declaration is used; a bare `<!DOCTYPE kml>` is read
/// past. An entity reference is an error: only the five predefined entities and character
/// references are text.
///
/// Created only by `read(_:maximumDepth:_:)`, and only valid inside it: libxml2 reads the caller's
/// bytes in place.
@safe package final class XMLEventReader {
    package enum Event: Equatable, Sendable {
        /// An element begins: `name` and the attributes describe it until the next event. A
        /// self-closing one (`<a/>`) has no `.end`.
        case start(selfClosing: Bool)
        /// An element ends; `name` is its name.
        case end
        /// Text or a CDATA section (`text` holds it); whitespace between elements is not reported.
        case text
    }

    /// The nesting libxml2 itself allows without `XML_PARSE_HUGE`.
    package static let libraryDepthLimit = 256

    /// The element level of the last start or end event: the root is 1.
    package private(set) var depth = 0
    private let maximumDepth: Int
    /// Whether the text was too long to hand to libxml2 at all (2 GB).
    private let isTooLarge: Bool
    private let reader: OpaquePointer?
    private let errors: XMLErrorCollector
    private(set) var currentNode: UnsafeMutablePointer<xmlNode>?
    private var isOpen = true

    private init(
        reader: OpaquePointer?, errors: XMLErrorCollector, maximumDepth: Int, isTooLarge: Bool
    ) {
        unsafe self.reader = unsafe reader
        self.isTooLarge = isTooLarge
        self.errors = errors
        self.maximumDepth = maximumDepth
    }

    /// Runs `body` with a reader over `bytes`. Elements nested deeper than `maximumDepth` are an
    /// error (`for dyp nøsting`); libxml2 stops at 256 in any case.
    package static func read<Result, Failure: Error>(
        _ bytes: [UInt8], maximumDepth: Int = libraryDepthLimit,
        _ body: (XMLEventReader) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        _ = LibXML2.initialized
        return try unsafe bytes.withUnsafeBufferPointer { buffer throws(Failure) -> Result in
            let errors = unsafe XMLErrorCollector(input: buffer)
            return try errors.collecting { () throws(Failure) -> Result in
                // libxml2 takes the size as an Int32; the callers refuse far smaller files before
                // reading.
                let reader = unsafe buffer.withMemoryRebound(to: CChar.self) {
                    chars -> OpaquePointer? in
                    guard let size = Int32(exactly: chars.count) else { return nil }
                    return unsafe xmlReaderForMemory(chars.baseAddress, size, nil, nil, options)
                }
                let events = unsafe XMLEventReader(
                    reader: reader, errors: errors, maximumDepth: maximumDepth,
                    isTooLarge: buffer.count > Int32.max)
                defer { events.close() }
                return try body(events)
            }
        }
    }

    /// Quiet and closed to the outside; `XML_PARSE_COMPACT` keeps short texts inside their nodes,
    /// `XML_PARSE_BIG_LINES` counts lines past 65,535 for messages.
    private static let options = Int32(
        bitPattern: XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue
            | XML_PARSE_NOWARNING.rawValue
            | XML_PARSE_COMPACT.rawValue | XML_PARSE_BIG_LINES.rawValue)

    private func close() {
        guard isOpen else { return }
        isOpen = false
        unsafe currentNode = nil
        if let reader = unsafe reader { unsafe xmlFreeTextReader(reader) }
    }

    // MARK: Events

    /// The next start, end or text; nil at the end of the document.
    package func next() throws(XMLReadError) -> Event? {
        while let type = try step() {
            switch type {
            case XML_READER_TYPE_ELEMENT.rawValue:
                return .start(selfClosing: unsafe xmlTextReaderIsEmptyElement(reader) == 1)
            case XML_READER_TYPE_END_ELEMENT.rawValue:
                return .end
            case XML_READER_TYPE_TEXT.rawValue, XML_READER_TYPE_CDATA.rawValue:
                return .text
            default:
                continue
            }
        }
        return nil
    }

    /// What the element that just began (`.start(selfClosing: false)`) holds, read through its end
    /// tag: text and CDATA as text, comments and processing instructions left out. A child
    /// element's tags are kept when `keepingMarkup` (a description written as XHTML rather than
    /// escaped), else only its text. Bytes past `maximumBytes` are read but not kept.
    package func content(keepingMarkup: Bool = false, maximumBytes: Int = 1 << 20)
        throws(XMLReadError) -> String
    {
        let outer = depth
        var bytes: [UInt8] = []
        func keep(_ more: some Collection<UInt8>) {
            let room = maximumBytes - bytes.count
            if room > 0 { bytes.append(contentsOf: more.prefix(room)) }
        }
        while let type = try step() {
            switch type {
            case XML_READER_TYPE_TEXT.rawValue, XML_READER_TYPE_CDATA.rawValue,
                XML_READER_TYPE_WHITESPACE.rawValue,
                XML_READER_TYPE_SIGNIFICANT_WHITESPACE.rawValue:
                unsafe withValue { unsafe keep($0) }
            case XML_READER_TYPE_ELEMENT.rawValue where keepingMarkup:
                keep(startTag(selfClosing: unsafe xmlTextReaderIsEmptyElement(reader) == 1))
            case XML_READER_TYPE_END_ELEMENT.rawValue:
                if depth == outer { return String(decoding: bytes, as: UTF8.self) }
                if keepingMarkup { keep("</\(name)>".utf8) }
            default:
                continue
            }
        }
        throw failure("teksten slutter før </\(name)>")
    }

    /// Reads past the element that just began (`.start(selfClosing: false)`), whatever it holds.
    package func skipElement() throws(XMLReadError) {
        let outer = depth
        while let type = try step() {
            if type == XML_READER_TYPE_END_ELEMENT.rawValue, depth == outer { return }
        }
    }

    /// One node further: its type, or nil at the end. Every fault is thrown here, libxml2's first.
    private func step() throws(XMLReadError) -> UInt32? {
        precondition(isOpen, "XMLEventReader used outside XMLEventReader.read")
        guard let reader = unsafe reader else {
            throw failure(isTooLarge ? "teksten er over 2 GB" : "ingen elementer", line: 1)
        }
        let status = unsafe xmlTextReaderRead(reader)
        if let first = errors.first { throw located(first) }
        guard status == 1 else {
            unsafe currentNode = nil
            if status == 0 { return nil }
            throw failure("XML-en kan ikke leses")
        }
        unsafe currentNode = unsafe xmlTextReaderCurrentNode(reader)
        let type = UInt32(bitPattern: unsafe xmlTextReaderNodeType(reader))
        switch type {
        case XML_READER_TYPE_ELEMENT.rawValue, XML_READER_TYPE_END_ELEMENT.rawValue:
            depth = Int(unsafe xmlTextReaderDepth(reader)) + 1
            if depth > maximumDepth { throw failure(XMLReadError.tooDeepMessage) }
        case XML_READER_TYPE_ENTITY_REFERENCE.rawValue:
            throw failure("ukjent referanse &\(name);")
        case XML_READER_TYPE_DOCUMENT_TYPE.rawValue:
            let dtd = unsafe currentNode.map {
                unsafe UnsafeMutableRawPointer($0).assumingMemoryBound(to: xmlDtd.self)
            }
            if unsafe XMLErrorCollector.declares(dtd) {
                throw failure(
                    XMLReadError(
                        .declaresEntities, message: "DOCTYPE med egne erklæringer", line: 0))
            }
        default:
            break
        }
        return type
    }

    // MARK: Errors

    private func failure(_ message: String, line: Int? = nil) -> XMLReadError {
        failure(XMLReadError(message: message, line: line ?? 0))
    }

    /// `error`, noted as the document's (so a later call throws it again), with the current line.
    private func failure(_ error: XMLReadError) -> XMLReadError {
        errors.note(located(error))
        return errors.first ?? error
    }

    /// Reports made without a parser (an encoding's) and the reader's own have no line: the node's,
    /// else where the parser is.
    private func located(_ error: XMLReadError) -> XMLReadError {
        guard error.line <= 0 else { return error }
        var located = error
        if let node = unsafe currentNode, unsafe xmlGetLineNo(node) > 0 {
            located.line = unsafe xmlGetLineNo(node)
        } else if let reader = unsafe reader {
            located.line = max(1, Int(unsafe xmlTextReaderGetParserLineNumber(reader)))
        } else {
            located.line = 1
        }
        return located
    }
}
