/// A start tag made once, its values escaped then, for an element that every page writes alike (the
/// page's `html` and `main`, the share button): writing it is one copy, where `HTMLBuffer.element`
/// with attributes makes and escapes them again for each of 100,000 pages. Only
/// `HTMLBuffer.element(_:_:)` writes it, and closes the element. Public as that call is, whose
/// parameter it is.
public struct HTMLStartTag: Sendable {
    @usableFromInline let tag: StaticString
    @usableFromInline let bytes: [UInt8]

    package init(
        _ tag: StaticString, _ attributes: KeyValuePairs<StaticString, String?> = [:],
        flags: BooleanAttributes = []
    ) {
        var buffer = HTMLBuffer(capacity: 64)
        buffer.startTag(tag, attributes, flags: flags)
        self.tag = tag
        bytes = buffer.bytes
    }
}
