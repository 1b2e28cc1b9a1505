import BeaconText

/// An absolute web address the settings accept (`baseURL`, a tile provider's template): it goes
/// into every page, the sitemap, robots.txt and, as an origin, the pages' policy, so it is held to
/// what a browser and a search engine read the same way: printable ASCII without spaces, quotes,
/// angle brackets or backslashes (other characters percent-encoded), a scheme it names, a host of
/// letters, digits, dots and hyphens (an international name in its xn-- form) or an IPv4 address, a
/// valid port, and no user name or password.
package struct SettingsAddress: Sendable, Equatable {
    /// "https://tiles.example.org" or "http://localhost:8080": scheme, host and a port other than
    /// the scheme's own.
    package var origin: String
    package var hasQueryOrFragment: Bool

    package struct Problem: Error, Equatable {
        /// "må være en https-adresse": what a message says after the setting's name.
        package var reason: String
    }

    package static func parse(_ text: String, schemes: [String], maximumLength: Int) -> Result<
        SettingsAddress, Problem
    > {
        func problem(_ reason: String) -> Result<SettingsAddress, Problem> {
            .failure(Problem(reason: reason))
        }
        guard text.utf8.count <= maximumLength else {
            return problem("er for lang (høyst \(maximumLength) tegn)")
        }
        let forbidden = Set("\"'<>\\`".unicodeScalars)
        guard
            text.unicodeScalars.allSatisfy({
                $0.value > 0x20 && $0.value < 0x7F && !forbidden.contains($0)
            })
        else {
            return problem(
                "kan ikke inneholde mellomrom, kontrolltegn, anførselstegn, <, >, \\ eller tegn utenfor ASCII (prosentkod dem)"
            )
        }
        let lowered = text.lowercased()
        guard let scheme = schemes.first(where: { lowered.hasPrefix($0 + "://") }) else {
            return problem(
                schemes == ["https"]
                    ? "må være en https-adresse" : "må være en http- eller https-adresse")
        }
        let rest = text.dropFirst(scheme.count + 3)
        let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        guard !authority.containsBytes("@") else {
            return problem("kan ikke inneholde brukernavn eller passord")
        }
        var host = Substring(authority)
        var port: Int?
        if let colon = authority.lastIndex(of: ":") {
            host = authority[..<colon]
            let digits = authority[authority.index(after: colon)...]
            guard !digits.isEmpty, digits.count <= 5,
                digits.allSatisfy({ $0.isASCII && $0.isNumber }),
                let number = Int(digits), (1...65535).contains(number)
            else {
                return problem("har et ugyldig portnummer")
            }
            port = number
        }
        guard !host.isEmpty, host.count <= 253,
            host.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "." || $0 == "-") }
            ),
            !host.hasPrefix("."), !host.hasPrefix("-"), !host.containsBytes("..")
        else {
            return problem(
                "må ha ett vertsnavn (som tiles.example.org; {s} og andre plassholdere går ikke i vertsnavnet)"
            )
        }
        let defaultPort = scheme == "https" ? 443 : 80
        let origin =
            scheme + "://" + host.lowercased()
            + (port.map { $0 == defaultPort ? "" : ":\($0)" } ?? "")
        let tail = rest.dropFirst(authority.count)
        return .success(
            SettingsAddress(
                origin: origin,
                hasQueryOrFragment: tail.containsBytes("?") || tail.containsBytes("#")))
    }
}
