/// Why XML could not be read, in Norwegian, with the line (and the column, where libxml2 gives
/// one).
package struct XMLReadError: Error, Equatable, Sendable {
    package enum Kind: Equatable, Sendable {
        /// Not well-formed, cut short, nested too deep, an encoding that cannot be read.
        case malformed
        /// A DOCTYPE that declares entities or other markup: refused before any of it is used,
        /// whatever else is wrong (an XML bomb, an external entity).
        case declaresEntities
        /// Text read as UTF-8 (none other declared) that is not: the first bad byte, after `offset`
        /// good ones.
        case notUTF8(offset: Int, byte: UInt8)
    }

    package var kind: Kind
    package var message: String
    package var line: Int
    package var column: Int?

    package init(_ kind: Kind = .malformed, message: String, line: Int, column: Int? = nil) {
        self.kind = kind
        self.message = message
        self.line = line
        self.column = column
    }

    /// What libxml2's and our own depth limits say: kept apart from a damaged file (nothing is cut
    /// off).
    package static let tooDeepMessage = "for dyp nøsting"

    package var isTooDeep: Bool { kind == .malformed && message == Self.tooDeepMessage }

    package var description: String {
        let place = column.map { "linje \(line), kolonne \($0)" } ?? "linje \(line)"
        return "\(place): \(message)"
    }
}
