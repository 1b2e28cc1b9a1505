import BeaconSystem
import FoundationEssentials
import Glibc
import Synchronization

/// Where a command writes: results to standard output, progress and errors to
/// standard error. Tests pass a `CapturingConsole`.
package protocol Console: Sendable {
    func output(_ line: String)
    func error(_ line: String)
    /// Progress lines; silenced by `--quiet`.
    func progress(_ line: String)
}

/// The process's own standard output and error.
package struct StandardConsole: Console {
    package init() {}

    package func output(_ line: String) {
        StandardConsole.write(line, to: STDOUT_FILENO)
    }

    package func error(_ line: String) {
        StandardConsole.write(line, to: STDERR_FILENO)
    }

    package func progress(_ line: String) {
        StandardConsole.write(line, to: STDERR_FILENO)
    }

    /// With POSIX `write`, not `FileHandle.write`, whose `try!` crashed the
    /// process when a stream was closed (`sitegen favorites >&-`). A line that
    /// cannot be written is dropped; a closed pipe ends the process with
    /// SIGPIPE, as it does any Unix tool.
    static func write(_ line: String, to descriptor: Int32) {
        var bytes = Array(line.utf8)
        bytes.append(UInt8(ascii: "\n"))
        DescriptorIO.writeAll(descriptor, bytes)
    }
}

/// Keeps everything written, for tests.
final class CapturingConsole: Console {
    private let lines = Mutex<(output: [String], error: [String], progress: [String])>(([], [], []))

    package init() {}

    func output(_ line: String) { lines.withLock { $0.output.append(line) } }
    func error(_ line: String) { lines.withLock { $0.error.append(line) } }
    func progress(_ line: String) { lines.withLock { $0.progress.append(line) } }

    var outputText: String { lines.withLock { $0.output.joined(separator: "\n") } }
    var errorText: String { lines.withLock { $0.error.joined(separator: "\n") } }
    var progressText: String { lines.withLock { $0.progress.joined(separator: "\n") } }
}

/// A console that drops progress (for `--quiet`).
package struct QuietConsole: Console {
    let base: any Console
    package init(base: any Console) { self.base = base }
    package func output(_ line: String) { base.output(line) }
    package func error(_ line: String) { base.error(line) }
    package func progress(_ line: String) {}
}

/// The text piped into a command (`sitegen sanitize`).
package enum StandardInput {
    /// Up to `limit` bytes, or all of it when shorter: a caller that gets `limit` bytes knows there
    /// was more.
    package static func read(upTo limit: Int) throws(FileError) -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while bytes.count < limit {
            let count = DescriptorIO.read(STDIN_FILENO, into: &chunk, limit: limit - bytes.count)
            if count > 0 {
                bytes.append(contentsOf: chunk[..<count])
            } else if count == 0 {
                break
            } else if errno != EINTR {
                throw FileError.errno("lese", "standardinndata")
            }
        }
        return bytes
    }
}
