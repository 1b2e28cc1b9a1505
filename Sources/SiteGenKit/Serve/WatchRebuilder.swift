import BeaconModel
import BeaconSite
import BeaconSystem
import FoundationEssentials
import SiteBuild

/// `serve --watch`: builds the site again when its inputs change and tells
/// open pages to reload; a failed build is reported and the last good site
/// stays (a build that fails never touches `output/`).
struct WatchRebuilder: Sendable {
    var context: CommandContext
    /// The build the command line asked for (`BuildCommand.buildOptions`); `--refresh` and
    /// `--force` hold for the first.
    var options: BuildOptions
    let liveReload = LiveReload()

    init(context: CommandContext, options: BuildOptions) {
        self.context = context
        self.options = options
    }

    var outputPath: String { options.outputPath }
    var watcher: SiteWatcher { SiteWatcher(site: options.site, placesFile: options.placesFile) }

    func watch(stop: @escaping @Sendable () -> Bool) async -> SiteWatcher.Ending {
        await watcher.run(stop: stop) { await rebuild(first: false) }
    }

    /// One build; `.success`, or the failure's exit status. Pages reload when a file changed.
    @discardableResult
    func rebuild(first: Bool) async -> ExitStatus {
        var options = options
        if !first { (options.refresh, options.force) = (false, false) }
        let console = context.console
        let started = ContinuousClock.now
        do {
            let report = try await BuildPipeline(
                options: options, environment: context.environment,
                console: QuietConsole(base: console)
            ).run()
            let seconds = NorwegianFormat.decimal(
                (ContinuousClock.now - started).inSeconds, places: 2)
            let changed = report.files.written + report.files.removed
            // What the output is now, whoever made it: another process may have built the change
            // first.
            let changedElsewhere = liveReload.outputChanged(
                to: BuildRecord.load(site: options.site, output: options.outputPath)?.tree)
            if first {
                console.progress(
                    "Bygget på \(seconds) s: \(report.pages) sider, \(report.placeCount) steder.")
            } else if changed > 0 {
                liveReload.publish()
                console.progress(
                    "Bygget på nytt på \(seconds) s: \(NorwegianFormat.count(changed, singular: "fil", plural: "filer")) endret; åpne sider lastes inn på nytt."
                )
            } else if changedElsewhere {
                liveReload.publish()
                console.progress(
                    "Bygget på nytt på \(seconds) s: nettstedet var allerede bygget av en annen prosess; åpne sider lastes inn på nytt."
                )
            } else {
                console.progress("Bygget på nytt på \(seconds) s: ingen sider endret.")
            }
            for warning in report.warnings { console.progress("  Advarsel: \(warning)") }
            return .success
        } catch {
            console.error("Feil: \(error.userMessage)")
            if !first {
                console.error(
                    "Viser fortsatt forrige versjon. Rett feilen og lagre; sitegen prøver igjen.")
            }
            return error.exitStatus
        }
    }
}

/// `serve --watch` stopped because the site folder is no longer where it was.
struct SiteGoneError: UserFacingError {
    var root: String

    var userMessage: String {
        "Nettstedsmappen \(root) er slettet eller flyttet, så sitegen slutter å følge med (og lager den ikke på nytt). "
            + "Start «sitegen serve --watch» igjen i mappen der nettstedet er nå."
    }

    var exitStatus: ExitStatus { .ioError }
}
