import BeaconSystem

/// Each stage's name and how long it took, on a monotonic clock (the wall
/// clock can jump). A failure becomes a `BuildError` that names its stage.
struct StepTimer {
    private let clock = ContinuousClock()
    private let started: ContinuousClock.Instant
    /// Each step: its name, its seconds, and the process's peak memory when it ended (MiB; nil when
    /// unknown).
    private(set) var timings: [(name: String, seconds: Double, peakMiB: Int?)] = []
    /// Told each step's name as it starts (the terminal's status line).
    private let onStep: (String) -> Void

    init(onStep: @escaping (String) -> Void = { _ in }) {
        started = clock.now
        self.onStep = onStep
    }

    var elapsed: Double { (clock.now - started).inSeconds }

    /// The peak resident memory so far (the kernel's `ru_maxrss`, in KiB on Linux), for `build
    /// --timings`: one call, where reading /proc/self/status after every step cost a millisecond a
    /// build.
    static func peakMemoryMiB() -> Int? { ProcessFacts.peakMemoryMiB() }

    mutating func step<T>(_ name: String, _ body: () async throws -> T) async throws(BuildError)
        -> T
    {
        let stepStarted = clock.now
        onStep(name)
        do {
            let result = try await body()
            timings.append((name, (clock.now - stepStarted).inSeconds, StepTimer.peakMemoryMiB()))
            return result
        } catch {
            throw BuildError(step: name, underlying: error)
        }
    }
}
