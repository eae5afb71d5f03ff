/// Decides when the next frame is drawn: at once when the screen has been still for a frame's
/// time, otherwise at the end of that time, so heavy output coalesces into at most about 60
/// frames a second while a single key press shows without delay. Nothing is scheduled while
/// nothing changes. A pure value owned by the TUI loop; the loop owns the clock.
struct FrameScheduler {
    /// What to do about a change.
    enum Decision: Equatable {
        case drawNow
        /// A frame is due at this time; the loop sets a timer.
        case drawAt(ContinuousClock.Instant)
        /// A timer is already set; it will draw this change too.
        case alreadyScheduled
    }

    /// The shortest time between two frames.
    static let minimumInterval: Duration = .milliseconds(16)

    private(set) var lastFrame: ContinuousClock.Instant?
    private(set) var scheduled: ContinuousClock.Instant?

    /// The model changed at `now`.
    mutating func changed(at now: ContinuousClock.Instant) -> Decision {
        if scheduled != nil { return .alreadyScheduled }
        guard let lastFrame, now - lastFrame < Self.minimumInterval else { return .drawNow }
        let due = lastFrame + Self.minimumInterval
        scheduled = due
        return .drawAt(due)
    }

    /// A frame was drawn at `now`.
    mutating func drew(at now: ContinuousClock.Instant) {
        lastFrame = now
        scheduled = nil
    }
}
