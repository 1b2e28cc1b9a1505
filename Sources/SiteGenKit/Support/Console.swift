import Foundation
import Synchronization

/// Where a command writes: results to standard output, progress and errors to
/// standard error. Tests pass a `CapturingConsole`.
public protocol Console: Sendable {
    func output(_ line: String)
    func error(_ line: String)
    /// Progress lines; silenced by `--quiet`.
    func progress(_ line: String)
}

/// The process's own standard output and error.
public struct StandardConsole: Console {
    public var quiet: Bool

    public init(quiet: Bool = false) {
        self.quiet = quiet
    }

    public func output(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }

    public func error(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }

    public func progress(_ line: String) {
        guard !quiet else { return }
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}

/// Keeps everything written, for tests.
public final class CapturingConsole: Console {
    private let lines = Mutex<(output: [String], error: [String], progress: [String])>(([], [], []))

    public init() {}

    public func output(_ line: String) { lines.withLock { $0.output.append(line) } }
    public func error(_ line: String) { lines.withLock { $0.error.append(line) } }
    public func progress(_ line: String) { lines.withLock { $0.progress.append(line) } }

    public var outputText: String { lines.withLock { $0.output.joined(separator: "\n") } }
    public var errorText: String { lines.withLock { $0.error.joined(separator: "\n") } }
    public var progressText: String { lines.withLock { $0.progress.joined(separator: "\n") } }
}

/// A console that drops progress (for `--quiet`).
struct QuietConsole: Console {
    let base: any Console
    func output(_ line: String) { base.output(line) }
    func error(_ line: String) { base.error(line) }
    func progress(_ line: String) {}
}
