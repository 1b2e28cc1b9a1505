internal import CLibXML2

/// What every use of libxml2 (the sanitiser's HTML parse, the XML readers) needs once per process.
enum LibXML2 {
    /// `xmlInitParser` must run once before threads parse concurrently (its
    /// lazy call inside the parser is not thread-safe in 2.9). A `static let`
    /// initialiser runs exactly once, guarded by the runtime.
    /// `xmlCleanupParser` is never called: other threads may still be parsing.
    static let initialized: Bool = {
        xmlInitParser()
        return true
    }()
}
