import BeaconHTML
import BeaconText
import FoundationEssentials

/// A place's website as the data gives it, made into an address a page may
/// link to (the scheme rules are `SafeURL`'s).
package enum WebsiteAddress {
    /// A website from place data: http(s) only, a host required; a bare
    /// "www.example.no" (common in OpenStreetMap) gets "https://" in front.
    package static func normalized(_ text: String?) -> String? {
        if let text, let fast = plainHTTPURL(text) { return fast }
        guard var candidate = TextHardening.clean(text, maximumLength: TextHardening.Limit.url),
            !candidate.containsBytes(" ")
        else { return nil }
        if SafeURL.effectiveScheme(of: candidate) == nil {
            guard candidate.containsBytes("."), !candidate.hasPrefix("/"), !candidate.hasPrefix(".") else { return nil }
            candidate = "https://" + candidate
        }
        guard let href = SafeURL.href(candidate, allowed: [.http, .https], allowRelative: false),
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
        if text.hasPrefix("https://") {
            scheme = 8
        } else if text.hasPrefix("http://") {
            scheme = 7
        } else {
            return nil
        }
        let bytes = text.utf8.span
        guard bytes.count > scheme, bytes.count <= TextHardening.Limit.url else { return nil }
        var hostLength = 0
        var inHost = true
        for index in scheme..<bytes.count {
            let byte = bytes[index]
            guard byte > 0x20, byte < 0x7F, byte != 0x22, byte != 0x27, byte != 0x5C, byte != 0x3C, byte != 0x3E
            else { return nil }
            if inHost {
                if byte == 0x2F || byte == 0x3F || byte == 0x23 {
                    inHost = false
                    continue
                }
                let isHostByte =
                    (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A)
                    || (byte >= 0x30 && byte <= 0x39) || byte == 0x2D || byte == 0x2E
                guard isHostByte else { return nil }
                hostLength += 1
            }
        }
        return hostLength > 0 ? text : nil
    }
}
