import BeaconModel
import BeaconSources
import BeaconSystem
import BeaconText
import FoundationEssentials

/// `sitegen center search ADDRESS`: looks the address up with Geoapify, shows
/// the best candidates and saves the chosen one as the new centre.
struct CenterSearch {
    var context: CommandContext

    /// The centre's name, which `center` and `init` both take.
    static let label = Option<String?>(
        "--label", valueName: "NAVN", help: "navnet på senteret, vist på sidene («fra Oslo S»)")

    func run(address: String, label: String?, pick: () throws -> Int?) async throws -> ExitStatus {
        let (coordinate, label) = try await choose(
            address: address, near: try context.site.loadSettings().center, label: label, pick: pick
        )
        var retitled: String?
        let settings = try context.site.updateSettings { settings in
            retitled = settings.moveCenter(to: coordinate, label: label)
            return settings
        }
        context.console.output(
            "Senteret er satt til \(label). Kjør «sitegen build» for å hente steder rundt det.")
        if let retitled { context.console.output(CenterCommand.retitledLine(retitled)) }
        context.console.output(CenterCommand.timeZoneLine(settings))
        return .success
    }

    /// Looks the address up (the best candidates near `near` first), prints the candidates and
    /// returns the chosen one (`--pick`) with its label (`--label`). `label` is the text as given
    /// and `pick` reads the number: both are checked after the address, so a command that takes
    /// neither (`place add`) leaves them out.
    func choose(
        address: String, near: Coordinate, label: String? = nil,
        pick readPick: () throws -> Int? = { nil }
    ) async throws -> (coordinate: Coordinate, label: String) {
        let text = try InputParsing.typedText(address, field: "Adressen").trimmingSpaces()
        guard !text.isEmpty, text.count <= 300 else {
            throw InvalidInput(message: "Adressen må ha mellom 1 og 300 tegn.")
        }
        let givenLabel = try label.flatMap(InputParsing.label)
        let pick = try readPick() ?? 1
        guard var client = try GeoapifyClient.fromEnvironment(context.environment) else {
            throw GeoapifyError.missingKey
        }
        let console = context.console
        client.onRetry = { attempt, wait, error in
            console.progress(
                "Forsøk \(attempt) feilet (\(error.briefDescription)); prøver igjen om \(NorwegianFormat.oneDecimal(wait)) s …"
            )
        }
        context.console.progress("Slår opp «\(text)» hos Geoapify …")
        let candidates = try await client.geocode(text, limit: 5, near: near)
        guard !candidates.isEmpty else { throw GeoapifyError.noAddressFound(text) }
        for (index, candidate) in candidates.enumerated() {
            let marker = index + 1 == pick ? "→" : " "
            context.console.output(
                "\(marker) \(index + 1). \(candidate.label)\(candidate.detail.map { ", " + $0 } ?? "") (\(NorwegianFormat.coordinate(candidate.coordinate)))"
            )
        }
        guard pick <= candidates.count else {
            throw InvalidInput(
                message: "Det finnes bare \(candidates.count) treff, så --pick \(pick) går ikke.")
        }
        let chosen = candidates[pick - 1]
        return (chosen.coordinate, givenLabel ?? TextHardening.truncate(chosen.label, to: 80))
    }
}
