import BeaconHTML
import BeaconModel
import BeaconSystem
import FoundationEssentials
import SiteBuild

/// `sitegen sanitize`: shows how a comment will render — the owner's text (Markdown) on standard
/// input, the HTML the pages show on standard output, made as the pages make it (`OwnerText`).
struct SanitizeCommand: Command {
    let spec = CommandSpec(
        name: "sanitize",
        usage: "sitegen sanitize < kommentar.md",
        summary:
            "Leser en kommentar (Markdown) fra standard inn og skriver HTML-en som sidene vil vise.",
        details: """
            Markdown (CommonMark): *kursiv*, **fet**, lister, lenker, sitater og avsnitt; et linjeskift
            er et linjeskift, og en overskrift blir fet tekst i et eget avsnitt. Litt HTML går også.
            Tillatt i resultatet: p, br, b, strong, i, em, ul, ol, li, blockquote og a med href (http,
            https, mailto eller relativ; lenker får rel="nofollow noopener"). Farlige elementer (script,
            style, iframe, svg, skjemaer …) fjernes med innhold; andre elementer pakkes ut slik at
            teksten blir stående. Uten libcmark på maskinen vises teksten som ren tekst.
            """,
        options: NoOptions.declared
    )

    func run(_ context: CommandContext, _ arguments: Arguments<NoOptions>) async throws
        -> ExitStatus
    {
        // A character is at most 4 bytes: past that many bytes the text is too long, whatever it
        // holds.
        let maximumBytes = TextHardening.Limit.comment * 4
        let data = try StandardInput.read(upTo: maximumBytes + 1)
        guard data.count <= maximumBytes else {
            throw InvalidInput(
                message:
                    "Kommentaren er for lang (over \(NorwegianFormat.integer(maximumBytes)) byte, grensen er \(TextHardening.Limit.comment) tegn)."
            )
        }
        guard let text = String(validating: [UInt8](data), as: UTF8.self) else {
            throw InvalidInput(message: "Inndataene er ikke gyldig UTF-8.")
        }
        // The same rules as «sitegen rate --comment»: what this accepts, rate accepts.
        let checked = try InputParsing.commentText(text)
        if !OwnerText.rendersMarkdown { context.console.error(OwnerText.missingLibraryNotice) }
        let (html, flattened) = try OwnerText.htmlReportingFlattening(checked)
        if flattened {
            context.console.error(
                "Merk: HTML-en var nøstet for dypt til å leses i sin helhet, så bare teksten vises, uten formatering."
            )
        }
        context.console.output(html.html)
        return .success
    }
}
