import BeaconHTML
import BeaconText
import FoundationEssentials

/// A place's website as the data gives it, made into an address a page may
/// link to (the scheme rules are `SafeURL`'s). The same rules wherever a website
/// is read: `place add|edit --website`, imports, places files, the store.
package enum WebsiteAddress {
    /// Why a text is no website a page links to.
    package enum Refusal: Error, Equatable {
        /// Not http(s) with a host.
        case notHTTP
        /// A user name or password before the host (`https://user:pw@host/`): no place's page needs
        /// one, and `https://bank.example@evil.example/` reads as another host than it is.
        case userInfo
        /// A character no URL has unescaped (RFC 3986): a space, `"`, `<`, `>`, `\`, `^`, `` ` ``,
        /// `{`, `|`, `}`.
        case character(Character)

        /// What is wrong, after «Nettsiden» («the website»).
        package var words: String {
            switch self {
            case .notHTTP: "må være en http- eller https-adresse"
            case .userInfo: "kan ikke ha brukernavn eller passord foran vertsnavnet"
            case .character(" "): "har et mellomrom, som ikke kan stå i en nettadresse"
            case .character(let character):
                "har tegnet «\(character)», som ikke kan stå i en nettadresse"
            }
        }
    }

    /// A website from place data: http(s) only, a host required; a bare
    /// "www.example.no" (common in OpenStreetMap) gets "https://" in front.
    package static func normalized(_ text: String?) -> String? {
        if let text, let fast = plainHTTPURL(text) { return fast }
        guard case .success(let address) = checked(text) else { return nil }
        return address
    }

    /// The address `text` makes, or why it makes none.
    package static func checked(_ text: String?) -> Result<String, Refusal> {
        if let text, let fast = plainHTTPURL(text) { return .success(fast) }
        guard var candidate = TextHardening.clean(text, maximumLength: TextHardening.Limit.url)
        else {
            return .failure(.notHTTP)
        }
        if let character = candidate.first(where: { $0.asciiValue.map(isNeverInURLs) ?? false }) {
            return .failure(.character(character))
        }
        if SafeURL.effectiveScheme(of: candidate) == nil {
            guard candidate.containsBytes("."), !candidate.hasPrefix("/"), !candidate.hasPrefix(".")
            else {
                return .failure(.notHTTP)
            }
            candidate = "https://" + candidate
        }
        guard let href = SafeURL.href(candidate, allowed: [.http, .https], allowRelative: false),
            let components = URLComponents(string: href),
            let host = components.host, !host.isEmpty,
            components.scheme?.lowercased() == "http" || components.scheme?.lowercased() == "https"
        else { return .failure(.notHTTP) }
        guard components.user == nil, components.password == nil, !authority(of: href).contains("@")
        else {
            return .failure(.userInfo)
        }
        return .success(href)
    }

    /// The part between the scheme's "//" and the path, query or fragment.
    private static func authority(of href: String) -> Substring {
        guard let colon = href.firstIndex(of: ":") else { return "" }
        let rest = href[href.index(after: colon)...].drop { $0 == "/" || $0 == "\\" }
        return rest.prefix { $0 != "/" && $0 != "\\" && $0 != "?" && $0 != "#" }
    }

    /// Printable ASCII that RFC 3986 lets no URL hold unescaped (controls are cleaned away before).
    private static func isNeverInURLs(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x20, 0x22, 0x3C, 0x3E, 0x5C, 0x5E, 0x60, 0x7B, 0x7C, 0x7D: true
        default: false
        }
    }

    /// "https://host/path" made only of printable ASCII that a URL may hold, without quotes or
    /// backslashes, with a host of letters, digits, dots and hyphens: accepted without the cost of
    /// URLComponents.
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
            guard byte > 0x20, byte < 0x7F, byte != 0x27, !isNeverInURLs(byte) else { return nil }
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
