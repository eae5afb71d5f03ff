import Foundation

/// A listener's pause after accepting failed for want of a resource (no file descriptor left:
/// EMFILE, ENFILE). The connection stays in the backlog, so the listening socket stays readable:
/// accepting again at once would spin a core and write a log line each turn. Instead the
/// listener leaves the poll set for `pause`, and its failures are logged at most once per
/// `reportInterval`, with how many there were since the line before.
///
/// A value kept by the worker thread's `WorkerListener`; times are given, so it is pure.
struct AcceptBackoff {
    /// Long enough that a backlog of waiting connections costs a few retries a second, short
    /// enough that a freed descriptor is used at once as far as a person can tell.
    static let pause = Duration.milliseconds(200)
    static let reportInterval = Duration.seconds(1)

    /// Until when the listener is not accepted on; nil when it is.
    private(set) var pausedUntil: ContinuousClock.Instant?
    /// Failures not yet in a line.
    private var unreported = 0
    private var lastReport: ContinuousClock.Instant?

    /// Whether the listener is paused at `now`; a pause that has passed is forgotten.
    mutating func isPaused(at now: ContinuousClock.Instant) -> Bool {
        guard let until = pausedUntil else { return false }
        if now < until { return true }
        pausedUntil = nil
        return false
    }

    /// When a pause still to come at `now` ends; nil when none is. A pause that has passed is
    /// only forgotten by `isPaused`, which a pass blocked on the socket may not reach: counted,
    /// it would make every `poll` time out at once.
    func pauseEnd(after now: ContinuousClock.Instant) -> ContinuousClock.Instant? {
        guard let until = pausedUntil, now < until else { return nil }
        return until
    }

    /// Notes a failure at `now` and pauses. Returns how many failures the line due now reports
    /// (this one and those since the last line), or nil when the last line is under
    /// `reportInterval` old.
    mutating func failed(at now: ContinuousClock.Instant) -> Int? {
        pausedUntil = now.advanced(by: Self.pause)
        unreported += 1
        if let lastReport, lastReport.duration(to: now) < Self.reportInterval { return nil }
        lastReport = now
        defer { unreported = 0 }
        return unreported
    }
}
