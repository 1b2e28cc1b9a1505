import BeaconText
import FoundationEssentials

/// Keeps the API key out of everything the tool prints or writes. One value,
/// made from the environment once, is applied at each way out: the console
/// (every line), the site writer (every page), the share file, and the
/// client, which redacts each answer's body before anything reads, caches or
/// publishes it (an API that echoes the key in an error must not carry it on).
package struct SecretRedactor: Sendable {
    static let placeholder = "[API-nøkkel]"
    /// Shorter secrets would redact ordinary words.
    static let minimumLength = 4

    /// Longest first, so a secret containing another is replaced whole.
    let secrets: [String]
    private let byteSecrets: [[UInt8]]

    package init(secrets: [String]) {
        var all = Set<String>()
        for secret in secrets {
            for form in [secret, secret.trimmingWhitespace()] where form.utf8.count >= Self.minimumLength {
                all.insert(form)
                // Every form a request can carry it in: as the client encodes it in a query (`GeoapifyClient.encode`,
                // which keeps `-._~:,`), and with every other byte encoded too (as some tools write it).
                let everyOtherByte = URLPath.percentEncoded(form, keepingBytes: Self.isASCIILetterOrDigit)
                for encoded in [GeoapifyClient.encode(form), everyOtherByte] where encoded != form {
                    all.insert(encoded)
                    all.insert(Self.lowercasingEscapes(encoded))
                }
            }
        }
        self.secrets = all.sorted { $0.utf8.count > $1.utf8.count || ($0.utf8.count == $1.utf8.count && $0 < $1) }
        byteSecrets = self.secrets.map { Array($0.utf8) }
    }

    static func isASCIILetterOrDigit(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        default: false
        }
    }

    /// `%2B` as `%2b`: the same byte, as another encoder writes it.
    static func lowercasingEscapes(_ text: String) -> String {
        var result = ""
        var hexLeft = 0
        for character in text {
            if character == "%" {
                hexLeft = 2
                result.append(character)
                continue
            }
            result.append(hexLeft > 0 ? Character(character.lowercased()) : character)
            hexLeft = max(0, hexLeft - 1)
        }
        return result
    }

    /// The key in `GEOAPIFY_API_KEY`, as given and trimmed.
    package static func fromEnvironment(_ environment: [String: String]) -> SecretRedactor {
        SecretRedactor(secrets: environment["GEOAPIFY_API_KEY"].map { [$0] } ?? [])
    }

    package static let none = SecretRedactor(secrets: [])

    package var isEmpty: Bool { secrets.isEmpty }

    package func redact(_ text: String) -> String {
        var result = text
        for secret in secrets where result.contains(secret) {
            result = result.replacingAll(secret, with: Self.placeholder)
        }
        return result
    }

    package func redact(_ bytes: [UInt8]) -> [UInt8] {
        guard !byteSecrets.isEmpty else { return bytes }
        var result = bytes
        for secret in byteSecrets {
            guard let first = result.firstRange(of: secret) else { continue }
            var output: [UInt8] = []
            output.reserveCapacity(result.count)
            output.append(contentsOf: result[..<first.lowerBound])
            output.append(contentsOf: Self.placeholder.utf8)
            var rest = result[first.upperBound...]
            while let next = rest.firstRange(of: secret) {
                output.append(contentsOf: rest[..<next.lowerBound])
                output.append(contentsOf: Self.placeholder.utf8)
                rest = rest[next.upperBound...]
            }
            output.append(contentsOf: rest)
            result = output
        }
        return result
    }

    /// Copies only when a secret is there (an answer may be 20 MB).
    package func redact(_ data: Data) -> Data {
        guard byteSecrets.contains(where: { data.firstRange(of: $0) != nil }) else { return data }
        return Data(redact([UInt8](data)))
    }
}
