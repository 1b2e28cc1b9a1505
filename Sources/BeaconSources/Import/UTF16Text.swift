/// Text that says its encoding with a UTF-16 byte order mark, decoded to tell what it is: XML in
/// UTF-16 is read (libxml2 converts it), but its root element is found in the decoded text.
enum UTF16Text {
    /// The text after a UTF-16 byte order mark (either order), units that do not decode replaced;
    /// nil without one.
    static func decoded(_ bytes: [UInt8]) -> String? {
        let littleEndian: Bool
        if bytes.starts(with: [0xFF, 0xFE]) {
            littleEndian = true
        } else if bytes.starts(with: [0xFE, 0xFF]) {
            littleEndian = false
        } else {
            return nil
        }
        var units: [UInt16] = []
        units.reserveCapacity(bytes.count / 2)
        var index = 2
        while index + 1 < bytes.count {
            let (low, high) =
                littleEndian ? (bytes[index], bytes[index + 1]) : (bytes[index + 1], bytes[index])
            units.append(UInt16(high) << 8 | UInt16(low))
            index += 2
        }
        return String(decoding: units, as: UTF16.self)
    }
}
