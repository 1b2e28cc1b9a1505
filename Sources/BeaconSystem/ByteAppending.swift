/// Appending text's bytes in one copy each, for the writers of pages and data
/// that build output byte by byte (the HTML buffer, its escaping).
extension Array where Element == UInt8 {
    /// Appends the bytes of a literal (a tag name, an escape).
    @inlinable
    public mutating func append(_ literal: StaticString) {
        literal.withUTF8Buffer { unsafe self.append(contentsOf: $0) }
    }

    /// Appends the literals one after another with one check of the capacity and of uniqueness: the
    /// pieces of a tag (`</`, its name, `>`), which the HTML buffer writes for every element of
    /// 100,000 pages.
    @inlinable
    public mutating func append(
        _ first: StaticString, _ second: StaticString, _ third: StaticString
    ) {
        let total = first.utf8CodeUnitCount + second.utf8CodeUnitCount + third.utf8CodeUnitCount
        append(addingCapacity: total) { out in
            unsafe out.withUnsafeMutableBufferPointer { buffer, count in
                unsafe Self.copy(first, into: buffer, at: &count)
                unsafe Self.copy(second, into: buffer, at: &count)
                unsafe Self.copy(third, into: buffer, at: &count)
            }
        }
    }

    /// The same with five literals (`<`, a tag name, ` class="`, the class, `">`).
    @inlinable
    public mutating func append(
        _ first: StaticString, _ second: StaticString, _ third: StaticString,
        _ fourth: StaticString,
        _ fifth: StaticString
    ) {
        let total =
            first.utf8CodeUnitCount + second.utf8CodeUnitCount + third.utf8CodeUnitCount
            + fourth.utf8CodeUnitCount + fifth.utf8CodeUnitCount
        append(addingCapacity: total) { out in
            unsafe out.withUnsafeMutableBufferPointer { buffer, count in
                unsafe Self.copy(first, into: buffer, at: &count)
                unsafe Self.copy(second, into: buffer, at: &count)
                unsafe Self.copy(third, into: buffer, at: &count)
                unsafe Self.copy(fourth, into: buffer, at: &count)
                unsafe Self.copy(fifth, into: buffer, at: &count)
            }
        }
    }

    /// Copies `literal` into `buffer` from `count` on, which it advances; the buffer has room for
    /// it.
    @inlinable
    static func copy(
        _ literal: StaticString, into buffer: UnsafeMutableBufferPointer<UInt8>, at count: inout Int
    ) {
        literal.withUTF8Buffer { source in
            let end = unsafe UnsafeMutableBufferPointer(rebasing: buffer[count...]).initialize(
                fromContentsOf: source)
            count += end
        }
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
