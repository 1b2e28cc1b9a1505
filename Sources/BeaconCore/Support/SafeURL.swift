import Foundation

/// The one place that decides which links from outside may appear on a page.
/// A link survives only with an allowed scheme after the tricks browsers
/// forgive are undone: whitespace and control characters inside the scheme,
/// mixed case. (Entities are decoded by the HTML parser before this sees them.)
public enum SafeURL {
    public enum Scheme: String, Sendable {
        case http, https, mailto
    }

    /// The scheme of `text` as a browser would read it, lower-cased; nil for a relative reference.
    public static func effectiveScheme(of text: String) -> String? {
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

    /// `text` as an href when its scheme is allowed or it is relative; nil otherwise.
    /// Relative references are refused unless `allowRelative`.
    public static func href(_ text: String, allowed: Set<Scheme> = [.http, .https, .mailto], allowRelative: Bool = true) -> String? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty, !trimmed.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else { return nil }
        guard let scheme = effectiveScheme(of: trimmed) else {
            // "//host/x" (and the backslash forms browsers accept) is an absolute
            // link to another host with the page's scheme.
            let isProtocolRelative = ["//", "\\\\", "/\\", "\\/"].contains { trimmed.hasPrefix($0) }
            if isProtocolRelative { return allowed.contains(.https) && allowed.contains(.http) ? trimmed : nil }
            return allowRelative ? trimmed : nil
        }
        guard let allowedScheme = Scheme(rawValue: scheme), allowed.contains(allowedScheme) else { return nil }
        return trimmed
    }

    /// A website from place data: http(s) only, a host required; a bare
    /// "www.example.no" (common in OpenStreetMap) gets "https://" in front.
    public static func website(_ text: String?) -> String? {
        if let text, let fast = plainHTTPURL(text) { return fast }
        guard var candidate = TextHardening.clean(text, maximumLength: TextHardening.Limit.url), !candidate.contains(" ") else { return nil }
        if effectiveScheme(of: candidate) == nil {
            guard candidate.contains("."), !candidate.hasPrefix("/"), !candidate.hasPrefix(".") else { return nil }
            candidate = "https://" + candidate
        }
        guard let href = href(candidate, allowed: [.http, .https], allowRelative: false),
              let components = URLComponents(string: href),
              let host = components.host, !host.isEmpty,
              components.scheme?.lowercased() == "http" || components.scheme?.lowercased() == "https"
        else { return nil }
        return href
    }

    /// "https://host/path" made only of printable ASCII without spaces, quotes
    /// or backslashes, with a host: accepted without the cost of URLComponents.
    static func plainHTTPURL(_ text: String) -> String? {
        let scheme: Int
        if text.hasPrefix("https://") { scheme = 8 } else if text.hasPrefix("http://") { scheme = 7 } else { return nil }
        var text = text
        return text.withUTF8 { bytes -> Bool in
            guard bytes.count > scheme, bytes.count <= TextHardening.Limit.url else { return false }
            var hostLength = 0
            var inHost = true
            for (index, byte) in bytes.enumerated() where index >= scheme {
                guard byte > 0x20, byte < 0x7F, byte != 0x22, byte != 0x27, byte != 0x5C, byte != 0x3C, byte != 0x3E else { return false }
                if inHost {
                    if byte == 0x2F || byte == 0x3F || byte == 0x23 { inHost = false; continue }
                    let isHostByte = (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39) || byte == 0x2D || byte == 0x2E
                    guard isHostByte else { return false }
                    hostLength += 1
                }
            }
            return hostLength > 0
        } ? text : nil
    }

    /// The digits of a phone number for a `tel:` link ("+47 22 12 34 56" → "+4722123456").
    public static func telephoneHref(_ phone: String) -> String? {
        let first = phone.split(whereSeparator: { $0 == ";" || $0 == "," || $0 == "/" }).first.map(String.init) ?? phone
        var digits = ""
        for character in first {
            if character.isASCII, character.isNumber { digits.append(character) }
            else if character == "+", digits.isEmpty { digits.append(character) }
        }
        let count = digits.filter(\.isNumber).count
        guard count >= 3, count <= 20 else { return nil }
        return "tel:" + digits
    }

    /// Percent-encodes a query value (RFC 3986 unreserved characters kept).
    public static func queryValue(_ text: String) -> String {
        let hex: [UInt8] = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count * 3)
        for byte in text.utf8 {
            let unreserved = (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39)
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
