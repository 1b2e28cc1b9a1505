import BeaconCore

/// Every line any command prints passes through here: the API key is
/// replaced (`SecretRedactor`), and characters that would act on the
/// terminal instead of being shown (escape sequences, carriage returns, C1
/// controls) or reorder the text around them (bidi overrides) are shown as
/// `\u{1B}`. A comment or place name from a file or an API can then never
/// clear the screen, retitle the window or hide a line.
struct GuardedConsole: Console {
    let base: any Console
    let redactor: SecretRedactor

    func output(_ line: String) { base.output(guarded(line)) }
    func error(_ line: String) { base.error(guarded(line)) }
    func progress(_ line: String) { base.progress(guarded(line)) }

    func guarded(_ line: String) -> String {
        TerminalText.escaped(redactor.redact(line))
    }
}

enum TerminalText {
    /// `text` with every control character except line feed and tab, and
    /// every bidirectional control, written as `\u{XX}`.
    static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isUnsafe) else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count + 16)
        for scalar in text.unicodeScalars {
            if isUnsafe(scalar) {
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A, 0x09: false
        case 0x00...0x1F, 0x7F...0x9F: true
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }
}
