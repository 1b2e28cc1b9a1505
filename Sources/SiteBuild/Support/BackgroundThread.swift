import Dispatch

/// Work that blocks for long (the server's loop and its connections, the signal
/// reader, the status line's clock, saving the guide base beside the pages):
/// on a thread of its own from Dispatch, never on Swift's cooperative pool, where
/// a blocked task would hold one of its few threads.
package enum BackgroundThread {
    package static func start(_ name: String, _ body: @escaping @Sendable () -> Void) {
        DispatchQueue(label: "beacon." + name).async(execute: body)
    }
}
