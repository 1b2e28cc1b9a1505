import Dispatch

/// Work that blocks for long (the server's loop and its connections, the signal
/// reader, the status line's clock, saving the guide base beside the pages):
/// on a thread of its own from Dispatch, never on the cooperative pool the pages
/// render on, where a blocked task would hold one of its two threads.
enum BackgroundThread {
    static func start(_ name: String, _ body: @escaping @Sendable () -> Void) {
        DispatchQueue(label: "beacon." + name).async(execute: body)
    }
}
