import BeaconText
import FoundationEssentials

/// Keeps the API key out of everything the tool prints or writes. One value, made from the
/// environment once, is applied at each way in and out: the client redacts each answer before
/// anything reads, caches or publishes it (an API that echoes the key must not carry it on), the
/// owner's files are redacted before they are written, and the console, the site writer and the
/// share file redact what they put out. The key is found in every spelling a decoder on the way
/// would read back as the key (`SecretSpelling`), and in a JSON answer also inside strings that
/// hide it behind escapes of escapes (`redactingAnswer`).
package struct SecretRedactor: Sendable {
    static let placeholder = "[API-nøkkel]"
    /// Shorter secrets would redact ordinary words.
    static let minimumLength = 4

    /// The key as given and trimmed, longest first, so a secret containing another is replaced
    /// whole.
    let secrets: [String]
    private let spellings: [SecretSpelling]

    package init(secrets: [String]) {
        var all = Set<String>()
        for secret in secrets {
            for form in [secret, secret.trimmingWhitespace()]
            where form.utf8.count >= Self.minimumLength {
                all.insert(form)
            }
        }
        self.secrets = all.sorted {
            $0.utf8.count > $1.utf8.count || ($0.utf8.count == $1.utf8.count && $0 < $1)
        }
        spellings = self.secrets.map { SecretSpelling(Array($0.utf8)) }
    }

    /// The key in `GEOAPIFY_API_KEY`, as given and trimmed.
    package static func fromEnvironment(_ environment: [String: String]) -> SecretRedactor {
        SecretRedactor(secrets: environment["GEOAPIFY_API_KEY"].map { [$0] } ?? [])
    }

    package static let none = SecretRedactor(secrets: [])

    package var isEmpty: Bool { secrets.isEmpty }

    /// Whether `bytes` hold the key in any spelling.
    package func isFound(in bytes: [UInt8]) -> Bool {
        spellings.contains { $0.firstMatch(in: bytes) != nil }
    }

    package func redact(_ text: String) -> String {
        guard !spellings.isEmpty else { return text }
        let bytes = Array(text.utf8)
        guard isFound(in: bytes) else { return text }
        return String(decoding: redact(bytes), as: UTF8.self)
    }

    /// Every spelling of the key replaced by the placeholder.
    package func redact(_ bytes: [UInt8]) -> [UInt8] {
        var result = bytes
        for spelling in spellings {
            guard var match = spelling.firstMatch(in: result) else { continue }
            var output: [UInt8] = []
            output.reserveCapacity(result.count)
            var copied = 0
            while true {
                output.append(contentsOf: result[copied..<match.lowerBound])
                output.append(contentsOf: Self.placeholder.utf8)
                copied = match.upperBound
                guard let next = spelling.firstMatch(in: result, from: copied) else { break }
                match = next
            }
            output.append(contentsOf: result[copied...])
            result = output
        }
        return result
    }

    /// Copies only when the key is there (an answer may be 20 MB).
    package func redact(_ data: Data) -> Data {
        guard !spellings.isEmpty else { return data }
        let bytes = [UInt8](data)
        guard isFound(in: bytes) else { return data }
        return Data(redact(bytes))
    }
}
