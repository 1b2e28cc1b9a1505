import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Runs a handler on a queue of its own when one of `signals` arrives,
/// instead of the default of dying on the spot; `cancel()` restores the default.
final class SignalTrap {
    private let sources: [any DispatchSourceSignal]
    private let signals: [Int32]

    init(_ signals: [Int32], handler: @escaping @Sendable (Int32) -> Void) {
        self.signals = signals
        let queue = DispatchQueue(label: "beacon-signals")
        for number in signals { Glibc.signal(number, SIG_IGN) }
        sources = signals.map { number in
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler { handler(number) }
            source.resume()
            return source
        }
    }

    func cancel() {
        for source in sources { source.cancel() }
        for number in signals { Glibc.signal(number, SIG_DFL) }
    }
}
