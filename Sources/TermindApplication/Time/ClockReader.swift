/// Reads an injected clock as `ContinuousClock` instants, for code that keeps its deadlines and
/// last-heard times in that type (the worker loop, the control socket's idle wait): production
/// passes `ContinuousClock()` and reads it directly; a test's clock moves these instants only
/// when the test advances it.
///
/// `Sendable`: a clock is, and so is the reading.
public struct ClockReader: Sendable {
    private let read: @Sendable () -> ContinuousClock.Instant

    public init(_ clock: any Clock<Duration>) {
        if clock is ContinuousClock {
            read = { ContinuousClock.now }
        } else {
            read = Self.counting(clock)
        }
    }

    /// Now on the clock, as a `ContinuousClock` instant.
    public var now: ContinuousClock.Instant { read() }

    /// Instants that move as far as `clock` moves, counted from the moment of the call.
    private static func counting<C: Clock>(_ clock: C) -> @Sendable () -> ContinuousClock.Instant where C.Duration == Duration {
        let origin = ContinuousClock.now
        let start = clock.now
        return { origin.advanced(by: start.duration(to: clock.now)) }
    }
}
