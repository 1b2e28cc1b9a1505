import BeaconText
import FoundationEssentials

/// The one place that decides which links from outside may appear on a page.
/// A link survives only with an allowed scheme after the tricks browsers
/// forgive are undone: whitespace and control characters inside the scheme,
/// mixed case. (Entities are decoded by the HTML parser before this sees them.)
package enum SafeURL {
    package enum Scheme: String, Sendable {
        case http, https, mailto
    }

    /// The scheme of `text` as a browser would read it, lower-cased; nil for a relative reference.
    package static func effectiveScheme(of text: String) -> String? {
        var scheme = ""
        for scalar in text.unicodeScalars {
            // Browsers strip ASCII tab/newline anywhere and leading C0 controls/space.
            if scalar.value <= 0x20 || scalar.value == 0x7F { continue }
            if scalar == ":" { return scheme.isEmpty ? nil : scheme.lowercased() }
            if scalar == "/" || scalar == "?" || scalar == "#" { return nil }
            scheme.unicodeScalars.append(scalar)
        }
        return nil
    }

    /// `text` as an href when its scheme is allowed or it is relative; nil otherwise. Relative
    /// references are refused unless `allowRelative`. A protocol-relative one (`//host/x`) is made
    /// https: it would take the scheme of wherever the page is opened, and from a disk that is
    /// `file://host/x`, which Windows fetches over SMB (sending the reader's credentials).
    package static func href(
        _ text: String, allowed: Set<Scheme> = [.http, .https, .mailto], allowRelative: Bool = true
    ) -> String? {
        let trimmed = text.trimmingWhitespace()
        guard !trimmed.isEmpty,
            !trimmed.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F })
        else {
            return nil
        }
        guard let scheme = effectiveScheme(of: trimmed) else {
            // "//host/x" (and the backslash forms browsers accept) is an absolute
            // link to another host with the page's scheme: the web's is https.
            let isProtocolRelative = ["//", "\\\\", "/\\", "\\/"].contains { trimmed.hasPrefix($0) }
            if isProtocolRelative {
                return allowed.contains(.https) ? "https://" + trimmed.dropFirst(2) : nil
            }
            return allowRelative ? trimmed : nil
        }
        guard let allowedScheme = Scheme(rawValue: scheme), allowed.contains(allowedScheme) else {
            return nil
        }
        return trimmed
    }

    /// The digits of a phone number for a `tel:` link ("+47 22 12 34 56" → "+4722123456").
    package static func telephoneHref(_ phone: String) -> String? {
        // Nearly every number is ASCII, where each byte is a character: no grapheme breaking.
        guard phone.utf8.allSatisfy({ $0 < 0x80 }) else { return telephoneHrefOfCharacters(phone) }
        var href: [UInt8] = Array("tel:".utf8)
        var digitCount = 0
        var inFirstNumber = false
        for byte in phone.utf8 {
            if byte == UInt8(ascii: ";") || byte == UInt8(ascii: ",") || byte == UInt8(ascii: "/") {
                if inFirstNumber { break } else { continue }
            }
            inFirstNumber = true
            if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
                href.append(byte)
                digitCount += 1
            } else if byte == UInt8(ascii: "+"), href.count == 4 {
                href.append(byte)
            }
        }
        guard digitCount >= 3, digitCount <= 20 else { return nil }
        return String(decoding: href, as: UTF8.self)
    }

    /// `telephoneHref` by characters, for numbers with any non-ASCII text.
    static func telephoneHrefOfCharacters(_ phone: String) -> String? {
        let first =
            phone.split(whereSeparator: { $0 == ";" || $0 == "," || $0 == "/" }).first.map(
                String.init) ?? phone
        var digits = ""
        for character in first {
            if character.isASCII, character.isNumber {
                digits.append(character)
            } else if character == "+", digits.isEmpty {
                digits.append(character)
            }
        }
        let count = digits.filter(\.isNumber).count
        guard count >= 3, count <= 20 else { return nil }
        return "tel:" + digits
    }

    /// Percent-encodes a query value (RFC 3986 unreserved characters kept).
    package static func queryValue(_ text: String) -> String {
        let hex: [UInt8] = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count * 3)
        for byte in text.utf8 {
            let unreserved =
                (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A)
                || (byte >= 0x30 && byte <= 0x39)
                || byte == 0x2D || byte == 0x2E || byte == 0x5F || byte == 0x7E
            if unreserved {
                out.append(byte)
            } else {
                out.append(0x25)
                out.append(hex[Int(byte >> 4)])
                out.append(hex[Int(byte & 0x0F)])
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
