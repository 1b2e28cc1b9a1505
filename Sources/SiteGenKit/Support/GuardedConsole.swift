import BeaconModel
import SiteBuild

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
