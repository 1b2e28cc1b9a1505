/// RFC 4180 records over UTF-8 bytes: fields split at commas, quoted fields with commas, doubled
/// quotes and line breaks inside, rows ending in CRLF, LF or CR, a byte order mark skipped. Lenient
/// where a spreadsheet is (a quote inside an unquoted field is kept as it is), but bounded: a row
/// of more than `maximumColumns` fields or a field longer than `maximumFieldBytes` is not a list
/// anyone exported, and is refused before it fills the memory.
struct CSVRecords {
    enum Failure: Error, Equatable {
        case tooManyColumns(row: Int)
        case fieldTooLong(row: Int)
        case unterminatedQuote(row: Int)
    }

    /// A Google Maps list has five columns; a spreadsheet saved as CSV rarely has a hundred.
    static let maximumColumns = 1_000
    /// A note in Google Maps is at most a few thousand characters.
    static let maximumFieldBytes = 1 << 20

    private let bytes: [UInt8]
    private var index = 0
    /// Records read so far: the number of the last one, counted from 1.
    private(set) var row = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
    }

    /// The next record's fields, or nil at the end.
    mutating func next() throws(Failure) -> [String]? {
        guard index < bytes.count else { return nil }
        row += 1
        var fields: [String] = []
        var field: [UInt8] = []
        while true {
            if index < bytes.count, bytes[index] == UInt8(ascii: "\"") {
                try readQuoted(into: &field)
            }
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: ",") || byte == 0x0A || byte == 0x0D { break }
                field.append(byte)
                index += 1
                if field.count > CSVRecords.maximumFieldBytes { throw .fieldTooLong(row: row) }
            }
            fields.append(String(decoding: field, as: UTF8.self))
            field.removeAll(keepingCapacity: true)
            guard index < bytes.count else { return fields }
            let byte = bytes[index]
            index += 1
            if byte == UInt8(ascii: ",") {
                guard fields.count < CSVRecords.maximumColumns else {
                    throw .tooManyColumns(row: row)
                }
                continue
            }
            if byte == 0x0D, index < bytes.count, bytes[index] == 0x0A { index += 1 }
            return fields
        }
    }

    /// A field in quotes, from its opening quote through the closing one; `""` is one quote.
    private mutating func readQuoted(into field: inout [UInt8]) throws(Failure) {
        index += 1
        while true {
            // The closing quote is looked for only as far as the field may reach.
            let reach = min(bytes.count, index + CSVRecords.maximumFieldBytes - field.count + 1)
            guard let quote = bytes[index..<reach].firstIndex(of: UInt8(ascii: "\"")) else {
                throw reach < bytes.count ? .fieldTooLong(row: row) : .unterminatedQuote(row: row)
            }
            field.append(contentsOf: bytes[index..<quote])
            index = quote + 1
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return }
            field.append(UInt8(ascii: "\""))
            index += 1
        }
    }
}
