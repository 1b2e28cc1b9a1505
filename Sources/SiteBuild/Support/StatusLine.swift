import BeaconModel
import BeaconSystem
import BeaconText
import FoundationEssentials
import Glibc
import Synchronization

/// One updating line on the terminal for long work ("Skriver sider: 41 200 av
/// 100 057 · 2,1 s"): shown only once the work has taken `delay`, redrawn in
/// place a few times a second, and wiped before any other line is printed
/// and when the work ends. Only on a terminal and without `--quiet`
/// (`onTerminal`): a log file or a pipe gets the ordinary lines alone.
package final class StatusLine: Console, Sendable {
    private let base: any Console
    private let draw: @Sendable (String) -> Void
    private let delay: Duration
    private let started = ContinuousClock.now
    private struct State {
        var text: String?
        var shown = false
        var finished = false
        var lastDrawn = ContinuousClock.now - .seconds(3_600)
    }

    static let tickInterval = Duration.milliseconds(100)
    private let state = Mutex(State())

    /// `draw` writes raw bytes to the terminal (tests capture them).
    init(
        base: any Console, delay: Duration = .seconds(1), draw: @escaping @Sendable (String) -> Void
    ) {
        self.base = base
        self.delay = delay
        self.draw = draw
    }

    /// `console` with a status line when standard error is a terminal and
    /// progress is wanted; otherwise `console` itself. `BEACON_STATUS_DELAY_MS`
    /// in `environment` replaces the one second (the tests show it at once).
    package static func onTerminal(
        _ console: any Console, quiet: Bool, environment: [String: String] = [:],
        descriptor: Int32 = STDERR_FILENO
    ) -> any Console {
        guard !quiet, isatty(descriptor) == 1 else { return console }
        let delay = environment["BEACON_STATUS_DELAY_MS"].flatMap(Int.init).map {
            Duration.milliseconds(max(0, $0))
        }
        let line = StatusLine(base: console, delay: delay ?? .seconds(1)) { text in
            DescriptorIO.writeAll(descriptor, text.utf8)
        }
        line.startTicking()
        return line
    }

    package func output(_ line: String) { clearing { base.output(line) } }
    package func error(_ line: String) { clearing { base.error(line) } }
    package func progress(_ line: String) { clearing { base.progress(line) } }

    /// The step now under way: drawn at once when `delay` has passed and the line was last drawn
    /// longer ago than the lesser of `delay` and a tick (a build reports progress often), else at
    /// the next tick.
    func status(_ text: String) {
        let now = ContinuousClock.now
        let due = state.withLock { state in
            state.text = StatusLine.printable(text)
            return now - state.lastDrawn >= min(delay, StatusLine.tickInterval)
        }
        if due { tick() }
    }

    /// Wipes the line for good.
    package func finish() {
        state.withLock { state in
            if state.shown { draw("\r\u{1B}[K") }
            state.shown = false
            state.finished = true
        }
    }

    /// Draws the current text with the time so far, when it is due.
    func tick() {
        let elapsed = ContinuousClock.now - started
        guard elapsed >= delay else { return }
        state.withLock { state in
            guard !state.finished, let text = state.text else { return }
            state.lastDrawn = ContinuousClock.now
            draw(
                "\r\u{1B}[K"
                    + StatusLine.fitted(
                        text + " · "
                            + MachineNumber.fixed(elapsed.inSeconds, decimals: 1).replacingAll(
                                ".", with: ",")
                            + " s"))
            state.shown = true
        }
    }

    private func startTicking() {
        BackgroundThread.start("status-line") { [self] in
            while !state.withLock({ $0.finished }) {
                usleep(100_000)  // StatusLine.tickInterval
                tick()
            }
        }
    }

    private func clearing(_ print: () -> Void) {
        state.withLock { state in
            if state.shown { draw("\r\u{1B}[K") }
            state.shown = false
            print()
        }
    }

    /// Our own words and numbers, but never a control character on the terminal.
    static func printable(_ text: String) -> String {
        String(
            String.UnicodeScalarView(
                text.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F }))
    }

    /// Short enough for one line of a narrow terminal (the width is not asked for).
    package static func fitted(_ text: String) -> String {
        text.count <= 78 ? text : String(text.prefix(77)) + "…"
    }
}

extension Console {
    /// Where a step of long work reports itself; only a `StatusLine` shows it.
    func status(_ text: String) {
        (self as? StatusLine)?.status(text)
    }
}
