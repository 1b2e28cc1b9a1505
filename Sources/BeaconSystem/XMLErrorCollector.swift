internal import CLibXML2

/// What libxml2 reports while an `XMLEventReader` reads, taken from the thread's error callbacks
/// (so nothing is printed): the first report that stops the reading, as an `XMLReadError`. libxml2
/// goes on reading after a fault in its own way, so later reports only echo the first.
///
/// A report comes with the parser's state, which tells what the bare message does not: whether the
/// document's DOCTYPE declared anything (then that is the error, whatever libxml2 tripped over
/// while using the declarations), and whether the text stops before its elements close (libxml2
/// says «Extra content at the end of the document» for a file cut off in the middle).
@safe final class XMLErrorCollector {
    /// The document's bytes, read only for what a report leaves out; they outlive the collector.
    private let input: UnsafeBufferPointer<UInt8>
    private let inputCount: Int
    private(set) var first: XMLReadError?

    init(input: UnsafeBufferPointer<UInt8>) {
        unsafe self.input = unsafe input
        inputCount = input.count
    }

    /// Runs `body` with libxml2's structured errors coming here and its generic ones (which it
    /// prints) going nowhere, then puts back the thread's handlers. Both are thread-local in
    /// libxml2 2.9 built with threads (as Debian's is): other threads' parsing is not disturbed.
    func collecting<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure)
        -> Result
    {
        let savedHandler = unsafe __xmlStructuredError().pointee
        let savedContext = unsafe __xmlStructuredErrorContext().pointee
        var genericContext: UnsafeMutableRawPointer?
        let savedGeneric = unsafe clibxml2_generic_errors_off(&genericContext)
        unsafe xmlSetStructuredErrorFunc(
            Unmanaged.passUnretained(self).toOpaque(), XMLErrorCollector.callback)
        defer {
            unsafe xmlSetStructuredErrorFunc(savedContext, savedHandler)
            unsafe clibxml2_generic_errors_restore(savedGeneric, genericContext)
        }
        return try body()
    }

    /// An error the reader itself found (nesting, an entity reference, a declaring DOCTYPE), unless
    /// libxml2 reported one first.
    func note(_ error: XMLReadError) {
        if first == nil { first = error }
    }

    private static let callback: xmlStructuredErrorFunc = { context, error in
        guard let context = unsafe context, let error = unsafe error else { return }
        let collector = unsafe Unmanaged<XMLErrorCollector>.fromOpaque(context)
            .takeUnretainedValue()
        unsafe collector.take(error)
    }

    private func take(_ error: UnsafeMutablePointer<xmlError>) {
        guard first == nil else { return }
        let (domain, code) = unsafe (
            UInt32(bitPattern: error.pointee.domain), UInt32(bitPattern: error.pointee.code)
        )
        // Namespace faults (a prefix never declared) do not stop the reading; an entity nobody
        // declared is a warning when the DOCTYPE names an external DTD, which is never loaded, so
        // it is as unknown as any.
        let isWarning = unsafe error.pointee.level == XML_ERR_WARNING
        guard domain != XML_FROM_NAMESPACE.rawValue,
            !isWarning || code == XML_WAR_UNDECLARED_ENTITY.rawValue
        else { return }
        let parser =
            domain == XML_FROM_PARSER.rawValue
            ? unsafe error.pointee.ctxt?.assumingMemoryBound(to: xmlParserCtxt.self) : nil
        let line = unsafe Int(error.pointee.line)
        let column = unsafe error.pointee.int2 > 0 ? Int(error.pointee.int2) : nil
        if let parser = unsafe parser,
            unsafe XMLErrorCollector.declares(parser.pointee.myDoc?.pointee.intSubset)
        {
            first = XMLReadError(
                .declaresEntities, message: "DOCTYPE med egne erklæringer", line: line)
            return
        }
        let report = unsafe LibXML2ErrorText.Report(
            domain: domain, code: code, text: XMLErrorCollector.string(error.pointee.message),
            str1: error.pointee.str1.map { unsafe String(cString: $0) },
            str2: error.pointee.str2.map { unsafe String(cString: $0) })
        var message = LibXML2ErrorText.message(report)
        var kind = XMLReadError.Kind.malformed
        if let parser = unsafe parser {
            let offset = unsafe xmlByteConsumed(parser)
            let open = unsafe parser.pointee.nameNr
            if stopsShort(after: offset, code: code, openElements: open) {
                let name = LibXML2ErrorText.shown(
                    unsafe XMLErrorCollector.string(parser.pointee.name))
                if !message.contains("slutter") {
                    message =
                        open > 0
                        ? "teksten slutter før </\(name ?? "")>" : "teksten slutter for tidlig"
                }
            } else if code == XML_ERR_DOCUMENT_END.rawValue, open == 0, offset >= 0 {
                // No root at all, a second one, or text after it.
                let next = unsafe input[min(offset, inputCount)...].first {
                    ![0x20, 0x0A, 0x0D, 0x09].contains($0)
                }
                message =
                    next == nil
                    ? "ingen elementer"
                    : next == UInt8(ascii: "<")
                        ? "mer enn ett rotelement" : "tekst utenfor rotelementet"
            } else if code == XML_ERR_INVALID_CHAR.rawValue, message == "ikke gyldig UTF-8",
                offset >= 0,
                offset < inputCount
            {
                kind = unsafe .notUTF8(offset: offset, byte: input[offset])
            }
        }
        first = XMLReadError(kind, message: message, line: line, column: column)
    }

    private static func string(_ text: UnsafePointer<CChar>?) -> String {
        unsafe text.map { unsafe String(cString: $0) } ?? ""
    }

    private static func string(_ text: UnsafePointer<xmlChar>?) -> String? {
        unsafe text.map { unsafe String(cString: $0) }
    }

    /// Whether the fault is that the text ends: nothing after where libxml2 stopped closes a tag. A
    /// document whose root has closed and holds more is not cut off, however that more ends.
    private func stopsShort(after offset: Int, code: UInt32, openElements: Int32) -> Bool {
        guard offset >= 0, offset <= inputCount else { return false }
        if code == XML_ERR_DOCUMENT_END.rawValue, openElements == 0 { return false }
        return unsafe !input[offset...].contains(UInt8(ascii: ">"))
    }

    /// Whether a DOCTYPE's internal subset declares anything: entities (general or parameter),
    /// elements, attributes, notations, or holds anything else at all.
    static func declares(_ dtd: UnsafeMutablePointer<xmlDtd>?) -> Bool {
        guard let dtd = unsafe dtd else { return false }
        return unsafe dtd.pointee.entities != nil || dtd.pointee.pentities != nil
            || dtd.pointee.elements != nil
            || dtd.pointee.attributes != nil || dtd.pointee.notations != nil
            || dtd.pointee.children != nil
    }
}
