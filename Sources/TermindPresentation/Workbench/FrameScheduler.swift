/// Decides when the next frame is drawn: at once when the screen has been still for a frame's
/// time, otherwise at the end of that time, so heavy output coalesces into at most one frame a
/// display interval while a single key press shows without delay. Nothing is scheduled while
/// nothing changes.
///
/// A frame whose bytes the outer terminal has not taken yet is in flight: no other frame is
/// drawn until it is written, and the changes meanwhile make one frame after it, of the state
/// as it is then. So a slow terminal gets fewer frames (frames are dropped, never bytes of a
/// frame) and never a queue of old ones, while the panes go on being read (docs/behaviour.md §3).
///
/// A pure value owned by the TUI loop; the loop owns the clock, the timer and the writing.
struct FrameScheduler {
    /// What to do about a change.
    enum Decision: Equatable {
        case drawNow
        /// A frame is due at this time; the loop sets a timer.
        case drawAt(ContinuousClock.Instant)
        /// A timer is already set; it will draw this change too.
        case alreadyScheduled
        /// The last frame is still being written; the frame after it draws this change too.
        case whenWritten
    }

    /// The shortest time between two frames: one display interval at 60 Hz.
    static let minimumInterval: Duration = .milliseconds(16)

    private(set) var lastFrame: ContinuousClock.Instant?
    private(set) var scheduled: ContinuousClock.Instant?
    /// True while the last frame's bytes are on their way to the terminal.
    private(set) var isWriting = false
    /// A change came while the last frame was being written.
    private(set) var changedWhileWriting = false

    /// The model changed at `now`.
    mutating func changed(at now: ContinuousClock.Instant) -> Decision {
        if isWriting {
            changedWhileWriting = true
            return .whenWritten
        }
        if scheduled != nil { return .alreadyScheduled }
        guard let lastFrame, now - lastFrame < Self.minimumInterval else { return .drawNow }
        let due = lastFrame + Self.minimumInterval
        scheduled = due
        return .drawAt(due)
    }

    /// The timer set for `due` fired at `now`: draw, unless that timer is stale (a frame was
    /// drawn since) or a frame is still being written.
    mutating func timerFired(for due: ContinuousClock.Instant, at now: ContinuousClock.Instant) -> Decision? {
        guard scheduled == due else { return nil }
        scheduled = nil
        if isWriting {
            changedWhileWriting = true
            return .whenWritten
        }
        return .drawNow
    }

    /// A frame was drawn at `now`; `writing` when its bytes went to the terminal and are not
    /// written yet (an empty frame is not).
    mutating func drew(at now: ContinuousClock.Instant, writing: Bool = false) {
        lastFrame = now
        scheduled = nil
        isWriting = writing
        changedWhileWriting = false
    }

    /// The terminal took the last frame at `now`: what changed meanwhile is drawn now, or at
    /// the end of the frame's interval; nil when nothing did.
    mutating func wrote(at now: ContinuousClock.Instant) -> Decision? {
        isWriting = false
        guard changedWhileWriting else { return nil }
        changedWhileWriting = false
        return changed(at: now)
    }
}
