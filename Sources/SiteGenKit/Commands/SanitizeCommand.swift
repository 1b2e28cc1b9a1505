import Foundation
import BeaconCore

/// `sitegen sanitize`: shows how a comment will render — HTML on standard
/// input, the sanitised HTML on standard output.
struct SanitizeCommand: Command {
    let spec = CommandSpec(
        name: "sanitize",
        usage: "sitegen sanitize < kommentar.html",
        summary: "Leser HTML fra standard inn og skriver den rensede HTML-en som sidene vil vise.",
        details: """
        Tillatt: p, br, b, strong, i, em, ul, ol, li, blockquote og a med href (http, https, mailto
        eller relativ; lenker får rel="nofollow noopener"). Farlige elementer (script, style, iframe,
        svg, skjemaer …) fjernes med innhold; andre elementer pakkes ut slik at teksten blir stående.
        """,
        options: []
    )

    func run(_ context: CommandContext) async throws -> ExitStatus {
        // Read at most one byte over the limit: enough to know it is too long.
        let data = FileHandle.standardInput.readData(ofLength: HTMLSanitizer.maximumInputBytes + 1)
        let text = String(decoding: data, as: UTF8.self)
        let html = try HTMLSanitizer.sanitize(text)
        context.console.output(html.html)
        return .success
    }
}
