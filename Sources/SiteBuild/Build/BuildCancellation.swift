import BeaconSite
import Synchronization

/// How Ctrl-C (or SIGTERM, SIGHUP) reaches a running build: the signal
/// handler calls `cancel`, the build's writer refuses further writes, and the
/// build ends by removing its staging folder, leaving the previous site as it was.
package final class BuildCancellation: Sendable {
    private let state = Mutex<(signal: Int32?, writer: SiteWriter?)>((nil, nil))

    package init() {}

    /// The signal that cancelled the build, if one did.
    package var signal: Int32? { state.withLock { $0.signal } }

    /// Called by the build once its writer exists.
    func attach(_ writer: SiteWriter) {
        let cancelled = state.withLock { state in
            state.writer = writer
            return state.signal != nil
        }
        if cancelled { writer.cancel() }
    }

    /// Returns whether the build has files on disk to remove first; when not,
    /// the process may exit at once.
    package func cancel(signal: Int32) -> Bool {
        let writer = state.withLock { state in
            if state.signal == nil { state.signal = signal }
            return state.writer
        }
        return writer?.cancel() ?? false
    }
}
