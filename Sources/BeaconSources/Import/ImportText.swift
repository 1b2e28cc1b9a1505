import BeaconModel
import BeaconText

/// The cleaning every import reader applies to what it takes from a file, so that each format's
/// reader says only where a field is, not how it is made safe.
enum ImportText {
    /// OSM keys are short; an ExtendedData name longer than this is not a field name.
    static let maximumTagKeyLength = 100
    static let maximumTagValueLength = 1_000
    /// Tags kept per place (OSM elements have a few dozen at most).
    static let maximumTags = 200

    static func name(_ text: String?) -> String? {
        TextHardening.clean(text, maximumLength: TextHardening.Limit.name)
    }

    static func address(_ text: String?) -> String? {
        TextHardening.clean(text, maximumLength: TextHardening.Limit.address)
    }

    static func title(_ text: String?) -> String? {
        TextHardening.clean(text, maximumLength: TextHardening.Limit.title)
    }

    // MARK: Notes

    /// HTML as the file gives it (a KML description): trimmed and cut to the limit, nothing else;
    /// the sanitiser decides later what of it a page shows.
    static func noteHTML(html text: String?) -> String? {
        guard let text = text?.trimmingWhitespace(), !text.isEmpty else { return nil }
        return TextHardening.truncate(text, to: TextHardening.Limit.comment)
    }

    /// Plain text (a CSV note, a GPX description) as HTML: `& < > "` escaped, paragraphs at blank
    /// lines (`<p>`), single line breaks kept (`<br>`), each line cleaned of controls and runs of
    /// spaces. The whole HTML fits the limit; text that does not is cut with «…».
    static func noteHTML(plain text: String?) -> String? {
        guard let text else { return nil }
        var paragraphs: [[String]] = [[]]
        for line in text.split(
            omittingEmptySubsequences: false,
            whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" })
        {
            if let cleaned = TextHardening.clean(String(line), maximumLength: Int.max) {
                paragraphs[paragraphs.count - 1].append(cleaned)
            } else if !paragraphs[paragraphs.count - 1].isEmpty {
                paragraphs.append([])
            }
        }
        if paragraphs.last?.isEmpty == true { paragraphs.removeLast() }
        guard !paragraphs.isEmpty else { return nil }
        let limit = TextHardening.Limit.comment
        // Room kept for what closes a cut note: «…</p>».
        let closing = 5
        var html = ""
        var used = 0
        func append(_ piece: String, length: Int) -> Bool {
            guard used + length + closing <= limit else { return false }
            html += piece
            used += length
            return true
        }
        paragraphLoop: for paragraph in paragraphs {
            guard append("<p>", length: 3) else { break }
            for (number, line) in paragraph.enumerated() {
                if number > 0, !append("<br>", length: 4) {
                    html += "…</p>"
                    break paragraphLoop
                }
                for character in line {
                    let escaped = escaped(character)
                    if !append(escaped, length: escaped.count) {
                        html += "…</p>"
                        break paragraphLoop
                    }
                }
            }
            html += "</p>"
            used += 4
        }
        return html
    }

    private static func escaped(_ character: Character) -> String {
        switch character {
        case "&": "&amp;"
        case "<": "&lt;"
        case ">": "&gt;"
        case "\"": "&quot;"
        default: String(character)
        }
    }

    /// Two notes of one place (a CSV's Note and Comment, a GPX desc and cmt) as one text, each
    /// once.
    static func joined(_ first: String?, _ second: String?) -> String? {
        let parts = [first, second].compactMap { $0?.trimmingWhitespace() }.filter { !$0.isEmpty }
        guard let head = parts.first else { return nil }
        return parts.count == 2 && parts[1] != head ? head + "\n\n" + parts[1] : head
    }

    // MARK: Addresses on the web

    /// A Google Maps address or website that a page may link to: http(s) with a host. Characters
    /// outside ASCII (Google writes `?q=寿司+銀座` as it is) are percent-encoded first, as a browser
    /// would; anything the website rules refuse is nil, and only the address is lost, not the
    /// place.
    static func webAddress(_ text: String?) -> String? {
        guard let text = text?.trimmingWhitespace(), !text.isEmpty else { return nil }
        var encoded: [UInt8] = []
        encoded.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            if byte >= 0x80 || byte == 0x20 {
                encoded.append(UInt8(ascii: "%"))
                encoded.append(hexDigit(byte >> 4))
                encoded.append(hexDigit(byte & 0x0F))
            } else {
                encoded.append(byte)
            }
        }
        return WebsiteAddress.normalized(String(decoding: encoded, as: UTF8.self))
    }

    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "A") + value - 10
    }

    /// The place's name as a Google Maps address carries it: the search (`?q=Caf%C3%A9+X`,
    /// `query=`) or the place path (`/maps/place/Caf%C3%A9+X/…`); nil when it holds only a position
    /// or an id.
    static func nameInGoogleMapsURL(_ url: String?) -> String? {
        guard let url else { return nil }
        let bytes = Array(url.utf8)
        let end = bytes.firstIndex(of: UInt8(ascii: "#")) ?? bytes.count
        if let question = bytes[..<end].firstIndex(of: UInt8(ascii: "?")) {
            for pair in bytes[question + 1..<end].split(separator: UInt8(ascii: "&")) {
                let key = pair.prefix { $0 != UInt8(ascii: "=") }
                guard key.elementsEqual("q".utf8) || key.elementsEqual("query".utf8) else {
                    continue
                }
                let value = pair.dropFirst(key.count + 1)
                if let name = ImportText.name(percentDecoded(value)), !looksLikePosition(name) {
                    return name
                }
            }
        }
        let marker = Array("/maps/place/".utf8)
        if let found = bytes[..<end].firstRange(of: marker) {
            let segment = bytes[found.upperBound..<end].prefix {
                $0 != UInt8(ascii: "/") && $0 != UInt8(ascii: "?")
            }
            if let name = ImportText.name(percentDecoded(segment)), !looksLikePosition(name) {
                return name
            }
        }
        return nil
    }

    /// `%XX` decoded and `+` as a space, as a query is written; a `%` without two hex digits stays.
    private static func percentDecoded(_ bytes: ArraySlice<UInt8>) -> String {
        var decoded: [UInt8] = []
        decoded.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%"), index + 2 < bytes.endIndex,
                let high = URLPath.hexValue(bytes[index + 1]),
                let low = URLPath.hexValue(bytes[index + 2])
            {
                decoded.append(high << 4 | low)
                index += 3
                continue
            }
            decoded.append(byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte)
            index += 1
        }
        return String(decoding: decoded, as: UTF8.self)
    }

    /// "59.9219,10.7601": a dropped pin's search, not a name.
    private static func looksLikePosition(_ text: String) -> Bool {
        text.contains(",")
            && text.allSatisfy { $0.isASCII && ($0.isNumber || ".,-+ ".contains($0)) }
    }

    // MARK: Dates and positions

    /// The day of an ISO 8601 time ("2019-05-01T10:00:00Z" → 2019-05-01), as written (no zone
    /// conversion).
    static func date(_ text: String?) -> CalendarDate? {
        guard let text = text?.trimmingWhitespace(), text.utf8.count >= 10 else { return nil }
        return CalendarDate(iso: String(text.prefix(10)))
    }

    /// What a file's position turned out to be.
    enum Position: Equatable {
        /// No position given.
        case none
        case valid(Coordinate)
        /// Given, but not on Earth: out of range, not finite, not a number.
        case invalid
    }

    static func position(latitude: Double?, longitude: Double?) -> Position {
        guard let latitude, let longitude else { return .invalid }
        let coordinate = Coordinate(latitude: latitude, longitude: longitude)
        return coordinate.isValid ? .valid(coordinate) : .invalid
    }

    // MARK: OpenStreetMap

    /// Tags cleaned as the rest: keys short and on one line, values on one line, a bounded number
    /// of them.
    static func tags(_ pairs: [(key: String, value: String)]) -> [String: String] {
        var tags: [String: String] = [:]
        for (key, value) in pairs {
            guard tags.count < maximumTags,
                let key = TextHardening.clean(key, maximumLength: maximumTagKeyLength),
                let value = TextHardening.clean(value, maximumLength: maximumTagValueLength)
            else { continue }
            tags[key] = value
        }
        return tags
    }

    /// "Storgata 1, 0155 Oslo" from `addr:*` tags (or `addr:full`), in the order of `addr:country`
    /// ("2 Lothian Road, Edinburgh EH1 2DU"), else of `guideCountry`; nil without a street or
    /// place.
    static func address(osmTags tags: [String: String], guideCountry: String? = nil) -> String? {
        if let full = tags["addr:full"] { return address(full) }
        guard let street = tags["addr:street"] ?? tags["addr:place"] else { return nil }
        let country = AddressStyle.countryCode(tags["addr:country"])
        return address(
            PostalAddress(
                street: street, houseNumber: tags["addr:housenumber"],
                postcode: tags["addr:postcode"],
                city: tags["addr:city"], country: country,
                state: AddressStyle.stateCode(
                    given: tags["addr:state"], in: country ?? guideCountry),
                writtenAsIn: guideCountry
            ).singleLine)
    }

    /// A website from the tags OSM keeps one in.
    static func website(osmTags tags: [String: String]) -> String? {
        webAddress(tags["website"] ?? tags["contact:website"] ?? tags["url"])
    }

    /// "node/123" from "node/123" itself, or a type ("node", "way", "relation", or their initials
    /// N/W/R) and a positive number; nil for anything else.
    static func osmID(type: String?, id: String?) -> String? {
        guard let type, let id else { return nil }
        let kind: String
        switch type.lowercased() {
        case "node", "n": kind = "node"
        case "way", "w": kind = "way"
        case "relation", "r": kind = "relation"
        default: return nil
        }
        guard !id.isEmpty, id.utf8.count <= 19, id.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
            let number = Int64(id), number > 0
        else { return nil }
        return "\(kind)/\(number)"
    }

    static func osmID(_ text: String?) -> String? {
        guard let text, let slash = text.firstIndex(of: "/") else { return nil }
        return osmID(type: String(text[..<slash]), id: String(text[text.index(after: slash)...]))
    }
}
