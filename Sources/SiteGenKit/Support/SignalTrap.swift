import BeaconSystem
import FoundationEssentials
import Glibc
import SiteBuild
import Synchronization

/// Runs a handler on a thread of its own when one of `signals` arrives,
/// instead of the default of dying on the spot; `cancel()` restores the
/// default once no trap wants the signal any more.
///
/// The handler is in place when `init` returns: a C signal handler writes the
/// signal's number into a pipe, and one thread reads the pipe and calls the
/// traps. (A Dispatch signal source registers itself later, on its queue; a
/// Ctrl-C in that moment was ignored, and `serve` then never stopped.)
final class SignalTrap: Sendable {
    private let id: Int
    private let signals: [Int32]

    init(_ signals: [Int32], handler: @escaping @Sendable (Int32) -> Void) {
        self.signals = signals
        _ = SignalPipe.shared  // before any signal can use it
        id = SignalTrap.registry.withLock { registry in
            registry.nextID += 1
            registry.traps[registry.nextID] = (signals, handler)
            return registry.nextID
        }
        for number in signals { Glibc.signal(number, signalPipeHandler) }
    }

    func cancel() {
        SignalTrap.registry.withLock { registry in
            guard registry.traps.removeValue(forKey: id) != nil else { return }
            let stillWanted = Set(registry.traps.values.flatMap(\.signals))
            for number in signals where !stillWanted.contains(number) {
                Glibc.signal(number, SIG_DFL)
            }
        }
    }

    private struct Registry {
        var nextID = 0
        var traps: [Int: (signals: [Int32], handler: @Sendable (Int32) -> Void)] = [:]
    }

    private static let registry = Mutex(Registry())

    /// Calls every trap that wants `number` (on the pipe's reading thread).
    fileprivate static func deliver(_ number: Int32) {
        let handlers = registry.withLock {
            $0.traps.values.filter { $0.signals.contains(number) }.map(\.handler)
        }
        for handler in handlers { handler(number) }
    }
}

/// The self-pipe: written by the signal handler (only `write`, which is
/// async-signal-safe), read by one thread for the life of the process.
private struct SignalPipe: Sendable {
    let readEnd: Int32
    let writeEnd: Int32

    static let shared: SignalPipe = {
        guard let ends = DescriptorIO.makePipe() else {
            fatalError("cannot create the signal pipe")
        }
        // A full pipe drops a signal rather than blocking the handler.
        _ = fcntl(ends.write, F_SETFL, fcntl(ends.write, F_GETFL) | O_NONBLOCK)
        let shared = SignalPipe(readEnd: ends.read, writeEnd: ends.write)
        BackgroundThread.start("signals") {
            while true {
                let (byte, n) = DescriptorIO.readByte(shared.readEnd)
                if let byte {
                    SignalTrap.deliver(Int32(byte))
                } else if n < 0 && errno != EINTR {
                    return
                }
            }
        }
        return shared
    }()
}

private let signalPipeHandler: @convention(c) (Int32) -> Void = { number in
    let saved = errno
    _ = DescriptorIO.writeByte(SignalPipe.shared.writeEnd, UInt8(truncatingIfNeeded: number))
    errno = saved
}
