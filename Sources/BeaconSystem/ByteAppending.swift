/// Appending text's bytes in one copy each, for the writers of pages and data
/// that build output byte by byte (the HTML buffer, its escaping).
extension Array where Element == UInt8 {
    /// Appends the bytes of a literal (a tag name, an escape).
    @inlinable
    public mutating func append(_ literal: StaticString) {
        literal.withUTF8Buffer { unsafe self.append(contentsOf: $0) }
    }

    /// Appends bytes `range` of `text`'s UTF-8 (a run between two escapes).
    @inlinable
    public mutating func append(utf8Of text: String, _ range: Range<Int>) {
        var text = text
        text.withUTF8 { unsafe self.append(contentsOf: UnsafeBufferPointer(rebasing: $0[range])) }
    }

    /// Appends `value`'s 4 bytes, least significant first (a binary file's field).
    @inlinable
    public mutating func append(littleEndian value: UInt32) {
        unsafe Swift.withUnsafeBytes(of: value.littleEndian) { unsafe self.append(contentsOf: $0) }
    }

    /// Appends `value`'s 8 bytes, least significant first (a binary file's field).
    @inlinable
    public mutating func append(littleEndian value: UInt64) {
        unsafe Swift.withUnsafeBytes(of: value.littleEndian) { unsafe self.append(contentsOf: $0) }
    }
}
