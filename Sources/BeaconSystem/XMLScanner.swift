import Glibc

/// A pull scanner over XML as the files sitegen reads are written: OpenStreetMap's
/// (the API's map call, osmium, JOSM, Overpass) for the basemap, and KML and GPX
/// for `sitegen import`. Element by element, attributes as byte ranges, no tree.
/// Strict where a fault would change what is read (a tag broken off, an unknown
/// entity, an end tag that does not match, the text cut short), and without what
/// these formats never use: namespaces are left to the reader (a name is read with
/// its prefix), encodings other than UTF-8 are not decoded, and a DTD's entities
/// are never expanded: only the five predefined ones and character references are
/// known, so no declaration can make the text grow (the «billion laughs» bomb).
/// With `refusesInternalSubset` a DOCTYPE that declares anything at all is an
/// error of its own (`XMLScanError.declaresEntities`). libxml2 is the
/// sanitiser's, behind the trust boundary.
@safe package struct XMLScanner {
    package enum Event: Equatable {
        /// An element begins; `name` and `attributes` describe it until the next event.
        case start(selfClosing: Bool)
        /// An element ends; `name` is its name.
        case end
    }

    package struct Attribute {
        package var name: Range<Int>
        package var value: Range<Int>
        /// Whether the value holds an entity or character reference to decode.
        var hasReference: Bool
    }

    /// OSM XML nests four deep (osm, relation, member, nd); anything far deeper is not OSM data.
    static let osmMaximumDepth = 32

    let base: UnsafePointer<UInt8>
    let count: Int
    /// Elements open at once beyond this are an error (the readers recurse on nothing, but a
    /// million open elements is not a document anyone wrote).
    let maximumDepth: Int
    /// Whether a DOCTYPE with an internal subset (`<!DOCTYPE x [ … ]>`) is refused rather than read past.
    let refusesInternalSubset: Bool
    private(set) var index = 0
    /// The current element's name.
    package private(set) var name: Range<Int> = 0..<0
    private(set) var attributes: [Attribute] = []
    /// The names of the open elements, outermost first.
    private var open: [Range<Int>] = []
    private var sawRoot = false

    package init(
        base: UnsafePointer<UInt8>, count: Int, maximumDepth: Int = XMLScanner.osmMaximumDepth,
        refusesInternalSubset: Bool = false
    ) {
        unsafe self.base = unsafe base
        self.count = count
        self.maximumDepth = maximumDepth
        self.refusesInternalSubset = refusesInternalSubset
        if count >= 3, unsafe base[0] == 0xEF, unsafe base[1] == 0xBB, unsafe base[2] == 0xBF { index = 3 }
    }

    package var depth: Int { open.count }

    // MARK: Events

    package mutating func next() throws(XMLScanError) -> Event? {
        while true {
            let textStart = index
            guard let tagStart = find(UInt8(ascii: "<"), from: index) else {
                index = count
                if let innermost = open.last { throw error("teksten slutter før </\(text(innermost))>") }
                if !sawRoot { throw error("ingen elementer") }
                try requireWhitespace(textStart..<count)
                return nil
            }
            if open.isEmpty { try requireWhitespace(textStart..<tagStart) }
            index = tagStart
            if startsWith("<!--") {
                try skip(past: "-->", what: "kommentaren")
            } else if startsWith("<?") {
                try skip(past: "?>", what: "prosesseringsinstruksjonen")
            } else if startsWith("<![CDATA[") {
                guard !open.isEmpty else { throw error("CDATA utenfor rotelementet") }
                try skip(past: "]]>", what: "CDATA-blokken")
            } else if startsWith("<!DOCTYPE") {
                guard !sawRoot else { throw error("DOCTYPE etter rotelementet") }
                try skipDoctype()
            } else if index + 1 < count, unsafe base[index + 1] == UInt8(ascii: "!") {
                // A comment, CDATA or DOCTYPE cut short, or markup OSM XML does not use.
                let cutOff = isCutShort("<!--") || isCutShort("<![CDATA[") || isCutShort("<!DOCTYPE")
                throw error(cutOff ? "teksten slutter for tidlig" : "ukjent «<!»", at: cutOff ? count : index)
            } else if startsWith("</") {
                try scanEndTag()
                return .end
            } else {
                return .start(selfClosing: try scanStartTag())
            }
        }
    }

    /// The text up to the next tag, references decoded (what `<remark>` says).
    package mutating func text() throws(XMLScanError) -> String {
        let end = find(UInt8(ascii: "<"), from: index) ?? count
        var hasReference = false
        var position = index
        while position < end {
            if unsafe base[position] == UInt8(ascii: "&") {
                hasReference = true
                position = try reference(at: position).end
            } else {
                position += 1
            }
        }
        let range = index..<end
        index = end
        return try decode(range, hasReference: hasReference)
    }

    /// What the element that just began (`.start(selfClosing: false)`) holds, read through its
    /// end tag: text with references decoded and CDATA as it stands, comments and processing
    /// instructions left out. A child element's tags are kept as written when `keepingMarkup`
    /// (a description written as XHTML rather than escaped), else only its text. Bytes past
    /// `maximumBytes` are read but not kept.
    package mutating func content(keepingMarkup: Bool = false, maximumBytes: Int = 1 << 20) throws(XMLScanError)
        -> String
    {
        let outer = open.count
        var bytes: [UInt8] = []
        func keep(_ range: Range<Int>) {
            let room = maximumBytes - bytes.count
            guard room > 0 else { return }
            unsafe bytes.append(
                contentsOf: UnsafeBufferPointer(start: base + range.lowerBound, count: min(room, range.count)))
        }
        while true {
            guard let tagStart = find(UInt8(ascii: "<"), from: index) else {
                index = count
                throw error("teksten slutter før </\(text(open.last ?? name))>")
            }
            if tagStart > index {
                let decoded = try decodedBytes(index..<tagStart)
                if bytes.count < maximumBytes { bytes.append(contentsOf: decoded.prefix(maximumBytes - bytes.count)) }
            }
            index = tagStart
            if startsWith("<!--") {
                try skip(past: "-->", what: "kommentaren")
            } else if startsWith("<?") {
                try skip(past: "?>", what: "prosesseringsinstruksjonen")
            } else if startsWith("<![CDATA[") {
                try skip(past: "]]>", what: "CDATA-blokken")
                keep(tagStart + 9..<index - 3)
            } else if startsWith("</") {
                try scanEndTag()
                if open.count < outer { return String(decoding: bytes, as: UTF8.self) }
                if keepingMarkup { keep(tagStart..<index) }
            } else if index + 1 < count, unsafe base[index + 1] == UInt8(ascii: "!") {
                let cutOff = isCutShort("<!--") || isCutShort("<![CDATA[")
                throw error(cutOff ? "teksten slutter for tidlig" : "ukjent «<!»", at: cutOff ? count : index)
            } else {
                _ = try scanStartTag()
                if keepingMarkup { keep(tagStart..<index) }
            }
        }
    }

    /// Reads past the element that just began, whatever it holds (an extension the reader does not know).
    package mutating func skipElement() throws(XMLScanError) {
        let outer = open.count
        while let event = try next() {
            if event == .end, open.count < outer { return }
        }
    }

    private mutating func scanEndTag() throws(XMLScanError) {
        index += 2
        let name = try scanName()
        skipWhitespace()
        guard index < count, unsafe base[index] == UInt8(ascii: ">") else { throw error("forventet «>»") }
        index += 1
        guard let innermost = open.last else { throw error("</\(text(name))> uten et åpent element") }
        guard equal(innermost, name) else {
            throw error("</\(text(name))> der </\(text(innermost))> var ventet")
        }
        open.removeLast()
        self.name = name
    }

    private mutating func scanStartTag() throws(XMLScanError) -> Bool {
        index += 1
        if open.isEmpty && sawRoot { throw error("mer enn ett rotelement") }
        name = try scanName()
        attributes.removeAll(keepingCapacity: true)
        while true {
            let hadSpace = skipWhitespace()
            guard index < count else { throw error("teksten slutter inne i <\(text(name))>") }
            switch unsafe base[index] {
            case UInt8(ascii: ">"):
                index += 1
                open.append(name)
                if open.count > maximumDepth { throw error(XMLScanError.tooDeepMessage) }
                sawRoot = true
                return false
            case UInt8(ascii: "/"):
                guard index + 1 < count, unsafe base[index + 1] == UInt8(ascii: ">") else {
                    throw error("forventet «/>»", at: index + 1)
                }
                index += 2
                sawRoot = true
                return true
            default:
                guard hadSpace else { throw error("forventet mellomrom før attributtet") }
                try scanAttribute()
            }
        }
    }

    private mutating func scanAttribute() throws(XMLScanError) {
        let name = try scanName()
        skipWhitespace()
        guard index < count, unsafe base[index] == UInt8(ascii: "=") else {
            throw error("forventet «=» etter \(text(name))")
        }
        index += 1
        skipWhitespace()
        guard index < count, unsafe base[index] == UInt8(ascii: "\"") || base[index] == UInt8(ascii: "'") else {
            throw error("attributtet \(text(name)) mangler anførselstegn")
        }
        let quote = unsafe base[index]
        index += 1
        let start = index
        var hasReference = false
        while true {
            guard index < count else { throw error("attributtet \(text(name)) slutter aldri") }
            let byte = unsafe base[index]
            if byte == quote { break }
            if byte == UInt8(ascii: "<") { throw error("«<» i attributtet \(text(name))") }
            if byte == UInt8(ascii: "&") {
                hasReference = true
                index = try reference(at: index).end
            } else {
                index += 1
            }
        }
        attributes.append(Attribute(name: name, value: start..<index, hasReference: hasReference))
        index += 1
    }

    private mutating func scanName() throws(XMLScanError) -> Range<Int> {
        let start = index
        while index < count, unsafe XMLScanner.isNameByte(base[index], first: index == start) { index += 1 }
        guard index > start else { throw error("forventet et navn") }
        return start..<index
    }

    /// Letters, `_` and `:` (and any byte of a non-ASCII character) begin a name; digits, `-` and `.` go on it.
    private static func isNameByte(_ byte: UInt8, first: Bool) -> Bool {
        switch byte {
        case 0x80...0xFF, UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "_"), UInt8(ascii: ":"):
            return true
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."):
            return !first
        default:
            return false
        }
    }

    private mutating func skipDoctype() throws(XMLScanError) {
        // An internal subset may hold «>» inside its brackets.
        var inSubset = false
        while index < count {
            switch unsafe base[index] {
            case UInt8(ascii: "["):
                if refusesInternalSubset {
                    var refusal = error("DOCTYPE med egne erklæringer")
                    refusal.declaresEntities = true
                    throw refusal
                }
                inSubset = true
            case UInt8(ascii: "]"): inSubset = false
            case UInt8(ascii: ">") where !inSubset:
                index += 1
                return
            default: break
            }
            index += 1
        }
        throw error("DOCTYPE slutter aldri")
    }

    // MARK: Attributes

    package func attribute(_ name: StaticString) -> Attribute? {
        attributes.first { equal($0.name, name) }
    }

    package func isName(_ literal: StaticString) -> Bool { equal(name, literal) }

    package func string(_ attribute: Attribute) throws(XMLScanError) -> String {
        try decode(attribute.value, hasReference: attribute.hasReference)
    }

    /// A decimal number (`59.9143`, `-0.5`, `1e-3`); nil for anything else.
    package func double(_ attribute: Attribute) -> Double? {
        if attribute.hasReference { return (try? string(attribute)).flatMap { Double($0) } }
        let range = attribute.value
        var position = range.lowerBound
        var negative = false
        if position < range.upperBound, unsafe base[position] == UInt8(ascii: "-") {
            negative = true
            position += 1
        }
        var mantissa: UInt64 = 0
        var digits = 0
        var fractionDigits = 0
        var seenPoint = false
        while position < range.upperBound {
            let byte = unsafe base[position]
            if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
                mantissa = mantissa &* 10 &+ UInt64(byte - UInt8(ascii: "0"))
                digits += 1
                if seenPoint { fractionDigits += 1 }
            } else if byte == UInt8(ascii: "."), !seenPoint {
                seenPoint = true
            } else {
                break
            }
            position += 1
        }
        guard digits > 0 else { return nil }
        if position == range.upperBound, digits <= 15 {
            // Exact: both numbers are whole doubles, and one division rounds once (as strtod does).
            let value = Double(mantissa) / XMLScanner.powersOfTen[fractionDigits]
            return negative ? -value : value
        }
        return slowDouble(range)
    }

    private static let powersOfTen: [Double] = (0...15).map { exponent in
        var value = 1.0
        for _ in 0..<exponent { value *= 10 }
        return value
    }

    /// Long mantissas and exponents, through strtod on a copy (the value is not NUL-terminated).
    private func slowDouble(_ range: Range<Int>) -> Double? {
        guard range.count <= 64 else { return nil }
        var copy = [CChar](repeating: 0, count: range.count + 1)
        for offset in 0..<range.count {
            let byte = unsafe base[range.lowerBound + offset]
            let allowed =
                byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") || byte == UInt8(ascii: ".")
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "e")
                || byte == UInt8(ascii: "E")
            guard allowed else { return nil }
            copy[offset] = CChar(bitPattern: byte)
        }
        return unsafe copy.withUnsafeBufferPointer { buffer -> Double? in
            var end: UnsafeMutablePointer<CChar>?
            let value = unsafe strtod(buffer.baseAddress!, &end)
            guard let end = unsafe end, unsafe buffer.baseAddress!.distance(to: UnsafePointer(end)) == range.count
            else { return nil }
            return value
        }
    }

    /// A whole number that fits in 64 bits (OSM ids; JOSM's new objects are negative); nil for anything else.
    package func int64(_ attribute: Attribute) -> Int64? {
        let range = attribute.value
        var position = range.lowerBound
        var negative = false
        if position < range.upperBound, unsafe base[position] == UInt8(ascii: "-") {
            negative = true
            position += 1
        }
        guard position < range.upperBound else { return nil }
        var value: Int64 = 0
        while position < range.upperBound {
            let byte = unsafe base[position]
            guard byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") else { return nil }
            let (times10, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times10.addingReportingOverflow(Int64(byte - UInt8(ascii: "0")))
            guard !overflow1 && !overflow2 else { return nil }
            value = sum
            position += 1
        }
        return negative ? -value : value
    }

    // MARK: References

    /// The five entities and numeric references: what `&…;` at `position` stands for, and where it ends.
    private func reference(at position: Int) throws(XMLScanError) -> (scalar: Unicode.Scalar, end: Int) {
        guard let semicolon = find(UInt8(ascii: ";"), from: position + 1, within: 12) else {
            let cutOff = count - position <= 12
            throw error("«&» uten en gyldig referanse (skriv &amp;)", at: cutOff ? count : position)
        }
        let body = position + 1..<semicolon
        let entities: [(StaticString, Unicode.Scalar)] = [
            ("amp", "&"), ("lt", "<"), ("gt", ">"), ("quot", "\""), ("apos", "'"),
        ]
        for (name, scalar) in entities where equal(body, name) { return (scalar, semicolon + 1) }
        guard body.count >= 2, unsafe base[body.lowerBound] == UInt8(ascii: "#") else {
            throw error("ukjent referanse &\(text(body));", at: position)
        }
        var digits = body.dropFirst()
        var radix: UInt32 = 10
        if unsafe base[digits.lowerBound] == UInt8(ascii: "x") {
            radix = 16
            digits = digits.dropFirst()
        }
        var value: UInt32 = 0
        for offset in digits {
            let byte = unsafe base[offset]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f") where radix == 16: digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F") where radix == 16: digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw error("ugyldig tegnreferanse &\(text(body));", at: position)
            }
            value = value * radix + digit
            guard value <= 0x10FFFF else { throw error("ugyldig tegnreferanse &\(text(body));", at: position) }
        }
        guard !digits.isEmpty, value != 0, let scalar = Unicode.Scalar(value) else {
            throw error("ugyldig tegnreferanse &\(text(body));", at: position)
        }
        return (scalar, semicolon + 1)
    }

    /// The bytes of `range` with their references decoded.
    private func decodedBytes(_ range: Range<Int>) throws(XMLScanError) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(range.count)
        var position = range.lowerBound
        while position < range.upperBound {
            guard let ampersand = find(UInt8(ascii: "&"), from: position, within: range.upperBound - position) else {
                unsafe bytes.append(
                    contentsOf: UnsafeBufferPointer(start: base + position, count: range.upperBound - position))
                break
            }
            unsafe bytes.append(contentsOf: UnsafeBufferPointer(start: base + position, count: ampersand - position))
            let (scalar, end) = try reference(at: ampersand)
            UTF8.encode(scalar) { bytes.append($0) }
            position = end
        }
        return bytes
    }

    private func decode(_ range: Range<Int>, hasReference: Bool) throws(XMLScanError) -> String {
        let buffer = unsafe UnsafeBufferPointer(start: base + range.lowerBound, count: range.count)
        guard hasReference else { return unsafe String(decoding: buffer, as: UTF8.self) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(range.count)
        var position = range.lowerBound
        while position < range.upperBound {
            if unsafe base[position] == UInt8(ascii: "&") {
                let (scalar, end) = try reference(at: position)
                UTF8.encode(scalar) { bytes.append($0) }
                position = end
            } else {
                unsafe bytes.append(base[position])
                position += 1
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    // MARK: Bytes

    private func find(_ byte: UInt8, from start: Int, within limit: Int? = nil) -> Int? {
        guard start < count else { return nil }
        let length = min(count - start, limit ?? count)
        guard let found = unsafe memchr(base + start, Int32(byte), length) else { return nil }
        return unsafe UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found))
    }

    private func startsWith(_ literal: StaticString) -> Bool {
        let length = literal.utf8CodeUnitCount
        guard index + length <= count else { return false }
        return unsafe memcmp(base + index, literal.utf8Start, length) == 0
    }

    /// Whether the text ends within `literal`, which begins at the index.
    private func isCutShort(_ literal: StaticString) -> Bool {
        let rest = count - index
        return unsafe rest < literal.utf8CodeUnitCount && memcmp(base + index, literal.utf8Start, rest) == 0
    }

    private mutating func skip(past literal: StaticString, what: String) throws(XMLScanError) {
        let length = literal.utf8CodeUnitCount
        var position = index + 2
        while let candidate = unsafe find(literal.utf8Start[0], from: position) {
            if candidate + length <= count, unsafe memcmp(base + candidate, literal.utf8Start, length) == 0 {
                index = candidate + length
                return
            }
            position = candidate + 1
        }
        throw error("\(what) slutter aldri")
    }

    @discardableResult
    private mutating func skipWhitespace() -> Bool {
        let start = index
        while index < count,
            unsafe base[index] == 0x20 || base[index] == 0x0A || base[index] == 0x0D || base[index] == 0x09
        {
            index += 1
        }
        return index > start
    }

    private func requireWhitespace(_ range: Range<Int>) throws(XMLScanError) {
        for position in range {
            let byte = unsafe base[position]
            guard byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 else {
                throw error("tekst utenfor rotelementet", at: position)
            }
        }
    }

    private func equal(_ a: Range<Int>, _ b: Range<Int>) -> Bool {
        unsafe a.count == b.count && memcmp(base + a.lowerBound, base + b.lowerBound, a.count) == 0
    }

    private func equal(_ range: Range<Int>, _ literal: StaticString) -> Bool {
        unsafe range.count == literal.utf8CodeUnitCount
            && memcmp(base + range.lowerBound, literal.utf8Start, range.count) == 0
    }

    /// Up to 40 bytes of `range`, for messages.
    package func text(_ range: Range<Int>) -> String {
        unsafe String(
            decoding: UnsafeBufferPointer(start: base + range.lowerBound, count: min(range.count, 40)), as: UTF8.self)
    }

    func error(_ message: String, at position: Int? = nil) -> XMLScanError {
        let position = min(position ?? index, count)
        var line = 1
        var column = 1
        for offset in 0..<position {
            if unsafe base[offset] == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if unsafe base[offset] & 0xC0 != 0x80 {
                column += 1
            }
        }
        // Cut off mid-tag, the grammar's complaint ("forventet «=»") hides the cause.
        let cutOff = position >= count && !message.contains("slutter")
        return XMLScanError(
            message: cutOff ? "teksten slutter for tidlig (\(message))" : message, line: line, column: column)
    }
}

extension XMLScanner {
    /// Runs `body` with a scanner over `bytes`, nil when there are none. The scanner lends `bytes`' storage: it
    /// must not outlive `body`.
    package static func withScanner<Result, Failure: Error>(
        over bytes: [UInt8], maximumDepth: Int = XMLScanner.osmMaximumDepth, refusesInternalSubset: Bool = false,
        _ body: (inout XMLScanner?) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try unsafe bytes.withUnsafeBufferPointer { buffer throws(Failure) in
            var scanner = unsafe buffer.baseAddress.map {
                unsafe XMLScanner(
                    base: $0, count: buffer.count, maximumDepth: maximumDepth,
                    refusesInternalSubset: refusesInternalSubset)
            }
            return try body(&scanner)
        }
    }
}

/// Why XML could not be read, with where.
package struct XMLScanError: Error, Equatable {
    var message: String
    var line: Int
    var column: Int
    /// A DOCTYPE declares entities or other markup, refused before anything is read (`refusesInternalSubset`).
    package var declaresEntities = false

    package init(message: String, line: Int, column: Int, declaresEntities: Bool = false) {
        self.message = message
        self.line = line
        self.column = column
        self.declaresEntities = declaresEntities
    }

    package var description: String { "linje \(line), kolonne \(column): \(message)" }

    /// The message for nesting past the scanner's `maximumDepth`: the text is whole, only too deep to read.
    package static let tooDeepMessage = "for dyp nøsting"
    /// Whether the text was refused for its nesting rather than for being broken or cut off.
    package var isTooDeep: Bool { message == Self.tooDeepMessage }
}
